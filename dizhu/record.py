"""Records: a deal as a list of events that serializes to JSON and replays to the same state.

A record names its ruleset (``"rules": {"name": "four", "doubling": false}``). The first
event is the deal itself (every seat's suited cards, the kitty, the opening seat and, in a
ruleset with wild cards, every wild rank the deal draws, in the order drawn: ``"wild":
"5J"``, drawn or not yet, as the hands are there whether played or not); then
bids, doubles, plays and passes in order, each the seat that acted and the action in the
codec's JSON (:func:`~dizhu.actions.action_to_json`), a play with the suited cards it put
on the table: ``{"seat": 1, "play": "pair 33", "cards": ["3s", "3h"]}``. A deal that
skipped the auction (``Deal.at_play``) has a ``start`` event naming the landlord and the
stake the auction would have ended with. Replaying checks every event against the ruleset;
a bad one raises :class:`RecordError` saying which event and why.

Older records are still read: version 2 (each action tagged ``"event": "bid"``, ``"double"``,
``"play"`` or ``"pass"``, a play's cards as one string) and version 1 (classic only, no
cards on plays, bids as numbers).
"""

from __future__ import annotations

import json
from typing import Any

from .actions import action_to_json, decode_action
from .cards import InvalidCardsError, card_text, parse_card
from .combos import PASS, InvalidPlayError
from .deal import Deal, IllegalActionError
from .reasons import Reason, of_seat, reason_of
from .rules import RuleSet
from .rulesets import rules_from_json

FORMAT = "dizhu-deal"
VERSION = 3
READABLE = (1, 2, 3)


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message names the step (its events
    counted from 1, as a person counts)."""


NO_EVENTS = Reason("record_empty", "the record has no events")


def deal_to_record(deal: Deal) -> dict[str, Any]:
    """The record of a deal so far, as a JSON-ready dict (a deal that began at a position
    has none: its cards set aside were never dealt)."""
    if deal.set_aside:
        raise RecordError("a deal that starts from a position has no record: its hands were "
                          "never dealt whole")
    events: list[dict[str, Any]] = [{
        "event": "deal",
        "opening": deal.opening,
        "hands": [" ".join(card_text(c) for c in h) for h in deal.dealt],
        "kitty": " ".join(card_text(c) for c in deal.kitty_cards),
    }]
    if deal.wild_draw:
        events[0]["wild"] = deal.rules.wild_text(deal.wild_draw)
    if not deal.bids and deal.landlord >= 0:
        events.append({"event": "start", "landlord": deal.landlord,
                       "bid": deal.auction_state.stake})
    events += [{"seat": seat, **action_to_json(action, cards or None)}
               for seat, action, cards in deal.suited_history()]
    return {"format": FORMAT, "version": VERSION, "rules": deal.rules.to_json(),
            "events": events}


def deal_to_json(deal: Deal) -> str:
    """The record as JSON text."""
    return json.dumps(deal_to_record(deal), ensure_ascii=False, indent=1)


def replay(record: dict[str, Any] | str) -> Deal:
    """The deal a record describes, every event checked; raises :class:`RecordError`."""
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except json.JSONDecodeError:
            raise RecordError(Reason("record_not_json", "that file is not a JSON deal "
                                     "record")) from None
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordError(Reason("record_format", "that file is not a dizhu deal record "
                                 f"(expected \"format\": \"{FORMAT}\")"))
    if record.get("version") not in READABLE:
        version = json.dumps(record.get("version"))[:20]
        raise RecordError(Reason("record_version", f"record version {version} is not "
                                 f"{' or '.join(map(str, READABLE))}", detail=version))
    events = record.get("events")
    if not isinstance(events, list) or not events:
        raise RecordError(NO_EVENTS)
    try:
        rules = rules_from_json(record.get("rules"))
    except ValueError as e:
        raise RecordError(_unreadable(f"rules: {e}")) from None
    deal = _start(events, rules)
    first = 2 if starts_at_play(events) else 1
    for index in range(first, len(events)):
        event = events[index]
        try:
            seat, action, cards = _action_of(event, rules, deal.wild)
            deal.push(action, seat, cards)
        except (IllegalActionError, InvalidPlayError, InvalidCardsError, KeyError, TypeError,
                ValueError, AttributeError) as e:
            raise RecordError(_bad_event(index, _describe(event), e, deal.to_move)) from None
    return deal


def starts_at_play(events: list) -> bool:
    """Whether the record's deal skipped the auction (its second event is ``start``)."""
    return len(events) > 1 and isinstance(events[1], dict) and events[1].get("event") == "start"


