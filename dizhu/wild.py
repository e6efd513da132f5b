"""Wild cards (docs/rules.md, Wild cards): how a set with wild cards reads, what beats what,
and the moves of a hand that holds some.

A card of a wild rank is a wild card; every other card, jokers included, is natural. In a
play with at least one natural card each wild card stands for any rank 3..2; a play of wild
cards alone is read as the cards themselves. So every reading of a play with a natural card
is a combination of the ruleset without wild cards (the *base*: ``classic``'s combinations)
that the natural cards, topped up by wild cards, make; the move generator finds them all at
once by asking the base generator for the plays of a *virtual hand*: the natural cards held
and, for each rank 3..2, as many more as there are wild cards held (at most four of a rank).
Each of those plays is then made of the natural cards held in every way that leaves the rest
to the wild cards, and every set of physical cards keeps its strongest reading of each kind;
of equally strong ones (they differ in what wild kickers or wings stand for), the one whose
wild cards stand for their own ranks where the rules allow, else the nearest (:func:`_nearer`).

Bombs come in classes: four of a rank with one to three wild cards is a ``soft_bomb``, four
natural cards a ``bomb``, four wild cards of one rank the ``wild_bomb``; a soft bomb < a bomb
< the wild bomb < the rocket, and within a class the higher rank wins.

:class:`WildMoves` answers what a ruleset's ``moves(wild)`` answers (``readings``, ``beats``,
``lead``, ``follow``, ``covering``, ``legal``, ``legal_ids``, ``ids``, ``play_of``) for one
deal's wild ranks. This module is the readable reference and the pure core's generator;
when the compiled core runs (:mod:`dizhu.core`), ``lead``, ``follow``, ``covering`` and
``ids`` are those of ``dizhu._ccore.WildGenerator`` (csrc/wild.c), which follows
:meth:`WildMoves._plays` step for step: the same plays in the same order, the same objects.
Its plays are not a fixed universe's: each is made once, when first met, and numbered in
that order (:class:`WildPlays`), so that a position can keep its top as an int; those
numbers hold for one object of moves, within one process. A ruleset's ``moves(wild)``
(:func:`wild_moves`) is made afresh once the moves kept have made :data:`MOST_PLAYS`
plays, so that a long-running process keeps a bounded number of them.
"""

from __future__ import annotations

import threading
from functools import cache, lru_cache
from itertools import count, product

from . import core
from .cards import (
    BLACK_JOKER,
    GUARDS,
    RANKS,
    RED_JOKER,
    TWO,
    UNIT,
    InvalidCardsError,
    count_of,
    format_ranks,
    parse_ranks,
    size,
)
from .combos import (
    BOMB_KINDS,
    NO_ID,
    PASS,
    CombinationRules,
    InvalidPlayError,
    Kind,
    Play,
    parse_play,
    readings,
)
from .movegen import generator_of
from .reasons import Reason

_FIELD = UNIT[1] - 1
_JOKERS = (_FIELD << 4 * BLACK_JOKER) | (_FIELD << 4 * RED_JOKER)

_MOST_KEPT = 1 << 16
"""The most card sets whose readings a :class:`WildMoves` keeps."""

BOMB_CLASS = {Kind.SOFT_BOMB: 1, Kind.BOMB: 2, Kind.WILD_BOMB: 3, Kind.ROCKET: 4}
"""The order of the bomb classes: soft < hard < wild < the rocket."""


def beats(play: Play, top: Play) -> bool:
    """Whether ``play`` may be played on ``top`` with wild cards (docs/rules.md, Wild cards):
    the same kind and size with a higher main rank; a bomb of any class beats everything
    but a bomb of a higher class, or of its class and a higher rank, and the rocket."""
    if play.kind is Kind.PASS or top.kind is Kind.ROCKET:
        return False
    mine = BOMB_CLASS.get(play.kind, 0)
    if mine:
        return (mine, play.main) > (BOMB_CLASS.get(top.kind, 0), top.main)
    return play.kind is top.kind and play.size == top.size and play.main > top.main \
        and top.kind not in BOMB_KINDS


