"""What one seat may know: the only thing a player, human or bot, is ever given.

A :class:`SeatView` is built from a deal for one seat. It holds that seat's own cards and
what is public (bids, doubles, the kitty once shown, every play with the suited cards it
put on the table, card counts), never another seat's hidden cards. Once a deal is played
out its remaining hands are public too.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from .actions import action_to_json, reading_of
from .auction import AuctionState, Bid, Double
from .cards import NUM_RANKS, RANKS, card_text, count_of, ranks_of_cards
from .combos import Play
from .deal import Action, Deal, Phase
from .position import TrickFollower
from .rules import RuleSet
from .scoring import ScoreSheet, stake_of


@dataclass(frozen=True)
class PublicAction:
    """One action everyone saw: who, what, and the suited cards it put on the table; for a
    play or a pass, the top of the trick it answered and its seat (``None`` and -1 for a
    lead) and how many cards the seat held when it acted."""

    seat: int
    action: Action
    cards: tuple[int, ...] = ()
    top: Play | None = None
    top_seat: int = -1
    held: int = 0

    @property
    def leads(self) -> bool:
        """A play that opened a trick."""
        return isinstance(self.action, Play) and self.top is None

    def to_json(self) -> dict:
        """The action as :func:`.action_to_json` writes it, with its seat and cards; a play
        or a pass also says whether it opened a trick (``lead``), and a play with wild cards
        the ranks its combination stands for (``as``: ``45678`` for ``straight 45688``)."""
        found = {"seat": self.seat, "cards": [],
                 **action_to_json(self.action, self.cards or None)}
        if "play" in found:
            found["lead"] = self.leads
            found.update(reading_of(self.action))
        return found


@dataclass(frozen=True)
class CountStrip:
    """For each rank, how many cards are unseen by this seat (not in its hand, not played);
    the ranks that may still make a bomb, and whether the rocket is still possible."""

    unseen: tuple[int, ...]
    bomb_ranks: tuple[int, ...]
    rocket_possible: bool

    def to_json(self) -> dict:
        return {"unseen": [[RANKS[r], n] for r, n in enumerate(self.unseen)],
                "bombs": [RANKS[r] for r in self.bomb_ranks],
                "rocket": self.rocket_possible}


WATCHER = -1
"""The seat of a spectator's view (:func:`watcher_view`): no seat at all."""


