"""One deal as a state machine: auction, optional doubling, play, end and score.

A :class:`Deal` wraps a :class:`~dizhu.position.Position` (``deal.position``: its play
phase is the position's push and pop) with the phases before it, the suited cards and
the history; what a position answers a deal answers too (``hands``, ``top``, ``left``).
``push(action)`` applies an action of the seat to move and ``pop()`` takes it back, so a
search can walk millions of positions without copying; ``copy()`` makes a cheap clone.
Every action is checked against the ruleset; :class:`IllegalActionError` says why not.

Suits never matter to the rules, so the engine keeps plays by rank. Which suited cards a
play put on the table is the player's choice: a person's clicked cards are given to
:meth:`Deal.push`; otherwise they are chosen by a hash of the deal's ``suit_seed``, the
play's number and the rank, among the cards of that rank the seat holds, so that the suits
seen tell nothing about the rest of a hand.
"""

from __future__ import annotations

import enum
import itertools
import random
from collections.abc import Callable, Sequence
from functools import cache
from operator import attrgetter

from . import core
from .auction import DOUBLE, NO_DOUBLE, Bid, Double
from .cards import (
    TWO,
    SuitedCards,
    card_text,
    faces_for,
    format_ranks,
    mix,
    ranks_of_cards,
    size,
)
from .combos import BOMB_KINDS, Play
from .combos import PASS as PASS_PLAY
from .position import Action, IllegalActionError, Position
from .position import compiled_methods as position_methods
from .reasons import REASONS, Reason
from .rules import CLASSIC, RuleSet
from .scoring import ScoreSheet, score_deal
from .wild import wild_with_joker


class Phase(enum.Enum):
    AUCTION = "auction"
    DOUBLING = "doubling"
    PLAY = "play"
    OVER = "over"
    THROWN_IN = "thrown_in"


_AUCTION, _DOUBLING, _PLAY, _OVER, _THROWN_IN = (
    Phase.AUCTION, Phase.DOUBLING, Phase.PLAY, Phase.OVER, Phase.THROWN_IN)
_PLAY_CLASS = Play


_SERIALS = itertools.count(1)
"""The versions of every deal's history: no number is given twice."""

POSITION_ATTRIBUTES = {
    "hands": "Each seat's hand, as rank counts.",
    "left": "How many cards each seat holds.",
    "landlord": "The landlord's seat (-1 during the auction).",
    "top": "The play on top of the trick, ``None`` for a lead.",
    "top_id": "Its id in the ruleset's universe (-1: none).",
    "top_seat": "The seat of the play on top of the trick.",
    "passes": "Passes since the top of the trick.",
    "winner": "The seat that went out (-1 while the play goes on).",
    "plays_made": "Plays (not passes) made by each seat.",
    "bombs": "Bombs played that doubled the stake.",
    "rockets": "Rockets played.",
    "wild": "The deal's wild ranks drawn so far (none in the rulesets without wild cards).",
    "distinct": "Whether kickers and single wings must differ.",
    "landlord_won": "Whether the landlord went out (``None`` while the play goes on).",
}
"""What a deal answers from its position, under the same names (read-only)."""


def _of_position(name: str, doc: str) -> property:
    """A read-only attribute of the deal's position, under the same name."""
    return property(attrgetter(f"position.{name}"), doc=doc)


