"""Episodes that start where the caller says: ``reset(options=...)`` with a deal (hands
and kitty, as card or rank strings, or the engine's ``Deal``), a record (a file, its JSON
or the record object, at its start or at a given step), a position of the play phase
(endgames), or a deal of DouZero's evaluation data; and the clear refusals of options that
are unknown or malformed. Both environments, every ruleset."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dizhu.cards import card_text, format_ranks, parse_ranks, ranks_of_cards
from dizhu.deal import Deal, Phase
from dizhu.env import DouDizhuEnv, raw_env
from dizhu.position import Position
from dizhu.record import deal_to_json, deal_to_record, starts_at_play
from dizhu.rulesets import find_ruleset
from dizhu.view import seat_view
from tests.strategies import seeds

RULESETS = ("classic", "rob", "four")


def cards(faces) -> str:
    return " ".join(card_text(c) for c in faces)


def legal_of(mask: np.ndarray) -> list[int]:
    return np.flatnonzero(mask.view(np.bool_)).tolist()


def play_to_the_end(aec, rng: random.Random) -> None:
    for _ in aec.agent_iter():
        obs, _, terminated, truncated, _ = aec.last()
        aec.step(None if terminated or truncated else rng.choice(legal_of(obs["action_mask"])))


def played_deal(ruleset: str, seed: int, auction: bool) -> Deal:
    """A deal of ``ruleset`` played to its end at random."""
    rules = find_ruleset(ruleset, doubling=auction)
    rng = random.Random(seed)
    deal = Deal.shuffled(seed, rules=rules) if auction else \
        Deal.at_play(*_cards_of(rules, rng), landlord=seed % rules.seats, rules=rules)
    while not deal.is_over:
        deal.push(rng.choice(deal.legal_actions()))
    return deal


def _cards_of(rules, rng):
    deck = rules.faces()
    rng.shuffle(deck)
    n = rules.hand_size
    return [deck[i * n:(i + 1) * n] for i in range(rules.seats)], deck[rules.seats * n:]


# ----------------------------------------------------------------- a given deal

@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_deal_given_by_its_cards_is_the_deal_played(ruleset):
    rules = find_ruleset(ruleset)
    source = Deal.shuffled(7, rules=rules)
    hands = [cards(h) for h in source.dealt]
    kitty = cards(source.kitty_cards)
    aec = raw_env(rules)
    aec.reset(seed=1, options={"hands": hands, "kitty": kitty, "landlord": 1})
    deal = aec.deal
    assert deal.dealt == source.dealt and deal.kitty_cards == source.kitty_cards
    assert deal.phase is Phase.PLAY and deal.landlord == 1 and aec.agent_selection == "seat_1"
    assert deal.left[1] == rules.hand_size + rules.kitty_size
    # as rank letters, the suits chosen for them
    ranks = [format_ranks(ranks_of_cards(h)) for h in source.dealt]
    aec.reset(options={"hands": ranks, "kitty": format_ranks(source.kitty)})
    assert [ranks_of_cards(h) for h in aec.deal.dealt] == [ranks_of_cards(h) for h in source.dealt]
    assert aec.deal.kitty == source.kitty
    # with the auction, from the opening seat given
    bidding = raw_env(rules, auction=True)
    bidding.reset(options={"hands": hands, "kitty": kitty, "opening": 2})
    assert bidding.deal.phase is Phase.AUCTION and bidding.deal.to_move == 2
    assert bidding.deal.dealt == source.dealt
    play_to_the_end(bidding, random.Random(1))
    # the engine's own deal, as it stands
    source.push(source.legal_actions()[1])
    aec.reset(options={"deal": source})
    assert aec.deal is not source and aec.deal.history == source.history
    assert aec.agent_selection == f"seat_{source.to_move}"


def test_the_landlord_of_a_given_deal_is_the_environments_or_drawn():
    source = Deal.shuffled(3)
    options = {"hands": [cards(h) for h in source.dealt], "kitty": cards(source.kitty_cards)}
    fixed = raw_env(landlord=2)
    fixed.reset(seed=4, options=options)
    assert fixed.deal.landlord == 2
    drawn = raw_env()
    landlords = set()
    drawn.reset(seed=4)
    for _ in range(20):
        drawn.reset(options=options)
        landlords.add(drawn.deal.landlord)
    assert len(landlords) > 1


# ----------------------------------------------------------------- a record

@settings(max_examples=25, deadline=None)
@given(seeds, st.sampled_from(RULESETS), st.booleans(), st.data())
def test_an_episode_from_a_record_at_any_step_goes_on_as_the_record(seed, ruleset, auction,
                                                                    data):
    """From a record at step k, taking the record's own later actions gives the record."""
    source = played_deal(ruleset, seed, auction)
    record = deal_to_record(source)
    actions = len(record["events"]) - (2 if starts_at_play(record["events"]) else 1)
    step = data.draw(st.integers(0, actions - 1))
    aec = raw_env(source.rules, auction=auction)
    aec.reset(seed=seed, options={"record": record, "step": step})
    assert aec.deal.history == source.history[:step]
    ids = aec.table.ids
    for seat, action in source.history[step:]:
        assert aec.agent_selection == f"seat_{seat}"
        aec.step(ids.id_of(action))
    assert aec.deal.is_over and deal_to_record(aec.deal)["events"][:2] == record["events"][:2]
    assert aec.deal.history == source.history