def _reason(e: Exception) -> Reason | None:
    """The reason an error carries, or names (a missing field)."""
    if isinstance(e, KeyError):
        field = repr(e.args[0])
        return Reason("record_field", f"missing field {field}", detail=field)
    return reason_of(e)


def _unreadable(detail: str) -> Reason:
    return Reason("not_a_record", detail, detail=detail)


def _bad_event(index: int, event: str, error: Exception, seat: int | None = None) -> Reason:
    """Event ``index`` cannot be replayed; the engine's reason (with its code, if any), said
    of ``seat`` (the seat to act) where the engine says it to the seat acting."""
    inner = _reason(error)
    if inner is not None and seat is not None:
        inner = of_seat(inner, seat)
    why = str(inner) if inner is not None else str(error)
    return Reason("record_event", f"step {index + 1} ({event}): {why}", step=index + 1,
                  event=event, reason=inner.to_json() if inner else {"text": why})


def _describe(event: Any) -> str:
    if not isinstance(event, dict):
        return repr(event)
    parts = [f"seat {event.get('seat')}"]
    if "event" in event:
        parts.append(str(event["event"]))
    for key in ("bid", "double", "play"):
        if key in event:
            parts.append(str(event[key]))
    return " ".join(parts)


def _integer(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number, not {value!r}")
    return value


def _start(events: list, rules: RuleSet) -> Deal:
    head = events[0]
    if not isinstance(head, dict) or head.get("event") != "deal":
        raise RecordError(Reason("record_no_deal", "step 1 must be the deal (hands, kitty, "
                                 "opening)"))
    try:
        hands = [[parse_card(t) for t in h.split()] for h in head["hands"]]
        kitty = [parse_card(t) for t in head["kitty"].split()]
        opening = _integer(head["opening"], "the opening seat")
        wild = _wild(head, rules)
        deal = Deal(hands, kitty, opening, rules, wild=wild)
    except (InvalidCardsError, KeyError, TypeError, ValueError, AttributeError) as e:
        raise RecordError(_bad_event(0, "deal", e)) from None
    if not starts_at_play(events):
        return deal
    start = events[1]
    try:
        landlord = _integer(start["landlord"], "the landlord")
        bid = _integer(start.get("bid", 1), "the stake")
        return Deal.at_play(hands, kitty, landlord, bid, rules, wild=wild)
    except (KeyError, ValueError) as e:
        raise RecordError(_bad_event(1, "start", e)) from None


def _wild(head: dict, rules: RuleSet) -> tuple[int, ...]:
    """The wild ranks the deal event names (none in a ruleset without wild cards)."""
    if not rules.wild_ranks and "wild" not in head:
        return ()
    text = head["wild"]
    if not isinstance(text, str):
        raise ValueError(f"the wild ranks are rank letters, e.g. \"8\" or \"5J\", not {text!r}")
    return rules.parse_wild(text, drawn=True)


def _action_of(event: Any, rules: RuleSet,
               wild: tuple[int, ...] = ()) -> tuple[int, Any, list[int] | None]:
    if not isinstance(event, dict):
        raise ValueError("an event must be an object")
    seat = _integer(event["seat"], "the seat")
    kind = event.get("event")
    if kind is None:  # version 3: the codec's JSON
        return (seat, *decode_action(event, rules, wild))
    if kind == "pass":  # versions 1 and 2: a tagged event
        return seat, PASS, None
    if kind not in ("bid", "double", "play"):
        raise ValueError(Reason("record_unknown_event", f"unknown event {kind!r} (deal, start, "
                                "bid, double, play, pass)", detail=repr(kind)[:40]))
    action, cards = decode_action({kind: event[kind], "cards": event.get("cards")}, rules)
    if kind == "play" and action.is_pass:
        raise ValueError("a pass is written as a pass event")
    return seat, action, cards