class WildPlays:
    """The plays of one deal's wild ranks, each made once when first met and numbered in
    that order: ``plays[play.id] is play``; ``tops`` is ``plays`` and ``None`` last (the top
    id ``-1``: no top), as a universe's."""

    _lock = threading.Lock()
    """Numbering is one thread's at a time, over every WildPlays (some share a tally)."""

    def __init__(self) -> None:
        self.by_key: dict[tuple[Kind, int], Play] = {}
        self.tops: list[Play | None] = [None]
        self.tally: list[int] | None = None
        """Where the plays numbered are counted too, if anywhere: the count of the plays
        that the moves :func:`wild_moves` keeps have made."""

    @property
    def plays(self) -> list[Play]:
        return self.tops[:-1]

    def own(self, play: Play) -> Play:
        """The one object of ``play``'s kind and cards (``play`` itself the first time)."""
        key = (play.kind, play.cards)
        known = self.by_key.get(key)
        if known is not None:
            return known
        with self._lock:  # two threads meeting one play number it once
            known = self.by_key.get(key)
            if known is not None:
                return known
            play.id = len(self.tops) - 1
            self.tops.insert(play.id, play)
            self.by_key[key] = play
            if self.tally is not None:
                self.tally[0] += 1
        return play


class WildMoves:
    """Reading, comparing and generating moves for one deal's wild ranks (``wild``, one or
    two ranks of 3..2) over the combinations ``combos``, with or without distinct kickers."""

    beats = staticmethod(beats)

    def __init__(self, combos: CombinationRules, distinct_kickers: bool,
                 wild: tuple[int, ...], compiled: bool | None = None) -> None:
        """``compiled``: generate with the compiled core (``True``), in Python (``False``)
        or with the one that runs (``None``: :data:`dizhu.core.NAME`)."""
        if compiled is None:
            compiled = core.NAME == "compiled"
        self.combos = combos
        self.distinct = distinct_kickers
        self.wild = wild
        self.base = generator_of(combos, distinct_kickers, compiled)
        self.universe = WildPlays()
        self._wild_mask = sum(_FIELD << 4 * w for w in wild)
        self._readings: dict[int, list[Play]] = {}
        self.core = "compiled" if compiled else "python"
        self.compiled = _native(self) if compiled else None
        """The compiled core's generator of these wild ranks (``None`` with the pure core);
        its ``lead``, ``follow``, ``covering`` and ``ids`` are this object's."""
        self.native = None
        """What the compiled solver searches with: none yet for wild cards."""
        self.generation = next(_generations)
        """Which moves these are, of all made in this process: positions of other moves
        number their plays otherwise (:meth:`dizhu.position.Position.key`)."""
        if self.compiled is not None:
            self.lead, self.follow, self.covering, self.ids = \
                self.compiled.lead, self.compiled.follow, self.compiled.covering, \
                self.compiled.ids

    # ----------------------------------------------------------------- reading

    def readings(self, cards: int) -> list[Play]:
        """Every reading of ``cards``, one per kind, the strongest (``[]`` for none)."""
        found = self._readings.get(cards)
        if found is None:
            if not cards or not self.combos.fits(cards):
                found = []
            else:
                found = [p for p in self.lead(cards) if p.cards == cards]
            if len(self._readings) >= _MOST_KEPT:
                self._readings.clear()
            self._readings[cards] = found
        return list(found)

    def play_of(self, kind: Kind, cards: int) -> Play | None:
        """The play of ``kind`` and these physical cards (its strongest reading of that
        kind), ``None`` if the cards are no such combination."""
        play = self.universe.by_key.get((kind, cards))
        if play is not None:
            return play
        for play in self.readings(cards):
            if play.kind is kind:
                return play
        return None

    # ----------------------------------------------------------------- generating

    def lead(self, hand: int) -> list[Play]:
        """Every play ``hand`` may lead: one per kind and physical cards, its strongest
        reading."""
        return self._plays(hand, None)

    def bombs(self, hand: int) -> list[Play]:
        """The bombs (of every class) and the rocket among :meth:`lead`'s plays: in
        Python, read from the base's bombs alone, far fewer to make than every lead of a
        hand rich in wild cards; the compiled core makes (and keeps) the leads faster."""
        if self.compiled is not None:
            return [p for p in self.lead(hand) if p.kind in BOMB_CLASS]
        return [p for p in self._plays(hand, None, bombs=True) if p.kind in BOMB_CLASS]

    def _plays(self, hand: int, top: Play | None, bombs: bool = False) -> list[Play]:
        """Leading (``top`` is ``None``), every play of ``hand``; following a play that is
        no bomb, the plays read from the base's plays that beat its combination (and a few
        that do not: the caller filters), which are far fewer; with ``bombs``, those read
        from the base's bombs (the caller keeps the bombs)."""
        base_top = None if top is None or top.kind in BOMB_CLASS else \
            self.base.play_of(top.kind, top.stands_for)
        best: dict[tuple[Kind, int], Play] = {}
        wild_mask = self._wild_mask
        natural = hand & ~wild_mask
        held = [count_of(hand, w) for w in self.wild]
        spare = sum(held)
        wild_sets = _wild_sets(self.wild, tuple(held))
        for cards in (c for group in wild_sets[1:] for c in group):  # alone: as they are
            for play in readings(cards, self.distinct, self.combos):
                kind = Kind.WILD_BOMB if play.kind is Kind.BOMB else play.kind
                _keep(best, Play(kind, cards, play.main, play.length, play.distinct_ok))
        if natural:
            virtual = natural
            if spare:
                for r in range(TWO + 1):
                    virtual += min(spare, 4 - count_of(natural, r)) * UNIT[r]
            if bombs:
                found = self.base.bombs(virtual)
            elif base_top is None:
                found = self.base.lead(virtual)
            else:
                found = self.base.follow(virtual, base_top)[1:]  # the pass first
            for combination in found:
                self._made_of(best, combination, natural, wild_sets)
        own = self.universe.own
        return [own(p) for p in best.values()]

    def _made_of(self, best: dict[tuple[Kind, int], Play], combination: Play, natural: int,
                 wild_sets: list[list[int]]) -> None:
        """Every way to make ``combination`` of at least one natural card of ``natural``
        and wild cards (``wild_sets[n]``: the sets of ``n`` wild cards held), each kept in
        ``best``."""
        cards = combination.cards
        spare = len(wild_sets) - 1
        over = (cards | GUARDS) - natural  # a field is 8 + wanted - held (at most 4 each)
        short = over & (((over & GUARDS) >> 3) * 7)  # by rank, the cards natural lacks
        needed = size(short)
        if needed > spare or short & _JOKERS:  # a joker is natural: never stood for
            return
        total = size(cards)
        kind = combination.kind
        main = combination.main
        distinct_ok = combination.distinct_ok
        for extra, more in _within(cards - short - (cards & _JOKERS), spare - needed):
            wilds = needed + more
            if wilds == total:
                continue  # wild cards alone read as they are
            naturals = cards - short - extra  # what the wild cards do not stand for
            stood = short + extra
            kind_now = Kind.SOFT_BOMB if kind is Kind.BOMB and wilds else kind
            for wild_cards in wild_sets[wilds]:
                key = (kind_now, naturals + wild_cards)
                known = best.get(key)
                if known is None or main > known.main:
                    best[key] = Play(kind_now, key[1], main, combination.length,
                                     distinct_ok, stands_for=cards)
                elif main == known.main and cards != known.stands_for:
                    either = distinct_ok or known.distinct_ok
                    if _nearer(stood, known.stands_for - naturals, wild_cards):
                        best[key] = known = Play(kind_now, key[1], main, combination.length,
                                                 either, stands_for=cards)
                    known.distinct_ok = either

    def follow(self, hand: int, top: Play) -> list[Play]:
        """The pass and every play of ``hand`` that beats ``top``."""
        if top.kind is Kind.ROCKET:
            return [PASS]
        return [PASS, *(p for p in self._plays(hand, top) if beats(p, top))]

    def covering(self, hand: int) -> list[Play]:
        """The leads of ``hand`` that hold its lowest card."""
        low = (hand & -hand).bit_length() - 1
        field = _FIELD << (low - low % 4)
        return [p for p in self.lead(hand) if p.cards & field]

    def legal(self, hand: int, top: Play | None = None) -> list[Play]:
        """Leading (``top`` is ``None``): every play. Following: the pass and every play
        that beats ``top``."""
        return self.lead(hand) if top is None else self.follow(hand, top)

    def ids(self, hand: int, top_id: int, base: int = 0) -> list[int]:
        """The ids of :meth:`lead` (``top_id < 0``) or :meth:`follow` of the play ``top_id``
        (the pass is ``NO_ID``), each plus ``base``."""
        plays = self.lead(hand) if top_id < 0 else \
            self.follow(hand, self.universe.tops[top_id])
        return [p.id + base if p.id >= 0 else NO_ID for p in plays]

    def legal_ids(self, hand: int, top: Play | None = None) -> list[int]:
        """The ids of :meth:`legal`'s plays (the pass is ``NO_ID``)."""
        return [p.id for p in self.legal(hand, top)]

    def action_key(self, play: Play) -> tuple[int, int, int]:
        """What names ``play`` whatever the deal's wild ranks (docs/rulesets.md, Actions and
        their ids): the id of the combination it is read as in the base universe (a
        ``soft_bomb`` of rank r is ``len(plays) + r``, a ``wild_bomb`` ``len(plays) + 13 +
        r``), the ranks its wild cards stand for (rank counts: 0 for a play without wild
        cards) and how many of them are of the first wild rank (``tiandi``'s sky)."""
        first = count_of(play.cards, self.wild[0])
        stood = play.stands_for - (play.cards - (play.cards & self._wild_mask))
        base = len(self.base.universe.plays)
        if play.kind is Kind.SOFT_BOMB:
            return base + play.main, stood, first
        if play.kind is Kind.WILD_BOMB:
            return base + TWO + 1 + play.main, stood, first
        combination = self.base.play_of(play.kind, play.stands_for)
        return (NO_ID if combination is None else combination.id), stood, first

    def __repr__(self) -> str:
        distinct = ", distinct kickers" if self.distinct else ""
        return f"<WildMoves {self.combos.name} wild {self.wild}{distinct}>"