def test_a_record_is_read_from_a_file_or_its_json(tmp_path):
    source = played_deal("classic", 5, False)
    path = tmp_path / "deal.json"
    path.write_text(deal_to_json(source), encoding="utf-8")
    for record in (path, str(path), deal_to_json(source), json.loads(deal_to_json(source))):
        aec = raw_env()
        aec.reset(options={"record": record, "step": 3})
        assert aec.deal.history == source.history[:3]
    aec.reset(options={"record": path})  # at its start by default
    assert aec.deal.history == [] and aec.deal.dealt == source.dealt


def test_the_gym_environment_starts_from_a_record_and_its_bots_play_on():
    source = played_deal("rob", 2, True)
    record = deal_to_record(source)
    game = DouDizhuEnv("rob", seat=1, opponents="easy", auction=True, doubling=True)
    _, info = game.reset(seed=3, options={"record": record, "step": 4})
    deal = game.deal
    assert deal.history[:4] == source.history[:4]
    assert deal.is_over or deal.to_move == 1
    if not deal.is_over:
        assert legal_of(info["action_mask"]) == sorted(
            game.table.ids_of(deal.legal_actions()))


# ----------------------------------------------------------------- a position (endgames)

def test_an_episode_from_a_position_plays_that_endgame():
    aec = raw_env()
    aec.reset(seed=1, options={"position": "33445/6789TT/JQKA22 0 1 0:pair:44"})
    deal = aec.deal
    assert deal.phase is Phase.PLAY and deal.landlord == 0
    assert aec.agent_selection == "seat_1" and deal.top.text == "pair 44"
    assert [format_ranks(h) for h in deal.hands] == ["33445", "6789TT", "JQKA22"]
    assert deal.left == [5, 6, 6]
    for seat in range(3):  # the set-aside cards are nobody's, and seen as gone by all
        strip = seat_view(deal, seat).count_strip()
        assert sum(strip.unseen) == sum(deal.left) - deal.left[seat]
    play_to_the_end(aec, random.Random(2))
    assert deal.result is not None and sum(deal.result.scores) == 0


@pytest.mark.parametrize("ruleset", RULESETS)
def test_positions_start_both_environments_in_every_ruleset(ruleset):
    rules = find_ruleset(ruleset)
    rng = random.Random(ruleset)
    for k in range(6):
        deal = played_deal(ruleset, k, False)
        while deal.history and (deal.is_over or rng.random() < 0.9):
            deal.pop()  # some moment of the play
            if not deal.is_over and rng.random() < 0.1:
                break
        position = Position(rules, deal.hands[:], deal.landlord, deal.to_move, deal.top,
                            deal.top_seat)
        for start in (position, position.text()):
            aec = raw_env(rules)
            aec.reset(options={"position": start})
            assert aec.deal.hands == deal.hands and aec.deal.top == deal.top
            assert aec.agent_selection == f"seat_{deal.to_move}"
            play_to_the_end(aec, rng)
        game = DouDizhuEnv(rules, seat=deal.to_move, opponents="hard")
        _, info = game.reset(seed=k, options={"position": position.text()})
        while not game.deal.is_over:
            info = game.step(rng.choice(legal_of(info["action_mask"])))[-1]


# ----------------------------------------------------------------- DouZero's evaluation data

DOUZERO_RANKS = {3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "T", 11: "J",
                 12: "Q", 13: "K", 14: "A", 17: "2", 20: "B", 30: "R"}


