"""``hard``: ``normal`` plus card counting and an exact endgame solver.

When few cards are hidden from it, it lists every way the unseen cards can lie between
the two other seats (the landlord keeping the kitty cards it has not played; splits that
contradict what the others' passes suggest are dropped while any remain), solves each
split exactly for each of its legal plays (a seeded sample of ``max_splits`` of them when
there are more), and plays the one that wins in the most splits (``normal``'s choice
among equals). Otherwise it plays as ``normal``, with a sharper idea
of which plays the others can still beat.
"""

from __future__ import annotations

from ..cards import NUM_RANKS, count_of, counts
from ..combos import Play
from ..view import SeatView
from .inference import consistent, landlord_known, passed_on
from .normal import NormalBot
from .situation import Situation
from .solver import Solver, splits


class HardBot(NormalBot):
    name = "hard"
    solve_unseen = 10
    """Solve exactly when at most this many cards are hidden from the bot."""
    node_budget = 60_000
    """Solver positions per decision before it falls back to ``normal``'s choice."""
    max_splits = 24
    """Splits solved per decision at most (a seeded sample when there are more)."""

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__(seed)
        self.solvers: dict[tuple[int, bool], Solver] = {}

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
        key = (view.landlord, view.rules.distinct_kickers)
        solver = self.solvers.get(key)
        if solver is None or len(solver.memo) > 2_000_000:
            solver = self.solvers[key] = Solver(*key)
        return solver

    def endgame(self, view: SeatView) -> Play | None:
        s = Situation.of(view)
        seat, landlord = view.seat, view.landlord
        first, second = [o for o in range(3) if o != seat]
        unseen = counts(s.unseen)
        fixed = [0, 0, 0]
        if seat != landlord:
            fixed[landlord] = landlord_known(view)
            for r in range(NUM_RANKS):
                unseen[r] -= count_of(fixed[landlord], r)
        need = s.left[first] - sum(count_of(fixed[first], r) for r in range(NUM_RANKS))
        candidates = [(a + fixed[first], b + fixed[second]) for a, b in splits(unseen, need)]
        passed = passed_on(view)
        likely = [(a, b) for a, b in candidates
                  if consistent(a, passed[first]) and consistent(b, passed[second])]
        chosen = likely or candidates
        if len(chosen) > self.max_splits:
            chosen = self.rng.sample(chosen, self.max_splits)
        solver = self.solver(view)
        budget = self.node_budget
        wins = {play: 0 for play in view.legal}
        for a, b in chosen:
            hands = [0, 0, 0]
            hands[seat], hands[first], hands[second] = s.hand, a, b
            for play in view.legal:
                result = solver.after(tuple(hands), seat, s.top, s.top_seat,
                                      view.passes, play, budget)
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
