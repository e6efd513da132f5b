import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dizhu.auction import BIDS
from dizhu.deal import Deal, deal_cards
from dizhu.record import RecordError, deal_to_json, deal_to_record, replay
from dizhu.rulesets import find_ruleset
from tests.strategies import seeds
from tests.test_deal import snapshot


def random_deal(seed: int, doubling=False, distinct=False, steps=None,
                ruleset="classic") -> Deal:
    rng = random.Random(seed)
    options = {"doubling": doubling}
    if ruleset != "four":
        options["distinct_kickers"] = distinct
    deal = Deal.shuffled(seed, rules=find_ruleset(ruleset, **options))
    while not deal.is_over and (steps is None or len(deal.history) < steps):
        deal.push(rng.choice(deal.legal_actions()))
    return deal


@given(seeds, st.booleans(), st.booleans(), st.one_of(st.none(), st.integers(0, 60)),
       st.sampled_from(["classic", "rob", "four"]))
def test_a_record_replays_to_the_same_state(seed, doubling, distinct, steps, ruleset):
    deal = random_deal(seed, doubling, distinct, steps, ruleset)
    text = deal_to_json(deal)
    assert json.loads(text)["rules"]["name"] == ruleset
    again = replay(text)
    assert snapshot(again) == snapshot(deal)
    assert deal_to_record(again) == deal_to_record(deal)


def test_a_version_1_record_still_replays():
    """Version 1: classic only, bids as numbers, plays without their cards."""
    deal = random_deal(11)
    record = deal_to_record(deal)
    record["version"] = 1
    for event in record["events"]:
        event.pop("cards", None)
        if event.get("event") == "bid":
            event["bid"] = BIDS[event["bid"]].value
    again = replay(record)
    assert [a for _, a in again.history] == [a for _, a in deal.history]
    assert again.result == deal.result


@pytest.mark.parametrize("ruleset, bid, words", [
    ("classic", 9, "ends with a stake of 1, 2, 3, not 9"),
    ("classic", 0, "not 0"),
    ("classic", -1, "not -1"),
    ("classic", "2", "the stake must be a whole number"),
    ("classic", True, "the stake must be a whole number"),
    ("rob", 3, "ends with a stake of 1, 2, 4, 8, not 3"),
])
def test_a_start_event_is_checked(ruleset, bid, words):
    rules = find_ruleset(ruleset)
    hands, kitty = deal_cards(random.Random(1), rules)
    record = deal_to_record(Deal.at_play(hands, kitty, landlord=1, rules=rules))
    record["events"][1]["bid"] = bid
    with pytest.raises(RecordError, match=f"event 1 \\(start\\): .*{words}"):
        replay(record)
    record["events"][1] = {"event": "start", "landlord": 3, "bid": 1}
    with pytest.raises(RecordError, match=r"the landlord must be a seat 0\.\.2"):
        replay(record)


def test_a_start_event_with_robs_scores_them():
    rules = find_ruleset("rob")
    hands, kitty = deal_cards(random.Random(2), rules)
    deal = Deal.at_play(hands, kitty, landlord=2, bid=4, rules=rules)
    rng = random.Random(2)
    while not deal.is_over:
        deal.push(rng.choice(deal.legal_actions()))
    again = replay(deal_to_record(deal))
    assert again.result.robs == 2 and again.result.bid == 4
    assert again.result == deal.result


def test_the_cards_of_a_play_are_checked():
    deal = random_deal(12)
    record = deal_to_record(deal)
    index = next(i for i, e in enumerate(record["events"]) if e.get("event") == "play")
    event = record["events"][index]
    wrong = "3s" if not event["cards"].startswith("3s") else "4s"
    event["cards"] = " ".join([wrong, *event["cards"].split()[1:]])
    with pytest.raises(RecordError, match=f"event {index} .*(not the play|do not hold)"):
        replay(record)


def test_a_deal_that_skipped_the_auction_replays():
    deck = list(range(54))
    random.Random(5).shuffle(deck)
    deal = Deal.at_play([deck[:17], deck[17:34], deck[34:51]], deck[51:], landlord=1)
    rng = random.Random(1)
    while not deal.is_over:
        deal.push(rng.choice(deal.legal_actions()))
    assert snapshot(replay(deal_to_json(deal))) == snapshot(deal)


def _tampered(change) -> dict:
    record = deal_to_record(random_deal(7))
    change(record["events"])
    return record


def test_an_illegal_event_is_named():
    def swap_seat(events):
        events[3]["seat"] = (events[3]["seat"] + 1) % 3
    with pytest.raises(RecordError, match=r"event 3 \(seat \d .*\): it is seat \d's turn"):
        replay(_tampered(swap_seat))


def test_a_play_not_held_is_named():
    deal = random_deal(8)
    record = deal_to_record(deal)
    index = next(i for i, e in enumerate(record["events"]) if e.get("event") == "play")
    record["events"][index]["play"] = "bomb 2222" if "2222" not in record["events"][0][
        "hands"][record["events"][index]["seat"]] else "rocket BR"
    with pytest.raises(RecordError, match=f"event {index} "):
        replay(record)


@pytest.mark.parametrize("text, words", [
    ("not json", "not a JSON record"),
    (json.dumps({"format": "other"}), "not a dizhu deal record"),
    (json.dumps({"format": "dizhu-deal", "version": 1, "events": []}), "no events"),
    (json.dumps({"format": "dizhu-deal", "version": 1,
                 "events": [{"event": "deal", "hands": ["3s"], "kitty": "", "opening": 0}]}),
     "event 0"),
])
def test_unreadable_records_say_why(text, words):
    with pytest.raises(RecordError, match=words):
        replay(text)


def test_an_unknown_event_is_named():
    def add(events):
        events.append({"event": "shout", "seat": 0})
    record = _tampered(lambda e: None)
    deal = replay(record)
    assert deal.is_over
    with pytest.raises(RecordError, match=r"\(seat 0 shout\): unknown event .shout."):
        replay(_tampered(add))