@dataclass(frozen=True)
class SeatView:
    """A seat's knowledge of a deal at one moment (or a spectator's: seat :data:`WATCHER`)."""

    seat: int
    rules: RuleSet
    phase: Phase
    to_move: int
    opening: int
    hand: tuple[int, ...]
    """This seat's suited cards, in rank order, then by suit."""
    cards_left: tuple[int, ...]
    landlord: int
    """-1 until the auction is over."""
    bids: tuple[tuple[int, Bid], ...]
    """(seat, answer) in order."""
    auction: AuctionState
    """The auction so far: its stake (the highest bid, or 2 to the robs once called)."""
    doubled: tuple[bool | None, ...]
    """Per seat: the peasant's answer to doubling once given, else None."""
    redoubled: bool | None
    kitty: tuple[int, ...] | None
    """The kitty's suited cards once turned face up."""
    history: tuple[PublicAction, ...]
    trick: tuple[PublicAction, ...]
    """The current trick's actions, oldest first (empty when a seat is about to lead)."""
    top: Play | None
    top_seat: int
    played: tuple[int, ...]
    """Rank counts played so far by each seat."""
    plays_made: tuple[int, ...]
    """How many plays (not passes) each seat has made."""
    legal: tuple[Action, ...]
    """This seat's legal actions when it is to move, else empty."""
    bombs: int
    """Bombs played that doubled the stake."""
    rockets: int
    result: ScoreSheet | None
    final_hands: tuple[tuple[int, ...], ...] | None
    """Every seat's remaining cards, once the deal is played out."""
    set_aside: int = 0
    """Rank counts of the cards out of play from the start (a deal that began at a
    position, :meth:`~dizhu.deal.Deal.from_position`): public, in no seat's hand."""
    wild: tuple[int, ...] = ()
    """The deal's wild ranks drawn so far, in the order drawn (none before they are drawn:
    ``laizi``'s rank is in no view before the auction ends)."""
    history_texts: tuple[str, ...] = field(default=(), compare=False, repr=False)
    """Each entry of :attr:`history` as JSON, when the view was built with them."""

    @property
    def seats(self) -> int:
        return self.rules.seats

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat

    @property
    def cannot_beat(self) -> bool:
        """This seat is to follow a trick and nothing in its hand beats it: its one legal
        action is to pass (要不起)."""
        return self.my_turn and self.phase is Phase.PLAY and self.top is not None and \
            all(isinstance(a, Play) and a.is_pass for a in self.legal)

    @property
    def passes(self) -> int:
        """Passes since the play on top of the trick."""
        count = 0
        for entry in reversed(self.trick):
            if not entry.action.is_pass:
                break
            count += 1
        return count

    @property
    def hand_ranks(self) -> int:
        """This seat's cards as rank counts."""
        return ranks_of_cards(self.hand)

    @property
    def role(self) -> str:
        if self.seat == WATCHER:
            return "spectator"
        if self.landlord < 0:
            return "undecided"
        return "landlord" if self.seat == self.landlord else "peasant"

    @property
    def spring_possible(self) -> bool:
        """In play, and no peasant has played yet (docs/rules.md, Scoring)."""
        return self.phase is Phase.PLAY and all(
            n == 0 for s, n in enumerate(self.plays_made) if s != self.landlord)

    @property
    def anti_spring_possible(self) -> bool:
        """In play, and the landlord has played at most once."""
        return self.phase is Phase.PLAY and self.plays_made[self.landlord] <= 1

    @property
    def stake_now(self) -> int:
        """The stake if the deal ended now without a spring: the auction's stake doubled
        per doubling bomb and rocket so far (0 before any bid or call)."""
        return stake_of(self.auction.stake, self.bombs + self.rockets)

    @property
    def my_stake(self) -> int:
        """What this seat stands to win or lose now (no spring): a peasant's settlement
        with the landlord after doubling, or the landlord's with every peasant."""
        stake = self.stake_now
        redoubled = 2 if self.redoubled else 1

        def settled(seat: int) -> int:
            return stake * (2 * redoubled if self.doubled[seat] else 1)

        if self.landlord < 0 or self.seat == WATCHER:
            return stake
        if self.seat != self.landlord:
            return settled(self.seat)
        return sum(settled(s) for s in range(self.seats) if s != self.landlord)

    def count_strip(self) -> CountStrip:
        """The count of unseen cards (docs/rules.md, The count strip)."""
        seen = self.hand_ranks + sum(self.played) + self.set_aside
        deck = self.rules.deck
        unseen = tuple(count_of(deck, r) - count_of(seen, r) for r in range(NUM_RANKS))
        bombs, rocket = self.rules.count_marks(unseen)
        return CountStrip(unseen, bombs, rocket)

    def to_json(self) -> dict:
        """A JSON-ready dict: what a browser or an outside bot receives."""
        return self._json([a.to_json() for a in self.history])

    def to_text(self, **extra: object) -> str:
        """``json.dumps({**self.to_json(), **extra}, ensure_ascii=False)``, with the
        history's entries encoded once for all the views that share them."""
        texts = self.history_texts
        if len(texts) != len(self.history):
            texts = tuple(json.dumps(a.to_json(), ensure_ascii=False) for a in self.history)
        text = json.dumps({**self._json(_HISTORY), **extra}, ensure_ascii=False)
        return text.replace(_HISTORY_TEXT, f"[{', '.join(texts)}]", 1)

    def _json(self, history: object) -> dict:
        rules = self.rules
        return {
            "seat": self.seat,
            "rules": {**rules.to_json(), "seats": rules.seats, "hand_size": rules.hand_size,
                      "kitty_size": rules.kitty_size, "auction": rules.auction.name},
            "phase": self.phase.value,
            "to_move": self.to_move,
            "opening": self.opening,
            "hand": [card_text(c) for c in self.hand],
            "cards_left": list(self.cards_left),
            "landlord": self.landlord,
            "bids": [[s, b.token] for s, b in self.bids],
            "auction": {"stake": self.auction.stake, "robs": self.auction.robs},
            "doubled": list(self.doubled),
            "redoubled": self.redoubled,
            "kitty": None if self.kitty is None else [card_text(c) for c in self.kitty],
            "history": history,
            "trick": [a.to_json() for a in self.trick],
            "top": None if self.top is None else self.top.text,
            "top_seat": self.top_seat,
            "legal": [action_to_json(a) for a in self.legal],
            "bombs": self.bombs,
            "rockets": self.rockets,
            "stake": {"now": self.stake_now, "mine": self.my_stake,
                      "spring_possible": self.spring_possible,
                      "anti_spring_possible": self.anti_spring_possible},
            "count_strip": self.count_strip().to_json() if self.landlord >= 0 else None,
            "result": None if self.result is None else self.result.to_json(),
            "final_hands": None if self.final_hands is None else
            [[card_text(c) for c in h] for h in self.final_hands],
            **({"wild": rules.wild_text(self.wild)} if rules.wild_ranks else {}),
        }


