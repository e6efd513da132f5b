"""The ``history`` observation: what one seat may know, with the recent plays, as the
DouZero and RLCard agents read a deal (the last move of each seat, the last moves of the
play in order, the cards each seat has played and holds, what the others hold between
them, the bids).

Every field is relative to the observing seat (entry 0 is the observer, entry 1 the seat
after it, ...); rank counts have one entry per rank, ``3456789TJQKA2BR``. ``K`` is
:data:`RECENT` (15, DouZero's), ``A`` the auction's answers (4 for points, 3 for rob). The
fields, in the order the flat vector holds them (:attr:`HistoryEncoding.layout`):

=========== ============ =========================================================
field       shape        meaning
=========== ============ =========================================================
hand        (15,)        the seat's own cards
others      (15,)        the cards the other seats hold between them (the deck less
                         this hand, the cards played and any set aside)
played      (seats, 15)  the cards each seat has played
last_move   (seats, 15)  the cards of each seat's last action in the play (zeros
                         for a pass, or before its first)
recent      (K, 15)      the cards of the play's last K actions, oldest first (a
                         pass is zeros; rows before the first action are zeros)
top         (15,)        the cards on top of the trick, to beat (zeros to lead)
kitty       (15,)        the kitty once turned up (zeros before)
cards_left  (seats,)     how many cards each seat holds
passed      (seats,)     1 for a seat whose last action in the play was a pass
recent_seat (K, seats)   one-hot: who took each of the recent actions (zeros for
                         the rows before the first)
top_seat    (seats,)     one-hot: who played the top of the trick
landlord    (seats,)     one-hot: the landlord (zeros during the auction)
to_move     (seats,)     one-hot: the seat to act (zeros once over)
phase       (5,)         one-hot: auction, doubling, play, over, thrown in
bids        (seats, A)   how often each seat gave each auction answer
doubled     (seats,)     1 for a peasant who doubled, or a landlord who redoubled
bombs       (1,)         doubling bombs and rockets played so far
stake       (1,)         the stake now: the auction's, doubled per doubling bomb and
                         rocket (before spring, anti-spring and doubling)
wild        (15,)        wild cards only: 1 for each wild rank drawn so far
top_read    (15,)        wild cards only: the ranks the top is read as (``top`` holds
                         its physical cards; zeros when leading)
=========== ============ =========================================================

Plays are their physical cards everywhere (a wild card under its own rank). Only the
rulesets with wild cards have ``wild`` and ``top_read``, which end the vector; the other
rulesets' vectors are as they were.

As the default encoding (:mod:`dizhu.encoding.summary`), everything here is in the seat's
:class:`~dizhu.view.SeatView`: :meth:`HistoryEncoding.from_view` encodes a view, and
:meth:`HistoryEncoding.from_deal` gives the same vector from the deal, reading only the
seat's own hand and what is public.
"""

from __future__ import annotations

from collections import deque

import numpy as np

from ..cards import NUM_RANKS, counts, ranks_of_cards
from ..combos import Play
from ..deal import Deal
from ..rules import RuleSet
from ..view import SeatView
from .fields import Field, Fields, per_rank, top_stake, wild_fields
from .played import PlayedCards
from .rows import (
    _BYTE,
    _FLOAT,
    _MOST_ANSWERS,
    _MOST_DOUBLINGS,
    _NO_CARDS,
    _ROWS,
    _SMALL,
    PHASES,
    _rank_row,
    _spread,
)

RECENT = 15
"""How many of the play's last actions the ``recent`` field holds (DouZero's 15)."""
_PLAY = Play


