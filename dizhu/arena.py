"""The arena: any bot against any other, on duplicate decks, as the literature measures.

Each deck is played twice: bot A holds seat 0 against B in every other seat (two of them,
or three in ``four``), then B holds seat 0 against A. In ``play`` mode (DouZero's and
PerfectDou's protocol) seat 0 is the landlord without an auction, with the kitty, and
leads; a deal scores 1 doubled per doubling bomb or rocket, each peasant ±1 and the
landlord the opposite of their sum. In ``full`` mode the auction (a thrown-in deck is
redealt from the same seed stream), the doubling option and docs/rules.md's scoring are played
for real. Each deal's suit seed (which suits a play takes; a wild ruleset's wild ranks) is
a hash of the arena's seed, the deck and the deals thrown in before it (:func:`suit_seed_of`),
the same for both legs.

Reported for A: WP (share of deals its side won) and ADP (its side's points per deal),
each with a 95% interval over per-deck values (the two legs of a deck are paired; WP's is
a Wilson interval, so it stays within 0..1), and the same per role. Results do not depend
on the number of worker processes, nor on whether the decks are played as Ray tasks.
"""

from __future__ import annotations

import os
import random
import sys
import time
import zlib
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .auction import Bid
from .bots import make_bot
from .bots.base import Bot
from .bots.external import NOTES, TROUBLES, ExternalBot
from .bots.registry import EXTERNAL, resolve_spec, where_raised
from .cards import mix
from .deal import Deal, IllegalActionError, Phase, deal_cards
from .pool import Pool, open_pool
from .rules import CLASSIC, RuleSet
from .scoring import score_deal
from .stats import mean_ci, median, paired_wilson_ci, sd, wilson_ci
from .view import seat_view

MODES = ("play", "full")


@dataclass(frozen=True)
class ArenaSpec:
    bot_a: str
    """A's spec; ``strongest`` is kept as the level it names, which the report shows."""
    bot_b: str
    decks: int = 1000
    seed: int | str = 0
    mode: str = "play"
    rules: RuleSet = CLASSIC
    first_deck: int = 0
    """Decks are numbered within the seed: a long run can be played in parts
    (``first_deck``) and the parts' reports pooled (``benchmarks/merge_reports.py``)."""
    time_limit: float = ExternalBot.time_limit
    """Seconds an outside program (``cmd:...``) has for each decision."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "bot_a", resolve_spec(self.bot_a))
        object.__setattr__(self, "bot_b", resolve_spec(self.bot_b))
        if self.mode not in MODES:
            raise ValueError(f"mode is 'play' or 'full', not {self.mode!r}")
        if self.decks < 1:
            raise ValueError("play at least one deck")
        if self.first_deck < 0:
            raise ValueError("decks are numbered from 0: --first-deck must be 0 or more")
        low, high = ExternalBot.limits["time_limit"]
        if not low <= self.time_limit <= high:
            raise ValueError(f"a program's time limit is {low:g} to {high:g} seconds, "
                             f"not {self.time_limit:g}")
        for spec in (self.bot_a, self.bot_b):
            bot = make_bot(spec)
            try:
                why = bot.cannot_play(self.rules)
                if why is not None:
                    raise ValueError(why)
            finally:
                bot.close()


@dataclass
class Leg:
    """One deal of a deck, from A's side."""

    a_landlord: bool
    a_won: bool
    a_points: int
    bombs: int
    bid_by: tuple[bool, bool] = (False, False)
    """Full mode: whether any seat of A / of B bid."""
    thrown_in: int = 0


@dataclass
class Times:
    """Each side's decision times, and the troubles its outside programs gave."""

    a: list[float] = field(default_factory=list)
    b: list[float] = field(default_factory=list)
    troubles: dict[str, Counter[str]] = field(
        default_factory=lambda: {"a": Counter(), "b": Counter()})
    log: list[str] = field(default_factory=list)

    def add(self, other: Times) -> None:
        self.a += other.a
        self.b += other.b
        for side in ("a", "b"):
            self.troubles[side] += other.troubles[side]
        self.log += other.log[:LOG_KEPT - len(self.log)]


