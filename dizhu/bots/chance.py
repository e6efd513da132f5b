"""Bidding, calling, robbing and doubling from the learned chance to win
(:mod:`.evaluation`), in every ruleset that ships weights (all with an auction).

The question is the one a player asks: how likely is my side to win the play that follows?

- **In the auction**, the chance to win *as landlord*: the seat's hand with the kitty
  added, asked of the network as the view the seat would have at the start of play. The
  kitty is hidden, so the chance is the mean over ``kitties`` kitties drawn from the cards
  the seat cannot see (the other hands do not enter the view's encoding, only their sizes).
- **At the doubling**, the chance of the seat's own side, from the seat's view as it is
  (the kitty shown, no card played): the view of the start of play.

Each answer then follows from the expected score. The landlord wins or loses the stake
once per peasant (``k``: two, or three in ``four``), so becoming landlord is worth
``k * stake * (2p - 1)``: positive when ``p`` passes one half, and larger the higher the
stake. So a seat whose chance passes ``0.5 + edge`` makes the highest bid it may (in the
points auction, 3), calls and robs; any other passes. A pass is taken as worth nothing:
exactly so when the deal is thrown in; when another seat becomes landlord, the seat's share
of the peasants' result is not estimated (against a landlord who bid with a better than
even chance it is a little below nothing, so the rule bids a little less often than it
might). A double multiplies a settlement worth ``stake * (2p - 1)`` to the seat's side, so
it is worth making when the side's chance passes ``0.5 + edge`` as well. The edges stand
for the network's error (its calibration is within about 0.04 per tenth, docs/strength.md);
no other table of thresholds.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from pathlib import Path

import numpy as np

from ..auction import BID, CALL_BID, DOUBLE, NO_DOUBLE, PASS_BID, ROB_BID, Bid, Double
from ..deal import Deal, complete_wild
from ..rules import RuleSet
from ..view import SeatView, seat_view
from .evaluation import WEIGHTS, WinChance


@cache
def ships_weights(name: str) -> bool:
    """Whether the package ships a learned evaluation for the ruleset ``name``."""
    return (WEIGHTS / f"{name}.npz").exists()


def chance_for(rules: RuleSet, path: str | Path | None = None) -> WinChance | None:
    """The learned evaluation of ``rules`` (``path``: other weights than the package's), or
    ``None`` when none ships for it (the weights are loaded once per process)."""
    if path is None and not ships_weights(rules.name):
        return None
    return WinChance(rules, path)


def landlord_views(view: SeatView, rng: random.Random, kitties: int) -> list[SeatView]:
    """The views ``view.seat`` would have at the start of play as the landlord, one per
    kitty drawn from the cards it cannot see (``kitties`` of them, from ``rng``), and with
    wild cards, the wild ranks not drawn yet drawn with it."""
    rules = view.rules
    unseen = list((Counter(rules.faces()) - Counter(view.hand)).elements())
    others = [seat for seat in range(rules.seats) if seat != view.seat]
    views = []
    for _ in range(kitties):
        rng.shuffle(unseen)
        kitty, rest = unseen[:rules.kitty_size], unseen[rules.kitty_size:]
        hands: list[list[int]] = [[] for _ in range(rules.seats)]
        hands[view.seat] = list(view.hand)
        for i, seat in enumerate(others):
            hands[seat] = rest[i * rules.hand_size:(i + 1) * rules.hand_size]
        deal = Deal.at_play(hands, kitty, landlord=view.seat, rules=rules,
                            wild=complete_wild(rules, view.wild, rng))
        views.append(seat_view(deal, view.seat))
    return views


def landlord_chance(view: SeatView, chance: WinChance, rng: random.Random,
                    kitties: int) -> float:
    """The mean chance to win as the landlord over ``kitties`` kitties (:func:`landlord_views`),
    in one batch through the network."""
    features = chance.features
    rows = np.concatenate([features.rows(features.of_view(v), [None])
                           for v in landlord_views(view, rng, kitties)])
    return float(chance.of_rows(rows).mean())


def bid_by_chance(view: SeatView, p: float, edge: float) -> Bid:
    """The highest legal bid, a call or a rob when ``p`` (the chance to win as landlord)
    reaches ``0.5 + edge``; a pass otherwise."""
    legal = set(view.legal)
    if p < 0.5 + edge:
        return PASS_BID
    for bid in (ROB_BID, CALL_BID, BID[3], BID[2], BID[1]):
        if bid in legal:
            return bid
    return PASS_BID


def double_by_chance(p: float, edge: float) -> Double:
    """Double (or redouble) when ``p``, the chance of the seat's side, reaches ``0.5 + edge``."""
    return DOUBLE if p >= 0.5 + edge else NO_DOUBLE
