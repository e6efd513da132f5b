"""Naming a play by its pattern (docs/rules.md, Entering a play).

Besides selecting cards, a player may name the pattern, the lowest rank of its main run,
the run's length for a chain, and then its wings or kickers one rank at a time.
:func:`shapes` describes each pattern of a ruleset for an interface to ask the right
questions, :func:`compose` turns the answers into the play (the strongest reading of
those cards as that pattern, as the table keeps it), or says what is wrong, and
:func:`naming` gives the answers that name a play (what an interface may offer) and
:func:`main_part` the cards its main run puts on the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import ACE, FIELD_BITS, NUM_RANKS, RANKS, RED_JOKER, TWO, UNIT, format_ranks
from .combos import (
    CHAIN_UNIT,
    CHINESE_NAMES,
    CLASSIC_COMBOS,
    WILD_KINDS,
    CombinationRules,
    InvalidPlayError,
    Kind,
    Play,
    reading_of,
)
from .reasons import Reason


@dataclass(frozen=True)
class Shape:
    """How a pattern is built: ``body`` cards of each rank of the main run, and
    ``wings`` wings (or kickers) of ``wing`` cards each per rank of the run."""

    kind: Kind
    body: int
    wing: int = 0
    wings: int = 0

    def chain(self, combos: CombinationRules = CLASSIC_COMBOS) -> tuple[int, int] | None:
        """The shortest and longest run for a chain pattern, else ``None``."""
        return combos.chain_limits(self.kind) if self.kind in CHAIN_UNIT else None

    def wing_count(self, length: int) -> int:
        """How many wings (or kickers) a run of ``length`` ranks takes."""
        return self.wings * length

    def to_json(self, combos: CombinationRules = CLASSIC_COMBOS) -> dict:
        chain = self.chain(combos)
        low, high = chain or (1, 1)
        return {"kind": self.kind.label, "chinese": CHINESE_NAMES[self.kind],
                "body": self.body, "wing": self.wing, "wings": self.wings,
                "chain": chain is not None, "min_length": low, "max_length": high}


SHAPES: dict[Kind, Shape] = {s.kind: s for s in (
    Shape(Kind.SINGLE, 1),
    Shape(Kind.PAIR, 2),
    Shape(Kind.TRIPLE, 3),
    Shape(Kind.TRIPLE_SINGLE, 3, 1, 1),
    Shape(Kind.TRIPLE_PAIR, 3, 2, 1),
    Shape(Kind.STRAIGHT, 1),
    Shape(Kind.PAIR_CHAIN, 2),
    Shape(Kind.AIRPLANE, 3),
    Shape(Kind.AIRPLANE_SINGLES, 3, 1, 1),
    Shape(Kind.AIRPLANE_PAIRS, 3, 2, 1),
    Shape(Kind.FOUR_TWO_SINGLES, 4, 1, 2),
    Shape(Kind.FOUR_TWO_PAIRS, 4, 2, 2),
    Shape(Kind.BOMB, 4),
    Shape(Kind.ROCKET, 1),
    Shape(Kind.SOFT_BOMB, 4),
    Shape(Kind.WILD_BOMB, 4),
)}
"""Every pattern but the pass, in the rule book's order (the bomb classes of wild cards
last)."""


def shapes(combos: CombinationRules = CLASSIC_COMBOS, wild: bool = False) -> list[Shape]:
    """The patterns a set of combination rules has, in the rule book's order; ``wild``:
    with the bomb classes of a ruleset with wild cards (``soft_bomb``, ``wild_bomb``)."""
    return [shape for kind, shape in SHAPES.items()
            if kind in combos.kinds or (wild and kind in WILD_KINDS)]


def compose(kind: Kind, main: int, length: int = 1, wings: tuple[int, ...] = (),
            distinct_kickers: bool = False, combos: CombinationRules = CLASSIC_COMBOS,
            size: int | None = None) -> Play:
    """The play named by pattern, lowest rank of the main run, run length and wing ranks
    (and, for a bomb of a two-pack deck, its number of cards: four by default).

    The rocket needs no rank. Raises :class:`InvalidPlayError` saying what is missing or
    wrong; the result is the strongest reading of the cards as ``kind``.
    """
    shape = SHAPES.get(kind)
    if shape is None or kind not in combos.kinds:
        raise InvalidPlayError(Reason("not_a_pattern", f"{kind.label} is not a pattern to play",
                                      kind=kind.label))
    if kind is Kind.ROCKET:
        return reading_of(combos.rocket, kind, combos=combos)
    chain = shape.chain(combos)
    low, high = chain or (1, 1)
    if not low <= length <= high:
        if not chain:
            raise InvalidPlayError(Reason("no_length", f"a {kind.label} has no length",
                                          kind=kind.label))
        raise InvalidPlayError(Reason(
            "chain_length", f"a {kind.label} runs {low} to {high} ranks, not {length}",
            kind=kind.label, low=low, high=high, n=length))
    last = main + length - 1
    if main < 0 or last > (ACE if chain else RED_JOKER):
        if chain:
            raise InvalidPlayError(Reason(
                "chain_cannot_start", f"a {kind.label} cannot start at {_rank(main)} and run "
                f"{length} ranks (chains end at A)", kind=kind.label, rank=_rank(main),
                n=length))
        raise InvalidPlayError(Reason("cannot_start", f"a {kind.label} cannot start at "
                                      f"{_rank(main)}", kind=kind.label, rank=_rank(main)))
    body = shape.body
    if kind is Kind.BOMB and size is not None:
        smallest, biggest = combos.bomb_sizes
        if not smallest <= size <= biggest or main > TWO:
            raise InvalidPlayError(Reason(
                "bomb_size", f"a bomb is {smallest} to {biggest} cards of a rank 3..2"
                if smallest < biggest else "a bomb is four of a rank 3..2",
                low=smallest, high=biggest))
        body = size
    cards = sum(UNIT[r] for r in range(main, last + 1)) * body
    need = shape.wing_count(length)
    if len(wings) != need:
        if chain and shape.wings:  # an airplane: its wings, one per triple
            raise InvalidPlayError(Reason(
                "wings_needed", f"an {kind.label} takes one wing per triple: {need} for "
                f"{length} triples, not {len(wings)}", kind=kind.label, n=length, need=need,
                m=len(wings)))
        raise InvalidPlayError(Reason(
            "kickers_needed", f"a {kind.label} takes {need} kicker{'s' * (need != 1)}, not "
            f"{len(wings)}", kind=kind.label, count=need, m=len(wings)))
    for rank in wings:
        if not 0 <= rank <= RED_JOKER:
            raise InvalidPlayError(Reason("no_rank", f"no rank {rank}", text=str(rank)))
        cards += UNIT[rank] * shape.wing
    play = reading_of(cards, kind, distinct_kickers, combos)
    if play is None:
        raise InvalidPlayError(Reason(
            "not_a_legal_kind", f"{format_ranks(cards)} is not a legal {kind.label}",
            cards=format_ranks(cards), kind=kind.label))
    return play


@dataclass(frozen=True)
class Naming:
    """The answers that name a play: its pattern, the lowest rank of its main run, the
    run's length, its wing (or kicker) ranks in ascending order, one per wing, and for a
    bomb of a deck with several bomb sizes its number of cards (else ``None``)."""

    kind: Kind
    main: int
    length: int
    wings: tuple[int, ...]
    size: int | None = None

    def to_json(self) -> list:
        """``[main, length, size, wings]`` with ranks as letters: ``["5", 3, null, "334"]``."""
        return [RANKS[self.main], self.length, self.size,
                "".join(RANKS[r] for r in self.wings)]


def naming(play: Play, combos: CombinationRules = CLASSIC_COMBOS,
           wild: tuple[int, ...] = ()) -> Naming:
    """How ``play`` is named by pattern: ``compose`` of its answers gives it back. With
    wild ranks ``wild``, the main run is the combination's (what the cards stand for) and
    the wings the physical cards beside it (:func:`physical_main`): the ranks a person
    clicks."""
    shape = SHAPES[play.kind]
    sized = play.kind is Kind.BOMB and combos.bomb_sizes[0] < combos.bomb_sizes[1]
    if not shape.wing:
        return Naming(play.kind, play.main, play.length, (), play.size if sized else None)
    if not wild and play.stands_for != play.cards:
        raise ValueError(f"{play} has wild cards: name it with the deal's wild ranks")
    rest = play.cards - (physical_main(play, wild) if wild else main_part(play))
    wings: list[int] = []
    rank = 0
    while rest:
        wings += [rank] * ((rest & _FIELD) // shape.wing)
        rest >>= FIELD_BITS
        rank += 1
    return Naming(play.kind, play.main, play.length, tuple(wings))


def main_part(play: Play) -> int:
    """The cards of ``play``'s main run: all of its cards but its wings or kickers."""
    shape = SHAPES[play.kind]
    return _RUNS[play.main][play.length] * shape.body if shape.wing else play.cards