LOG_KEPT = 20
"""Trouble messages of outside programs kept in a report."""


class BotFailure(RuntimeError):
    """A bot answered with an illegal action, or raised."""


def _bots_for(spec: ArenaSpec, leg: int, cache: dict) -> list[tuple[str, Bot]]:
    others = spec.rules.seats - 1
    sides = ["a", *["b"] * others] if leg == 0 else ["b", *["a"] * others]
    out = []
    for seat, side in enumerate(sides):
        name = spec.bot_a if side == "a" else spec.bot_b
        bot = cache.get((name, seat))
        if bot is None:
            bot = cache[name, seat] = make_bot(name, seed=0)
            if isinstance(bot, ExternalBot):
                bot.time_limit = spec.time_limit
        out.append((side, bot))
    return out


def play_mode_deal(rng: random.Random, rules: RuleSet = CLASSIC, landlord: int = 0,
                   suit_seed: int = 0) -> Deal:
    """A deal of ``play`` mode: shuffled with ``rng``, no auction, ``landlord`` holding the
    kitty at a stake of 1 and leading (the literature's protocol)."""
    hands, kitty = deal_cards(rng, rules)
    return Deal.at_play(hands, kitty, landlord=landlord, bid=1, rules=rules,
                        suit_seed=suit_seed)


def suit_seed_of(seed: int | str, index: int, thrown: int = 0) -> int:
    """The suit seed of deck ``index`` of an arena seeded ``seed``, after ``thrown`` deals
    thrown in: what a wild ruleset's deal draws its wild ranks from, so decks draw varied
    ones and both legs of a deck the same. A hash of its own: the deck's shuffle is left
    as it was."""
    return mix(zlib.crc32(str(seed).encode()), index, thrown)


def play_mode_deck(spec: ArenaSpec, index: int) -> Deal:
    """Deck ``index`` of a ``play``-mode arena as both its legs deal it, before the first
    play."""
    return play_mode_deal(random.Random(f"{spec.seed}:{index}"), spec.rules,
                          suit_seed=suit_seed_of(spec.seed, index))


def play_leg(spec: ArenaSpec, index: int, leg: int, cache: dict, times: Times) -> Leg:
    """Deck ``index``, leg 0 (A in seat 0) or 1 (B in seat 0)."""
    bots = _bots_for(spec, leg, cache)
    for seat, (_, bot) in enumerate(bots):
        bot.reseed(f"{spec.seed}:{index}:{leg}:{seat}")
    rules = spec.rules
    thrown = 0
    if spec.mode == "play":
        deal = play_mode_deck(spec, index)
        _run(deal, bots, times)
    else:
        rng = random.Random(f"{spec.seed}:{index}")
        opening = rng.randrange(rules.seats)
        while True:
            hands, kitty = deal_cards(rng, rules)
            deal = Deal(hands, kitty, opening, rules, suit_seed_of(spec.seed, index, thrown))
            _run(deal, bots, times)
            if deal.phase is Phase.OVER:
                break
            thrown += 1
            opening = (opening + 1) % rules.seats
    a_seats = [s for s, (side, _) in enumerate(bots) if side == "a"]
    landlord_is_a = deal.landlord in a_seats
    won = (deal.winner == deal.landlord) == landlord_is_a
    if spec.mode == "play":  # the literature's score: no bid, no spring
        scores = score_deal(landlord=deal.landlord, landlord_won=deal.winner == deal.landlord,
                            bid=1, bombs=deal.bombs, rockets=deal.rockets, spring=False,
                            anti_spring=False, seats=rules.seats).scores
    else:
        scores = deal.result.scores
    points = sum(scores[s] for s in a_seats)
    bid_by = tuple(any(isinstance(a, Bid) and not a.is_pass and bots[s][0] == side
                       for s, a in deal.history) for side in ("a", "b"))
    return Leg(landlord_is_a, won, points, deal.bombs + deal.rockets, bid_by, thrown)


