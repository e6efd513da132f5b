"""The table's WebSocket messages: one schema, read strictly (issue 10, hardening)."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dizhu.web.messages import MAX_BYTES, MessageError, read_message


@pytest.mark.parametrize("message", [
    {"type": "sync"},
    {"type": "hint", "version": 3},
    {"type": "act", "version": 7, "action": {"bid": "2"}},
    {"type": "act", "version": 0, "action": {"bid": 0}},
    {"type": "act", "version": 1, "action": {"double": False}},
    {"type": "act", "version": 2, "action": {"pass": True}},
    {"type": "act", "version": 3, "action": {"cards": ["3s", "3h"]}},
    {"type": "act", "version": 4, "action": {"play": "pair 33", "with": ["3s", "3h"]}},
    {"type": "act", "version": 5,
     "action": {"pattern": {"kind": "bomb", "main": "3", "size": 6}}},
    {"type": "next", "version": 12},
    {"type": "autoplay", "bot": "normal"},
    {"type": "autoplay", "bot": None, "version": 1},
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
    ('{"type": "act", "version": 1, "action": [1, 2]}', "field 'action' is dict"),
    ('{"type": "act", "version": 1, "action": {"bid": "2", "pass": true}}', "an action is one of"),
    ('{"type": "act", "version": 1, "action": {"pass": false}}', "a pass is"),
    ('{"type": "autoplay", "bot": 3}', "field 'bot' is str or null"),
    ('{"type": "autoplay"}', "field 'bot' is missing"),
    ('{"type": "act", "version": 1, "action": {"double": 1}}', "field 'double' is bool"),
    ('{"type": "next", "version": true}', "field 'version' is int"),
    ('{"type": "next", "version": 1, "extra": 1}', "unknown field 'extra'"),
    # a change names the state it answers, or it could land on another one
    ('{"type": "act", "action": {"pass": true}}', "field 'version' is missing"),
    ('{"type": "next"}', "field 'version' is missing"),
    ('{"type": "dance"}', "unknown message type 'dance'"),
    ('{"type": ["act"]}', "unknown message type"),
    ('"just text"', "a JSON object"),
    ("not json", "not a JSON message"),
    ('{"type": "act", "version": 1, "action": {"cards": ' + json.dumps(["3s"] * 41) + "}}",
     "at most 40"),
    ('{"type": "act", "version": 1, "action": {"pattern": {"kind": "x", "wings": [[["3"]]]}}}',
     "nested at"),
    ('{"type": "sync", "pad": "' + "x" * MAX_BYTES + '"}', f"at most {MAX_BYTES} bytes"),
])
def test_bad_messages_say_why(raw, words):
    with pytest.raises(MessageError, match=words):
        read_message(raw)


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
