"""Ranks, cards and their notation.

Rules never look at suits, so every rule works on *rank counts*: a multiset of ranks packed
into one int, four bits per rank (rank ``r`` occupies bits ``4r .. 4r+3``). Adding, removing
and testing whether one multiset holds another are then single integer operations. A field
holds up to 8 cards of a rank, as many as two packs have.

Suited cards exist for display and for records only: a card is a *face*, an int 0..53,
``4 * rank + suit`` for the 52 ranked faces, 52 for the small (black) joker and 53 for the big
joker. A deck of two packs holds every face twice; two cards of one face are the same card
to everyone.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from .reasons import Reason

RANKS = "3456789TJQKA2BR"
"""Rank letters, low to high (T = ten, B = the small joker 小王, R = the big joker 大王)."""

NUM_RANKS = len(RANKS)
THREE, ACE, TWO, BLACK_JOKER, RED_JOKER = 0, 11, 12, 13, 14
RANK_INDEX = {ch: i for i, ch in enumerate(RANKS)}

SUITS = "♠♥♣♦"
SUIT_LETTERS = "shcd"
DECK_SIZE = 54
"""Faces in one pack."""

FIELD_BITS = 4
UNIT = tuple(1 << (FIELD_BITS * r) for r in range(NUM_RANKS))
"""``UNIT[r]`` is one card of rank ``r`` in rank-count form."""

MAX_FIELD = 8
"""The most cards of one rank that rank counts may hold (two packs' worth)."""

_FIELD_MASK = (1 << FIELD_BITS) - 1
GUARDS = sum(8 * u for u in UNIT)
"""Bit 3 of every rank's field: while every field of ``hand`` is below 8,
``((hand | GUARDS) - cards) & GUARDS == GUARDS`` tells whether ``hand`` holds ``cards``."""
_GUARDS = GUARDS
FULL_DECK = sum(4 * UNIT[r] for r in range(TWO + 1)) + UNIT[BLACK_JOKER] + UNIT[RED_JOKER]
"""The rank counts of one 54-card pack."""

MAX_COPIES = tuple(4 if r <= TWO else 1 for r in range(NUM_RANKS))

_NAMES = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2",
          "small joker", "big joker")


class InvalidCardsError(ValueError):
    """Card text that cannot be read, or a set of cards that no deck can hold."""


def rank_name(rank: int) -> str:
    """A rank as a person says it: ``10``, ``small joker``."""
    return _NAMES[rank]


def count_of(cards: int, rank: int) -> int:
    """How many cards of ``rank`` the rank counts hold."""
    return (cards >> (FIELD_BITS * rank)) & _FIELD_MASK


def counts(cards: int) -> list[int]:
    """The rank counts as a list of 15 ints."""
    return [(cards >> (FIELD_BITS * r)) & _FIELD_MASK for r in range(NUM_RANKS)]


def from_counts(values: Iterable[int]) -> int:
    """Pack a sequence of per-rank counts (3 first)."""
    total = 0
    for r, n in enumerate(values):
        total += n * UNIT[r]
    return total


_EVEN_FIELDS = sum(_FIELD_MASK << (8 * i) for i in range(8))
_BYTE_ONES = sum(1 << (8 * i) for i in range(8))


def size(cards: int) -> int:
    """Number of cards in the rank counts (one deck's worth at most)."""
    pairs = (cards & _EVEN_FIELDS) + ((cards >> FIELD_BITS) & _EVEN_FIELDS)
    return (pairs * _BYTE_ONES >> 56) & 0xFF


def contains(hand: int, cards: int) -> bool:
    """Whether ``hand`` holds every card of ``cards`` (fields of both at most 8).

    A field of 8 (two packs' worth) already has its guard bit set, and it holds any count
    of at most 8: those fields of ``cards`` are left out of the guard test."""
    full = (hand & _GUARDS) >> 3
    return ((hand | _GUARDS) - (cards & ~(full * _FIELD_MASK))) & _GUARDS == _GUARDS


def fits(deck: int, cards: int) -> bool:
    """Whether ``deck`` (rank counts of a whole deck) can hold ``cards``, whose fields may
    be anything up to 15 (e.g. nine 3s read for classifying)."""
    while cards:
        if cards & _FIELD_MASK > deck & _FIELD_MASK:
            return False
        cards >>= FIELD_BITS
        deck >>= FIELD_BITS
    return True


def fits_deck(cards: int) -> bool:
    """Whether one 54-card pack can hold these rank counts."""
    return fits(FULL_DECK, cards)


@functools.lru_cache(maxsize=1 << 16)
def format_ranks(cards: int) -> str:
    """Canonical notation: rank letters in ascending order, e.g. ``33344455``."""
    return "".join(RANKS[r] * count_of(cards, r) for r in range(NUM_RANKS))


