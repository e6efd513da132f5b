"""Bidding and doubling from a hand evaluation: plays needed to go out and control cards."""

from __future__ import annotations

from ..auction import BID, DOUBLE, NO_DOUBLE, Bid, Double
from ..cards import BLACK_JOKER, RED_JOKER, TWO, count_of
from ..view import SeatView
from .handeval import HandEvaluator

CONTROL_POINTS = {RED_JOKER: 3.0, BLACK_JOKER: 2.0, TWO: 1.5}
BOMB_POINTS = 3.0


def hand_strength(hand: int, evaluator: HandEvaluator) -> float:
    """Higher is stronger: control cards count for, plays needed count against.

    On random 17-card hands the median is about 3.5 and the top tenth scores above 7.
    """
    points = sum(count_of(hand, r) * p for r, p in CONTROL_POINTS.items())
    points += BOMB_POINTS * sum(1 for r in range(TWO + 1) if count_of(hand, r) == 4)
    return points - 1.2 * (evaluator.cost(hand) - 7.5)


def bid_for(view: SeatView, strength: float, thresholds: tuple[float, float, float]) -> Bid:
    """The highest legal bid whose threshold the strength reaches, else a pass."""
    legal = {b.value for b in view.legal}
    for value in (3, 2, 1):
        if strength >= thresholds[value - 1] and value in legal:
            return BID[value]
    return BID[0]


def double_for(view: SeatView, strength: float, peasant_at: float, landlord_at: float) -> Double:
    """Peasants double a strong hand; the landlord redoubles a very strong one."""
    at = landlord_at if view.seat == view.landlord else peasant_at
    return DOUBLE if strength >= at else NO_DOUBLE
