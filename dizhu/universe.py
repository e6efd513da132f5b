"""The universe of plays: every combination one deck allows, built once from the rules.

Each play exists once here; move generation hands out these objects and never builds new
ones. The universe is constructed kind by kind from RULES.md's table (the tests check it
against :func:`dizhu.combos.readings`, the independent definition).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import ACE, BLACK_JOKER, NUM_RANKS, RED_JOKER, TWO, UNIT
from .combos import CHAIN_LIMITS, Kind, Play


@dataclass
class Universe:
    """All plays, indexed the ways move generation needs them."""

    singles: list[Play] = field(default_factory=list)
    pairs: list[Play] = field(default_factory=list)
    triples: list[Play] = field(default_factory=list)
    bombs: list[Play] = field(default_factory=list)
    rocket: Play | None = None
    chains: dict[tuple[Kind, int, int], Play] = field(default_factory=dict)
    """(kind, first rank, length) -> straight, pair chain or airplane."""
    triple_single: list[list[Play | None]] = field(default_factory=list)
    """[triple rank][kicker rank]."""
    triple_pair: list[list[Play | None]] = field(default_factory=list)
    four_two_singles: list[list[Play | None]] = field(default_factory=list)
    """[four rank][15 * low kicker + high kicker]."""
    four_two_pairs: list[list[Play | None]] = field(default_factory=list)
    airplane_singles: dict[int, Play] = field(default_factory=dict)
    """cards -> play (the strongest body)."""
    airplane_pairs: dict[int, Play] = field(default_factory=dict)
    airplane_singles_2: list[list[Play | None]] = field(default_factory=list)
    """Two-triple airplanes with single wings: [first rank][15 * low wing + high wing]."""
    dense: dict[int, int] = field(default_factory=dict)
    """Guard bits of every rank (bit 4r+3) -> the 15-bit mask of those ranks."""
    level_addends: tuple[int, int, int, int, int] = (0, 0, 0, 0, 0)
    """Addends that set a rank's guard bit when it holds >= 1, 2, 3, 4 cards; the guard mask."""

    by_key: dict[tuple[Kind, int], Play] = field(default_factory=dict)
    """(kind, cards) -> the play: the check that a play is a genuine combination."""

    def all_plays(self) -> list[Play]:
        """Every play of the universe (kinds in table order)."""
        out: list[Play] = [*self.singles, *self.pairs, *self.triples]
        for rows in (self.triple_single, self.triple_pair):
            out += [p for row in rows for p in row if p is not None]
        out += self.chains.values()
        out += self.airplane_singles.values()
        out += self.airplane_pairs.values()
        for rows in (self.four_two_singles, self.four_two_pairs):
            out += [p for row in rows for p in row if p is not None]
        out += self.bombs
        out.append(self.rocket)
        return out


def _span(start: int, length: int, copies: int) -> int:
    return sum(copies * UNIT[r] for r in range(start, start + length))


def _single_wings(excluded: range, n: int) -> list[tuple[int, bool]]:
    """Every multiset of ``n`` single wings outside ``excluded`` (at most three of a rank,
    never both jokers) as (cards, all ranks distinct)."""
    caps = [(r, 1 if r > TWO else 3) for r in range(NUM_RANKS) if r not in excluded]
    sets = [(0, 0, True)]
    for r, cap in caps:
        grown = []
        for cards, used, distinct in sets:
            for k in range(min(cap, n - used) + 1):
                grown.append((cards + k * UNIT[r], used + k, distinct and k <= 1))
        sets = grown
    jokers = UNIT[BLACK_JOKER] + UNIT[RED_JOKER]
    return [(c, d) for c, used, d in sets if used == n and c & jokers != jokers]


