import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dizhu.arena import ArenaSpec, run_arena
from dizhu.auction import CALL_BID, PASS_BID, ROB_BID
from dizhu.bots import BOTS, canonical_spec, make_bot
from dizhu.bots.bidding import hand_strength, median_strength
from dizhu.bots.expert import ExpertBot
from dizhu.bots.handeval import HandEvaluator
from dizhu.bots.inference import consistent
from dizhu.bots.master import MasterBot
from dizhu.cards import card_rank, parse_ranks, ranks_of_cards
from dizhu.combos import Play
from dizhu.deal import Deal, deal_cards
from dizhu.rules import CLASSIC, RuleSet
from dizhu.rulesets import find_ruleset
from dizhu.view import seat_view
from tests.strategies import seeds

INFER = "expert:infer=1"
"""``expert`` weighing its imagined deals by the others' public actions."""
ALL = [*(name for name in BOTS if name != "rlcard-rule"), INFER]
UNHURRIED = {"expert": "expert:budget=10", INFER: f"{INFER},budget=10",
             "master": "master:budget=10"}
"""Specs whose time cap a busy machine cannot reach: ``expert`` is deterministic for a seed
only while its budget (seconds of wall time) is not used up."""
HURRIED = {"expert": "expert:budget=0.05", INFER: f"{INFER},budget=0.05",
           "master": "master:budget=0.05"}
"""Specs that decide in test time: legality does not depend on how long a bot thinks."""


@pytest.fixture(autouse=True)
def quick_expert(monkeypatch):
    """expert's and master's search with a few imagined deals: the same code, in test time."""
    monkeypatch.setattr(ExpertBot, "samples", 3)
    monkeypatch.setattr(MasterBot, "samples", 3)
    monkeypatch.setattr(ExpertBot, "candidates", 3)


def rank_level(view_json: dict) -> dict:
    """A view with suits dropped: suits carry no information and the suit a play takes
    depends on what else its player holds."""
    def walk(x):
        if isinstance(x, str):
            return " ".join(t[0] if len(t) == 2 and t[1] in "shcd" else t for t in x.split(" "))
        if isinstance(x, list):
            return [walk(v) for v in x]
        if isinstance(x, dict):
            return {k: walk(v) for k, v in x.items()}
        return x
    return walk(view_json)


def reshuffle_hidden(deal: Deal, seat: int, rng: random.Random, tries: int = 50) -> Deal | None:
    """The same deal, history and all, with the cards ``seat`` cannot see redistributed
    among the other seats (each keeps its number of cards, and at least one seat's ranks
    change); ``None`` if there is nothing to redistribute."""
    for _ in range(tries):
        again = _redistribute(deal, seat, rng)
        if again is None or again.hands != deal.hands:
            return again
    raise AssertionError("the hidden cards came back to the same hands every time")


def _redistribute(deal: Deal, seat: int, rng: random.Random) -> Deal | None:
    """One random redistribution (the shuffle may give every seat its ranks back)."""
    others = [s for s in range(deal.seats) if s != seat]
    shown = Counter(deal.kitty_cards) if deal.landlord >= 0 else Counter()
    hidden = {}
    for s in others:
        held = Counter(deal.held_cards(s))
        if s == deal.landlord:
            held -= shown  # the kitty's cards are public
        hidden[s] = list(held.elements())
    pairs = [(a, b, x, y) for a, b in combinations(others, 2) for x in hidden[a]
             for y in hidden[b] if card_rank(x) != card_rank(y)]
    if not pairs:
        return None
    a, b, x, y = rng.choice(pairs)
    hidden[a].remove(x)
    hidden[b].remove(y)
    pool = [c for s in others for c in hidden[s]]
    rng.shuffle(pool)
    swapped = {}
    for s in others:
        n = len(hidden[s])
        swapped[s], pool = pool[:n], pool[n:]
    swapped[a].append(y)
    swapped[b].append(x)
    hands = []
    for s in range(deal.seats):
        mine = Counter(deal.dealt[s])
        if s in hidden:  # what it was dealt and still holds goes; what it played stays
            mine -= Counter(deal.held_cards(s)) - (shown if s == deal.landlord else Counter())
        hands.append([*mine.elements(), *swapped.get(s, [])])
    kitty = list(deal.kitty_cards)
    if deal.bids or deal.landlord < 0:
        again = Deal(hands, kitty, deal.opening, deal.rules)
    else:
        again = Deal.at_play(hands, kitty, deal.landlord, deal.auction_state.stake, deal.rules)
    for _, action in deal.history:
        again.push(action)
    return again


