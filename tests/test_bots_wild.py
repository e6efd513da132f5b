"""The bots with wild cards (``laizi``, ``tiandi``): whole deals, no hidden card used, the
hand evaluation and the bidding, the arena's wild ranks and the bot tools' command line."""

import math
import random
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dizhu import arena
from dizhu.arena import ArenaSpec, run_arena, suit_seed_of
from dizhu.bots import make_bot
from dizhu.bots.bidding import MEASURED, expected_strength, measured_median, raw_strength
from dizhu.bots.handeval import HandEvaluator, WildEvaluator, evaluator_for
from dizhu.bots.normal import NormalBot
from dizhu.bots.situation import Situation
from dizhu.cards import TWO, UNIT, count_of, parse_ranks, ranks_of_cards
from dizhu.cli import main
from dizhu.combos import Kind
from dizhu.deal import Deal, complete_wild, deal_cards, draw_wild
from dizhu.rules import CLASSIC
from dizhu.rulesets import find_ruleset
from dizhu.sampling import Sampler
from dizhu.view import seat_view
from tests.strategies import seeds
from tests.test_arena import without_timing
from tests.test_bots import (
    quick_expert,  # noqa: F401 (autouse: few imagined deals)
    views_differing_in_hidden_cards,
)

LAIZI, TIANDI = find_ruleset("laizi"), find_ruleset("tiandi")
WILD = [LAIZI, TIANDI, LAIZI.with_options(doubling=True)]
LEVELS = ["random", "easy", "normal", "hard", "expert", "expert:infer=1", "master"]
HURRIED = {"expert": "expert:budget=0.05", "expert:infer=1": "expert:infer=1,budget=0.05",
           "master": "master:budget=0.05"}


@pytest.mark.parametrize("name", LEVELS)
@pytest.mark.parametrize("rules", WILD, ids=str)
def test_every_level_plays_whole_wild_deals_in_both_modes(name, rules):
    for mode in ("play", "full"):
        report = run_arena(ArenaSpec(HURRIED.get(name, name), "normal", decks=2, seed=name,
                                     mode=mode, rules=rules))
        assert report["decks"] == 2 and report["rules"] == rules.describe()


@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seeds, st.integers(0, 60), st.booleans(), st.sampled_from(["laizi", "tiandi"]))
def test_no_bot_uses_a_hidden_card_with_wild_cards(seed, steps, auction, ruleset):
    views = views_differing_in_hidden_cards(seed, steps, auction, ruleset)
    if views is None:
        return
    mine, theirs = views
    for name in LEVELS:
        first, second = make_bot(name, seed=7), make_bot(name, seed=7)
        for bot in (first, second):  # no search cut short by the clock, however busy the
            bot.deadline = lambda view: math.inf  # machine: the clock is not a hidden card
        assert first.act(mine) == second.act(theirs), name


def test_laizi_bids_do_not_depend_on_the_rank_to_be_drawn():
    rng = random.Random(3)
    for _ in range(10):
        hands, kitty = deal_cards(rng, LAIZI)
        one, two = (seat_view(Deal(hands, kitty, 0, LAIZI, wild=(w,)), 0) for w in (2, 9))
        assert one.wild == two.wild == ()
        for name in ("easy", "normal"):
            assert make_bot(name, seed=1).act(one) == make_bot(name, seed=1).act(two)


hands_17 = st.lists(st.integers(0, 53), min_size=17, max_size=20, unique=True)


@settings(max_examples=60, deadline=None)
@given(hands_17, st.integers(0, TWO), st.sampled_from([LAIZI, TIANDI]))
def test_wild_cards_make_a_hand_at_least_as_strong(cards, rank, rules):
    hand = ranks_of_cards(cards)
    wild = (rank,) if rules is LAIZI else (rank, (rank + 5) % (TWO + 1))
    plain, wild_ev = HandEvaluator(rules), evaluator_for(rules, wild)
    assert wild_ev.cost(hand) <= plain.cost(hand) + 1e-9
    assert raw_strength(hand, wild_ev) >= raw_strength(hand, plain) - 1e-9
    split = wild_ev.split(hand)
    moves = rules.moves(wild)
    assert all(p in moves.lead(p.cards) for p in split)
    if rules is LAIZI:
        assert sum(p.cards for p in split) == hand


