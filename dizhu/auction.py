"""The classic points auction and the optional doubling (RULES.md, Auction).

Actions of these phases are small interned values: ``BID[0]`` is a pass, ``BID[1..3]`` the
bids; ``DOUBLE`` and ``NO_DOUBLE`` answer the doubling question (for the landlord they mean
redouble or not).
"""

from __future__ import annotations


class Bid:
    """An answer in the auction: 0 is a pass, 1..3 a bid."""

    __slots__ = ("value",)

    def __init__(self, value: int) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Bid) and other.value == self.value

    def __hash__(self) -> int:
        return hash(("bid", self.value))

    def __str__(self) -> str:
        return f"bid {self.value}" if self.value else "no bid"

    def __repr__(self) -> str:
        return f"Bid({self.value})"


class Double:
    """An answer in the doubling phase: a peasant doubles or not, the landlord redoubles
    or not."""

    __slots__ = ("yes",)

    def __init__(self, yes: bool) -> None:
        self.yes = yes

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Double) and other.yes == self.yes

    def __hash__(self) -> int:
        return hash(("double", self.yes))

    def __str__(self) -> str:
        return "double" if self.yes else "no double"

    def __repr__(self) -> str:
        return f"Double({self.yes})"


MAX_BID = 3
BID = tuple(Bid(v) for v in range(MAX_BID + 1))
DOUBLE = Double(True)
NO_DOUBLE = Double(False)


def legal_bids(high_bid: int, max_bid: int = MAX_BID) -> list[Bid]:
    """A pass, or any bid strictly higher than the highest so far."""
    return [BID[0], *BID[high_bid + 1:max_bid + 1]]


def auction_over(answers: int, high_bid: int, seats: int = 3, max_bid: int = MAX_BID) -> bool:
    """The auction ends at once on the top bid, otherwise when every seat has answered."""
    return high_bid == max_bid or answers == seats

