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

import itertools
import json
import math
import os
import random
import sys
import time
import zlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
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
from .stats import (
    Z95,
    mean_ci,
    median,
    paired_wilson_ci,
    sd,
    significant,
    wilson_ci,
    wilson_of,
)
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


def play_leg(spec: ArenaSpec, index: int, leg: int, cache: dict, times: Times) -> Leg:
    """Deck ``index``, leg 0 (A in seat 0) or 1 (B in seat 0)."""
    bots = _bots_for(spec, leg, cache)
    for seat, (_, bot) in enumerate(bots):
        bot.reseed(f"{spec.seed}:{index}:{leg}:{seat}")
    rules = spec.rules
    rng = random.Random(f"{spec.seed}:{index}")
    thrown = 0
    if spec.mode == "play":
        deal = play_mode_deal(rng, rules, suit_seed=suit_seed_of(spec.seed, index))
        _run(deal, bots, times)
    else:
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
              ray: str | None = None) -> dict[str, Any]:
    """Play every deck and return the report: in ``jobs`` processes, or as Ray tasks when
    ``ray`` is an address (``"local"``: a local Ray instance of ``jobs`` CPUs; see
    :func:`dizhu.pool.open_pool`). The report is the same wherever the decks are played."""
    with open_pool(jobs, ray) as pool:
        return run_arenas([spec], pool, progress)[0]


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
    n = len(legs)
    every = [leg for pair in legs for leg in pair]
    report: dict[str, Any] = {
        "a": spec.bot_a, "b": spec.bot_b, "mode": spec.mode, "seed": spec.seed,
        "rules": spec.rules.describe(), "seats": spec.rules.seats, "decks": len(legs),
        "first_deck": spec.first_deck,
        "wp": wp, "wp_ci": list(wp_ci), "adp": adp, "adp_ci": list(adp_ci),
        "wp_sd": sd(per_deck_wp), "adp_sd": _sd(adp, adp_ci, n),
        "bombs_per_deal": sum(leg.bombs for leg in every) / len(every),
    }
    for role, is_landlord in (("landlord", True), ("peasants", False)):
        mine = [leg for leg in every if leg.a_landlord == is_landlord]
        wins = sum(leg.a_won for leg in mine)
        points, points_ci = mean_ci([leg.a_points for leg in mine])
        report[role] = {"wins": wins, "wp": wins / len(mine) if mine else 0.0,
                        "wp_ci": list(wilson_ci(wins, len(mine))),
                        "adp": points, "adp_ci": list(points_ci), "deals": len(mine),
                        "adp_sd": _sd(points, points_ci, len(mine))}
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


def _pool(parts: list[tuple[int, float, float]]) -> tuple[float, float]:
    """(n, mean, sd) parts -> pooled mean and sd."""
    n = sum(p[0] for p in parts)
    mean = sum(k * m for k, m, _ in parts) / n
    squares = sum((k - 1) * sd * sd + k * m * m for k, m, sd in parts)
    var = (squares - n * mean * mean) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(max(var, 0.0))


def complete_report(r: dict[str, Any]) -> dict[str, Any]:
    """Fill in what reports written before parts existed lack (first deck, deviations,
    win counts), from what they have."""
    r.setdefault("first_deck", 0)
    for key in ("wp", "adp"):
        r.setdefault(key + "_sd", _sd(r[key], r[key + "_ci"], r["decks"]))
    for role in ("landlord", "peasants"):
        x = r[role] = dict(r[role])
        x.setdefault("wins", round(x["wp"] * x["deals"]))
        x.setdefault("adp_sd", _sd(x["adp"], x["adp_ci"], x["deals"]))
    return r


REPORT_KEYS = ("a", "b", "mode", "seed", "rules", "decks", "wp", "wp_ci", "adp", "adp_ci",
               "bombs_per_deal", "landlord", "peasants", "decision_ms")
"""What every arena report holds (``summarize``), and what pooling and the tables read."""


