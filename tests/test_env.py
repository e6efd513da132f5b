"""The learning environments: the ecosystem's API checks, masks against the engine,
records, seeding, rewards, the auction option and observations that hide what they must."""

from __future__ import annotations

import random
import re
import subprocess
import sys
import warnings
from pathlib import Path

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test

from dizhu.actions import action_ids
from dizhu.auction import PASS_BID
from dizhu.cards import card_rank
from dizhu.deal import Deal, Phase
from dizhu.env import GYM_ID, DouDizhuEnv, Encoding, HistoryEncoding, env, raw_env
from dizhu.env.core import Observer, new_deal
from dizhu.env.encoding import PlayedCards
from dizhu.record import deal_to_record, replay, starts_at_play
from dizhu.rulesets import find_ruleset
from dizhu.view import SeatView, seat_view
from tests.strategies import seeds

REPO = Path(__file__).resolve().parents[1]
RULESETS = ("classic", "rob", "four")
WILD = ("laizi", "tiandi")
"""The rulesets with wild cards: no mask (tests/test_wild_env.py), the same encodings."""


def legal_of(mask: np.ndarray) -> list[int]:
    return np.flatnonzero(mask.view(np.bool_)).tolist()


def play_out(aec, rng: random.Random) -> tuple[list[int], dict[str, float]]:
    """One deal with uniform random legal ids; the ids taken and each agent's last reward."""
    taken, final = [], {}
    for agent in aec.agent_iter():
        obs, reward, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            final[agent] = reward
            aec.step(None)
            continue
        action = rng.choice(legal_of(obs["action_mask"]))
        taken.append(action)
        aec.step(action)
    return taken, final


# ----------------------------------------------------------------- the API checkers

@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("kwargs", [{}, {"auction": True, "doubling": True},
                                    {"observation_mode": "dict", "reward": "win"}])
