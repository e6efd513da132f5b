"""The cards each seat has played, followed from a deal's history step by step (keyed on
its version), with the rows of bytes the encodings read."""

from __future__ import annotations

from ..cards import NUM_RANKS
from ..combos import Play
from ..deal import Deal
from .rows import _NO_CARDS, _SPREADS, _spread, _spread_of_play


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
