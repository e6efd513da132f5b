"""Reviews and all-hands answers for the page (:mod:`dizhu.coach`).

Both are long and CPU-bound, so each runs in a worker thread, one at a time (a second asks
waits its turn; the event loop never waits on one), and the last few answers are
remembered: the page asks for a deal's review three times, each time with more imagined
deals, and may ask again after a language change or a reload.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections import OrderedDict
from typing import Any

from ..coach import all_hands, review
from ..coach.review import DEPTHS, rewound
from ..deal import Deal, Phase
from ..puzzles import PuzzleError, own_puzzle
from ..reasons import Reason
from ..record import replay
from ..solve.goals import Goal
from ..view import seat_view

ALL_HANDS_SECONDS = 10.0
"""The solver's time for one all-hands answer."""


class CoachingError(ValueError):
    """A request the coach refuses (its :class:`~dizhu.reasons.Reason` as the message)."""


class Coaching:
    """The page's reviews: computed off the event loop one at a time, ``remembered`` kept."""

    def __init__(self, remembered: int = 24) -> None:
        self.lock = asyncio.Lock()
        self.remembered = remembered
        self.answers: OrderedDict[tuple, dict[str, Any]] = OrderedDict()

    async def review(self, record: dict[str, Any], seat: str, deals: str) -> dict[str, Any]:
        """The review of ``record``'s finished deal for ``seat`` with ``deals`` imagined deals
        a decision (texts from a request; checked). Raises :class:`CoachingError` or
        :class:`~dizhu.record.RecordError`."""
        deal = finished(record)
        chosen = _seat(deal, seat)
        depth = _depth(deals)
        return await self._answer(("review", _digest(record), chosen, depth),
                                  lambda: review_json(deal, chosen, depth))

    async def all_hands(self, record: dict[str, Any]) -> dict[str, Any]:
        """The all-hands answer of ``record``'s finished deal."""
        deal = finished(record)
        return await self._answer(("all_hands", _digest(record)),
                                  lambda: all_hands(deal, ALL_HANDS_SECONDS).to_json())

    async def _answer(self, key: tuple, work: Any) -> dict[str, Any]:
        async with self.lock:
            found = self.answers.get(key)
            if found is None:
                found = await asyncio.to_thread(work)
                self.answers[key] = found
                while len(self.answers) > self.remembered:
                    self.answers.popitem(last=False)
            self.answers.move_to_end(key)
            return found


def finished(record: dict[str, Any]) -> Deal:
    """The deal of ``record``, played to its end; else :class:`CoachingError`."""
    deal = replay(record)
    if deal.phase is not Phase.OVER or deal.result is None:
        raise CoachingError(Reason("review_unfinished", "only a deal played to its end is "
                                   "reviewed"))
    return deal


def review_json(deal: Deal, seat: int, deals: int) -> dict[str, Any]:
    """The review of ``seat`` as the page reads it: :meth:`dizhu.coach.Review.to_json`, and
    for each decision ``frame``, the replay's frame before it, and, at the deepest review,
    for a play marked a mistake or a blunder from a position its side could still force a
    win from (every hand open; proved as :func:`dizhu.puzzles.own_puzzle` proves one), that
    ``position`` as ``dizhu solve`` reads it: a puzzle to be made."""
    rated = review(deal, [seat], deals)
    data = rated.to_json()
    history, walk = rewound(deal)
    positions: dict[int, str] = {}
    marked = {d.step for d in rated.decisions if d.mark in ("mistake", "blunder")
              and d.phase == "play"}
    if deals < DEPTHS[-1]:
        marked = set()  # offered once the review is at its deepest
    for step, (who, action, cards) in enumerate(history, 1):
        if step in marked:
            text = walk.position.text()
            try:
                own_puzzle(text, deal.rules.name, who, Goal.WIN.value, "-")
                positions[step] = text
            except PuzzleError:  # lost already, or too big to prove
                pass
        walk.push(action, who, cards or None)
    for d in data["decisions"]:
        d["frame"] = d["step"] - 1
        if d["step"] in positions:
            d["position"] = positions[d["step"]]
    data["goal"] = Goal.WIN.value
    data["ruleset"] = deal.rules.name
    data["seat"] = seat
    data["role"] = seat_view(deal, seat).role
    return data


def _seat(deal: Deal, text: str) -> int:
    most = deal.seats - 1
    if not text.isdigit() or int(text) > most:
        raise CoachingError(Reason("review_seat", f"a review is of a seat 0 to {most}, not "
                                   f"{text[:20]!r}", most=most, detail=text[:20]))
    return int(text)


def _depth(text: str) -> int:
    if not text.isdigit() or int(text) not in DEPTHS:
        raise CoachingError(Reason("review_depth", "a review imagines 8, 24 or 64 deals a "
                                   f"decision, not {text[:20]!r}", detail=text[:20]))
    return int(text)


def _digest(record: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()