def test_pettingzoo_api(ruleset, kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice on dict observations, as for chess
        api_test(env(ruleset=ruleset, **kwargs), num_cycles=60)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_gymnasium_env_checker(ruleset):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(gymnasium.make(GYM_ID, ruleset=ruleset).unwrapped)
        check_env(DouDizhuEnv(ruleset, seat=1, opponents="easy", auction=True,
                              observation_mode="dict"))


def test_the_gym_id_is_registered_on_import():
    made = gymnasium.make(GYM_ID, ruleset="four", seat=2, opponents=["random", "easy", "random"])
    assert isinstance(made.unwrapped, DouDizhuEnv)
    assert made.unwrapped.rules.name == "four" and made.unwrapped.seat == 2
    assert made.action_space.n == len(action_ids(find_ruleset("four")))


# ----------------------------------------------------------------- masks and actions

@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("auction", [False, True])
def test_masks_are_the_engines_legal_actions(ruleset, auction):
    """Thousands of random steps: the mask of the seat to act is exactly the ids of
    ``deal.legal_actions()``, every other seat's mask is empty."""
    rules = find_ruleset(ruleset, doubling=auction)
    ids = action_ids(rules)
    aec = raw_env(rules, auction=auction)
    rng = random.Random(ruleset)
    steps = 0
    aec.reset(seed=5)
    while steps < 1500:
        aec.reset()
        for agent in aec.agent_iter():
            obs, _, terminated, truncated, _ = aec.last()
            if terminated or truncated:
                aec.step(None)
                continue
            deal = aec.deal
            assert agent == f"seat_{deal.to_move}"
            want = sorted(ids.id_of(a) for a in deal.legal_actions())
            assert legal_of(obs["action_mask"]) == want
            assert obs["action_mask"].dtype == np.int8
            for other in aec.agents:
                if other != agent:
                    assert not aec.observe(other)["action_mask"].any()
            aec.step(rng.choice(want))
            steps += 1


def test_an_illegal_action_is_the_engines_refusal_raw_and_a_loss_wrapped():
    aec = raw_env()
    aec.reset(seed=1)
    obs = aec.observe(aec.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="play"):
        aec.step(illegal)
    wrapped = env()
    wrapped.reset(seed=1)
    agent = wrapped.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wrapped.step(illegal)
    assert wrapped.terminations[agent] and wrapped.rewards[agent] == -1


def test_an_episode_replays_to_the_engines_record():
    """The ids an agent took, applied to the dealt cards, give the deal's record again."""
    for ruleset, auction in (("classic", False), ("rob", True), ("four", True)):
        rules = find_ruleset(ruleset, doubling=True)
        ids = action_ids(rules)
        aec = raw_env(rules, auction=auction)
        for seed in range(4):
            aec.reset(seed=seed)
            taken, _ = play_out(aec, random.Random(seed))
            record = deal_to_record(aec.deal)
            events = record["events"]
            start = replay({**record, "events": events[:2 if starts_at_play(events) else 1]})
            for action_id in taken:
                start.push(ids.action(action_id))
            assert start.history == aec.deal.history
            assert deal_to_record(replay(record)) == record
            without_cards = [{k: v for k, v in e.items() if k != "cards"} for e in events]
            assert [{k: v for k, v in e.items() if k != "cards"}
                    for e in deal_to_record(start)["events"]] == without_cards



@pytest.mark.parametrize("action", [27_861, -1, 10**9, 2.5, "3", None])
def test_an_action_outside_the_space_is_refused_clearly(action):
    """Not a bare IndexError (nor, for -1, the last id taken silently, nor the wrappers'
    bare assert): a ValueError that names the action and the space, in both environments,
    whatever ``illegal_reward``."""
    for game in (DouDizhuEnv(), DouDizhuEnv(illegal_reward=None)):
        game.reset(seed=1)
        with pytest.raises(ValueError, match=r"action .*0\.\.27860"):
            game.step(action)
    for aec in (raw_env(), env()):
        aec.reset(seed=1)
        with pytest.raises(ValueError, match=r"action .*0\.\.27860"):
            aec.step(action)
        assert aec.unwrapped.deal.history == []


def test_an_illegal_action_says_which_and_why():
    for strict in (DouDizhuEnv(illegal_reward=None), raw_env()):
        if isinstance(strict, DouDizhuEnv):
            _, info = strict.reset(seed=1)
            mask = info["action_mask"]
        else:
            strict.reset(seed=1)
            mask = strict.observe(strict.agent_selection)["action_mask"]
        illegal = int(np.flatnonzero(mask == 0)[-1])
        text = strict.table.ids.text(illegal)
        with pytest.raises(ValueError, match=rf"action {illegal} \({re.escape(text)}\) is not "
                                             "legal"):
            strict.step(illegal)


def test_legal_ids_are_the_masks_ids_in_the_engines_order():
    """``raw_env.legal_ids()``: the ids of the seat to act's legal actions, in the order of
    ``deal.legal_actions()`` (the pass first when following); empty once the deal is over;
    documented."""
    aec = raw_env("rob", auction=True)
    rng = random.Random(3)
    aec.reset(seed=3)
    for _ in aec.agent_iter():
        obs, _, terminated, truncated, _ = aec.last()
        ids = aec.legal_ids()
        assert ids == aec.table.ids_of(aec.deal.legal_actions())
        assert sorted(ids) == legal_of(obs["action_mask"])
        if terminated or truncated:
            assert ids == []
            aec.step(None)
        else:
            aec.step(rng.choice(ids))
    assert "legal_ids()" in (REPO / "docs" / "env.md").read_text()
    assert "pass first" in raw_env.legal_ids.__doc__


@pytest.mark.parametrize("wrapped", [False, True])
def test_the_mask_is_fast_with_plain_numpy(wrapped):
    """The mask is an int8 array (Gymnasium's masks are) whose nonzero reads it as booleans,
    as NumPy does many times faster: ``np.flatnonzero(mask)``, ``np.nonzero``,
    ``mask.nonzero()``, ``np.where(mask)`` and ``np.argwhere`` give the legal ids without a
    ``.view(bool)``; arrays made from it by arithmetic are read as numbers still."""
    aec = env() if wrapped else raw_env()
    aec.reset(seed=2)
    mask = aec.observe(aec.agent_selection)["action_mask"]
    game = DouDizhuEnv()
    _, info = game.reset(seed=2)
    for m, want in ((mask, aec.unwrapped.legal_ids()),
                    (info["action_mask"], game.table.ids_of(game.deal.legal_actions()))):
        assert m.dtype == np.int8 and isinstance(m, np.ndarray)
        want = sorted(want)
        for found in (np.flatnonzero(m), np.nonzero(m)[0], m.nonzero()[0], np.where(m)[0],
                      np.argwhere(m)[:, 0], np.flatnonzero(np.ravel(m))):
            assert found.tolist() == want
        assert np.flatnonzero(m * 2).tolist() == want
        assert np.flatnonzero(m - 1).size == m.size - len(want)
        assert np.flatnonzero(m.astype(np.float32)).tolist() == want
        # the fast path: NumPy's nonzero of a boolean view, not its loop over int8
        assert type(m).nonzero is not np.ndarray.nonzero


def test_the_wrapped_environment_reads_the_deal_without_pettingzoos_getattr_chain(monkeypatch):
    """``env()`` keeps PettingZoo's wrappers (order, bounds, illegal actions), but what the
    AEC loop reads on every step (the agent to act, rewards, terminations, ...) does not go
    down through each wrapper's ``__getattr__``: a wrapped step costs little more than a raw
    one."""
    from pettingzoo.utils.wrappers import (
        AssertOutOfBoundsWrapper,
        BaseWrapper,
        OrderEnforcingWrapper,
        TerminateIllegalWrapper,
    )

    aec = env()
    layers, inner = [], aec
    while hasattr(inner, "env"):
        layers.append(type(inner))
        inner = inner.env
    wanted = (OrderEnforcingWrapper, AssertOutOfBoundsWrapper, TerminateIllegalWrapper)
    assert len(layers) == 3
    assert all(issubclass(t, w) for t, w in zip(layers, wanted, strict=True))
    assert str(aec) == "dizhu_v0"  # named as PettingZoo's wrappers name it
    with pytest.raises(AttributeError, match="before reset"):
        aec.agent_selection  # noqa: B018
    reads = []
    real = BaseWrapper.__getattr__

    def counted(self, name):
        reads.append(name)
        return real(self, name)

    monkeypatch.setattr(BaseWrapper, "__getattr__", counted)
    aec.reset(seed=4)
    steps, _ = play_out(aec, random.Random(4))
    assert steps and reads == []


# ----------------------------------------------------------------- seeding and rewards

def episode(aec, seed: int) -> list:
    aec.reset(seed=seed)
    rng = random.Random(seed)
    out = []
    for agent in aec.agent_iter():
        obs, reward, terminated, truncated, _ = aec.last()
        out.append((agent, obs["observation"].tolist(), legal_of(obs["action_mask"]), reward))
        if terminated or truncated:
            aec.step(None)
        else:
            aec.step(rng.choice(out[-1][2]))
    return out


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_seed_gives_the_same_episode(ruleset):
    one, two = raw_env(ruleset, auction=True), raw_env(ruleset, auction=True)
    assert episode(one, 11) == episode(two, 11)
    assert episode(one, 11) == episode(one, 11)
    assert episode(one, 12) != episode(two, 11)
    play_only = raw_env(ruleset)
    play_only.reset(seed=3)
    landlords = set()
    for _ in range(20):  # without a seed, reset goes on with the seeded stream
        play_only.reset()
        landlords.add(play_only.deal.landlord)
    assert len(landlords) > 1  # a random landlord per deal unless one is chosen
    fixed = raw_env(ruleset, landlord=1)
    fixed.reset(seed=3)
    assert fixed.deal.landlord == 1 and fixed.agent_selection == "seat_1"


def test_a_seed_gives_the_same_gym_episode_with_bots():
    def run(seed):
        game = DouDizhuEnv("classic", seat=1, opponents="normal", auction=True)
        obs, info = game.reset(seed=seed)
        rng, out = random.Random(seed), [obs.tolist()]
        terminated = False
        while not terminated:
            obs, reward, terminated, _, info = game.step(rng.choice(legal_of(info["action_mask"])))
            out.append((obs.tolist(), reward))
        return out, deal_to_record(game.deal)

    assert run(4) == run(4)
    assert run(4) != run(5)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_rewards_are_the_deals_scores(ruleset):
    for auction in (False, True):
        rules = find_ruleset(ruleset, doubling=auction)
        points, wins = raw_env(rules, auction=auction), raw_env(rules, auction=auction,
                                                                  reward="win")
        for seed in range(12):
            points.reset(seed=seed)
            wins.reset(seed=seed)
            _, final = play_out(points, random.Random(seed))
            _, won = play_out(wins, random.Random(seed))
            result = points.deal.result
            if result is None:  # thrown in: no score
                assert points.deal.phase is Phase.THROWN_IN
                assert set(final.values()) == {0} and set(won.values()) == {0}
                continue
            assert [final[f"seat_{s}"] for s in range(rules.seats)] == list(result.scores)
            assert sum(final.values()) == 0
            landlord = result.landlord
            for s in range(rules.seats):
                side_won = (s == landlord) == result.landlord_won
                assert won[f"seat_{s}"] == (1 if side_won else -1)
                assert (result.scores[s] > 0) == side_won


def test_the_gym_reward_is_the_seats_score():
    for seat in range(3):
        game = DouDizhuEnv("rob", seat=seat, opponents="easy", auction=True)
        _, info = game.reset(seed=seat)
        rng, total, terminated = random.Random(seat), 0.0, False
        while not terminated:
            _, reward, terminated, _, info = game.step(rng.choice(legal_of(info["action_mask"])))
            total += reward
        result = game.deal.result
        assert total == (0 if result is None else result.scores[seat])
        with pytest.raises(gymnasium.error.ResetNeeded):
            game.step(0)
    game = DouDizhuEnv()
    _, info = game.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = game.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1, True, True)
    with pytest.raises(gymnasium.error.ResetNeeded):
        game.step(illegal)
    strict = DouDizhuEnv(illegal_reward=None)
    strict.reset(seed=1)
    with pytest.raises(ValueError, match="play"):
        strict.step(illegal)


