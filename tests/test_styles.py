"""Styles of play the search bots read from the others' plays and passes: ``normal``'s
eager style (it follows whenever it can, over a partner too), the likelihood that tells a
seat playing so from one playing ``normal``'s way, and the imagined deals of
``master:styles=1`` that play each seat out in the style it showed."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from dizhu.bots import make_bot
from dizhu.bots.expert import ExpertBot
from dizhu.bots.likelihood import Inference, Model
from dizhu.bots.normal import NormalBot
from dizhu.bots.situation import Situation
from dizhu.deal import Deal, deal_cards
from dizhu.rules import CLASSIC
from dizhu.rulesets import find_ruleset
from dizhu.sampling import Sampler
from dizhu.view import SeatView, seat_view


class EagerBot(NormalBot):
    """``normal`` in its eager style, as a player of the table (a stand-in for the simple
    bots and people who follow whenever they can)."""

    def choose(self, s, legal, ev):
        return super().choose(replace(s, eager=True), legal, ev)


def played(players: list[NormalBot], seed: int, plays: int, rules=CLASSIC,
           landlord: int = 0) -> Deal:
    """A deal of ``seed`` at play, each seat played by its player, ``plays`` plays on (or
    fewer, if it ends first)."""
    hands, kitty = deal_cards(random.Random(seed), rules)
    deal = Deal.at_play(hands, kitty, landlord, rules=rules)
    for _ in range(plays):
        if deal.is_over:
            break
        seat = deal.to_move
        deal.push(players[seat].act(seat_view(deal, seat)))
    return deal


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 40), st.sampled_from(["classic", "four"]))
def test_the_eager_style_follows_whenever_it_can(seed, plays, ruleset):
    """Following, the eager style never passes while it holds a play that beats the top,
    whoever made it (``normal`` passes on a partner and on plays it would break its split
    for); leading, it leads as ``normal`` does."""
    rules = find_ruleset(ruleset)
    normal = NormalBot(seed=1)
    deal = played([normal] * rules.seats, seed, plays, rules)
    if deal.is_over:
        return
    view = seat_view(deal, deal.to_move)
    s = Situation.of(view)
    ev = normal.evaluator(view)
    eager = normal.choose(replace(s, eager=True), list(view.legal), ev)
    if s.top is None:
        assert eager == normal.choose(s, list(view.legal), ev)
    else:
        assert eager.is_pass == all(p.is_pass for p in view.legal)


def test_the_eager_style_overtakes_a_partner_where_normal_lets_it_stand():
    """Over a partner's play ``normal`` passes (but to push a low single up from before the
    landlord); the eager style beats it whenever it can."""
    normal = NormalBot(seed=1)
    overtaken = let_stand = 0
    for seed in range(40):
        deal = played([normal] * 3, seed, 0)
        while not deal.is_over:
            view = seat_view(deal, deal.to_move)
            s = Situation.of(view)
            if s.partner_on_top and any(not p.is_pass for p in view.legal):
                ev = normal.evaluator(view)
                let_stand += normal.choose(s, list(view.legal), ev).is_pass
                overtaken += not normal.choose(replace(s, eager=True), list(view.legal),
                                               ev).is_pass
            deal.push(normal.act(view))
    assert let_stand > 20 and overtaken > let_stand


def odds_of(view: SeatView, truth: tuple[int, ...], prior: float = 0.5) -> dict[int, float]:
    """The chance of the eager style the view's weighing gives each other seat, in the
    deal as it truly is."""
    bot = NormalBot(seed=1)
    model = Model(bot.bid_thresholds, bot.double_at, bot.fits, 0.3, eager_prior=prior)
    inference = Inference(view, model, lambda wild: bot.evaluator(view, wild), bot.choose)
    return inference.weigh(truth)[1]


def test_the_weighing_tells_an_eager_seat_from_a_normal_one():
    """Seat 1 plays in the eager style, seat 2 ``normal``'s way: after 24 plays the
    landlord's weighing of the true deal never reads seat 1 as less likely eager than the
    even prior, nor seat 2 as more (a seat whose follows the styles would have made alike
    stays at the prior), and reads most deals' seat 1 as eager, nearly all seat 2s as
    normal."""
    normal, eager = NormalBot(seed=1), EagerBot(seed=1)
    readings = []
    for seed in range(30):
        deal = played([normal, eager, normal], seed, 24)
        if deal.is_over or deal.to_move != 0:
            deal = played([normal, eager, normal], seed, 25)
        if deal.is_over or deal.to_move != 0:
            continue
        view = seat_view(deal, 0)
        odds = odds_of(view, tuple(deal.position.hands))
        if 1 in odds and 2 in odds:
            readings.append((odds[1], odds[2]))
    assert len(readings) >= 15
    assert all(e >= 0.5 >= n for e, n in readings)
    assert sum(e > 0.5 for e, _ in readings) >= 0.6 * len(readings)
    assert sum(n < 0.1 for _, n in readings) >= 0.8 * len(readings)


def test_styles_leave_the_weights_as_they_were():
    """A deal's weight is ``normal``'s reading of the others' actions with styles or
    without; without (``eager_prior`` 0) no seat is given a style."""
    normal = NormalBot(seed=1)
    rng = random.Random(3)
    styled_seats = 0
    for seed in range(10):
        deal = played([normal] * 3, seed, 12)
        if deal.is_over:
            continue
        view = seat_view(deal, deal.to_move)
        model = Model(normal.bid_thresholds, normal.double_at, normal.fits, 0.3)
        evaluators = lambda wild, view=view: normal.evaluator(view, wild)  # noqa: E731
        plain = Inference(view, model, evaluators, normal.choose)
        styled = Inference(view, replace(model, eager_prior=0.3), evaluators, normal.choose)
        sampler = Sampler(view)
        for _ in range(10):
            hands = sampler.sample(rng).hands
            log, odds = plain.weigh(hands)
            assert odds == {} and log == plain.log_weight(hands)
            log_styled, odds_styled = styled.weigh(hands)
            assert log_styled == log
            assert all(0.0 < p < 1.0 for p in odds_styled.values())
            styled_seats += len(odds_styled)
    assert styled_seats > 50


def styled_master(seed: int = 1) -> ExpertBot:
    bot = make_bot("master:styles=1,samples=12,budget=10", seed=seed)
    assert isinstance(bot, ExpertBot)
    return bot


def test_master_plays_the_others_out_in_the_style_they_showed():
    """``master:styles=1`` as the landlord against an eager seat 1 and a normal seat 2:
    its imagined deals play seat 1 out eagerly far more often than seat 2, never its own
    seat, and the same deals and styles again for the same seed."""
    normal, eager = NormalBot(seed=1), EagerBot(seed=1)
    marks = {1: 0, 2: 0}
    total = 0
    for seed in range(8):
        deal = played([normal, eager, normal], seed, 21)
        if deal.is_over or deal.to_move != 0:
            continue
        view = seat_view(deal, 0)
        deals = styled_master().inferred(view, float("inf"))
        assert deals == styled_master().inferred(view, float("inf"))
        for _, count, style in deals:
            assert not style & 1
            total += count
            for seat in marks:
                marks[seat] += count * bool(style >> seat & 1)
    assert total >= 48
    assert marks[1] > 0.5 * total and marks[2] < 0.2 * total


def test_master_with_styles_plays_legally_in_every_ruleset():
    """Whole deals of ``master:styles=1`` against ``normal`` and the eager style: every
    decision legal (the table refuses any other), in every ruleset without wild cards."""
    for ruleset in ("classic", "rob", "four"):
        rules = find_ruleset(ruleset)
        bot = make_bot("master:styles=1,samples=6,budget=0.2", seed=2)
        players = [bot, EagerBot(seed=1)] + [NormalBot(seed=1)] * (rules.seats - 2)
        deal = played(players, 5, 400, rules, landlord=1)
        assert deal.is_over