def read_report(path: str | Path) -> dict[str, Any]:
    """The arena report (``dizhu arena --json``) in a file; a ValueError says what is
    wrong with the file in words."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError(f"{path}: cannot be read ({getattr(e, 'strerror', None) or e})") from None
    if not text.strip():
        raise ValueError(f"{path}: empty (a run still going, or one that was stopped)")
    try:
        report = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"{path}: not JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    missing = [k for k in REPORT_KEYS if not isinstance(report, dict) or k not in report]
    if missing:
        raise ValueError(f"{path}: not an arena report (it lacks {', '.join(missing)}); "
                         "`dizhu arena ... --json` writes one")
    return report


def merge_reports(reports: list[dict[str, Any]]) -> dict[str, Any]:
    """Pool reports of one pairing played in parts (disjoint deck ranges of one seed)."""
    reports = [complete_report(dict(r)) for r in reports]
    first = reports[0]
    keys = ("a", "b", "mode", "seed", "rules")
    if any(tuple(r[k] for k in keys) != tuple(first[k] for k in keys) for r in reports):
        raise ValueError("the parts are not of one pairing, mode, seed and rules")
    ranges = sorted((r["first_deck"], r["first_deck"] + r["decks"]) for r in reports)
    if any(a[1] > b[0] for a, b in itertools.pairwise(ranges)):
        raise ValueError("the parts' decks overlap")
    n = sum(r["decks"] for r in reports)
    out = {k: first[k] for k in keys}
    out.update(decks=n, first_deck=ranges[0][0])
    for key in ("wp", "adp"):
        mean, spread = _pool([(r["decks"], r[key], r[key + "_sd"]) for r in reports])
        half = Z95 * spread / math.sqrt(n)
        ci = wilson_of(mean, spread, n, 2 * n) if key == "wp" else (mean - half, mean + half)
        out.update({key: mean, key + "_ci": list(ci), key + "_sd": spread})
    out["bombs_per_deal"] = sum(r["bombs_per_deal"] * r["decks"] for r in reports) / n
    for role in ("landlord", "peasants"):
        deals = sum(r[role]["deals"] for r in reports)
        wins = sum(r[role]["wins"] for r in reports)
        adp, spread = _pool([(r[role]["deals"], r[role]["adp"], r[role]["adp_sd"])
                             for r in reports])
        half = Z95 * spread / math.sqrt(deals)
        out[role] = {"wins": wins, "wp": wins / deals, "wp_ci": list(wilson_ci(wins, deals)),
                     "adp": adp, "adp_ci": [adp - half, adp + half], "deals": deals,
                     "adp_sd": spread}
    out["decision_ms"] = {}
    for side in ("a", "b"):
        times = [r["decision_ms"][side] for r in reports]
        count = sum(t["decisions"] for t in times)
        out["decision_ms"][side] = {  # the median is the parts' medians, weighted
            "median": sum(t["median"] * t["decisions"] for t in times) / max(count, 1),
            "max": max(t["max"] for t in times), "decisions": count}
    if all("full" in r for r in reports):  # the auction's figures, per deal or counted
        deals = [r["landlord"]["deals"] + r["peasants"]["deals"] for r in reports]
        out["full"] = {key: sum(r["full"][key] * d for r, d in zip(reports, deals, strict=True))
                       / max(sum(deals), 1)
                       for key in reports[0]["full"] if key != "thrown_in"}
        out["full"]["thrown_in"] = sum(r["full"]["thrown_in"] for r in reports)
    if any("troubles" in r for r in reports):  # an outside program's failures, counted
        out["troubles"] = _pool_troubles([r["troubles"] for r in reports if "troubles" in r])
    out["parts"] = len(reports)
    return out


def _pool_troubles(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """The troubles of an outside program over the parts: counts added, logs joined."""
    out: dict[str, Any] = {}
    for key, first in parts[0].items():
        if key == "log":
            out[key] = [line for part in parts for line in part.get(key, [])]
        else:
            out[key] = {name: sum(part.get(key, {}).get(name, 0) for part in parts)
                        for name in first}
    return out


def _sd(mean: float, ci: tuple[float, float], n: int) -> float:
    """The per-deck standard deviation behind a mean's interval (to pool reports)."""
    return (ci[1] - mean) / Z95 * n ** 0.5 if n > 1 else 0.0


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


def format_report(r: dict[str, Any]) -> str:
    """A readable summary of an arena report."""
    def ci(pair: list[float], fmt: str) -> str:
        return f"[{fmt.format(pair[0])}, {fmt.format(pair[1])}]"
    lines = [
        f"{r['a']} (A) vs {r['b']} (B), {r['mode']} mode, {r['decks']} duplicate decks, "
        f"seed {r['seed']}, {r['rules']}",
        f"  WP  {r['wp']:.3f} {ci(r['wp_ci'], '{:.3f}')}   "
        f"ADP {r['adp']:+.3f} {ci(r['adp_ci'], '{:+.3f}')}",
    ]
    for role in ("landlord", "peasants"):
        x = r[role]
        lines.append(f"  A as {role:<8}: WP {x['wp']:.3f} {ci(x['wp_ci'], '{:.3f}')}  "
                     f"ADP {x['adp']:+.3f}  ({x['deals']} deals)")
    lines.append(f"  bombs and rockets per deal: {r['bombs_per_deal']:.3f}")
    if "full" in r:
        f = r["full"]
        lines.append(f"  bids: A {f['a_bid_rate']:.2f}, B {f['b_bid_rate']:.2f} of deals; "
                     f"A landlord {f['a_landlord_rate']:.2f}; A points/deal "
                     f"{f['a_points_per_deal']:+.3f}; thrown in {f['thrown_in']}")
    about = "about " if r.get("parts", 1) > 1 else ""  # the parts' medians, weighted
    for side in ("a", "b"):
        t = r["decision_ms"][side]
        lines.append(f"  decision time {side.upper()}: median {about}"
                     f"{significant(t['median'])} ms, max {significant(t['max'])} ms "
                     f"over {t['decisions']} decisions")
    for side in ("a", "b") if "troubles" in r else ():
        troubles = r["troubles"]
        counts = troubles[side]
        if any(counts.values()):
            said = ", ".join(f"{n} {kind}" for kind, n in counts.items() if n)
            lines.append(f"  {side.upper()}'s program failed {sum(counts.values())} "
                         f"decision(s), made by its fallback instead: {said}")
        restarts = troubles.get("restarts", {}).get(side, 0)
        skipped = troubles.get("skipped", {}).get(side, 0)
        if restarts or skipped:
            lines.append(f"  {side.upper()}'s program: {restarts} restart(s) (after "
                         f"{ExternalBot.restarts} a program is retired), {skipped} line(s) "
                         "skipped that were not the answer asked for")
    for line in r.get("troubles", {}).get("log", [])[:5]:
        lines.append(f"    {line}")
    if "seconds" in r:
        lines.append(f"  {significant(r['seconds'])} s with {r['jobs']} job(s)")
    return "\n".join(lines)


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
