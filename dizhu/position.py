"""The play phase as a position: every hand as rank counts, the landlord, the play on top of
the trick and the seat to move, for any number of seats.

``push(play)`` applies a play (or a pass) of the seat to move and ``pop()`` takes it back,
so a search walks millions of positions without copying; a trick clears once every other
seat has passed in a row. A :class:`~dizhu.deal.Deal` wraps a position with an auction,
suits and a history; the bots' searches use bare positions built from what a seat can see.

A position can be written as text and read back, as chess's FEN (:meth:`Position.text`)::

    33445/6789TT/JQKA22 0 1 0:pair:44

Four fields: the hands in seat order (canonical ranks, ``-`` for an empty hand, ``/``
between seats), the landlord, the seat to move (``-`` once a hand is empty), and the top of
the trick as ``SEAT:KIND:CARDS`` (``-`` when the seat to move leads). The passes since the
top follow from the seats: every seat between the top's and the one to move passed. A fifth
field, once anything was played, gives the score's counters: ``BOMBS:ROCKETS:PLAYS``, the
plays (not passes) of each seat, e.g. ``1:0:3,2,1``; without it they are all zero.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING

from . import core
from .auction import Bid, Double
from .cards import GUARDS, NUM_RANKS, contains, format_ranks, size
from .combos import BOMB_KINDS, InvalidPlayError, Kind, Play, beats
from .reasons import Reason
from .rules import CLASSIC, RuleSet

if TYPE_CHECKING:
    from .movegen import MoveGenerator
    from .wild import WildMoves

_GUARDS = GUARDS
_PASS_KIND, _ROCKET = Kind.PASS, Kind.ROCKET

Action = Bid | Double | Play
"""Whatever a seat may be asked to do: an answer in the auction, to doubling, or a play."""


DEAL_OVER = Reason("deal_over", "the deal is over")
LEADER_MAY_NOT_PASS = Reason("leader_may_not_pass", "you lead this trick: a leader may not pass")


def not_your_turn(to_move: int, seat: int) -> Reason:
    """Why ``seat`` may not act: it is ``to_move``'s turn."""
    return Reason("not_your_turn", f"it is seat {to_move}'s turn, not seat {seat}'s",
                  seat=to_move, asked=seat)


def passes_to_clear(seats: int) -> int:
    """Passes in a row after a play that win the trick: every other seat's."""
    return seats - 1


class IllegalActionError(ValueError):
    """An action the rules do not allow here; the message says why."""


class InvalidPositionError(ValueError):
    """Text that is not a position of the ruleset; the message says why."""


