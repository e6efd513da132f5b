"""``rob``: rob-the-landlord (抢地主; seed 001 names it, the apps use it).

Everything is ``classic`` but the auction: seats call or decline in turn until one calls;
then every other seat that did not decline may rob once, in turn after the caller, and if
anyone robbed the caller may rob back. The last to call or rob is the landlord; the stake
starts at 1 and each rob doubles it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..auction import CALL_BID, PASS_BID, ROB_BID, Auction, AuctionState, Bid
from ..rules import RuleSet

_CALLING = (CALL_BID, PASS_BID)
_ROBBING = (PASS_BID, ROB_BID)


class RobAuction(Auction):
    """Call, then rob (docs/rules.md, ``rob``)."""

    name = "rob"
    answers = (PASS_BID, CALL_BID, ROB_BID)

    def state(self, seats: int, opener: int, bids: Sequence[tuple[int, Bid]]) -> AuctionState:
        answers = iter(bid for _, bid in bids)
        declined = set()
        caller = -1
        for k in range(seats):
            seat = (opener + k) % seats
            bid = next(answers, None)
            if bid is None:
                return AuctionState(seat, _CALLING)
            if bid == CALL_BID:
                caller = seat
                break
            declined.add(seat)
        if caller < 0:
            return AuctionState(-1, (), thrown_in=True)
        landlord, robs = caller, 0
        robbers = [(caller + k) % seats for k in range(1, seats)]
        for seat in [s for s in robbers if s not in declined]:
            bid = next(answers, None)
            if bid is None:
                return AuctionState(seat, _ROBBING, stake=1 << robs, robs=robs)
            if bid == ROB_BID:
                landlord, robs = seat, robs + 1
        if robs:
            bid = next(answers, None)
            if bid is None:
                return AuctionState(caller, _ROBBING, stake=1 << robs, robs=robs)
            if bid == ROB_BID:
                landlord, robs = caller, robs + 1
        return AuctionState(-1, (), landlord, 1 << robs, robs)

    def stakes(self, seats: int) -> tuple[int, ...]:
        return tuple(1 << robs for robs in range(seats + 1))

    def ended(self, landlord: int, stake: int) -> AuctionState:
        return AuctionState(-1, (), landlord, stake, stake.bit_length() - 1)


@dataclass(frozen=True)
class Rob(RuleSet):
    """Classic with the call-and-rob auction."""

    name = "rob"
    title = "Rob the landlord"
    chinese = "抢地主"
    summary = "three players, one pack, call then rob: each rob doubles the stake"
    auction = RobAuction()


ROB = Rob()
