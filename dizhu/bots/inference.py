"""Card counting from a view: which cards another seat may still hold.

Certain: the cards this seat cannot see are the unseen ones; the kitty's cards the landlord
has not played are the landlord's. Likely: a seat that passed on an opponent's play while
holding plenty of cards does not hold a play of that kind that beats it (bombs aside).
"""

from __future__ import annotations

from ..cards import NUM_RANKS, UNIT, count_of, ranks_of_cards
from ..combos import Kind, Play
from ..movegen import MoveGenerator
from ..view import SeatView

_BOMBS = (Kind.BOMB, Kind.ROCKET)


def landlord_known(view: SeatView) -> int:
    """Rank counts the landlord surely still holds (the kitty, less what it played)."""
    if view.landlord < 0 or view.kitty is None:
        return 0
    kitty = ranks_of_cards(view.kitty)
    played = view.played[view.landlord]
    return sum(max(0, count_of(kitty, r) - count_of(played, r)) * UNIT[r]
               for r in range(NUM_RANKS))


def passed_on(view: SeatView) -> dict[int, list[Play]]:
    """For each seat, the opponents' plays it passed on while holding more than 2 cards."""
    out: dict[int, list[Play]] = {s: [] for s in range(view.seats)}
    landlord = view.landlord
    for entry in view.history:
        if entry.top is None or not entry.action.is_pass or entry.held <= 2:
            continue
        if (entry.seat == landlord) != (entry.top_seat == landlord):
            out[entry.seat].append(entry.top)
    return out


def consistent(hand: int, passes: list[Play], generator: MoveGenerator) -> bool:
    """Whether ``hand`` fits the passes: no non-bomb play beating any of them."""
    for top in passes:
        for play in generator.follow(hand, top):
            if not play.is_pass and play.kind not in _BOMBS:
                return False
    return True
