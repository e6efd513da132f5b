"""Auctions and the optional doubling (docs/rules.md, Auction).

Actions of these phases are small interned values. A :class:`Bid` is any answer in an
auction, named by its token: ``pass``, ``1``, ``2``, ``3`` in the points auction; ``call``,
``rob`` and ``pass`` in rob-the-landlord. ``DOUBLE`` and ``NO_DOUBLE`` answer the doubling
question (for the landlord they mean redouble or not).

An :class:`Auction` is a protocol without state: given the seats, the opening seat and the
answers so far it says whose turn it is and what they may answer, or how the auction ended
(:class:`AuctionState`). A deal keeps the answers; taking one back is forgetting it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .reasons import Reason


class Bid:
    """An answer in an auction, by token: ``pass``, ``1``..``3``, ``call`` or ``rob``."""

    __slots__ = ("token", "value")

    token: str
    value: int
    """The points of a bid (1..3); 0 for a pass, a call or a rob."""

    def __init__(self, token: str) -> None:
        self.token = token
        self.value = int(token) if token.isdigit() else 0

    @property
    def is_pass(self) -> bool:
        return self.token == "pass"

    @property
    def text(self) -> str:
        """``bid 2``, ``bid pass``, ``bid call``, ``bid rob``: unique among all actions."""
        return f"bid {self.token}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Bid) and other.token == self.token

    def __hash__(self) -> int:
        return hash(("bid", self.token))

    def __str__(self) -> str:
        if self.value:
            return f"bid {self.value}"
        return {"pass": "pass", "call": "call", "rob": "rob"}[self.token]

    def __repr__(self) -> str:
        return f"Bid({self.token!r})"


class Double:
    """An answer in the doubling phase: a peasant doubles or not, the landlord redoubles
    or not."""

    __slots__ = ("yes",)

    def __init__(self, yes: bool) -> None:
        self.yes = yes

    @property
    def text(self) -> str:
        return "double" if self.yes else "no double"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Double) and other.yes == self.yes

    def __hash__(self) -> int:
        return hash(("double", self.yes))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Double({self.yes})"


PASS_BID = Bid("pass")
BID = (PASS_BID, Bid("1"), Bid("2"), Bid("3"))
"""``BID[0]`` is a pass, ``BID[1..3]`` the bids of the points auction."""
CALL_BID = Bid("call")
ROB_BID = Bid("rob")
BIDS = {b.token: b for b in (*BID, CALL_BID, ROB_BID)}
"""Every answer by token."""
DOUBLE = Double(True)
NO_DOUBLE = Double(False)
MAX_BID = 3


def bid_of(token: str | int) -> Bid:
    """The answer named by a token (``"2"``, ``2``, ``"call"``); old records give points
    bids as numbers, 0 for a pass. Raises ``ValueError`` for anything else."""
    if isinstance(token, int) and not isinstance(token, bool):
        token = "pass" if token == 0 else str(token)
    bid = BIDS.get(str(token).strip().lower())
    if bid is None:
        raise ValueError(Reason("no_such_answer", f"{token!r} is no answer in an auction: the "
                                f"answers are {', '.join(BIDS)}", answer=str(token)))
    return bid


@dataclass(frozen=True)
class AuctionState:
    """Where an auction stands after some answers."""

    to_move: int
    """The seat to answer next; -1 once the auction is over."""
    legal: tuple[Bid, ...]
    """What that seat may answer (empty once over)."""
    landlord: int = -1
    """The landlord once the auction is over (-1 while it goes on, or thrown in)."""
    stake: int = 0
    """The stake so far: the highest bid, or 2 to the number of robs once called."""
    robs: int = 0
    thrown_in: bool = False

    @property
    def over(self) -> bool:
        return self.to_move < 0


class Auction:
    """An auction protocol (stateless); subclasses define :meth:`state`."""

    name = "auction"
    answers: tuple[Bid, ...] = ()
    """Every answer this auction knows, in a fixed order."""

    def state(self, seats: int, opener: int, bids: Sequence[tuple[int, Bid]]) -> AuctionState:
        """Where the auction stands after ``bids`` ((seat, answer) in order, each legal)."""
        raise NotImplementedError

    def stakes(self, seats: int) -> tuple[int, ...]:
        """Every stake an auction can end with."""
        raise NotImplementedError

    def ended(self, landlord: int, stake: int) -> AuctionState:
        """The state of an auction that ended with ``landlord`` and ``stake`` (for deals
        that skip it)."""
        return AuctionState(-1, (), landlord, stake)

    def why_illegal(self, state: AuctionState, bid: Bid) -> str | None:
        """Why ``bid`` cannot be answered now (``None`` when it can)."""
        if state.over:
            return Reason("auction_over", "the auction is over")
        if bid in state.legal:
            return None
        return Reason("not_an_answer", f"{bid} is not an answer now: answer "
                      f"{' or '.join(map(str, state.legal))}", answer=bid.token,
                      answers=[b.token for b in state.legal])


class PointsAuction(Auction):
    """The classic auction (seeds 000, 001): each seat answers once, in seat order from the
    opener, a pass or a bid higher than the highest so far; the top bid ends it at once,
    everybody passing throws the deal in."""

    name = "points"

    def __init__(self, max_bid: int = MAX_BID) -> None:
        self.max_bid = max_bid
        self.answers = BID[:max_bid + 1]

    def state(self, seats: int, opener: int, bids: Sequence[tuple[int, Bid]]) -> AuctionState:
        high, high_seat = 0, -1
        for seat, bid in bids:
            if bid.value:
                high, high_seat = bid.value, seat
        if high == self.max_bid or len(bids) == seats:
            if not high:
                return AuctionState(-1, (), thrown_in=True)
            return AuctionState(-1, (), high_seat, high)
        return AuctionState((opener + len(bids)) % seats,
                            (PASS_BID, *BID[high + 1:self.max_bid + 1]), stake=high)

    def stakes(self, seats: int) -> tuple[int, ...]:
        return tuple(range(1, self.max_bid + 1))

    def why_illegal(self, state: AuctionState, bid: Bid) -> str | None:
        if not state.over and bid not in state.legal and bid in self.answers:
            return Reason("bid_too_low", f"a bid must be higher than {state.stake}",
                          high=state.stake)
        return super().why_illegal(state, bid)


POINTS = PointsAuction()