def test_the_auction_option():
    """Bids, calls, robs and doubles are actions; without the option play starts at once."""
    for ruleset in RULESETS:
        rules = find_ruleset(ruleset, doubling=True)
        ids = action_ids(rules)
        aec = raw_env(rules, auction=True)
        aec.reset(seed=2)
        assert aec.deal.phase is Phase.AUCTION and aec.deal.landlord == -1
        kinds = set()
        for seed in range(30):
            aec.reset(seed=seed)
            taken, _ = play_out(aec, random.Random(seed))
            kinds |= {type(ids.action(a)).__name__ for a in taken}
        assert kinds == {"Bid", "Double", "Play"}
        aec.reset(seed=4)  # every seat passes: thrown in, each episode ends scoring 0
        for _ in range(rules.seats):
            aec.step(ids.id_of(PASS_BID))
        assert aec.deal.phase is Phase.THROWN_IN
        assert all(aec.terminations.values()) and set(aec.rewards.values()) == {0}
        play_only = raw_env(rules)
        play_only.reset(seed=2)
        assert play_only.deal.phase is Phase.PLAY and not play_only.deal.bids
        assert play_only.deal.left[play_only.deal.landlord] == rules.hand_size + rules.kitty_size


# ----------------------------------------------------------------- observations

def test_the_layout_covers_the_vector():
    for ruleset in RULESETS:
        rules = find_ruleset(ruleset)
        encoding = Encoding(rules)
        starts = [encoding.layout[f.name].start for f in encoding.fields]
        assert starts[0] == 0 and starts == sorted(starts)
        assert sum(f.size for f in encoding.fields) == encoding.size == len(encoding.high)
        assert encoding.size == {"classic": 141, "rob": 138, "four": 166}[ruleset]  # docs/env.md
        assert encoding.layout["bids"].stop - encoding.layout["bids"].start == \
            rules.seats * len(rules.auction.answers)