def _run(deal: Deal, bots: list[tuple[str, Bot]], times: Times) -> None:
    clock = time.perf_counter
    while not deal.is_over:
        seat = deal.to_move
        side, bot = bots[seat]
        view = seat_view(deal, seat)
        outside = isinstance(bot, ExternalBot)
        if outside:
            tally, logged = bot.tally(), len(bot.log)
        start = clock()
        try:
            action = bot.act(view)
        except Exception as e:
            raise BotFailure(f"bot {bot.describe()!r} in seat {seat} failed: "
                             f"{type(e).__name__}: {e}{where_raised(e)}") from None
        (times.a if side == "a" else times.b).append(clock() - start)
        if outside:
            times.troubles[side] += bot.tally() - tally
            times.log += bot.log[logged:][:LOG_KEPT - len(times.log)]
        try:
            deal.push(action, seat)
        except IllegalActionError as e:
            raise BotFailure(f"bot {bot.name!r} in seat {seat} answered {action}: {e}") from None


def _play_chunk(args: tuple[ArenaSpec, int, int]) -> tuple[list[tuple[Leg, Leg]], Times]:
    spec, start, stop = args
    cache: dict = {}
    times = Times()
    try:
        out = [(play_leg(spec, i, 0, cache, times), play_leg(spec, i, 1, cache, times))
               for i in range(start, stop)]
    finally:
        for bot in cache.values():
            bot.close()
    return out, times


def run_arena(spec: ArenaSpec, jobs: int = 1, progress: bool = False,
              ray: str | None = None,
              legs_out: list[tuple[Leg, Leg]] | None = None) -> dict[str, Any]:
    """Play every deck and return the report: in ``jobs`` processes, or as Ray tasks when
    ``ray`` is an address (``"local"``: a local Ray instance of ``jobs`` CPUs; see
    :func:`dizhu.pool.open_pool`). The report is the same wherever the decks are played.
    ``legs_out``, if given, receives each deck's two legs, in deck order."""
    every: list[list[tuple[Leg, Leg]]] = []
    with open_pool(jobs, ray) as pool:
        report = run_arenas([spec], pool, progress, every)[0]
    if legs_out is not None:
        legs_out += every[0]
    return report


