"""The environment's step with the compiled core (``dizhu._ccore.EnvStep``: legal ids,
observation, mask and push in C) against its pure-Python methods: the same ids, the same
observation and mask bytes, the same rewards and terminations, the same refusals, at every
step of random episodes of every ruleset, start and encoding."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dizhu import core
from dizhu.encoding import ENCODINGS
from dizhu.encoding.observer import deal_observer
from dizhu.env import raw_env
from dizhu.position import IllegalActionError
from tests.strategies import seeds
from tests.test_encoding_cores import RULESETS, a_start

pytestmark = pytest.mark.skipif(core.NAME != "compiled", reason="the compiled core does not run")

PURE = ("legal_ids", "observe", "_push_legal", "step", "last")
"""The methods the compiled core replaces on each environment."""


def twins(ruleset: str, encoding: str, auction: bool, mode: str = "flat",
          doubling: bool = False) -> tuple[raw_env, raw_env]:
    """An environment as it runs, and one with the pure-Python methods and observer."""
    compiled, pure = (raw_env(ruleset, auction=auction, encoding=encoding,
                              observation_mode=mode, doubling=doubling) for _ in range(2))
    assert all(name in compiled.__dict__ for name in PURE)
    for name in PURE:
        del pure.__dict__[name]
    if mode == "flat":
        pure._observe = deal_observer(pure.observer.encoding, compiled=False)
    return compiled, pure


def same_observations(compiled: raw_env, pure: raw_env) -> None:
    for agent in compiled.possible_agents:
        got, want = compiled.observe(agent), pure.observe(agent)
        assert got.keys() == want.keys()
        mask = got["action_mask"]
        assert type(mask) is type(want["action_mask"]) and mask.dtype == np.int8
        assert mask.tobytes() == want["action_mask"].tobytes()
        if isinstance(want["observation"], dict):
            assert all(got["observation"][k].tobytes() == v.tobytes()
                       for k, v in want["observation"].items())
        else:
            assert got["observation"].tobytes() == want["observation"].tobytes()


def same_state(compiled: raw_env, pure: raw_env) -> None:
    assert compiled.agent_selection == pure.agent_selection
    assert compiled.agents == pure.agents
    for name in ("rewards", "_cumulative_rewards", "terminations", "truncations", "infos"):
        assert getattr(compiled, name) == getattr(pure, name)


@settings(max_examples=30, deadline=None)
@given(seed=seeds, ruleset=st.sampled_from(RULESETS), encoding=st.sampled_from(ENCODINGS),
       start=st.sampled_from(("auction", "play", "position")), doubling=st.booleans())
def test_the_compiled_step_is_the_pure_one(seed, ruleset, encoding, start, doubling):
    """Every seat's observation and mask at every step, the legal ids, the rewards and
    terminations, and an illegal id refused with the same message, the deal unchanged."""
    rng = random.Random(seed)
    compiled, pure = twins(ruleset, encoding, auction=start == "auction", doubling=doubling)
    deal = a_start(rng, ruleset, doubling, start)
    for env in (compiled, pure):
        env.reset(options={"deal": deal})
    for _ in compiled.agent_iter():
        same_state(compiled, pure)
        same_observations(compiled, pure)
        got, want = compiled.last(), pure.last()
        assert got[1:] == want[1:] and got[0]["action_mask"].tobytes() == \
            want[0]["action_mask"].tobytes()
        assert compiled.last(False) == pure.last(observe=False) == (None, *want[1:])
        assert compiled.last(observe=False) == pure.last(False)
        ids = compiled.legal_ids()
        assert ids == pure.legal_ids() and compiled.legal_ids() is ids
        if compiled.terminations[compiled.agent_selection]:
            action = None
        else:
            action = rng.choice(ids)
            others = [i for i in range(60) if i not in ids]  # bids, doubles, pass, plays
            if others and rng.random() < 0.2:
                wrong = rng.choice(others)
                errors = []
                for env in (compiled, pure):
                    with pytest.raises(IllegalActionError) as caught:
                        env.step(wrong)
                    errors.append(str(caught.value))
                assert errors[0] == errors[1]
                assert compiled.deal.history == pure.deal.history
        for env in (compiled, pure):
            env.step(action)
    same_state(compiled, pure)
    assert compiled.deal.history == pure.deal.history


@pytest.mark.parametrize("mode", ["dict", "view"])
def test_the_other_observation_modes_go_through_the_compiled_step(mode):
    """The compiled observe hands the deal to the observer of any mode."""
    compiled, pure = twins("classic", "summary", auction=True, mode=mode)
    for env in (compiled, pure):
        env.reset(seed=3)
    rng = random.Random(3)
    for _ in compiled.agent_iter():
        if mode == "dict":
            same_observations(compiled, pure)
        else:
            for agent in compiled.possible_agents:
                got, want = compiled.observe(agent), pure.observe(agent)
                assert got["observation"] == want["observation"]
                assert got["action_mask"].tobytes() == want["action_mask"].tobytes()
        action = None if compiled.terminations[compiled.agent_selection] else \
            rng.choice(compiled.legal_ids())
        for env in (compiled, pure):
            env.step(action)
    same_state(compiled, pure)


def test_the_compiled_step_hands_the_rest_to_python():
    """Ids outside the space and a dead agent's step go to the Python step, which says why,
    with nothing changed; ``last`` takes one argument."""
    env = raw_env()
    env.reset(seed=4)
    before = env.deal.history_state()
    for wrong in (-1, env.table.size, 1.0, "3", None):
        with pytest.raises(ValueError):
            env.step(wrong)
    assert env.deal.history_state() == before
    env.step(np.int64(env.legal_ids()[0]))
    assert len(env.deal.history) == 1
    with pytest.raises(TypeError):
        env.last(True, True, True)
    with pytest.raises(TypeError):
        env.last(nothing=True)


def test_the_compiled_step_follows_a_new_deal_and_a_takeback():
    """The legal ids are those of the state now: a reset (another deal) and a deal taken
    back by hand (the same history's length, another version) are new states."""
    env = raw_env()
    env.reset(seed=1)
    first = env.legal_ids()
    env.reset(seed=2)
    assert env.legal_ids() == env.table.legal_ids(env.deal)
    assert env.legal_ids() is not first
    env.step(env.legal_ids()[0])
    played = env.deal.pop()
    again = env.legal_ids()
    assert again == env.table.legal_ids(env.deal)
    env.deal.push(played)
    assert env.legal_ids() == env.table.legal_ids(env.deal)
    with pytest.raises(KeyError):
        env.observe("seat_9")