def physical_main(play: Play, wild: tuple[int, ...]) -> int:
    """The physical cards of ``play``'s main run, with the deal's wild ranks ``wild``: for
    each rank of its combination's run the play's natural cards of that rank first, then
    its wild cards (in the order of ``wild``) for the rest; its wings are the other cards."""
    shape = SHAPES[play.kind]
    if not shape.wing:
        return play.cards
    run = _RUNS[play.main][play.length] * shape.body
    main = missing = 0
    for rank in range(play.main, play.main + play.length):
        need = (run >> FIELD_BITS * rank) & _FIELD
        natural = 0 if rank in wild else (play.cards >> FIELD_BITS * rank) & _FIELD
        taken = min(need, natural)
        main += taken * UNIT[rank]
        missing += need - taken
    for rank in wild:
        taken = min(missing, (play.cards >> FIELD_BITS * rank) & _FIELD)
        main += taken * UNIT[rank]
        missing -= taken
    return main


_RUNS = [[sum(UNIT[main:main + length]) for length in range(NUM_RANKS - main + 1)]
         for main in range(NUM_RANKS)]
"""``_RUNS[main][length]``: one card of each rank of a run."""
_FIELD = UNIT[1] - 1
"""The bits of one rank's count."""


def _rank(rank: int) -> str:
    return RANKS[rank] if 0 <= rank < len(RANKS) else str(rank)


