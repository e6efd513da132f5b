"""Deals of the cards a seat cannot see, consistent with everything its view shows: what a
searching bot imagines (determinization) before it plays each imagined deal out.

A :class:`Sampler` is built from a :class:`~dizhu.view.SeatView` alone. The seat's own
hand is known; every other seat holds as many cards as the view says it has left; the
landlord surely still holds the kitty's cards it has not played (the kitty is shown once
the auction ends), and while the kitty is face down it is dealt too. Every card that is
neither in the seat's hand nor played is placed exactly once. :meth:`Sampler.sample` deals
those cards at random, every way the hidden suited cards may lie being equally likely (a
hidden card of a wild rank is dealt like any other; the wild ranks are the view's, as the
deal drew them; what the others' bids and passes suggest is left to the bot:
:meth:`Sampler.sample` takes a test for it); :meth:`Sampler.every` lists every way, for
when few cards are hidden. Hands are rank counts (:mod:`dizhu.cards`)::

    >>> import random, dizhu
    >>> deal = dizhu.Deal.shuffled(seed=1, opening=0)
    >>> deal.push(dizhu.BID[3])           # seat 0 is the landlord and shows the kitty
    >>> sampler = dizhu.Sampler(dizhu.seat_view(deal, 1))
    >>> hands, kitty = sampler.sample(random.Random(7))
    >>> hands[1] == deal.hands[1], [dizhu.cards.size(h) for h in hands], kitty == deal.kitty
    (True, [20, 17, 17], True)
    >>> position = sampler.position((hands, kitty))   # the play from here, every hand known
    >>> position.to_move, len(position.legal_plays()) > 0
    (0, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import NamedTuple

from .cards import NUM_RANKS, UNIT, count_of, ranks_of_cards, size
from .deal import Phase
from .position import Position
from .view import WATCHER, SeatView


class Guess(NamedTuple):
    """One way the hidden cards may lie."""

    hands: tuple[int, ...]
    """Every seat's hand as rank counts, the viewer's own included."""
    kitty: int
    """The kitty's rank counts: dealt while it is face down, the one shown after."""


def landlord_known(view: SeatView) -> int:
    """Rank counts the landlord surely still holds (the kitty, less what it played)."""
    if view.landlord < 0 or view.kitty is None:
        return 0
    kitty = ranks_of_cards(view.kitty)
    played = view.played[view.landlord]
    return sum(max(0, count_of(kitty, r) - count_of(played, r)) * UNIT[r]
               for r in range(NUM_RANKS))


class Sampler:
    """Deals the cards ``view``'s seat cannot see, consistently with the view.

    ``known`` holds per seat the rank counts it surely holds (the viewer's hand; the
    landlord's kitty cards not played); ``hidden`` the counts per rank still to place, and
    ``needs`` how many of them each other seat takes, the face-down kitty (``None``) last.
    A sampler's draws go on from one another: build one per decision for draws that
    depend only on the view and the random generator's seed.
    """

    KITTY = None
    """The key of the face-down kitty in :attr:`needs`."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        rules = view.rules
        seats = rules.seats
        self.known = [0] * seats
        kitty_shown = view.kitty is not None
        self.kitty = ranks_of_cards(view.kitty) if kitty_shown else 0
        if view.final_hands is not None:  # played out: every hand is public
            self.known = [ranks_of_cards(h) for h in view.final_hands]
        else:
            if view.seat != WATCHER:
                self.known[view.seat] = view.hand_ranks
            if view.landlord >= 0 and view.landlord != view.seat:
                self.known[view.landlord] = landlord_known(view)
        public = sum(self.known) + sum(view.played) + view.set_aside  # out of play
        self.hidden = tuple(count_of(rules.deck, r) - count_of(public, r)
                            - (count_of(self.kitty, r) if view.landlord < 0 else 0)
                            for r in range(NUM_RANKS))
        known_sizes = [size(h) for h in self.known]
        self.needs: dict[int | None, int] = {
            s: view.cards_left[s] - known_sizes[s] for s in range(seats)
            if view.cards_left[s] > known_sizes[s]}
        if not kitty_shown:
            self.needs[self.KITTY] = rules.kitty_size
        self._pool = [UNIT[r] for r in range(NUM_RANKS) for _ in range(self.hidden[r])]

    def sample(self, rng: random.Random, likely: Callable[[Guess], bool] | None = None,
               tries: int = 1) -> Guess:
        """One random deal of the hidden cards. With ``likely`` (a test of what the view
        suggests beyond the certain, e.g. that a seat which passed holds nothing of the kind
        that beats), up to ``tries`` deals are drawn and the first it accepts is returned,
        else the last."""
        pool = self._pool
        for _ in range(max(1, tries)):
            rng.shuffle(pool)
            parts, at = [], 0
            for n in self.needs.values():
                parts.append(sum(pool[at:at + n]))
                at += n
            guess = self._guess(parts)
            if likely is None or likely(guess):
                break
        return guess

    def every(self) -> Iterator[Guess]:
        """Every way the hidden cards may lie, each once (ways that differ by rank, not
        weighted by how many suited deals make them), always in the same order. Their
        number grows fast with the hidden cards: this is for endgames."""
        for parts in _shares(self.hidden, list(self.needs.values())):
            yield self._guess(parts)

    def position(self, guess: Guess | tuple[tuple[int, ...], int]) -> Position:
        """The play phase with ``guess``'s hands, from where the view stands."""
        view = self.view
        if view.phase is not Phase.PLAY:
            raise ValueError(f"a position is of the play phase, not of the {view.phase.value}")
        return Position(view.rules, guess[0], view.landlord, view.to_move, view.top,
                        view.top_seat, wild=view.wild)

    def _guess(self, parts: list[int]) -> Guess:
        hands = self.known[:]
        kitty = self.kitty
        for holder, part in zip(self.needs, parts, strict=True):
            if holder is self.KITTY:
                kitty = part
            else:
                hands[holder] += part
        return Guess(tuple(hands), kitty)


def _shares(hidden: tuple[int, ...], needs: list[int]) -> Iterator[list[int]]:
    """Every way to give ``needs[i]`` of the ``hidden`` cards (counts per rank) to each
    holder, as rank counts, the first holder's counts rising rank by rank."""
    if not needs:
        yield []
        return
    first, rest = needs[0], needs[1:]
    if not rest:
        yield [sum(n * UNIT[r] for r, n in enumerate(hidden))]
        return
    ranks = [r for r in range(NUM_RANKS) if hidden[r]]

    def choose(i: int, wanted: int, room: int, chosen: int) -> Iterator[int]:
        if i == len(ranks):
            yield chosen
            return
        rank = ranks[i]
        have = hidden[rank]
        room -= have
        for k in range(max(0, wanted - room), min(have, wanted) + 1):
            yield from choose(i + 1, wanted - k, room, chosen + k * UNIT[rank])

    for one in choose(0, first, sum(hidden), 0):
        left = tuple(hidden[r] - count_of(one, r) for r in range(NUM_RANKS))
        for tail in _shares(left, rest):
            yield [one, *tail]
