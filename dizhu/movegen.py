"""Legal plays for a hand, leading or following.

Speed comes from tables computed once per set of combination rules, not from caching: a
hand is looked at as *level masks* (15-bit sets of the ranks it holds at least 1, 2, 3, ...
cards of), and every play that depends only on which ranks are present (singles, pairs,
triples, bombs, chains) is a table lookup by mask. Plays with kickers or wings combine a
body from those tables with kickers drawn from the rest of the hand. Every play object comes
from the fixed universe of :mod:`dizhu.universe`, so generation allocates nothing but the
result list.

:func:`generator_of` gives the :class:`MoveGenerator` of a set of combination rules (with or
without distinct kickers), built on first use; its ``lead`` and ``follow`` are plain
functions closing over that family's tables. When the compiled core runs
(:mod:`dizhu.core`), they are the C functions of ``dizhu._ccore``, which index the same
universe and follow this module's algorithm step for step: the same plays in the same order.
This module stays the readable reference.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from itertools import combinations

from . import core
from .cards import ACE, BLACK_JOKER, GUARDS, NUM_RANKS, RED_JOKER, TWO, UNIT, count_of
from .combos import (
    BOMBS,
    CLASSIC_COMBOS,
    NO_ID,
    PASS,
    CombinationRules,
    Kind,
    Play,
    beats,
    readings,
)
from .universe import Universe, universe_of

_FULL = (1 << NUM_RANKS) - 1
_JOKERS = (1 << BLACK_JOKER) | (1 << RED_JOKER)
_CHAIN_RANKS = (1 << (ACE + 1)) - 1
_GUARD = GUARDS
_JOKER_GUARDS = 8 * (UNIT[BLACK_JOKER] + UNIT[RED_JOKER])


def _dense() -> dict[int, int]:
    sparse = [0] * (1 << NUM_RANKS)
    for m in range(1, 1 << NUM_RANKS):
        low = (m & -m).bit_length() - 1
        sparse[m] = sparse[m & (m - 1)] + 8 * UNIT[low]
    return {s: m for m, s in enumerate(sparse)}


DENSE = _dense()
"""Guard bits of some ranks (bit 4r+3) -> the 15-bit mask of those ranks."""

LEVEL_ADDENDS = (0, *(sum((8 - k) * UNIT[r] for r in range(NUM_RANKS)) for k in range(1, 9)))
"""``LEVEL_ADDENDS[k]`` sets a rank's guard bit when it holds at least ``k`` cards (of at
most 8): ``DENSE[(hand + LEVEL_ADDENDS[k]) & GUARDS]`` is the level-``k`` mask."""


def level(hand: int, k: int) -> int:
    """The 15-bit mask of the ranks ``hand`` holds at least ``k`` cards of."""
    return DENSE[(hand + LEVEL_ADDENDS[k]) & _GUARD]


def _by_mask(items: list, nbits: int = NUM_RANKS) -> list[tuple]:
    """For each mask of ``nbits`` ranks, ``items[rank]`` for its ranks in ascending order
    (ranks without an item, or ``None``, contribute nothing)."""
    table: list[tuple] = [()] * (1 << nbits)
    for m in range(1, 1 << nbits):
        low = (m & -m).bit_length() - 1
        rest = table[m & (m - 1)]
        item = items[low] if low < len(items) else None
        table[m] = rest if item is None else (item, *rest)
    return table


RANKS_IN: list[tuple[int, ...]] = _by_mask(list(range(NUM_RANKS)))
"""``RANKS_IN[mask]``: the ranks of a 15-bit mask, ascending."""

ABOVE = [(_FULL << (r + 1)) & _FULL for r in range(NUM_RANKS)]
"""``ABOVE[r]``: mask of the ranks higher than ``r``."""


def _chains_by_mask(u: Universe, kind: Kind, length: int | None) -> list[tuple[Play, ...]]:
    """For each mask of ranks 3..A, the chains of ``kind`` (of one length, or all) in it."""
    width = ACE + 1
    found: list[list[Play]] = [[] for _ in range(1 << width)]
    for (k, start, n), play in u.chains.items():
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


class MoveGenerator:
    """The moves of one set of combination rules: how cards read, what beats what, and the
    legal plays of a hand. A ruleset's :meth:`~dizhu.rules.RuleSet.moves` gives it, and
    :class:`~dizhu.position.Position`, the views, the bots and the command line ask it, so
    a variant that reads or compares or generates otherwise gives an object of its own with
    these methods (a subclass setting its functions in ``__init__``).

    ``lead(hand)`` lists every play a hand may lead (no pass), one per kind and cards;
    ``follow(hand, top)`` the pass and every play that beats ``top``; ``covering(hand)``
    the leads that hold the hand's lowest card (what a search that splits a hand into
    plays, lowest card first, needs). Every play it hands out is the universe's own object.
    ``ids(hand, top_id, base=0)`` answers the ids of ``lead(hand)`` (``top_id < 0``) or of
    ``follow(hand, top)`` (the pass is ``NO_ID``), each plus ``base``, without a play
    object (the compiled core builds no list of plays for it).
    """

    lead: Callable[[int], list[Play]]
    follow: Callable[[int, Play], list[Play]]
    covering: Callable[[int], list[Play]]
    ids: Callable[..., list[int]]
    beats = staticmethod(beats)
    """``beats(play, top)``: whether ``play`` may be played on ``top`` (docs/rules.md,
    Beating)."""

    def __init__(self, combos: CombinationRules, distinct_kickers: bool = False,
                 compiled: bool | None = None) -> None:
        """``compiled``: generate with the compiled core (``True``), the pure-Python one
        (``False``) or the one that runs (``None``: :data:`dizhu.core.NAME`)."""
        self.combos = combos
        self.distinct = distinct_kickers
        self.universe = universe_of(combos)
        if compiled is None:
            compiled = core.NAME == "compiled"
        self.core = "compiled" if compiled else "python"
        self.native = _native(self.universe, distinct_kickers) if compiled else None
        """The compiled core's generator (``None`` with the pure core): what the compiled
        solver searches with."""
        if self.native is None:
            self.lead, self.follow, self.covering = _build(self.universe, distinct_kickers)
            self.ids = _ids_function(self.lead, self.follow, self.universe.tops)
        else:
            self.lead, self.follow, self.covering, self.ids = \
                self.native.lead, self.native.follow, self.native.covering, self.native.ids

    def legal(self, hand: int, top: Play | None = None) -> list[Play]:
        """Leading (``top`` is ``None``): every play. Following: the pass and every play
        that beats ``top``."""
        return self.lead(hand) if top is None else self.follow(hand, top)

    def legal_ids(self, hand: int, top: Play | None = None) -> list[int]:
        """The ids of :meth:`legal`'s plays (indexes of the universe's plays; the pass is
        ``NO_ID``)."""
        if top is None:
            return self.ids(hand, NO_ID)
        genuine = self.play_of(top.kind, top.cards)
        if genuine is not None and genuine.main == top.main and genuine.length == top.length:
            return self.ids(hand, genuine.id)
        return [p.id for p in self.follow(hand, top)]

    def bombs(self, hand: int) -> list[Play]:
        """The bombs and the rocket among :meth:`lead`'s plays, without generating the
        rest: what beats the highest single (a variant's moves may have other plays do)."""
        return [p for p in self.follow(hand, self.universe.singles[-1]) if p.kind in BOMBS]

    def play_of(self, kind: Kind, cards: int) -> Play | None:
        """The universe's play of ``kind`` and these physical cards (``None`` if none)."""
        return self.universe.by_key.get((kind, cards))

    def readings(self, cards: int) -> list[Play]:
        """Every reading of ``cards`` as a legal combination, one per kind, the strongest:
        :func:`dizhu.combos.readings` (the rule book's definition), as the universe's plays."""
        found = (self.play_of(p.kind, p.cards) for p in readings(cards, self.distinct,
                                                                 self.combos))
        return [p for p in found if p is not None]

    def __repr__(self) -> str:
        distinct = ", distinct kickers" if self.distinct else ""
        return f"<MoveGenerator {self.combos.name}{distinct}, {self.core} core>"


def generator_of(combos: CombinationRules, distinct_kickers: bool = False,
                 compiled: bool | None = None) -> MoveGenerator:
    """The move generator of ``combos``, built on first use and kept (``compiled`` as for
    :class:`MoveGenerator`)."""
    if compiled is None:
        compiled = core.NAME == "compiled"
    return _generator(combos, bool(distinct_kickers), bool(compiled))


@cache
def _generator(combos: CombinationRules, distinct_kickers: bool,
               compiled: bool) -> MoveGenerator:
    return MoveGenerator(combos, distinct_kickers, compiled)


def _ids_function(lead: Callable[[int], list[Play]], follow: Callable[[int, Play], list[Play]],
                  tops: Sequence[Play | None]) -> Callable[..., list[int]]:
    """The pure core's ``ids(hand, top_id, base=0)``: the ids of the plays it lists."""
    def ids(hand: int, top_id: int, base: int = 0) -> list[int]:
        plays = lead(hand) if top_id < 0 else follow(hand, tops[top_id])
        return [p.id + base for p in plays]
    return ids


def _native(u: Universe, distinct: bool):
    """The compiled core's generator over the plays of a universe."""
    if core.COMPILED is None:
        raise RuntimeError(core.MISSING)
    plays = tuple(u.all_plays())
    return core.COMPILED.MoveGenerator(
        plays, [p.cards for p in plays], [int(p.kind) for p in plays],
        [p.main for p in plays], [p.length for p in plays], PASS, distinct)


def _build(u: Universe, distinct: bool):
    """The lead and follow functions of a universe (its tables in their closures)."""
    combos = u.combos
    kinds = combos.kinds
    dense = DENSE
    guard = _GUARD
    g1, g2, g3, g4 = LEVEL_ADDENDS[1:5]
    joker_pairs = any(u.pairs[r] for r in (BLACK_JOKER, RED_JOKER))

    singles = _by_mask(u.singles)
    pairs = _by_mask(u.pairs, NUM_RANKS if joker_pairs else TWO + 1)
    triples = _by_mask(u.triples, TWO + 1)
    bomb_low, bomb_high = combos.bomb_sizes
    bombs_of = {n: _by_mask(b, TWO + 1) for n, b in u.bombs.items()}
    bombs4 = bombs_of[4]
    sized_bombs = [(LEVEL_ADDENDS[n], bombs_of[n]) for n in range(bomb_low, bomb_high + 1)]
    one_bomb_size = bomb_low == bomb_high == 4
    rocket = u.rocket
    rocket_cards = rocket.cards
    joker_guards = _JOKER_GUARDS
    chain_kinds = (Kind.STRAIGHT, Kind.PAIR_CHAIN, Kind.AIRPLANE)
    chains = {k: _chains_by_mask(u, k, None) for k in chain_kinds}
    chains_of_length = {
        k: {n: _chains_by_mask(u, k, n)
            for n in range(combos.chain_limits(k)[0], combos.chain_limits(k)[1] + 1)}
        for k in chain_kinds}
    straights, pair_chains, airplanes = (chains[k] for k in chain_kinds)
    rocket_level = count_of(rocket.cards, RED_JOKER)

    def leads_of_level(level: int, alone: list[tuple], runs: list[tuple]) -> list[tuple]:
        """By mask of a level: the plays of one rank (singles or pairs), the rocket when
        that level holds it, and the chains (straights or pair chains), as leading lists
        them."""
        return [alone[m] + ((rocket,) if level == rocket_level and m & _JOKERS == _JOKERS
                            else ()) + runs[m & _CHAIN_RANKS] for m in range(len(alone))]

    level1_leads = leads_of_level(1, singles, straights)
    level2_leads = leads_of_level(2, pairs, pair_chains)
    has_singles_wings = Kind.AIRPLANE_SINGLES in kinds
    wing_lengths = [n for n in chains_of_length[Kind.AIRPLANE]
                    if n <= combos.chain_limits(Kind.AIRPLANE_PAIRS)[1]
                    or (has_singles_wings and n <= combos.chain_limits(Kind.AIRPLANE_SINGLES)[1])]
    bodies_of = {n: chains_of_length[Kind.AIRPLANE][n] for n in wing_lengths}
    airplane_bodies = [(n, bodies_of[n]) for n in wing_lengths]
    singles_wing_max = combos.chain_limits(Kind.AIRPLANE_SINGLES)[1] if has_singles_wings else 0
    pairs_wing_max = combos.chain_limits(Kind.AIRPLANE_PAIRS)[1]
    has_triple_single = Kind.TRIPLE_SINGLE in kinds
    has_four_two = Kind.FOUR_TWO_SINGLES in kinds

    ts, tp = u.triple_single, u.triple_pair
    fts, ftp = u.four_two_singles, u.four_two_pairs
    as_, ap, as2 = u.airplane_singles, u.airplane_pairs, u.airplane_singles_2
    pair_units = tuple(2 * unit for unit in UNIT)
    ranks_in = RANKS_IN
    above = ABOVE
    chain_ranks = _CHAIN_RANKS

    # ------------------------------------------------------------- building blocks

    def triple_singles(out: list[Play], m1: int, bodies: int) -> None:
        for t in ranks_in[bodies]:
            out += map(ts[t].__getitem__, ranks_in[m1 ^ (1 << t)])

    def triple_pairs(out: list[Play], m2: int, bodies: int) -> None:
        for t in ranks_in[bodies]:
            out += map(tp[t].__getitem__, ranks_in[m2 & ~(1 << t)])

    def two_kickers(out: list[Play], row: list, singles_mask: int, pairs_mask: int) -> None:
        """Plays of a body with two single kickers, from a row indexed ``15 * low + high``:
        two ranks of ``singles_mask`` (never both jokers), or one rank of ``pairs_mask``
        twice."""
        found = [row[i * NUM_RANKS + j] for i, j in combinations(ranks_in[singles_mask], 2)]
        if singles_mask & _JOKERS == _JOKERS:
            found.pop()  # the last two are both jokers: never kickers together
        out += found
        if not distinct:
            out += [row[i * (NUM_RANKS + 1)] for i in ranks_in[pairs_mask]]

    def four_two_singles(out: list[Play], m1: int, m2: int, bodies: int) -> None:
        for f in ranks_in[bodies]:
            two_kickers(out, fts[f], m1 ^ (1 << f), m2 & ~(1 << f))

    def four_two_pairs(out: list[Play], m2: int, bodies: int) -> None:
        for f in ranks_in[bodies]:
            row = ftp[f]
            out += [row[i * NUM_RANKS + j] for i, j in combinations(ranks_in[m2 & ~(1 << f)], 2)]

    def airplane_singles(out: list[Play], hand: int, m1: int, m2: int,
                         bodies: tuple[Play, ...]) -> None:
        for body in bodies:
            n = body.length
            span = ((1 << n) - 1) << body.main
            if n == 2:
                two_kickers(out, as2[body.main], m1 & ~span, m2 & ~span)
                continue
            pool: list[int] = []
            for r in ranks_in[m1 & ~span]:
                pool += (UNIT[r],) * (1 if distinct else min(count_of(hand, r), 3))
            # each set of wings once, in the order of its first combination, which is the
            # order of the wings' ranks, lowest first (the compiled core lists them so)
            for wings in dict.fromkeys(sum(c) for c in combinations(pool, n)):
                play = as_.get(body.cards + wings)
                if play is not None and play.main == body.main:  # else from a stronger body
                    out.append(play)

    def airplane_pairs(out: list[Play], m2: int, bodies: tuple[Play, ...]) -> None:
        for body in bodies:
            span = ((1 << body.length) - 1) << body.main
            for ranks in combinations(ranks_in[m2 & ~span], body.length):
                wings = 0
                for r in ranks:
                    wings += pair_units[r]
                play = ap.get(body.cards + wings)
                if play is not None:  # None: both jokers' pairs as wings
                    out.append(play)

    def winged_airplanes(out: list[Play], hand: int, m1: int, m2: int, bodies: int) -> None:
        """Airplanes with single or pair wings on the triples of ``bodies`` (a mask)."""
        for n, table in airplane_bodies:
            found = table[bodies]
            if found:
                if n <= singles_wing_max:
                    airplane_singles(out, hand, m1, m2, found)
                if n <= pairs_wing_max:
                    airplane_pairs(out, m2, found)

    def sized(out: list[Play], hand: int, m4: int) -> None:
        for addend, table in sized_bombs:
            mask = dense[(hand + addend) & guard]
            if not mask:
                return
            out += table[mask]

    def fours(out: list[Play], hand: int, m4: int) -> None:
        out += bombs4[m4]

    all_bombs = fours if one_bomb_size else sized
    """Every bomb of a hand whose level-4 mask is ``m4`` (not empty)."""

    # ------------------------------------------------------------- leading

    def lead(hand: int) -> list[Play]:
        m1 = dense[(hand + g1) & guard]
        out = list(level1_leads[m1])
        m2 = dense[(hand + g2) & guard]
        if not m2:
            return out
        out += level2_leads[m2]
        m3 = dense[(hand + g3) & guard]
        if not m3:
            return out
        out += triples[m3]
        if has_triple_single:
            triple_singles(out, m1, m3)
        triple_pairs(out, m2, m3)
        bodies = m3 & chain_ranks
        if bodies & (bodies >> 1):  # two consecutive triples: airplanes
            out += airplanes[bodies]
            winged_airplanes(out, hand, m1, m2, bodies)
        m4 = dense[(hand + g4) & guard]
        if m4:
            all_bombs(out, hand, m4)
            if has_four_two:
                four_two_singles(out, m1, m2, m4)
                four_two_pairs(out, m2, m4)
        return out

    # ------------------------------------------------------------- following

    def follow_single(out, hand, top):
        out += singles[dense[(hand + g1) & guard] & above[top.main]]

    def follow_pair(out, hand, top):
        out += pairs[dense[(hand + g2) & guard] & above[top.main]]

    def follow_triple(out, hand, top):
        out += triples[dense[(hand + g3) & guard] & above[top.main]]

    def follow_triple_single(out, hand, top):
        bodies = dense[(hand + g3) & guard] & above[top.main]
        if bodies:
            triple_singles(out, dense[(hand + g1) & guard], bodies)

    def follow_triple_pair(out, hand, top):
        bodies = dense[(hand + g3) & guard] & above[top.main]
        if bodies:
            triple_pairs(out, dense[(hand + g2) & guard], bodies)

    def follow_chain(guard_addend: int, kind: Kind):
        tables = chains_of_length[kind]

        def follow(out, hand, top):
            out += tables[top.length][dense[(hand + guard_addend) & guard]
                                      & above[top.main] & chain_ranks]
        return follow

    def follow_airplane_singles(out, hand, top):
        m3 = dense[(hand + g3) & guard]
        found = bodies_of[top.length][m3 & above[top.main] & chain_ranks]
        if found:
            airplane_singles(out, hand, dense[(hand + g1) & guard],
                             dense[(hand + g2) & guard], found)

    def follow_airplane_pairs(out, hand, top):
        m3 = dense[(hand + g3) & guard]
        found = bodies_of[top.length][m3 & above[top.main] & chain_ranks]
        if found:
            airplane_pairs(out, dense[(hand + g2) & guard], found)

    def follow_four_two_singles(out, hand, top):
        m4 = dense[(hand + g4) & guard] & above[top.main]
        if m4:
            four_two_singles(out, dense[(hand + g1) & guard], dense[(hand + g2) & guard], m4)

    def follow_four_two_pairs(out, hand, top):
        m4 = dense[(hand + g4) & guard] & above[top.main]
        if m4:
            four_two_pairs(out, dense[(hand + g2) & guard], m4)

    def follow_bomb(out, hand, top):
        size = top.size
        out += bombs_of[size][dense[(hand + LEVEL_ADDENDS[size]) & guard] & above[top.main]]
        for n in range(size + 1, bomb_high + 1):
            mask = dense[(hand + LEVEL_ADDENDS[n]) & guard]
            if not mask:
                return
            out += bombs_of[n][mask]

    followers = {
        Kind.SINGLE: follow_single,
        Kind.PAIR: follow_pair,
        Kind.TRIPLE: follow_triple,
        Kind.TRIPLE_SINGLE: follow_triple_single,
        Kind.TRIPLE_PAIR: follow_triple_pair,
        Kind.STRAIGHT: follow_chain(g1, Kind.STRAIGHT),
        Kind.PAIR_CHAIN: follow_chain(g2, Kind.PAIR_CHAIN),
        Kind.AIRPLANE: follow_chain(g3, Kind.AIRPLANE),
        Kind.AIRPLANE_SINGLES: follow_airplane_singles,
        Kind.AIRPLANE_PAIRS: follow_airplane_pairs,
        Kind.FOUR_TWO_SINGLES: follow_four_two_singles,
        Kind.FOUR_TWO_PAIRS: follow_four_two_pairs,
    }
    bomb = Kind.BOMB
    rocket_kind = Kind.ROCKET

    def follow(hand: int, top: Play) -> list[Play]:
        out = [PASS]
        kind = top.kind
        if kind is rocket_kind:
            return out
        if kind is bomb:
            if one_bomb_size:
                out += bombs4[dense[(hand + g4) & guard] & above[top.main]]
            else:
                follow_bomb(out, hand, top)
        else:
            followers[kind](out, hand, top)
            m4 = dense[(hand + g4) & guard]
            if m4:
                all_bombs(out, hand, m4)
        if ((hand | guard) - rocket_cards) & joker_guards == joker_guards:
            out.append(rocket)
        return out

    # ------------------------------------------------------------- covering the lowest card

    single_of, pair_of, triple_of, bombs_by_rank = u.singles, u.pairs, u.triples, u.bombs

    def from_rank(table: list[tuple[Play, ...]]) -> list[list[tuple[Play, ...]]]:
        """``[rank][mask]``: the chains of a by-mask table that start at ``rank``."""
        return [[tuple(p for p in found if p.main == r) if found else () for found in table]
                for r in range(ACE + 1)]

    starting: list[list[list[tuple[Play, ...]]]] = []  # built on the first call

    def chains_at(low: int) -> tuple[list, list, list]:
        if not starting:  # filled in one step: other threads never see it half built
            starting[:] = [from_rank(t) for t in chains.values()]
        return starting[0][low], starting[1][low], starting[2][low]

    def covering(hand: int) -> list[Play]:
        m1 = dense[(hand + g1) & guard]
        low = (m1 & -m1).bit_length() - 1
        bit = 1 << low
        field = 15 << (4 * low)
        out = [single_of[low]]
        if low >= BLACK_JOKER:  # jokers only
            if ((hand | guard) - rocket_cards) & joker_guards == joker_guards:
                out.append(rocket)
            if pair_of[low] is not None and hand >> (4 * low) & 15 >= 2:
                out.append(pair_of[low])
            return out
        straights_at, pair_chains_at, airplanes_at = chains_at(min(low, ACE))
        if low <= ACE:
            out += straights_at[m1 & chain_ranks]
        m2 = dense[(hand + g2) & guard]
        if not m2:
            return out
        if m2 & bit and pair_of[low] is not None:
            out.append(pair_of[low])
            if low <= ACE:
                out += pair_chains_at[m2 & chain_ranks]
        m3 = dense[(hand + g3) & guard]
        if not m3:
            return out
        others = m3 & ~bit
        if m3 & bit:
            out.append(triple_of[low])
            if low <= ACE:
                out += airplanes_at[m3 & chain_ranks]
            if has_triple_single:
                triple_singles(out, m1, bit)
            triple_pairs(out, m2, bit)
        if has_triple_single:
            for t in ranks_in[others]:
                out.append(ts[t][low])
        if m2 & bit and pair_of[low] is not None:
            for t in ranks_in[others]:
                out.append(tp[t][low])
        bodies = m3 & chain_ranks
        if bodies & (bodies >> 1):
            winged: list[Play] = []
            winged_airplanes(winged, hand, m1, m2, bodies)
            out += [p for p in winged if p.cards & field]
        m4 = dense[(hand + g4) & guard]
        if m4:
            for size in range(bomb_low, bomb_high + 1):
                if dense[(hand + LEVEL_ADDENDS[size]) & guard] & bit:
                    out.append(bombs_by_rank[size][low])
            if has_four_two:
                kicked: list[Play] = []
                four_two_singles(kicked, m1, m2, m4)
                four_two_pairs(kicked, m2, m4)
                out += [p for p in kicked if p.cards & field]
        return out

    return lead, follow, covering


CLASSIC = generator_of(CLASSIC_COMBOS)
"""The classic generator (no distinct kickers)."""


def lead_plays(hand: int, distinct_kickers: bool = False) -> list[Play]:
    """Every play a hand may lead under the classic rules."""
    return generator_of(CLASSIC_COMBOS, distinct_kickers).lead(hand)


def follow_plays(hand: int, top: Play, distinct_kickers: bool = False) -> list[Play]:
    """Every play a hand may make on ``top`` under the classic rules, the pass first."""
    return generator_of(CLASSIC_COMBOS, distinct_kickers).follow(hand, top)


def legal_plays(hand: int, top: Play | None = None, distinct_kickers: bool = False) -> list[Play]:
    """The classic legal plays: leading every play, following the pass and every play that
    beats ``top``."""
    return generator_of(CLASSIC_COMBOS, distinct_kickers).legal(hand, top)
