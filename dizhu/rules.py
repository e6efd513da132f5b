"""Rulesets: behaviour, not a bag of options.

A :class:`RuleSet` owns everything that makes one game of the family: the deck, the seats,
hand and kitty sizes, which combinations exist and how they read (its
:class:`~dizhu.combos.CombinationRules`, from which its universe of plays and its move
generator are built once and cached), the auction protocol, what doubles the stake and what
the count strip marks. The class itself is ``classic`` (docs/rules.md); a variant is a subclass
that overrides what differs (see :mod:`dizhu.rulesets`), as python-chess's variants do.
Every other module asks the ruleset instead of assuming three seats, 17 cards or one
auction.

Instances are frozen; the options of docs/rules.md (``doubling``, ``distinct_kickers``) are
their fields: ``rules.with_options(doubling=True)`` is another ruleset.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from .auction import POINTS, Auction
from .cards import (
    BLACK_JOKER,
    NUM_RANKS,
    RANKS,
    TWO,
    count_of,
    deck_faces,
    format_ranks,
    parse_ranks,
)
from .combos import CLASSIC_COMBOS, CombinationRules, Kind, Play, parse_play
from .movegen import MoveGenerator, generator_of
from .universe import Universe, universe_of
from .wild import WildMoves, parse_wild_play, wild_moves

OPTIONS = ("doubling", "distinct_kickers")
"""Every option a ruleset may have; :attr:`RuleSet.option_names` says which it has."""


@dataclass(frozen=True)
class RuleSet:
    """One game of the family, with its options. This class is ``classic``."""

    doubling: bool = False
    """Peasants may double after the kitty is shown, then the landlord may redouble."""
    distinct_kickers: bool = False
    """Single wings of an airplane, and the two kickers of four-with-two, differ in rank."""

    name: ClassVar[str] = "classic"
    title: ClassVar[str] = "Classic"
    chinese: ClassVar[str] = "经典"
    summary: ClassVar[str] = "three players, one pack, the 1-2-3 auction"
    seats: ClassVar[int] = 3
    hand_size: ClassVar[int] = 17
    kitty_size: ClassVar[int] = 3
    packs: ClassVar[int] = 1
    combos: ClassVar[CombinationRules] = CLASSIC_COMBOS
    auction: ClassVar[Auction] = POINTS
    option_names: ClassVar[tuple[str, ...]] = OPTIONS
    wild_ranks: ClassVar[int] = 0
    """How many wild ranks a deal draws (docs/rules.md, Wild cards): none in ``classic``."""
    wild_before_auction: ClassVar[int] = 0
    """How many of them are drawn before the auction (the others when it ends)."""
    dealt: ClassVar[bool] = True
    """Whether a deal (:class:`~dizhu.deal.Deal`) plays it: ``dizhu play`` and records do."""
    offered: ClassVar[bool] = True
    """Whether people are offered it: the lobby, the terminal game, ``dizhu serve``, the
    bot protocol and the bot tools (arena, tournament); a ruleset a deal plays before the
    browser and the bots handle it is not."""

    # ----------------------------------------------------------------- options

    def with_options(self, **options: bool) -> RuleSet:
        """The same ruleset with some options changed, e.g. ``doubling=True``."""
        for key in options:
            if key not in self.option_names:
                if key in OPTIONS:
                    raise ValueError(f"the option {key} means nothing in {self.name}")
                raise ValueError(f"unknown ruleset option {key!r}; the options are "
                                 f"{', '.join(self.option_names)}")
        return replace(self, **{k: bool(v) for k, v in options.items()})

    def options(self) -> dict[str, bool]:
        """The option settings, by name."""
        return {name: getattr(self, name) for name in self.option_names}

    def to_json(self) -> dict[str, object]:
        """``{"name": "rob", "doubling": true, ...}``: how records and views name it."""
        return {"name": self.name, **self.options()}

    def describe(self) -> str:
        """``classic`` or ``classic (doubling, distinct kickers)``."""
        on = [name.replace("_", " ") for name, value in self.options().items() if value]
        return f"{self.name} ({', '.join(on)})" if on else self.name

    # ----------------------------------------------------------------- the deck

    @property
    def deck(self) -> int:
        """Rank counts of the whole deck."""
        return self.combos.deck

    @property
    def deck_size(self) -> int:
        return self.seats * self.hand_size + self.kitty_size

    @property
    def landlord_size(self) -> int:
        """Cards in the landlord's hand once the kitty is taken."""
        return self.hand_size + self.kitty_size

    def faces(self) -> list[int]:
        """The suited faces of the deck (each face once per pack)."""
        return deck_faces(self.packs)

    def parse_ranks(self, text: str) -> int:
        """Rank counts from text; a set the deck cannot hold is an error."""
        return parse_ranks(text, self.deck)

    # ----------------------------------------------------------------- combinations

    @property
    def universe(self) -> Universe:
        return universe_of(self.combos)

    @property
    def generator(self) -> MoveGenerator:
        """The move generator (built once per combinations and kicker option)."""
        return generator_of(self.combos, self.distinct_kickers)

    # ----------------------------------------------------------------- behaviour

    def moves(self, wild: tuple[int, ...] = ()) -> MoveGenerator | WildMoves:
        """What reads cards, compares plays and generates moves in this ruleset, for a deal
        whose wild ranks are ``wild`` (none in the rulesets without wild cards; those drawn
        so far in the others): its ``readings``, ``beats``, ``lead``, ``follow``,
        ``covering``, ``bombs``, ``legal``, ``legal_ids`` and ``play_of``. Positions, views,
        bots and the command line ask it; a variant that plays otherwise overrides this
        method."""
        wild = self.check_wild(wild)
        if not wild:
            return self.generator
        return wild_moves(self.combos, self.distinct_kickers, wild)

    def check_wild(self, wild: Sequence[int], drawn: bool = False) -> tuple[int, ...]:
        """``wild`` as a tuple of ranks if it may be a deal's wild ranks (all of them
        when ``drawn``, else those drawn so far); else a ``ValueError`` saying why."""
        wild = tuple(wild)
        most = self.wild_ranks
        if not most and wild:
            raise ValueError(f"{self.name} has no wild cards")
        for rank in wild:
            if not isinstance(rank, int) or not 0 <= rank <= TWO:
                what = RANKS[rank] if isinstance(rank, int) and 0 <= rank < len(RANKS) \
                    else repr(rank)
                raise ValueError(f"a wild rank is one of 3..2, not {what}")
        if len(set(wild)) != len(wild):
            raise ValueError(f"the wild ranks {''.join(RANKS[r] for r in wild)} repeat a rank")
        if len(wild) > most or (drawn and len(wild) != most):
            need = "one wild rank" if most == 1 else f"{most} wild ranks"
            raise ValueError(f"{self.name} has {need}, not {len(wild)}")
        return wild

    def parse_wild(self, text: str, drawn: bool = False) -> tuple[int, ...]:
        """Wild ranks from their rank letters in the order drawn (``8``, ``5J``), checked
        by :meth:`check_wild`; else a ``ValueError`` saying why."""
        letters = text.upper().replace("10", "T")
        if not letters or any(letter not in RANKS for letter in letters):
            raise ValueError("write them as rank letters, e.g. 8 or 5J")
        return self.check_wild(tuple(RANKS.index(letter) for letter in letters), drawn)

    @staticmethod
    def wild_text(wild: Sequence[int]) -> str:
        """Wild ranks as their rank letters, in order: ``5J`` (:meth:`parse_wild` reads it)."""
        return "".join(RANKS[r] for r in wild)

    def legal_plays(self, hand: int, top: Play | None = None) -> list[Play]:
        """Leading (``top`` is ``None``): every play of ``hand``. Following: the pass and
        every play that beats ``top``. A hand this deck cannot hold is a ``ValueError``."""
        if not self.combos.fits(hand):
            raise ValueError(f"{format_ranks(hand)} is no hand of {self.name}: its deck has "
                             "fewer of some rank (a hand of another ruleset? give its rules=)")
        return self.moves().legal(hand, top)

    def lead(self, hand: int) -> list[Play]:
        """Every play ``hand`` may lead (:meth:`moves`)."""
        return self.moves().lead(hand)

    def follow(self, hand: int, top: Play) -> list[Play]:
        """The pass and every play of ``hand`` that beats ``top`` (:meth:`moves`)."""
        return self.moves().follow(hand, top)

    def covering(self, hand: int) -> list[Play]:
        """The leads of ``hand`` that hold its lowest card (:meth:`moves`)."""
        return self.moves().covering(hand)

    def beats(self, play: Play, top: Play) -> bool:
        """Whether ``play`` may be played on ``top`` (:meth:`moves`)."""
        return self.moves().beats(play, top)

    def readings(self, cards: int) -> list[Play]:
        """Every reading of ``cards`` as a combination of this ruleset (:meth:`moves`)."""
        return self.moves().readings(cards)

    def reading_of(self, cards: int, kind: Kind) -> Play | None:
        """The reading of ``cards`` as ``kind``, or ``None``."""
        for play in self.readings(cards):
            if play.kind is kind:
                return play
        return None

    def parse_play(self, text: str, wild: tuple[int, ...] = ()) -> Play:
        """A play from ``KIND CARDS`` or ``pass`` (with the deal's wild ranks ``wild``);
        raises ``InvalidPlayError``."""
        if not wild:
            play = parse_play(text, distinct_kickers=self.distinct_kickers, combos=self.combos)
            return self.moves().play_of(play.kind, play.cards) or play  # the pass: no entry
        return parse_wild_play(text, self.moves(wild))

    @property
    def kinds(self) -> list[Kind]:
        """The kinds of combination this ruleset has, in the rule book's order."""
        return sorted(self.combos.kinds)

    # ----------------------------------------------------------------- the count strip

    def count_marks(self, unseen: tuple[int, ...]) -> tuple[tuple[int, ...], bool]:
        """From the unseen count of each rank: the ranks that may still make a bomb (all
        their cards unseen, or in ``four`` four or more), and whether the rocket may."""
        low = self.combos.bomb_sizes[0]
        bombs = tuple(r for r in range(TWO + 1) if unseen[r] >= low)
        rocket = all(unseen[r] >= count_of(self.deck, r) for r in range(BLACK_JOKER, NUM_RANKS))
        return bombs, rocket

    def __str__(self) -> str:
        return self.describe()


CLASSIC = RuleSet()
"""The default ruleset (docs/rules.md)."""


def legal_plays(hand: int, top: Play | None = None, rules: RuleSet = CLASSIC) -> list[Play]:
    """The legal plays of ``hand`` (rank counts) in ``rules``: leading every play, following
    the pass and every play that beats ``top`` (:meth:`RuleSet.legal_plays`)."""
    if not isinstance(rules, RuleSet):
        raise TypeError(f"rules is a RuleSet (e.g. find_ruleset('four') or "
                        f"find_ruleset('classic', distinct_kickers=True)), not {rules!r}")
    return rules.legal_plays(hand, top)
