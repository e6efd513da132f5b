"""What one seat may know: the only thing a player, human or bot, is ever given.

A :class:`SeatView` is built from a deal for one seat. It holds that seat's own cards and
what is public (bids, doubles, the kitty once shown, every play, card counts), never
another seat's hidden cards. Once a deal is played out its remaining hands are public too.
"""

from __future__ import annotations

from dataclasses import dataclass

from .auction import Bid, Double
from .cards import (
    BLACK_JOKER,
    FULL_DECK,
    NUM_RANKS,
    RANKS,
    RED_JOKER,
    TWO,
    card_text,
    count_of,
    ranks_of_cards,
)
from .combos import Play
from .deal import Action, Deal, Phase
from .rules import RuleSet
from .scoring import ScoreSheet, stake_of


@dataclass(frozen=True)
class PublicAction:
    """One action everyone saw: who, what, and the suited cards it put on the table."""

    seat: int
    action: Action
    cards: tuple[int, ...] = ()

    def to_json(self) -> dict:
        return {"seat": self.seat, **action_to_json(self.action),
                "cards": [card_text(c) for c in self.cards]}


@dataclass(frozen=True)
class CountStrip:
    """For each rank, how many cards are unseen by this seat (not in its hand, not played);
    the ranks whose four cards are all unseen, and whether the rocket is still possible."""

    unseen: tuple[int, ...]
    bomb_ranks: tuple[int, ...]
    rocket_possible: bool

    def to_json(self) -> dict:
        return {"unseen": [[RANKS[r], n] for r, n in enumerate(self.unseen)],
                "bombs": [RANKS[r] for r in self.bomb_ranks],
                "rocket": self.rocket_possible}


@dataclass(frozen=True)
class SeatView:
    """A seat's knowledge of a deal at one moment."""

    seat: int
    rules: RuleSet
    phase: Phase
    to_move: int
    opening: int
    hand: tuple[int, ...]
    """This seat's suited cards, in rank order (within a rank, in the order plays take them)."""
    cards_left: tuple[int, ...]
    landlord: int
    """-1 until the auction is over."""
    bids: tuple[tuple[int, int], ...]
    """(seat, bid) in order; 0 is a pass."""
    high_bid: int
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
    rockets: int
    result: ScoreSheet | None
    final_hands: tuple[tuple[int, ...], ...] | None
    """Every seat's remaining cards, once the deal is played out."""

    @property
    def my_turn(self) -> bool:
        return self.to_move == self.seat

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
        if self.landlord < 0:
            return "undecided"
        return "landlord" if self.seat == self.landlord else "peasant"

    @property
    def spring_possible(self) -> bool:
        """In play, and neither peasant has played yet (RULES.md, Scoring)."""
        return self.phase is Phase.PLAY and all(
            n == 0 for s, n in enumerate(self.plays_made) if s != self.landlord)

    @property
    def anti_spring_possible(self) -> bool:
        """In play, and the landlord has played at most once."""
        return self.phase is Phase.PLAY and self.plays_made[self.landlord] <= 1

    @property
    def stake_now(self) -> int:
        """The stake if the deal ended now without a spring: the bid doubled per bomb and
        rocket so far (0 before any bid)."""
        return stake_of(self.high_bid, self.bombs + self.rockets)

    def count_strip(self) -> CountStrip:
        """The count of unseen cards (RULES.md, The count strip)."""
        seen = self.hand_ranks + sum(self.played)
        unseen = tuple(count_of(FULL_DECK, r) - count_of(seen, r) for r in range(NUM_RANKS))
        bombs = tuple(r for r in range(TWO + 1) if unseen[r] == 4)
        return CountStrip(unseen, bombs, unseen[BLACK_JOKER] == 1 and unseen[RED_JOKER] == 1)

    def to_json(self) -> dict:
        """A JSON-ready dict: what a browser or an outside bot receives."""
        return {
            "seat": self.seat,
            "rules": {"name": self.rules.name, **self.rules.options()},
            "phase": self.phase.value,
            "to_move": self.to_move,
            "opening": self.opening,
            "hand": [card_text(c) for c in self.hand],
            "cards_left": list(self.cards_left),
            "landlord": self.landlord,
            "bids": [[s, b] for s, b in self.bids],
            "high_bid": self.high_bid,
            "doubled": list(self.doubled),
            "redoubled": self.redoubled,
            "kitty": None if self.kitty is None else [card_text(c) for c in self.kitty],
            "history": [a.to_json() for a in self.history],
            "trick": [a.to_json() for a in self.trick],
            "top": None if self.top is None else self.top.text,
            "top_seat": self.top_seat,
            "legal": [action_to_json(a) for a in self.legal],
            "bombs": self.bombs,
            "rockets": self.rockets,
            "stake": {"now": self.stake_now, "spring_possible": self.spring_possible,
                      "anti_spring_possible": self.anti_spring_possible},
            "count_strip": self.count_strip().to_json() if self.landlord >= 0 else None,
            "result": None if self.result is None else self.result.to_json(),
            "final_hands": None if self.final_hands is None else
            [[card_text(c) for c in h] for h in self.final_hands],
        }


def action_to_json(action: Action) -> dict:
    """``{"bid": 2}``, ``{"double": true}`` or ``{"play": "pair 33"}``."""
    if isinstance(action, Bid):
        return {"bid": action.value}
    if isinstance(action, Double):
        return {"double": action.yes}
    return {"play": action.text}


def seat_view(deal: Deal, seat: int) -> SeatView:
    """Everything ``seat`` may know about ``deal`` now, and nothing more."""
    if not 0 <= seat < deal.seats:
        raise ValueError(f"no seat {seat}: seats are 0..{deal.seats - 1}")
    suited, held = deal.replay_suits()
    history = tuple(PublicAction(s, a, cards) for s, a, cards in suited)
    in_play = deal.phase is Phase.PLAY or deal.phase is Phase.OVER
    answered = [False] * deal.seats
    doubled: list[bool | None] = [None] * deal.seats
    redoubled = None
    played = [0] * deal.seats
    plays_made = [0] * deal.seats
    for entry in history:
        action = entry.action
        if isinstance(action, Double):
            if entry.seat == deal.landlord:
                redoubled = action.yes
            else:
                doubled[entry.seat] = action.yes
            answered[entry.seat] = True
        elif isinstance(action, Play) and not action.is_pass:
            played[entry.seat] += action.cards
            plays_made[entry.seat] += 1
    over = deal.phase is Phase.OVER
    return SeatView(
        seat=seat,
        rules=deal.rules,
        phase=deal.phase,
        to_move=deal.to_move,
        opening=deal.opening,
        hand=tuple(held[seat].cards()),
        cards_left=tuple(deal.left),
        landlord=deal.landlord,
        bids=tuple((e.seat, e.action.value) for e in history if isinstance(e.action, Bid)),
        high_bid=deal.high_bid,
        doubled=tuple(doubled),
        redoubled=redoubled,
        kitty=deal.kitty_cards if deal.landlord >= 0 else None,
        history=history,
        trick=history[deal.trick_start:] if in_play and deal.top is not None else (),
        top=deal.top,
        top_seat=deal.top_seat,
        played=tuple(played),
        plays_made=tuple(plays_made),
        legal=tuple(deal.legal_actions()) if deal.to_move == seat else (),
        bombs=deal.bombs,
        rockets=deal.rockets,
        result=deal.result,
        final_hands=tuple(tuple(h.cards()) for h in held) if over else None,
    )