class Deal:
    """The full state of one deal (hidden cards included: give players a view, not this).

    Its play phase is :attr:`position`, whose state the deal reads and never writes: the
    deal asks it to seat the landlord, to play and to take back."""

    __slots__ = (
        "_floor",
        "_legal",
        "_push",
        "_result",
        "_suits",
        "auction_state",
        "bids",
        "chosen",
        "dealt",
        "doubled",
        "history",
        "kitty",
        "kitty_cards",
        "opening",
        "phase",
        "position",
        "public_memo",
        "redoubled",
        "rules",
        "seats",
        "set_aside",
        "suit_seed",
        "to_move",
        "version",
        "wild_draw",
    )

    def __init__(self, hands: Sequence[Sequence[int]], kitty: Sequence[int], opening: int,
                 rules: RuleSet = CLASSIC, suit_seed: int = 0,
                 wild: Sequence[int] | None = None) -> None:
        """A deal about to be auctioned: suited faces of each seat and of the kitty.
        ``wild``: the wild ranks the deal draws, in the order drawn (all of them, for a
        ruleset with wild cards); by default drawn from ``suit_seed``."""
        seats = rules.seats
        if not rules.dealt:
            raise ValueError(f"no deal of {rules.name}: it is for positions, and a play "
                             "starts at one with Deal.from_position")
        if len(hands) != seats:
            raise ValueError(Reason("deal_hands", f"a deal of {rules.name} needs {seats} hands, "
                                    f"not {len(hands)}", n=seats, m=len(hands)))
        if any(len(h) != rules.hand_size for h in hands) or len(kitty) != rules.kitty_size:
            raise ValueError(Reason("deal_sizes", f"each hand needs {rules.hand_size} cards "
                                    f"and the kitty {rules.kitty_size}", n=rules.hand_size,
                                    m=rules.kitty_size))
        every = [c for h in hands for c in h]
        every += kitty
        every.sort()
        if every != rules.faces():  # each face once per pack, in order
            raise ValueError(Reason("deal_pack", REASONS["deal_pack"]) if rules.packs == 1
                             else Reason("deal_packs", REASONS["deal_packs"].format(
                                 n=rules.packs), n=rules.packs))
        if not 0 <= opening < seats:
            raise ValueError(f"the opening seat must be a seat 0..{seats - 1}")
        self._begin(hands, kitty, opening, rules, suit_seed, wild)

    def _begin(self, hands: Sequence[Sequence[int]], kitty: Sequence[int], opening: int,
               rules: RuleSet, suit_seed: int, wild: Sequence[int] | None = None) -> None:
        """The state of a deal about to be auctioned, from its cards (checked before)."""
        seats = self.seats = rules.seats
        self.rules = rules
        self.wild_draw = draw_wild(rules, suit_seed) if wild is None else \
            rules.check_wild(wild, drawn=True)
        """Every wild rank the deal draws, in the order drawn, those not drawn yet too (hidden
        like the hands: :attr:`wild` is those drawn so far)."""
        self._hold(Position(rules, [ranks_of_cards(h) for h in hands], -1,
                            wild=self.wild_draw[:rules.wild_before_auction]))
        self.dealt = tuple(tuple(sorted(h)) for h in hands)
        self.kitty_cards = tuple(sorted(kitty))
        self.kitty = ranks_of_cards(kitty)
        self.opening = opening
        self.suit_seed = suit_seed
        self.phase = _AUCTION
        self.bids: list[tuple[int, Bid]] = []
        self.auction_state = rules.auction.state(seats, opening, ())
        self.to_move = self.auction_state.to_move
        self.doubled = [False] * seats
        self.redoubled = False
        self.history: list[tuple[int, Action]] = []
        self.chosen: dict[int, tuple[int, ...]] = {}
        """History index -> the suited cards a player chose for that play."""
        self._floor = 0
        """How far back :meth:`pop` may go (a copy starts where it was made)."""
        self.version = next(_SERIALS)
        """A serial number of the history, new whenever an action is taken back (never one
        given before, in any deal): with the history's length it names the history, so
        what was worked out of one is known by these two ints (:meth:`history_state`)."""
        self._suits: tuple[int, int, int, tuple[list, list[SuitedCards]]] | None = None
        self._result: tuple[int, int, ScoreSheet | None] | None = None
        """:meth:`replay_suits` (and the landlord then) and :attr:`result` as last worked
        out, for the history of that length and version (see :meth:`_memo`)."""
        self.public_memo: object = None
        """What the seat views last worked out of this deal's public record (kept and read
        by :mod:`dizhu.view` alone)."""
        self.set_aside = 0
        """Rank counts of the cards out of play from the start, in no hand and not the
        kitty: none but in a deal that starts from a position (:meth:`from_position`)."""

    def _hold(self, position: Position) -> None:
        """Play on ``position`` (its bound methods kept: the play phase's hot path)."""
        self.position = position
        self._legal = position.legal_plays
        self._push = position.push

    # ----------------------------------------------------------------- construction

    @classmethod
    def shuffled(cls, seed: int | str | None = None, opening: int | None = None,
                 rules: RuleSet = CLASSIC) -> Deal:
        """A seeded shuffle and deal. Without ``opening`` the seed also picks the opener."""
        rng = random.Random(seed)
        hands, kitty = deal_cards(rng, rules)
        if opening is None:
            opening = rng.randrange(rules.seats)
        return cls(hands, kitty, opening, rules, rng.getrandbits(64))

    @classmethod
    def at_play(cls, hands: Sequence[Sequence[int]], kitty: Sequence[int], landlord: int,
                bid: int = 1, rules: RuleSet = CLASSIC, suit_seed: int = 0,
                wild: Sequence[int] | None = None) -> Deal:
        """A deal that skips the auction: ``landlord`` won it with a stake of ``bid`` (for
        ``rob``, 1, 2, 4 or 8) and leads, every wild rank drawn. The literature's
        evaluation protocol plays deals this way."""
        _check_start(rules, landlord, bid)
        deal = cls(hands, kitty, landlord, rules, suit_seed, wild)
        deal.auction_state = rules.auction.ended(landlord, bid)
        deal._become_landlord(landlord)
        deal._start_play()
        return deal

    @classmethod
    def from_position(cls, position: Position, bid: int = 1, suit_seed: int = 0) -> Deal:
        """A deal whose play starts at ``position`` (an endgame, say): each seat holds the
        position's hand, ``position.landlord`` won the auction with a stake of ``bid``.

        The top of the trick, if there is one, is the deal's first play, made by its seat,
        and the seats after it up to the one to move pass. The cards in no hand (nor on
        top) are out of play from the start, in no seat's played cards: :attr:`set_aside`,
        public (views count them as seen). A seat that holds fewer cards than it was dealt
        has played before: it counts one play then, the fewest there can have been, for
        spring and anti-spring; bombs played before are not known, so not counted. The
        suits are the first faces of each rank the deck has, seat by seat. The deal cannot
        be taken back past the position."""
        rules = position.rules
        seats, landlord, to_move = rules.seats, position.landlord, position.to_move
        _check_start(rules, landlord, bid)
        if position.is_over:
            raise ValueError("the play is over in that position: a hand is empty")
        if not 0 <= to_move < seats:
            raise ValueError(f"the seat to move must be a seat 0..{seats - 1}")
        top, top_seat = position.top, position.top_seat
        held = list(position.hands)
        if top is not None:
            if not 0 <= top_seat < seats or top_seat == to_move:
                raise ValueError("the top of the trick is another seat's play than the one "
                                 "to move's")
            held[top_seat] += top.cards
        for seat, cards in enumerate(held):
            dealt = rules.landlord_size if seat == landlord else rules.hand_size
            if size(cards) > dealt:
                role = "the landlord" if seat == landlord else "a peasant"
                raise ValueError(f"seat {seat} holds {size(cards)} cards, and {role} is dealt "
                                 f"{dealt}")
        deal = cls.__new__(cls)
        wild = rules.check_wild(position.wild, drawn=True) if rules.wild_ranks else ()
        deal._begin(faces_for(held, rules.packs), (), landlord, rules, suit_seed, wild)
        deal.set_aside = rules.deck - sum(held)
        deal.auction_state = rules.auction.ended(landlord, bid)
        made = [int(size(cards) < (rules.landlord_size if seat == landlord else rules.hand_size))
                for seat, cards in enumerate(held)]
        deal.to_move = to_move if top is None else top_seat
        deal._hold(Position(rules, held, landlord, deal.to_move, plays_made=made,
                            wild=position.wild))
        deal.phase = _PLAY
        if top is not None:
            deal.push(top)
            while deal.to_move != to_move:
                deal.push(PASS_PLAY)
        deal._floor = len(deal.history)
        return deal

    def copy(self) -> Deal:
        """A clone sharing nothing mutable with this deal (its undo stack starts empty)."""
        other = object.__new__(Deal)
        for name in Deal.__slots__:
            setattr(other, name, getattr(self, name))
        other._hold(self.position.copy())
        other.doubled = self.doubled[:]
        other.bids = self.bids[:]
        other.history = self.history[:]
        other.chosen = dict(self.chosen)
        other._floor = len(self.history)
        return other

    # ----------------------------------------------------------------- queries

    @property
    def is_over(self) -> bool:
        """The deal has ended: played out, or thrown in when nobody bid."""
        return self.phase is _OVER or self.phase is _THROWN_IN

    def legal_actions(self) -> list[Action]:
        """Every action of the seat to move (plays when following start with the pass)."""
        phase = self.phase
        if phase is _PLAY:
            return self._legal()
        if phase is _AUCTION:
            return list(self.auction_state.legal)
        if phase is _DOUBLING:
            return [NO_DOUBLE, DOUBLE]
        return []

    def legal_plays(self) -> list[Play]:
        """The plays of :meth:`legal_actions`: none before the play phase."""
        return self.position.legal_plays() if self.phase is _PLAY else []

    def is_legal(self, action: Action) -> bool:
        return self.why_illegal(action) is None

    # the position's questions, asked of the deal's phase (its is_over, to_move, _why_now)
    why_illegal = Position.why_illegal
    why_illegal_play = Position.why_illegal_play

    def key(self) -> tuple[int, ...]:
        """The position's :meth:`~dizhu.position.Position.key`."""
        return self.position.key()

    def text(self) -> str:
        """The position's text (:meth:`~dizhu.position.Position.text`)."""
        return self.position.text()

    def _why_now(self, action: Action) -> str | None:
        phase = self.phase
        if phase is _AUCTION:
            if not isinstance(action, Bid):
                legal = self.auction_state.legal
                return Reason("auction_on", f"the auction is on: {' or '.join(map(str, legal))}",
                              answers=[b.token for b in legal])
            return self.rules.auction.why_illegal(self.auction_state, action)
        if phase is _DOUBLING:
            if not isinstance(action, Double):
                return Reason("doubling_open", "the doubling question is open: double or not")
            return None
        return self.position._why_now(action)

    def history_state(self) -> tuple[int, int]:
        """The history's length and :attr:`version`: the same pair, the same history (a
        history only grows between two versions)."""
        return len(self.history), self.version

    def _memo(self, memo: tuple[int, int, object] | None) -> bool:
        """Whether ``memo`` was worked out for the history as it is now: the same length
        and version. Nothing else a memo depends on changes after the deal: the cards, the
        seed, the chosen suits of each play (set and dropped with it)."""
        return memo is not None and memo[0] == len(self.history) and memo[1] == self.version

    @property
    def result(self) -> ScoreSheet | None:
        """The score sheet once the deal is played out (``None`` before, or if thrown in)."""
        if self.phase is not _OVER:
            return None
        memo = self._result
        if self._memo(memo):
            return memo[2]  # type: ignore[index]
        sheet = self._score()
        self._result = (len(self.history), self.version, sheet)
        return sheet

    def _score(self) -> ScoreSheet:
        landlord = self.landlord
        landlord_won = self.winner == landlord
        peasants_played = any(self.plays_made[s] for s in range(self.seats) if s != landlord)
        state = self.auction_state
        return score_deal(
            landlord=landlord, landlord_won=landlord_won, bid=state.stake,
            bombs=self.bombs, rockets=self.rockets,
            spring=landlord_won and not peasants_played,
            anti_spring=not landlord_won and self.plays_made[landlord] == 1,
            doubled=tuple(self.doubled), redoubled=self.redoubled, seats=self.seats,
            robs=state.robs, bombs_played=sum(1 for _, a in self.history
                                              if isinstance(a, Play) and a.kind in BOMB_KINDS))

    # ----------------------------------------------------------------- push / pop

    def push(self, action: Action, seat: int | None = None,
             cards: Sequence[int] | None = None) -> None:
        """Apply ``action`` for the seat to move (checked; ``seat`` must match if given).
        ``cards``: the suited cards a person chose for a play (they must be held and be
        exactly the play's ranks)."""
        if self.phase is _PLAY and action.__class__ is _PLAY_CLASS and \
                (seat is None or seat == self.to_move):
            position = self.position  # the play phase's own path: the hot one in searches
            seat = self.to_move
            if cards is None:
                self._push(action)
                self.history.append((seat, position._undo[-1][1]))  # its last_play
            else:
                play = position.checked(action)
                self._choose(play, cards)
                position.push_unchecked(play)
                self.history.append((seat, play))
            self.to_move = position.to_move
            if position.winner >= 0:
                self.phase = _OVER
            return
        why = self.why_illegal(action, seat)
        if why is not None:
            raise IllegalActionError(why)
        if cards is not None:
            raise IllegalActionError(Reason("only_plays_put_cards",
                                            "only a play puts cards on the table"))
        self.push_unchecked(action)

    def _choose(self, play: Play, cards: Sequence[int]) -> None:
        if play.is_pass:
            raise IllegalActionError(Reason("pass_puts_no_cards",
                                            "a pass puts no cards on the table"))
        cards = tuple(sorted(cards))
        chosen = " ".join(map(card_text, cards))
        if ranks_of_cards(cards) != play.cards:
            raise IllegalActionError(Reason("cards_not_the_play", f"the cards {chosen} are not "
                                            f"the play {play.text}", chosen=chosen,
                                            play=play.text))
        if not self.replay_suits()[1][self.to_move].holds(cards):
            raise IllegalActionError(Reason("cards_not_held", f"you do not hold {chosen}",
                                            chosen=chosen))
        self.chosen[len(self.history)] = cards

    def push_unchecked(self, action: Action) -> None:
        """Apply an action known to be legal (e.g. one from :meth:`legal_actions`)."""
        seat = self.to_move
        phase = self.phase
        if phase is _PLAY:
            position = self.position
            position.push_unchecked(action)
            self.history.append((seat, position._undo[-1][1]))  # last_play: the universe's
            self.to_move = position.to_move
            if position.winner >= 0:
                self.phase = _OVER
            return
        self.history.append((seat, action))
        if phase is _AUCTION:
            self._bid(seat, action)
        else:
            self._double(seat, action)

    def _bid(self, seat: int, bid: Bid) -> None:
        self.bids.append((seat, bid))
        self._auction_changed()

    def _auction_changed(self) -> None:
        state = self.auction_state = self.rules.auction.state(self.seats, self.opening,
                                                              self.bids)
        if self.landlord >= 0:  # an answer taken back after the auction ended
            self.position.unseat_landlord(self.kitty, self.rules.kitty_size)
            if self.rules.wild_ranks:
                self.position.draw_wild(self.wild_draw[:self.rules.wild_before_auction])
        if not state.over:
            self.phase = _AUCTION
            self.to_move = state.to_move
        elif state.thrown_in:
            self.phase = _THROWN_IN
            self.to_move = -1
        else:
            self._become_landlord(state.landlord)
            if self.rules.doubling:
                self.phase = _DOUBLING
                self.to_move = (self.landlord + 1) % self.seats
            else:
                self._start_play()

    def _become_landlord(self, seat: int) -> None:
        """The auction is won: the landlord takes the kitty, shown, and every wild rank
        left to draw is drawn."""
        self.position.seat_landlord(seat, self.kitty, self.rules.kitty_size)
        if self.rules.wild_ranks:
            self.position.draw_wild(self.wild_draw)

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

    def pop(self) -> Action:
        """Take back the last action and return it (a copy cannot go back past its start)."""
        history = self.history
        if len(history) <= self._floor:
            raise IndexError("no action to take back")
        seat, action = history.pop()
        self.version = next(_SERIALS)
        if self.chosen:
            self.chosen.pop(len(history), None)
        if action.__class__ is _PLAY_CLASS:
            self.position.pop()
            self.to_move = seat
            self.phase = _PLAY
        elif isinstance(action, Bid):
            self.bids.pop()
            self._auction_changed()
        else:
            if seat == self.landlord:
                self.redoubled = False
            else:
                self.doubled[seat] = False
            self.phase = _DOUBLING
            self.to_move = seat
        return action

    # ----------------------------------------------------------------- suited cards

    def held_cards(self, seat: int) -> list[int]:
        """The suited cards ``seat`` holds now (the kitty's cards once it is the landlord's)."""
        return self.replay_suits()[1][seat].cards()

    def suited_history(self) -> list[tuple[int, Action, tuple[int, ...]]]:
        """Each action with the suited cards it played (empty for bids, doubles, passes)."""
        return self.replay_suits()[0]

    def replay_suits(self) -> tuple[list[tuple[int, Action, tuple[int, ...]]],
                                     list[SuitedCards]]:
        """The history with the suited cards of each play, and what each seat holds now
        (worked out once for each state of the history, and from the last one worked out
        when the history only grew since: treat both as read-only)."""
        history = self.history
        n = len(history)
        memo = self._suits
        if memo is not None:
            done, version, landlord, (out, held) = memo
            if done <= n and version == self.version and landlord == self.landlord:
                if done == n:
                    return out, held
                # the history grew by pushes alone: go on from there, on copies, so that
                # an answer given before stays as it was
                out, held = out[:], [h.copy() for h in held]
                self._replay_suits(out, held, done)
                self._suits = (n, self.version, self.landlord, (out, held))
                return out, held
        held = [SuitedCards(h) for h in self.dealt]
        if self.landlord >= 0:
            held[self.landlord].add(self.kitty_cards)
        out = []
        self._replay_suits(out, held, 0)
        self._suits = (n, self.version, self.landlord, (out, held))
        return out, held

    def _replay_suits(self, out: list[tuple[int, Action, tuple[int, ...]]],
                      held: list[SuitedCards], start: int) -> None:
        """Replay the history from ``start`` on: append its actions to ``out`` with the
        cards each play takes from ``held``."""
        chosen = self.chosen
        history = self.history
        for index in range(start, len(history)):
            seat, action = history[index]
            cards: tuple[int, ...] = ()
            if action.__class__ is Play and action.cards:
                given = chosen.get(index)
                if given is not None:
                    cards = tuple(held[seat].take(given))
                else:
                    cards = tuple(held[seat].take_chosen(action.cards,
                                                         mix(self.suit_seed, index)))
            out.append((seat, action, cards))

    def __repr__(self) -> str:
        hands = " / ".join(format_ranks(h) for h in self.hands)
        return f"<Deal {self.rules.describe()} {self.phase.value} to_move={self.to_move} " \
               f"hands={hands}>"