class Position:
    """A position of the play phase (every hand known: give players a view, not this).

    Its state is ints: the hands (rank counts), the landlord, the seat to move, the top of
    the trick as the id of a play of the ruleset's universe (``top_id``, ``-1`` when the
    seat to move leads; :attr:`top` is that play) and its seat, the passes since, the
    scoring counters (``bombs``, ``rockets``, ``plays_made`` by each seat: what the stake,
    spring and anti-spring need) and the deal's wild ranks (``wild``, a tuple of ranks:
    empty in the rulesets without wild cards). Everything else is derived from them.
    """

    __slots__ = (
        "_beats",
        "_clear",
        "_follow",
        "_genuine",
        "_ids",
        "_lead",
        "_moves_read",
        "_plays",
        "_rule_book",
        "_undo",
        "_wild_key",
        "bombs",
        "distinct",
        "hands",
        "landlord",
        "left",
        "moves",
        "passes",
        "plays_made",
        "rockets",
        "rules",
        "seats",
        "to_move",
        "top_id",
        "top_seat",
        "wild",
        "winner",
    )

    def __init__(self, rules: RuleSet, hands: Sequence[int], landlord: int,
                 to_move: int | None = None, top: Play | None = None,
                 top_seat: int = -1, *, bombs: int = 0, rockets: int = 0,
                 plays_made: Sequence[int] | None = None, wild: tuple[int, ...] = ()) -> None:
        """A position from rank counts; ``to_move`` defaults to the landlord (who leads).
        ``top`` is a play of the ruleset (its universe's object or any equal play); the
        counters default to none played."""
        self._setup(rules, list(hands), landlord, wild)
        self.to_move = landlord if to_move is None else to_move
        if top is not None:
            genuine = self._genuine(top.kind, top.cards)
            if genuine is None:
                raise ValueError(f"{top.text} is no play of {rules.name}")
            self.top_id = genuine.id
            self.top_seat = top_seat
            if self.to_move >= 0:
                self.passes = (self.to_move - top_seat - 1) % self.seats
        self.bombs, self.rockets = bombs, rockets
        if plays_made is not None:
            self.plays_made = list(plays_made)
        for seat, hand in enumerate(self.hands):
            if not hand and landlord >= 0:
                self.winner, self.to_move = seat, -1

    def _setup(self, rules: RuleSet, hands: list[int], landlord: int,
               wild: tuple[int, ...] = ()) -> None:
        self.rules = rules
        self.seats = rules.seats
        self._clear = passes_to_clear(rules.seats)
        self.distinct = rules.distinct_kickers
        self._moves_read: dict[tuple[int, ...], MoveGenerator | WildMoves] = {}
        self._read_with(wild)
        self.hands = hands
        self.left = [size(h) for h in hands]
        self.landlord = landlord
        self.to_move = landlord
        self.top_id = -1
        self.top_seat = -1
        self.passes = 0
        self.plays_made = [0] * self.seats
        self.bombs = 0
        self.rockets = 0
        self.winner = -1
        self._undo: list[tuple] = []

    def _read_with(self, wild: tuple[int, ...]) -> None:
        """Read, compare and generate plays with the wild ranks ``wild``: with the moves the
        position used for them before, if it did (a draw taken back restores the moves it
        had, though the ruleset may have made its moves afresh since)."""
        moves = self._moves_read.get(wild)
        if moves is None:
            moves = self._moves_read[wild] = self.rules.moves(wild)
        self.moves = moves
        self.wild = tuple(wild)
        self._lead = moves.lead
        self._follow = moves.follow
        self._ids = moves.ids
        self._beats = moves.beats
        self._genuine = moves.play_of
        self._plays = moves.universe.tops  # _plays[-1] is None: no top
        self._rule_book = moves.beats is beats
        self._wild_key = _mask(wild) | getattr(moves, "generation", 0) << NUM_RANKS
        """The wild ranks (a mask) and which moves number the plays: a top id is theirs."""

    def draw_wild(self, wild: tuple[int, ...]) -> None:
        """The deal's wild ranks drawn so far are now ``wild`` (a rank drawn, or taken
        back, while no play is made: when the auction ends)."""
        if self._undo or self.top_id >= 0:
            raise ValueError("wild ranks are drawn before the first play")
        self._read_with(wild)

    # ----------------------------------------------------------------- queries

    @property
    def top(self) -> Play | None:
        """The play on top of the trick (the universe's object), ``None`` for a lead."""
        return self._plays[self.top_id]

    @property
    def is_over(self) -> bool:
        """A hand is empty: the play is over."""
        return self.winner >= 0

    @property
    def landlord_won(self) -> bool | None:
        """Whether the landlord went out (``None`` while the play goes on)."""
        return None if self.winner < 0 else self.winner == self.landlord

    def legal_plays(self) -> list[Play]:
        """Every play of the seat to move (following, the pass first)."""
        if self.winner >= 0:
            return []
        top_id = self.top_id
        if top_id < 0:
            return self._lead(self.hands[self.to_move])
        return self._follow(self.hands[self.to_move], self._plays[top_id])

    legal_actions = legal_plays

    def legal_ids(self, base: int = 0) -> list[int]:
        """The ids of :meth:`legal_plays`, in its order (the pass is ``NO_ID``, -1), each
        plus ``base`` (``base`` 1 + the pass's action id gives ids of
        :func:`dizhu.actions.action_ids`); the compiled core lists them without a play
        object."""
        if self.winner >= 0:
            return []
        return self._ids(self.hands[self.to_move], self.top_id, base)
    """In the play phase every action is a play (a :class:`~dizhu.deal.Deal` has more)."""

    def why_illegal(self, action: Action, seat: int | None = None) -> str | None:
        """``None`` if ``action`` is legal for the seat to move (or for ``seat``), else why."""
        if self.is_over:
            return DEAL_OVER
        if seat is not None and seat != self.to_move:
            return not_your_turn(self.to_move, seat)
        return self._why_now(action)

    def why_illegal_play(self, play: Play) -> str | None:
        """:meth:`why_illegal` of a play."""
        return self.why_illegal(play)

    def _why_now(self, action: Action) -> str | None:
        """Why ``action`` is not legal for the seat to move, in the phase the game is in."""
        if not isinstance(action, Play):
            return Reason("play_begun", "the play has begun: play cards or pass")
        return self._why(action, self._canonical(action))

    def _canonical(self, play: Play) -> Play | None:
        """The universe's object of ``play`` (itself when it is one), ``None`` if none."""
        play_id = play.id
        if play_id >= 0 and self._plays[play_id] is play:
            return play
        return self._genuine(play.kind, play.cards)

    def _why(self, play: Play, genuine: Play | None) -> str | None:
        """Why ``play`` is not legal now, ``genuine`` being the universe's play of its kind
        and cards (``None`` if there is none)."""
        if play.kind is _PASS_KIND:
            return LEADER_MAY_NOT_PASS if self.top_id < 0 else None
        if genuine is not play and (genuine is None or genuine.main != play.main
                                    or genuine.length != play.length):
            cards, kind = format_ranks(play.cards), play.kind.label
            where = f" in {self.rules.name}" if play.kind not in self.rules.combos.kinds else ""
            return Reason("not_a_kind", f"{cards} is not a {kind}{where}", cards=cards,
                          kind=kind)
        if self.distinct and not play.distinct_ok:
            return Reason("distinct_kickers", f"{play.text}: with distinct kickers, its single "
                          "wings or kickers must all be different ranks", play=play.text)
        hand = self.hands[self.to_move]
        cards = play.cards
        if ((hand | _GUARDS) - cards) & _GUARDS != _GUARDS and not contains(hand, cards):
            return Reason("not_held", f"you hold {format_ranks(hand) or 'no cards'}, not "
                          f"{format_ranks(cards)}", hand=format_ranks(hand),
                          cards=format_ranks(cards))
        top_id = self.top_id
        if top_id < 0:
            return None
        top = self._plays[top_id]
        if self._rule_book and play.kind is top.kind and play.size == top.size \
                and play.main > top.main:
            return None  # what the rule book's beats says first, without the call
        return None if self._beats(play, top) else why_not_beating(play, top)

    def key(self) -> tuple[int, ...]:
        """What decides the rest of the play and its score, as a tuple of ints (for a
        search's memo): the hands, the landlord, the seat to move, the top's id and seat,
        the wild ranks (a mask, with which moves number the plays: a wild rank's moves are
        made afresh now and then, :func:`dizhu.wild.wild_moves`), the doublings so far
        (bombs and rockets), whether a peasant has played and how often the landlord has
        (0, 1, or 2 for more): spring and anti-spring. A tuple of small ints hashes in C as
        fast as a packed int would, and reads back without decoding."""
        made, landlord = self.plays_made, self.landlord
        mine = made[landlord]
        return (*self.hands, landlord, self.to_move, self.top_id, self.top_seat,
                self._wild_key, self.bombs + self.rockets, int(sum(made) > mine),
                mine if mine < 2 else 2)

    def outcome_key(self) -> tuple[int, ...]:
        """What decides who wins (not the score): :meth:`key` without the counters."""
        return (*self.hands, self.landlord, self.to_move, self.top_id, self.top_seat,
                self._wild_key)

    # ----------------------------------------------------------------- push / pop

    def checked(self, play: Play) -> Play:
        """The universe's object of ``play`` (or the pass) if the seat to move may play it
        now; else :class:`IllegalActionError` saying why."""
        if self.winner >= 0:
            raise IllegalActionError(DEAL_OVER)
        play_id = play.id
        plays = self._plays
        genuine = play if 0 <= play_id < len(plays) and plays[play_id] is play else \
            self._genuine(play.kind, play.cards)
        why = self._why(play, genuine)
        if why is not None:
            raise IllegalActionError(why)
        return genuine or play  # a pass has no universe entry

    def push(self, play: Play) -> None:
        """Apply ``play`` (a pass included) for the seat to move, checked (what is applied
        is the universe's object: :attr:`last_play`)."""
        if self.winner >= 0:
            raise IllegalActionError(DEAL_OVER)
        if play.kind is _PASS_KIND:  # no lookup for a pass: half the pushes of a search
            if self.top_id < 0:
                raise IllegalActionError(LEADER_MAY_NOT_PASS)
            self._push_pass(play)
            return
        self._push_play(self.checked(play))

    @property
    def last_play(self) -> Play:
        """The play (or pass) last pushed and not taken back, as applied: the universe's
        object (``IndexError`` when there is none)."""
        return self._undo[-1][1]

    def push_unchecked(self, play: Play) -> None:
        """Apply a play known to be legal (e.g. one from :meth:`legal_plays`)."""
        if play.kind is _PASS_KIND:
            self._push_pass(play)
            return
        play_id, plays = play.id, self._plays
        if not (0 <= play_id < len(plays) and plays[play_id] is play):  # no play of these moves
            play = self._genuine_or_refuse(play)
        self._push_play(play)

    def _genuine_or_refuse(self, play: Play) -> Play:
        genuine = self._genuine(play.kind, play.cards)
        if genuine is None:
            raise IllegalActionError(f"{play.text} is no play of {self.rules.name}")
        return genuine

    def _push_pass(self, play: Play) -> None:
        """Apply a pass of the seat to move: the trick clears once every other seat passed."""
        seat, passes, top_seat = self.to_move, self.passes, self.top_seat
        self._undo.append((seat, play, self.top_id, top_seat, passes))
        if passes + 1 == self._clear:  # everyone else passed: the trick is won
            self.top_id = -1
            self.passes = 0
            self.to_move = top_seat
        else:
            self.passes = passes + 1
            self.to_move = (seat + 1) % self.seats

    def _push_play(self, play: Play) -> None:
        """Apply a play (the universe's object) of the seat to move."""
        seat = self.to_move
        self._undo.append((seat, play, self.top_id, self.top_seat, self.passes))
        self.hands[seat] -= play.cards
        left = self.left
        left[seat] -= play.size
        self.plays_made[seat] += 1
        if play.doubling:
            if play.kind is _ROCKET:
                self.rockets += 1
            else:
                self.bombs += 1
        self.top_id = play.id
        self.top_seat = seat
        self.passes = 0
        if left[seat]:
            self.to_move = (seat + 1) % self.seats
        else:
            self.winner = seat
            self.to_move = -1

    def pop(self) -> Play:
        """Take back the last play or pass and return it."""
        if not self._undo:
            raise IndexError("no play to take back")
        seat, play, self.top_id, self.top_seat, self.passes = self._undo.pop()
        self.to_move = seat
        if play.kind is _PASS_KIND:
            return play
        self.hands[seat] += play.cards
        self.left[seat] += play.size
        self.plays_made[seat] -= 1
        if play.doubling:
            if play.kind is _ROCKET:
                self.rockets -= 1
            else:
                self.bombs -= 1
        self.winner = -1
        return play

    def seat_landlord(self, seat: int, kitty: int, kitty_size: int) -> None:
        """The auction is won: ``seat`` is the landlord, takes the kitty (rank counts, of
        ``kitty_size`` cards) and leads."""
        self.landlord = self.to_move = seat
        self.hands[seat] += kitty
        self.left[seat] += kitty_size

    def unseat_landlord(self, kitty: int, kitty_size: int) -> None:
        """:meth:`seat_landlord` taken back: the kitty leaves the landlord's hand."""
        seat = self.landlord
        self.hands[seat] -= kitty
        self.left[seat] -= kitty_size
        self.landlord = self.to_move = -1

    def copy(self) -> Position:
        """A clone sharing nothing mutable (its undo stack starts empty)."""
        other = object.__new__(type(self))
        other._copy_from(self)
        return other

    def _copy_from(self, source: Position) -> None:
        for name in Position.__slots__:
            setattr(self, name, getattr(source, name))
        self.hands = source.hands[:]
        self.left = source.left[:]
        self.plays_made = source.plays_made[:]
        self._moves_read = dict(source._moves_read)
        self._undo = []

    # ----------------------------------------------------------------- text

    def text(self) -> str:
        """The position as one line of text (the module's docstring gives the format)."""
        hands = "/".join(format_ranks(h) or "-" for h in self.hands)
        to_move = "-" if self.to_move < 0 else str(self.to_move)
        top = self.top
        top = "-" if top is None else f"{self.top_seat}:{top.kind.label}:{top.ranks}"
        text = f"{hands} {self.landlord} {to_move} {top}"
        if self.bombs or self.rockets or any(self.plays_made):
            text += f" {self.bombs}:{self.rockets}:{','.join(map(str, self.plays_made))}"
        if self.wild:
            text += f" wild:{self.rules.wild_text(self.wild)}"
        return text

    @classmethod
    def from_text(cls, text: str, rules: RuleSet = CLASSIC) -> Position:
        """Read :meth:`text`'s format; raises :class:`InvalidPositionError` saying why."""
        fields = text.split()
        wild: tuple[int, ...] = ()
        if len(fields) > 4 and fields[-1].startswith("wild:"):
            wild = _wild(fields.pop()[5:], rules)
        if len(fields) not in (4, 5):
            raise InvalidPositionError(
                "a position is four fields: HANDS LANDLORD TO_MOVE TOP, e.g. "
                "'33445/6789TT/JQKA22 0 1 0:pair:44', and a fifth once something was "
                "played: BOMBS:ROCKETS:PLAYS (the plays of each seat), e.g. '0:0:1,1,0'")
        hands_text, landlord_text, move_text, top_text = fields[:4]
        parts = hands_text.split("/")
        if len(parts) != rules.seats:
            raise InvalidPositionError(f"{rules.name} has {rules.seats} seats, the position "
                                       f"gives {len(parts)} hands")
        try:
            hands = [0 if p == "-" else rules.parse_ranks(p) for p in parts]
        except ValueError as e:
            raise InvalidPositionError(f"hands: {e}") from None
        if not rules.combos.fits(sum(hands)):
            raise InvalidPositionError("the hands together hold more cards than the deck has")
        landlord = _seat(landlord_text, rules, "landlord")
        to_move = -1 if move_text == "-" else _seat(move_text, rules, "seat to move")
        empty = [s for s, h in enumerate(hands) if not h]
        if len(empty) > 1:
            raise InvalidPositionError("at most one hand is empty: the play ends with it")
        if (to_move < 0) != bool(empty):
            raise InvalidPositionError("the seat to move is '-' exactly when a hand is empty")
        top, top_seat = None, -1
        if top_text != "-":
            seat_text, _, play_text = top_text.partition(":")
            top_seat = _seat(seat_text, rules, "top's seat")
            try:
                top = rules.parse_play(play_text.replace(":", " ", 1), wild)
            except InvalidPlayError as e:
                raise InvalidPositionError(f"top: {e}") from None
            if top.is_pass:
                raise InvalidPositionError("the top of a trick is a play, not a pass")
            if to_move == top_seat:
                raise InvalidPositionError("the seat to move cannot be on top of the trick: "
                                           "everyone else would have passed")
            if not rules.combos.fits(sum(hands) + top.cards):
                raise InvalidPositionError("the hands and the top hold more cards than the "
                                           "deck has")
        elif to_move < 0:
            raise InvalidPositionError("a finished play has a top: the last play")
        bombs, rockets, made = _counters(fields[4], rules) if len(fields) == 5 else (0, 0, None)
        return cls(rules, hands, landlord, to_move, top, top_seat, bombs=bombs,
                   rockets=rockets, plays_made=made, wild=wild)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.text()!r} {self.rules.describe()}>"


