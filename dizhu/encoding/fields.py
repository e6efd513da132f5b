"""The named fields of an observation, one after another in a flat vector, and what the
encodings of one ruleset share (seats relative to the observer, the auction's fields, and
for the rulesets with wild cards the fields :data:`WILD_FIELDS` that end the vector)."""

from __future__ import annotations

from dataclasses import dataclass
from operator import itemgetter

import numpy as np

from ..cards import NUM_RANKS, count_of, counts
from ..combos import Play
from ..deal import Deal
from ..position import Position
from ..rules import RuleSet
from .rows import _MOST_DOUBLINGS, _NO_CARDS, _rank_row


def wild_fields(rules: RuleSet) -> tuple[Field, ...]:
    """The fields that end the vector of a ruleset with wild cards (none for the others,
    whose vectors stay as they were): ``wild``, 1 for each wild rank drawn so far (none
    in ``laizi``'s auction), and ``top_read``, the ranks the top of the trick is read as
    (its physical cards are ``top``; zeros when leading)."""
    if not rules.wild_ranks:
        return ()
    return (Field("wild", (NUM_RANKS,), 1), Field("top_read", (NUM_RANKS,), per_rank(rules)))


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
        self.wild = bool(rules.wild_ranks)
        """Whether the vector ends with the wild fields (:func:`wild_fields`)."""
        self._stake_at = self.layout["stake"].start
        self._wild_rows: dict[tuple[int, ...], bytes] = {}

    def top_of(self, position: Position) -> tuple[bytes, int]:
        """The top of the trick of ``position`` (a position of this ruleset) as rank counts
        in bytes and its kind (zeros and -1 when leading); remembered by play id."""
        top = position.top
        if top is None:
            return _NO_CARDS, -1
        found = (_rank_row(top.cards), top.kind)
        if not self.wild:  # a wild deal's play ids are its wild ranks' own
            self._tops[position.top_id] = found
        return found

    def wild_bytes(self, position: Position) -> bytes:
        """The wild fields (:func:`wild_fields`) of ``position``, as bytes."""
        wild = position.wild
        row = self._wild_rows.get(wild)
        if row is None:
            row = self._wild_rows[wild] = bytes(int(r in wild) for r in range(NUM_RANKS))
        top = position.top
        return row + (_rank_row(top.stands_for) if top is not None else _NO_CARDS)

    def wild_view(self, field: dict[str, np.ndarray], wild: tuple[int, ...],
                  top: Play | None) -> None:
        """Write the wild fields of a view's ``wild`` ranks and ``top`` into ``field``."""
        for rank in wild:
            field["wild"][rank] = 1
        if top is not None:
            field["top_read"][:] = counts(top.stands_for)

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