for _name, _doc in POSITION_ATTRIBUTES.items():
    setattr(Deal, _name, _of_position(_name, _doc))
del _name, _doc


PURE_METHODS: dict[str, Callable] = {
    "push": Deal.push, "legal_actions": Deal.legal_actions, "is_over": Deal.is_over}
"""Deal's push, legal actions and ``is_over`` in Python: what the pure core runs, and the
reference of the compiled core's, which settle a play or pass of the play phase in C and
hand anything else to these."""


@cache
def compiled_methods() -> dict[str, Callable] | None:
    """The compiled core's push, legal actions and ``is_over`` of :class:`Deal`
    (descriptors), ``None`` without the compiled core; they are Deal's own when it runs."""
    if position_methods() is None:  # the position's come first
        return None
    return core.compiled_methods("bind_deal", Deal, PURE_METHODS, _PLAY, _OVER,
                                 _THROWN_IN)


core.install(Deal, compiled_methods())


def _check_start(rules: RuleSet, landlord: int, bid: int) -> None:
    """Refuse a deal that skips the auction with a landlord or a stake it cannot end with."""
    stakes = rules.auction.stakes(rules.seats)
    if bid not in stakes:
        raise ValueError(f"an auction of {rules.name} ends with a stake of "
                         f"{', '.join(map(str, stakes))}, not {bid}")
    if not 0 <= landlord < rules.seats:
        raise ValueError(f"the landlord must be a seat 0..{rules.seats - 1}")


