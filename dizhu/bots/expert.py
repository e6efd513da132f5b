"""``expert``: determinized search over the hidden hands.

For each decision it deals the cards it cannot see between the other seats many times,
consistently with the view (the landlord keeps the kitty cards it has not played; deals
that contradict what the others' passes suggest are redrawn a few times), and plays every
candidate out in every deal with the ``normal`` policy for every seat. It picks the
candidate that wins most often (``normal``'s choice among equals). When few cards are
hidden, ``hard``'s exact solver decides instead.

``samples`` sets how many deals it imagines per decision; ``budget`` (seconds) caps the
time of one decision, counted from when it is asked. The clock is read at every step of a
playout, and a deal whose playouts the cap cuts short does not count. It is deterministic
for a seed as long as the cap is not reached. With wild cards (whose moves are generated
in Python) the search stops at ``wild_search_share`` of the cap.

With ``infer`` on (``expert:infer=1``) the imagined deals are weighed by how likely each
makes what the other seats did in public: their bids, doubles, passes and plays, under a
softened ``normal`` (:mod:`.likelihood`). It draws ``pool`` times ``samples`` deals (as
above, within a quarter of the time left), weighs each, and plays out ``samples`` of them
drawn in proportion to their weights (systematic resampling; a deal drawn twice is played
out once and counts twice). Resampling rather than weighted tallies: a deal's playouts cost
several times its weighing, and the weights of a few dozen deals are very uneven
(a seat's every play that ``normal`` would not make divides a deal's weight by ``1/slip``),
so tallies over the first ``samples`` deals would spend most playouts on deals that weigh
next to nothing; resampling spends them on the likely deals, and draws no deal at all
where weighing showed it unlikely.

With ``styles`` on as well (``master``'s default; ``expert:infer=1,styles=1``) each weighed
deal also draws, seat by seat, the style its playouts give each other seat: ``normal``'s
way or its eager style (it follows whenever it can, as many simple bots and many people
do), by the chance that seat's follows so far give the eager style in that deal, from
``eager_prior`` (:meth:`.likelihood.Inference.weigh`). A seat that passes where ``normal``
would is soon played out as ``normal``; one that plays on where ``normal`` would pass,
eagerly.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import ClassVar, TypeVar

from ..combos import PASS, Play
from ..position import Position
from ..rules import RuleSet
from ..sampling import Sampler
from ..view import SeatView
from .handeval import HandEvaluator
from .hard import HardBot
from .inference import plausible
from .likelihood import Inference, Model
from .playout import CompiledPlayouts, policy_settings
from .situation import Situation

Imagined = tuple[tuple[int, ...], int, int]
"""An imagined deal as the search plays it: every seat's hand, how many times it counts,
and the seats played out in the eager style (one bit each)."""

T = TypeVar("T")


class ExpertBot(HardBot):
    name = "expert"
    limits: ClassVar[dict[str, tuple[float, float]]] = {
        **HardBot.limits, "samples": (1, 1000), "candidates": (1, 30),
        "budget": (0.01, 10.0), "redraws": (1, 100), "wild_search_share": (0.05, 1.0),
        "pool": (1, 50), "slip": (0.001, 1.0), "solve_cards": (0, 54),
        "playout_nodes": (1, 1_000_000), "root_nodes": (1, 1_000_000),
        "retry_cards": (0, 54), "rounds": (1, 20), "margin": (0.0, 10.0),
        "hope": (0.0, 1.0), "eager_prior": (0.0, 1.0)}
    samples = 16
    candidates = 6
    budget = 1.0
    redraws = 8
    """Redraws of a deal that contradicts the passes before it is taken anyway."""
    wild_search_share = 0.5
    """With wild cards the search stops at this share of ``budget``: one step of a
    playout (the legal plays of a hand with wild cards, in Python, and ``normal``'s choice
    among them) can take a few hundred milliseconds, and the decision must end within
    ``budget``."""

    infer = False
    """Weigh the imagined deals by how likely they make the others' public actions
    (:mod:`.likelihood`) and play out a resample of them."""
    pool = 4
    """With ``infer``: deals drawn per deal played out (``pool * samples`` are weighed)."""
    slip = 0.3
    """With ``infer``: the likelihood of a play ``normal`` would not make in that seat's
    place (its own choice counts 1)."""
    styles = False
    """With ``infer``: read each other seat's style of following (``normal``'s or eager)
    from its plays and passes, and play the imagined deals out with it."""
    eager_prior = 0.5
    """With ``styles``: the eager style's share before any play is seen."""

    solve_cards = 0
    """Finish a playout with the exact solver once at most this many cards are left in
    all hands together (0: never); at the root, solve each imagined deal for every legal
    play. Not with wild cards."""
    playout_nodes = 20_000
    """The solver's budget for one solve in a playout; past it the playout goes on."""
    retry_cards = 0
    """After a playout's solve runs past ``playout_nodes``, solve again once this many
    more cards are played (0: not again)."""
    root_nodes = 20_000
    """The solver's budget for one imagined deal at the root (every legal play)."""
    hope = 0.0
    """With ``solve_cards``: in an imagined deal the root's solve finds lost whatever the
    seat plays (the others, playing perfectly, win), every legal play is scored instead by
    whether it wins a playout of the ``normal`` policy without the solver, and the deal
    counts ``hope`` of one (0: such a deal scores nothing). The others are not perfect
    players: a play that wins when they play as ``normal`` does is the better chance."""
    rounds = 1
    """Rounds of ``samples`` imagined deals a decision may take: after each, another is
    drawn unless the best play's lead is clear (:meth:`settled`) or the budget is spent."""
    margin = 2.0
    """With ``rounds`` above 1: the lead, in standard errors, that ends the search."""

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__(seed)
        self.playouts: dict[RuleSet, tuple[HandEvaluator, CompiledPlayouts | None]] = {}
        """The compiled playouts of each ruleset, with the evaluator they were made for."""

    def midgame(self, view: SeatView, deadline: float) -> Play:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        s = Situation.of(view)
        if any(p.cards == s.hand for p in legal):
            return next(p for p in legal if p.cards == s.hand)
        ev = self.evaluator(view)
        if self.solve_cards and not view.wild and sum(s.left) <= self.solve_cards:
            return self.solved_search(view, s, legal, ev, deadline)
        options = self.options(s, legal, ev)
        if len(options) == 1:
            return options[0]
        return self.search(view, s, options, ev, deadline)

    def deadline(self, view: SeatView) -> float:
        """When a decision asked now must end its search (``time.perf_counter``): the
        clock starts with the decision, not with the search, so ``hard``'s endgame solve
        (when it gives up) and choosing the plays worth searching count too."""
        return time.perf_counter() + self.budget * (self.wild_search_share
                                                    if view.wild else 1.0)

    def options(self, s: Situation, legal: list[Play], ev: HandEvaluator) -> list[Play]:
        """The plays worth searching: ``normal``'s choice first, then its next best."""
        first = self.choose(s, legal, ev)
        if s.top is None:
            ranked = self.ranked_leads(s, legal, ev)
        else:
            base = ev.cost(s.hand)
            ranked = sorted((p for p in legal if not p.is_pass),
                            key=lambda p: (ev.extra_cost(s.hand, p, base),
                                           p.main))
            ranked.insert(0, PASS)
        out = [first]
        for p in ranked:
            if len(out) >= self.candidates:
                break
            if p not in out:
                out.append(p)
        return out

    def search(self, view: SeatView, s: Situation, options: list[Play],
               ev: HandEvaluator, deadline: float | None = None) -> Play:
        """The option whose playouts win most often over the imagined deals (the first
        of equals), searched until ``deadline`` (:meth:`deadline` when not given), in up
        to ``rounds`` rounds of deals (:meth:`settled`)."""
        if deadline is None:
            deadline = self.deadline(view)
        wins = dict.fromkeys(options, 0)
        outcomes: list[tuple[int, set[Play]]] = []
        for _ in range(self.rounds):
            for count, won in self.play_round(view, s, options, ev, deadline):
                outcomes.append((count, won))
                for play in won:
                    wins[play] += count
            if time.perf_counter() > deadline or self.settled(options, wins, outcomes):
                break
        best = max(wins.values())
        return next(p for p in options if wins[p] == best)

    def play_round(self, view: SeatView, s: Situation, options: list[Play],
                   ev: HandEvaluator, deadline: float) -> Iterator[tuple[int, set[Play]]]:
        """One round of imagined deals, each as how many times it counts and the options
        whose playouts win it, until ``deadline``: only whole deals (a part would favour
        the first plays)."""
        seat, landlord = s.seat, s.landlord
        for hands, count, eager in self.deals(view, deadline):
            pos = Position(view.rules, hands, landlord, seat, s.top, s.top_seat,
                           wild=view.wild)
            won = set()
            for play in options:  # the budget is checked between playouts: with 33-card
                if time.perf_counter() > deadline:  # hands one deal's playouts run long
                    return
                landlord_won = self.rollout(pos, play, ev, deadline, eager=eager)
                if landlord_won is None:
                    return
                if landlord_won == (seat == landlord):
                    won.add(play)
            yield count, won
            if time.perf_counter() > deadline:
                return

    def deals(self, view: SeatView, deadline: float) -> Iterable[Imagined]:
        """One round's imagined deals, each with how many times it counts and the seats
        played out in the eager style: ``samples`` deals, or with ``infer`` a resample of
        weighed ones (:meth:`inferred`)."""
        if self.infer:
            return self.inferred(view, deadline)
        return ((self.imagine(view), 1, 0) for _ in range(self.samples))

    def settled(self, plays: list[Play], wins: Mapping[Play, float],
                outcomes: Sequence[tuple[float, set[Play]]]) -> bool:
        """Whether the best play's lead over the next is clear enough to stop drawing
        deals: more than ``margin`` standard errors of the difference, counted over the
        deals that one of the two wins and the other does not (or there are none such:
        the two won the very same deals). The first of equals leads, as chosen."""
        if len(plays) < 2:
            return True
        first, second = sorted(plays, key=lambda p: -wins[p])[:2]
        split = sum(count for count, won in outcomes if (first in won) != (second in won))
        return split == 0 or wins[first] - wins[second] > self.margin * math.sqrt(split)

    def solved_search(self, view: SeatView, s: Situation, legal: list[Play],
                      ev: HandEvaluator, deadline: float | None = None) -> Play:
        """Every legal play scored by the imagined deals in which the solver finds it wins
        (``normal``'s choice first among equals; an unsolved deal does not count; a deal
        lost whatever is played as :attr:`hope` says), in up to ``rounds`` rounds of
        deals (:meth:`settled`)."""
        if deadline is None:
            deadline = self.deadline(view)
        solver = self.solver(view)
        wins: dict[Play, float] = dict.fromkeys(legal, 0)
        outcomes: list[tuple[float, set[Play]]] = []
        first = self.choose(s, legal, ev)
        order = [first, *(p for p in legal if p != first)]
        for _ in range(self.rounds):
            for hands, count, eager in self.deals(view, deadline):
                pos = Position(view.rules, hands, s.landlord, s.seat, s.top, s.top_seat)
                answer = solver.solve(pos, nodes=self.root_nodes, points=False,
                                      seconds=max(0.0, deadline - time.perf_counter()))
                if answer.solved:
                    weight: float = count
                    won: set[Play] | None = set(answer.winning_plays)
                    if not won and self.hope:
                        weight = count * self.hope
                        won = self.hoped(pos, order, ev, deadline, eager)
                    if won is not None:
                        outcomes.append((weight, won))
                        for play in won:
                            wins[play] += weight
                if time.perf_counter() > deadline:
                    break
            if time.perf_counter() > deadline or self.settled(order, wins, outcomes):
                break
        best = max(wins.values())
        return next(p for p in order if wins[p] == best)

    def hoped(self, pos: Position, plays: list[Play], ev: HandEvaluator,
              deadline: float, eager: int = 0) -> set[Play] | None:
        """The ``plays`` of the seat to move in ``pos`` that win a playout of the ``normal``
        policy (``eager``: the seats in its eager style) without the solver (:attr:`hope`),
        or ``None`` if the clock passes ``deadline`` before all are played out (a part
        would favour the first plays)."""
        mine = pos.to_move == pos.landlord
        won = set()
        for play in plays:
            landlord_won = self.rollout(pos, play, ev, deadline, solve=False, eager=eager)
            if landlord_won is None:
                return None
            if landlord_won == mine:
                won.add(play)
        return won

    def imagine(self, view: SeatView) -> tuple[int, ...]:
        """One deal of the hidden cards consistent with the view (:mod:`dizhu.sampling`),
        redrawn while it contradicts the passes, as every seat's hand."""
        return Sampler(view).sample(self.rng, plausible(view), self.redraws).hands

    def inferred(self, view: SeatView, deadline: float) -> list[Imagined]:
        """``samples`` deals drawn in proportion to their likelihood (:mod:`.likelihood`)
        from ``pool * samples`` imagined ones, each distinct deal once with how many times
        it was drawn, most drawn first, and (with ``styles``) the seats it plays out in
        the eager style. Drawing stops at a quarter of the time left."""
        inference = self.inference(view)
        sampler, likely = Sampler(view), plausible(view)
        stop = time.perf_counter() + (deadline - time.perf_counter()) / 4
        drawn: list[tuple[tuple[int, ...], int]] = []
        logs: list[float] = []
        for _ in range(self.pool * self.samples):
            hands = sampler.sample(self.rng, likely, self.redraws).hands
            log, odds = inference.weigh(hands)
            drawn.append((hands, self.eager_seats(odds)))
            logs.append(log)
            if time.perf_counter() > stop:
                break
        return [(hands, count, eager) for (hands, eager), count
                in resample(drawn, logs, self.samples, self.rng.random())]

    def inference(self, view: SeatView) -> Inference:
        """The weighing of imagined deals for ``view`` with the bot's model of the others
        (:mod:`.likelihood`; with ``styles``, their styles read too)."""
        ev = self.evaluator(view)
        compiled = None if view.wild else self.compiled_playouts(ev)
        model = Model(self.bid_thresholds, self.double_at, self.fits, self.slip,
                      eager_prior=self.eager_prior if self.styles else 0.0)
        return Inference(view, model, lambda wild: self.evaluator(view, wild),
                         self.choose if compiled is None else compiled.choose)

    def eager_seats(self, odds: Mapping[int, float]) -> int:
        """The seats drawn to play the eager style in an imagined deal, each by its chance
        in ``odds`` (:meth:`.likelihood.Inference.weigh`), one bit each."""
        return sum(1 << seat for seat in sorted(odds) if self.rng.random() < odds[seat])

    def rollout(self, pos: Position, play: Play, ev: HandEvaluator,
                deadline: float = math.inf, solve: bool = True,
                eager: int = 0) -> bool | None:
        """Whether the landlord wins when the seat to move in ``pos`` makes ``play`` and
        everyone then plays the ``normal`` policy with every hand known (the seats of
        ``eager``'s bits in its eager style; ``pos`` is left as it was); ``None`` if the
        clock passes ``deadline`` first. With ``solve`` (and no wild cards) the exact
        solver finishes it once ``solve_cards`` are left. It runs in the compiled core
        where that runs (:mod:`.playout`: the same plays)."""
        if not pos.wild and (play.is_pass or play.id >= 0):
            compiled = self.compiled_playouts(ev)
            solver = self.solver_for(pos.rules) if solve and self.solve_cards else None
            if compiled is not None and (solver is None or solver.native is not None):
                return compiled.playout(pos, play, deadline, solver, self.solve_cards,
                                        self.retry_cards, self.playout_nodes, eager)
        return self.python_rollout(pos, play, ev, deadline, solve, eager)

    def compiled_playouts(self, ev: HandEvaluator) -> CompiledPlayouts | None:
        """The compiled playouts over ``ev``'s plays with the bot's settings as they are
        (:mod:`.playout`), or ``None``."""
        known = self.playouts.get(ev.rules)
        if known is None or known[0] is not ev or \
                (known[1] is not None and known[1].settings != policy_settings(self)):
            known = self.playouts[ev.rules] = (ev, CompiledPlayouts.of(self, ev))
        return known[1]

    def python_rollout(self, pos: Position, play: Play, ev: HandEvaluator,
                       deadline: float = math.inf, solve: bool = True,
                       eager: int = 0) -> bool | None:
        """:meth:`rollout` in Python: the reference the compiled playouts follow."""
        pos = pos.copy()
        landlord = pos.landlord
        solve_at = self.solve_cards if solve and not pos.wild else 0
        while True:
            if time.perf_counter() > deadline:
                return None
            pos.push_unchecked(play)
            if pos.is_over:
                return pos.winner == landlord
            if (left := sum(pos.left)) <= solve_at:
                solve_at = left - self.retry_cards if self.retry_cards else 0
                answer = self.solver_for(pos.rules).solve(
                    pos, nodes=self.playout_nodes, points=False, plays=False,
                    seconds=max(0.0, deadline - time.perf_counter()))
                if answer.solved:
                    return answer.landlord_wins
            legal = pos.legal_plays()
            if len(legal) == 1:
                play = legal[0]
                continue
            seat = pos.to_move
            hand = pos.hands[seat]
            s = Situation(seat, landlord, hand, tuple(pos.left), pos.top, pos.top_seat,
                          sum(pos.hands) - hand, bool(eager >> seat & 1))
            play = self.choose(s, legal, ev)


def resample(items: list[T], logs: list[float], n: int, u: float) -> list[tuple[T, int]]:
    """``n`` draws from ``items`` in proportion to ``exp(logs)`` (systematic resampling,
    ``u`` in [0, 1) its one random number), as (item, times drawn), most drawn first
    (the order of ``items`` among equals)."""
    top = max(logs)
    weights = [math.exp(v - top) for v in logs]
    step = sum(weights) / n
    counts = [0] * len(items)
    at, total = (u * step), 0.0
    i = 0
    for k, w in enumerate(weights):
        total += w
        while i < n and at < total:
            counts[k] += 1
            i += 1
            at += step
    if i < n:  # rounding: the rest to the last item
        counts[-1] += n - i
    order = sorted((k for k in range(len(items)) if counts[k]), key=lambda k: -counts[k])
    return [(items[k], counts[k]) for k in order]