class HistoryEncoding(Fields):
    """The ``history`` observation of one ruleset (see the module's table)."""

    def __init__(self, rules: RuleSet) -> None:
        n = rules.seats
        most = per_rank(rules)
        super().__init__(rules, (
            Field("hand", (NUM_RANKS,), most),
            Field("others", (NUM_RANKS,), most),
            Field("played", (n, NUM_RANKS), most),
            Field("last_move", (n, NUM_RANKS), most),
            Field("recent", (RECENT, NUM_RANKS), most),
            Field("top", (NUM_RANKS,), most),
            Field("kitty", (NUM_RANKS,), most),
            Field("cards_left", (n,), rules.hand_size + rules.kitty_size),
            Field("passed", (n,), 1),
            Field("recent_seat", (RECENT, n), 1),
            Field("top_seat", (n,), 1),
            Field("landlord", (n,), 1),
            Field("to_move", (n,), 1),
            Field("phase", (len(PHASES),), 1),
            Field("bids", (n, len(rules.auction.answers)), _MOST_ANSWERS),
            Field("doubled", (n,), 1),
            Field("bombs", (1,), _MOST_DOUBLINGS),
            Field("stake", (1,), top_stake(rules)),
            *wild_fields(rules),
        ))
        self._unseen = _spread(rules.deck)
        self._seat_rows = tuple(tuple(bytes(int(k == self._relative[seat][s]) for k in range(n))
                                      for s in range(n)) for seat in range(n))
        """Per observing seat, per seat: the one-hot row of that seat, relative."""
        self._no_seat = bytes(n)
        self._marks: tuple[dict[tuple, bytes], ...] = tuple({} for _ in range(n))

    # ----------------------------------------------------------------- from a deal

    def tracker(self) -> PlayLog:
        """What :meth:`from_deal` keeps up to date from step to step, for one deal at a time."""
        return PlayLog(self.seats)

    def from_deal(self, deal: Deal, seat: int, log: PlayLog) -> np.ndarray:
        """The vector of ``seat``'s view of ``deal``, from the seat's own hand and the
        public state only, ``log`` (:meth:`tracker`) following the deal from step to step
        (the tests check it against :meth:`from_view` at every step of random deals)."""
        position = deal.position  # its attributes, read once (not the deal's properties)
        hand_row, played_rows = log.rows_of(deal, seat)
        set_aside = deal.set_aside
        others = log.unseen_row(seat, self._unseen - _spread(set_aside) if set_aside
                                else self._unseen)
        in_order = self._in_order[seat]
        recent, seats = log.recent, log.recent_seats
        pad = RECENT - len(recent)
        landlord, top_id = position.landlord, position.top_id
        kitty = deal.kitty if landlord >= 0 else 0
        marks = (landlord, deal.to_move, -1 if top_id < 0 else position.top_seat,
                 deal.phase._value_)
        doublings = position.bombs + position.rockets
        stake = deal.auction_state.stake << doublings
        out = np.frombuffer(b"".join((
            hand_row, others,
            *in_order(played_rows),
            *in_order(log.last),
            _NO_CARDS * pad, *recent,
            ((None if self.wild else self._tops.get(top_id)) or self.top_of(position))[0],
            _ROWS.get(kitty) or _rank_row(kitty),
            bytes(in_order(position.left)),
            bytes(in_order(log.passed)),
            self._no_seat * pad, *map(self._seat_rows[seat].__getitem__, seats),
            self._marks[seat].get(marks) or self._marked(seat, marks),
            self.auction_bytes(deal, seat),
            _SMALL[doublings],
            _SMALL[stake] if stake < 256 else _SMALL[0],
            self.wild_bytes(position) if self.wild else b"")), _BYTE).astype(_FLOAT)
        if stake > 255:
            out[self._stake_at] = stake
        return out

    def _marked(self, seat: int, marks: tuple[int, int, int, str]) -> bytes:
        """The one-hot fields top_seat, landlord, to_move and phase as bytes, seen from
        ``seat`` (absolute seats, -1 for none; the phase's value); remembered."""
        top_seat, landlord, to_move = (self._relative[seat].get(s, -1)
                                       for s in (marks[2], marks[0], marks[1]))
        n = self.seats
        found = [int(i == top_seat) for i in range(n)] + [int(i == landlord) for i in range(n)]
        found += [int(i == to_move) for i in range(n)]
        found += [int(p.value == marks[3]) for p in PHASES]
        row = self._marks[seat][marks] = bytes(found)
        return row

    # ----------------------------------------------------------------- from a view

    def from_view(self, view: SeatView) -> np.ndarray:
        """The vector of a seat view, field by field as the module's table says (the
        reference :meth:`from_deal` is checked against)."""
        out = np.zeros(self.size, np.float32)
        field = self.split(out)
        seat = view.seat
        order = self._orders[seat]
        relative = self._relative[seat]
        field["hand"][:] = counts(view.hand_ranks)
        field["others"][:] = view.count_strip().unseen
        plays = [a for a in view.history if isinstance(a.action, Play)]
        for k, entry in enumerate(plays[-RECENT:][::-1]):
            field["recent"][RECENT - 1 - k] = counts(entry.action.cards)
            field["recent_seat"][RECENT - 1 - k, relative[entry.seat]] = 1
        for k, s in enumerate(order):
            field["played"][k] = counts(view.played[s])
            field["cards_left"][k] = view.cards_left[s]
            mine = [a for a in plays if a.seat == s]
            if mine:
                field["last_move"][k] = counts(mine[-1].action.cards)
                field["passed"][k] = mine[-1].action.is_pass
            field["doubled"][k] = bool(view.redoubled if s == view.landlord
                                       else view.doubled[s])
        if view.top is not None:
            field["top"][:] = counts(view.top.cards)
            field["top_seat"][relative[view.top_seat]] = 1
        if view.kitty is not None:
            field["kitty"][:] = counts(ranks_of_cards(view.kitty))
        if view.landlord >= 0:
            field["landlord"][relative[view.landlord]] = 1
        if view.to_move >= 0:
            field["to_move"][relative[view.to_move]] = 1
        field["phase"][PHASES.index(view.phase)] = 1
        for s, bid in view.bids:
            field["bids"][relative[s], self.answers[bid]] += 1
        field["bombs"][0] = view.bombs + view.rockets
        field["stake"][0] = view.stake_now
        if self.wild:
            self.wild_view(field, view.wild, view.top)
        return out



class PlayLog(PlayedCards):
    """:class:`~dizhu.encoding.played.PlayedCards` (the cards played and held), and the play's
    actions as the history encoding shows them, kept up to date from the deal's history:
    the last :data:`RECENT` plays and passes (each as a row of bytes) with their seats, and
    each seat's last action in the play (its row, and whether it was a pass)."""

    def _start(self, version: int) -> None:
        super()._start(version)
        n = self.seats
        self.recent: deque[bytes] = deque(maxlen=RECENT)
        self.recent_seats: deque[int] = deque(maxlen=RECENT)
        self.last = [_NO_CARDS] * n
        self.passed = [0] * n

    def _add(self, actions: list[tuple[int, object]]) -> None:
        super()._add(actions)
        known = _ROWS.get
        for seat, action in actions:
            if action.__class__ is _PLAY:
                cards = action.cards  # type: ignore[attr-defined]
                row = known(cards) or _rank_row(cards)
                self.recent.append(row)
                self.recent_seats.append(seat)
                self.last[seat] = row
                self.passed[seat] = not cards