def draw_wild(rules: RuleSet, seed: int) -> tuple[int, ...]:
    """The wild ranks a deal of ``rules`` draws, in order, from its seed: distinct ranks
    of 3..2 (none for a ruleset without wild cards)."""
    if not rules.wild_ranks:
        return ()
    return tuple(random.Random(mix(seed, -1)).sample(range(TWO + 1), rules.wild_ranks))


def complete_wild(rules: RuleSet, drawn: Sequence[int], rng: random.Random) -> tuple[int, ...]:
    """Every wild rank of a deal of ``rules``: ``drawn`` (those drawn so far) and the rest
    drawn by ``rng`` as a deal draws them (distinct ranks of 3..2). What a seat imagines of
    the wild ranks it has not seen yet."""
    drawn = rules.check_wild(drawn)
    rest = [rank for rank in range(TWO + 1) if rank not in drawn]
    return drawn + tuple(rng.sample(rest, rules.wild_ranks - len(drawn)))


def deal_cards(rng: random.Random, rules: RuleSet = CLASSIC) -> tuple[list[list[int]], list[int]]:
    """Shuffle the ruleset's deck with ``rng``: the hands in seat order and the kitty."""
    deck = rules.faces()
    rng.shuffle(deck)
    n = rules.hand_size
    return [deck[i * n:(i + 1) * n] for i in range(rules.seats)], deck[rules.seats * n:]


