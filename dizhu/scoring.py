"""The score of a deal: stake, multipliers and each seat's settlement (docs/rules.md, Scoring)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ScoreSheet:
    """Everything that went into a deal's score, and the scores themselves."""

    landlord: int
    landlord_won: bool
    bid: int
    """The stake the auction ended with: the winning bid, or 2 to the number of robs."""
    bombs: int
    """Bombs that doubled the stake (in ``four`` those of six cards or more)."""
    rockets: int
    spring: bool
    anti_spring: bool
    doubled: tuple[bool, ...]
    """Per seat: whether that peasant doubled (always False for the landlord)."""
    redoubled: bool
    scores: tuple[int, ...]
    robs: int = 0
    """Robs in a rob-the-landlord auction (each doubled the starting stake of 1)."""
    bombs_played: int = 0
    """Bombs played, whether they doubled or not (in ``four`` those of four and five
    cards do not): ``bombs`` of them doubled."""

    @property
    def stake(self) -> int:
        """Bid doubled once per bomb, rocket, spring and anti-spring."""
        return stake_of(self.bid, self.bombs + self.rockets + self.spring + self.anti_spring)

    @property
    def multiplier(self) -> int:
        """The stake divided by the bid."""
        return self.stake // self.bid

    def to_json(self) -> dict:
        return {
            "landlord": self.landlord, "landlord_won": self.landlord_won, "bid": self.bid,
            "bombs": self.bombs, "rockets": self.rockets, "spring": self.spring,
            "anti_spring": self.anti_spring, "doubled": list(self.doubled),
            "redoubled": self.redoubled, "stake": self.stake, "scores": list(self.scores),
            "robs": self.robs, "bombs_played": self.bombs_played,
        }


def stake_of(bid: int, doublings: int) -> int:
    """The bid doubled ``doublings`` times."""
    return bid << doublings


def score_deal(*, landlord: int, landlord_won: bool, bid: int, bombs: int, rockets: int,
               spring: bool, anti_spring: bool, doubled: tuple[bool, ...] | None = None,
               redoubled: bool = False, seats: int = 3, robs: int = 0,
               bombs_played: int | None = None) -> ScoreSheet:
    """Settle a finished deal.

    Each peasant settles with the landlord: the stake, times 2 if that peasant doubled and
    times 2 again if the landlord then redoubled. The landlord gets minus the sum, so the
    scores always sum to zero (without doubling: peasants ±stake, the landlord ∓ the stake
    once per peasant: twice with three seats, three times with four). ``bombs_played``:
    all the bombs played, those that did not double too (``bombs`` when not given).
    """
    stake = stake_of(bid, bombs + rockets + spring + anti_spring)
    doubled = doubled or (False,) * seats
    sign = -1 if landlord_won else 1
    scores = [0] * seats
    for seat in range(seats):
        if seat == landlord:
            continue
        amount = stake
        if doubled[seat]:
            amount *= 4 if redoubled else 2
        scores[seat] = sign * amount
    scores[landlord] = -sum(scores)
    return ScoreSheet(landlord, landlord_won, bid, bombs, rockets, spring, anti_spring,
                      tuple(doubled), redoubled, tuple(scores), robs,
                      bombs if bombs_played is None else bombs_played)
