import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dizhu.deal import Deal
from dizhu.record import RecordError, deal_to_json, deal_to_record, replay
from dizhu.rules import CLASSIC
from tests.strategies import seeds
from tests.test_deal import snapshot


def random_deal(seed: int, doubling=False, distinct=False, steps=None) -> Deal:
    rng = random.Random(seed)
    deal = Deal.shuffled(seed, rules=CLASSIC.with_options(doubling=doubling,
                                                          distinct_kickers=distinct))
    while not deal.is_over and (steps is None or len(deal.history) < steps):
        deal.push(rng.choice(deal.legal_actions()))
    return deal


@given(seeds, st.booleans(), st.booleans(), st.one_of(st.none(), st.integers(0, 60)))
def test_a_record_replays_to_the_same_state(seed, doubling, distinct, steps):
    deal = random_deal(seed, doubling, distinct, steps)
    again = replay(deal_to_json(deal))
    assert snapshot(again) == snapshot(deal)
    assert deal_to_record(again) == deal_to_record(deal)


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
