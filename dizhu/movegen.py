"""Legal plays for a hand, leading or following.

Speed comes from tables computed here at import, not from caching: a hand is looked at as
four *level masks* (15-bit sets of the ranks it holds at least 1, 2, 3 and 4 of), and every
play that depends only on which ranks are present (singles, pairs, triples, bombs, chains)
is a table lookup by mask. Plays with kickers or wings combine a body from those tables
with kickers drawn from the rest of the hand. Every play object comes from the fixed
universe of :mod:`dizhu.universe`, so generation allocates nothing but the result list.
"""

from __future__ import annotations

from itertools import combinations

from .cards import ACE, BLACK_JOKER, NUM_RANKS, RED_JOKER, TWO, UNIT, count_of
from .combos import CHAIN_LIMITS, PASS, Kind, Play
from .universe import UNIVERSE

_U = UNIVERSE
_FULL = (1 << NUM_RANKS) - 1
_JOKERS = (1 << BLACK_JOKER) | (1 << RED_JOKER)
_CHAIN_RANKS = (1 << (ACE + 1)) - 1
_ROCKET = _U.rocket
_DENSE = _U.dense
_G1, _G2, _G3, _G4, _GUARD = _U.level_addends


def _by_mask(items: list, nbits: int) -> list[tuple]:
    """For each mask of ``nbits`` ranks, ``items[rank]`` for its ranks in ascending order."""
    table: list[tuple] = [()] * (1 << nbits)
    for m in range(1, 1 << nbits):
        low = (m & -m).bit_length() - 1
        table[m] = (items[low], *table[m & (m - 1)])
    return table


RANKS_IN: list[tuple[int, ...]] = _by_mask(list(range(NUM_RANKS)), NUM_RANKS)
"""``RANKS_IN[mask]``: the ranks of a 15-bit mask, ascending."""

ABOVE = [(_FULL << (r + 1)) & _FULL for r in range(NUM_RANKS)]
"""``ABOVE[r]``: mask of the ranks higher than ``r``."""


def _chains_by_mask(kind: Kind, length: int | None) -> list[tuple[Play, ...]]:
    """For each mask of ranks 3..A, the chains of ``kind`` (of one length, or all) in it."""
    width = ACE + 1
    found: list[list[Play]] = [[] for _ in range(1 << width)]
    for (k, start, n), play in _U.chains.items():
        if k is not kind or (length is not None and n != length):
            continue
        span = ((1 << n) - 1) << start
        free = ((1 << width) - 1) & ~span
        extra = free
        while True:  # every mask that holds the span: span | each subset of the free ranks
            found[span | extra].append(play)
            if not extra:
                break
            extra = (extra - 1) & free
    return [tuple(x) if x else () for x in found]


SINGLES = _by_mask(_U.singles, NUM_RANKS)
PAIRS = _by_mask(_U.pairs, TWO + 1)
TRIPLES = _by_mask(_U.triples, TWO + 1)
BOMBS = _by_mask(_U.bombs, TWO + 1)

_CHAIN_KINDS = (Kind.STRAIGHT, Kind.PAIR_CHAIN, Kind.AIRPLANE)
CHAINS = {k: _chains_by_mask(k, None) for k in _CHAIN_KINDS}
CHAINS_OF_LENGTH = {
    k: {n: _chains_by_mask(k, n) for n in range(CHAIN_LIMITS[k][0], CHAIN_LIMITS[k][1] + 1)}
    for k in _CHAIN_KINDS
}
_AIRPLANE_BODIES = {n: _chains_by_mask(Kind.AIRPLANE, n) for n in range(2, 6)}

_TS = _U.triple_single
_TP = _U.triple_pair
_FTS = _U.four_two_singles
_FTP = _U.four_two_pairs
_AS = _U.airplane_singles
_AP = _U.airplane_pairs
_AS2 = _U.airplane_singles_2
_ROCKET_UNITS = UNIT[BLACK_JOKER] + UNIT[RED_JOKER]
_PAIR_UNITS = tuple(2 * u for u in UNIT)


# --------------------------------------------------------------------------- building blocks

def levels(hand: int) -> tuple[int, int, int, int]:
    """The four level masks of a hand: ranks held at least once, twice, 3 and 4 times."""
    return (_DENSE[(hand + _G1) & _GUARD], _DENSE[(hand + _G2) & _GUARD],
            _DENSE[(hand + _G3) & _GUARD], _DENSE[(hand + _G4) & _GUARD])