def views_differing_in_hidden_cards(seed: int, steps: int, auction: bool, ruleset: str):
    """A deal of ``ruleset`` after ``steps`` random actions (with its auction or at play)
    and the same deal with the cards hidden from the seat to move dealt otherwise: that
    seat's two views, which show the same ranks (``None`` when the deal is over or nothing
    is hidden)."""
    rules = find_ruleset(ruleset)
    rng = random.Random(seed)
    hands, kitty = deal_cards(rng, rules)
    deal = Deal(hands, kitty, 0, rules) if auction else \
        Deal.at_play(hands, kitty, landlord=0, rules=rules)
    for _ in range(steps):
        if deal.is_over:
            break
        deal.push(rng.choice(deal.legal_actions()))
    seat = deal.to_move
    other = None if deal.is_over else reshuffle_hidden(deal, seat, rng)
    if other is None:
        return None
    assert other.hands[seat] == deal.hands[seat] and other.hands != deal.hands
    mine, theirs = seat_view(deal, seat), seat_view(other, seat)
    assert rank_level(mine.to_json()) == rank_level(theirs.to_json())
    return mine, theirs


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seeds, st.integers(0, 100), st.booleans(), st.sampled_from(["classic", "rob", "four"]))
def test_no_bot_can_see_hidden_cards(seed, steps, auction, ruleset):
    views = views_differing_in_hidden_cards(seed, steps, auction, ruleset)
    if views is None:
        return
    mine, theirs = views
    for name in ALL:
        spec = UNHURRIED.get(name, name)
        first, second = make_bot(spec, seed=7), make_bot(spec, seed=7)
        assert first.act(mine) == second.act(theirs), name


@pytest.mark.parametrize("name", ALL)
def test_bots_are_deterministic_under_a_seed(name):
    spec = ArenaSpec(UNHURRIED.get(name, name), "random", decks=3, seed="det", mode="full")
    assert run_arena(spec)["adp"] == run_arena(spec)["adp"]


RULESETS = [CLASSIC, CLASSIC.with_options(doubling=True),
            CLASSIC.with_options(distinct_kickers=True), find_ruleset("rob", doubling=True),
            find_ruleset("four", doubling=True)]


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("rules", RULESETS, ids=str)
def test_every_bot_plays_whole_deals_legally(name, rules):
    for mode in ("play", "full"):
        report = run_arena(ArenaSpec(HURRIED.get(name, name), "normal", decks=3, seed=name,
                                     mode=mode, rules=rules))
        assert report["decks"] == 3 and report["seats"] == rules.seats


@pytest.mark.parametrize("name", ["easy", "normal"])
@pytest.mark.parametrize("ruleset", ["classic", "four"])
def test_bids_depend_on_the_hand(name, ruleset):
    rules = find_ruleset(ruleset)
    bot = make_bot(name, seed=1)
    rng = random.Random(5)
    bids = []
    for _ in range(300):
        hands, kitty = deal_cards(rng, rules)
        bids.append(bot.act(seat_view(Deal(hands, kitty, 0, rules), 0)).value)
    assert 0 in bids and 3 in bids
    assert 0.05 < bids.count(0) / len(bids) < 0.95
    assert bids.count(3) / len(bids) < 0.3


@pytest.mark.parametrize("name", ["easy", "normal", "hard"])
def test_calls_and_robs_depend_on_the_hand(name):
    """In rob-the-landlord a bot calls some hands and not others, and robs only some of the
    hands it is asked about."""
    rules = find_ruleset("rob")
    bot = make_bot(name, seed=1)
    rng = random.Random(6)
    calls, robs = [], []
    for _ in range(200):
        hands, kitty = deal_cards(rng, rules)
        deal = Deal(hands, kitty, 0, rules)
        calls.append(bot.act(seat_view(deal, 0)))
        deal.push(CALL_BID)
        robs.append(bot.act(seat_view(deal, 1)))
    assert set(calls) == {CALL_BID, PASS_BID} and set(robs) == {ROB_BID, PASS_BID}
    assert robs.count(ROB_BID) < calls.count(CALL_BID)


def test_strength_is_on_one_scale_across_rulesets():
    """The median hand of every ruleset scores the same as classic's."""
    for ruleset in ("rob", "four"):
        rules = find_ruleset(ruleset)
        ev = HandEvaluator(rules)
        rng = random.Random(9)
        values = sorted(hand_strength(ranks_of_cards(deal_cards(rng, rules)[0][0]), ev)
                        for _ in range(200))
        assert abs(values[100] - median_strength(RuleSet)) < 1.0, ruleset


def test_a_stronger_hand_bids_at_least_as_high():
    ev = HandEvaluator()
    weak = ranks_of_cards([0, 5, 9, 13, 17, 21, 25, 29, 33, 37, 41, 45, 2, 6, 10, 14, 18])
    strong = ranks_of_cards([48, 49, 50, 51, 52, 53, 44, 45, 46, 40, 41, 42, 0, 4, 8, 12, 16])
    assert hand_strength(strong, ev) > hand_strength(weak, ev) + 5


def test_normal_beats_random_and_easy_beats_random():
    for name in ("easy", "normal"):
        report = run_arena(ArenaSpec(name, "random", decks=40, seed="sanity"))
        assert report["wp"] > 0.8, name


