"""Combinations: their kinds, the plays themselves, how a set of cards reads, what beats what.

A :class:`Combination` is what cards are read as: a kind, a main rank, a length and the
ranks it stands for (rank counts). A :class:`Play` is a combination and the physical cards
it takes from the hand (rank counts). Without wild cards the two rank counts are equal; with
them a wild card is played under its own rank and stands for another.

A play is identified by its kind and its physical cards: the same cards played as the same
kind are one move, read as its strongest combination of that kind (docs/rules.md, Readings),
whatever ranks its wild cards could stand for. Its ``main`` rank and ``length`` are that
combination's.

Which kinds exist and how they read is a ruleset's choice, described by
:class:`CombinationRules`: ``classic`` (one pack, three seats) and ``four`` (two packs,
bombs of 4 to 8 cards, no single kickers) are two instances of it, and :func:`readings`, the
rule book's definition of a combination, reads cards under either.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .cards import (
    ACE,
    BLACK_JOKER,
    FULL_DECK,
    NUM_RANKS,
    RANKS,
    RED_JOKER,
    TWO,
    InvalidCardsError,
    count_of,
    counts,
    fits,
    format_ranks,
    parse_ranks,
    size,
)
from .reasons import Reason


class Kind(enum.IntEnum):
    """The kinds of combination, plus ``PASS`` for a follower who does not play."""

    PASS = 0
    SINGLE = 1
    PAIR = 2
    TRIPLE = 3
    TRIPLE_SINGLE = 4
    TRIPLE_PAIR = 5
    STRAIGHT = 6
    PAIR_CHAIN = 7
    AIRPLANE = 8
    AIRPLANE_SINGLES = 9
    AIRPLANE_PAIRS = 10
    FOUR_TWO_SINGLES = 11
    FOUR_TWO_PAIRS = 12
    BOMB = 13
    ROCKET = 14
    SOFT_BOMB = 15
    WILD_BOMB = 16

    __str__ = enum.Enum.__str__
    """``Kind.BOMB``, not ``13`` (an int's text): what ``print`` and f-strings show."""

    @property
    def label(self) -> str:
        """The engine name of docs/rules.md, e.g. ``airplane_singles``."""
        return self._label  # type: ignore[attr-defined]

    @classmethod
    def from_label(cls, label: str) -> Kind:
        """The kind named by an engine name (case and ``-`` tolerated)."""
        key = label.strip().upper().replace("-", "_")
        if key in cls.__members__:
            return cls[key]
        names = ", ".join(k.label for k in cls if k is not Kind.PASS)
        raise InvalidPlayError(Reason(
            "unknown_kind", f"unknown combination kind {label!r}; the kinds are {names}",
            text=label))


for _kind in Kind:
    _kind._label = _kind.name.lower()  # type: ignore[attr-defined]  # read often: views, texts
del _kind


CHAINS = (Kind.STRAIGHT, Kind.PAIR_CHAIN, Kind.AIRPLANE, Kind.AIRPLANE_SINGLES,
          Kind.AIRPLANE_PAIRS)
"""Kinds whose body is a run of consecutive ranks (they have a length)."""

CHINESE_NAMES = {
    Kind.PASS: "不要", Kind.SINGLE: "单张", Kind.PAIR: "对子", Kind.TRIPLE: "三张",
    Kind.TRIPLE_SINGLE: "三带一", Kind.TRIPLE_PAIR: "三带二", Kind.STRAIGHT: "顺子",
    Kind.PAIR_CHAIN: "连对", Kind.AIRPLANE: "飞机", Kind.AIRPLANE_SINGLES: "飞机带小翼",
    Kind.AIRPLANE_PAIRS: "飞机带大翼", Kind.FOUR_TWO_SINGLES: "四带二",
    Kind.FOUR_TWO_PAIRS: "四带两对", Kind.BOMB: "炸弹", Kind.ROCKET: "王炸",
    Kind.SOFT_BOMB: "软炸", Kind.WILD_BOMB: "纯癞子炸",
}

CHAIN_UNIT = {Kind.STRAIGHT: 1, Kind.PAIR_CHAIN: 2, Kind.AIRPLANE: 3,
              Kind.AIRPLANE_SINGLES: 4, Kind.AIRPLANE_PAIRS: 5}
"""Cards per rank of a chain's body, its wings included."""

SHORTEST_CHAIN = {Kind.STRAIGHT: 5, Kind.PAIR_CHAIN: 3, Kind.AIRPLANE: 2,
                  Kind.AIRPLANE_SINGLES: 2, Kind.AIRPLANE_PAIRS: 2}

CHAIN_RANKS = ACE + 1
"""Chains run within 3..A: twelve ranks."""


class InvalidPlayError(ValueError):
    """A play that is not a legal combination of the kind it names."""


@dataclass(frozen=True)
class CombinationRules:
    """Which combinations a ruleset has and how cards read as them (docs/rules.md's tables).

    Chains are as long as the twelve ranks 3..A and the largest hand (``max_play`` cards)
    allow; the rocket is every joker of the deck; bombs are ``bomb_sizes`` cards of one
    rank, a bigger bomb beating a smaller one whatever the ranks.
    """

    name: str
    kinds: frozenset[Kind]
    deck: int
    """Rank counts of the whole deck."""
    max_play: int
    """The most cards one play may have: the landlord's hand."""
    bomb_sizes: tuple[int, int] = (4, 4)
    joker_pairs: bool = False
    """``BB`` and ``RR`` are pairs (and may be a triple's pair or a pair wing)."""
    doubling_bomb: int = 4
    """The smallest bomb that doubles the stake."""

    @property
    def rocket(self) -> int:
        """The rocket's cards: every joker of the deck."""
        return self.deck & (0xFF << (4 * BLACK_JOKER))

    def chain_limits(self, kind: Kind) -> tuple[int, int]:
        """Shortest and longest body of a chain kind."""
        return SHORTEST_CHAIN[kind], min(CHAIN_RANKS, self.max_play // CHAIN_UNIT[kind])

    def pairs_of(self, rank: int) -> bool:
        """Whether two cards of ``rank`` make a pair."""
        return rank <= TWO or (self.joker_pairs and count_of(self.deck, rank) >= 2)

    def fits(self, cards: int) -> bool:
        """Whether the deck can hold ``cards``."""
        return fits(self.deck, cards)

    def __repr__(self) -> str:
        return f"<CombinationRules {self.name}>"


WILD_KINDS = frozenset({Kind.SOFT_BOMB, Kind.WILD_BOMB})
"""The kinds only wild cards make: four of a rank with one to three wild cards (``soft_bomb``)
and four wild cards of one rank (``wild_bomb``); they follow the classic kinds, so that no
classic kind's number changes."""

BOMB_KINDS = frozenset({Kind.SOFT_BOMB, Kind.BOMB, Kind.WILD_BOMB})
"""Every class of bomb (the rocket apart)."""

BOMBS = frozenset({*BOMB_KINDS, Kind.ROCKET})
"""Every class of bomb, and the rocket: the plays that may beat any other kind."""

CLASSIC_KINDS = frozenset(k for k in Kind if k is not Kind.PASS and k not in WILD_KINDS)

CLASSIC_COMBOS = CombinationRules("classic", CLASSIC_KINDS, FULL_DECK, 20)
"""The combinations of one pack and three seats (docs/rules.md, Combinations)."""


class Combination:
    """What cards are read as: a kind, its main rank, its length (1 for a kind that is no
    chain) and the ranks it stands for, as rank counts. Values: equal combinations compare
    and hash equal."""

    __slots__ = ("cards", "kind", "length", "main")

    kind: Kind
    cards: int
    main: int
    length: int

    def __init__(self, kind: Kind, cards: int, main: int, length: int = 1) -> None:
        self.kind = kind
        self.cards = cards
        self.main = main
        self.length = length

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Combination):
            return NotImplemented
        return (self.kind, self.cards, self.main, self.length) == \
            (other.kind, other.cards, other.main, other.length)

    def __hash__(self) -> int:
        return hash((self.kind, self.cards, self.main, self.length))

    @property
    def reading(self) -> str:
        """``kind:main:length`` as in docs/rules.md (the rocket is ``rocket:R:1``)."""
        return f"{self.kind.label}:{RANKS[self.main]}:{self.length}"

    def __repr__(self) -> str:
        return f"<Combination {self.kind.label} {format_ranks(self.cards)} {self.reading}>"


NO_ID = -1
"""The :attr:`Play.id` of a play that is no universe's own object (and of the pass)."""


class Play:
    """One move: a combination and the physical cards it takes from the hand.

    ``kind``, ``main`` and ``length`` are the combination's, ``cards`` the physical cards
    (rank counts) and ``stands_for`` the ranks the combination stands for (equal to
    ``cards`` without wild cards); :attr:`combination` gives the combination itself.
    Plays are values (treat them as immutable); plays of the same kind and physical cards
    compare and hash equal. The universe of a ruleset holds one object per play, whose
    ``id`` is its index in :meth:`~dizhu.universe.Universe.all_plays` (``NO_ID`` for any
    other object). ``distinct_ok`` says whether the play is also legal with the
    ``distinct_kickers`` option; ``doubling`` whether playing it doubles the stake (bombs
    and the rocket; in ``four`` only bombs of six cards or more and the rocket).
    """

    __slots__ = ("cards", "distinct_ok", "doubling", "id", "kind", "length", "main", "size",
                 "stands_for")

    kind: Kind
    cards: int
    main: int
    length: int
    size: int
    distinct_ok: bool
    doubling: bool
    stands_for: int
    id: int

    def __init__(self, kind: Kind, cards: int, main: int, length: int,
                 distinct_ok: bool = True, doubling: bool | None = None,
                 stands_for: int | None = None) -> None:
        self.kind = kind
        self.cards = cards
        self.main = main
        self.length = length
        self.size = size(cards)
        self.distinct_ok = distinct_ok
        self.doubling = kind in BOMB_KINDS or kind is Kind.ROCKET if doubling is None \
            else doubling
        self.stands_for = cards if stands_for is None else stands_for
        self.id = NO_ID

    @classmethod
    def of(cls, combination: Combination, cards: int | None = None, *,
           distinct_ok: bool = True, doubling: bool | None = None) -> Play:
        """The play of ``combination`` with these physical cards (by default the ranks it
        stands for: no wild card)."""
        c = combination
        return cls(c.kind, c.cards if cards is None else cards, c.main, c.length,
                   distinct_ok, doubling, c.cards)

    @property
    def combination(self) -> Combination:
        """The combination the play is read as."""
        return Combination(self.kind, self.stands_for, self.main, self.length)

    @property
    def text(self) -> str:
        """``KIND CARDS`` (e.g. ``pair 33``), or ``pass``: the physical cards."""
        if self.kind is Kind.PASS:
            return "pass"
        return f"{self.kind.label} {format_ranks(self.cards)}"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Play):
            return NotImplemented
        return self.kind == other.kind and self.cards == other.cards

    def __hash__(self) -> int:
        return hash((self.kind, self.cards))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Play.parse({self.text!r})"

    @property
    def ranks(self) -> str:
        """The physical cards in canonical notation (empty for a pass)."""
        return format_ranks(self.cards)

    @property
    def reading(self) -> str:
        """``kind:main:length`` as in docs/rules.md (the rocket is ``rocket:R:1``)."""
        return f"{self.kind.label}:{RANKS[self.main]}:{self.length}"

    @property
    def is_pass(self) -> bool:
        return self.kind is Kind.PASS

    @classmethod
    def parse(cls, text: str, *, distinct_kickers: bool = False,
              combos: CombinationRules = CLASSIC_COMBOS) -> Play:
        """A play from ``"KIND CARDS"`` (e.g. ``"airplane_singles 3334445"``) or ``"pass"``."""
        return parse_play(text, distinct_kickers=distinct_kickers, combos=combos)