def _wild(text: str, rules: RuleSet) -> tuple[int, ...]:
    """The wild ranks of a position's last field, ``wild:8`` or ``wild:5J``."""
    try:
        return rules.parse_wild(text)
    except ValueError as e:
        raise InvalidPositionError(f"wild ranks {text!r}: {e}") from None


def _mask(ranks: tuple[int, ...]) -> int:
    """A set of ranks as a bit mask."""
    mask = 0
    for rank in ranks:
        mask |= 1 << rank
    return mask


def _counters(text: str, rules: RuleSet) -> tuple[int, int, list[int]]:
    """The fifth field of a position's text: bombs, rockets and each seat's plays."""
    parts = text.split(":")
    made = parts[-1].split(",")
    if len(parts) != 3 or not all(p.isdigit() for p in (*parts[:2], *made)) \
            or len(made) != rules.seats:
        raise InvalidPositionError(
            f"the counters are BOMBS:ROCKETS:PLAYS, the plays of each of the {rules.seats} "
            f"seats, e.g. '1:0:{','.join(['2'] * rules.seats)}', not {text!r}")
    return int(parts[0]), int(parts[1]), [int(m) for m in made]


def _seat(text: str, rules: RuleSet, what: str) -> int:
    if not text.isdigit() or not 0 <= int(text) < rules.seats:
        raise InvalidPositionError(f"the {what} must be a seat 0..{rules.seats - 1}, "
                                   f"not {text!r}")
    return int(text)