def _triple_singles(out: list[Play], m1: int, bodies: int) -> None:
    for t in RANKS_IN[bodies]:
        out += map(_TS[t].__getitem__, RANKS_IN[m1 ^ (1 << t)])


def _triple_pairs(out: list[Play], m2: int, bodies: int) -> None:
    for t in RANKS_IN[bodies]:
        out += map(_TP[t].__getitem__, RANKS_IN[m2 & ~(1 << t)])


def _two_kickers(out: list[Play], row: list, singles: int, pairs: int, distinct: bool) -> None:
    """Plays of a body with two single kickers, from a row indexed ``15 * low + high``:
    two ranks of ``singles`` (never both jokers), or one rank of ``pairs`` twice."""
    found = [row[i * NUM_RANKS + j] for i, j in combinations(RANKS_IN[singles], 2)]
    if singles & _JOKERS == _JOKERS:
        found.pop()  # the last two are both jokers: never kickers together
    out += found
    if not distinct:
        out += [row[i * (NUM_RANKS + 1)] for i in RANKS_IN[pairs]]


def _four_two_singles(out: list[Play], m1: int, m2: int, bodies: int, distinct: bool) -> None:
    for f in RANKS_IN[bodies]:
        _two_kickers(out, _FTS[f], m1 ^ (1 << f), m2 & ~(1 << f), distinct)


def _four_two_pairs(out: list[Play], m2: int, bodies: int) -> None:
    for f in RANKS_IN[bodies]:
        row = _FTP[f]
        out += [row[i * NUM_RANKS + j] for i, j in combinations(RANKS_IN[m2 & ~(1 << f)], 2)]


def _airplane_singles(out: list[Play], hand: int, m1: int, m2: int,
                      bodies: tuple[Play, ...], distinct: bool) -> None:
    for body in bodies:
        n = body.length
        span = ((1 << n) - 1) << body.main
        if n == 2:
            _two_kickers(out, _AS2[body.main], m1 & ~span, m2 & ~span, distinct)
            continue
        pool: list[int] = []
        for r in RANKS_IN[m1 & ~span]:
            pool += (UNIT[r],) * (1 if distinct else min(count_of(hand, r), 3))
        for wings in {sum(c) for c in combinations(pool, n)}:
            if wings & _ROCKET_UNITS != _ROCKET_UNITS:
                play = _AS[body.cards + wings]
                if play.main == body.main:  # else it comes from its strongest body
                    out.append(play)


def _airplane_pairs(out: list[Play], m2: int, bodies: tuple[Play, ...]) -> None:
    for body in bodies:
        span = ((1 << body.length) - 1) << body.main
        for ranks in combinations(RANKS_IN[m2 & ~span], body.length):
            wings = 0
            for r in ranks:
                wings += _PAIR_UNITS[r]
            out.append(_AP[body.cards + wings])


# --------------------------------------------------------------------------- leading

def lead_plays(hand: int, distinct_kickers: bool = False) -> list[Play]:
    """Every play a hand may lead (no pass), one per kind and cards."""
    m1, m2, m3, m4 = levels(hand)
    out = list(SINGLES[m1])
    if m1 & _JOKERS == _JOKERS:
        out.append(_ROCKET)
    out += CHAINS[Kind.STRAIGHT][m1 & _CHAIN_RANKS]
    if not m2:
        return out
    out += PAIRS[m2]
    out += CHAINS[Kind.PAIR_CHAIN][m2 & _CHAIN_RANKS]
    if not m3:
        return out
    out += TRIPLES[m3]
    _triple_singles(out, m1, m3)
    _triple_pairs(out, m2, m3)
    bodies = m3 & _CHAIN_RANKS
    if bodies & (bodies >> 1):  # two consecutive triples: airplanes
        out += CHAINS[Kind.AIRPLANE][bodies]
        for n, table in _AIRPLANE_BODIES.items():
            found = table[bodies]
            if found:
                _airplane_singles(out, hand, m1, m2, found, distinct_kickers)
                if n <= 4:
                    _airplane_pairs(out, m2, found)
    if m4:
        out += BOMBS[m4]
        _four_two_singles(out, m1, m2, m4, distinct_kickers)
        _four_two_pairs(out, m2, m4)
    return out


# --------------------------------------------------------------------------- following

