"""An exact solver for the play phase with every hand known (an endgame, or one guess of
the hidden cards): does the landlord win with best play by both sides?

The peasants are one team. The search stops at the first winning answer for the side to
move and remembers every position it settled; a node limit keeps it from running away
(then it answers ``None``).
"""

from __future__ import annotations

from itertools import product

from ..cards import NUM_RANKS, UNIT
from ..combos import Play
from ..movegen import follow_plays, lead_plays


class NodeLimit(Exception):
    """The solver used up its node budget."""


class Solver:
    __slots__ = ("distinct", "landlord", "limit", "memo", "nodes")

    def __init__(self, landlord: int, distinct_kickers: bool = False) -> None:
        self.landlord = landlord
        self.distinct = distinct_kickers
        self.memo: dict[tuple, bool] = {}
        self.nodes = 0
        self.limit = 0

    def landlord_wins(self, hands: tuple[int, int, int], to_move: int, top: Play | None,
                      top_seat: int, passes: int, limit: int = 200_000) -> bool | None:
        """The result of best play from this position, or ``None`` past ``limit`` nodes."""
        self.nodes = 0
        self.limit = limit
        try:
            return self._wins(hands, to_move, top, top_seat, passes)
        except NodeLimit:
            return None

    def after(self, hands: tuple[int, int, int], to_move: int, top: Play | None,
              top_seat: int, passes: int, play: Play, limit: int = 200_000) -> bool | None:
        """Whether the landlord wins once ``to_move`` makes ``play``."""
        self.nodes = 0
        self.limit = limit
        try:
            return self._step(hands, to_move, top, top_seat, passes, play)
        except NodeLimit:
            return None

    def _step(self, hands, to_move, top, top_seat, passes, play) -> bool:
        if play.is_pass:
            if passes == 1:
                return self._wins(hands, top_seat, None, -1, 0)
            return self._wins(hands, (to_move + 1) % 3, top, top_seat, 1)
        left = hands[to_move] - play.cards
        if not left:
            return to_move == self.landlord
        nxt = list(hands)
        nxt[to_move] = left
        return self._wins(tuple(nxt), (to_move + 1) % 3, play, to_move, 0)

    def _wins(self, hands, to_move, top, top_seat, passes) -> bool:
        key = (hands, to_move, top, top_seat, passes)
        memo = self.memo
        found = memo.get(key)
        if found is not None:
            return found
        self.nodes += 1
        if self.nodes > self.limit:
            raise NodeLimit
        hand = hands[to_move]
        moves = lead_plays(hand, self.distinct) if top is None else \
            follow_plays(hand, top, self.distinct)
        landlord_moves = to_move == self.landlord
        # going out first, then bigger plays: good moves early make cut-offs early
        moves.sort(key=lambda p: (p.cards != hand, -p.size))
        result = not landlord_moves
        for play in moves:
            if self._step(hands, to_move, top, top_seat, passes, play) == landlord_moves:
                result = landlord_moves
                break
        memo[key] = result
        return result


def splits(unseen: list[int], first: int) -> list[tuple[int, int]]:
    """Every way to give ``first`` of the unseen cards (counts per rank) to one seat and
    the rest to the other, as pairs of rank counts."""
    ranks = [r for r in range(NUM_RANKS) if unseen[r]]
    everything = sum(unseen[r] * UNIT[r] for r in ranks)
    out = []
    for choice in product(*(range(unseen[r] + 1) for r in ranks)):
        if sum(choice) == first:
            one = sum(k * UNIT[r] for k, r in zip(choice, ranks, strict=True))
            out.append((one, everything - one))
    return out
