"""Positions to check and measure the solver on: seeded deals played down at random."""

from __future__ import annotations

import random

from ..deal import Deal
from ..position import Position
from ..rules import RuleSet
from .start import Start


def played_down(rules: RuleSet, seed: int, total: int) -> Position | None:
    """The position of seeded deal ``seed`` (no auction: the seed draws the landlord, who
    leads) once random plays have left at most ``total`` cards in all, its scoring
    counters included; ``None`` when the play ended first. With ``total`` the whole deck,
    the deal at the start of play."""
    rng = random.Random(seed)
    faces = rules.faces()
    rng.shuffle(faces)
    size, seats = rules.hand_size, rules.seats
    hands = [faces[i * size:(i + 1) * size] for i in range(seats)]
    deal = Deal.at_play(hands, faces[seats * size:], landlord=rng.randrange(seats),
                        rules=rules)
    while sum(deal.left) > total and not deal.is_over:
        deal.push(rng.choice(deal.legal_actions()))
    if deal.is_over:
        return None
    return Start(rules, tuple(deal.hands), deal.landlord, deal.to_move, deal.top,
                 deal.top_seat, tuple(deal.plays_made), deal.bombs, deal.rockets,
                 -1).position()