@settings(max_examples=40, deadline=None)
@given(seeds, st.booleans(), st.sampled_from(RULESETS + WILD))
def test_the_encoding_is_a_function_of_the_seat_view(seed, auction, ruleset):
    """From the deal (the fast path) or from the seat view, the same vector, at every step
    of a random deal, for every seat; and it is inside the space."""
    rules = find_ruleset(ruleset, doubling=auction)
    encoding = Encoding(rules)
    played = PlayedCards(rules.seats)
    aec = raw_env(rules, auction=auction)
    aec.reset(seed=seed)
    deal = aec.deal
    rng = random.Random(seed)
    space = aec.observation_space("seat_0")["observation"]
    while True:
        for seat in range(rules.seats):
            fast = encoding.from_deal(deal, seat, played.of(deal))
            assert np.array_equal(fast, encoding.from_view(seat_view(deal, seat)))
            assert space.contains(fast)
        if deal.is_over:
            break
        deal.push(rng.choice(deal.legal_actions()))


def hidden_swap(deal: Deal, seat: int, rng: random.Random) -> Deal | None:
    """The same deal and history with two cards of different ranks exchanged between two
    other seats' unplayed cards (the landlord's from its dealt hand, not the kitty; before
    the kitty is shown, the kitty's too): what ``seat`` cannot see differs, nothing else."""
    places = []
    for s in range(deal.seats):
        if s != seat:
            places += [(s, c) for c in deal.held_cards(s) if c in deal.dealt[s]]
    if deal.landlord < 0:
        places += [(-1, c) for c in deal.kitty_cards]
    rng.shuffle(places)
    for (s1, c1) in places:
        for (s2, c2) in places:
            if s1 != s2 and card_rank(c1) != card_rank(c2):
                break
        else:
            continue
        break
    else:
        return None
    hands = [list(h) for h in deal.dealt]
    kitty = list(deal.kitty_cards)
    for where, old, new in ((s1, c1, c2), (s2, c2, c1)):
        cards = kitty if where < 0 else hands[where]
        cards[cards.index(old)] = new
    if deal.bids or deal.landlord < 0:
        other = Deal(hands, kitty, deal.opening, deal.rules, deal.suit_seed)
    else:
        other = Deal.at_play(hands, kitty, deal.landlord, deal.auction_state.stake, deal.rules,
                             deal.suit_seed)
    for _, action in deal.history:
        other.push(action)
    return other


