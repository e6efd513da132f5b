"""The wild rulesets (laizi, tiandi) in the learning environments: action ids by formula,
pinned and round-tripping; legal ids and rows of features instead of a mask; observations
with the wild ranks drawn so far and nothing hidden; the API checkers; and the rulesets
without wild cards observed exactly as before."""

from __future__ import annotations

import hashlib
import random
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test

from dizhu.actions import CODES, WildActionIds, action_ids, cards_of_code, code_of
from dizhu.cards import RANKS, count_of, faces_for
from dizhu.combos import InvalidPlayError, Kind, Play
from dizhu.deal import Deal, Phase
from dizhu.encoding import ENCODINGS, Encoder, Encoding, HistoryEncoding
from dizhu.encoding.legal import FEATURE_COUNT, FEATURES
from dizhu.env import GYM_ID, DouDizhuEnv, env, raw_env
from dizhu.position import IllegalActionError
from dizhu.rulesets import find_ruleset
from dizhu.view import seat_view
from tests.strategies import seeds
from tests.test_env import hidden_swap

WILD = ("laizi", "tiandi")
COLUMN = {}
_at = 0
for _name, _width in FEATURES:
    COLUMN[_name] = slice(_at, _at + _width)
    _at += _width


def random_deal(ruleset: str, seed: int, auction: bool) -> Deal:
    aec = raw_env(ruleset, auction=auction)
    aec.reset(seed=seed)
    return aec.deal


# ----------------------------------------------------------------- the ids

PINNED_PLAYS = ("single 3", "single R", "pair 88", "pair 22", "triple 555", "triple_single 888B",
                "triple_pair 33344", "straight 34568", "straight 89TJQKA", "pair_chain 334455",
                "airplane 333444", "airplane_singles 33344456", "airplane_pairs 3334445566",
                "four_two_singles 777789", "four_two_pairs 77778899", "bomb 2222",
                "rocket BR", "soft_bomb 7778", "soft_bomb 7788", "wild_bomb 8888")
PINNED_DIGEST = "d4011d7acc61b49f810813eeb0e506eb5ddf294411da2abaafdec4e7932b6d83"


def pinned_lines(ruleset: str) -> list[str]:
    rules = find_ruleset(ruleset)
    ids = action_ids(rules)
    return [f"{i} {ids.text(i)}" for i in range(ids.play_base)] + \
        [f"{ids.id_of_text(text, rules)} {text}" for text in PINNED_PLAYS]


@pytest.mark.parametrize("ruleset", WILD)
def test_the_ids_are_a_formula_pinned_both_ways(ruleset):
    """The size of the space, the prefix, a fixed list of plays' ids (a digest), and both
    ways: an id names its kind and cards, cards and a kind name the id."""
    rules = find_ruleset(ruleset)
    ids = action_ids(rules)
    assert isinstance(ids, WildActionIds) and action_ids(rules.with_options(doubling=True)) is ids
    assert CODES == 5 ** 13 * 2 * 2 == 4_882_812_500
    assert ids.kinds == tuple(sorted(k for k in Kind if k is not Kind.PASS))
    assert len(ids) == 7 + 16 * CODES == 78_125_000_007
    assert [ids.text(i) for i in range(7)] == ["bid pass", "bid 1", "bid 2", "bid 3",
                                                "no double", "double", "pass"]
    lines = pinned_lines(ruleset)
    assert hashlib.sha256("\n".join(lines).encode()).hexdigest() == PINNED_DIGEST
    assert ids.id_of_text("single 3", rules) == 7 + 1  # slot 0, the code of one 3
    assert ids.id_of_text("single R", rules) == 7 + 5 ** 13 * 2
    assert ids.id_of_text("wild_bomb 8888", rules) == 7 + 15 * CODES + 4 * 5 ** 5
    for line in lines[7:]:
        number, kind, cards = line.split()
        assert ids.kind_and_cards(int(number)) == (Kind.from_label(kind), rules.parse_ranks(cards))
        assert ids.text(int(number)) == f"{kind} {cards}"


@given(st.integers(0, CODES - 1))
def test_a_code_is_the_physical_cards(code):
    cards = cards_of_code(code)
    assert code_of(cards) == code
    assert all(count_of(cards, r) <= 4 for r in range(13))
    assert all(count_of(cards, r) <= 1 for r in (13, 14))


