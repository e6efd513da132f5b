"""Hand evaluation: how many plays a hand needs to go out, and the best way to split it.

A hand's *cost* is the minimum, over every way of splitting it into legal plays (kickers
and wings included), of the number of plays, each play counting a little more when it is
low (so that among splits with equally many plays the one that keeps high cards together
and spends low cards as kickers wins). Bombs stay whole: four-with-two is not used here.

The search covers the lowest card first (every split has exactly one play holding it), and
remembers every sub-hand it solved, so evaluating the hands left after each candidate play
costs little once the whole hand is known. What it remembers is held as plain numbers (a
cost, a play's index in the ruleset's universe, the ranks wild cards stand for), which the
garbage collector does not scan: a bot's memory of hundreds of thousands of hands would
otherwise make each full collection pause the game for a large part of a second. Where the
compiled core runs, the same search runs in C (``csrc/handcost.c``: the same plays in the
same order, the same sums, so the very same costs and splits), its memory outside Python's
heap; the code below is the reference, and what runs with ``DIZHU_PURE``.

With wild cards (:class:`WildEvaluator`, for a deal's wild ranks) a hand's cost is the
least, over the ranks its wild cards could stand for, of the cost of the natural cards and
those ranks (its *virtual hand*, at most four of a rank): so a wild card goes where it
lowers the cost most, completing a straight, a bomb, a pair or trio, or a kicker, and is
kept rather than spent as a single. Every way is tried for up to ``EXHAUSTIVE`` wild cards,
each further one is added where it helps most. The split of the best virtual hand is made
of the engine's plays (``rules.moves(wild)`` reads each piece's physical cards), so no rule
of what reads as what is repeated here; the virtual hands are costed with the classic
generator, which runs compiled, where the moves of wild cards run in Python.
"""

from __future__ import annotations

from array import array
from functools import cache
from itertools import combinations, combinations_with_replacement

from .. import core
from ..cards import ACE, TWO, UNIT, count_of
from ..combos import BOMBS, Kind, Play
from ..movegen import MoveGenerator
from ..rules import CLASSIC, RuleSet
from ..universe import universe_of

_LOWNESS = 0.02
"""Extra cost of the lowest play (a 3): small enough that 20 plays add less than one."""

_SKIPPED = (Kind.FOUR_TWO_SINGLES, Kind.FOUR_TWO_PAIRS)


COST_BY_MAIN = tuple(1.0 + _LOWNESS * max(0, ACE - main) / ACE for main in range(15))
"""A play's cost in a split, by its main rank."""


_FIELD = UNIT[1] - 1

EXHAUSTIVE = 2
"""Wild cards whose ranks stood for are tried in every way; each further one is added
where it lowers the cost most."""
KEPT = 6
"""Best ways of a hand's wild cards remembered, to cost what is left after a play."""


def wild_mask(wild: tuple[int, ...]) -> int:
    """The rank-count fields of the ranks ``wild`` (``hand & mask``: its wild cards)."""
    return sum(_FIELD << 4 * w for w in wild)


def play_cost(play: Play) -> float:
    """One play, plus a little for a low one."""
    return COST_BY_MAIN[play.main]


def is_bomb(play: Play) -> bool:
    """A bomb of any class, or the rocket."""
    return play.kind in BOMBS


def is_control(play: Play) -> bool:
    """Plays that win the lead back: bombs of every class, the rocket, and 2s or jokers."""
    return play.kind in BOMBS or play.main >= TWO


