"""What a search is given (a budget) and what it hands back (an outcome), whichever core
runs it."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..combos import Play


@dataclass(frozen=True)
class Budget:
    """How far a solve may go: nodes searched and seconds (``None``: no limit)."""

    nodes: int | None = None
    seconds: float | None = None


@dataclass
class Outcome:
    """What a search found; when ``solved`` is False it ran out of budget and the rest is
    empty."""

    solved: bool
    nodes: int
    landlord_wins: bool | None = None
    winning: list[Play] = field(default_factory=list)
    """The plays of the seat to move that win for its side, in search order."""
    line: list[Play] = field(default_factory=list)
    value: int | None = None
    """The position's value (:mod:`dizhu.solve.values`), when the points were asked for."""
