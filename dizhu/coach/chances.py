"""The chance to win of each action open to a seat, from that seat's view alone.

One estimate serves the review, the hints and the graph: the chance that the seat's side
wins the deal after the action, over deals of the hidden cards imagined consistently with
the view and weighed by what the others did in public (``master``'s machinery,
:mod:`dizhu.bots.expert` with ``infer`` on). Each imagined deal is played out by the
``normal`` policy with every hand known, and finished by the engine's exact solver once at
most :attr:`Analyst.solve_cards` cards are left (not with wild cards); with that few left
at the decision itself, each imagined deal is solved for every legal play at once, so the
chance is the share of likely deals in which the play wins against best play (as bridge
programs answer). Every action is tried in the same imagined deals, so their differences
are sharper than each chance alone.

Auction and doubling answers are put in the same currency. A bid (call, rob) that makes
the seat landlord is worth its chance to win as landlord ``p``: a hand dealt with the kitty
drawn from the unseen cards, played out (or, where the ruleset ships weights, the learned
evaluation's answer, :mod:`dizhu.bots.chance`); a pass is weighed as an even chance, since
it leaves the deal to others or throws it in. A double keeps the chance ``p`` of the side
but doubles what is at stake, so it is worth ``p + (p - 0.5)`` (the expected score's edge
twice over) against ``p`` for no double. So bidding at ``p = 0.4`` costs ``0.1``, as does
doubling at ``p = 0.4``; the thresholds of :mod:`.review` then apply to every decision.
"""

from __future__ import annotations

import random
import time
import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..auction import Bid, Double
from ..bots.handeval import HandEvaluator
from ..bots.master import MasterBot
from ..bots.situation import Situation
from ..cards import TWO
from ..combos import Play
from ..deal import Phase
from ..position import Position
from ..sampling import Sampler
from ..view import SeatView

if TYPE_CHECKING:
    from ..actions import Action

EVEN = 0.5
"""The worth of a pass in the auction (see the module's docstring)."""


@dataclass(frozen=True)
class Rated:
    """One action with the chance of the seat's side to win after it."""

    action: Action
    chance: float
    """The side's chance to win after the action, in [0, 1]."""
    worth: float
    """What decisions are compared by: the chance for a play; for an auction or doubling
    answer its expected score in the chance's currency (module docstring)."""
    deals: int
    """Imagined deals behind the estimate (0: the learned evaluation's answer alone)."""


