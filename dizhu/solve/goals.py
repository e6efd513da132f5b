"""Goals beyond winning, forced or not, with every hand known: the search under the puzzles.

A *goal* is what one side (the landlord, or the peasants as one team) sets out to reach
from a position, against every defence of the other side:

- ``win``: the side goes out first (what :mod:`dizhu.solve` answers, by another search);
- ``spring``: the side goes out while the other side plays no card from the position on
  (the other side only ever passes; a lead it has to make breaks it);
- ``no_bomb``: the side goes out without playing a bomb (of any class) or the rocket.

:class:`GoalSearch` answers whether the goal is forced (:meth:`~GoalSearch.forced`), every
play of the side to move that forces it (:meth:`~GoalSearch.forcing_plays`), how long the
other side can hold out (:meth:`~GoalSearch.resistance`) and what the other side plays
(:meth:`~GoalSearch.defence`): a play that refutes the goal if one does, else the longest
resistance. It walks the position with ``push_unchecked`` and ``pop`` (leaving it as it
was) and remembers what it settled by :meth:`~dizhu.position.Position.outcome_key`: none of
the goals depends on what was played before the position, so nothing else keys it. It is
exact and unbudgeted: meant for small positions (a puzzle's dozen cards or two).

    >>> from dizhu import Position
    >>> pos = Position.from_text("3BR/4/5 0 0 -")
    >>> [p.text for p in GoalSearch(pos, "spring").forcing_plays(pos)]
    ['single B', 'single R', 'rocket BR']
    >>> [p.text for p in GoalSearch(pos, "no_bomb").forcing_plays(pos)]
    ['single B', 'single R']
"""

from __future__ import annotations

from enum import StrEnum

from ..combos import BOMB_KINDS, Kind, Play
from ..position import Position


class Goal(StrEnum):
    """What the side sets out to reach."""

    WIN = "win"
    SPRING = "spring"
    NO_BOMB = "no_bomb"

    @classmethod
    def of(cls, name: str | Goal) -> Goal:
        """The goal named ``name``; ``ValueError`` naming the goals otherwise."""
        try:
            return cls(name)
        except ValueError:
            raise ValueError(f"unknown goal {name!r}: the goals are "
                             f"{', '.join(g.value for g in cls)}") from None


def is_bomb(play: Play) -> bool:
    """A bomb of any class or the rocket."""
    return play.kind in BOMB_KINDS or play.kind is Kind.ROCKET


LONGEST = 1 << 20
"""The resistance of a position whose goal is not forced (more than any line's plies)."""


class TooBig(Exception):
    """The search expanded more positions than it was allowed."""


