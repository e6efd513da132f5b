"""The table from one seat's side: partners, opponents, who is close to going out.

Everything here is derived from a :class:`~dizhu.view.SeatView` alone, for any number of
seats: the landlord plays alone against every peasant, and the peasants are partners.
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
    eager: bool = False
    """The seat plays ``normal``'s eager style: following, every trick is urgent to it, a
    partner's too, so it plays whenever it can (the search bots imagine another seat so
    when its plays and passes say so: :mod:`.likelihood`)."""

    @classmethod
    def of(cls, view: SeatView) -> Situation:
        return cls(view.seat, view.landlord, view.hand_ranks, view.cards_left, view.top,
                   view.top_seat, from_counts(view.count_strip().unseen))

    @property
    def seats(self) -> int:
        return len(self.left)

    @property
    def is_landlord(self) -> bool:
        return self.seat == self.landlord

    @property
    def partners(self) -> tuple[int, ...]:
        """The other peasants (none for the landlord)."""
        if self.is_landlord:
            return ()
        return tuple(s for s in range(self.seats) if s not in (self.seat, self.landlord))

    @property
    def opponents(self) -> tuple[int, ...]:
        if self.is_landlord:
            return tuple(s for s in range(self.seats) if s != self.seat)
        return (self.landlord,)

    @property
    def next_seat(self) -> int:
        return (self.seat + 1) % self.seats

    @property
    def before_landlord(self) -> bool:
        """A peasant seated just before the landlord (the landlord answers it directly)."""
        return not self.is_landlord and self.next_seat == self.landlord

    @property
    def danger(self) -> int:
        """Fewest cards an opponent holds."""
        return min(self.left[s] for s in self.opponents)

    @property
    def closest_partner(self) -> int | None:
        """The partner with the fewest cards (the next in turn among equals), or ``None``."""
        partners = self.partners
        if not partners:
            return None
        return min(partners, key=lambda s: (self.left[s], (s - self.seat) % self.seats))

    @property
    def partner_on_top(self) -> bool:
        return self.top is not None and self.top_seat in self.partners
