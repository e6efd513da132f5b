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
from ..position import Position
from ..rules import RuleSet
from ..view import SeatView

KINDS = tuple(Kind)
PHASES = tuple(Phase)
_MOST_ANSWERS = 2
"""The most times one seat gives one answer in an auction of the family (rob's caller may
rob back; every other answer is given once at most)."""
_MOST_DOUBLINGS = TWO + 2
"""At most one doubling bomb per rank 3..2 (four cards of a pack; six or more of two
packs), and the rocket."""


def _lanes(pattern: int, width: int) -> int:
    """``pattern`` repeated in every ``width`` bits of 128."""
    return sum(pattern << shift for shift in range(0, 128, width))


_SPREAD_STEPS = tuple((_lanes((1 << half) - 1, 4 * half), half) for half in (16, 8, 4))
assert FIELD_BITS == 4


def _spread(cards: int) -> int:
    """Rank counts with a byte per rank: sums and differences of rank counts stay sums and
    differences, and ``to_bytes(15, "little")`` gives the counts as a row of bytes."""
    x = (cards & 0xFFFFFFFF) | (cards >> 32 << 64)
    for low, half in _SPREAD_STEPS:
        x = (x & low) | ((x >> half) & low) << 2 * half
    return x


_ROWS: dict[int, bytes] = {}
_SPREADS: dict[int, int] = {}
_MOST_ROWS = 1 << 16


def _rank_row(cards: int) -> bytes:
    """Rank counts as 15 bytes, one count per rank (remembered)."""
    row = _ROWS.get(cards)
    if row is None:
        if len(_ROWS) >= _MOST_ROWS:
            _ROWS.clear()
        row = _ROWS[cards] = _spread(cards).to_bytes(NUM_RANKS, "little")
    return row


def _spread_of_play(cards: int) -> int:
    """:func:`_spread` of a play's cards (remembered: a ruleset has a few thousand)."""
    spread = _SPREADS.get(cards)
    if spread is None:
        if len(_SPREADS) >= _MOST_ROWS:
            _SPREADS.clear()
        spread = _SPREADS[cards] = _spread(cards)
    return spread


_BYTE = np.dtype(np.uint8)
_FLOAT = np.dtype(np.float32)
_SMALL = tuple(bytes((v,)) for v in range(256))
"""Each number below 256 as one byte."""
_NO_CARDS = bytes(NUM_RANKS)


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