class GoalSearch:
    """The search of one goal for one side, the side of ``seat`` in ``position`` (default:
    the seat to move's). What it settles is kept between questions: ask one search about
    the positions of one puzzle, or of one ruleset and side. With ``limit``, a question
    that would expand more than ``limit`` positions in all raises :class:`TooBig`."""

    def __init__(self, position: Position, goal: str | Goal, seat: int | None = None,
                 limit: int | None = None) -> None:
        self.goal = Goal.of(goal)
        seat = position.to_move if seat is None else seat
        if not 0 <= seat < position.seats:
            raise ValueError(f"no seat {seat} to solve for")
        self.landlord_side = seat == position.landlord
        """Whether the side is the landlord (else the peasants)."""
        self._forced: dict[tuple[int, ...], bool] = {}
        self._length: dict[tuple[int, ...], int] = {}
        self.nodes = 0
        """Positions expanded so far."""
        self.limit = limit

    # ----------------------------------------------------------------- questions

    def ours(self, position: Position, seat: int | None = None) -> bool:
        """Whether ``seat`` (default: the seat to move) is of the side."""
        seat = position.to_move if seat is None else seat
        return (seat == position.landlord) == self.landlord_side

    def allowed(self, position: Position, play: Play) -> bool:
        """Whether ``play`` of the seat to move keeps the goal alive (its own plays aside,
        a play never ends a goal: ``no_bomb`` forbids the side's bombs, ``spring`` the
        other side's cards)."""
        if self.ours(position):
            return not (self.goal is Goal.NO_BOMB and is_bomb(play))
        return not (self.goal is Goal.SPRING and not play.is_pass)

    def reached(self, position: Position) -> bool | None:
        """At the end of the play, whether the goal was reached (``None`` while it goes
        on); the caller makes sure no play along the way broke it (:meth:`allowed`)."""
        if position.winner < 0:
            return None
        return (position.winner == position.landlord) == self.landlord_side

    def forced(self, position: Position) -> bool:
        """Whether the side forces the goal from ``position`` against every defence (the
        end of the play: whether it was reached)."""
        reached = self.reached(position)
        if reached is not None:
            return reached
        key = position.outcome_key()
        found = self._forced.get(key)
        if found is not None:
            return found
        self._count()
        plays = _ordered(position)
        if self.ours(position):
            result = any(self._after(position, p) for p in plays if self.allowed(position, p))
        else:
            result = all(self.allowed(position, p) and self._after(position, p)
                         for p in plays)
        self._forced[key] = result
        return result

    def _count(self) -> None:
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise TooBig

    def _after(self, position: Position, play: Play) -> bool:
        position.push_unchecked(play)
        try:
            return self.forced(position)
        finally:
            position.pop()

    def forces(self, position: Position, play: Play) -> bool:
        """Whether ``play`` of the seat to move (a legal one) leaves the goal forced."""
        return self.allowed(position, play) and self._after(position, play)

    def forcing_plays(self, position: Position) -> list[Play]:
        """Every play of the seat to move (of the side) that keeps the goal forced, in
        :meth:`~dizhu.position.Position.legal_plays` order; none when it is not forced or
        the other side is to move."""
        if position.winner >= 0 or not self.ours(position):
            return []
        return [p for p in position.legal_plays() if self.forces(position, p)]

    def refutations(self, position: Position) -> list[Play]:
        """Every play of the other side's seat to move after which the goal is not forced
        (none when the side is to move)."""
        if position.winner >= 0 or self.ours(position):
            return []
        return [p for p in position.legal_plays() if not self.forces(position, p)]

    # ----------------------------------------------------------------- how long

    def resistance(self, position: Position) -> int:
        """Plies (plays and passes) to the goal from ``position``, the side hurrying and
        the other side holding out; :data:`LONGEST` when the goal is not forced."""
        if not self.forced(position):
            return LONGEST
        if position.winner >= 0:
            return 0
        key = position.outcome_key()
        found = self._length.get(key)
        if found is not None:
            return found
        self._count()
        if self.ours(position):
            plies = [self._resistance_after(position, p) for p in position.legal_plays()
                     if self.forces(position, p)]
            result = 1 + min(plies)
        else:
            result = 1 + max(self._resistance_after(position, p)
                             for p in position.legal_plays())
        self._length[key] = result
        return result

    def _resistance_after(self, position: Position, play: Play) -> int:
        position.push_unchecked(play)
        try:
            return self.resistance(position)
        finally:
            position.pop()

    def quickest(self, position: Position) -> Play | None:
        """The side's forcing play (of the seat to move) that reaches the goal soonest
        against the longest resistance, the first in legal order among equals; ``None``
        when none forces it."""
        best: tuple[int, Play] | None = None
        for play in self.forcing_plays(position):
            plies = self._resistance_after(position, play)
            if best is None or plies < best[0]:
                best = plies, play
        return None if best is None else best[1]

    def defence(self, position: Position) -> Play:
        """The other side's play at ``position`` (its seat to move): a play that refutes
        the goal when there is one (the first in search order: going out first, then more
        cards), else the one that holds out longest (the first in legal order among
        equals)."""
        if position.winner >= 0 or self.ours(position):
            raise ValueError("the defence is not to move")
        refuting = set(self.refutations(position))
        if refuting:
            return next(p for p in _ordered(position) if p in refuting)
        best: tuple[int, Play] | None = None
        for play in position.legal_plays():
            plies = self._resistance_after(position, play)
            if best is None or plies > best[0]:
                best = plies, play
        assert best is not None
        return best[1]


def _ordered(position: Position) -> list[Play]:
    """The legal plays, going out first, then the plays of more cards (the solver's
    order: the answers come sooner, not otherwise)."""
    hand = position.hands[position.to_move]
    return sorted(position.legal_plays(), key=lambda p: (p.cards != hand, -p.size))


def forced(position: Position, goal: str | Goal, seat: int | None = None) -> bool:
    """Whether the side of ``seat`` (default: the seat to move's) forces ``goal`` from
    ``position``, with a search made for the call."""
    return GoalSearch(position, goal, seat).forced(position)


def forcing_plays(position: Position, goal: str | Goal) -> list[Play]:
    """Every play of the seat to move that forces ``goal`` for its side."""
    return GoalSearch(position, goal).forcing_plays(position)


def defence(position: Position, goal: str | Goal, seat: int) -> Play:
    """The play of the seat to move against the side of ``seat`` seeking ``goal``
    (:meth:`GoalSearch.defence`)."""
    return GoalSearch(position, goal, seat).defence(position)
