"""Bidding, calling, robbing and doubling from a hand evaluation: plays needed to go out and
control cards, measured against the hands the ruleset deals.

With wild cards the evaluation is the deal's wild ranks' (:class:`~.handeval.WildEvaluator`)
and bombs count by class: a soft bomb of the best split below a natural bomb, the wild
bomb above. A rank not drawn yet (``laizi``'s while bidding, ``tiandi``'s second) is valued
by expectation: the mean strength over every rank it may be, each equally likely (a rank
the hand lacks leaves its strength as it is, so only the ranks held are evaluated).
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable
from functools import cache

from ..auction import BID, CALL_BID, DOUBLE, NO_DOUBLE, PASS_BID, ROB_BID, Bid, Double
from ..cards import BLACK_JOKER, RED_JOKER, TWO, count_of, ranks_of_cards
from ..deal import deal_cards
from ..rules import RuleSet
from ..view import SeatView
from .handeval import HandEvaluator, evaluator_for

CONTROL_POINTS = {RED_JOKER: 3.0, BLACK_JOKER: 2.0, TWO: 1.5}
BOMB_POINTS = 3.0
SOFT_BOMB_POINTS = 1.5
"""A soft bomb (made with wild cards) beats less than a natural one."""
WILD_BOMB_POINTS = 3.5
"""Four wild cards of a rank: the wild bomb, beaten by the rocket only."""

Evaluators = Callable[[tuple[int, ...]], HandEvaluator]
"""An evaluator for given wild ranks (a bot's, remembered)."""


def raw_strength(hand: int, evaluator: HandEvaluator) -> float:
    """Control cards count for, plays needed count against (on random 17-card hands the
    median is about 3.5 and the top tenth scores above 7)."""
    points = sum(count_of(hand, r) * p for r, p in CONTROL_POINTS.items())
    low = evaluator.rules.combos.bomb_sizes[0]
    wild = evaluator.wild
    points += sum(WILD_BOMB_POINTS if r in wild else BOMB_POINTS
                  for r in range(TWO + 1) if count_of(hand, r) >= low)
    if wild and evaluator.wild_in(hand):
        points += SOFT_BOMB_POINTS * evaluator.soft_bombs(hand)
    return points - 1.2 * (evaluator.cost(hand) - 7.5)


def expected_strength(hand: int, rules: RuleSet, wild: tuple[int, ...],
                      evaluators: Evaluators) -> float:
    """The raw strength of ``hand`` with the wild ranks ``wild`` drawn so far, and, while
    ``rules`` has one more to draw, its mean over every rank it may be."""
    if len(wild) >= rules.wild_ranks:
        return raw_strength(hand, evaluators(wild))
    as_now = raw_strength(hand, evaluators(wild))
    ranks = [r for r in range(TWO + 1) if r not in wild]
    total = sum(raw_strength(hand, evaluators((*wild, r))) if count_of(hand, r) else as_now
                for r in ranks)
    return total / len(ranks)


WILD_HANDS = 80
"""Hands whose median strength places a wild ruleset's on the classic scale."""


MEASURED = {"laizi": 5.6529, "tiandi": 7.411}
""":func:`measured_median` of the wild rulesets, which takes seconds (a test checks them)."""


@cache
def median_strength(kind: type[RuleSet]) -> float:
    """The median raw strength of the hands a ruleset deals (:func:`measured_median`;
    of the wild rulesets, as measured once)."""
    known = MEASURED.get(kind.name)
    return measured_median(kind) if known is None else known


def measured_median(kind: type[RuleSet]) -> float:
    """The median raw strength of the hands a ruleset deals (400 seeded deals: the same for
    rulesets that deal alike). With wild cards, the median of what the bidding values
    (:func:`expected_strength`, the wild ranks drawn before the auction drawn at random)
    over ``WILD_HANDS`` deals: fewer, as each is worth a dozen evaluations."""
    rules = kind()
    rng = random.Random(f"strength:{rules.seats}:{rules.hand_size}:{rules.packs}")
    classic = HandEvaluator(rules)
    evaluators: dict[tuple[int, ...], HandEvaluator] = {}

    def evaluator(wild: tuple[int, ...]) -> HandEvaluator:
        if wild not in evaluators:
            evaluators[wild] = evaluator_for(rules, wild, classic)
        return evaluators[wild]

    values = []
    for _ in range(WILD_HANDS if rules.wild_ranks else 400):
        hands, _ = deal_cards(rng, rules)
        hand = ranks_of_cards(hands[0])
        if rules.wild_ranks:
            known = tuple(rng.sample(range(TWO + 1), rules.wild_before_auction))
            values.append(expected_strength(hand, rules, known, evaluator))
        else:
            values.append(raw_strength(hand, classic))
    return statistics.median(values)


def hand_strength(hand: int, evaluator: HandEvaluator) -> float:
    """Higher is stronger, on the classic scale whatever the ruleset: the raw strength less
    how much the ruleset's median hand is stronger than the classic one."""
    return raw_strength(hand, evaluator) - shift_of(evaluator.rules)


def shift_of(rules: RuleSet) -> float:
    """How much the median hand ``rules`` deals is stronger than the classic one."""
    kind = type(rules)
    return 0.0 if kind is RuleSet else median_strength(kind) - median_strength(RuleSet)


def view_strength(view: SeatView, evaluators: Evaluators) -> float:
    """:func:`hand_strength` of the view's hand, the wild ranks not drawn yet valued by
    expectation (:func:`expected_strength`)."""
    rules = view.rules
    raw = expected_strength(view.hand_ranks, rules, view.wild, evaluators) \
        if rules.wild_ranks else raw_strength(view.hand_ranks, evaluators(()))
    return raw - shift_of(rules)


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