class Analyst:
    """Rates the actions open to a seat. ``samples`` imagined deals per decision (the
    review deepens by asking again with more), ``candidates`` plays searched at most (the
    ``normal`` player's best ones, and any play asked for), ``budget`` seconds per decision
    at most. Deterministic for a view: its random draws are seeded by ``seed`` and the
    view's public history alone, never by a hidden card (as long as the budget holds)."""

    solve_cards = 24
    """Finish a playout with the exact solver once at most this many cards are left."""

    def __init__(self, samples: int = 24, candidates: int = 10, budget: float = 2.0,
                 seed: str = "coach") -> None:
        self.samples, self.candidates, self.budget, self.seed = samples, candidates, budget, seed
        self.bot = MasterBot(seed)
        self.bot.configure(samples=samples, candidates=candidates,
                           solve_cards=self.solve_cards)  # its clock: the analyst's deadlines

    def rate(self, view: SeatView, also: tuple[Action, ...] = ()) -> list[Rated]:
        """The seat's legal actions (in play: the searched ones, with ``also`` among them)
        rated, best first (by worth, then by the ``normal`` player's order)."""
        if not view.my_turn or not view.legal:
            return []
        self.bot.reseed(self._seed(view))
        if view.phase is Phase.AUCTION:
            p = self.landlord_chance(view)
            answers = sorted(view.legal, key=lambda a: (a.is_pass, a.token != "rob",
                                                        a.token != "call", -a.value))
            return _best_first([Rated(a, p if _takes(a) else EVEN, p if _takes(a) else EVEN,
                                      self.samples) for a in answers])
        if view.phase is Phase.DOUBLING:
            p = self.side_chance(view)
            return _best_first([Rated(a, p, p + (p - EVEN) if _doubles(a) else p,
                                      self.samples) for a in view.legal])
        return self.rate_plays(view, also)

    def _seed(self, view: SeatView) -> str:
        public = repr((view.seat, view.phase.value, view.bids, view.doubled,
                       [a.to_json() for a in view.history], view.hand))
        return f"{self.seed}:{zlib.crc32(public.encode())}"

    # play

    def rate_plays(self, view: SeatView, also: tuple[Action, ...] = ()) -> list[Rated]:
        bot = self.bot
        legal = list(view.legal)
        s = Situation.of(view)
        ev = bot.evaluator(view)
        if len(legal) <= self.candidates:
            options = bot.options(s, legal, ev) if len(legal) > 1 else legal
            options += [p for p in legal if p not in options]
        else:
            options = bot.options(s, legal, ev)
        options += [a for a in also if isinstance(a, Play) and a in legal and a not in options]
        wins = dict.fromkeys(options, 0.0)
        total = 0.0
        deadline = time.perf_counter() + self.budget
        solving = not view.wild and sum(s.left) <= self.solve_cards
        for hands, count, eager in self.bot.deals(view, deadline):
            pos = Position(view.rules, hands, s.landlord, s.seat, s.top, s.top_seat,
                           wild=view.wild)
            won = self._solved(pos, deadline) if solving else None
            if won is None:  # not solving, or not solved within its budget: played out
                won = self._played_out(pos, options, ev, deadline, eager)
            if won is None:  # the clock ran out within the deal: it does not count
                break
            for play in won:
                if play in wins:
                    wins[play] += count
            total += count
            if time.perf_counter() > deadline:
                break
        if not total:
            return [Rated(p, EVEN, EVEN, 0) for p in options]
        return _best_first([Rated(p, wins[p] / total, wins[p] / total, round(total))
                            for p in options])

    def _solved(self, pos: Position, deadline: float) -> list[Play] | None:
        """The plays that win against best play in ``pos`` (the seat to move's side)."""
        answer = self.bot.solver_for(pos.rules).solve(
            pos, nodes=self.bot.root_nodes * 5, points=False,
            seconds=max(0.0, deadline - time.perf_counter()))
        if not answer.solved:
            return None
        return list(answer.winning_plays)

    def _played_out(self, pos: Position, options: list[Play], ev: HandEvaluator,
                    deadline: float, eager: int) -> list[Play] | None:
        """The options after which the seat's side wins the playout (``eager``: the seats
        played in the eager style); ``None`` when the clock ran out first (a deal counts
        whole or not at all)."""
        seat, landlord = pos.to_move, pos.landlord
        won = []
        for play in options:
            if time.perf_counter() > deadline:
                return None
            landlord_won = self.bot.rollout(pos, play, ev, deadline, eager=eager)
            if landlord_won is None:
                return None
            if landlord_won == (seat == landlord):
                won.append(play)
        return won

    # auction and doubling

    def landlord_chance(self, view: SeatView) -> float:
        """The seat's chance to win as landlord: the learned evaluation where the ruleset
        ships weights, else playouts of hands with a kitty drawn from the unseen cards."""
        chance = self.bot.chance(view.rules)
        if chance is not None:
            from ..bots.chance import landlord_chance
            return landlord_chance(view, chance, self.bot.rng, self.samples)
        sampler = Sampler(view)
        seat = view.seat
        deals = []
        for _ in range(self.samples):
            guess = sampler.sample(self.bot.rng)
            hands = list(guess.hands)
            hands[seat] += guess.kitty
            wild = _completed(view, self.bot.rng)
            deals.append(Position(view.rules, hands, seat, seat, wild=wild))
        return self._start_chance(deals, seat, view)

    def side_chance(self, view: SeatView) -> float:
        """The chance of the seat's side at the start of play (the doubling question)."""
        chance = self.bot.chance(view.rules)
        if chance is not None:
            return float(chance.of_view(view))
        sampler = Sampler(view)
        deals = [Position(view.rules, sampler.sample(self.bot.rng).hands, view.landlord,
                          view.landlord, wild=view.wild) for _ in range(self.samples)]
        return self._start_chance(deals, view.seat, view)

    def _start_chance(self, deals: list[Position], seat: int, view: SeatView) -> float:
        """The share of ``deals`` (positions at the start of play) that ``seat``'s side
        wins when every seat plays ``normal``'s way with every hand known."""
        bot = self.bot
        deadline = time.perf_counter() + self.budget
        won = played = 0
        for pos in deals:
            ev = bot.evaluator(view, pos.wild)
            first = _first_play(bot, pos, ev)
            landlord_won = bot.rollout(pos, first, ev, deadline, solve=False)
            if landlord_won is None:
                break
            played += 1
            won += landlord_won == (seat == pos.landlord)
        return won / played if played else EVEN


def _first_play(bot: MasterBot, pos: Position, ev: HandEvaluator) -> Play:
    legal = pos.legal_plays()
    seat = pos.to_move
    hand = pos.hands[seat]
    s = Situation(seat, pos.landlord, hand, tuple(pos.left), pos.top, pos.top_seat,
                  sum(pos.hands) - hand)
    return bot.choose(s, legal, ev)


def _takes(action: Action) -> bool:
    return isinstance(action, Bid) and not action.is_pass


def _doubles(action: Action) -> bool:
    return isinstance(action, Double) and action.yes


def _best_first(rated: list[Rated]) -> list[Rated]:
    """Highest worth first; among equals the order given (the searched order: ``normal``'s
    choice first; in the auction the highest bid first)."""
    order = {id(r): i for i, r in enumerate(rated)}
    return sorted(rated, key=lambda r: (-round(r.worth, 9), order[id(r)]))


def _completed(view: SeatView, rng: random.Random) -> tuple[int, ...]:
    """The view's wild ranks with those not drawn yet drawn at random (distinct)."""
    wild = view.wild
    while len(wild) < view.rules.wild_ranks:
        rank = rng.randrange(TWO + 1)
        if rank not in wild:
            wild += (rank,)
    return wild
