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
wild       (15,)        wild cards only: 1 for each wild rank drawn so far
top_read   (15,)        wild cards only: the ranks the top is read as (``top`` holds
                        its physical cards; zeros when leading)
========== ============ ==========================================================

In the rulesets with wild cards ``top_kind`` has 17 entries, the bomb classes
``soft_bomb`` and ``wild_bomb`` last, and the vector ends with ``wild`` and ``top_read``;
the other rulesets have neither, so their vectors are as they were.

Everything here is in :class:`~dizhu.view.SeatView`: :meth:`Encoding.from_view` encodes a
view; :meth:`Encoding.from_deal` gives the same vector from the deal without building the
view (the view replays every suited card; the vector needs none), reading only the seat's
own hand and what is public.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter

import numpy as np

from ..auction import Bid
from ..cards import NUM_RANKS, counts, ranks_of_cards
from ..combos import WILD_KINDS, Play
from ..deal import Deal, Phase
from ..rules import RuleSet
from ..view import SeatView
from .fields import Field, Fields, per_rank, top_stake, wild_fields
from .played import PlayedCards
from .rows import _BYTE, _FLOAT, _MOST_ANSWERS, _ROWS, _SMALL, KINDS, PHASES, _rank_row


class Encoding(Fields):
    """The default observation of one ruleset (see the module's table)."""

    def __init__(self, rules: RuleSet) -> None:
        n = rules.seats
        most = per_rank(rules)
        most_cards = rules.hand_size + rules.kitty_size
        self.kinds = KINDS + tuple(sorted(WILD_KINDS)) if rules.wild_ranks else KINDS
        """The kinds ``top_kind`` marks, in order."""
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
            Field("top_kind", (len(self.kinds),), 1),
            Field("phase", (len(PHASES),), 1),
            Field("bids", (n, len(rules.auction.answers)), _MOST_ANSWERS),
            Field("doubled", (n,), 1),
            Field("stake", (1,), top_stake(rules)),
            *wild_fields(rules),
        ))
        self._ranked = self.layout["cards_left"].start
        """The rank-count fields come first; then the numbers :meth:`from_deal` writes as bytes."""
        assert [f.name for f in self.fields if self.layout[f.name].start >= self._ranked] == [
            "cards_left", "plays_made", "landlord", "to_move", "top_seat", "top_kind", "phase",
            "bids", "doubled", "stake", *(f.name for f in wild_fields(rules))]
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
        found += [int(k == kind) for k in self.kinds] + [int(p.value == phase) for p in PHASES]
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
        out = self._vector(
            view.seat, view.hand_ranks, view.played,
            ranks_of_cards(view.kitty) if view.kitty is not None else 0, view.top,
            view.cards_left, view.plays_made, view.landlord, view.to_move, view.top_seat,
            view.phase, view.bids, doubled, view.stake_now)
        if self.wild:
            self.wild_view(self.split(out), view.wild, view.top)
        return out

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
        top_row, kind = (None if self.wild else self._tops.get(position.top_id)) or \
            self.top_of(position)
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
            _SMALL[stake] if stake < 256 else _SMALL[0],
            self.wild_bytes(position) if self.wild else b"")), _BYTE).astype(_FLOAT)
        if stake > 255:
            out[self._stake_at] = stake
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
            field["top_kind"][self.kinds.index(top.kind)] = 1
        if landlord >= 0:
            field["landlord"][relative[landlord]] = 1
        if to_move >= 0:
            field["to_move"][relative[to_move]] = 1
        field["phase"][PHASES.index(phase)] = 1
        for s, bid in bids:
            field["bids"][relative[s], self.answers[bid]] += 1
        field["stake"][0] = stake
        return out
