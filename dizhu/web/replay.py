"""A finished deal step by step, every hand shown: what the replay viewer steps through."""

from __future__ import annotations

from typing import Any

from ..cards import card_text
from ..deal import Deal, Phase
from ..reasons import Reason
from ..record import NO_EVENTS, RecordError, replay, starts_at_play
from ..view import public_history

MAX_EVENTS = 600
"""A record longer than any real deal is refused before it is replayed."""


def replay_frames(record: dict[str, Any]) -> list[dict[str, Any]]:
    """One frame per event of a deal record: the table after that event, all hands open.

    The record is checked by the engine as it is replayed (:class:`RecordError` names a
    bad event); only the deal's own events are trusted, never a frame from outside.
    """
    events = record.get("events") if isinstance(record, dict) else None
    if not isinstance(events, list) or not events:
        raise RecordError(NO_EVENTS)
    if len(events) > MAX_EVENTS:
        raise RecordError(Reason("record_too_long", f"a record of {len(events)} events is "
                                 "longer than any deal", n=len(events)))
    replay(record)  # the whole record first: a bad event is reported once, by its index
    first = 2 if starts_at_play(events) else 1
    return [_frame(replay({**record, "events": events[:end]}))
            for end in range(first, len(events) + 1)]


def _frame(deal: Deal) -> dict[str, Any]:
    suited, held = deal.replay_suits()
    history, trick_start = public_history(deal, suited)
    in_play = deal.phase in (Phase.PLAY, Phase.OVER) and deal.top is not None
    return {
        "phase": deal.phase.value,
        "to_move": deal.to_move,
        "opening": deal.opening,
        "hands": [[card_text(c) for c in h.cards()] for h in held],
        "landlord": deal.landlord,
        "kitty": [card_text(c) for c in deal.kitty_cards],
        "auction": {"stake": deal.auction_state.stake, "robs": deal.auction_state.robs},
        "last": history[-1].to_json() if history else None,
        "trick": [a.to_json() for a in history[trick_start:]] if in_play else [],
        "bombs": deal.bombs,
        "rockets": deal.rockets,
        "result": deal.result.to_json() if deal.result else None,
        **({"wild": deal.rules.wild_text(deal.wild), "wild_ranks": deal.rules.wild_ranks}
           if deal.rules.wild_ranks else {}),
    }