@settings(max_examples=30, deadline=None)
@given(hands_17)
def test_the_bidding_values_the_chance_of_wild_cards(cards):
    hand = ranks_of_cards(cards)
    plain = HandEvaluator(LAIZI)
    classic = raw_strength(hand, plain)
    expected = expected_strength(hand, LAIZI, (), lambda w: evaluator_for(LAIZI, w, plain))
    assert expected >= classic - 1e-9
    if any(count_of(hand, r) for r in range(TWO + 1)):  # some rank may turn wild
        known = min(range(TWO + 1), key=lambda r: -count_of(hand, r))
        sky = expected_strength(hand, TIANDI, (known,),
                                lambda w: evaluator_for(TIANDI, w, plain))
        assert sky >= raw_strength(hand, evaluator_for(TIANDI, (known,), plain)) - 1e-9


def test_wild_cards_complete_plays_and_are_not_wasted():
    ev = WildEvaluator(LAIZI, (5,))  # the 8s are wild
    hand = parse_ranks("4567" "8" "JJJ" "Q")  # 45678 straight, JJJ with Q
    assert ev.cost(hand) < HandEvaluator(LAIZI).cost(hand - UNIT[5]) + 0.5
    assert len(ev.split(hand)) == 2
    hand = parse_ranks("9999" "88" "3")  # a natural bomb and two wild 8s
    pieces = {p.kind for p in ev.split(hand)}
    assert Kind.BOMB in pieces and Kind.SOFT_BOMB not in pieces
    soft, natural = parse_ranks("99988") - UNIT[5], parse_ranks("9999")
    assert raw_strength(natural, ev) > raw_strength(soft, ev)


def test_a_classic_arena_report_is_unchanged_by_the_suit_seeds(monkeypatch):
    spec = ArenaSpec("normal", "easy", decks=6, seed="suits", mode="full")
    now = run_arena(spec)
    monkeypatch.setattr(arena, "suit_seed_of", lambda *args: 0)
    assert without_timing(run_arena(spec)) == without_timing(now)


def test_laizi_decks_draw_varied_wild_ranks_the_same_in_both_legs(monkeypatch):
    drawn = []
    run = arena._run

    def recording(deal, bots, times):
        run(deal, bots, times)
        drawn.append(deal.wild_draw)

    monkeypatch.setattr(arena, "_run", recording)
    run_arena(ArenaSpec("random", "random", decks=12, seed="wild", mode="play", rules=LAIZI))
    legs = list(zip(drawn[::2], drawn[1::2], strict=True))
    assert all(first == second for first, second in legs)
    assert len({first for first, _ in legs}) >= 5
    assert draw_wild(LAIZI, suit_seed_of("wild", 0)) == legs[0][0]
    assert suit_seed_of("wild", 0, 1) != suit_seed_of("wild", 0)


@given(seeds, st.sampled_from(["laizi", "tiandi"]), st.integers(0, 2))
def test_completing_the_wild_ranks_keeps_those_drawn_and_draws_distinct_others(seed, name,
                                                                              known):
    rules = find_ruleset(name)
    drawn = draw_wild(rules, seed)[:min(known, rules.wild_ranks)]
    wild = complete_wild(rules, drawn, random.Random(seed))
    assert wild[:len(drawn)] == drawn and len(wild) == rules.wild_ranks
    assert len(set(wild)) == len(wild) and all(0 <= rank <= TWO for rank in wild)
    assert complete_wild(rules, wild, random.Random(seed)) == wild
    with pytest.raises(ValueError, match="repeat"):
        complete_wild(rules, (drawn or (3,)) * 2, random.Random(seed))