def _keep(best: dict[tuple[Kind, int], Play], play: Play) -> None:
    """Keep ``play`` if it is the strongest reading of its kind and cards seen so far."""
    key = (play.kind, play.cards)
    known = best.get(key)
    if known is None or play.main > known.main:
        best[key] = play


def _nearer(stood: int, than: int, wilds: int) -> bool:
    """Whether the wild cards ``wilds`` (rank counts) read more as a person expects standing
    for the ranks ``stood`` than for ``than`` (as many), in a reading of the same kind and
    main rank, where they differ in the kickers or wings only: more of them stand for their
    own rank; else the ranks they stand for are nearer their own (the least total distance,
    each list in rank order paired with the other); else the lower ranks (``stood < than``
    as rank counts: the highest rank where they differ is lower)."""
    mine, theirs = _closeness(stood, wilds), _closeness(than, wilds)
    return mine > theirs or (mine == theirs and stood < than)


@lru_cache(maxsize=1 << 16)
def _closeness(stood: int, wilds: int) -> tuple[int, int]:
    """How many wild cards of ``wilds`` stand for their own rank in ``stood``, and minus
    the total distance between the ranks they stand for and their own, paired in order."""
    own = sum(min(count_of(stood, r), count_of(wilds, r)) for r in range(TWO + 1))
    distance = sum(abs(a - b) for a, b in zip(_ranks(stood), _ranks(wilds), strict=True))
    return own, -distance