@pytest.mark.parametrize("kind", [Encoding, HistoryEncoding])
@settings(max_examples=40, deadline=None)
@given(seeds, st.booleans(), st.sampled_from(RULESETS + WILD))
def test_two_deals_that_differ_in_hidden_cards_look_the_same(kind, seed, auction, ruleset):
    """In either encoding (the summary or the history)."""
    rules = find_ruleset(ruleset)
    aec = raw_env(rules, auction=auction)
    aec.reset(seed=seed)
    deal = aec.deal
    rng = random.Random(seed)
    for _ in range(rng.randrange(40)):
        if deal.is_over:
            break
        deal.push(rng.choice(deal.legal_actions()))
    if deal.is_over:
        return  # every hand is public then
    encoding = kind(rules)
    for seat in range(rules.seats):
        other = hidden_swap(deal, seat, rng)
        if other is None:
            continue
        assert [other.held_cards(s) for s in range(rules.seats)] != \
            [deal.held_cards(s) for s in range(rules.seats)]
        mine = encoding.from_deal(deal, seat, encoding.tracker())
        theirs = encoding.from_deal(other, seat, encoding.tracker())
        assert np.array_equal(mine, theirs)
        assert np.array_equal(encoding.from_view(seat_view(other, seat)), mine)


@settings(max_examples=30, deadline=None)
@given(seeds, st.booleans(), st.sampled_from(RULESETS))
def test_the_environments_observations_are_the_seat_views_encoded(seed, auction, ruleset):
    """Through the environment, whose observer follows each deal step by step (the cards
    played and held worked out from the last step's), every agent's observation at every
    step, the ends of deals included, is the encoding of its seat view."""
    rules = find_ruleset(ruleset, doubling=auction)
    aec = raw_env(rules, auction=auction)
    encoding = Encoding(rules)
    rng = random.Random(seed)
    aec.reset(seed=seed)
    for _ in range(2):
        aec.reset()
        for _ in aec.agent_iter():
            for seat, other in enumerate(aec.possible_agents):
                want = encoding.from_view(seat_view(aec.deal, seat))
                assert np.array_equal(aec.observe(other)["observation"], want)
            obs, _, terminated, truncated, _ = aec.last()
            aec.step(None if terminated or truncated else rng.choice(legal_of(obs["action_mask"])))


@settings(max_examples=30, deadline=None)
@given(seeds, st.booleans(), st.sampled_from(RULESETS))
def test_an_observer_follows_take_backs_and_other_deals(seed, auction, ruleset):
    """One observer, asked in turn about two deals whose moves are sometimes taken back:
    always the encoding of the seat view."""
    rules = find_ruleset(ruleset, doubling=auction)
    observer = Observer(rules, "flat")
    rng = random.Random(seed)
    deals = [new_deal(rng, rules, auction, None) for _ in range(2)]
    for _ in range(60):
        deal = rng.choice(deals)
        for _ in range(rng.randint(1, 3)):  # a take-back and a move: the same length
            if deal.history and (deal.is_over or rng.random() < 0.3):
                deal.pop()
            elif not deal.is_over:
                deal.push(rng.choice(deal.legal_actions()))
        for seat in range(rules.seats):
            assert np.array_equal(observer.observe(deal, seat),
                                  observer.encoding.from_view(seat_view(deal, seat)))


