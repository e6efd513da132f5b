"""Bidding, calling, robbing and doubling from a hand evaluation: plays needed to go out and
control cards, measured against the hands the ruleset deals."""

from __future__ import annotations

import random
import statistics
from functools import cache

from ..auction import BID, CALL_BID, DOUBLE, NO_DOUBLE, PASS_BID, ROB_BID, Bid, Double
from ..cards import BLACK_JOKER, RED_JOKER, TWO, count_of, ranks_of_cards
from ..deal import deal_cards
from ..rules import RuleSet
from ..view import SeatView
from .handeval import HandEvaluator

CONTROL_POINTS = {RED_JOKER: 3.0, BLACK_JOKER: 2.0, TWO: 1.5}
BOMB_POINTS = 3.0


def raw_strength(hand: int, evaluator: HandEvaluator) -> float:
    """Control cards count for, plays needed count against (on random 17-card hands the
    median is about 3.5 and the top tenth scores above 7)."""
    points = sum(count_of(hand, r) * p for r, p in CONTROL_POINTS.items())
    low = evaluator.rules.combos.bomb_sizes[0]
    points += BOMB_POINTS * sum(1 for r in range(TWO + 1) if count_of(hand, r) >= low)
    return points - 1.2 * (evaluator.cost(hand) - 7.5)


@cache
def median_strength(kind: type[RuleSet]) -> float:
    """The median raw strength of the hands a ruleset deals (400 seeded deals: the same for
    rulesets that deal alike)."""
    rules = kind()
    rng = random.Random(f"strength:{rules.seats}:{rules.hand_size}:{rules.packs}")
    evaluator = HandEvaluator(rules)
    values = []
    for _ in range(400):
        hands, _ = deal_cards(rng, rules)
        values.append(raw_strength(ranks_of_cards(hands[0]), evaluator))
    return statistics.median(values)


def hand_strength(hand: int, evaluator: HandEvaluator) -> float:
    """Higher is stronger, on the classic scale whatever the ruleset: the raw strength less
    how much the ruleset's median hand is stronger than the classic one."""
    kind = type(evaluator.rules)
    shift = 0.0 if kind is RuleSet else median_strength(kind) - median_strength(RuleSet)
    return raw_strength(hand, evaluator) - shift


def bid_for(view: SeatView, strength: float, thresholds: tuple[float, float, float]) -> Bid:
    """Points auction: the highest legal bid whose threshold the strength reaches, else a
    pass. Rob-the-landlord: call at the first threshold, rob at the second, rob back (the
    caller, once robbed) at the third."""
    legal = set(view.legal)
    if CALL_BID in legal:
        return CALL_BID if strength >= thresholds[0] else PASS_BID
    if ROB_BID in legal:
        caller = next(seat for seat, bid in view.bids if bid == CALL_BID)
        at = thresholds[2] if caller == view.seat else thresholds[1]
        return ROB_BID if strength >= at else PASS_BID
    for value in (3, 2, 1):
        if strength >= thresholds[value - 1] and BID[value] in legal:
            return BID[value]
    return PASS_BID


def double_for(view: SeatView, strength: float, peasant_at: float, landlord_at: float) -> Double:
    """Peasants double a strong hand; the landlord redoubles a very strong one."""
    at = landlord_at if view.seat == view.landlord else peasant_at
    return DOUBLE if strength >= at else NO_DOUBLE
