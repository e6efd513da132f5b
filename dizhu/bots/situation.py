"""The table from one seat's side: partner, opponents, who is close to going out.

Everything here is derived from a :class:`~dizhu.view.SeatView` alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import from_counts
from ..combos import Play
from ..view import SeatView


@dataclass(frozen=True)
class Situation:
    seat: int
    landlord: int
    hand: int
    """This seat's cards as rank counts."""
    left: tuple[int, ...]
    top: Play | None
    top_seat: int
    unseen: int
    """Rank counts of the cards neither in this hand nor played."""

    @classmethod
    def of(cls, view: SeatView) -> Situation:
        return cls(view.seat, view.landlord, view.hand_ranks, view.cards_left, view.top,
                   view.top_seat, from_counts(view.count_strip().unseen))

    @property
    def is_landlord(self) -> bool:
        return self.seat == self.landlord

    @property
    def partner(self) -> int | None:
        if self.is_landlord:
            return None
        return 3 - self.seat - self.landlord

    @property
    def opponents(self) -> tuple[int, ...]:
        if self.is_landlord:
            return tuple(s for s in range(3) if s != self.seat)
        return (self.landlord,)

    @property
    def next_seat(self) -> int:
        return (self.seat + 1) % 3

    @property
    def before_landlord(self) -> bool:
        """A peasant seated just before the landlord (the landlord answers it directly)."""
        return not self.is_landlord and self.next_seat == self.landlord

    @property
    def danger(self) -> int:
        """Fewest cards an opponent holds."""
        return min(self.left[s] for s in self.opponents)

    @property
    def partner_on_top(self) -> bool:
        return self.top is not None and self.top_seat == self.partner