def test_a_stake_past_255_is_observed_whole():
    """The stake is the one number of the vector that may not fit a byte: rob's top bid
    doubled by five bombs is 256."""
    rules = find_ruleset("rob")
    faces = rules.faces()
    bombs = faces[:20]  # the 3s to the 7s, four of each
    rest = faces[20:]
    deal = Deal.at_play([bombs[:17], rest[:17], rest[17:]], bombs[17:], landlord=0, bid=8,
                        rules=rules)
    observer = Observer(rules, "flat")
    stake = observer.encoding.layout["stake"]
    for rank in "34567":
        deal.push(rules.parse_play(f"bomb {rank * 4}"))
        while not deal.is_over and deal.to_move != 0:
            deal.push(deal.legal_actions()[0])  # the peasants pass (or bomb back)
    assert deal.is_over and deal.bombs == 5
    for seat in range(rules.seats):
        vector = observer.observe(deal, seat)
        assert vector[stake].tolist() == [256]
        assert np.array_equal(vector, observer.encoding.from_view(seat_view(deal, seat)))


def test_the_dict_and_view_modes():
    flat, by_field = raw_env("four"), raw_env("four", observation_mode="dict")
    view = raw_env("four", observation_mode="view")
    for aec in (flat, by_field, view):
        aec.reset(seed=9)
    vector = flat.observe("seat_2")["observation"]
    fields = by_field.observe("seat_2")["observation"]
    encoding = flat.observer.encoding
    for f in encoding.fields:
        assert fields[f.name].shape == f.shape
        assert np.array_equal(fields[f.name].ravel(), vector[encoding.layout[f.name]])
    relative = (by_field.deal.landlord - 2) % 4
    assert fields["cards_left"][relative] == 33 and fields["landlord"][relative] == 1
    seen = view.observe("seat_2")["observation"]
    assert isinstance(seen, SeatView) and seen.seat == 2
    assert seen == seat_view(view.deal, 2)
    assert view.observation_space("seat_2")["observation"].contains(seen)


def test_fields_are_relative_to_the_observer():
    aec = raw_env("classic", landlord=2)
    aec.reset(seed=1)
    fields = Encoding(aec.rules).split(aec.observe("seat_1")["observation"])
    assert fields["landlord"].tolist() == [0, 1, 0]  # the landlord sits after seat 1
    assert fields["cards_left"].tolist() == [17, 20, 17]
    assert fields["to_move"].tolist() == [0, 1, 0]
    assert fields["hand"].sum() == 17 and fields["top"].sum() == 0
    assert fields["stake"].tolist() == [1]


# ----------------------------------------------------------------- the rest

def test_render_shows_the_deal_as_text(capsys):
    aec = env(render_mode="ansi")
    aec.reset(seed=3)
    text = aec.render()
    assert f"```text\n{text}\n```" in (REPO / "docs" / "env.md").read_text()
    human = raw_env(render_mode="human")
    human.reset(seed=3)
    assert "kitty" in capsys.readouterr().out


def test_bad_arguments_say_what_is_wrong():
    with pytest.raises(ValueError, match="reward"):
        raw_env(reward="money")
    with pytest.raises(ValueError, match="observation_mode"):
        raw_env(observation_mode="pixels")
    with pytest.raises(ValueError, match="landlord"):
        raw_env("four", landlord=4)
    with pytest.raises(ValueError, match="one per other seat"):
        DouDizhuEnv("four", opponents=["easy", "easy"])
    with pytest.raises(ValueError, match="unknown bot"):
        DouDizhuEnv(opponents="grandmaster")


def test_import_dizhu_needs_neither_pettingzoo_nor_gymnasium():
    code = ("import sys, dizhu; assert 'pettingzoo' not in sys.modules; "
            "assert 'gymnasium' not in sys.modules; "
            "assert dizhu.env.raw_env; del sys.modules['dizhu.env']; del dizhu.env; "
            "sys.modules['pettingzoo'] = None\n"
            "try:\n    import dizhu.env\nexcept ImportError as e:\n    print(e)")
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                         text=True, check=True).stdout
    assert "pip install 'dizhu[env]'" in out and "pettingzoo" in out


def python_blocks(path: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(), re.S)


def test_the_docs_snippets_run():
    blocks = python_blocks(REPO / "docs" / "env.md")
    assert blocks
    for block in blocks:
        exec(compile(block, "docs/env.md", "exec"), {})


def test_the_environments_take_the_wild_rulesets():
    """The environments take ``laizi`` and ``tiandi`` by name (their ids are a formula:
    tests/test_wild_env.py)."""
    for make in (lambda: DouDizhuEnv(ruleset="laizi"), lambda: raw_env(ruleset="tiandi")):
        made = make()
        assert made.rules.offered and made.rules.wild_ranks
    with pytest.raises(ValueError, match="unknown ruleset"):
        raw_env(ruleset="laizi2")
