"""The named fields of an observation, one after another in a flat vector, and what the
encodings of one ruleset share (seats relative to the observer, the auction's fields)."""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter

import numpy as np

from ..cards import NUM_RANKS, count_of
from ..deal import Deal
from ..position import Position
from ..rules import RuleSet
from .rows import _MOST_DOUBLINGS, _NO_CARDS, _rank_row


@dataclass(frozen=True)
class Field:
    """One named part of the observation."""

    name: str
    shape: tuple[int, ...]
    high: int

    @property
    def size(self) -> int:
        return int(np.prod(self.shape))


class Fields:
    """Named fields one after another in a flat vector, every field relative to the
    observing seat: what the encodings of one ruleset share."""

    def __init__(self, rules: RuleSet, fields: tuple[Field, ...]) -> None:
        n = self.seats = rules.seats
        self.rules = rules
        self.fields = fields
        self.layout: dict[str, slice] = {}
        start = 0
        for f in fields:
            self.layout[f.name] = slice(start, start + f.size)
            start += f.size
        self.size = start
        self.high = np.concatenate([np.full(f.size, f.high, np.float32) for f in fields])
        self.answers = {bid: i for i, bid in enumerate(rules.auction.answers)}
        self._orders = tuple(tuple((seat + k) % n for k in range(n)) for seat in range(n))
        self._in_order = tuple(itemgetter(*order) for order in self._orders)
        """Per observing seat: a per-seat sequence as a tuple in relative order."""
        self._relative = tuple({s: (s - seat) % n for s in range(n)} for seat in range(n))
        self._tops: dict[int, tuple[bytes, int]] = {-1: (_NO_CARDS, -1)}
        """Per play id of the ruleset's universe: :meth:`top_of`."""
        self._no_auction = bytes(n * len(self.answers) + n)
        """No bid and no double yet (the bids and doubled fields): play-only deals."""

    def top_of(self, position: Position) -> tuple[bytes, int]:
        """The top of the trick of ``position`` (a position of this ruleset) as rank counts
        in bytes and its kind (zeros and -1 when leading); remembered by play id."""
        top = position.top
        found = self._tops[position.top_id] = (_rank_row(top.cards), top.kind)
        return found

    def split(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """The flat vector as named fields, shaped as the table says (views, not copies)."""
        return {f.name: vector[self.layout[f.name]].reshape(f.shape) for f in self.fields}

    def auction_bytes(self, deal: Deal, seat: int) -> bytes:
        """The bids and doubled fields, one after the other, as bytes."""
        if not (deal.bids or deal.redoubled or True in deal.doubled):
            return self._no_auction
        relative = self._relative[seat]
        width, answers = len(self.answers), self.answers
        bids_seen = [0] * (self.seats * width)
        for s, bid in deal.bids:
            bids_seen[relative[s] * width + answers[bid]] += 1
        landlord = deal.landlord
        doubled = [deal.redoubled if s == landlord else deal.doubled[s]
                   for s in self._orders[seat]]
        return bytes([*bids_seen, *doubled])


def per_rank(rules: RuleSet) -> int:
    """The most cards of one rank the ruleset's deck has."""
    return max(count_of(rules.deck, r) for r in range(NUM_RANKS))


def top_stake(rules: RuleSet) -> int:
    """The highest stake a deal of the ruleset can reach before spring and doubling."""
    return max(rules.auction.stakes(rules.seats)) << _MOST_DOUBLINGS
