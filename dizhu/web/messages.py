"""What a page may send on the table's WebSocket: one schema, read strictly.

A message is a JSON object of at most :data:`MAX_BYTES` bytes: no floats, no NaN or
Infinity, no nesting deeper than :data:`MAX_DEPTH`, exact types, no unknown field. Its
``type`` is one of :data:`SCHEMA`; messages that change the match carry the ``version``
of the state they answer (an older one is refused as stale). :func:`read_message` returns
the message or raises :class:`MessageError` saying what is wrong; nothing else is ever
handed to the table.
"""

from __future__ import annotations

import json
from typing import Any

MAX_BYTES = 4096
MAX_DEPTH = 4
MAX_CARDS = 40


class MessageError(ValueError):
    """A message that does not follow the schema; the text says why."""


# Each field: (type, required). ``"card list"`` is a list of at most MAX_CARDS strings.
ACTIONS: dict[str, dict[str, tuple[Any, bool]]] = {
    "bid": {"bid": ((str, int), True)},
    "double": {"double": (bool, True)},
    "pass": {"pass": (bool, True)},
    "cards": {"cards": ("card list", True)},
    "play": {"play": (str, True), "with": ("card list", False)},
    "pattern": {"pattern": (dict, True)},
}
"""Each kind of action, named by the field that marks it, and its fields."""

PATTERN = {"kind": (str, True), "main": (str, False), "length": (int, False),
           "wings": ("card list", False), "size": (int, False)}

SCHEMA: dict[str, dict[str, tuple[Any, bool]]] = {
    "sync": {},
    "hint": {"version": (int, False)},
    "act": {"action": (dict, True), "version": (int, True)},
    "next": {"version": (int, True)},
    "autoplay": {"bot": ((str, type(None)), True), "version": (int, False),
                 "seat": (int, False)},
}
"""Every message by its ``type``, with its fields besides ``type``. ``autoplay`` with a
``seat``: the creator hands a person's empty seat to a computer (or takes it back)."""


def _refuse_constant(name: str) -> Any:
    raise MessageError(f"{name} is not a number a message may hold")


def _refuse_float(text: str) -> Any:
    raise MessageError(f"{text} is not a whole number: messages hold no fractions")


def _depth(value: Any, level: int = 1) -> None:
    if level > MAX_DEPTH:
        raise MessageError(f"a message is nested at most {MAX_DEPTH} deep")
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) \
        else ()
    for child in children:
        _depth(child, level + 1)


def _check_fields(data: dict[str, Any], fields: dict[str, tuple[Any, bool]], where: str) -> None:
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise MessageError(f"{where}: unknown field {unknown[0]!r}")
    for name, (kind, required) in fields.items():
        if name not in data:
            if required:
                raise MessageError(f"{where}: field {name!r} is missing")
            continue
        value = data[name]
        if kind == "card list":
            if type(value) is not list or len(value) > MAX_CARDS or \
                    any(type(v) is not str or len(v) > 3 for v in value):
                raise MessageError(f"{where}: field {name!r} is a list of at most "
                                   f"{MAX_CARDS} cards")
            continue
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if type(value) not in kinds:  # exact: a flag is no number, a number no flag
            names = " or ".join(k.__name__.replace("NoneType", "null") for k in kinds)
            raise MessageError(f"{where}: field {name!r} is {names}, not {value!r}")
        if type(value) is int and not -1 <= value <= 1_000_000:
            raise MessageError(f"{where}: field {name!r} is out of range")


def read_message(raw: str | bytes | None) -> dict[str, Any]:
    """The message in a text frame, checked against :data:`SCHEMA`."""
    if not isinstance(raw, str):
        raise MessageError("a message is a JSON text frame, not binary")
    if len(raw.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise MessageError(f"a message is at most {MAX_BYTES} bytes")
    try:
        data = json.loads(raw, parse_constant=_refuse_constant, parse_float=_refuse_float)
    except MessageError:
        raise
    except RecursionError:
        raise MessageError(f"a message is nested at most {MAX_DEPTH} deep") from None
    except ValueError as e:  # JSONDecodeError and unreadable text
        raise MessageError(f"not a JSON message ({e})") from None
    if not isinstance(data, dict):
        raise MessageError("a message is a JSON object")
    _depth(data)
    kind = data.get("type")
    if type(kind) is not str or kind not in SCHEMA:
        raise MessageError(f"unknown message type {kind!r}; the types are {', '.join(SCHEMA)}")
    _check_fields({k: v for k, v in data.items() if k != "type"}, SCHEMA[kind], kind)
    if kind == "act":
        action = data["action"]
        marks = [k for k in ACTIONS if k in action]
        if len(marks) != 1:
            raise MessageError("an action is one of: " + ", ".join(ACTIONS))
        _check_fields(action, ACTIONS[marks[0]], "action")
        if marks[0] == "pattern":
            _check_fields(action["pattern"], PATTERN, "pattern")
        if marks[0] == "pass" and action["pass"] is not True:
            raise MessageError("action: a pass is {\"pass\": true}")
    return data
