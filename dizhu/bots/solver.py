"""An exact solver for the play phase with every hand known (an endgame, or one guess of
the hidden cards): does the landlord win with best play by both sides?

The peasants are one team. The search walks a :class:`~dizhu.position.Position` with push
and pop, stops at the first winning answer for the side to move and remembers every
position it settled; a node limit keeps it from running away (then it answers ``None``).
"""

from __future__ import annotations

from ..combos import Play
from ..position import Position


class NodeLimit(Exception):
    """The solver used up its node budget."""


class Solver:
    __slots__ = ("limit", "memo", "nodes")

    def __init__(self) -> None:
        self.memo: dict[tuple[int, ...], bool] = {}
        self.nodes = 0
        self.limit = 0

    def landlord_wins(self, pos: Position, limit: int = 200_000) -> bool | None:
        """The result of best play from ``pos``, or ``None`` past ``limit`` nodes."""
        self.nodes = 0
        self.limit = limit
        try:
            return self._wins(pos)
        except NodeLimit:
            return None

    def after(self, pos: Position, play: Play, limit: int = 200_000) -> bool | None:
        """Whether the landlord wins once the seat to move makes ``play`` (``pos`` is left
        as it was)."""
        self.nodes = 0
        self.limit = limit
        pos.push_unchecked(play)
        try:
            return pos.landlord_won if pos.is_over else self._wins(pos)
        except NodeLimit:
            return None
        finally:
            pos.pop()

    def _wins(self, pos: Position) -> bool:
        key = pos.outcome_key()  # who wins: the score's counters do not matter
        memo = self.memo
        found = memo.get(key)
        if found is not None:
            return found
        self.nodes += 1
        if self.nodes > self.limit:
            raise NodeLimit
        hand = pos.hands[pos.to_move]
        moves = pos.legal_plays()
        landlord_moves = pos.to_move == pos.landlord
        # going out first, then bigger plays: good moves early make cut-offs early
        moves.sort(key=lambda p: (p.cards != hand, -p.size))
        result = not landlord_moves
        for play in moves:
            pos.push_unchecked(play)
            try:
                won = pos.landlord_won if pos.is_over else self._wins(pos)
            finally:
                pos.pop()
            if won == landlord_moves:
                result = landlord_moves
                break
        memo[key] = result
        return result

