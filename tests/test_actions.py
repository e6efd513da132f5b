"""Actions: one codec (text and JSON both ways) and stable integer ids per ruleset."""

import hashlib
import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dizhu.actions import (
    action_from_json,
    action_ids,
    action_text,
    action_to_json,
    current_form,
    decode_action,
    parse_action,
)
from dizhu.auction import BID, CALL_BID, DOUBLE, NO_DOUBLE, PASS_BID, ROB_BID
from dizhu.combos import PASS, Play
from dizhu.deal import Deal
from dizhu.rulesets import find_ruleset
from tests.strategies import seeds

IDS = {
    # ruleset: (number of ids, sha256 of every id's text, one per line, in id order)
    "classic": (27861, "80ba09139c2b59c36d37546d8456dbfb2f7dea87addde8eb1e1d35a2125d28c3"),
    "rob": (27860, "59b4a5af50a593ede916744707744270cb83fcbd0f4a7068eb13467eb3748602"),
    "four": (7958, "ea83cee24e90ac5b2689a4493f0a66f2099f5f24aa5d2a698b281ad308603c98"),
}


def digest(ruleset: str) -> str:
    """The sha256 of the id texts, worked out here, and the same as the package's digest."""
    ids = action_ids(find_ruleset(ruleset))
    by_text = hashlib.sha256("\n".join(ids.text(i) for i in range(len(ids))).encode())
    assert ids.digest() == by_text.hexdigest()
    return by_text.hexdigest()


@pytest.mark.parametrize("ruleset", ["classic", "rob", "four"])
def test_ids_are_stable(ruleset):
    """The whole table of ids is pinned: a change of order or content shows here (and must
    be a deliberate, documented change, since trained agents depend on it)."""
    ids = action_ids(find_ruleset(ruleset))
    size, pinned = IDS[ruleset]
    assert len(ids) == size
    assert digest(ruleset) == pinned


@pytest.mark.parametrize("ruleset", ["classic", "rob", "four"])
def test_ids_go_both_ways_and_options_change_nothing(ruleset):
    rules = find_ruleset(ruleset)
    ids = action_ids(rules)
    assert action_ids(rules.with_options(doubling=True)) is ids
    texts = [ids.text(i) for i in range(len(ids))]
    assert len(set(texts)) == len(texts)
    for i in range(0, len(ids), 97):
        assert ids.id_of(ids.action(i)) == i
        assert ids.id_of_text(texts[i], rules) == i
    first = [ids.text(i) for i in range(len(rules.auction.answers) + 3)]
    assert first[-3:] == ["no double", "double", "pass"]
    with pytest.raises(IndexError, match=r"action ids 0\.\."):
        ids.action(len(ids))


def test_the_auctions_answers_come_first():
    assert [action_ids(find_ruleset(r)).action(0) for r in ("classic", "rob")] == \
        [PASS_BID, PASS_BID]
    rob = action_ids(find_ruleset("rob"))
    assert [rob.action(i) for i in range(3)] == [PASS_BID, CALL_BID, ROB_BID]
    with pytest.raises(KeyError, match="'bid 2' is no action of rob"):
        rob.id_of(BID[2])
    with pytest.raises(KeyError, match="no action of classic"):
        action_ids(find_ruleset("classic")).id_of(find_ruleset("four").parse_play("pair BB"))


@given(seeds, st.sampled_from(["classic", "rob", "four"]))
def test_every_legal_action_has_an_id_and_a_codec(seed, ruleset):
    rules = find_ruleset(ruleset, doubling=True)
    ids = action_ids(rules)
    rng = random.Random(seed)
    deal = Deal.shuffled(seed, rules=rules)
    while not deal.is_over:
        for action in deal.legal_actions():
            assert ids.action(ids.id_of(action)) == action
            assert parse_action(action_text(action), rules) == action
            assert action_from_json(action_to_json(action), rules) == action
        deal.push(rng.choice(deal.legal_actions()))


@given(seeds, st.sampled_from(["classic", "rob", "four"]))
def test_one_json_form_carries_an_action_and_its_cards(seed, ruleset):
    """What a deal did, written by the codec and read back: the same actions with the same
    physical cards; the older forms (a pass as ``{"pass": true}``, cards as one string or
    under ``with``) read the same; JSON text changes nothing."""
    rules = find_ruleset(ruleset, doubling=True)
    deal = Deal.shuffled(seed, rules=rules)
    rng = random.Random(seed)
    while not deal.is_over:
        deal.push(rng.choice(deal.legal_actions()))
    for _, action, cards in deal.suited_history():
        data = action_to_json(action, cards or None)
        assert json.loads(json.dumps(data)) == data
        expected = (action, list(cards) or None)
        assert decode_action(data, rules) == expected
        assert current_form(data) == data
        older = dict(data)
        if data.get("play") == "pass":
            older = {"pass": True}
        elif "cards" in data:
            older["cards"] = " ".join(data["cards"])
            assert decode_action({"play": data["play"], "with": data["cards"]}, rules) == \
                expected
        assert decode_action(older, rules) == expected
        assert current_form(older) == data
        if isinstance(action, Play) and not action.is_pass:
            assert set(data) == {"play", "cards"} and len(data["cards"]) == action.size
        else:
            assert "cards" not in data


@pytest.mark.parametrize("data, words", [
    ({"bid": "7"}, "'7' is no answer in an auction"),
    ({"double": "yes"}, "double is true or false"),
    ({"play": "pair 34"}, "not a legal pair"),
    ({"dance": 1}, "unknown action"),
    ("bid 1", "an action is an object"),
    ({"play": "pair 33", "cards": 3}, "cards are a list of card texts"),
    ({"play": "pair 33", "cards": ["3x", "3s"]}, "cannot read card"),
    ({"pass": False}, "unknown action"),
])
def test_bad_json_actions_say_why(data, words):
    with pytest.raises(ValueError, match=words):
        action_from_json(data)


def test_texts():
    assert [action_text(a) for a in (BID[2], PASS_BID, CALL_BID, DOUBLE, NO_DOUBLE, PASS)] == \
        ["bid 2", "bid pass", "bid call", "double", "no double", "pass"]
    assert parse_action(" Bid  ROB ") == ROB_BID
    assert action_from_json({"bid": 0}) == PASS_BID and action_from_json({"bid": 3}) == BID[3]
