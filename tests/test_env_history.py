"""The ``history`` observation (``encoding="history"``): the ecosystem's API checkers for
every ruleset, the vector equal to the encoding of the seat's view at every step, and
documented field by field (that it is blind to cards the seat cannot see is checked with
the summary's, in test_env.py)."""

from __future__ import annotations

import random
import re
import warnings
from pathlib import Path

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test

from dizhu.cards import parse_ranks
from dizhu.combos import Play
from dizhu.env import GYM_ID, DouDizhuEnv, HistoryEncoding, env, raw_env
from dizhu.env.history import RECENT
from dizhu.position import Position
from dizhu.rulesets import find_ruleset
from dizhu.view import seat_view
from tests.strategies import seeds
from tests.test_env import legal_of

REPO = Path(__file__).resolve().parents[1]
RULESETS = ("classic", "rob", "four")


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("kwargs", [{}, {"auction": True, "doubling": True},
                                    {"observation_mode": "dict"}])
def test_the_api_checkers_pass_with_the_history(ruleset, kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(ruleset=ruleset, encoding="history", **kwargs), num_cycles=60)
        check_env(gymnasium.make(GYM_ID, ruleset=ruleset, encoding="history", **kwargs).unwrapped)


@pytest.mark.parametrize("encoding", ["history", "summary"])
@settings(max_examples=40, deadline=None)
@given(seeds, st.booleans(), st.sampled_from(RULESETS), st.booleans())
def test_the_history_is_the_seat_views_encoded(encoding, seed, auction, ruleset,
                                               from_position):
    """At every step of random deals (from a position too, with cards set aside), every
    seat's observation is the encoding of its seat view, and inside the space (the
    summary's too, for the deals from a position)."""
    rules = find_ruleset(ruleset, doubling=auction)
    aec = raw_env(rules, auction=auction and not from_position, encoding=encoding)
    encoding = aec.observer.encoding
    space = aec.observation_space("seat_0")["observation"]
    rng = random.Random(seed)
    aec.reset(seed=seed)
    if from_position:
        deal = aec.deal
        for _ in range(rng.randrange(60)):
            if deal.is_over:
                break
            deal.push(rng.choice(deal.legal_actions()))
        if deal.is_over:  # a position is one of play, not a finished one
            deal.pop()
        position = Position(rules, deal.hands[:], deal.landlord, deal.to_move, deal.top,
                            deal.top_seat)
        aec.reset(options={"position": position})
    for _ in aec.agent_iter():
        for seat, agent in enumerate(aec.possible_agents):
            got = aec.observe(agent)["observation"]
            assert np.array_equal(got, encoding.from_view(seat_view(aec.deal, seat)))
            assert space.contains(got)
        obs, _, terminated, truncated, _ = aec.last()
        aec.step(None if terminated or truncated else rng.choice(legal_of(obs["action_mask"])))


def test_the_fields_say_what_was_played_and_by_whom():
    aec = raw_env("classic", landlord=0, encoding="history", observation_mode="dict")
    aec.reset(options={"hands": ["3334567899TJQKA2B", "4456789TTJQKA22RQ", "45566778JJQKKAA28"],
                       "kitty": "39T"})
    deal = aec.deal
    for text in ("single 3", "single 4", "pass", "single 9"):
        deal.push(deal.rules.parse_play(text))
    seen = aec.observe("seat_2")["observation"]  # seat 2: seat 0 is its entry 1
    assert seen["last_move"][1].tolist() == [0] * 6 + [1] + [0] * 8  # seat 0's 9
    assert seen["last_move"][2].tolist() == [0, 1] + [0] * 13  # seat 1's 4
    assert seen["passed"].tolist() == [1, 0, 0]  # seat 2 itself passed
    assert [row.argmax() for row in seen["recent"][-4:]] == [0, 1, 0, 6]  # 3, 4, pass, 9
    assert not seen["recent"][-2].any() and not seen["recent"][:-4].any()
    assert seen["recent_seat"][-4:].tolist() == [[0, 1, 0], [0, 0, 1], [1, 0, 0], [0, 1, 0]]
    assert not seen["recent_seat"][:-4].any()
    assert seen["top"].tolist() == seen["last_move"][1].tolist()
    hand = parse_ranks("45566778JJQKKAA28")
    assert seen["others"].sum() == 54 - 17 - 3  # what seats 0 and 1 hold between them
    assert seen["hand"].sum() == 17 and hand
    assert seen["bombs"].tolist() == [0] and seen["stake"].tolist() == [1]
    assert isinstance(deal.history[-1][1], Play)


def test_the_recent_plays_keep_the_last_ones():
    aec = raw_env("classic", encoding="history", observation_mode="dict")
    aec.reset(seed=2)
    rng = random.Random(2)
    while len(aec.deal.history) < RECENT + 5 and not aec.deal.is_over:
        aec.step(rng.choice(aec.legal_ids()))
    agent = aec.agent_selection
    seat = aec.possible_agents.index(agent)
    seen = aec.observe(agent)["observation"]
    for k, (s, action) in enumerate(aec.deal.history[-RECENT:]):
        assert seen["recent_seat"][k].argmax() == (s - seat) % 3
        assert seen["recent"][k].sum() == action.size


def test_every_field_is_documented_with_its_shape():
    docs = (REPO / "docs" / "env.md").read_text()
    table = docs[docs.index("encoding=\"history\""):]
    for ruleset in RULESETS:
        encoding = HistoryEncoding(find_ruleset(ruleset))
        assert sum(f.size for f in encoding.fields) == encoding.size == len(encoding.high)
    for f in HistoryEncoding(find_ruleset("classic")).fields:
        assert re.search(rf"\| `{f.name}` \| [^|]+ \| [^|]+ \|", table), f.name
    sizes = {r: HistoryEncoding(find_ruleset(r)).size for r in RULESETS}
    assert sizes == {"classic": 457, "rob": 454, "four": 512}
    assert "`classic` vectors have 457 numbers, `rob` 454, `four` 512" in docs


def test_the_gym_environment_observes_the_history():
    game = DouDizhuEnv("four", seat=3, opponents="easy", encoding="history")
    obs, info = game.reset(seed=1)
    want = game.observer.encoding.from_view(seat_view(game.deal, 3))
    assert np.array_equal(obs, want)
    obs, *_ = game.step(legal_of(info["action_mask"])[0])
    assert np.array_equal(obs, game.observer.encoding.from_view(seat_view(game.deal, 3)))
