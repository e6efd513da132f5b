"""``easy``: sensible but plain. It leads the longest play that holds its lowest card,
follows with the lowest play of the trick's kind, rarely bombs, never overtakes its
partner, and bids only strong hands."""

from __future__ import annotations

from ..auction import NO_DOUBLE, Bid, Double
from ..cards import count_of
from ..combos import PASS, Kind, Play
from ..view import SeatView
from .base import Bot
from .bidding import bid_for, hand_strength
from .handeval import HandEvaluator
from .situation import Situation

BOMB_CHANCE = 0.25
"""How often it drops a bomb or the rocket when an opponent is about to go out."""

_BOMBS = (Kind.BOMB, Kind.ROCKET)


class EasyBot(Bot):
    name = "easy"
    bid_thresholds = (6.5, 6.5, 8.0)
    memo_limit = 100_000
    """Hands the evaluator remembers before it starts afresh (memory, not decisions)."""

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__(seed)
        self.evaluator = HandEvaluator()

    def bid(self, view: SeatView) -> Bid:
        if len(self.evaluator) > self.memo_limit or self.evaluator.rules != view.rules:
            self.evaluator = HandEvaluator(view.rules)
        return bid_for(view, hand_strength(view.hand_ranks, self.evaluator),
                       self.bid_thresholds)

    def double(self, view: SeatView) -> Double:
        return NO_DOUBLE

    def play(self, view: SeatView) -> Play:
        legal = view.legal
        s = Situation.of(view)
        if s.top is None:
            low = next(r for r in range(15) if count_of(s.hand, r))
            holding = [p for p in legal if count_of(p.cards, low) and p.kind not in _BOMBS
                       and p.kind not in (Kind.FOUR_TWO_SINGLES, Kind.FOUR_TWO_PAIRS)]
            return max(holding or legal, key=lambda p: (p.size, -p.main))
        if s.partner_on_top:
            return PASS
        same = [p for p in legal if p.kind is s.top.kind]
        if same:
            return min(same, key=lambda p: p.main)
        bombs = [p for p in legal if p.kind in _BOMBS]
        if bombs and s.left[s.top_seat] <= 2 and self.rng.random() < BOMB_CHANCE:
            return min(bombs, key=lambda p: (p.kind is Kind.ROCKET, p.main))
        return PASS
