"""The search's rounds of imagined deals (``rounds``): another round only while the best
play's lead over the next is within ``margin`` standard errors and the budget lasts; one
round decides as the search always did."""

from __future__ import annotations

import random
import time

import pytest

from dizhu.bots.expert import ExpertBot
from dizhu.bots.registry import make_bot
from dizhu.combos import PASS
from dizhu.deal import Deal, deal_cards
from dizhu.rules import CLASSIC
from dizhu.view import played_views

A, B, C = (object() for _ in range(3))


@pytest.mark.parametrize("wins, outcomes, margin, settled", [
    ({A: 10, B: 10}, [(10, {A, B})], 2.0, True),  # the same deals: nothing to tell apart
    ({A: 10, B: 0}, [(10, {A})], 2.0, True),  # 10 > 2 * sqrt(10)
    ({A: 6, B: 1}, [(6, {A}), (1, {B})], 2.0, False),  # 5 <= 2 * sqrt(7)
    ({A: 6, B: 1}, [(6, {A}), (1, {B})], 1.0, True),
    ({A: 5, B: 3, C: 0}, [(5, {A}), (3, {B})], 2.0, False),  # 2 <= 2 * sqrt(8)
    ({A: 3, B: 5}, [(3, {A}), (5, {B})], 0.5, True),  # B leads: 2 > 0.5 * sqrt(8)
    ({A: 4, B: 4}, [(4, {A}), (4, {B})], 0.0, False),  # a tie is not a lead
])
def test_settled_compares_the_lead_with_the_split_deals(wins, outcomes, margin, settled):
    bot = ExpertBot(seed=1)
    bot.margin = margin
    assert bot.settled(list(wins), wins, outcomes) is settled


def views(count: int, cards: int = 54, seed: int = 0):
    """Views of ``normal``'s play-mode deals where the seat to move has three plays or
    more with at most ``cards`` left in all hands."""
    rng = random.Random(seed)
    normal = make_bot("normal", seed=1)
    found = []
    while len(found) < count:
        hands, kitty = deal_cards(rng, CLASSIC)
        found += [v for v in played_views(Deal.at_play(hands, kitty, landlord=0),
                                          [normal] * 3)
                  if sum(v.cards_left) <= cards and len(v.legal) > 2 and
                  PASS not in v.legal][:2]
    return found[:count]


@pytest.mark.parametrize("spec", ["expert:budget=10,samples=8",
                                  "master:budget=10,samples=8,solve_unseen=0"])
def test_rounds_draw_deals_until_the_lead_is_clear(monkeypatch, spec):
    """With one round a decision draws ``samples`` deals; with four and a lead never
    clear, four times as many; with four and every lead clear, one round and the same
    play as with one."""
    drawn: list[int] = []
    real_imagine = ExpertBot.imagine
    monkeypatch.setattr(ExpertBot, "imagine",
                        lambda self, view: drawn.append(1) or real_imagine(self, view))
    real_inferred = ExpertBot.inferred
    monkeypatch.setattr(ExpertBot, "inferred", lambda self, view, deadline: drawn.append(
        self.samples) or real_inferred(self, view, deadline))
    searches = 0
    for view in views(6, 40 if spec.startswith("master") else 54):
        plays = {}
        for rounds, settled in ((1, None), (4, False), (4, True)):
            bot = make_bot(f"{spec},rounds={rounds}", seed=1)
            far = time.perf_counter() + 3600  # no round cut short, however slow the core
            monkeypatch.setattr(bot, "deadline", lambda view, far=far: far)
            if settled is not None:
                monkeypatch.setattr(bot, "settled", lambda *a, answer=settled: answer)
            drawn.clear()
            plays[rounds, settled] = bot.act(view)
            searched = sum(drawn)
            if searched:  # a decision the search takes (not one forced or obvious)
                assert searched == bot.samples * (4 if settled is False else 1)
                searches += 1
        assert plays[4, True] == plays[1, None]
    assert searches >= 9  # most of the 18 decisions searched: the counts were checked


def test_rounds_stop_at_the_budget(monkeypatch):
    """However unclear the lead, no round starts past the budget: the budget, not the
    twenty rounds, ends the decision, within a second."""
    rounds: list[int] = []
    real = ExpertBot.deals
    monkeypatch.setattr(ExpertBot, "deals", lambda self, view, deadline: rounds.append(1)
                        or real(self, view, deadline))
    bot = make_bot("master:rounds=20,margin=10,budget=0.3,solve_unseen=0", seed=1)
    for view in views(3, 54, seed=3):
        rounds.clear()
        start = time.perf_counter()
        assert bot.act(view) in view.legal
        assert time.perf_counter() - start < 1.0
        assert 1 <= len(rounds) < 20

