"""Combinations: their kinds, the plays themselves, how a set of cards reads, what beats what.

A :class:`Play` is identified by its kind and its cards (by rank). Its ``main`` rank and
``length`` are those of the strongest reading of the cards as that kind (RULES.md, Readings).
"""

from __future__ import annotations

import enum

from .cards import (
    ACE,
    BLACK_JOKER,
    NUM_RANKS,
    RANKS,
    RED_JOKER,
    InvalidCardsError,
    counts,
    fits_deck,
    format_ranks,
    parse_ranks,
    size,
)


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

    @property
    def label(self) -> str:
        """The engine name of RULES.md, e.g. ``airplane_singles``."""
        return self.name.lower()

    @classmethod
    def from_label(cls, label: str) -> Kind:
        """The kind named by an engine name (case and ``-`` tolerated)."""
        key = label.strip().upper().replace("-", "_")
        if key in cls.__members__:
            return cls[key]
        names = ", ".join(k.label for k in cls if k is not Kind.PASS)
        raise InvalidPlayError(f"unknown combination kind {label!r}; the kinds are {names}")


CHAINS = (Kind.STRAIGHT, Kind.PAIR_CHAIN, Kind.AIRPLANE, Kind.AIRPLANE_SINGLES,
          Kind.AIRPLANE_PAIRS)
"""Kinds whose body is a run of consecutive ranks (they have a length)."""

CHINESE_NAMES = {
    Kind.PASS: "不要", Kind.SINGLE: "单张", Kind.PAIR: "对子", Kind.TRIPLE: "三张",
    Kind.TRIPLE_SINGLE: "三带一", Kind.TRIPLE_PAIR: "三带二", Kind.STRAIGHT: "顺子",
    Kind.PAIR_CHAIN: "连对", Kind.AIRPLANE: "飞机", Kind.AIRPLANE_SINGLES: "飞机带小翼",
    Kind.AIRPLANE_PAIRS: "飞机带大翼", Kind.FOUR_TWO_SINGLES: "四带二",
    Kind.FOUR_TWO_PAIRS: "四带两对", Kind.BOMB: "炸弹", Kind.ROCKET: "王炸",
}

CHAIN_LIMITS = {
    Kind.STRAIGHT: (5, 12), Kind.PAIR_CHAIN: (3, 10), Kind.AIRPLANE: (2, 6),
    Kind.AIRPLANE_SINGLES: (2, 5), Kind.AIRPLANE_PAIRS: (2, 4),
}
"""Shortest and longest body of each chain kind (the airplanes' wings fit in 20 cards)."""


class InvalidPlayError(ValueError):
    """A play that is not a legal combination of the kind it names."""


class Play:
    """One combination: its kind, its cards (rank counts), main rank and length.

    Plays are values (treat them as immutable); equal plays compare and hash equal.
    ``distinct_ok`` says whether the play is also legal with the ``distinct_kickers`` option.
    """

    __slots__ = ("cards", "distinct_ok", "kind", "length", "main", "size")

    kind: Kind
    cards: int
    main: int
    length: int
    size: int
    distinct_ok: bool

    def __init__(self, kind: Kind, cards: int, main: int, length: int,
                 distinct_ok: bool = True) -> None:
        self.kind = kind
        self.cards = cards
        self.main = main
        self.length = length
        self.size = size(cards)
        self.distinct_ok = distinct_ok

    @property
    def text(self) -> str:
        """``KIND CARDS`` (e.g. ``pair 33``), or ``pass``."""
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
        """The cards in canonical notation (empty for a pass)."""
        return format_ranks(self.cards)

    @property
    def reading(self) -> str:
        """``kind:main:length`` as in RULES.md (the rocket is ``rocket:R:1``)."""
        return f"{self.kind.label}:{RANKS[self.main]}:{self.length}"

    @property
    def is_pass(self) -> bool:
        return self.kind is Kind.PASS

    @classmethod
    def parse(cls, text: str, *, distinct_kickers: bool = False) -> Play:
        """A play from ``"KIND CARDS"`` (e.g. ``"airplane_singles 3334445"``) or ``"pass"``."""
        return parse_play(text, distinct_kickers=distinct_kickers)


PASS = Play(Kind.PASS, 0, -1, 0)
"""The one pass."""


def beats(play: Play, top: Play) -> bool:
    """Whether ``play`` may be played on ``top`` (RULES.md, Beating)."""
    if top.kind is Kind.ROCKET or play.kind is Kind.PASS:
        return False
    if play.kind is Kind.ROCKET:
        return True
    if play.kind is Kind.BOMB and top.kind is not Kind.BOMB:
        return True
    return play.kind is top.kind and play.size == top.size and play.main > top.main


# --------------------------------------------------------------------------- readings

