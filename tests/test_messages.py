"""The table's WebSocket messages: one schema, read strictly (issue 10, hardening)."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dizhu.cards import RANKS, card_rank, card_text
from dizhu.combos import Play
from dizhu.deal import Deal
from dizhu.patterns import naming
from dizhu.rulesets import find_ruleset, names
from dizhu.web.messages import MAX_BYTES, MessageError, read_message


@pytest.mark.parametrize("message", [
    {"type": "sync"},
    {"type": "hint", "version": 3},
    {"type": "act", "version": 7, "action": {"bid": "2"}},
    {"type": "act", "version": 0, "action": {"bid": 0}},
    {"type": "act", "version": 1, "action": {"double": False}},
    {"type": "act", "version": 2, "action": {"pass": True}},
    {"type": "act", "version": 3, "action": {"cards": ["3s", "3h"]}},
    {"type": "act", "version": 4, "action": {"play": "pair 33", "cards": ["3s", "3h"]}},
    {"type": "act", "version": 4, "action": {"play": "pass"}},
    # the forms pages sent before: with for cards
    {"type": "act", "version": 4, "action": {"play": "pair 33", "with": ["3s", "3h"]}},
    {"type": "act", "version": 5,
     "action": {"pattern": {"kind": "bomb", "main": "3", "size": 6}}},
    {"type": "next", "version": 12},
    {"type": "autoplay", "bot": "normal"},
    {"type": "autoplay", "bot": None, "version": 1},
    # naming a pattern with kickers or wings (this very message was once refused)
    {"type": "act", "action": {"pattern": {"kind": "triple_pair", "main": "8", "length": 1,
                                           "wings": ["T"]}}, "version": 19},
    {"type": "act", "version": 3, "action": {"pattern": {
        "kind": "airplane_pairs", "main": "3", "length": 6, "wings": list("9TJQKA")}}},
    # with the very cards the hand marked for it
    {"type": "act", "version": 6, "action": {"pattern": {"kind": "triple_single", "main": "5",
                                                         "wings": ["9"]},
                                             "cards": ["5s", "5h", "5d", "9c"]}},
    {"type": "act", "version": 6, "action": {"pattern": {"kind": "triple_single", "main": "5",
                                                         "wings": ["9"]},
                                             "with": ["5s", "5h", "5d", "9c"]}},
    # a long match counts far past a million events before a page's numbers run out
    {"type": "next", "version": 2**53 - 1},
    {"type": "autoplay", "bot": "easy", "seat": 3},
])
def test_good_messages_are_read(message):
    assert read_message(json.dumps(message)) == message


@pytest.mark.parametrize("raw, words", [
    (b'{"type": "sync"}', "not binary"),
    ('{"type": "act", "version": 1, "action": {"bid": 1.5}}', "not a whole number"),
    ('{"type": "act", "version": 1, "action": {"bid": 1e400}}', "not a whole number"),
    ('{"type": "act", "version": Infinity, "action": {"pass": true}}', "Infinity is not"),
    ('{"type": "act", "version": 1, "action": {"bid": NaN}}', "NaN is not"),
    ("[" * 5000 + "]" * 5000, "at most"),
    ('{"type": "act", "version": 1, "action": [1, 2]}', "field 'action' is an object"),
    ('{"type": "act", "version": 1, "action": {"bid": "2", "pass": true}}', "an action is one of"),
    ('{"type": "act", "version": 1, "action": {"pass": false}}', "a pass is"),
    # a play's cards belong to it; a bid's or a pattern's play does not
    ('{"type": "act", "version": 1, "action": {"bid": "2", "cards": ["3s"]}}',
     "an action is one of"),
    ('{"type": "act", "version": 1, "action": {"play": "single 3", "pattern": {"kind": '
     '"single"}}}', "an action is one of"),
    ('{"type": "act", "version": 1, "action": {"play": "pair 33", "cards": "3s 3h"}}',
     "field 'cards' is a list"),
    ('{"type": "autoplay", "bot": 3}', "field 'bot' is str or null"),
    ('{"type": "autoplay"}', "field 'bot' is missing"),
    ('{"type": "act", "version": 1, "action": {"double": 1}}', "field 'double' is bool"),
    ('{"type": "next", "version": true}', "field 'version' is 0 to"),
    ('{"type": "next", "version": 1, "extra": 1}', "unknown field 'extra'"),
    # a change names the state it answers, or it could land on another one
    ('{"type": "act", "action": {"pass": true}}', "field 'version' is missing"),
    ('{"type": "next"}', "field 'version' is missing"),
    ('{"type": "dance"}', "unknown message type 'dance'"),
    ('{"type": ["act"]}', "unknown message type"),
    ('"just text"', "a JSON object"),
    ("not json", "not a JSON message"),
    ('{"type": "act", "version": 1, "action": {"cards": ' + json.dumps(["3s"] * 34) + "}}",
     "at most 33 cards"),
    ('{"type": "act", "version": 1, "action": {"pattern": {"kind": "x", "wings": [[["3"]]]}}}',
     "field 'wings' is a list of at most 6 ranks"),
    ('{"type": "act", "version": 1, "action": {"pattern": {"kind": "x", "wings": ["3", "4", "5",'
     ' "6", "7", "8", "9"]}}}', "field 'wings' is a list of at most 6 ranks"),
    ('{"type": "act", "version": 1, "action": {"pattern": {"kind": "x", "size": 9}}}',
     "field 'size' is 1 to 8"),
    ('{"type": "act", "version": 1, "action": {"pattern": {"kind": "pair", "x": 1}}}',
     "pattern: unknown field 'x'"),
    ('{"type": "act", "version": 1, "action": {"pattern": ["pair"]}}', "field 'pattern' is"),
    ('{"type": "next", "version": -1}', "field 'version' is 0 to"),
    ('{"type": "next", "version": 9007199254740992}', "field 'version' is 0 to"),
    ('{"type": "autoplay", "bot": null, "seat": 4}', "field 'seat' is 0 to 3"),
    ('{"type": "sync", "pad": "' + "x" * MAX_BYTES + '"}', f"at most {MAX_BYTES} bytes"),
])
def test_bad_messages_say_why(raw, words):
    with pytest.raises(MessageError, match=words):
        read_message(raw)


def page_messages(deal: Deal, version: int) -> list[dict]:
    """Every message a page may send for the seat to move: each legal action as the page
    words it (a bid, a double, a pass; a play as its cards, as its pattern named rank by
    rank, and as its text with the cards chosen for it)."""
    seat = deal.to_move
    held = deal.held_cards(seat)
    found = [{"type": "hint", "version": version}, {"type": "next", "version": version},
             {"type": "autoplay", "bot": "expert", "version": version, "seat": seat}]
    for action in deal.legal_actions():
        if not isinstance(action, Play):
            found.append({"type": "act", "version": version, "action": dict(
                [("bid", action.token)] if hasattr(action, "token") else [("double", action.yes)])})
            continue
        if action.is_pass:
            found.append({"type": "act", "version": version, "action": {"pass": True}})
            continue
        cards, left = [], list(held)
        for rank in action.ranks:
            card = next(c for c in left if card_rank(c) == RANKS.index(rank))
            left.remove(card)
            cards.append(card_text(card))
        named = naming(action, deal.rules.combos, deal.wild)
        pattern = {"kind": action.kind.label, "main": RANKS[named.main],
                   "length": named.length, "wings": [RANKS[r] for r in named.wings]}
        if named.size is not None:
            pattern["size"] = named.size
        found += [{"type": "act", "version": version, "action": {"cards": cards}},
                  {"type": "act", "version": version, "action": {"pattern": pattern}},
                  {"type": "act", "version": version, "action": {"play": action.text,
                                                                 "cards": cards}}]
    return found


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(names()), st.integers(0, 2**32), st.integers(0, 2**53 - 1),
       st.randoms(use_true_random=False))
def test_every_message_a_page_sends_for_a_legal_action_is_read(ruleset, seed, version, rng):
    """The schema holds every legal action of every ruleset in every form a page sends it:
    the longest plays, every kind with kickers or wings named rank by rank, the seats of
    four players, a version as large as a page can count."""
    deal = Deal.shuffled(seed, rules=find_ruleset(ruleset))
    while not deal.is_over:
        for message in page_messages(deal, version):
            assert read_message(json.dumps(message)) == message
        deal.push(rng.choice(deal.legal_actions()))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(
        st.sampled_from(["type", "action", "bid", "pass", "cards", "play", "version", "bot",
                         "pattern", "kind", "x"]), children, max_size=4),
    max_leaves=12)


@given(json_values)
def test_anything_is_read_or_refused_with_a_reason(value):
    """Whatever arrives, the reader returns a message of the schema or says what is wrong:
    it never raises anything else."""
    try:
        raw = json.dumps(value)
    except ValueError:
        return
    try:
        message = read_message(raw)
    except MessageError as e:
        assert str(e)
        return
    assert message["type"] in ("sync", "hint", "act", "next", "autoplay")
