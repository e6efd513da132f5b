"""Records: a deal as a list of events that serializes to JSON and replays to the same state.

The first event is the deal itself (every seat's suited cards, the kitty, the opening
bidder); then bids, doubles, plays and passes in order. A deal that skipped the auction
(``Deal.at_play``) starts with a ``start`` event naming the landlord and the bid.
Replaying checks every event against the rules; a bad one raises :class:`RecordError`
saying which event and why.
"""

from __future__ import annotations

import json
from typing import Any

from .auction import BID, DOUBLE, NO_DOUBLE, Bid, Double
from .cards import InvalidCardsError, card_text, parse_card
from .combos import InvalidPlayError, Play, parse_play
from .deal import Action, Deal, IllegalActionError
from .rules import find_ruleset

FORMAT = "dizhu-deal"
VERSION = 1


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message names the event."""


def deal_to_record(deal: Deal) -> dict[str, Any]:
    """The record of a deal so far, as a JSON-ready dict."""
    events: list[dict[str, Any]] = [{
        "event": "deal",
        "opening": deal.opening,
        "hands": [" ".join(card_text(c) for c in h) for h in deal.dealt],
        "kitty": " ".join(card_text(c) for c in deal.kitty_cards),
    }]
    auctioned = any(isinstance(a, Bid) for _, a in deal.history) or deal.landlord < 0
    if not auctioned:
        events.append({"event": "start", "landlord": deal.landlord, "bid": deal.high_bid})
    for seat, action in deal.history:
        events.append({"seat": seat, **_event_of(action)})
    return {"format": FORMAT, "version": VERSION,
            "rules": {"name": deal.rules.name, **deal.rules.options()}, "events": events}


def _event_of(action: Action) -> dict[str, Any]:
    if isinstance(action, Bid):
        return {"event": "bid", "bid": action.value}
    if isinstance(action, Double):
        return {"event": "double", "double": action.yes}
    if action.is_pass:
        return {"event": "pass"}
    return {"event": "play", "play": action.text}


def deal_to_json(deal: Deal) -> str:
    """The record as JSON text."""
    return json.dumps(deal_to_record(deal), ensure_ascii=False, indent=1)


def replay(record: dict[str, Any] | str) -> Deal:
    """The deal a record describes, every event checked; raises :class:`RecordError`."""
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except json.JSONDecodeError as e:
            raise RecordError(f"not a JSON record: {e}") from None
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise RecordError(f"not a dizhu deal record (expected \"format\": \"{FORMAT}\")")
    if record.get("version") != VERSION:
        raise RecordError(f"record version {record.get('version')!r} is not {VERSION}")
    events = record.get("events")
    if not isinstance(events, list) or not events:
        raise RecordError("the record has no events")
    try:
        options = dict(record.get("rules") or {})
        rules = find_ruleset(options.pop("name", "classic"), **options)
    except (ValueError, TypeError) as e:
        raise RecordError(f"rules: {e}") from None
    deal = _start(events, rules)
    first = 2 if len(events) > 1 and events[1].get("event") == "start" else 1
    for index in range(first, len(events)):
        event = events[index]
        try:
            seat, action = _action_of(event, rules.distinct_kickers)
            deal.push(action, seat)
        except (IllegalActionError, InvalidPlayError, KeyError, TypeError, ValueError) as e:
            raise RecordError(f"event {index} ({_describe(event)}): {_reason(e)}") from None
    return deal


def _reason(e: Exception) -> str:
    if isinstance(e, KeyError):
        return f"missing field {e.args[0]!r}"
    return str(e)


def _describe(event: Any) -> str:
    if not isinstance(event, dict):
        return repr(event)
    parts = [f"seat {event.get('seat')}", str(event.get("event"))]
    for key in ("bid", "double", "play"):
        if key in event:
            parts.append(str(event[key]))
    return " ".join(parts)


def _start(events: list, rules) -> Deal:
    head = events[0]
    if not isinstance(head, dict) or head.get("event") != "deal":
        raise RecordError("event 0 must be the deal (hands, kitty, opening)")
    try:
        hands = [[parse_card(t) for t in h.split()] for h in head["hands"]]
        kitty = [parse_card(t) for t in head["kitty"].split()]
        opening = int(head["opening"])
        if len(events) > 1 and isinstance(events[1], dict) and events[1].get("event") == "start":
            return Deal.at_play(hands, kitty, int(events[1]["landlord"]),
                                int(events[1].get("bid", 1)), rules)
        return Deal(hands, kitty, opening, rules)
    except (InvalidCardsError, KeyError, TypeError, ValueError, AttributeError) as e:
        raise RecordError(f"event 0 (deal): {_reason(e)}") from None


def _action_of(event: Any, distinct: bool) -> tuple[int, Action]:
    if not isinstance(event, dict):
        raise ValueError("an event must be an object")
    seat = int(event["seat"])
    kind = event["event"]
    if kind == "bid":
        value = int(event["bid"])
        if not 0 <= value < len(BID):
            raise ValueError(f"bid {value} is not 0 (pass), 1, 2 or 3")
        return seat, BID[value]
    if kind == "double":
        return seat, DOUBLE if event["double"] else NO_DOUBLE
    if kind == "pass":
        return seat, parse_play("pass")
    if kind == "play":
        play: Play = parse_play(str(event["play"]), distinct_kickers=distinct)
        if play.is_pass:
            raise ValueError("a pass is written as a pass event")
        return seat, play
    raise ValueError(f"unknown event {kind!r} (deal, start, bid, double, play, pass)")