class Encoding(Fields):
    """The default observation of one ruleset (see the module's table)."""

    def __init__(self, rules: RuleSet) -> None:
        n = rules.seats
        most = per_rank(rules)
        most_cards = rules.hand_size + rules.kitty_size
        super().__init__(rules, (
            Field("hand", (NUM_RANKS,), most),
            Field("played", (n, NUM_RANKS), most),
            Field("kitty", (NUM_RANKS,), most),
            Field("top", (NUM_RANKS,), most),
            Field("cards_left", (n,), most_cards),
            Field("plays_made", (n,), most_cards),
            Field("landlord", (n,), 1),
            Field("to_move", (n,), 1),
            Field("top_seat", (n,), 1),
            Field("top_kind", (len(KINDS),), 1),
            Field("phase", (len(PHASES),), 1),
            Field("bids", (n, len(rules.auction.answers)), _MOST_ANSWERS),
            Field("doubled", (n,), 1),
            Field("stake", (1,), top_stake(rules)),
        ))
        self._ranked = self.layout["cards_left"].start
        """The rank-count fields come first; then the numbers :meth:`from_deal` writes as bytes."""
        assert [f.name for f in self.fields if self.layout[f.name].start >= self._ranked] == [
            "cards_left", "plays_made", "landlord", "to_move", "top_seat", "top_kind", "phase",
            "bids", "doubled", "stake"]
        self._counts_in_order = tuple(itemgetter(*order, *(n + s for s in order))
                                      for order in self._orders)
        """Per observing seat: ``left + plays_made`` (one list) as cards_left and plays_made."""
        self._marks: tuple[dict[tuple, bytes], ...] = tuple({} for _ in range(n))

    def _marked(self, seat: int, marks: tuple[int, int, int, int, str]) -> bytes:
        """The one-hot fields (landlord, to move, top seat, top kind, phase) as bytes, seen
        from ``seat``, for absolute seats (-1: none), the top's seat, the top's kind (-1:
        no top) and the phase's value; a few hundred per seat, remembered."""
        landlord, to_move, top_seat, kind, phase = marks
        relative = self._relative[seat]
        landlord = relative.get(landlord, -1)
        to_move = relative.get(to_move, -1)
        top_seat = -1 if kind == -1 else relative[top_seat]
        n = self.seats
        found = [int(i == landlord) for i in range(n)] + [int(i == to_move) for i in range(n)]
        found += [int(i == top_seat) for i in range(n)]
        found += [int(k == kind) for k in KINDS] + [int(p.value == phase) for p in PHASES]
        row = self._marks[seat][marks] = bytes(found)
        return row

    def tracker(self) -> PlayedCards:
        """What :meth:`from_deal` keeps up to date from step to step, for one deal at a time."""
        return PlayedCards(self.seats)

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

    def from_deal(self, deal: Deal, seat: int,
                  played: Sequence[int] | PlayedCards) -> np.ndarray:
        """The vector of ``seat``'s view of ``deal``, read from the seat's own hand and the
        public state only; ``played``: the cards each seat has played, or (faster) a
        :class:`PlayedCards` that follows the deal. The environments' fast path: the vector
        is one conversion from bytes (the stake, the one number that may pass 255, is
        written after), and the bytes of rank counts and of one-hot fields are remembered
        or kept up to date (the tests check it against :meth:`from_view` at every step of
        random deals)."""
        known = _ROWS.get
        position = deal.position  # its attributes, read once (not the deal's properties)
        landlord = position.landlord
        kitty = deal.kitty if landlord >= 0 else 0
        if played.__class__ is PlayedCards:
            hand_row, played_rows = played.rows_of(deal, seat)  # type: ignore[union-attr]
        else:
            hand = position.hands[seat]
            hand_row = known(hand) or _rank_row(hand)
            played_rows = [known(cards) or _rank_row(cards) for cards in played]
        top_row, kind = self._tops.get(position.top_id) or self.top_of(position)
        marks = (landlord, deal.to_move, position.top_seat, kind, deal.phase._value_)
        stake = deal.auction_state.stake << position.bombs + position.rockets
        out = np.frombuffer(b"".join((
            hand_row,
            *self._in_order[seat](played_rows),
            known(kitty) or _rank_row(kitty),
            top_row,
            bytes(self._counts_in_order[seat](position.left + position.plays_made)),
            self._marks[seat].get(marks) or self._marked(seat, marks),
            self.auction_bytes(deal, seat),
            _SMALL[stake] if stake < 256 else _SMALL[0])), _BYTE).astype(_FLOAT)
        if stake > 255:
            out[-1] = stake
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
    deal moves on (it starts over if the history was taken back); with them, as the
    observation's rows of bytes, what each seat has played (``rows``) and holds
    (:meth:`rows_of`), each worked out from the last one."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self._start(0)  # no deal's version

    def _start(self, version: int) -> None:
        n = self.seats
        self._version = version
        """The deal's history version followed (:attr:`Deal.version`)."""
        self._seen = 0
        self.played = [0] * n
        self._spreads = [0] * n
        """``played`` with a byte per rank (:func:`_spread`)."""
        self._all_played = 0
        """The sum of ``_spreads``: every card played, a byte per rank."""
        self.rows = [_NO_CARDS] * n
        self._whole = [-1] * n
        """Per seat, the cards it held and played when :meth:`rows_of` last looked (the
        same until the hand changes other than by playing), and their spread."""
        self._whole_spreads = [0] * n

    def of(self, deal: Deal) -> list[int]:
        """Rank counts played by each seat of ``deal`` so far (``rows`` updated too)."""
        history = deal.history
        n = len(history)
        seen = self._seen
        if deal.version != self._version or n < seen:  # another history: start afresh
            self._start(deal.version)
            seen = 0
        elif n == seen:
            return self.played  # nothing new
        self._add(history[seen:])
        self._seen = n
        return self.played

    def _add(self, actions: list[tuple[int, object]]) -> None:
        """Follow the history's new actions."""
        played, spreads, rows = self.played, self._spreads, self.rows
        for seat, action in actions:
            if action.__class__ is Play and action.cards:  # type: ignore[attr-defined]
                cards = action.cards  # type: ignore[attr-defined]
                played[seat] += cards
                more = _SPREADS.get(cards) or _spread_of_play(cards)
                spread = spreads[seat] = spreads[seat] + more
                self._all_played += more
                rows[seat] = spread.to_bytes(NUM_RANKS, "little")

    def rows_of(self, deal: Deal, seat: int) -> tuple[bytes, list[bytes]]:
        """The rank counts ``seat`` holds in ``deal`` and each seat has played, as rows of
        bytes (what ``seat`` holds: what it held and played, less what it played)."""
        self.of(deal)
        whole = deal.position.hands[seat] + self.played[seat]  # disjoint cards: no field overflows
        if whole != self._whole[seat]:
            self._whole[seat] = whole
            self._whole_spreads[seat] = _spread(whole)
        held = self._whole_spreads[seat] - self._spreads[seat]
        return held.to_bytes(NUM_RANKS, "little"), self.rows

    def unseen_row(self, seat: int, rest: int) -> bytes:
        """After :meth:`rows_of` for ``seat``: the cards of ``rest`` (the deck, less any
        set aside, spread a byte per rank) that ``seat`` neither holds nor saw played, as
        a row of bytes: what the other seats hold between them."""
        held = self._whole_spreads[seat] - self._spreads[seat]
        return (rest - held - self._all_played).to_bytes(NUM_RANKS, "little")