def _ranks(cards: int) -> list[int]:
    """The ranks 3..2 of ``cards``, each as many times as it is held, lowest first."""
    return [r for r in range(TWO + 1) for _ in range(count_of(cards, r))]


@cache
def _wild_sets(wild: tuple[int, ...], held: tuple[int, ...]) -> list[list[int]]:
    """``[n]``: the sets of ``n`` wild cards that the counts ``held`` of each wild rank
    allow, for ``n`` from 0 to all of them."""
    found: list[list[int]] = [[] for _ in range(sum(held) + 1)]
    for taken in product(*(range(n + 1) for n in held)):
        found[sum(taken)].append(sum(k * UNIT[w] for k, w in zip(taken, wild, strict=True)))
    return found


@lru_cache(maxsize=1 << 16)
def _within(room: int, most: int) -> tuple[tuple[int, int], ...]:
    """Every part of the rank counts ``room`` of at most ``most`` cards and its number of
    cards, the empty part first."""
    if not room or not most:
        return ((0, 0),)
    low = (room & -room).bit_length() - 1
    field = low - low % 4
    unit = 1 << field
    here = (room >> field) & _FIELD
    rest = room - here * unit
    return tuple((k * unit + part, k + n) for k in range(min(here, most) + 1)
                 for part, n in _within(rest, most - k))


def wild_with_joker(cards: int, wild: tuple[int, ...]) -> bool:
    """Whether ``cards`` hold a joker beside a card of the ``wild`` ranks: what a person
    may mean for the wild card to stand for a joker, which it never does."""
    return bool(count_of(cards, BLACK_JOKER) + count_of(cards, RED_JOKER)) and \
        any(count_of(cards, w) for w in wild)