_HISTORY = "\x00history\x00"
"""Where :meth:`SeatView.to_text` puts the history's text (no other field holds a NUL)."""
_HISTORY_TEXT = json.dumps(_HISTORY)


class PublicRecord:
    """A deal's public record, built action by action: each action with the trick it
    answered and how many cards its seat held, and per seat what it has played and its
    answer to doubling."""

    __slots__ = ("actions", "doubled", "held", "landlord", "lead", "played", "redoubled",
                 "state", "texts", "tricks")

    def __init__(self, deal: Deal) -> None:
        rules = deal.rules
        self.landlord = deal.landlord
        self.held = [len(cards) for cards in deal.dealt]  # a deal from a position: fewer
        if deal.landlord >= 0:
            self.held[deal.landlord] += len(deal.kitty_cards)
        self.tricks = TrickFollower(rules.seats)
        self.actions: list[PublicAction] = []
        self.texts: list[str] = []
        """The JSON of the first actions (see :meth:`encode`)."""
        self.lead = -1
        """The index of the last lead (-1 before any)."""
        self.played = [0] * rules.seats
        self.doubled: list[bool | None] = [None] * rules.seats
        self.redoubled: bool | None = None
        self.state: tuple[int, int] | None = None
        """The history this record is of (:meth:`Deal.history_state`), once done."""

    def add(self, seat: int, action: Action, cards: tuple[int, ...]) -> None:
        """The next action of the history, with the suited cards it put on the table."""
        if isinstance(action, Play):
            top, top_seat = self.tricks.answer(seat, action)
            if top is None:
                self.lead = len(self.actions)
            self.actions.append(PublicAction(seat, action, cards, top, top_seat,
                                             self.held[seat]))
            self.held[seat] -= action.size
            self.played[seat] += action.cards
            return
        if isinstance(action, Double):
            if seat == self.landlord:
                self.redoubled = action.yes
            else:
                self.doubled[seat] = action.yes
        self.actions.append(PublicAction(seat, action, cards))

    def encode(self) -> None:
        """Encode the actions not encoded yet (each once, for all the views of the deal)."""
        texts = self.texts
        for entry in self.actions[len(texts):]:
            texts.append(json.dumps(entry.to_json(), ensure_ascii=False))

    def trick_start(self, deal: Deal) -> int:
        """Where the current trick began (the history's length when no trick is open)."""
        return len(self.actions) if deal.top is None or self.lead < 0 else self.lead

    def copy(self) -> PublicRecord:
        other = PublicRecord.__new__(PublicRecord)
        other.landlord, other.lead, other.redoubled = self.landlord, self.lead, self.redoubled
        other.held, other.played, other.doubled = self.held[:], self.played[:], self.doubled[:]
        other.actions, other.texts = self.actions[:], self.texts[:]
        other.tricks = self.tricks.copy()
        other.state = None
        return other


