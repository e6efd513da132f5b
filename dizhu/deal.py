"""One deal as a state machine: auction, optional doubling, play, end and score.

``push(action)`` applies an action of the seat to move and ``pop()`` takes it back, so a
search can walk millions of positions without copying. ``copy()`` makes a cheap clone.
Every action is checked against the rules; :class:`IllegalActionError` says why not.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence

from .auction import DOUBLE, NO_DOUBLE, Bid, Double, auction_over, legal_bids
from .cards import DECK_SIZE, GUARDS, SuitedCards, format_ranks, ranks_of_cards
from .combos import PASS as PASS_PLAY
from .combos import Kind, Play, beats, readings
from .movegen import follow_plays, lead_plays
from .rules import CLASSIC, RuleSet
from .scoring import ScoreSheet, score_deal
from .universe import UNIVERSE

Action = Bid | Double | Play
_GENUINE = UNIVERSE.by_key
_GUARDS = GUARDS


class Phase(enum.Enum):
    AUCTION = "auction"
    DOUBLING = "doubling"
    PLAY = "play"
    OVER = "over"
    THROWN_IN = "thrown_in"


class IllegalActionError(ValueError):
    """An action the rules do not allow here; the message says why."""


_AUCTION, _DOUBLING, _PLAY, _OVER, _THROWN_IN = (
    Phase.AUCTION, Phase.DOUBLING, Phase.PLAY, Phase.OVER, Phase.THROWN_IN)
_BOMB, _ROCKET = Kind.BOMB, Kind.ROCKET


class Deal:
    """The full state of one deal (hidden cards included: give players a view, not this)."""

    __slots__ = (
        "_undo",
        "answers",
        "bombs",
        "dealt",
        "distinct",
        "doubled",
        "hands",
        "high_bid",
        "high_bidder",
        "history",
        "kitty",
        "kitty_cards",
        "landlord",
        "left",
        "opening",
        "passes",
        "phase",
        "plays_made",
        "redoubled",
        "rockets",
        "rules",
        "seats",
        "to_move",
        "top",
        "top_seat",
        "trick_start",
        "winner",
    )

    def __init__(self, hands: Sequence[Sequence[int]], kitty: Sequence[int], opening: int,
                 rules: RuleSet = CLASSIC) -> None:
        """A deal about to be auctioned: suited card ids of each seat and of the kitty."""
        seats = rules.seats
        if len(hands) != seats:
            raise ValueError(f"a deal needs {seats} hands, got {len(hands)}")
        every = [c for h in hands for c in h] + list(kitty)
        if sorted(every) != list(range(DECK_SIZE)):
            raise ValueError("the hands and the kitty must hold each of the 54 cards once")
        if any(len(h) != rules.hand_size for h in hands) or len(kitty) != rules.kitty_size:
            raise ValueError(f"each hand needs {rules.hand_size} cards and the kitty "
                             f"{rules.kitty_size}")
        if not 0 <= opening < seats:
            raise ValueError(f"opening bidder must be a seat 0..{seats - 1}")
        self.rules = rules
        self.seats = seats
        self.distinct = rules.distinct_kickers
        self.dealt = tuple(tuple(sorted(h)) for h in hands)
        self.kitty_cards = tuple(sorted(kitty))
        self.hands = [ranks_of_cards(h) for h in hands]
        self.kitty = ranks_of_cards(kitty)
        self.left = [len(h) for h in hands]
        self.opening = opening
        self.phase = _AUCTION
        self.to_move = opening
        self.answers = 0
        self.high_bid = 0
        self.high_bidder = -1
        self.landlord = -1
        self.doubled = [False] * seats
        self.redoubled = False
        self.top: Play | None = None
        self.top_seat = -1
        self.passes = 0
        self.trick_start = 0
        self.plays_made = [0] * seats
        self.bombs = 0
        self.rockets = 0
        self.winner = -1
        self.history: list[tuple[int, Action]] = []
        self._undo: list[tuple] = []

    # ----------------------------------------------------------------- construction

    @classmethod
    def shuffled(cls, seed: int | str | None = None, opening: int | None = None,
                 rules: RuleSet = CLASSIC) -> Deal:
        """A seeded shuffle and deal. Without ``opening`` the seed also picks the opener."""
        rng = random.Random(seed)
        deck = list(range(DECK_SIZE))
        rng.shuffle(deck)
        n = rules.hand_size
        hands = [deck[i * n:(i + 1) * n] for i in range(rules.seats)]
        if opening is None:
            opening = rng.randrange(rules.seats)
        return cls(hands, deck[rules.seats * n:], opening, rules)

    @classmethod
    def at_play(cls, hands: Sequence[Sequence[int]], kitty: Sequence[int], landlord: int,
                bid: int = 1, rules: RuleSet = CLASSIC) -> Deal:
        """A deal that skips the auction: ``landlord`` won it with ``bid`` and leads.
        (The literature's evaluation protocol plays deals this way.)"""
        deal = cls(hands, kitty, landlord, rules)
        deal.answers = rules.seats
        deal.high_bid = bid
        deal.high_bidder = landlord
        deal._become_landlord(landlord)
        deal.phase = _PLAY
        deal.to_move = landlord
        return deal

    def copy(self) -> Deal:
        """A clone sharing nothing mutable with this deal (its undo stack starts empty)."""
        other = object.__new__(Deal)
        for name in self.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = self.hands[:]
        other.left = self.left[:]
        other.doubled = self.doubled[:]
        other.plays_made = self.plays_made[:]
        other.history = self.history[:]
        other._undo = []
        return other

    # ----------------------------------------------------------------- queries

    @property
    def is_over(self) -> bool:
        """The deal has ended: played out, or thrown in after three passes."""
        return self.phase is _OVER or self.phase is _THROWN_IN

    def legal_actions(self) -> list[Action]:
        """Every action of the seat to move (plays when following start with the pass)."""
        phase = self.phase
        if phase is _PLAY:
            if self.top is None:
                return lead_plays(self.hands[self.to_move], self.distinct)
            return follow_plays(self.hands[self.to_move], self.top, self.distinct)
        if phase is _AUCTION:
            return legal_bids(self.high_bid, self.rules.max_bid)
        if phase is _DOUBLING:
            return [NO_DOUBLE, DOUBLE]
        return []

    def is_legal(self, action: Action) -> bool:
        return self.why_illegal(action) is None

    def why_illegal(self, action: Action, seat: int | None = None) -> str | None:
        """``None`` if ``action`` is legal for the seat to move (or for ``seat``), else why."""
        if self.is_over:
            return "the deal is over"
        if seat is not None and seat != self.to_move:
            return f"it is seat {self.to_move}'s turn, not seat {seat}'s"
        phase = self.phase
        if phase is _AUCTION:
            if not isinstance(action, Bid):
                return f"the auction is on: bid 1..{self.rules.max_bid} or pass"
            if action.value and not self.high_bid < action.value <= self.rules.max_bid:
                if action.value > self.rules.max_bid:
                    return f"bids go up to {self.rules.max_bid}"
                return f"a bid must be higher than {self.high_bid}"
            return None
        if phase is _DOUBLING:
            if not isinstance(action, Double):
                return "the doubling question is open: double or not"
            return None
        if not isinstance(action, Play):
            return "the play has begun: play cards or pass"
        return self._why_illegal_play(action)

    def _why_illegal_play(self, play: Play) -> str | None:
        if play.kind is Kind.PASS:
            return "you lead this trick: a leader may not pass" if self.top is None else None
        genuine = _GENUINE.get((play.kind, play.cards))
        if genuine is not play and (genuine is None or genuine.main != play.main
                                    or genuine.length != play.length):
            return f"{format_ranks(play.cards)} is not a {play.kind.label}"
        if self.distinct and not play.distinct_ok:
            return (f"{play.text}: with distinct kickers, its single wings or kickers must "
                    "all be different ranks")
        hand = self.hands[self.to_move]
        if ((hand | _GUARDS) - play.cards) & _GUARDS != _GUARDS:
            return f"you hold {format_ranks(hand) or 'no cards'}, not {format_ranks(play.cards)}"
        top = self.top
        if top is None or (play.kind is top.kind and play.size == top.size
                           and play.main > top.main):
            return None
        return None if beats(play, top) else _why_not_beating(play, top)

    @property
    def result(self) -> ScoreSheet | None:
        """The score sheet once the deal is played out (``None`` before, or if thrown in)."""
        if self.phase is not _OVER:
            return None
        landlord = self.landlord
        landlord_won = self.winner == landlord
        peasants_played = any(self.plays_made[s] for s in range(self.seats) if s != landlord)
        return score_deal(
            landlord=landlord, landlord_won=landlord_won, bid=self.high_bid,
            bombs=self.bombs, rockets=self.rockets,
            spring=landlord_won and not peasants_played,
            anti_spring=not landlord_won and self.plays_made[landlord] == 1,
            doubled=tuple(self.doubled), redoubled=self.redoubled, seats=self.seats)

    # ----------------------------------------------------------------- push / pop

    def push(self, action: Action, seat: int | None = None) -> None:
        """Apply ``action`` for the seat to move (checked; ``seat`` must match if given)."""
        if self.phase is _PLAY and action.__class__ is Play and (seat is None or
                                                                 seat == self.to_move):
            why = self._why_illegal_play(action)
            if why is not None:
                raise IllegalActionError(why)
            seat = self.to_move  # the play phase's own path: the hot one in searches
            self._undo.append((_PLAY, seat, self.top, self.top_seat, self.passes,
                               self.trick_start, self.winner))
            self.history.append((seat, action))
            self._play(seat, action)
            return
        why = self.why_illegal(action, seat)
        if why is not None:
            raise IllegalActionError(why)
        self.push_unchecked(action)

    def push_unchecked(self, action: Action) -> None:
        """Apply an action known to be legal (e.g. one from :meth:`legal_actions`)."""
        seat = self.to_move
        self._undo.append((self.phase, seat, self.top, self.top_seat, self.passes,
                           self.trick_start, self.winner))
        self.history.append((seat, action))
        phase = self.phase
        if phase is _PLAY:
            self._play(seat, action)
        elif phase is _AUCTION:
            self._bid(seat, action)
        else:
            self._double(seat, action)

    def _play(self, seat: int, play: Play) -> None:
        if play.kind is Kind.PASS:
            self.passes += 1
            if self.passes == self.seats - 1:  # everyone else passed: the trick is won
                self.top = None
                self.passes = 0
                self.to_move = self.top_seat
                self.trick_start = len(self.history)
            else:
                self.to_move = (seat + 1) % self.seats
            return
        self.hands[seat] -= play.cards
        self.left[seat] -= play.size
        self.plays_made[seat] += 1
        kind = play.kind
        if kind is _BOMB:
            self.bombs += 1
        elif kind is _ROCKET:
            self.rockets += 1
        self.top = play
        self.top_seat = seat
        self.passes = 0
        if self.left[seat] == 0:
            self.phase = _OVER
            self.winner = seat
            self.to_move = -1
        else:
            self.to_move = (seat + 1) % self.seats

    def _bid(self, seat: int, bid: Bid) -> None:
        self.answers += 1
        if bid.value:
            self.high_bid = bid.value
            self.high_bidder = seat
        if not auction_over(self.answers, self.high_bid, self.seats, self.rules.max_bid):
            self.to_move = (seat + 1) % self.seats
        elif self.high_bid == 0:
            self.phase = _THROWN_IN
            self.to_move = -1
        else:
            self._become_landlord(self.high_bidder)
            if self.rules.doubling:
                self.phase = _DOUBLING
                self.to_move = (self.landlord + 1) % self.seats
            else:
                self.phase = _PLAY
                self.to_move = self.landlord
            self.trick_start = len(self.history)

    def _become_landlord(self, seat: int) -> None:
        self.landlord = seat
        self.hands[seat] += self.kitty
        self.left[seat] += self.rules.kitty_size

    def _double(self, seat: int, answer: Double) -> None:
        landlord = self.landlord
        if seat == landlord:
            self.redoubled = answer.yes
            self._start_play()
            return
        self.doubled[seat] = answer.yes
        nxt = (seat + 1) % self.seats
        if nxt != landlord:
            self.to_move = nxt
        elif any(self.doubled):
            self.to_move = landlord
        else:
            self._start_play()

    def _start_play(self) -> None:
        self.phase = _PLAY
        self.to_move = self.landlord
        self.trick_start = len(self.history)

    def pop(self) -> Action:
        """Take back the last action and return it (a copy cannot go back past its start)."""
        if not self._undo:
            raise IndexError("no action to take back")
        (phase, seat, top, top_seat, passes, trick_start, winner) = self._undo.pop()
        _, action = self.history.pop()
        if phase is _PLAY:
            if action.__class__ is Play and action.kind is not Kind.PASS:
                self.hands[seat] += action.cards
                self.left[seat] += action.size
                self.plays_made[seat] -= 1
                if action.kind is _BOMB:
                    self.bombs -= 1
                elif action.kind is _ROCKET:
                    self.rockets -= 1
        elif phase is _AUCTION:
            self._unbid(seat, action)
        elif seat == self.landlord:
            self.redoubled = False
        else:
            self.doubled[seat] = False
        self.phase = phase
        self.to_move = seat
        self.top = top
        self.top_seat = top_seat
        self.passes = passes
        self.trick_start = trick_start
        self.winner = winner
        return action

    def _unbid(self, seat: int, bid: Bid) -> None:
        if self.landlord >= 0:
            self.hands[self.landlord] -= self.kitty
            self.left[self.landlord] -= self.rules.kitty_size
            self.landlord = -1
        self.answers -= 1
        # the highest bid before this one is the last nonzero bid still in the history
        self.high_bid, self.high_bidder = 0, -1
        for s, a in self.history:
            if isinstance(a, Bid) and a.value:
                self.high_bid, self.high_bidder = a.value, s

    # ----------------------------------------------------------------- suited cards

    def held_cards(self, seat: int) -> list[int]:
        """The suited cards ``seat`` holds now (the kitty's cards once it is the landlord's)."""
        return self.replay_suits()[1][seat].cards()

    def suited_history(self) -> list[tuple[int, Action, tuple[int, ...]]]:
        """Each action with the suited cards it played (empty for bids, doubles, passes)."""
        return self.replay_suits()[0]

    def replay_suits(self) -> tuple[list[tuple[int, Action, tuple[int, ...]]],
                                     list[SuitedCards]]:
        """Suits never matter to the rules: a play takes the highest suits of its ranks.
        Returns the history with suited cards, and what each seat holds now."""
        held = [SuitedCards(h) for h in self.dealt]
        if self.landlord >= 0:
            held[self.landlord].add(self.kitty_cards)
        out = []
        for seat, action in self.history:
            cards: tuple[int, ...] = ()
            if action.__class__ is Play and action.cards:
                cards = tuple(held[seat].take(action.cards))
            out.append((seat, action, cards))
        return out, held

    def __repr__(self) -> str:
        hands = " / ".join(format_ranks(h) for h in self.hands)
        return f"<Deal {self.phase.value} to_move={self.to_move} hands={hands}>"


def _why_not_beating(play: Play, top: Play) -> str:
    if top.kind is Kind.ROCKET:
        return "nothing beats the rocket: pass"
    if play.kind is not top.kind:
        if top.kind is Kind.BOMB:
            return f"{play.text} does not beat the bomb {top.ranks}: only a higher bomb or " \
                   "the rocket does"
        return f"{play.text} is a {play.kind.label}; the trick needs a {top.kind.label} " \
               "(or a bomb or the rocket)"
    if play.size != top.size:
        return f"{play.text} has {play.size} cards; the trick's {top.kind.label} has {top.size}"
    return f"{play.text} is not higher than {top.text}"


class AmbiguousPlayError(ValueError):
    """Selected cards that make more than one legal play: the player must choose."""

    def __init__(self, message: str, options: list[Play]) -> None:
        super().__init__(message)
        self.options = options


def play_from_cards(deal: Deal, cards: int) -> Play:
    """The play meant by selecting exactly these cards (RULES.md, Readings).

    Following, it is the reading that fits the trick. Leading with cards that read as
    several kinds raises :class:`AmbiguousPlayError` with the options; cards that make no
    legal play raise :class:`IllegalActionError` saying why.
    """
    if deal.phase is not _PLAY:
        raise IllegalActionError(deal.why_illegal(PASS_PLAY) or "no play is possible now")
    options = [p for p in readings(cards, deal.distinct) if deal.why_illegal(p) is None]
    if len(options) == 1:
        return options[0]
    if options:
        names = " or ".join(p.kind.label for p in options)
        raise AmbiguousPlayError(f"{format_ranks(cards)} can be played as {names}: choose one",
                                 options)
    found = readings(cards, deal.distinct)
    if not found:
        raise IllegalActionError(f"{format_ranks(cards) or 'nothing'} is not a combination")
    top = deal.top
    fitting = [p for p in found if top is not None and p.kind is top.kind] or found
    raise IllegalActionError(deal.why_illegal(fitting[0]) or "not a legal play")