class HandEvaluator:
    """Minimum-cost splits of hands under one ruleset, remembered across calls (one
    evaluator per bot and ruleset)."""

    __slots__ = ("_best", "_covering", "_memo", "_native", "_plays", "moves", "rules",
                 "wild_alone")
    wild: tuple[int, ...] = ()
    mask = 0
    splits_in_c = True
    """Whether the compiled search splits its hands where the compiled core runs (an
    evaluator with a search of its own says no)."""

    def __init__(self, rules: RuleSet = CLASSIC) -> None:
        self.rules = rules
        self.moves = rules.moves()
        self._covering = self.moves.covering
        self._plays = universe_of(rules.combos).all_plays()
        self._memo: dict[int, float] = {0: 0.0}
        """Each hand's cost (numbers only: see the module's docstring)."""
        self._best: dict[int, int] = {}
        """The universe index of the first play of each nonempty hand's best split."""
        self._native = _compiled(self.moves) if self.splits_in_c else None
        """The compiled search (``None`` in the pure core): it remembers in its place."""
        self.wild_alone: dict[int, WildEvaluator] = {}
        """The evaluators of one wild rank that the wild evaluators costing their virtual
        hands with this one share (:class:`WildEvaluator`)."""

    @property
    def compiled(self) -> object | None:
        """The compiled search that costs and splits this evaluator's hands (``None`` in
        the pure core, and with wild cards)."""
        return self._native

    def wild_in(self, cards: int) -> int:
        """How many wild cards ``cards`` (rank counts) hold."""
        return 0

    def soft_bombs(self, hand: int) -> int:
        """Soft bombs in the best split (none without wild cards)."""
        return 0

    def clear(self) -> None:
        self._memo = {0: 0.0}
        self._best = {}
        self.wild_alone = {}
        if self._native is not None:
            self._native.clear()

    def __len__(self) -> int:
        """Number of hands remembered."""
        return len(self._native) if self._native is not None else len(self._memo)

    def cost(self, hand: int) -> float:
        """The cost of the best split of ``hand`` (0 for an empty hand)."""
        if self._native is not None:
            return self._native.cost(hand)
        found = self._memo.get(hand)
        if found is None:
            found = self._solve(hand)
        return found

    def extra_cost(self, hand: int, play: Play, base: float | None = None) -> float:
        """What playing ``play`` from ``hand`` adds to the cost of its best split (0 for a
        piece of that split); ``base`` is ``cost(hand)`` when the caller has it."""
        if base is None:
            base = self.cost(hand)
        return self.cost(hand - play.cards) + play_cost(play) - base

    def plays_needed(self, hand: int) -> int:
        """Number of plays in the best split."""
        return len(self.split(hand))

    def split(self, hand: int) -> list[Play]:
        """The best split of ``hand`` into plays, the play holding the lowest card first."""
        out = []
        native = self._native
        while hand:
            if native is not None:
                play = self._plays[native.first(hand)]
            else:
                self.cost(hand)
                play = self._plays[self._best[hand]]
            out.append(play)
            hand -= play.cards
        return out

    def _solve(self, hand: int) -> float:
        best, best_play = float("inf"), -1
        memo = self._memo
        costs = COST_BY_MAIN
        for play in self._covering(hand):
            if play.kind in _SKIPPED:
                continue
            rest = hand - play.cards
            sub = memo.get(rest)
            if sub is None:
                sub = self._solve(rest)
            total = sub + costs[play.main]
            if total < best:
                best, best_play = total, play.id
        memo[hand] = best
        self._best[hand] = best_play
        return best


def _compiled(moves: MoveGenerator):
    """The compiled search of splits into a generator's plays, or ``None`` where the
    compiled core does not run."""
    if moves.native is None:
        return None
    return core.COMPILED.HandCost(moves.native, _split_costs(moves))


@cache
def _split_costs(moves: MoveGenerator) -> bytes:
    """Each play's cost in a split, by id (-1: never in one), as the compiled search reads
    them."""
    return array("d", (-1.0 if p.kind in _SKIPPED else COST_BY_MAIN[p.main]
                       for p in moves.universe.all_plays())).tobytes()


Way = tuple[int, ...]
"""The ranks a hand's wild cards stand for, lowest first."""
Ways = tuple[tuple[float, Way], ...]
"""A hand's best ways with their costs, cheapest first (a tuple of numbers, which the
garbage collector stops scanning)."""