_LETTERS = {**RANK_INDEX, "0": RANK_INDEX["T"]}
"""What each letter a person types reads as (after ``10`` is read as ``T``): ``0`` is ten
too, as on a keyboard's row of digits."""


def _rank_letters(text: str) -> list[int]:
    """The one reader of rank letters (plays, hands, cards, typed entries, named patterns):
    any case, spaces or commas, ``T``, ``10`` or ``0`` for ten, any order."""
    cleaned = text.upper().replace("10", "T")
    out = []
    for ch in cleaned:
        if ch in " ,\t":
            continue
        rank = _LETTERS.get(ch)
        if rank is None:
            raise InvalidCardsError(Reason(
                "unknown_card", f"unknown card {ch!r} in {text!r}: ranks are 3456789TJQKA2BR "
                "(T or 10 for ten, B and R for the small and big jokers)", char=ch, text=text))
        out.append(rank)
    return out


def parse_rank(text: str) -> int:
    """One rank as a person writes it: ``T``, ``10`` or ``0``, ``j``, ``B``..."""
    try:
        ranks = _rank_letters(str(text))
    except InvalidCardsError:
        ranks = []
    if len(ranks) != 1:
        raise InvalidCardsError(Reason("no_rank", f"no rank {text!r}: ranks are "
                                       f"{' '.join(RANKS)}", text=str(text)))
    return ranks[0]


def parse_ranks(text: str, deck: int | None = FULL_DECK) -> int:
    """Rank counts from text such as ``"3 3 10 J q"`` or ``"BR"``.

    A set that ``deck`` (rank counts of a whole deck; one pack by default) cannot hold
    (``BB`` or five 3s from one pack) is an error; with ``deck=None`` such a set is returned
    as it is, so that it can be classified as invalid.
    """
    cards = 0
    for rank in _rank_letters(text):
        cards += UNIT[rank]
        if count_of(cards, rank) == _FIELD_MASK:
            raise InvalidCardsError(Reason(
                "far_too_many", f"far too many {rank_name(rank)}s in {text!r}",
                rank=RANKS[rank]))
    if deck is not None:
        check_deck(cards, deck, text)
    return cards


def check_deck(cards: int, deck: int = FULL_DECK, what: str = "") -> None:
    """Raise :class:`InvalidCardsError` unless ``deck`` can hold ``cards``."""
    for r in range(NUM_RANKS):
        n, most = count_of(cards, r), count_of(deck, r)
        if n > most:
            where = f" in {what!r}" if what else ""
            has = {1: "one", 2: "two", 4: "four", 8: "eight"}.get(most, str(most))
            of = "" if r >= BLACK_JOKER else " of each rank"
            raise InvalidCardsError(Reason(
                "too_many_of_rank", f"{n} {rank_name(r)}s{where}: the deck has {has}{of}",
                n=n, rank=RANKS[r], most=most))


# --------------------------------------------------------------------------- suited cards

def card_rank(card: int) -> int:
    """Rank of a suited card id."""
    return card >> 2 if card < 52 else card - 52 + BLACK_JOKER


def card_suit(card: int) -> int | None:
    """Suit index 0..3 (♠♥♣♦) of a suited card id, ``None`` for a joker."""
    return card & 3 if card < 52 else None


def card_text(card: int, *, symbols: bool = False) -> str:
    """``3s``/``Th`` (or ``3♠`` with ``symbols``); jokers are ``B`` and ``R``."""
    if not symbols and 0 <= card < DECK_SIZE:
        return _CARD_TEXTS[card]
    return _card_text(card, symbols)


def _card_text(card: int, symbols: bool) -> str:
    suit = card_suit(card)
    rank = RANKS[card_rank(card)]
    if suit is None:
        return rank
    return rank + (SUITS[suit] if symbols else SUIT_LETTERS[suit])


_CARD_TEXTS = tuple(_card_text(card, False) for card in range(DECK_SIZE))


def parse_card(text: str) -> int:
    """A suited card id from ``3s``, ``10♥``, ``Td``, ``B`` or ``R``."""
    t = text.strip()
    if t.upper() in ("B", "R"):
        return 52 if t.upper() == "B" else 53
    if len(t) < 2:
        raise InvalidCardsError(Reason(
            "bad_card", f"card {text!r} needs a rank and a suit, e.g. 3s or 10h", text=text))
    rank_part, suit_part = t[:-1], t[-1]
    ranks = _rank_letters(rank_part)
    suit = SUIT_LETTERS.find(suit_part.lower())
    if suit < 0:
        suit = SUITS.find(suit_part)
    if len(ranks) != 1 or ranks[0] > TWO or suit < 0:
        raise InvalidCardsError(Reason(
            "bad_card", f"cannot read card {text!r}: write it like 3s, Th, 10h, B or R",
            text=text))
    return 4 * ranks[0] + suit