def parse_wild_play(text: str, moves: WildMoves) -> Play:
    """A play from ``"KIND CARDS"`` (physical cards) or ``"pass"``, read with the wild
    ranks of ``moves``; raises :class:`InvalidPlayError`."""
    words = text.strip().split(None, 1)
    if len(words) == 2:
        kind = Kind.from_label(words[0])
        try:
            cards = parse_ranks(words[1], moves.combos.deck)
        except InvalidCardsError as e:
            raise InvalidPlayError(*e.args) from None
        play = moves.play_of(kind, cards)
        if play is not None:
            return play
        if wild_with_joker(cards, moves.wild):
            raise InvalidPlayError(Reason(
                "wild_not_joker", f"{format_ranks(cards)} is not a legal {kind.label} with the "
                f"wild ranks {''.join(RANKS[r] for r in moves.wild)}: a wild card stands for "
                "any rank 3 to 2, never a joker", cards=format_ranks(cards), kind=kind.label))
        found = moves.readings(cards)
        also = f" (it reads as {', '.join(p.kind.label for p in found)})" if found else ""
        raise InvalidPlayError(Reason(
            "not_a_legal_kind", f"{format_ranks(cards)} is not a legal {kind.label} with the "
            f"wild ranks {''.join(RANKS[r] for r in moves.wild)}{also}",
            cards=format_ranks(cards), kind=kind.label))
    return parse_play(text, combos=moves.combos)  # the pass, or what is wrong with the text


MOST_PLAYS = 1 << 18
"""The most plays that the moves kept for the deals to come may hold between them, over
every wild rank (about 400 bytes each with the compiled core: some 100 MiB): past it
:func:`wild_moves` lets them all go and makes each anew on its next use. A process may
set it: a higher bound keeps more memory and makes plays again less often (docs/
benchmarks.md, Wild plays kept over a long run)."""


class _Kept:
    """The moves :func:`wild_moves` hands out, by their key, and the count of the plays
    they have made (their universes' tally)."""

    def __init__(self) -> None:
        self.afresh()

    def afresh(self) -> None:
        self.moves: dict[tuple[CombinationRules, bool, tuple[int, ...], bool], WildMoves] = {}
        self.tally = [0]


_KEPT = _Kept()
_generations = count(1)


def wild_moves(combos: CombinationRules, distinct_kickers: bool, wild: tuple[int, ...],
               compiled: bool | None = None) -> WildMoves:
    """The moves of ``wild`` ranks over ``combos`` (``compiled`` as for
    :class:`WildMoves`): the same object on every call, made on first use, until the moves
    kept have made :data:`MOST_PLAYS` plays; then every wild rank's moves are made afresh,
    so that a process playing wild deals for weeks keeps a bounded number of plays. What
    holds the moves it was given (a position, so a deal) keeps using them: its plays and
    their ids stay as they were; a play of other moves is looked up by kind and cards."""
    if compiled is None:
        compiled = core.NAME == "compiled"
    key = (combos, bool(distinct_kickers), tuple(wild), bool(compiled))
    kept = _KEPT
    moves = kept.moves.get(key)
    if moves is not None and kept.tally[0] <= MOST_PLAYS:
        return moves
    with WildPlays._lock:
        if kept.tally[0] > MOST_PLAYS:
            kept.afresh()
        moves = kept.moves.get(key)
        tally = kept.tally
    if moves is None:  # made outside the lock (numbering waits on it), the first kept
        made = WildMoves(*key)
        made.universe.tally = tally
        moves = kept.moves.setdefault(key, made)
    return moves


def _native(moves: WildMoves):
    """The compiled core's generator of ``moves``'s wild ranks over its base generator:
    the readings of wild cards alone (at most four of each wild rank) are read here, by
    classic's definition, and handed over as a table."""
    if core.COMPILED is None:
        raise RuntimeError(core.MISSING)
    wild = moves.wild
    alone = []
    for a, b in product(range(5), range(5 if len(wild) > 1 else 1)):
        cards = a * UNIT[wild[0]] + (b * UNIT[wild[1]] if b else 0)
        for play in readings(cards, moves.distinct, moves.combos) if cards else ():
            kind = Kind.WILD_BOMB if play.kind is Kind.BOMB else play.kind
            alone.append((a, b, int(kind), play.main, play.length, play.distinct_ok))
    base = moves.base
    distinct_ok = bytes(p.distinct_ok for p in base.universe.all_plays())
    return core.COMPILED.WildGenerator(base.native, wild, distinct_ok, alone, moves.universe,
                                       Play, tuple(Kind), PASS)