class TrickFollower:
    """Follows the tricks of a play phase, action by action: which top each answers."""

    __slots__ = ("clear", "passes", "top", "top_seat")

    def __init__(self, seats: int) -> None:
        self.clear = passes_to_clear(seats)
        self.top: Play | None = None
        self.top_seat = -1
        self.passes = 0

    def answer(self, seat: int, play: Play) -> tuple[Play | None, int]:
        """The top of the trick ``seat``'s play (or pass) answers and that top's seat,
        ``(None, -1)`` for a lead; the trick then goes on with the play."""
        answered = self.top, self.top_seat
        if play.is_pass:
            self.passes += 1
            if self.passes == self.clear:
                self.top, self.top_seat, self.passes = None, -1, 0
        else:
            self.top, self.top_seat, self.passes = play, seat, 0
        return answered

    def copy(self) -> TrickFollower:
        other = TrickFollower.__new__(TrickFollower)
        other.clear, other.top, other.top_seat, other.passes = \
            self.clear, self.top, self.top_seat, self.passes
        return other


def answered_tops(plays: Iterable[tuple[int, Play]], seats: int) -> list[tuple[Play | None, int]]:
    """For each (seat, play or pass) of a play phase in order, the top of the trick it
    answered and that top's seat: ``(None, -1)`` for a lead."""
    tricks = TrickFollower(seats)
    return [tricks.answer(seat, play) for seat, play in plays]