def _run_start(ranks: list[int], length: int) -> int | None:
    """The first rank if ``ranks`` (ascending) are ``length`` consecutive ranks within 3..A."""
    if len(ranks) != length or ranks[-1] > ACE or ranks[-1] - ranks[0] != length - 1:
        return None
    return ranks[0]


def readings(cards: int, distinct_kickers: bool = False) -> list[Play]:
    """Every reading of ``cards`` as a legal combination: one per kind, the strongest.

    Returns an empty list for a set that is not a combination (including sets no deck
    can hold). This is the rule book's definition of a combination; everything else in
    the engine is checked against it.
    """
    if not cards or not fits_deck(cards):
        return []
    c = counts(cards)
    n = sum(c)
    present = [r for r in range(NUM_RANKS) if c[r]]
    by_count: dict[int, list[int]] = {1: [], 2: [], 3: [], 4: []}
    for r in present:
        by_count[c[r]].append(r)
    singles, pairs, triples, quads = by_count[1], by_count[2], by_count[3], by_count[4]
    out: list[Play] = []

    def add(kind: Kind, main: int, length: int = 1, distinct_ok: bool = True) -> None:
        if kind is not Kind.AIRPLANE_SINGLES and kind is not Kind.FOUR_TWO_SINGLES:
            distinct_ok = True
        if distinct_ok or not distinct_kickers:
            out.append(Play(kind, cards, main, length, distinct_ok))

    if len(present) == 1:
        rank = present[0]
        kind = (None, Kind.SINGLE, Kind.PAIR, Kind.TRIPLE, Kind.BOMB)[n]
        if kind is not None:
            add(kind, rank)
        return out
    if n == 2 and present == [BLACK_JOKER, RED_JOKER]:
        add(Kind.ROCKET, RED_JOKER)
        return out
    if n == 4 and len(triples) == 1:
        add(Kind.TRIPLE_SINGLE, triples[0])
    if n == 5 and len(triples) == 1 and len(pairs) == 1:
        add(Kind.TRIPLE_PAIR, triples[0])
    if len(singles) == n:
        start = _run_start(singles, n)
        if start is not None and n >= 5:
            add(Kind.STRAIGHT, start, n)
    if len(pairs) * 2 == n:
        start = _run_start(pairs, len(pairs))
        if start is not None and 3 <= len(pairs) <= 10:
            add(Kind.PAIR_CHAIN, start, len(pairs))
    if len(triples) * 3 == n:
        start = _run_start(triples, len(triples))
        if start is not None and 2 <= len(triples) <= 6:
            add(Kind.AIRPLANE, start, len(triples))
    if n % 4 == 0 and 2 <= n // 4 <= 5:
        _read_airplane_singles(c, triples, n // 4, add)
    if n % 5 == 0 and 2 <= n // 5 <= 4 and not singles and not quads:
        k = n // 5
        start = _run_start(triples, k)
        if start is not None and len(pairs) == k:
            add(Kind.AIRPLANE_PAIRS, start, k)
    if len(quads) == 1:
        rank = quads[0]
        rest = [r for r in present if r != rank]
        if n == 6 and rest != [BLACK_JOKER, RED_JOKER]:
            add(Kind.FOUR_TWO_SINGLES, rank, 1, len(rest) == 2)
        if n == 8 and len(pairs) == 2:
            add(Kind.FOUR_TWO_PAIRS, rank)
    return out


def _read_airplane_singles(c: list[int], triples: list[int], k: int, add) -> None:
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


def reading_of(cards: int, kind: Kind, distinct_kickers: bool = False) -> Play | None:
    """The strongest reading of ``cards`` as ``kind``, or ``None``."""
    for play in readings(cards, distinct_kickers):
        if play.kind is kind:
            return play
    return None


def parse_play(text: str, *, distinct_kickers: bool = False) -> Play:
    """A play from ``"KIND CARDS"`` or ``"pass"``; raises :class:`InvalidPlayError`."""
    words = text.strip().split(None, 1)
    if not words:
        raise InvalidPlayError("empty play: write KIND CARDS, e.g. 'pair 33', or 'pass'")
    if words[0].lower() == "pass" and len(words) == 1:
        return PASS
    if len(words) != 2:
        raise InvalidPlayError(f"cannot read play {text!r}: write KIND CARDS, e.g. 'pair 33'")
    kind = Kind.from_label(words[0])
    try:
        cards = parse_ranks(words[1])
    except InvalidCardsError as e:
        raise InvalidPlayError(str(e)) from None
    play = reading_of(cards, kind, distinct_kickers)
    if play is None:
        found = readings(cards, distinct_kickers)
        also = f" (it reads as {', '.join(p.kind.label for p in found)})" if found else ""
        raise InvalidPlayError(f"{format_ranks(cards)} is not a legal {kind.label}{also}")
    return play
