"""The universe of plays: every combination a ruleset's deck allows, built once from its rules.

Each play exists once here; move generation hands out these objects and never builds new
ones. A universe is built kind by kind from a :class:`~dizhu.combos.CombinationRules` (the
tests check it against :func:`dizhu.combos.readings`, the independent definition), once per
set of combination rules: :func:`universe_of` caches it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from .cards import ACE, BLACK_JOKER, NUM_RANKS, RED_JOKER, TWO, UNIT
from .combos import CLASSIC_COMBOS, CombinationRules, Kind, Play


@dataclass
class Universe:
    """All plays of one set of combination rules, indexed the ways move generation needs."""

    combos: CombinationRules
    singles: list[Play] = field(default_factory=list)
    pairs: list[Play | None] = field(default_factory=list)
    """By rank; ``None`` where two cards of the rank are no pair."""
    triples: list[Play] = field(default_factory=list)
    bombs: dict[int, list[Play]] = field(default_factory=dict)
    """Size -> bombs of that many cards, by rank."""
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

    by_key: dict[tuple[Kind, int], Play] = field(default_factory=dict)
    """(kind, cards) -> the play: the check that a play is a genuine combination."""
    plays: tuple[Play, ...] = ()
    """Every play, in the order of :meth:`all_plays`: ``plays[play.id] is play``."""
    tops: tuple[Play | None, ...] = ()
    """``plays`` and ``None`` last: ``tops[top_id]`` is ``None`` for the id ``-1`` (no top)."""

    def all_plays(self) -> list[Play]:
        """Every play of the universe, kinds in the rule book's order, each kind in the
        order it was built (the order of :mod:`dizhu.actions`' ids)."""
        if self.plays:
            return list(self.plays)
        out: list[Play] = [*self.singles, *filter(None, self.pairs), *self.triples]
        for rows in (self.triple_single, self.triple_pair):
            out += [p for row in rows for p in row if p is not None]
        out += self.chains.values()
        out += self.airplane_singles.values()
        out += self.airplane_pairs.values()
        for rows in (self.four_two_singles, self.four_two_pairs):
            out += [p for row in rows for p in row if p is not None]
        for bombs in self.bombs.values():
            out += bombs
        out.append(self.rocket)
        return sorted(out, key=lambda p: p.kind)


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


def _pair_wings(ranks: list[int], n: int) -> list[int]:
    """Every set of ``n`` pairs of different ranks among ``ranks``, never both jokers'."""
    sets = [(0, 0)]
    for r in ranks:
        sets += [(cards + 2 * UNIT[r], used + 1) for cards, used in sets if used < n]
    jokers = 2 * (UNIT[BLACK_JOKER] + UNIT[RED_JOKER])
    return [c for c, used in sets if used == n and c & jokers != jokers]


def build_universe(combos: CombinationRules = CLASSIC_COMBOS) -> Universe:
    """Every play of ``combos``, built from its description (use :func:`universe_of`)."""
    u = Universe(combos)
    kinds = combos.kinds
    pair_ranks = [r for r in range(NUM_RANKS) if combos.pairs_of(r)]
    u.singles = [Play(Kind.SINGLE, UNIT[r], r, 1) for r in range(NUM_RANKS)]
    u.pairs = [Play(Kind.PAIR, 2 * UNIT[r], r, 1) if r in pair_ranks else None
               for r in range(NUM_RANKS)]
    u.triples = [Play(Kind.TRIPLE, 3 * UNIT[r], r, 1) for r in range(TWO + 1)]
    low, high = combos.bomb_sizes
    u.bombs = {n: [Play(Kind.BOMB, n * UNIT[r], r, 1, doubling=n >= combos.doubling_bomb)
                   for r in range(TWO + 1)] for n in range(low, high + 1)}
    u.rocket = Play(Kind.ROCKET, combos.rocket, RED_JOKER, 1)

    for kind, copies in ((Kind.STRAIGHT, 1), (Kind.PAIR_CHAIN, 2), (Kind.AIRPLANE, 3)):
        lo, hi = combos.chain_limits(kind)
        for n in range(lo, hi + 1):
            for start in range(ACE - n + 2):
                u.chains[kind, start, n] = Play(kind, _span(start, n, copies), start, n)

    if Kind.TRIPLE_SINGLE in kinds:
        u.triple_single = [
            [None if k == t else Play(Kind.TRIPLE_SINGLE, 3 * UNIT[t] + UNIT[k], t, 1)
             for k in range(NUM_RANKS)] for t in range(TWO + 1)]
    u.triple_pair = [[None if k == t or k not in pair_ranks else
                      Play(Kind.TRIPLE_PAIR, 3 * UNIT[t] + 2 * UNIT[k], t, 1)
                      for k in range(NUM_RANKS)] for t in range(TWO + 1)]

    if Kind.FOUR_TWO_SINGLES in kinds:
        _build_four_two(u)
    if Kind.AIRPLANE_SINGLES in kinds:
        _build_airplane_singles(u)

    lo, hi = combos.chain_limits(Kind.AIRPLANE_PAIRS)
    for n in range(lo, hi + 1):
        for start in range(ACE - n + 2):
            body = _span(start, n, 3)
            outside = [r for r in pair_ranks if not start <= r < start + n]
            for wings in _pair_wings(outside, n):
                u.airplane_pairs[body + wings] = Play(Kind.AIRPLANE_PAIRS, body + wings,
                                                      start, n)
    u.plays = tuple(u.all_plays())
    u.tops = (*u.plays, None)
    for play_id, play in enumerate(u.plays):
        play.id = play_id
    u.by_key = {(p.kind, p.cards): p for p in u.plays}
    return u


def _build_four_two(u: Universe) -> None:
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


def _build_airplane_singles(u: Universe) -> None:
    lo, hi = u.combos.chain_limits(Kind.AIRPLANE_SINGLES)
    for n in range(lo, hi + 1):
        for start in range(ACE - n + 2):  # ascending: a stronger body overwrites a weaker
            body = _span(start, n, 3)
            for wings, distinct in _single_wings(range(start, start + n), n):
                u.airplane_singles[body + wings] = Play(
                    Kind.AIRPLANE_SINGLES, body + wings, start, n, distinct)
    for start in range(ACE):
        body = _span(start, 2, 3)
        row: list[Play | None] = [None] * NUM_RANKS ** 2
        for i in range(NUM_RANKS):
            for j in range(i, NUM_RANKS):
                row[i * NUM_RANKS + j] = u.airplane_singles.get(body + UNIT[i] + UNIT[j])
        u.airplane_singles_2.append(row)


@cache
def universe_of(combos: CombinationRules) -> Universe:
    """The universe of ``combos``, built on first use and kept."""
    return build_universe(combos)


UNIVERSE = universe_of(CLASSIC_COMBOS)
"""The classic universe (one pack, three seats)."""