def test_hand_evaluator_splits_into_legal_plays():
    ev = HandEvaluator()
    rng = random.Random(2)
    for _ in range(50):
        deck = list(range(54))
        rng.shuffle(deck)
        hand = ranks_of_cards(deck[:20])
        split = ev.split(hand)
        assert sum(p.cards for p in split) == hand
        assert len(split) == ev.plays_needed(hand) <= 20


def test_settings_are_given_by_name():
    bot = make_bot("expert:budget=0.25,samples=4", seed=1)
    assert bot.budget == 0.25 and bot.samples == 4
    assert make_bot("normal:bid_thresholds=4/5/6").bid_thresholds == (4.0, 5.0, 6.0)
    assert "budget" in BOTS["expert"].settings()
    with pytest.raises(ValueError, match="has no setting 'speed'"):
        make_bot("expert:speed=3")
    with pytest.raises(ValueError, match="is not like"):
        make_bot("expert:samples=many")
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("grandmaster")


@pytest.mark.parametrize("spec, canonical", [
    ("master:styles=1", "master"), ("master:styles=true", "master"), ("strongest", "master"),
    ("strongest:styles=0", "master:styles=0"), ("expert:budget=1", "expert"),
    ("expert:samples=32,budget=0.20", "expert:budget=0.2,samples=32"),
    ("normal:bid_thresholds=4/5/6.5", "normal:bid_thresholds=4/5/6.5"),
    ("cmd: node bot.js ", "cmd:node bot.js"),  # a program's settings are its own
    ("mybots:Shedder:depth=2,a=1", "mybots:Shedder:depth=2,a=1"),  # and a Python bot's
    ("grandmaster", "grandmaster"), ("expert:speed=3", "expert:speed=3"),  # no such bot
])
def test_a_bot_named_two_ways_has_one_canonical_spec(spec, canonical):
    assert canonical_spec(spec) == canonical


@given(st.sampled_from(["easy", "normal", "hard", "expert", "master"]), st.data())
def test_the_canonical_spec_makes_the_same_bot(name, data):
    """Settings drawn at random, each its default or another value: the canonical spec
    makes a bot with the same settings, is its own canonical spec, and is the canonical
    spec of the settings written in another order and spelling too."""
    defaults = BOTS[name].settings()
    chosen = data.draw(st.lists(st.sampled_from(sorted(defaults)), unique=True, max_size=4))
    items = []
    for key in chosen:
        value = defaults[key]
        if data.draw(st.booleans()):  # another value, as a person would write it
            value = (tuple(v + 1 for v in value) if isinstance(value, tuple) else
                     not value if isinstance(value, bool) else value / 2 + 0.25
                     if isinstance(value, float) else value + 1)
        items.append(f"{key}={'/'.join(map(str, value)) if isinstance(value, tuple) else value}")
    spec = f"{name}:{','.join(items)}" if items else name
    canonical = canonical_spec(spec)
    assert canonical_spec(canonical) == canonical
    respelled = f"strongest:{','.join(reversed(items))}" if name == "master" else \
        f"py:{name}:{','.join(reversed(items))},"  # another order, another spelling
    assert canonical_spec(respelled) == canonical
    made, remade = make_bot(spec), make_bot(canonical)
    assert {k: getattr(made, k) for k in defaults} == {k: getattr(remade, k) for k in defaults}
    assert (canonical == name) == all(getattr(made, k) == v for k, v in defaults.items())


@pytest.mark.parametrize("spec, words", [
    ("expert:budget=-1", "budget is from 0.01 to 10, not -1.0"),
    ("expert:samples=100000", "samples is from 1 to 1000, not 100000"),
    ("hard:node_budget=0", "node_budget is from 1 to"),
    ("normal:fits=-0.5", "fits is 0 or more, not -0.5"),
    ("normal:fits=nan", "fits is 0 or more, not nan"),
    ("normal:bid_thresholds=1/-2/3", "bid_thresholds is 0 or more, not -2.0"),
])
def test_settings_out_of_bounds_are_refused(spec, words):
    with pytest.raises(ValueError, match=words):
        make_bot(spec)


def test_rlcard_rule_plays_one_pack_only():
    pytest.importorskip("rlcard")
    bot = make_bot("rlcard-rule")
    assert bot.plays(CLASSIC) and bot.plays(find_ruleset("rob"))
    assert not bot.plays(find_ruleset("four"))
    with pytest.raises(ValueError, match="rlcard-rule cannot play four"):
        ArenaSpec("rlcard-rule", "normal", rules=find_ruleset("four"))


def test_a_pass_suggests_no_higher_play_of_that_kind():
    six, generator = [Play.parse("single 6")], CLASSIC.generator
    assert consistent(parse_ranks("345"), six, generator)
    assert not consistent(parse_ranks("39"), six, generator)
    assert consistent(parse_ranks("3333"), six, generator)  # bombs aside