def _follow_single(out, hand, top, distinct):
    out += SINGLES[_DENSE[(hand + _G1) & _GUARD] & ABOVE[top.main]]


def _follow_pair(out, hand, top, distinct):
    out += PAIRS[_DENSE[(hand + _G2) & _GUARD] & ABOVE[top.main]]


def _follow_triple(out, hand, top, distinct):
    out += TRIPLES[_DENSE[(hand + _G3) & _GUARD] & ABOVE[top.main]]


def _follow_triple_single(out, hand, top, distinct):
    bodies = _DENSE[(hand + _G3) & _GUARD] & ABOVE[top.main]
    if bodies:
        _triple_singles(out, _DENSE[(hand + _G1) & _GUARD], bodies)


def _follow_triple_pair(out, hand, top, distinct):
    bodies = _DENSE[(hand + _G3) & _GUARD] & ABOVE[top.main]
    if bodies:
        _triple_pairs(out, _DENSE[(hand + _G2) & _GUARD], bodies)


def _follow_chain(guard_addend: int, kind: Kind):
    tables = CHAINS_OF_LENGTH[kind]

    def follow(out, hand, top, distinct):
        out += tables[top.length][_DENSE[(hand + guard_addend) & _GUARD]
                                  & ABOVE[top.main] & _CHAIN_RANKS]
    return follow


def _follow_airplane_singles(out, hand, top, distinct):
    m1, m2, m3, _ = levels(hand)
    bodies = _AIRPLANE_BODIES[top.length][m3 & ABOVE[top.main] & _CHAIN_RANKS]
    if bodies:
        _airplane_singles(out, hand, m1, m2, bodies, distinct)


def _follow_airplane_pairs(out, hand, top, distinct):
    m3 = _DENSE[(hand + _G3) & _GUARD]
    bodies = _AIRPLANE_BODIES[top.length][m3 & ABOVE[top.main] & _CHAIN_RANKS]
    if bodies:
        _airplane_pairs(out, _DENSE[(hand + _G2) & _GUARD], bodies)


def _follow_four_two_singles(out, hand, top, distinct):
    m1, m2, _, m4 = levels(hand)
    if m4 & ABOVE[top.main]:
        _four_two_singles(out, m1, m2, m4 & ABOVE[top.main], distinct)


def _follow_four_two_pairs(out, hand, top, distinct):
    m4 = _DENSE[(hand + _G4) & _GUARD] & ABOVE[top.main]
    if m4:
        _four_two_pairs(out, _DENSE[(hand + _G2) & _GUARD], m4)


_FOLLOW = {
    Kind.SINGLE: _follow_single,
    Kind.PAIR: _follow_pair,
    Kind.TRIPLE: _follow_triple,
    Kind.TRIPLE_SINGLE: _follow_triple_single,
    Kind.TRIPLE_PAIR: _follow_triple_pair,
    Kind.STRAIGHT: _follow_chain(_G1, Kind.STRAIGHT),
    Kind.PAIR_CHAIN: _follow_chain(_G2, Kind.PAIR_CHAIN),
    Kind.AIRPLANE: _follow_chain(_G3, Kind.AIRPLANE),
    Kind.AIRPLANE_SINGLES: _follow_airplane_singles,
    Kind.AIRPLANE_PAIRS: _follow_airplane_pairs,
    Kind.FOUR_TWO_SINGLES: _follow_four_two_singles,
    Kind.FOUR_TWO_PAIRS: _follow_four_two_pairs,
}


def follow_plays(hand: int, top: Play, distinct_kickers: bool = False) -> list[Play]:
    """Every play a hand may make on ``top``, the pass first."""
    out = [PASS]
    kind = top.kind
    if kind is Kind.ROCKET:
        return out
    m4 = _DENSE[(hand + _G4) & _GUARD]
    if kind is Kind.BOMB:
        out += BOMBS[m4 & ABOVE[top.main]]
    else:
        _FOLLOW[kind](out, hand, top, distinct_kickers)
        if m4:
            out += BOMBS[m4]
    if hand & _ROCKET_UNITS == _ROCKET_UNITS:
        out.append(_ROCKET)
    return out


def legal_plays(hand: int, top: Play | None = None, distinct_kickers: bool = False) -> list[Play]:
    """Leading (``top`` is ``None``): every play. Following: the pass and every play that
    beats ``top``."""
    if top is None:
        return lead_plays(hand, distinct_kickers)
    return follow_plays(hand, top, distinct_kickers)
