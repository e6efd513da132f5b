"""Hand evaluation: how many plays a hand needs to go out, and the best way to split it.

A hand's *cost* is the minimum, over every way of splitting it into legal plays (kickers
and wings included), of the number of plays, each play counting a little more when it is
low (so that among splits with equally many plays the one that keeps high cards together
and spends low cards as kickers wins). Bombs stay whole: four-with-two is not used here.

The search covers the lowest card first (every split has exactly one play holding it), and
remembers every sub-hand it solved, so evaluating the hands left after each candidate play
costs little once the whole hand is known.
"""

from __future__ import annotations

from ..cards import ACE, TWO
from ..combos import Kind, Play
from ..rules import CLASSIC, RuleSet

_LOWNESS = 0.02
"""Extra cost of the lowest play (a 3): small enough that 20 plays add less than one."""

_SKIPPED = (Kind.FOUR_TWO_SINGLES, Kind.FOUR_TWO_PAIRS)


_COST_BY_MAIN = tuple(1.0 + _LOWNESS * max(0, ACE - main) / ACE for main in range(15))


def play_cost(play: Play) -> float:
    """One play, plus a little for a low one."""
    return _COST_BY_MAIN[play.main]


def is_control(play: Play) -> bool:
    """Plays that win the lead back: bombs, the rocket, and 2s or jokers."""
    return play.kind is Kind.BOMB or play.kind is Kind.ROCKET or play.main >= TWO


class HandEvaluator:
    """Minimum-cost splits of hands under one ruleset, remembered across calls (one
    evaluator per bot and ruleset)."""

    __slots__ = ("_covering", "_memo", "rules")

    def __init__(self, rules: RuleSet = CLASSIC) -> None:
        self.rules = rules
        self._covering = rules.moves().covering
        self._memo: dict[int, tuple[float, Play | None]] = {0: (0.0, None)}

    def clear(self) -> None:
        self._memo = {0: (0.0, None)}

    def __len__(self) -> int:
        """Number of hands remembered."""
        return len(self._memo)

    def cost(self, hand: int) -> float:
        """The cost of the best split of ``hand`` (0 for an empty hand)."""
        found = self._memo.get(hand)
        if found is None:
            found = self._solve(hand)
        return found[0]

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
        while hand:
            self.cost(hand)
            play = self._memo[hand][1]
            out.append(play)
            hand -= play.cards
        return out

    def _solve(self, hand: int) -> tuple[float, Play | None]:
        best, best_play = float("inf"), None
        memo = self._memo
        costs = _COST_BY_MAIN
        for play in self._covering(hand):
            if play.kind in _SKIPPED:
                continue
            rest = hand - play.cards
            sub = memo.get(rest)
            if sub is None:
                sub = self._solve(rest)
            total = sub[0] + costs[play.main]
            if total < best:
                best, best_play = total, play
        memo[hand] = (best, best_play)
        return best, best_play
