"""What a page may send on the table's WebSocket: one schema, read strictly.

A message is a JSON object of at most :data:`MAX_BYTES` bytes: no floats, no NaN or
Infinity, exact types, no unknown field. Its ``type`` is one of :data:`SCHEMA`, and every
value in it has exactly the shape the schema gives its field (an object of known fields, a
list of cards or ranks, a string, a flag, a whole number in a range): the schema is as
deep as an action and no deeper, and its limits are the engine's (the longest play, the
most wings, the most seats), so that every legal action fits and nothing else does.
Messages that change the match carry the ``version`` of the state they answer (an older
one is refused as stale). :func:`read_message` returns the message or raises
:class:`MessageError` saying what is wrong; nothing else is ever handed to the table.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..combos import CHAIN_RANKS
from ..patterns import shapes
from ..rulesets import RULESETS

MAX_BYTES = 4096
_COMBOS = {rules.combos for rules in RULESETS.values()}
MAX_CARDS = max(combos.max_play for combos in _COMBOS)
"""The most cards one play holds (the largest hand: the landlord's 33 with two packs)."""
MAX_WINGS = max(shape.wing_count(shape.chain(combos)[1] if shape.chain(combos) else 1)
                for combos in _COMBOS for shape in shapes(combos))
"""The most wings or kickers a named pattern takes (the longest airplane with wings)."""
MAX_SEATS = max(rules.seats for rules in RULESETS.values())
MAX_BOMB = max(combos.bomb_sizes[1] for combos in _COMBOS)
MAX_VERSION = 2**53 - 1
"""The largest whole number a page counts exactly (a match's events never get there)."""


class MessageError(ValueError):
    """A message that does not follow the schema; the text says why."""


@dataclass(frozen=True)
class Whole:
    """A whole number from ``low`` to ``high``."""

    low: int
    high: int


@dataclass(frozen=True)
class Texts:
    """A list of at most ``most`` strings of at most ``longest`` characters (cards, ranks)."""

    what: str
    most: int
    longest: int


@dataclass(frozen=True)
class OneOf:
    """An object that is one of ``kinds``, each named by the field that marks it."""

    kinds: dict[str, dict[str, tuple[Any, bool]]]


CARDS = Texts("cards", MAX_CARDS, 3)
RANKS = Texts("ranks", MAX_WINGS, 2)

PATTERN: dict[str, tuple[Any, bool]] = {
    "kind": (str, True), "main": (str, False), "length": (Whole(1, CHAIN_RANKS), False),
    "wings": (RANKS, False), "size": (Whole(1, MAX_BOMB), False)}
"""A play named by pattern: its kind, the lowest rank of its main run, the run's length,
its wings or kickers one rank each, and a bomb's number of cards."""

ACTIONS: dict[str, dict[str, tuple[Any, bool]]] = {
    "bid": {"bid": ((str, Whole(0, 3)), True)},
    "double": {"double": (bool, True)},
    "pass": {"pass": (bool, True)},
    "cards": {"cards": (CARDS, True)},
    "play": {"play": (str, True), "cards": (CARDS, False), "with": (CARDS, False)},
    "pattern": {"pattern": (PATTERN, True), "cards": (CARDS, False), "with": (CARDS, False)},
}
"""Each kind of action, named by the field that marks it, and its fields: the codec's
JSON (:mod:`dizhu.actions`; a play with its ``cards``, ``{"play": "pass"}``), a named
pattern with the cards marked for it, or selected ``cards`` alone. ``{"pass": true}`` and
``with`` are the forms pages sent before, still read. A kind whose fields hold every
field that marks a kind is the one meant (a play with its cards is a play)."""

VERSION = Whole(0, MAX_VERSION)

SCHEMA: dict[str, dict[str, tuple[Any, bool]]] = {
    "sync": {},
    "hint": {"version": (VERSION, False)},
    "act": {"action": (OneOf(ACTIONS), True), "version": (VERSION, True)},
    "next": {"version": (VERSION, True)},
    "autoplay": {"bot": ((str, type(None)), True), "version": (VERSION, False),
                 "seat": (Whole(0, MAX_SEATS - 1), False)},
}
"""Every message by its ``type``, with its fields besides ``type``. ``autoplay`` with a
``seat``: the creator hands a person's empty seat to a computer (or takes it back)."""


def _refuse_constant(name: str) -> Any:
    raise MessageError(f"{name} is not a number a message may hold")


def _refuse_float(text: str) -> Any:
    raise MessageError(f"{text} is not a whole number: messages hold no fractions")


def _describe(shape: Any) -> str:
    if isinstance(shape, Whole):
        return f"{shape.low} to {shape.high}"
    if isinstance(shape, Texts):
        return f"a list of at most {shape.most} {shape.what}"
    if isinstance(shape, (dict, OneOf)):
        return "an object"
    if isinstance(shape, tuple):
        return " or ".join(_describe(s) for s in shape)
    return shape.__name__.replace("NoneType", "null")


def _fits(value: Any, shape: Any) -> bool:
    """Whether ``value`` has the shape (objects are checked field by field afterwards)."""
    if isinstance(shape, tuple):
        return any(_fits(value, s) for s in shape)
    if isinstance(shape, Whole):  # exact: a flag is no number
        return type(value) is int and shape.low <= value <= shape.high
    if isinstance(shape, Texts):
        return type(value) is list and len(value) <= shape.most and \
            all(type(v) is str and len(v) <= shape.longest for v in value)
    if isinstance(shape, (dict, OneOf)):
        return type(value) is dict
    return type(value) is shape


def _check(value: Any, shape: Any, name: str, where: str) -> None:
    """``value`` of field ``name`` (in ``where``) has ``shape``, all the way down."""
    if not _fits(value, shape):
        raise MessageError(f"{where}: field {name!r} is {_describe(shape)}, not "
                           f"{json.dumps(value)[:40]}")
    if isinstance(shape, dict):
        _check_fields(value, shape, name)
    elif isinstance(shape, OneOf):
        marks = [k for k in shape.kinds if k in value]
        meant = [k for k in marks if all(m in shape.kinds[k] for m in marks)]
        if len(meant) != 1:
            raise MessageError(f"an {name} is one of: " + ", ".join(shape.kinds))
        _check_fields(value, shape.kinds[meant[0]], name)


def _check_fields(data: dict[str, Any], fields: dict[str, tuple[Any, bool]], where: str) -> None:
    unknown = sorted(set(data) - set(fields))
    if unknown:
        raise MessageError(f"{where}: unknown field {unknown[0]!r}")
    for name, (shape, required) in fields.items():
        if name in data:
            _check(data[name], shape, name, where)
        elif required:
            raise MessageError(f"{where}: field {name!r} is missing")


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
        raise MessageError("a message is nested no deeper than an action") from None
    except ValueError as e:  # JSONDecodeError and unreadable text
        raise MessageError(f"not a JSON message ({e})") from None
    if not isinstance(data, dict):
        raise MessageError("a message is a JSON object")
    kind = data.get("type")
    if type(kind) is not str or kind not in SCHEMA:
        raise MessageError(f"unknown message type {kind!r}; the types are {', '.join(SCHEMA)}")
    _check_fields({k: v for k, v in data.items() if k != "type"}, SCHEMA[kind], kind)
    action = data.get("action")
    if kind == "act" and "pass" in action and action["pass"] is not True:
        raise MessageError("action: a pass is {\"pass\": true}")
    return data