def chunks_of(spec: ArenaSpec, workers: int) -> list[tuple[ArenaSpec, int, int]]:
    """The spec's decks in runs of consecutive decks, each played by one task (small enough
    for every worker to get several)."""
    size = max(1, min(50, spec.decks // (workers * 4) or 1))
    first, end = spec.first_deck, spec.first_deck + spec.decks
    return [(spec, s, min(s + size, end)) for s in range(first, end, size)]


def run_arenas(specs: list[ArenaSpec], pool: Pool, progress: bool = False,
               legs_out: list[list[tuple[Leg, Leg]]] | None = None) -> list[dict[str, Any]]:
    """Play several arenas on one pool (their chunks all queued at once) and return their
    reports, in order. ``legs_out``, if given, receives each arena's legs."""
    chunks = [(i, chunk) for i, spec in enumerate(specs) for chunk in chunks_of(spec, pool.workers)]
    legs: list[list[tuple[Leg, Leg]]] = [[] for _ in specs]
    times = [Times() for _ in specs]
    started = time.perf_counter()
    bar = _ProgressBar(sum(spec.decks for spec in specs)) if progress else None
    played = 0
    results = pool.map(_play_chunk, [chunk for _, chunk in chunks])
    for (i, _), (chunk_legs, chunk_times) in zip(chunks, results, strict=True):
        legs[i] += chunk_legs
        times[i].add(chunk_times)
        played += len(chunk_legs)
        if bar:
            bar.update(played)
    if bar:
        bar.done()
    seconds = round(time.perf_counter() - started, 6)
    reports = []
    for spec, spec_legs, spec_times in zip(specs, legs, times, strict=True):
        report = summarize(spec, spec_legs, spec_times)
        report["seconds"] = seconds
        report["jobs"] = pool.workers
        reports.append(report)
    if legs_out is not None:
        legs_out += legs
    return reports


def summarize(spec: ArenaSpec, legs: list[tuple[Leg, Leg]], times: Times) -> dict[str, Any]:
    per_deck_wp = [(x.a_won + y.a_won) / 2 for x, y in legs]
    per_deck_adp = [(x.a_points + y.a_points) / 2 for x, y in legs]
    wp, wp_ci = paired_wilson_ci(per_deck_wp, 2)
    adp, adp_ci = mean_ci(per_deck_adp)
    every = [leg for pair in legs for leg in pair]
    report: dict[str, Any] = {
        "a": spec.bot_a, "b": spec.bot_b, "mode": spec.mode, "seed": spec.seed,
        "rules": spec.rules.describe(), "seats": spec.rules.seats, "decks": len(legs),
        "first_deck": spec.first_deck,
        "wp": wp, "wp_ci": list(wp_ci), "adp": adp, "adp_ci": list(adp_ci),
        "wp_sd": sd(per_deck_wp), "adp_sd": sd(per_deck_adp),
        "bombs_per_deal": sum(leg.bombs for leg in every) / len(every),
    }
    for role, is_landlord in (("landlord", True), ("peasants", False)):
        mine = [leg for leg in every if leg.a_landlord == is_landlord]
        wins = sum(leg.a_won for leg in mine)
        points_of = [leg.a_points for leg in mine]
        points, points_ci = mean_ci(points_of)
        report[role] = {"wins": wins, "wp": wins / len(mine) if mine else 0.0,
                        "wp_ci": list(wilson_ci(wins, len(mine))),
                        "adp": points, "adp_ci": list(points_ci), "deals": len(mine),
                        "adp_sd": sd(points_of)}
    if spec.mode == "full":
        report["full"] = {
            "a_bid_rate": sum(leg.bid_by[0] for leg in every) / len(every),
            "b_bid_rate": sum(leg.bid_by[1] for leg in every) / len(every),
            "a_landlord_rate": sum(leg.a_landlord for leg in every) / len(every),
            "a_points_per_deal": sum(leg.a_points for leg in every) / len(every),
            "thrown_in": sum(leg.thrown_in for leg in every),
        }
    report["decision_ms"] = summarize_times(times)
    if any(spec_.startswith(EXTERNAL) for spec_ in (spec.bot_a, spec.bot_b)):
        report["troubles"] = {side: {kind: times.troubles[side][kind] for kind in TROUBLES}
                              for side in ("a", "b")}
        for note in NOTES:
            report["troubles"][note] = {side: times.troubles[side][note] for side in ("a", "b")}
        report["troubles"]["log"] = times.log
    return report


def summarize_times(times: Times) -> dict[str, dict[str, Any]]:
    """Each side's decision times in milliseconds: their median and max, and how many."""
    return {side: {"median": median(t) * 1000, "max": max(t, default=0) * 1000,
                   "decisions": len(t)} for side, t in (("a", times.a), ("b", times.b))}


class _ProgressBar:
    def __init__(self, total: int) -> None:
        self.total = total
        self.start = time.perf_counter()
        self.live = sys.stderr.isatty()

    def update(self, done: int) -> None:
        if not self.live:
            return
        width = 30
        filled = width * done // self.total
        spent = time.perf_counter() - self.start
        eta = spent / done * (self.total - done) if done else 0
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{self.total} "
                         f"decks  {spent:.0f}s, about {eta:.0f}s left ")
        sys.stderr.flush()

    def done(self) -> None:
        if self.live:
            sys.stderr.write("\n")


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
