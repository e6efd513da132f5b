"""Where the solver meets :class:`~dizhu.position.Position`: what it reads of one.

The searches never touch the caller's position: :meth:`Start.of` reads the state the
answer depends on (the hands, the landlord, the trick, and the scoring counters: who has
played, for spring and anti-spring, and the doublings so far), and :meth:`Start.position`
makes a fresh position from it for the pure search to walk and for a line to be replayed
on.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..combos import Play
from ..position import Position
from ..rules import RuleSet
from .values import spring_state


@dataclass(frozen=True)
class Start:
    """What a solve starts from."""

    rules: RuleSet
    hands: tuple[int, ...]
    landlord: int
    to_move: int
    """The seat to move; -1 once a hand is empty."""
    top: Play | None
    top_seat: int
    plays_made: tuple[int, ...]
    """Plays (not passes) each seat has made in the deal, for spring and anti-spring."""
    bombs: int
    """Bombs that doubled the stake so far."""
    rockets: int
    winner: int
    """The seat that went out, or -1."""
    wild: tuple[int, ...] = ()
    """The deal's wild ranks (none in the rulesets without wild cards)."""

    @classmethod
    def of(cls, position: Position) -> Start:
        return cls(position.rules, tuple(position.hands), position.landlord,
                   position.to_move, position.top, position.top_seat,
                   tuple(position.plays_made), position.bombs, position.rockets,
                   position.winner, position.wild)

    @property
    def spring(self) -> int:
        """The spring state (:mod:`dizhu.solve.values`)."""
        return spring_state(self.plays_made, self.landlord)

    def position(self) -> Position:
        """A fresh position in this state, its counters included."""
        pos = Position(self.rules, list(self.hands), self.landlord, self.to_move, self.top,
                       self.top_seat, wild=self.wild)
        pos.plays_made = list(self.plays_made)
        pos.bombs, pos.rockets = self.bombs, self.rockets
        return pos