PASS = Play(Kind.PASS, 0, -1, 0)
"""The one pass."""


def beats(play: Play, top: Play) -> bool:
    """Whether ``play`` may be played on ``top`` (docs/rules.md, Beating): the same kind and
    size with a higher main rank; a bomb beats anything but the rocket and a bomb of more
    cards, or of as many cards and a higher rank; the rocket beats everything."""
    if top.kind is Kind.ROCKET or play.kind is Kind.PASS:
        return False
    if play.kind is Kind.ROCKET:
        return True
    if play.kind is Kind.BOMB:
        if top.kind is not Kind.BOMB:
            return True
        return (play.size, play.main) > (top.size, top.main)
    return play.kind is top.kind and play.size == top.size and play.main > top.main


# --------------------------------------------------------------------------- readings

def _run_start(ranks: list[int], length: int) -> int | None:
    """The first rank if ``ranks`` (ascending) are ``length`` consecutive ranks within 3..A."""
    if not ranks or len(ranks) != length or ranks[-1] > ACE or ranks[-1] - ranks[0] != length - 1:
        return None
    return ranks[0]


def readings(cards: int, distinct_kickers: bool = False,
             combos: CombinationRules = CLASSIC_COMBOS) -> list[Play]:
    """Every reading of ``cards`` as a legal combination: one per kind, the strongest.

    Returns an empty list for a set that is not a combination (including sets the deck
    cannot hold). This is the rule book's definition of a combination; everything else in
    the engine is checked against it.
    """
    if not cards or not combos.fits(cards):
        return []
    kinds = combos.kinds
    c = counts(cards)
    n = sum(c)
    present = [r for r in range(NUM_RANKS) if c[r]]
    by_count: dict[int, list[int]] = {k: [] for k in range(1, 9)}
    for r in present:
        by_count[c[r]].append(r)
    singles, pairs, triples, quads = by_count[1], by_count[2], by_count[3], by_count[4]
    out: list[Play] = []

    def add(kind: Kind, main: int, length: int = 1, distinct_ok: bool = True) -> None:
        if kind not in kinds:
            return
        if kind is not Kind.AIRPLANE_SINGLES and kind is not Kind.FOUR_TWO_SINGLES:
            distinct_ok = True
        doubling = kind is Kind.ROCKET or (kind is Kind.BOMB and n >= combos.doubling_bomb)
        if distinct_ok or not distinct_kickers:
            out.append(Play(kind, cards, main, length, distinct_ok, doubling))

    if cards == combos.rocket:
        add(Kind.ROCKET, RED_JOKER)
        return out
    if len(present) == 1:
        rank = present[0]
        if n == 1:
            add(Kind.SINGLE, rank)
        elif n == 2 and combos.pairs_of(rank):
            add(Kind.PAIR, rank)
        elif n == 3 and rank <= TWO:
            add(Kind.TRIPLE, rank)
        low, high = combos.bomb_sizes
        if low <= n <= high and rank <= TWO:
            add(Kind.BOMB, rank)
        return out
    if n == 4 and len(triples) == 1 and triples[0] <= TWO:
        add(Kind.TRIPLE_SINGLE, triples[0])
    if n == 5 and len(triples) == 1 and len(pairs) == 1 and combos.pairs_of(pairs[0]):
        add(Kind.TRIPLE_PAIR, triples[0])
    for kind, group in ((Kind.STRAIGHT, singles), (Kind.PAIR_CHAIN, pairs),
                        (Kind.AIRPLANE, triples)):
        low, high = combos.chain_limits(kind)
        k = len(group)
        if k * CHAIN_UNIT[kind] == n and low <= k <= high:
            start = _run_start(group, k)
            if start is not None:
                add(kind, start, k)
    if Kind.AIRPLANE_SINGLES in kinds and n % 4 == 0:
        low, high = combos.chain_limits(Kind.AIRPLANE_SINGLES)
        if low <= n // 4 <= high:
            _read_airplane_singles(c, n // 4, add)
    if n % 5 == 0 and len(pairs) == len(triples) == n // 5:
        k = n // 5
        low, high = combos.chain_limits(Kind.AIRPLANE_PAIRS)
        start = _run_start(triples, k)
        jokers = pairs[-2:] == [BLACK_JOKER, RED_JOKER]
        if low <= k <= high and start is not None and not jokers \
                and all(combos.pairs_of(r) for r in pairs):
            add(Kind.AIRPLANE_PAIRS, start, k)
    if len(quads) == 1 and Kind.FOUR_TWO_SINGLES in kinds:
        rank = quads[0]
        rest = [r for r in present if r != rank]
        if n == 6 and rest != [BLACK_JOKER, RED_JOKER]:
            add(Kind.FOUR_TWO_SINGLES, rank, 1, len(rest) == 2)
        if n == 8 and len(pairs) == 2:
            add(Kind.FOUR_TWO_PAIRS, rank)
    return out


def _read_airplane_singles(c: list[int], k: int, add) -> None:
    """The strongest body of ``k`` triples whose remaining cards are legal single wings."""
    for start in range(ACE - k + 1, -1, -1):
        body = range(start, start + k)
        if any(c[r] != 3 for r in body):
            continue
        wings = [c[r] if r not in body else 0 for r in range(NUM_RANKS)]
        if max(wings) >= 4 or (wings[BLACK_JOKER] and wings[RED_JOKER]):
            continue
        add(Kind.AIRPLANE_SINGLES, start, k, max(wings) == 1)
        return


def reading_of(cards: int, kind: Kind, distinct_kickers: bool = False,
               combos: CombinationRules = CLASSIC_COMBOS) -> Play | None:
    """The strongest reading of ``cards`` as ``kind``, or ``None``."""
    for play in readings(cards, distinct_kickers, combos):
        if play.kind is kind:
            return play
    return None


def parse_play(text: str, *, distinct_kickers: bool = False,
               combos: CombinationRules = CLASSIC_COMBOS) -> Play:
    """A play from ``"KIND CARDS"`` or ``"pass"``; raises :class:`InvalidPlayError`."""
    words = text.strip().split(None, 1)
    if not words:
        raise InvalidPlayError(Reason(
            "empty_play", "empty play: write KIND CARDS, e.g. 'pair 33', or 'pass'"))
    if words[0].lower() == "pass" and len(words) == 1:
        return PASS
    if len(words) != 2:
        raise InvalidPlayError(Reason(
            "unreadable_play", f"cannot read play {text!r}: write KIND CARDS, e.g. 'pair 33'",
            text=text))
    kind = Kind.from_label(words[0])
    try:
        cards = parse_ranks(words[1], combos.deck)
    except InvalidCardsError as e:
        raise InvalidPlayError(*e.args) from None
    play = reading_of(cards, kind, distinct_kickers, combos)
    if play is None:
        found = readings(cards, distinct_kickers, combos)
        also = f" (it reads as {', '.join(p.kind.label for p in found)})" if found else ""
        raise InvalidPlayError(Reason(
            "not_a_legal_kind", f"{format_ranks(cards)} is not a legal {kind.label}{also}",
            cards=format_ranks(cards), kind=kind.label))
    return play
