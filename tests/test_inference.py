"""``expert:infer=1``: imagined deals weighed by the likelihood of the others' public actions
(:mod:`dizhu.bots.likelihood`), resampled (:func:`dizhu.bots.expert.resample`)."""

import random
import statistics
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dizhu.auction import BID, PASS_BID
from dizhu.bots import expert as expert_module
from dizhu.bots import make_bot
from dizhu.bots.bidding import hand_strength
from dizhu.bots.expert import ExpertBot, resample
from dizhu.bots.likelihood import Inference, Model
from dizhu.cards import ranks_of_cards
from dizhu.combos import PASS, Kind
from dizhu.deal import Deal, deal_cards
from dizhu.rules import CLASSIC
from dizhu.sampling import Sampler
from dizhu.view import SeatView, seat_view
from tests.strategies import seeds
from tests.test_bots import views_differing_in_hidden_cards


def inferring(seed: int = 1, samples: int = 60, redraws: int = 1) -> ExpertBot:
    """An ``infer=1`` expert drawing ``samples`` deals, none redrawn for the passes (so
    that only the likelihood tells the hands apart)."""
    bot = make_bot(f"expert:infer=1,samples={samples},redraws={redraws},budget=10",
                   seed=seed)
    assert isinstance(bot, ExpertBot)
    return bot


def inference_of(bot: ExpertBot, view: SeatView) -> Inference:
    return Inference(view, Model(bot.bid_thresholds, bot.double_at, bot.fits, bot.slip),
                     lambda wild: bot.evaluator(view, wild), bot.choose)


def imagined(bot: ExpertBot, view: SeatView, infer: bool) -> list[tuple[int, ...]]:
    """The deals the bot plays out for ``view``, each as often as it counts."""
    if not infer:
        return [bot.imagine(view) for _ in range(bot.samples)]
    deals = bot.inferred(view, float("inf"))
    return [hands for hands, count, _ in deals for _ in range(count)]


def after_a_bid_of_3(rng: random.Random) -> SeatView:
    """Seat 2's view once seat 0 passed and seat 1 bid 3 (seat 1 is the landlord)."""
    hands, kitty = deal_cards(rng, CLASSIC)
    deal = Deal(hands, kitty, 0, CLASSIC)
    deal.push(PASS_BID)
    deal.push(BID[3])
    return seat_view(deal, 2)


def test_a_seat_that_bid_3_is_imagined_stronger_with_inference():
    rng = random.Random(4)
    plain, inferred = [], []
    for _ in range(6):
        view = after_a_bid_of_3(rng)
        bot = inferring()
        ev = bot.evaluator(view)
        kitty = ranks_of_cards(view.kitty)
        for infer, out in ((False, plain), (True, inferred)):
            deals = imagined(bot, view, infer)
            out.append(statistics.mean(hand_strength(h[1] - kitty, ev) for h in deals))
    # the thresholds of a bid of 3 (7.5) against a random 17-card hand's median (~3.5)
    assert statistics.mean(inferred) > statistics.mean(plain) + 1.5
    assert statistics.mean(inferred) > 5.5


def after_a_pass_on_a_low_pair(seed: int) -> tuple[SeatView, int] | None:
    """Seat 2's view once the landlord (seat 0) led its lowest pair and seat 1 passed;
    and the pair's rank (``None`` if the landlord holds no pair below a 9)."""
    rng = random.Random(seed)
    hands, kitty = deal_cards(rng, CLASSIC)
    deal = Deal.at_play(hands, kitty, landlord=0)
    pairs = [p for p in deal.legal_actions() if p.kind is Kind.PAIR and p.main < 6]
    if not pairs:
        return None
    lead = min(pairs, key=lambda p: p.main)
    deal.push(lead)
    deal.push(PASS)
    return seat_view(deal, 2), lead.main


def pairs_above(hand: int, rank: int, ev) -> int:
    """The pairs above ``rank`` in the best split of ``hand`` (those ``normal`` follows
    with)."""
    return sum(p.kind is Kind.PAIR and p.main > rank for p in ev.split(hand))


def test_a_seat_that_passed_on_a_pair_is_imagined_with_fewer_pairs_above_it():
    """Redrawing for the passes off, with a firm model (``slip=0.05``): the peasant that
    passed on the landlord's low pair is imagined with about half the pairs above it."""
    plain, inferred = [], []
    for seed in range(40):
        found = after_a_pass_on_a_low_pair(seed)
        if found is None:
            continue
        view, rank = found
        bot = inferring(seed)
        bot.configure(slip=0.05)
        ev = bot.evaluator(view)
        for infer, out in ((False, plain), (True, inferred)):
            out.append(statistics.mean(pairs_above(h[1], rank, ev)
                                       for h in imagined(bot, view, infer)))
        if len(plain) == 8:
            break
    assert len(plain) == 8
    assert statistics.mean(inferred) < 0.7 * statistics.mean(plain)
    assert sum(i < p for i, p in zip(inferred, plain, strict=True)) >= 7