@pytest.mark.parametrize("ruleset", ["laizi", "tiandi"])
def test_the_bot_tools_take_the_wild_rulesets(capsys, ruleset):
    code = main(["arena", "easy", "random", "--ruleset", ruleset, "--decks", "2",
                 "--mode", "full", "--jobs", "1"])
    out = capsys.readouterr().out
    assert code == 0 and f"seed 0, {ruleset}" in out
    code = main(["tournament", "random", "easy", "--ruleset", ruleset, "--decks", "1",
                 "--jobs", "1"])
    assert code == 0 and "Pairwise WP" in capsys.readouterr().out


@pytest.mark.skipif("rlcard" not in sys.modules and
                    __import__("importlib").util.find_spec("rlcard") is None,
                    reason="rlcard is not installed")
def test_rlcard_rule_says_it_knows_no_wild_cards(capsys):
    assert main(["arena", "rlcard-rule", "random", "--ruleset", "tiandi"]) == 2
    err = capsys.readouterr().err
    assert "rlcard-rule cannot play tiandi: RLCard's rule agent knows no wild cards" in err
    assert "Traceback" not in err
    assert make_bot("rlcard-rule").cannot_play(CLASSIC) is None


@pytest.mark.parametrize("rules", [LAIZI, TIANDI], ids=str)
def test_the_wild_rulesets_medians_are_as_measured(rules):
    assert measured_median(type(rules)) == pytest.approx(MEASURED[rules.name], abs=1e-3)


@pytest.mark.parametrize("rules", [LAIZI, TIANDI], ids=str)
def test_imagined_deals_keep_the_wild_ranks_and_draw_only_unseen_cards(rules):
    rng = random.Random(4)
    checked = 0
    for _ in range(10):
        hands, kitty = deal_cards(rng, rules)
        deal = Deal(hands, kitty, 0, rules, suit_seed=rng.randrange(1 << 30))
        while deal.landlord < 0:
            deal.push(deal.legal_actions()[-1])
        for _ in range(rng.randrange(12)):
            if deal.is_over or deal.phase.value != "play":
                break
            deal.push(rng.choice(deal.legal_actions()))
        if deal.is_over or deal.phase.value != "play":
            continue
        seat = deal.to_move
        view = seat_view(deal, seat)
        sampler = Sampler(view)
        guess = sampler.sample(rng)
        position = sampler.position(guess)
        assert position.wild == deal.wild == view.wild and len(view.wild) == 2 - (rules is LAIZI)
        assert guess.hands[seat] == deal.hands[seat]
        assert sum(guess.hands) == sum(deal.hands)  # the same cards, however they lie
        assert position.legal_plays() == deal.position.legal_plays()
        checked += 1
    assert checked >= 5


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, st.integers(0, 40), st.sampled_from([LAIZI, TIANDI]))
def test_beatable_answers_as_every_unseen_follow_does(seed, steps, rules):
    """``normal`` asks whether the unseen cards beat a play with the natural cards first,
    then one more wild card at a time: the answer is that of every unseen follow."""
    rng = random.Random(seed)
    hands, kitty = deal_cards(rng, rules)
    deal = Deal.at_play(hands, kitty, 0, rules=rules, suit_seed=seed)
    bot = make_bot("random", seed=seed)
    for _ in range(steps):
        if deal.is_over:
            break
        deal.push(bot.act(seat_view(deal, deal.to_move)), deal.to_move)
    if deal.is_over:
        return
    view = seat_view(deal, deal.to_move)
    s, ev = Situation.of(view), NormalBot().evaluator(view)
    assert ev.mask
    leads = ev.moves.lead(s.hand)
    for play in rng.sample(leads, min(8, len(leads))):
        assert NormalBot.beatable(play, s, ev) == (len(ev.moves.follow(s.unseen, play)) > 1)