class AmbiguousPlayError(ValueError):
    """Selected cards that make more than one legal play: the player must choose."""

    def __init__(self, message: str, options: list[Play]) -> None:
        super().__init__(message)
        self.options = options


def play_from_cards(deal: Deal, cards: int) -> Play:
    """The play meant by selecting exactly these cards (docs/rules.md, Readings).

    Following, it is the reading that fits the trick. Leading with cards that read as
    several kinds raises :class:`AmbiguousPlayError` with the options; cards that make no
    legal play raise :class:`IllegalActionError` saying why.
    """
    if deal.phase is not _PLAY:
        raise IllegalActionError(deal.why_illegal(PASS_PLAY))
    found = deal.position.moves.readings(cards)  # with the wild ranks drawn so far
    options = [p for p in found if deal.why_illegal(p) is None]
    if len(options) == 1:
        return options[0]
    if options:
        names = " or ".join(p.kind.label for p in options)
        raise AmbiguousPlayError(Reason(
            "ambiguous", f"{format_ranks(cards)} can be played as {names}: choose one",
            cards=format_ranks(cards), kinds=[p.kind.label for p in options]), options)
    if not found and wild_with_joker(cards, deal.wild):
        raise IllegalActionError(Reason(
            "no_combination_wild_joker", f"{format_ranks(cards)} is not a combination: a wild "
            "card stands for any rank 3 to 2, never a joker", cards=format_ranks(cards)))
    if not found:
        raise IllegalActionError(Reason(
            "not_a_combination", f"{format_ranks(cards) or 'nothing'} is not a combination",
            cards=format_ranks(cards)))
    top = deal.top
    fitting = [p for p in found if top is not None and p.kind is top.kind] or found
    raise IllegalActionError(deal.why_illegal(fitting[0]))
