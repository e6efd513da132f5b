"""``hard``: ``normal`` plus card counting and an exact endgame solver.

When few cards are hidden from it, it lists the ways the unseen cards can lie between the
other seats (the landlord keeping the kitty cards it has not played; deals that contradict
what the others' passes suggest are dropped while any remain): every way with three seats,
a seeded sample with four. It solves each exactly with the engine's solver
(:mod:`dizhu.solve`: every play that wins, a seeded sample of ``max_splits`` ways when
there are more), and plays the one that wins in the most (``normal``'s choice among
equals). Otherwise it plays as ``normal``, with a sharper idea of which plays the others
can still beat. With wild cards the solver's budget is ``wild_node_budget``.
"""

from __future__ import annotations

import math
import time
from typing import ClassVar

from ..combos import Play
from ..rules import RuleSet
from ..sampling import Guess, Sampler
from ..solve import Solver
from ..view import SeatView
from .inference import plausible
from .normal import NormalBot


class HardBot(NormalBot):
    name = "hard"
    limits: ClassVar[dict[str, tuple[float, float]]] = {
        **NormalBot.limits, "solve_unseen": (0, 30), "node_budget": (1, 1_000_000),
        "max_splits": (1, 1000), "wild_node_budget": (1, 1_000_000)}
    solve_unseen = 10
    """Solve exactly when at most this many cards are hidden from the bot."""
    node_budget = 60_000
    """Solver positions per decision before it falls back to ``normal``'s choice."""
    wild_node_budget = 3_000
    """The same with wild cards, which the solver searches with its pure search, far
    slower per position, so that a decision stays within about a second."""
    max_splits = 24
    """Deals of the hidden cards solved per decision at most (a seeded sample when there
    are more)."""
    solver_limit = 2_000_000
    """Positions the solver remembers (what it settled in earlier decisions too)."""

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__(seed)
        self.solvers: dict[RuleSet, Solver] = {}

    def play(self, view: SeatView) -> Play:
        deadline = self.deadline(view)
        legal = view.legal
        if len(legal) > 1 and view.landlord >= 0 and \
                sum(view.count_strip().unseen) <= self.solve_unseen:
            choice = self.endgame(view, deadline)
            if choice is not None:
                return choice
        return self.midgame(view, deadline)

    def deadline(self, view: SeatView) -> float:
        """When a decision asked now must end (``time.perf_counter``): never, for
        ``hard``, whose solver has a budget of positions alone."""
        return math.inf

    def midgame(self, view: SeatView, deadline: float = math.inf) -> Play:
        """A decision the endgame solver does not take (or gave up on): ``normal``'s."""
        return super().play(view)

    def solver(self, view: SeatView) -> Solver:
        """The bot's solver of the view's ruleset (it remembers what it settled)."""
        return self.solver_for(view.rules)

    def solver_for(self, rules: RuleSet) -> Solver:
        """The bot's solver of ``rules``, made the first time it is asked for."""
        solver = self.solvers.get(rules)
        if solver is None:
            solver = self.solvers[rules] = Solver(rules, memory=self.solver_limit)
        return solver

    def hidden_deals(self, sampler: Sampler) -> list[Guess]:
        """Ways the hidden cards may lie, drawn by the view's sampler: with three seats
        every way (those the passes allow, while any do), with more a seeded sample; at
        most ``max_splits`` of them."""
        likely = plausible(sampler.view)
        if sampler.view.seats == 3:
            every = list(sampler.every())
            chosen = [g for g in every if likely(g)] or every
            if len(chosen) > self.max_splits:
                chosen = self.rng.sample(chosen, self.max_splits)
            return chosen
        sampled = [sampler.sample(self.rng) for _ in range(self.max_splits)]
        return [g for g in sampled if likely(g)] or sampled

    def endgame(self, view: SeatView, deadline: float = math.inf) -> Play | None:
        """The play that wins in the most ways the hidden cards may lie, or ``None`` when a
        solve runs past the budget of positions or ``deadline``."""
        solver = self.solver(view)
        budget = self.wild_node_budget if view.wild else self.node_budget
        wins = dict.fromkeys(view.legal, 0)
        sampler = Sampler(view)
        for guess in self.hidden_deals(sampler):
            seconds = None if deadline == math.inf else \
                max(0.0, deadline - time.perf_counter())
            answer = solver.solve(sampler.position(guess), nodes=budget, points=False,
                                  seconds=seconds)
            if not answer.solved:
                return None
            budget -= answer.nodes
            for play in answer.winning_plays:
                wins[play] += 1
        best = max(wins.values())
        if best == 0:
            return None
        preferred = super().play(view)
        if wins.get(preferred) == best:
            return preferred
        return next(p for p in view.legal if wins[p] == best)
