"""Deals chosen for what a test needs, found by their match seed (a match's deals follow
from its seed: see :mod:`dizhu.match`)."""

from __future__ import annotations

from dizhu.bots.registry import make_bot
from dizhu.combos import Kind, Play
from dizhu.deal import Deal, Phase
from dizhu.match import Match, MatchSettings
from dizhu.rulesets import find_ruleset
from dizhu.view import play_out

WINGED = [("classic", Kind.TRIPLE_SINGLE), ("classic", Kind.TRIPLE_PAIR),
          ("classic", Kind.AIRPLANE_SINGLES), ("classic", Kind.AIRPLANE_PAIRS),
          ("classic", Kind.FOUR_TWO_SINGLES), ("classic", Kind.FOUR_TWO_PAIRS),
          ("four", Kind.TRIPLE_PAIR), ("four", Kind.AIRPLANE_PAIRS)]
"""Every kind with kickers or wings, in each ruleset that has it."""


def leading_with(ruleset: str, kind: Kind) -> tuple[str, Play]:
    """A match seed whose first deal the creator (seat 0) opens and, bidding 3, leads with
    a hand that can play ``kind``; and the longest such play (the most wings)."""
    rules = find_ruleset(ruleset)
    for n in range(10_000):
        seed = f"lead:{n}"
        deal = Match(MatchSettings("deals", 5, rules, seed)).current
        if deal.opening != 0:
            continue
        deal.push(deal.legal_actions()[-1])  # the highest bid
        if deal.phase is not Phase.PLAY or deal.landlord != 0:
            continue
        plays = [a for a in deal.legal_actions() if isinstance(a, Play) and a.kind is kind]
        if plays:
            return seed, max(plays, key=lambda p: (p.size, p.main))
    raise AssertionError(f"no seed deals seat 0 a {kind.label} of {ruleset}")


def tamper_first_play(record: dict) -> tuple[int, int]:
    """Change a deal record's first play to a card its seat never held (the next seat's
    first card, as a single); the play's step index and its seat."""
    events = record["events"]
    index = next(i for i, e in enumerate(events) if e.get("cards"))
    seat = events[index]["seat"]
    card = events[0]["hands"][(seat + 1) % 3].split()[0]
    events[index]["cards"] = [card]
    events[index]["play"] = "single " + card[0]
    return index, seat


def finished(seed: str, ruleset: str = "classic", level: str = "normal") -> Deal:
    """A deal played to its end by bots of ``level`` from the shuffle of ``seed`` (then of
    ``seed + "+"`` and so on while nobody bids)."""
    rules = find_ruleset(ruleset)
    while True:
        deal = Deal.shuffled(seed, rules=rules)
        bots = [make_bot(level, seed=i) for i in range(rules.seats)]
        play_out(deal, bots)
        if deal.result is not None:
            return deal
        seed += "+"