def ranks_of_cards(cards: Iterable[int]) -> int:
    """Rank counts of some suited card ids."""
    try:
        return sum(map(_CARD_UNITS.__getitem__, cards))
    except KeyError as e:  # no card id: the error that reading it as one gives
        UNIT[card_rank(e.args[0])]
        raise


_CARD_UNITS = {c: UNIT[card_rank(c)] for c in range(-4 * NUM_RANKS, DECK_SIZE)}
"""The rank count of each int that :func:`card_rank` reads as a rank (a card id's)."""


def deck_faces(packs: int = 1) -> list[int]:
    """The faces of a deck of ``packs`` packs, each face once per pack, in order (a new
    list: shuffle it at will)."""
    return list(_deck_faces(packs))


@functools.cache
def _deck_faces(packs: int) -> tuple[int, ...]:
    return tuple(face for face in range(DECK_SIZE) for _ in range(packs))


def faces_for(parts: Iterable[int], packs: int = 1) -> list[list[int]]:
    """Suited cards for rank counts: each part in turn takes the first faces of its ranks
    (♠ first) that a deck of ``packs`` packs has left, e.g. for a deal given by ranks.
    Raises :class:`InvalidCardsError` if the parts hold more of a rank than the deck."""
    left: list[list[int]] = [[] for _ in range(NUM_RANKS)]
    for face in _deck_faces(packs):
        left[card_rank(face)].append(face)
    most = [len(faces) for faces in left]
    out = []
    for cards in parts:
        faces: list[int] = []
        for r in range(NUM_RANKS):
            n = count_of(cards, r)
            if n > len(left[r]):
                n += most[r] - len(left[r])
                raise InvalidCardsError(Reason(
                    "too_many_of_rank", f"{n} {rank_name(r)}s: the deck has {most[r]}",
                    n=n, rank=RANKS[r], most=most[r]))
            faces += left[r][:n]
            del left[r][:n]
        out.append(faces)
    return out


_MIX = (1 << 64) - 1


def mix(*values: int) -> int:
    """A 64-bit hash of some ints (splitmix64 steps): cheap, stable across runs."""
    x = 0x9E3779B97F4A7C15
    for v in values:
        x = (x + (v & _MIX) + 0x9E3779B97F4A7C15) & _MIX
        x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MIX
        x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MIX
        x ^= x >> 31
    return x


class SuitedCards:
    """The suited cards one seat holds, kept by rank.

    Which suits a play takes is the player's choice: :meth:`take` removes the very cards a
    person picked, :meth:`take_chosen` makes a seeded choice among the cards of each rank
    played, which depends on nothing but those cards and the key (never on the rest of the
    hand), so that the suits seen on the table tell nothing more than the ranks do.
    """

    __slots__ = ("_by_rank",)

    def __init__(self, cards: Iterable[int] = ()) -> None:
        self._by_rank: list[list[int]] = [[] for _ in range(NUM_RANKS)]
        for c in sorted(cards):
            self._by_rank[card_rank(c)].append(c)

    def copy(self) -> SuitedCards:
        other = object.__new__(SuitedCards)
        other._by_rank = [stack[:] for stack in self._by_rank]
        return other

    def add(self, cards: Iterable[int]) -> None:
        for c in cards:
            stack = self._by_rank[card_rank(c)]
            stack.append(c)
            stack.sort()

    def holds(self, cards: Iterable[int]) -> bool:
        """Whether every one of ``cards`` is held (a face given twice needs two copies)."""
        need: dict[int, int] = {}
        for c in cards:
            need[c] = need.get(c, 0) + 1
        return all(self._by_rank[card_rank(c)].count(c) >= n for c, n in need.items())

    def take(self, cards: Iterable[int]) -> list[int]:
        """Remove exactly these cards (the caller checked that they are held)."""
        taken = []
        for c in cards:
            self._by_rank[card_rank(c)].remove(c)
            taken.append(c)
        return taken

    def take_chosen(self, ranks: int, key: int) -> list[int]:
        """Remove cards of these rank counts, chosen among the held cards of each rank by a
        hash of ``key`` and the rank (the caller checked that they are held)."""
        taken = []
        r = 0
        while ranks:
            n = ranks & _FIELD_MASK
            if n:
                stack = self._by_rank[r]
                x = mix(key, r)
                for _ in range(n):
                    x, i = divmod(x, len(stack))
                    taken.append(stack.pop(i))
            ranks >>= FIELD_BITS
            r += 1
        return sorted(taken)

    def cards(self) -> list[int]:
        """The cards held, in rank order, then by suit (♠♥♣♦)."""
        return [c for stack in self._by_rank for c in stack]