class WildEvaluator(HandEvaluator):
    """:class:`HandEvaluator` for a deal's wild ranks ``wild``: a hand's cost is the best
    of its virtual hands' (the module's docstring)."""

    __slots__ = ("_alone", "_ways", "classic", "mask", "wild")
    splits_in_c = False  # its own search: its virtual hands are costed by ``classic``

    def __init__(self, rules: RuleSet, wild: tuple[int, ...],
                 classic: HandEvaluator | None = None) -> None:
        super().__init__(rules)
        self.wild = tuple(wild)
        self.moves = rules.moves(self.wild)
        self.mask = wild_mask(self.wild)
        self.classic = classic if classic is not None and not classic.wild else \
            HandEvaluator(rules)
        """What costs the virtual hands (it may be shared by several wild evaluators)."""
        self._alone = [self._one(w) for w in self.wild] if len(self.wild) > 1 else []
        """With two wild ranks, an evaluator of each alone: their ways are tried too, so
        that a second wild rank never makes a hand weaker."""
        self._ways: dict[int, Ways] = {}

    def _one(self, rank: int) -> WildEvaluator:
        """The evaluator of the wild rank ``rank`` alone, shared through ``classic``."""
        one = self.classic.wild_alone.get(rank)
        if one is None:
            one = self.classic.wild_alone[rank] = WildEvaluator(self.rules, (rank,),
                                                                self.classic)
        return one

    def clear(self) -> None:
        super().clear()
        self.classic.clear()
        self._ways = {}

    def __len__(self) -> int:
        return len(self.classic) + len(self._ways)

    def wild_in(self, cards: int) -> int:
        return sum(cards >> 4 * w & _FIELD for w in self.wild)

    def cost(self, hand: int) -> float:
        return self.ways(hand)[0][0]

    def ways(self, hand: int) -> Ways:
        """The best ways (up to ``KEPT``) of ``hand``'s wild cards, with their costs,
        cheapest first."""
        found = self._ways.get(hand)
        if found is None:
            found = self._search(hand)
            self._ways[hand] = found
        return found

    def _virtual(self, natural: int, way: Way) -> int | None:
        virtual = natural + sum(UNIT[r] for r in way)
        if any(count_of(virtual, r) > 4 for r in set(way)):
            return None
        return virtual

    def _search(self, hand: int) -> Ways:
        natural, wilds = hand & ~self.mask, self.wild_in(hand)
        classic = self.classic.cost
        own = tuple(sorted(w for w in self.wild
                           for _ in range(count_of(hand, w))))
        scored: list[tuple[float, Way]] = []
        first = min(wilds, EXHAUSTIVE)
        for way in combinations_with_replacement(range(TWO + 1), first):
            virtual = self._virtual(natural, way)
            if virtual is not None:
                scored.append((classic(virtual), way))
        scored.sort()
        for _ in range(wilds - first):  # each further wild card where it helps most
            way = scored[0][1]
            grown = []
            for r in range(TWO + 1):
                longer = tuple(sorted((*way, r)))
                virtual = self._virtual(natural, longer)
                if virtual is not None:
                    grown.append((classic(virtual), longer))
            scored = sorted(grown)
        tried = {way for _, way in scored}
        if own not in tried:  # the cards as they are: never worse
            scored.append((classic(natural + (hand & self.mask)), own))
        for alone in self._alone:  # one wild rank's way, the other's cards as they are
            cost, way = alone.ways(hand)[0]
            others = [w for w in self.wild if w not in alone.wild
                      for _ in range(count_of(hand, w))]
            way = tuple(sorted((*way, *others)))
            if way not in tried:
                scored.append((cost, way))
        scored.sort()
        return tuple(scored[:KEPT])

    def extra_cost(self, hand: int, play: Play, base: float | None = None) -> float:
        """As :meth:`HandEvaluator.extra_cost`; what is left after ``play`` is costed with
        the best ways of ``hand``'s wild cards (less those the play takes), which is quick
        and what a play that fits the hand's best split leaves."""
        if base is None:
            base = self.cost(hand)
        rest = hand - play.cards
        known = self._ways.get(rest)
        if known is not None:
            return known[0][0] + play_cost(play) - base
        natural = rest & ~self.mask
        keep = self.wild_in(rest)
        best = float("inf")
        classic = self.classic.cost
        for _, way in self.ways(hand):
            for part in set(combinations(way, keep)):
                virtual = self._virtual(natural, part)
                if virtual is not None:
                    best = min(best, classic(virtual))
        if best == float("inf"):
            best = self.cost(rest)
        return best + play_cost(play) - base

    def pieces(self, hand: int) -> list[tuple[Play, int]]:
        """The pieces of the best virtual hand's split, each with the physical cards it
        takes from ``hand`` (a wild card stands for its own rank first)."""
        way = self.ways(hand)[0][1]
        natural = hand & ~self.mask
        virtual = self._virtual(natural, way)
        stand_in = [w for w in self.wild for _ in range(count_of(hand, w))]
        out = []
        for piece in self.classic.split(virtual):
            cards = 0
            for r in range(len(UNIT)):
                n = count_of(piece.cards, r)
                if not n:
                    continue
                own = min(n, count_of(natural, r))
                natural -= own * UNIT[r]
                cards += own * UNIT[r]
                for _ in range(n - own):
                    w = r if r in stand_in else stand_in[-1]
                    stand_in.remove(w)
                    cards += UNIT[w]
            out.append((piece, cards))
        return out

    def soft_bombs(self, hand: int) -> int:
        """Soft bombs in the best split: fours of natural and wild cards."""
        mask = self.mask
        return sum(piece.kind is Kind.BOMB and bool(cards & mask) and bool(cards & ~mask)
                   for piece, cards in self.pieces(hand))

    def split(self, hand: int) -> list[Play]:
        """The best split of ``hand``: its best virtual hand's, each piece the engine's
        play of the physical cards it takes (a piece the engine does not read as that kind
        is read as its strongest kind; one it does not read at all is left out)."""
        out = []
        for piece, cards in self.pieces(hand):
            kind = Kind.SOFT_BOMB if piece.kind is Kind.BOMB and cards & self.mask else \
                piece.kind
            play = self.moves.play_of(kind, cards)
            if play is None and kind is Kind.SOFT_BOMB:
                play = self.moves.play_of(Kind.WILD_BOMB, cards)
            if play is None:
                readings = self.moves.readings(cards)
                play = max(readings, key=lambda p: p.main) if readings else None
            if play is not None:
                out.append(play)
        return out

    def plays_needed(self, hand: int) -> int:
        way = self.ways(hand)[0][1]
        return self.classic.plays_needed(self._virtual(hand & ~self.mask, way))


def evaluator_for(rules: RuleSet, wild: tuple[int, ...] = (),
                  classic: HandEvaluator | None = None) -> HandEvaluator:
    """A hand evaluator for ``rules`` and a deal's wild ranks drawn so far (``classic``:
    an evaluator without wild cards of ``rules`` to share)."""
    return WildEvaluator(rules, wild, classic) if wild else HandEvaluator(rules)