def build_universe() -> Universe:
    u = Universe()
    u.singles = [Play(Kind.SINGLE, UNIT[r], r, 1) for r in range(NUM_RANKS)]
    u.pairs = [Play(Kind.PAIR, 2 * UNIT[r], r, 1) for r in range(TWO + 1)]
    u.triples = [Play(Kind.TRIPLE, 3 * UNIT[r], r, 1) for r in range(TWO + 1)]
    u.bombs = [Play(Kind.BOMB, 4 * UNIT[r], r, 1) for r in range(TWO + 1)]
    u.rocket = Play(Kind.ROCKET, UNIT[BLACK_JOKER] + UNIT[RED_JOKER], RED_JOKER, 1)

    for kind, copies in ((Kind.STRAIGHT, 1), (Kind.PAIR_CHAIN, 2), (Kind.AIRPLANE, 3)):
        lo, hi = CHAIN_LIMITS[kind]
        for n in range(lo, hi + 1):
            for start in range(ACE - n + 2):
                u.chains[kind, start, n] = Play(kind, _span(start, n, copies), start, n)

    u.triple_single = [[None if k == t else Play(Kind.TRIPLE_SINGLE, 3 * UNIT[t] + UNIT[k], t, 1)
                        for k in range(NUM_RANKS)] for t in range(TWO + 1)]
    u.triple_pair = [[None if k == t or k > TWO else
                      Play(Kind.TRIPLE_PAIR, 3 * UNIT[t] + 2 * UNIT[k], t, 1)
                      for k in range(NUM_RANKS)] for t in range(TWO + 1)]

    u.four_two_singles = [[None] * NUM_RANKS ** 2 for _ in range(TWO + 1)]
    u.four_two_pairs = [[None] * NUM_RANKS ** 2 for _ in range(TWO + 1)]
    for f in range(TWO + 1):
        four = 4 * UNIT[f]
        for i in range(NUM_RANKS):
            for j in range(i, NUM_RANKS):
                if f in (i, j) or (i, j) == (BLACK_JOKER, RED_JOKER):
                    continue
                if i != j or i <= TWO:
                    u.four_two_singles[f][i * NUM_RANKS + j] = Play(
                        Kind.FOUR_TWO_SINGLES, four + UNIT[i] + UNIT[j], f, 1, i != j)
                if i != j and j <= TWO:
                    u.four_two_pairs[f][i * NUM_RANKS + j] = Play(
                        Kind.FOUR_TWO_PAIRS, four + 2 * UNIT[i] + 2 * UNIT[j], f, 1)

    lo, hi = CHAIN_LIMITS[Kind.AIRPLANE_SINGLES]
    for n in range(lo, hi + 1):
        for start in range(ACE - n + 2):  # ascending: a stronger body overwrites a weaker
            body = _span(start, n, 3)
            for wings, distinct in _single_wings(range(start, start + n), n):
                u.airplane_singles[body + wings] = Play(
                    Kind.AIRPLANE_SINGLES, body + wings, start, n, distinct)
    lo, hi = CHAIN_LIMITS[Kind.AIRPLANE_PAIRS]
    for n in range(lo, hi + 1):
        for start in range(ACE - n + 2):
            body = _span(start, n, 3)
            for wings, _ in _single_wings(range(start, start + n), n):
                # pair wings: n different ranks, each as a pair (no jokers)
                if wings & (UNIT[BLACK_JOKER] + UNIT[RED_JOKER]):
                    continue
                if any((wings >> (4 * r)) & 15 > 1 for r in range(NUM_RANKS)):
                    continue
                cards = body + 2 * wings
                u.airplane_pairs[cards] = Play(Kind.AIRPLANE_PAIRS, cards, start, n)

    for start in range(ACE):
        body = _span(start, 2, 3)
        row: list[Play | None] = [None] * NUM_RANKS ** 2
        for i in range(NUM_RANKS):
            for j in range(i, NUM_RANKS):
                row[i * NUM_RANKS + j] = u.airplane_singles.get(body + UNIT[i] + UNIT[j])
        u.airplane_singles_2.append(row)
    u.by_key = {(p.kind, p.cards): p for p in u.all_plays()}
    guard = sum(8 * UNIT[r] for r in range(NUM_RANKS))
    addends = [sum((8 - k) * UNIT[r] for r in range(NUM_RANKS)) for k in (1, 2, 3, 4)]
    u.level_addends = (*addends, guard)
    sparse = [0] * (1 << NUM_RANKS)
    for m in range(1, 1 << NUM_RANKS):
        low = (m & -m).bit_length() - 1
        sparse[m] = sparse[m & (m - 1)] + 8 * UNIT[low]
    u.dense = {s: m for m, s in enumerate(sparse)}
    return u


UNIVERSE = build_universe()
