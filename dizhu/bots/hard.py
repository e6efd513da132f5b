"""``hard``: ``normal`` plus card counting and an exact endgame solver.

When few cards are hidden from it, it lists the ways the unseen cards can lie between the
other seats (the landlord keeping the kitty cards it has not played; deals that contradict
what the others' passes suggest are dropped while any remain): every way with three seats,
a seeded sample with four. It solves each exactly for each of its legal plays (a seeded
sample of ``max_splits`` of them when there are more), and plays the one that wins in the
most (``normal``'s choice among equals). Otherwise it plays as ``normal``, with a sharper
idea of which plays the others can still beat.
"""

from __future__ import annotations

from typing import ClassVar

from ..cards import NUM_RANKS, count_of, counts, size
from ..combos import Play
from ..position import Position
from ..rules import RuleSet
from ..view import SeatView
from .inference import consistent, landlord_known, passed_on
from .normal import NormalBot
from .situation import Situation
from .solver import Solver, card_pool, deal_out, splits


class HardBot(NormalBot):
    name = "hard"
    limits: ClassVar[dict[str, tuple[float, float]]] = {
        "solve_unseen": (0, 30), "node_budget": (1, 1_000_000), "max_splits": (1, 1000)}
    solve_unseen = 10
    """Solve exactly when at most this many cards are hidden from the bot."""
    node_budget = 60_000
    """Solver positions per decision before it falls back to ``normal``'s choice."""
    max_splits = 24
    """Deals of the hidden cards solved per decision at most (a seeded sample when there
    are more)."""
    solver_limit = 2_000_000
    """Positions the solver remembers before it starts afresh."""

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__(seed)
        self.solvers: dict[RuleSet, Solver] = {}

    def play(self, view: SeatView) -> Play:
        legal = view.legal
        if len(legal) > 1 and view.landlord >= 0 and \
                sum(view.count_strip().unseen) <= self.solve_unseen:
            choice = self.endgame(view)
            if choice is not None:
                return choice
        return self.midgame(view)

    def midgame(self, view: SeatView) -> Play:
        """A decision the endgame solver does not take: ``normal``'s."""
        return super().play(view)

    def solver(self, view: SeatView) -> Solver:
        solver = self.solvers.get(view.rules)
        if solver is None or len(solver.memo) > self.solver_limit:
            solver = self.solvers[view.rules] = Solver()
        return solver

    def hidden_deals(self, view: SeatView, s: Situation) -> list[list[int]]:
        """Ways the hidden cards may lie, as every seat's hand: with three seats every way
        (those the passes allow, while any do), with more a seeded sample; at most
        ``max_splits`` of them."""
        seat, landlord = view.seat, view.landlord
        others = [o for o in range(view.seats) if o != seat]
        fixed = [0] * view.seats
        unseen = counts(s.unseen)
        if seat != landlord:
            fixed[landlord] = landlord_known(view)
            for r in range(NUM_RANKS):
                unseen[r] -= count_of(fixed[landlord], r)
        needs = [s.left[o] - size(fixed[o]) for o in others]
        passed = passed_on(view)
        generator = view.rules.generator

        def hands_of(parts) -> list[int]:
            hands = fixed[:]
            hands[seat] = s.hand
            for o, part in zip(others, parts, strict=True):
                hands[o] += part
            return hands

        def likely(hands: list[int]) -> bool:
            return all(consistent(hands[o], passed[o], generator) for o in others)

        if len(others) == 2:
            candidates = [hands_of(split) for split in splits(unseen, needs[0])]
            chosen = [h for h in candidates if likely(h)] or candidates
            if len(chosen) > self.max_splits:
                chosen = self.rng.sample(chosen, self.max_splits)
            return chosen
        pool = card_pool(unseen)
        sampled = [hands_of(deal_out(pool, needs, self.rng)) for _ in range(self.max_splits)]
        return [h for h in sampled if likely(h)] or sampled

    def endgame(self, view: SeatView) -> Play | None:
        s = Situation.of(view)
        seat, landlord = view.seat, view.landlord
        solver = self.solver(view)
        budget = self.node_budget
        wins = dict.fromkeys(view.legal, 0)
        for hands in self.hidden_deals(view, s):
            pos = Position(view.rules, hands, landlord, seat, s.top, s.top_seat)
            for play in view.legal:
                result = solver.after(pos, play, budget)
                if result is None:
                    return None
                budget -= solver.nodes
                if result == (seat == landlord):
                    wins[play] += 1
        best = max(wins.values())
        if best == 0:
            return None
        preferred = super().play(view)
        if wins.get(preferred) == best:
            return preferred
        return next(p for p in view.legal if wins[p] == best)