def douzero_deal(rng: random.Random) -> dict[str, list[int]]:
    """One deal as DouZero's ``generate_eval_data.py`` writes it: the landlord's 20 cards
    (the kitty's three among them), the two peasants' 17, card numbers 3..14, 17, 20, 30."""
    deck = [r for r in range(3, 15) for _ in range(4)] + [17] * 4 + [20, 30]
    rng.shuffle(deck)
    return {"landlord": sorted(deck[:20]), "landlord_up": sorted(deck[20:37]),
            "landlord_down": sorted(deck[37:54]), "three_landlord_cards": sorted(deck[17:20])}


def ranks(numbers: list[int]) -> int:
    return parse_ranks("".join(DOUZERO_RANKS[n] for n in numbers))


@pytest.mark.parametrize("landlord", [0, 1, 2])
def test_a_deal_of_douzeros_evaluation_data(landlord):
    data = douzero_deal(random.Random(landlord))
    aec = raw_env(landlord=landlord)
    aec.reset(options={"douzero": data})
    deal = aec.deal
    down, up = (landlord + 1) % 3, (landlord + 2) % 3  # down plays after the landlord
    assert deal.landlord == landlord and deal.to_move == landlord
    assert deal.hands[landlord] == ranks(data["landlord"])
    assert deal.hands[down] == ranks(data["landlord_down"])
    assert deal.hands[up] == ranks(data["landlord_up"])
    assert deal.kitty == ranks(data["three_landlord_cards"])
    game = DouDizhuEnv(seat=0, opponents="easy")
    game.reset(seed=1, options={"douzero": data, "landlord": landlord})
    assert game.deal.landlord == landlord


# ----------------------------------------------------------------- refusals

@pytest.mark.parametrize("options, option", [
    ({"deck": [1, 2]}, "deck"),
    ({"hands": ["3s 4s"] * 3, "kitty": "5s 6s 7s"}, "hands"),
    ({"hands": ["33"]}, "hands"),
    ({"hands": [cards(h) for h in Deal.shuffled(1).dealt]}, "kitty"),
    ({"hands": [cards(h) for h in Deal.shuffled(1).dealt], "kitty": "Xs Ys Zs"}, "kitty"),
    ({"hands": [cards(h) for h in Deal.shuffled(1).dealt],
      "kitty": cards(Deal.shuffled(1).kitty_cards), "landlord": 5}, "landlord"),
    ({"record": {"format": "chess"}}, "record"),
    ({"record": "no/such/file.json"}, "record"),
    ({"record": deal_to_record(played_deal("classic", 1, False)), "step": -1}, "step"),
    ({"record": deal_to_record(played_deal("classic", 1, False)), "step": 10_000}, "step"),
    ({"record": deal_to_record(played_deal("four", 1, False))}, "record"),
    ({"step": 3}, "step"),
    ({"position": "33/44/55 0 9 -"}, "position"),
    ({"position": "3/-/55 0 - 0:single:4"}, "position"),
    ({"position": "33445/6789TT/JQKA22 0 1 0:pair:44", "bid": 7}, "bid"),
    ({"douzero": {"landlord": [3] * 20}}, "douzero"),
    ({"douzero": {**douzero_deal(random.Random(1)), "three_landlord_cards": [30, 30, 30]}},
     "douzero"),
    ({"hands": ["3"], "position": "3/4/5 0 0 -"}, "hands"),
    ({"deal": "not a deal"}, "deal"),
])
def test_unknown_or_malformed_options_say_which(options, option):
    for make in (lambda: raw_env(), lambda: DouDizhuEnv()):
        game = make()
        with pytest.raises(ValueError, match=f"'{option}'"):
            game.reset(seed=1, options=options)


def test_a_deal_already_over_cannot_start_an_episode():
    source = played_deal("classic", 3, False)
    with pytest.raises(ValueError, match="over"):
        raw_env().reset(options={"deal": source})
    with pytest.raises(ValueError, match=r"'deal'.*classic.*four"):
        raw_env("four").reset(options={"deal": Deal.shuffled(1)})


def test_a_gym_episode_the_bots_end_before_the_learning_seats_turn_needs_a_reset():
    import gymnasium

    source = played_deal("classic", 4, False)
    last_seat = source.history[-1][0]
    seat = (last_seat + 1) % 3
    game = DouDizhuEnv(seat=seat, opponents="random")
    steps = len(source.history) - 1
    for seed in range(20):  # the random bot ends it as the record did, some seed or other
        _, info = game.reset(seed=seed, options={"record": deal_to_record(source),
                                                 "step": steps})
        if game.deal.is_over:
            break
    assert game.deal.is_over and not info["action_mask"].any()
    with pytest.raises(gymnasium.error.ResetNeeded):
        game.step(0)