def public_record(deal: Deal) -> PublicRecord:
    """The deal's public record now, its actions encoded: worked out once for each state
    of its history, and from the last one when the history only grew since (treat it as
    read-only: the views of the deal and copies of it share it)."""
    state = deal.history_state()
    memo = deal.public_memo
    if isinstance(memo, PublicRecord) and memo.state is not None:
        if memo.state == state:
            return memo
        done = len(memo.actions)
        # the same version: the history only grew since
        if 0 < done <= state[0] and memo.state[1] == state[1] and \
                memo.landlord == deal.landlord:
            record = memo.copy()
        else:
            record = PublicRecord(deal)
    else:
        record = PublicRecord(deal)
    suited, _ = deal.replay_suits()
    for entry in suited[len(record.actions):]:
        record.add(*entry)
    record.encode()
    record.state = state
    deal.public_memo = record
    return record


def public_history(deal: Deal, suited: list[tuple[int, Action, tuple[int, ...]]]
                   ) -> tuple[tuple[PublicAction, ...], int]:
    """Every action with the trick it answered, and the index where the current trick
    began (the length of the history when no trick is open)."""
    record = PublicRecord(deal)
    for entry in suited:
        record.add(*entry)
    return tuple(record.actions), record.trick_start(deal)


def seat_view(deal: Deal, seat: int) -> SeatView:
    """Everything ``seat`` may know about ``deal`` now, and nothing more."""
    if not 0 <= seat < deal.seats:
        raise ValueError(f"no seat {seat}: seats are 0..{deal.seats - 1}")
    return _view(deal, seat)


class Player(Protocol):
    """Anything that plays from a seat's view: a bot, a script."""

    def act(self, view: SeatView) -> Action: ...


def played_views(deal: Deal, players: Sequence[Player]) -> Iterator[SeatView]:
    """The view of each seat to move while ``players`` (one a seat) play ``deal`` out.
    Each view is yielded before its seat's action is pushed, so ``deal`` then stands where
    the view sees it; stop early and the deal stays there."""
    while not deal.is_over:
        view = _view(deal, deal.to_move)
        yield view
        deal.push(players[view.seat].act(view), view.seat)


def play_out(deal: Deal, players: Sequence[Player]) -> Deal:
    """``deal`` played to its end by ``players`` (one a seat), each from its own view."""
    for _ in played_views(deal, players):
        pass
    return deal


def watcher_view(deal: Deal) -> SeatView:
    """What a spectator may know about ``deal`` now: everything public (the auction, the
    kitty once turned up, every play, the cards left), no hand, no legal action; the hands
    once the deal is played out. Its ``seat`` is :data:`WATCHER`."""
    return _view(deal, WATCHER)


def _view(deal: Deal, seat: int) -> SeatView:
    _, held = deal.replay_suits()
    record = public_record(deal)
    history = tuple(record.actions)
    trick_start = record.trick_start(deal)
    in_play = deal.phase is Phase.PLAY or deal.phase is Phase.OVER
    over = deal.phase is Phase.OVER
    position = deal.position
    landlord, top = position.landlord, position.top
    return SeatView(
        seat=seat,
        rules=deal.rules,
        phase=deal.phase,
        to_move=deal.to_move,
        opening=deal.opening,
        hand=tuple(held[seat].cards()) if seat != WATCHER else (),
        cards_left=tuple(position.left),
        landlord=landlord,
        bids=tuple(deal.bids),
        auction=deal.auction_state,
        doubled=tuple(record.doubled),
        redoubled=record.redoubled,
        kitty=deal.kitty_cards if landlord >= 0 else None,
        history=history,
        trick=history[trick_start:] if in_play and top is not None else (),
        top=top,
        top_seat=position.top_seat,
        played=tuple(record.played),
        plays_made=tuple(position.plays_made),
        legal=tuple(deal.legal_actions()) if deal.to_move == seat else (),
        bombs=position.bombs,
        rockets=position.rockets,
        result=deal.result,
        final_hands=tuple(tuple(h.cards()) for h in held) if over else None,
        set_aside=deal.set_aside,
        wild=position.wild,
        history_texts=tuple(record.texts),
    )
