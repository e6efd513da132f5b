"""The default observation: what one seat may know, as one vector of numbers.

Every field is relative to the observing seat: where a field has one entry per seat, entry
0 is the observing seat, entry 1 the seat after it (the next to act after it), and so on.
Rank counts have one entry per rank, ``3456789TJQKA2BR``. The fields, in the order the flat
vector holds them (:attr:`Encoding.layout` gives each one's slice):

========== ============ ==========================================================
field      shape        meaning
========== ============ ==========================================================
hand       (15,)        the seat's own cards, as rank counts
played     (seats, 15)  the cards each seat has played so far
kitty      (15,)        the kitty once it is turned up (zeros before)
top        (15,)        the cards on top of the trick (zeros when leading)
cards_left (seats,)     how many cards each seat holds
plays_made (seats,)     how many plays (not passes) each seat has made
landlord   (seats,)     one-hot: the landlord (zeros while the auction is on)
to_move    (seats,)     one-hot: the seat to act (zeros once the deal is over)
top_seat   (seats,)     one-hot: who played the top of the trick
top_kind   (15,)        one-hot: the top's kind, ``dizhu.combos.Kind`` order
phase      (5,)         one-hot: ``dizhu.deal.Phase`` order (auction, doubling, play,
                        over, thrown in)
bids       (seats, A)   how many times each seat gave each auction answer, in the
                        protocol's order (A: 4 for points, 3 for rob)
doubled    (seats,)     1 for a peasant who doubled, or a landlord who redoubled
stake      (1,)         the stake now: the auction's stake doubled per doubling bomb
                        and rocket so far (before spring, anti-spring and doubling)
========== ============ ==========================================================

Everything here is in :class:`~dizhu.view.SeatView`: :meth:`Encoding.from_view` encodes a
view; :meth:`Encoding.from_deal` gives the same vector from the deal without building the
view (the view replays every suited card; the vector needs none), reading only the seat's
own hand and what is public.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import itemgetter

import numpy as np

from ..auction import Bid
from ..cards import FIELD_BITS, NUM_RANKS, TWO, count_of, counts, ranks_of_cards
from ..combos import Kind, Play
from ..deal import Deal, Phase
from ..rules import RuleSet
from ..scoring import stake_of
from ..view import SeatView

KINDS = tuple(Kind)
PHASES = tuple(Phase)
_MOST_ANSWERS = 2
"""The most times one seat gives one answer in an auction of the family (rob's caller may
rob back; every other answer is given once at most)."""
_MOST_DOUBLINGS = TWO + 2
"""At most one doubling bomb per rank 3..2 (four cards of a pack; six or more of two
packs), and the rocket."""


_SHIFTS = tuple(FIELD_BITS * r for r in range(NUM_RANKS))
_FIELD = (1 << FIELD_BITS) - 1
_ROWS: dict[int, bytes] = {}
_MOST_ROWS = 1 << 16


def _rank_row(cards: int) -> bytes:
    """Rank counts as 15 bytes, one count per rank (remembered: hands and played cards
    change one seat at a time, so most rows were seen a step before)."""
    row = _ROWS.get(cards)
    if row is None:
        if len(_ROWS) >= _MOST_ROWS:
            _ROWS.clear()
        row = _ROWS[cards] = bytes([(cards >> shift) & _FIELD for shift in _SHIFTS])
    return row


@dataclass(frozen=True)
class Field:
    """One named part of the observation."""

    name: str
    shape: tuple[int, ...]
    high: int

    @property
    def size(self) -> int:
        return int(np.prod(self.shape))


class Encoding:
    """The default observation of one ruleset (see the module's table)."""

    def __init__(self, rules: RuleSet) -> None:
        n = self.seats = rules.seats
        self.rules = rules
        per_rank = max(count_of(rules.deck, r) for r in range(NUM_RANKS))
        most_cards = rules.hand_size + rules.kitty_size
        self.answers = {bid: i for i, bid in enumerate(rules.auction.answers)}
        top_stake = max(rules.auction.stakes(n)) << _MOST_DOUBLINGS
        self.fields = (
            Field("hand", (NUM_RANKS,), per_rank),
            Field("played", (n, NUM_RANKS), per_rank),
            Field("kitty", (NUM_RANKS,), per_rank),
            Field("top", (NUM_RANKS,), per_rank),
            Field("cards_left", (n,), most_cards),
            Field("plays_made", (n,), most_cards),
            Field("landlord", (n,), 1),
            Field("to_move", (n,), 1),
            Field("top_seat", (n,), 1),
            Field("top_kind", (len(KINDS),), 1),
            Field("phase", (len(PHASES),), 1),
            Field("bids", (n, len(self.answers)), _MOST_ANSWERS),
            Field("doubled", (n,), 1),
            Field("stake", (1,), top_stake),
        )
        self.layout: dict[str, slice] = {}
        start = 0
        for f in self.fields:
            self.layout[f.name] = slice(start, start + f.size)
            start += f.size
        self.size = start
        self.high = np.concatenate([np.full(f.size, f.high, np.float32) for f in self.fields])
        self._ranked = self.layout["cards_left"].start
        """The rank-count fields come first; then the numbers :meth:`from_deal` writes as bytes."""
        assert [f.name for f in self.fields if self.layout[f.name].start >= self._ranked] == [
            "cards_left", "plays_made", "landlord", "to_move", "top_seat", "top_kind", "phase",
            "bids", "doubled", "stake"]
        self._orders = tuple(tuple((seat + k) % n for k in range(n)) for seat in range(n))
        self._in_order = tuple(itemgetter(*order) for order in self._orders)
        """Per observing seat: a per-seat sequence as a tuple in relative order."""
        self._relative = tuple({s: (s - seat) % n for s in range(n)} for seat in range(n))
        self._marks: dict[tuple, bytes] = {}
        self._no_auction = bytes(self.layout["stake"].stop - self.layout["bids"].start)
        """No bid and no double yet (and the stake's place): the bytes of play-only deals."""

    def _marked(self, marks: tuple[int, int, int, int, str]) -> bytes:
        """The one-hot fields (landlord, to move, top seat, top kind, phase) as bytes, for
        relative seats (-1: none) and a kind (-1: none); a few hundred, remembered."""
        landlord, to_move, top_seat, kind, phase = marks
        n = self.seats
        found = [int(i == landlord) for i in range(n)] + [int(i == to_move) for i in range(n)]
        found += [int(i == top_seat) for i in range(n)]
        found += [int(k == kind) for k in KINDS] + [int(p.value == phase) for p in PHASES]
        row = self._marks[marks] = bytes(found)
        return row

    def split(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """The flat vector as named fields, shaped as the table says (views, not copies)."""
        return {f.name: vector[self.layout[f.name]].reshape(f.shape) for f in self.fields}

    # ----------------------------------------------------------------- from a view or a deal

    def from_view(self, view: SeatView) -> np.ndarray:
        """The vector of a seat view."""
        doubled = [bool(view.redoubled if s == view.landlord else view.doubled[s])
                   for s in range(self.seats)]
        return self._vector(
            view.seat, view.hand_ranks, view.played,
            ranks_of_cards(view.kitty) if view.kitty is not None else 0, view.top,
            view.cards_left, view.plays_made, view.landlord, view.to_move, view.top_seat,
            view.phase, view.bids, doubled, view.stake_now)

    def from_deal(self, deal: Deal, seat: int, played: Sequence[int]) -> np.ndarray:
        """The vector of ``seat``'s view of ``deal``, read from the seat's own hand and the
        public state only; ``played``: the cards each seat has played (a
        :class:`PlayedCards`). The environments' fast path: every number but the stake is
        below 256, so the vector is one conversion from bytes, and the bytes of rank counts
        and of one-hot fields are remembered (the tests check it against :meth:`from_view`
        at every step of random deals)."""
        in_order = self._in_order[seat]
        relative = self._relative[seat]
        known = _ROWS.get
        landlord, top, to_move = deal.landlord, deal.top, deal.to_move
        hand = deal.hands[seat]
        kitty = deal.kitty if landlord >= 0 else 0
        top_cards = 0 if top is None else top.cards
        rows = [known(hand) or _rank_row(hand)]
        rows += [known(cards) or _rank_row(cards) for cards in in_order(played)]
        rows.append(known(kitty) or _rank_row(kitty))
        rows.append(known(top_cards) or _rank_row(top_cards))
        rows.append(bytes(in_order(deal.left) + in_order(deal.plays_made)))
        marks = (relative[landlord] if landlord >= 0 else -1,
                 relative[to_move] if to_move >= 0 else -1,
                 -1 if top is None else relative[deal.top_seat],
                 -1 if top is None else top.kind, deal.phase._value_)  # enums hash slowly
        rows.append(self._marks.get(marks) or self._marked(marks))
        if deal.bids or deal.redoubled or any(deal.doubled):
            bids_seen = [0] * (self.seats * len(self.answers))
            width, answers = len(self.answers), self.answers
            for s, bid in deal.bids:
                bids_seen[relative[s] * width + answers[bid]] += 1
            doubled = [deal.redoubled if s == landlord else deal.doubled[s]
                       for s in self._orders[seat]]
            rows.append(bytes([*bids_seen, *doubled, 0]))
        else:
            rows.append(self._no_auction)
        out = np.frombuffer(b"".join(rows), np.uint8).astype(np.float32)
        out[-1] = stake_of(deal.auction_state.stake, deal.bombs + deal.rockets)
        return out

    def _vector(self, seat: int, hand: int, played: Sequence[int], kitty: int,
                top: Play | None, left: Sequence[int], plays_made: Sequence[int],
                landlord: int, to_move: int, top_seat: int, phase: Phase,
                bids: Sequence[tuple[int, Bid]], doubled: Sequence[bool],
                stake: int) -> np.ndarray:
        """The vector, field by field as the module's table says (the reference)."""
        out = np.zeros(self.size, np.float32)
        field = self.split(out)
        order = self._orders[seat]
        relative = self._relative[seat]
        field["hand"][:] = counts(hand)
        for k, s in enumerate(order):
            field["played"][k] = counts(played[s])
            field["cards_left"][k] = left[s]
            field["plays_made"][k] = plays_made[s]
            field["doubled"][k] = doubled[s]
        field["kitty"][:] = counts(kitty)
        if top is not None:
            field["top"][:] = counts(top.cards)
            field["top_seat"][relative[top_seat]] = 1
            field["top_kind"][KINDS.index(top.kind)] = 1
        if landlord >= 0:
            field["landlord"][relative[landlord]] = 1
        if to_move >= 0:
            field["to_move"][relative[to_move]] = 1
        field["phase"][PHASES.index(phase)] = 1
        for s, bid in bids:
            field["bids"][relative[s], self.answers[bid]] += 1
        field["stake"][0] = stake
        return out


class PlayedCards:
    """The cards each seat has played in a deal, kept up to date from its history as the
    deal moves on (it starts over if the history was taken back)."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.played = [0] * seats
        self._deal: Deal | None = None
        self._seen = 0
        self._last: object = None

    def of(self, deal: Deal) -> list[int]:
        """Rank counts played by each seat of ``deal`` so far."""
        history = deal.history
        seen = self._seen
        if deal is not self._deal or len(history) < seen or \
                (seen and history[seen - 1] is not self._last):
            self._deal, self.played, seen = deal, [0] * self.seats, 0
        played = self.played
        for seat, action in history[seen:]:
            if action.__class__ is Play:
                played[seat] += action.cards
        self._seen = len(history)
        self._last = history[-1] if history else None
        return played