@settings(max_examples=12, deadline=None)
@given(seeds, st.sampled_from(WILD))
def test_every_legal_play_round_trips_through_its_id(seed, ruleset):
    """Through a whole deal: each legal action's id gives back the same action read the
    same way with the deal's wild ranks, and its text."""
    rules = find_ruleset(ruleset)
    ids = action_ids(rules)
    deal, rng = Deal.shuffled(seed, rules=rules), random.Random(seed)
    while not deal.is_over:
        moves = deal.position.moves
        for action in deal.legal_actions():
            number = ids.id_of(action)
            back = ids.action(number, moves)
            assert back == action and ids.text(number) == action.text
            if isinstance(action, Play) and not action.is_pass:
                assert (back.main, back.length, back.stands_for) == \
                    (action.main, action.length, action.stands_for)
                assert ids.action(number, deal.position) is back
        deal.push(rng.choice(deal.legal_actions()))


def test_an_id_of_one_deals_wild_rank_is_no_play_under_another():
    """``straight 34568`` is a straight when the 8s are wild (the 8 as 7), and no play
    when the 2s are: the environment refuses its id clearly, raw and wrapped."""
    rules = find_ruleset("laizi")
    ids = action_ids(rules)
    straight = ids.id_of_text("straight 34568", rules)
    assert ids.play(straight, rules.moves((RANKS.index("8"),))).reading == "straight:3:5"
    assert ids.play(straight, rules.moves((RANKS.index("2"),))) is None
    *hands, kitty = faces_for(rules.parse_ranks(text) for text in (
        "34568TTJJQQKKAA22", "33344455566677799", "78889TTJJQQKKAA22", "9BR"))
    for wild, legal in (("8", True), ("2", False)):
        deal = Deal.at_play(hands, kitty, 0, 1, rules, wild=(RANKS.index(wild),))
        aec = raw_env("laizi")
        aec.reset(options={"deal": deal})
        assert (straight in aec.legal_ids()) is legal
        if legal:
            aec.step(straight)
            assert aec.deal.history[-1][1].text == "straight 34568"
            continue
        with pytest.raises(IllegalActionError, match=r"straight 34568\) is not legal: "
                           r"straight 34568 is no straight with the wild ranks 2"):
            aec.step(straight)
        wrapped = env(ruleset="laizi")
        wrapped.reset(options={"deal": deal})
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            wrapped.step(straight)
        assert wrapped.rewards["seat_0"] == -1 and all(wrapped.terminations.values())


# ----------------------------------------------------------------- the environments

@pytest.mark.parametrize("ruleset", WILD)
@pytest.mark.parametrize("kwargs", [{}, {"auction": True, "doubling": True},
                                    {"observation_mode": "dict", "encoding": "history"}])
