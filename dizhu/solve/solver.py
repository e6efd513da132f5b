"""The solver's front: :class:`Solver` picks the core, :class:`Solution` is its answer."""

from __future__ import annotations

import time
from dataclasses import dataclass

from .. import core
from ..combos import Play
from ..position import Position
from ..rules import CLASSIC, RuleSet
from .compiled import CompiledSearch
from .outcome import Budget, Outcome
from .pure import PureSearch
from .start import Start

LANDLORD, PEASANTS = "landlord", "peasants"


@dataclass(frozen=True)
class Solution:
    """What best play from a position comes to, with every hand known.

    ``solved`` is False when the budget ran out first: then nothing else is known. The
    points are those of the line (``points=True`` only, else ``None``): the doubling bombs
    and rockets played, the position's counters and the line's together, and whether the
    line ends in spring or anti-spring. ``multiplier`` is what they make of the stake (the
    stake is the bid times the multiplier; each peasant wins or loses the stake).
    """

    solved: bool
    landlord_wins: bool | None
    winning_plays: tuple[Play, ...]
    """Every play of the seat to move that wins for its side (empty if none does, and
    when not asked for: ``plays=False``)."""
    line: tuple[Play, ...]
    """A principal variation: plays and passes from the position to the end of the play."""
    bombs: int | None
    rockets: int | None
    spring: bool | None
    anti_spring: bool | None
    nodes: int
    """Positions the search expanded."""
    seconds: float
    core: str
    """The core that searched: ``compiled`` or ``python``."""

    @property
    def winner(self) -> str | None:
        """``landlord`` or ``peasants`` (``None`` when not solved)."""
        if self.landlord_wins is None:
            return None
        return LANDLORD if self.landlord_wins else PEASANTS

    @property
    def doublings(self) -> int | None:
        """How many times the stake doubles along the line, counting what came before."""
        if self.bombs is None:
            return None
        return self.bombs + self.rockets + self.spring + self.anti_spring

    @property
    def multiplier(self) -> int | None:
        """The stake's multiplier at the end of the line: 2 to the doublings."""
        doublings = self.doublings
        return None if doublings is None else 1 << doublings


class Solver:
    """The exact solver of one ruleset's play phase, every hand known.

    It remembers what it settled between solves (up to ``memory`` positions), so a bot
    that solves many related positions keeps one. ``compiled``: search with the compiled
    core (``True``), the pure-Python one (``False``) or the one that runs (``None``:
    :data:`dizhu.core.NAME`, through the ruleset's move generator).
    """

    def __init__(self, rules: RuleSet = CLASSIC, memory: int = 1_000_000,
                 compiled: bool | None = None) -> None:
        self.rules = rules
        if compiled is None:
            compiled = core.NAME == "compiled"
        self.core = "compiled" if compiled else "python"
        self._search = CompiledSearch(rules, memory) if compiled else PureSearch(memory)
        self._memory = memory
        self._wild_search: PureSearch | None = None
        """The pure search of positions with wild cards, which the compiled core does not
        read (made on the first such position)."""

    @property
    def native(self):
        """The compiled solver (``dizhu._ccore.Solver``) the searches run on, or ``None``
        in the pure core: the compiled playouts (:mod:`dizhu.bots.playout`) solve on it."""
        return getattr(self._search, "native", None)

    def forget(self) -> None:
        """Drop everything remembered."""
        self._search.forget()
        self._wild_search = None

    def solve(self, position: Position, *, nodes: int | None = None,
              seconds: float | None = None, points: bool = True,
              plays: bool = True) -> Solution:
        """Best play from ``position`` (left as it was): who wins, with ``plays`` every
        winning play of the seat to move (without, none are listed and the search stops at
        the first that wins: faster where the seat to move's side wins) and, with
        ``points``, a principal variation and its points. Past ``nodes`` positions or
        ``seconds`` the answer is "not solved"."""
        rules = position.rules
        if (rules.combos, rules.distinct_kickers, rules.seats) != \
                (self.rules.combos, self.rules.distinct_kickers, self.rules.seats):
            raise ValueError(f"this solver plays {self.rules.describe()}, not "
                             f"{rules.describe()}")
        began = time.perf_counter()
        start = Start.of(position)
        search, searched = self._search, self.core
        if start.wild and self.core == "compiled":
            if self._wild_search is None:
                self._wild_search = PureSearch(self._memory)
            search, searched = self._wild_search, "python"
        if start.winner >= 0:
            outcome = Outcome(True, 0, start.winner == start.landlord, value=0)
        else:
            outcome = search.run(start, points, Budget(nodes, seconds), plays)
        return self._solution(start, outcome, points, time.perf_counter() - began, searched)

    def _solution(self, start: Start, outcome: Outcome, points: bool,
                  seconds: float, searched: str) -> Solution:
        if not outcome.solved:
            return Solution(False, None, (), (), None, None, None, None, outcome.nodes,
                            seconds, searched)
        line = tuple(outcome.line)
        bombs = rockets = spring = anti_spring = None
        if points:
            end = start.position()
            for play in line:
                end.push_unchecked(play)
            bombs, rockets, spring, anti_spring = end_points(end)
        return Solution(True, outcome.landlord_wins, tuple(outcome.winning), line, bombs,
                        rockets, spring, anti_spring, outcome.nodes, seconds, searched)


def end_points(end: Position) -> tuple[int, int, bool, bool]:
    """The bombs, rockets, spring and anti-spring of a finished play phase (what
    :meth:`dizhu.deal.Deal.result` scores)."""
    landlord = end.landlord
    landlord_won = end.winner == landlord
    peasants_played = any(n for seat, n in enumerate(end.plays_made) if seat != landlord)
    return (end.bombs, end.rockets, landlord_won and not peasants_played,
            not landlord_won and end.plays_made[landlord] == 1)


def solve(position: Position, *, nodes: int | None = None, seconds: float | None = None,
          points: bool = True, plays: bool = True) -> Solution:
    """:meth:`Solver.solve` with a solver of the position's ruleset made for the call."""
    return Solver(position.rules).solve(position, nodes=nodes, seconds=seconds,
                                        points=points, plays=plays)