def why_not_beating(play: Play, top: Play) -> str:
    """Why ``play`` does not beat ``top`` (both combinations, ``beats`` said no)."""
    if top.kind is Kind.ROCKET:
        return Reason("nothing_beats_rocket", "nothing beats the rocket: pass")
    if play.kind is not top.kind:
        if top.kind in BOMB_KINDS:
            return Reason("not_over_bomb", f"{play.text} does not beat the bomb {top.ranks}: "
                          "only a bigger or higher bomb or the rocket does", play=play.text,
                          top=top.text)
        return Reason("wrong_kind", f"{play.text} is a {play.kind.label}; the trick needs a "
                      f"{top.kind.label} (or a bomb or the rocket)", play=play.text,
                      kind=play.kind.label, top_kind=top.kind.label)
    if play.size != top.size:
        if play.kind is Kind.BOMB:
            return Reason("smaller_bomb", f"the bomb {play.ranks} has fewer cards than the "
                          f"bomb {top.ranks}", play=play.text, top=top.text)
        return Reason("wrong_size", f"{play.text} has {play.size} cards; the trick's "
                      f"{top.kind.label} has {top.size}", play=play.text, n=play.size,
                      kind=top.kind.label, m=top.size)
    return Reason("not_higher", f"{play.text} is not higher than {top.text}", play=play.text,
                  top=top.text)



PURE_METHODS: dict[str, Callable] = {
    "push": Position.push, "pop": Position.pop, "legal_plays": Position.legal_plays}
"""Position's push, pop and legal plays in Python: what the pure core runs, and the
reference of the compiled core's, which hand them whatever they do not settle in C (a
refused play, so that the error is the same, or a play that is not the universe's)."""


@cache
def compiled_methods() -> dict[str, Callable] | None:
    """The compiled core's push, pop and legal plays of :class:`Position` (method
    descriptors: ``methods["push"](position, play)``), ``None`` without the compiled core;
    they are Position's own when it runs (:mod:`dizhu.core`)."""
    return core.compiled_methods("bind_position", Position, PURE_METHODS, Play, _PASS_KIND,
                                 _ROCKET)


core.install(Position, compiled_methods())
Position.legal_actions = Position.legal_plays
