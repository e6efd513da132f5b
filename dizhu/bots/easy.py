"""``easy``: sensible but plain. It leads the longest play that holds its lowest card,
follows with the lowest play of the trick's kind, rarely bombs, never overtakes its
partner, and bids only strong hands. With wild cards it spends as few of them as it can:
among the leads and follows it would choose from, those with the fewest wild cards."""

from __future__ import annotations

from ..auction import NO_DOUBLE, Bid, Double
from ..cards import count_of, size
from ..combos import BOMBS, PASS, Kind, Play
from ..rules import RuleSet
from ..view import SeatView
from ..wild import BOMB_CLASS
from .base import Bot
from .bidding import bid_for, view_strength
from .handeval import HandEvaluator, evaluator_for, wild_mask
from .situation import Situation

BOMB_CHANCE = 0.25
"""How often it drops a bomb or the rocket when an opponent is about to go out."""


class EasyBot(Bot):
    name = "easy"
    bid_thresholds = (6.5, 6.5, 8.0)
    memo_limit = 100_000
    """Hands the evaluator remembers before it starts afresh (memory, not decisions)."""

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__(seed)
        self.evaluators: dict[tuple[RuleSet, tuple[int, ...]], HandEvaluator] = {}

    def evaluator(self, rules: RuleSet, wild: tuple[int, ...]) -> HandEvaluator:
        ev = self.evaluators.get((rules, wild))
        if ev is None or len(ev) > self.memo_limit:
            if len(self.evaluators) > 40:
                self.evaluators.clear()
            classic = self.evaluators.setdefault((rules, ()), HandEvaluator(rules))
            ev = self.evaluators[rules, wild] = evaluator_for(rules, wild, classic)
        return ev

    def bid(self, view: SeatView) -> Bid:
        strength = view_strength(view, lambda wild: self.evaluator(view.rules, wild))
        return bid_for(view, strength, self.bid_thresholds)

    def double(self, view: SeatView) -> Double:
        return NO_DOUBLE

    def play(self, view: SeatView) -> Play:
        legal = view.legal
        s = Situation.of(view)
        mask = wild_mask(view.wild)

        def wilds(p: Play) -> int:
            return size(p.cards & mask)

        if s.top is None:
            low = next(r for r in range(15) if count_of(s.hand, r))
            holding = [p for p in legal if count_of(p.cards, low) and p.kind not in BOMBS
                       and p.kind not in (Kind.FOUR_TWO_SINGLES, Kind.FOUR_TWO_PAIRS)]
            return max(holding or legal, key=lambda p: (-wilds(p), p.size, -p.main))
        if s.partner_on_top:
            return PASS
        same = [p for p in legal if p.kind is s.top.kind]
        if same:
            return min(same, key=lambda p: (wilds(p), p.main))
        bombs = [p for p in legal if p.kind in BOMBS]
        if bombs and s.left[s.top_seat] <= 2 and self.rng.random() < BOMB_CHANCE:
            return min(bombs, key=lambda p: (BOMB_CLASS[p.kind], p.main))
        return PASS
