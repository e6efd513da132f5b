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

import numpy as np

from ..auction import Bid
from ..cards import FIELD_BITS, NUM_RANKS, TWO, count_of, ranks_of_cards
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
        """The rank-count fields come first; then the numbers :meth:`_vector` lists in order."""
        assert [f.name for f in self.fields if self.layout[f.name].start >= self._ranked] == [
            "cards_left", "plays_made", "landlord", "to_move", "top_seat", "top_kind", "phase",
            "bids", "doubled", "stake"]
        self._orders = tuple(tuple((seat + k) % n for k in range(n)) for seat in range(n))
        self._relative = tuple({s: (s - seat) % n for s in range(n)} for seat in range(n))
        self._marks: dict[tuple, bytes] = {}

    def _marked(self, marks: tuple[int, int, int, int, Phase]) -> bytes:
        """The one-hot fields (landlord, to move, top seat, top kind, phase) as bytes, for
        relative seats (-1: none) and a kind (-1: none); a few hundred, remembered."""
        landlord, to_move, top_seat, kind, phase = marks
        n = self.seats
        found = [int(i == landlord) for i in range(n)] + [int(i == to_move) for i in range(n)]
        found += [int(i == top_seat) for i in range(n)]
        found += [int(k == kind) for k in KINDS] + [int(p is phase) for p in PHASES]
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
        """The vector of ``seat``'s view of ``deal``, from the seat's own hand and the public
        state only; ``played``: the cards each seat has played (a :class:`PlayedCards`)."""
        landlord = deal.landlord
        doubled = [deal.redoubled if s == landlord else deal.doubled[s]
                   for s in range(self.seats)]
        return self._vector(
            seat, deal.hands[seat], played, deal.kitty if landlord >= 0 else 0, deal.top,
            deal.left, deal.plays_made, landlord, deal.to_move, deal.top_seat, deal.phase,
            deal.bids, doubled, stake_of(deal.auction_state.stake, deal.bombs + deal.rockets))

    def _vector(self, seat: int, hand: int, played: Sequence[int], kitty: int,
                top: Play | None, left: Sequence[int], plays_made: Sequence[int],
                landlord: int, to_move: int, top_seat: int, phase: Phase,
                bids: Sequence[tuple[int, Bid]], doubled: Sequence[bool],
                stake: int) -> np.ndarray:
        order = self._orders[seat]
        known = _ROWS.get
        rows = [known(cards) or _rank_row(cards) for cards in
                (hand, *[played[s] for s in order], kitty, 0 if top is None else top.cards)]
        relative = self._relative[seat]
        answers = self.answers
        bids_seen = [0] * (self.seats * len(answers))
        for s, bid in bids:
            bids_seen[relative[s] * len(answers) + answers[bid]] += 1
        marks = (relative[landlord] if landlord >= 0 else -1,
                 relative[to_move] if to_move >= 0 else -1,
                 -1 if top is None else relative[top_seat],
                 -1 if top is None else top.kind, phase)
        # every number but the stake is below 256: one conversion, from bytes
        rows += (bytes([*[left[s] for s in order], *[plays_made[s] for s in order]]),
                 self._marks.get(marks) or self._marked(marks),
                 bytes([*bids_seen, *[doubled[s] for s in order], 0]))
        out = np.frombuffer(b"".join(rows), np.uint8).astype(np.float32)
        out[-1] = stake
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
