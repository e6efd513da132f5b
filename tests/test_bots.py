import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dizhu.arena import ArenaSpec, run_arena
from dizhu.auction import Bid
from dizhu.bots import BOTS, make_bot
from dizhu.bots.expert import ExpertBot
from dizhu.bots.handeval import HandEvaluator
from dizhu.cards import card_rank, ranks_of_cards
from dizhu.deal import Deal
from dizhu.rules import CLASSIC
from dizhu.view import seat_view
from tests.strategies import seeds

ALL = [name for name in BOTS if name != "rlcard-rule"]


@pytest.fixture(autouse=True)
def quick_expert(monkeypatch):
    """The expert's search with a few imagined deals: the same code, in test time."""
    monkeypatch.setattr(ExpertBot, "samples", 3)
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


def reshuffle_hidden(deal: Deal, seat: int, rng: random.Random) -> Deal | None:
    """The same deal, history and all, with the cards ``seat`` cannot see redistributed
    between the two other seats (each keeps its number of cards, and at least one card
    changes hands); ``None`` if there is nothing to redistribute."""
    others = [s for s in range(3) if s != seat]
    shown = set(deal.kitty_cards) if deal.landlord >= 0 else set()
    hidden = {s: [c for c in deal.held_cards(s) if c not in shown] for s in others}
    one, two = hidden[others[0]], hidden[others[1]]
    pairs = [(x, y) for x in one for y in two if card_rank(x) != card_rank(y)]
    if not pairs:
        return None
    x, y = rng.choice(pairs)
    pool = [c for c in one + two if c not in (x, y)]
    rng.shuffle(pool)
    swapped = {others[0]: [y, *pool[:len(one) - 1]], others[1]: [x, *pool[len(one) - 1:]]}
    hands = [[c for c in deal.dealt[s] if c not in hidden.get(s, [])] + swapped.get(s, [])
             for s in range(3)]
    kitty = list(deal.kitty_cards)
    if deal.landlord < 0 or any(isinstance(a, Bid) for _, a in deal.history):
        again = Deal(hands, kitty, deal.opening, deal.rules)
    else:
        again = Deal.at_play(hands, kitty, deal.landlord, deal.high_bid, deal.rules)
    for _, action in deal.history:
        again.push(action)
    return again


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seeds, st.integers(0, 80), st.booleans())
def test_no_bot_can_see_hidden_cards(seed, steps, auction):
    rng = random.Random(seed)
    deck = list(range(54))
    rng.shuffle(deck)
    hands, kitty = [deck[:17], deck[17:34], deck[34:51]], deck[51:]
    deal = Deal(hands, kitty, 0) if auction else Deal.at_play(hands, kitty, landlord=0)
    for _ in range(steps):
        if deal.is_over:
            break
        deal.push(rng.choice(deal.legal_actions()))
    seat = deal.to_move
    other = None if deal.is_over else reshuffle_hidden(deal, seat, rng)
    if other is None:
        return
    assert other.hands[seat] == deal.hands[seat] and other.hands != deal.hands
    mine, theirs = seat_view(deal, seat), seat_view(other, seat)
    assert rank_level(mine.to_json()) == rank_level(theirs.to_json())
    for name in ALL:
        first, second = make_bot(name, seed=7), make_bot(name, seed=7)
        assert first.act(mine) == second.act(theirs), name


@pytest.mark.parametrize("name", ALL)
def test_bots_are_deterministic_under_a_seed(name):
    spec = ArenaSpec(name, "random", decks=3, seed="det", mode="full")
    assert run_arena(spec)["adp"] == run_arena(spec)["adp"]


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("options", [{}, {"doubling": True}, {"distinct_kickers": True}])
def test_every_bot_plays_whole_deals_legally(name, options):
    rules = CLASSIC.with_options(**options)
    for mode in ("play", "full"):
        report = run_arena(ArenaSpec(name, "normal", decks=4, seed=name, mode=mode,
                                     rules=rules))
        assert report["decks"] == 4


@pytest.mark.parametrize("name", ["easy", "normal"])
def test_bids_depend_on_the_hand(name):
    bot = make_bot(name, seed=1)
    rng = random.Random(5)
    bids = []
    for _ in range(300):
        deck = list(range(54))
        rng.shuffle(deck)
        deal = Deal([deck[:17], deck[17:34], deck[34:51]], deck[51:], 0)
        bids.append(bot.act(seat_view(deal, 0)).value)
    assert 0 in bids and 3 in bids
    assert 0.05 < bids.count(0) / len(bids) < 0.95
    assert bids.count(3) / len(bids) < 0.3


def test_a_stronger_hand_bids_at_least_as_high():
    ev = HandEvaluator()
    from dizhu.bots.bidding import hand_strength
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
