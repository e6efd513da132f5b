"""The solver's searches in C (csrc/solve.c), on the compiled generator's play ids: the
same answers as :mod:`dizhu.solve.pure`, found faster."""

from __future__ import annotations

from .. import core
from ..movegen import generator_of
from ..rules import RuleSet
from .outcome import Budget, Outcome
from .start import Start

ENTRY_BYTES = 48
"""Bytes of one entry of the compiled transposition table."""


class CompiledSearch:
    """The compiled searches of one ruleset; its transposition table holds ``memory``
    positions (rounded up to a power of two) and keeps them between solves, the ones that
    cost least giving way first."""

    def __init__(self, rules: RuleSet, memory: int = 1_000_000) -> None:
        if core.COMPILED is None:
            raise RuntimeError(core.MISSING)
        generator = generator_of(rules.combos, rules.distinct_kickers, compiled=True)
        doubling = bytes(p.doubling for p in generator.universe.all_plays())
        self.native = core.COMPILED.Solver(generator.native, doubling, max(4, memory))

    def forget(self) -> None:
        self.native.forget()

    def run(self, start: Start, points: bool, budget: Budget, plays: bool = True) -> Outcome:
        solved, landlord_wins, winning, line, value, nodes = self.native.solve(
            start.hands, start.landlord, start.to_move, start.top, start.top_seat,
            start.spring, points, plays, -1 if budget.nodes is None else budget.nodes,
            -1.0 if budget.seconds is None else budget.seconds)
        if not solved:
            return Outcome(False, nodes)
        return Outcome(True, nodes, landlord_wins, winning, line if points else [],
                       value if points else None)