def test_the_weights_are_deterministic_for_a_seed():
    view = after_a_bid_of_3(random.Random(8))
    first, second = inferring(seed=3).inferred(view, float("inf")), \
        inferring(seed=3).inferred(view, float("inf"))
    assert first == second
    assert sum(count for _, count, _ in first) == 60
    assert [count for _, count, _ in first] == sorted((c for _, c, _ in first), reverse=True)
    assert all(eager == 0 for _, _, eager in first)  # without styles, no seat is eager


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seeds, st.integers(0, 60), st.booleans(),
       st.sampled_from(["classic", "rob", "four", "laizi", "tiandi"]))
def test_the_likelihood_reads_the_view_only(seed, steps, auction, ruleset):
    """Two views that differ only in the cards hidden from the seat weigh every imagined
    deal alike (the views show the same ranks). A bot each, as the hand evaluation with
    wild cards may depend on what it evaluated before."""
    views = views_differing_in_hidden_cards(seed, steps, auction, ruleset)
    if views is None:
        return
    mine, theirs = views
    one, two = inference_of(inferring(), mine), inference_of(inferring(), theirs)
    sampler, rng = Sampler(mine), random.Random(seed)
    for _ in range(3):
        hands = sampler.sample(rng).hands
        assert one.log_weight(hands) == two.log_weight(hands)


def test_a_real_deal_is_more_likely_than_its_hands_swapped():
    """In deals played by ``normal`` the true hands explain its plays better, on average,
    than the hidden cards dealt at random."""
    normal = make_bot("normal", seed=1)
    rng = random.Random(11)
    true_logs, random_logs = [], []
    for _ in range(40):
        if len(true_logs) == 8:
            break
        hands, kitty = deal_cards(rng, CLASSIC)
        deal = Deal(hands, kitty, 0, CLASSIC)
        for _ in range(24):
            if deal.is_over:
                break
            deal.push(normal.act(seat_view(deal, deal.to_move)))
        if deal.is_over or deal.landlord < 0:
            continue
        seat = deal.to_move
        view = seat_view(deal, seat)
        inference = inference_of(inferring(), view)
        truth = tuple(ranks_of_cards(deal.held_cards(s)) for s in range(deal.seats))
        true_logs.append(inference.log_weight(truth))
        sampler = Sampler(view)
        random_logs.append(statistics.mean(inference.log_weight(sampler.sample(rng).hands)
                                           for _ in range(10)))
    assert len(true_logs) == 8
    assert statistics.mean(true_logs) > statistics.mean(random_logs) + 3.0


@given(st.lists(st.floats(-30, 0), min_size=1, max_size=40), st.integers(1, 64),
       st.floats(0, 0.999))
def test_resampling_draws_each_deal_in_proportion_to_its_weight(logs, n, u):
    items = [(i,) for i in range(len(logs))]
    drawn = resample(items, logs, n, u)
    assert sum(count for _, count in drawn) == n
    assert len({item for item, _ in drawn}) == len(drawn)
    weights = [2.718281828459045 ** v for v in logs]
    total = sum(weights)
    for (i,), count in drawn:
        assert abs(count - n * weights[i] / total) < 1 + 1e-6
    counts = [c for _, c in drawn]
    assert counts == sorted(counts, reverse=True)


def test_past_the_budget_the_search_weighs_and_plays_out_one_deal(monkeypatch):
    """With a clock that passes the budget at its first reading after the start, an
    inferring decision weighs one deal and plays it out with one candidate at most."""
    rng = random.Random(5)
    normal = make_bot("normal", seed=1)
    hands, kitty = deal_cards(rng, CLASSIC)
    deal = Deal.at_play(hands, kitty, landlord=0)
    for _ in range(6):
        deal.push(normal.act(seat_view(deal, deal.to_move)))
    view = seat_view(deal, deal.to_move)
    bot = inferring(samples=50)
    bot.configure(budget=0.01)
    readings = iter(range(0, 10_000))
    monkeypatch.setattr(expert_module, "time",
                        SimpleNamespace(perf_counter=lambda: next(readings) * 1.0))
    weighed, played = [], []
    monkeypatch.setattr(Inference, "weigh",
                        lambda self, hands, real=Inference.weigh:
                        weighed.append(hands) or real(self, hands))
    monkeypatch.setattr(ExpertBot, "rollout",
                        lambda self, *a, real=ExpertBot.rollout, **k:
                        played.append(a) or real(self, *a, **k))
    s = expert_module.Situation.of(view)
    options = list(view.legal)[:3]
    if len(options) < 2:
        pytest.skip("no choice")
    choice = bot.search(view, s, options, bot.evaluator(view))
    assert choice in options
    assert len(weighed) == 1 and len(played) <= 1