class PatternChoices:
    """What a pattern picker may offer at each step, from the plays that may be named now
    (their :func:`naming`): the kinds, then for the answers given so far the main ranks,
    lengths, bomb sizes and next wing ranks that still lead to one of those plays. An
    interface that offers only these never asks for a play the hand cannot make."""

    def __init__(self, namings: list[Naming]) -> None:
        self.namings = namings

    @classmethod
    def of(cls, plays: list[Play], combos: CombinationRules = CLASSIC_COMBOS,
           wild: tuple[int, ...] = ()) -> PatternChoices:
        """The choices for these legal plays (a pass among them is left out), named with
        the deal's wild ranks ``wild`` (:func:`naming`)."""
        return cls([naming(p, combos, wild) for p in plays if p.kind is not Kind.PASS])

    def kinds(self) -> set[Kind]:
        return {n.kind for n in self.namings}

    def fitting(self, kind: Kind, main: int | None = None, length: int | None = None,
                size: int | None = None, wings: tuple[int, ...] = ()) -> list[Naming]:
        """The plays of ``kind`` that agree with the answers given (``None``: not yet)."""
        return [n for n in self.namings if n.kind is kind
                and (main is None or n.main == main)
                and (length is None or n.length == length)
                and (size is None or n.size == size) and _holds(n.wings, wings)]

    def mains(self, kind: Kind) -> list[int]:
        return sorted({n.main for n in self.fitting(kind)})

    def lengths(self, kind: Kind, main: int) -> list[int]:
        return sorted({n.length for n in self.fitting(kind, main)})

    def sizes(self, kind: Kind, main: int, length: int) -> list[int]:
        return sorted({n.size for n in self.fitting(kind, main, length) if n.size is not None})

    def next_wings(self, kind: Kind, main: int, length: int, size: int | None,
                   wings: tuple[int, ...]) -> list[int]:
        """The ranks that may be the next wing (or kicker) after ``wings``."""
        found = {r for n in self.fitting(kind, main, length, size, wings) for r in n.wings}
        return sorted(r for r in found if self.fitting(kind, main, length, size, (*wings, r)))


def _holds(wings: tuple[int, ...], chosen: tuple[int, ...]) -> bool:
    """Whether ``chosen`` (ranks, any order) is a sub-multiset of ``wings``."""
    left = list(wings)
    for rank in chosen:
        if rank not in left:
            return False
        left.remove(rank)
    return True