def test_pettingzoo_api(ruleset, kwargs):
    """Without a mask ``api_test`` samples any id of the space, which is illegal: the
    wrapped environment ends the deal with -1 for that agent, as PettingZoo's classic games
    do (the stepping tests below play legal ids)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(ruleset=ruleset, **kwargs), num_cycles=30)


@pytest.mark.parametrize("ruleset", WILD)
def test_gymnasium_env_checker(ruleset):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(gymnasium.make(GYM_ID, ruleset=ruleset).unwrapped)
        check_env(DouDizhuEnv(ruleset, seat=1, opponents="normal", auction=True,
                              observation_mode="dict"))


@settings(max_examples=15, deadline=None)
@given(seeds, st.sampled_from(WILD), st.booleans(), st.sampled_from(ENCODINGS),
       st.booleans())
def test_random_legal_ids_play_deals_out(seed, ruleset, auction, encoding, wrapped):
    """Deals stepped with random legal ids: every observation is in its space and is the
    seat view encoded; the seat to act has its legal ids (the engine's legal actions) and
    one row of features each, the others none; the deal ends with its scores."""
    rules = find_ruleset(ruleset, doubling=auction)
    aec = (env if wrapped else raw_env)(ruleset=rules, auction=auction, encoding=encoding)
    raw = aec.unwrapped
    encoder = Encoder(rules, encoding=encoding)
    ids = action_ids(rules)
    rng = random.Random(seed)
    aec.reset(seed=seed)
    steps, final = 0, {}
    for agent in aec.agent_iter():
        deal = raw.deal
        for seat, other in enumerate(raw.possible_agents):
            seen = aec.observe(other)
            assert raw.observation_space(other).contains(seen)
            assert np.array_equal(seen["observation"], encoder.encode(seat_view(deal, seat)))
            if other != agent or deal.is_over:
                assert seen["legal_ids"].shape == (0,)
                assert seen["legal_actions"].shape == (0, FEATURE_COUNT)
        obs, reward, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            final[agent] = reward
            aec.step(None)
            continue
        legal = deal.legal_actions()
        assert obs["legal_ids"].tolist() == [ids.id_of(a) for a in legal] == raw.legal_ids()
        rows = obs["legal_actions"]
        for action, row in zip(legal, rows, strict=True):
            if isinstance(action, Play) and not action.is_pass:
                assert row[COLUMN["kind"]][0] == action.kind
                assert row[COLUMN["main"]][0] == action.main
                assert row[COLUMN["cards"]].sum() == action.size
                wild = sum(count_of(action.cards, w) for w in deal.position.wild)
                assert row[COLUMN["wild"]].sum() == wild
                assert row[COLUMN["read"]].sum() == action.size
            else:
                assert not row.any()
        aec.step(int(rng.choice(obs["legal_ids"])))
        steps += 1
    assert steps and raw.deal.is_over
    scores = raw.deal.result.scores if raw.deal.result else [0] * rules.seats
    assert [final[a] for a in raw.possible_agents] == [float(s) for s in scores]


def test_the_gym_env_gives_legal_ids_in_info_and_refuses_clearly():
    game = DouDizhuEnv("tiandi", seat=0, opponents="easy", illegal_reward=None)
    _, info = game.reset(seed=4)
    assert set(info) == {"legal_ids", "legal_actions"} and len(info["legal_ids"])
    ids = action_ids(game.rules)
    with pytest.raises(IllegalActionError, match=r"action 7 \(single \(no cards\)\) is not legal"):
        game.step(7)
    with pytest.raises(ValueError, match="outside the action space"):
        game.step(len(ids))
    terminated = False
    while not terminated:
        _, reward, terminated, _, info = game.step(int(info["legal_ids"][-1]))
    assert reward == game.deal.result.scores[0]
    lose = DouDizhuEnv("laizi", opponents="random")
    lose.reset(seed=1)
    _, reward, terminated, _, info = lose.step(ids.id_of_text("rocket BR", lose.rules) - 1)
    assert terminated and reward == -1 and info["illegal_action"]


def test_the_encoder_of_a_wild_ruleset():
    """A bot's encoder gives the environment's ids and rows, reads an id back with the
    view, and has no mask."""
    rules = find_ruleset("laizi")
    deal = Deal.shuffled(3, rules=rules)
    rng = random.Random(3)
    encoder = Encoder(rules)
    aec = raw_env("laizi", auction=True)
    while not deal.is_over:
        view = seat_view(deal, deal.to_move)
        assert encoder.ids(view) == action_ids(rules).ids_of(view.legal)
        assert encoder.legal_actions(view).shape == (len(view.legal), FEATURE_COUNT)
        chosen = rng.choice(encoder.ids(view))
        assert encoder.action(chosen, view) == view.legal[encoder.ids(view).index(chosen)]
        deal.push(encoder.action(chosen, view))
    with pytest.raises(ValueError, match="too many for a mask"):
        encoder.mask(seat_view(deal, 0))
    with pytest.raises(ValueError, match="has an action mask"):
        Encoder("classic").legal_actions(seat_view(Deal.shuffled(1), 0))
    assert aec.wild and not raw_env("classic").wild


# ----------------------------------------------------------------- what an observation shows

@pytest.mark.parametrize("ruleset", WILD)
def test_the_wild_fields_end_the_vector(ruleset):
    for kind, size in ((Encoding, 173), (HistoryEncoding, 487)):
        encoding = kind(find_ruleset(ruleset))
        assert [f.name for f in encoding.fields][-2:] == ["wild", "top_read"]
        assert encoding.size == size
    assert Encoding(find_ruleset(ruleset)).layout["top_kind"].stop - \
        Encoding(find_ruleset(ruleset)).layout["top_kind"].start == 17
    for ruleset in ("classic", "rob", "four"):
        assert "wild" not in Encoding(find_ruleset(ruleset)).layout


@settings(max_examples=12, deadline=None)
@given(seeds, st.sampled_from(WILD), st.sampled_from(ENCODINGS))
def test_the_wild_ranks_show_once_drawn(seed, ruleset, encoding):
    """The ``wild`` field is the ranks drawn so far, ``top_read`` what the top reads as."""
    rules = find_ruleset(ruleset)
    aec = raw_env(ruleset, auction=True, encoding=encoding, observation_mode="dict")
    aec.reset(seed=seed)
    rng = random.Random(seed)
    for agent in aec.agent_iter():
        deal = aec.deal
        seen = aec.observe(agent)["observation"]
        assert np.flatnonzero(seen["wild"]).tolist() == sorted(deal.position.wild)
        assert len(deal.position.wild) == (rules.wild_before_auction
                                           if deal.phase is Phase.AUCTION else rules.wild_ranks) \
            or deal.phase is Phase.THROWN_IN
        top = deal.position.top
        want = [count_of(top.stands_for, r) for r in range(15)] if top else [0] * 15
        assert seen["top_read"].tolist() == want
        if deal.is_over:
            aec.step(None)
            continue
        aec.step(rng.choice(aec.legal_ids()))


@settings(max_examples=15, deadline=None)
@given(seeds, st.sampled_from(WILD), st.sampled_from(["summary", "history"]))
def test_laizis_wild_rank_is_in_no_observation_before_the_auction_ends(seed, ruleset, encoding):
    """Two deals that differ only in the wild rank drawn when the auction ends: every
    seat's observation, legal ids and rows are the same until then, and differ after."""
    rules = find_ruleset(ruleset)
    first = Deal.shuffled(seed, rules=rules)
    drawn = first.wild_draw
    other_rank = next(r for r in range(13) if r not in drawn)
    second = Deal(first.dealt, first.kitty_cards, first.opening, rules, first.suit_seed,
                  wild=(*drawn[:-1], other_rank))
    envs = []
    for deal in (first, second):
        aec = raw_env(ruleset, auction=True, encoding=encoding)
        aec.reset(options={"deal": deal})
        envs.append(aec)
    rng = random.Random(seed)
    while envs[0].deal.phase is Phase.AUCTION:
        for agent in envs[0].possible_agents:
            mine, theirs = (e.observe(agent) for e in envs)
            for key in mine:
                assert np.array_equal(mine[key], theirs[key]), key
        action = rng.choice(envs[0].legal_ids())
        for aec in envs:
            aec.step(action)
    if envs[0].deal.landlord >= 0:
        mine, theirs = (e.observe("seat_0")["observation"] for e in envs)
        assert not np.array_equal(mine, theirs)


@settings(max_examples=25, deadline=None)
@given(seeds, st.booleans(), st.sampled_from(WILD), st.sampled_from([Encoding, HistoryEncoding]))
def test_two_wild_deals_that_differ_in_hidden_cards_look_the_same(seed, auction, ruleset, kind):
    """As for the other rulesets (tests/test_env.py): a swap of two cards a seat cannot see
    changes nothing it observes, its legal ids and rows included."""
    rules = find_ruleset(ruleset)
    deal = random_deal(ruleset, seed, auction)
    rng = random.Random(seed)
    for _ in range(rng.randrange(40)):
        if deal.is_over:
            break
        deal.push(rng.choice(deal.legal_actions()))
    if deal.is_over:
        return
    encoding = kind(rules)
    for seat in range(rules.seats):
        other = hidden_swap(deal, seat, rng)
        if other is None:
            continue
        mine = encoding.from_deal(deal, seat, encoding.tracker())
        assert np.array_equal(mine, encoding.from_deal(other, seat, encoding.tracker()))
        assert np.array_equal(encoding.from_view(seat_view(other, seat)), mine)
        if seat == deal.to_move:
            observed = []
            for one in (deal, other):
                aec = raw_env(ruleset)
                aec.reset(options={"deal": one})
                observed.append(aec.observe(f"seat_{seat}"))
            for key in ("legal_ids", "legal_actions"):
                assert np.array_equal(observed[0][key], observed[1][key])


# ----------------------------------------------------------------- the other rulesets

OBSERVED = {
    # ruleset, encoding: sha256 of every seat's vector at every step of three seeded deals
    ("classic", "summary"): "b6a15b53079782f068c372bdc3700e3f86fb9438a66f6a5accbf7f1f47b6a2d4",
    ("classic", "history"): "5208d65fed04c802f4def0081e9596c2d83dc36e4e9d423e30f4c78219550c25",
    ("rob", "summary"): "ad29cbdc654475947755da2655521b6ecb66c9511b1f7c0c54f3029b939b74af",
    ("rob", "history"): "1efae298a72d0f183527d00efc6a4d7217e1492e231d4421505e7a817770ad09",
    ("four", "summary"): "e1c3e7459a8796581c4672f4ceace371d15dc9d3a6086cb67e643ae4f04599c4",
    ("four", "history"): "e956c4eb74e480174a2493dd65aee5b510a408d2e90686df38c4ab68a8f7b806",
}


@pytest.mark.parametrize(("ruleset", "encoding"), sorted(OBSERVED))
def test_the_rulesets_without_wild_cards_are_observed_as_before(ruleset, encoding):
    """Their vectors, byte for byte, as before the wild fields existed (from the view and
    from the deal)."""
    rules = find_ruleset(ruleset, doubling=True)
    encoder = Encoder(rules, encoding=encoding)
    digest = hashlib.sha256()
    for seed in range(3):
        deal, rng = Deal.shuffled(seed, rules=rules), random.Random(seed)
        while True:
            for seat in range(deal.seats):
                vector = encoder.encode(seat_view(deal, seat))
                assert np.array_equal(vector, encoder.encode_deal(deal, seat))
                digest.update(vector.tobytes())
            if deal.is_over:
                break
            deal.push(rng.choice(deal.legal_actions()))
    assert digest.hexdigest() == OBSERVED[ruleset, encoding]


def test_the_action_ids_of_a_play_are_refused_without_the_deals_moves():
    ids = action_ids(find_ruleset("laizi"))
    with pytest.raises(ValueError, match="depends on the deal's wild ranks"):
        ids.action(ids.id_of_text("pair 33", find_ruleset("laizi")))
    with pytest.raises(IndexError, match="no play id"):
        ids.kind_and_cards(3)
    with pytest.raises(KeyError, match="no action of laizi"):
        ids.id_of(find_ruleset("four").parse_play("pair BB"))
    with pytest.raises(InvalidPlayError, match="no pair with the wild ranks"):
        ids.action(ids.id_of_text("pair 34", find_ruleset("laizi")), find_ruleset("laizi").moves())
    with pytest.raises(InvalidPlayError, match="no pair with the wild ranks 8: a wild card "
                       "stands for any rank 3 to 2, never a joker"):
        ids.action(ids.id_of_text("pair 8B", find_ruleset("laizi")),
                   find_ruleset("laizi").moves((5,)))


def test_an_episode_starts_from_a_wild_deals_record_or_position():
    """A record of ``laizi`` names its wild rank, and the episode has it; a position
    names it too (``wild:8``), and one without it says so."""
    from dizhu.record import deal_to_json

    rules = find_ruleset("laizi")
    deal, rng = Deal.shuffled(5, rules=rules), random.Random(5)
    while not deal.is_over:
        deal.push(rng.choice(deal.legal_actions()))
    aec = raw_env("laizi", auction=True)
    aec.reset(options={"record": deal_to_json(deal), "step": 10})
    assert aec.deal.history == deal.history[:10] and aec.deal.wild_draw == deal.wild_draw
    assert aec.legal_ids() == action_ids(rules).ids_of(aec.deal.legal_actions())
    aec = raw_env("laizi")
    aec.reset(options={"position": "33445/6789TT/JQKA22 0 1 0:pair:44 wild:8"})
    assert aec.deal.position.wild == (RANKS.index("8"),)
    assert aec.observe("seat_1")["observation"][-30:-15].tolist() == \
        [float(r == RANKS.index("8")) for r in range(15)]
    with pytest.raises(ValueError, match="laizi has one wild rank, not 0"):
        aec.reset(options={"position": "33445/6789TT/JQKA22 0 1 0:pair:44"})


@pytest.mark.parametrize("ruleset", WILD)
def test_the_legal_ids_and_their_actions_are_worked_out_once_per_state(ruleset, monkeypatch):
    """``legal_ids`` keeps a state's ids (and, with wild cards, their actions) until the
    next step or a deal taken back: one working out however often the agent asks."""
    e = raw_env(ruleset)
    e.reset(seed=11)
    calls = []
    legal = e.table.legal
    monkeypatch.setattr(e.table, "legal", lambda deal: calls.append(1) or legal(deal))
    for _ in range(5):
        first = e.legal_ids()
        observed = e.observe(e.agent_selection)
        assert e.legal_ids() is first and list(observed["legal_ids"]) == first
        assert len(calls) == 1
        assert [a.text if isinstance(a, Play) else a for a in e._legal_actions] == \
            [a.text if isinstance(a, Play) else a for a in e.deal.legal_actions()]
        e.step(first[-1])
        calls.clear()
    e.deal.pop()
    assert e.legal_ids() == e.table.ids_of(e.deal.legal_actions()) and len(calls) == 1
