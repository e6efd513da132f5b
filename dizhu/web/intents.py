"""One match per intent: the lobby names each thing a person means to do (Play now, a new
match from the form) with a text of its own, and however often that intent reaches the
server, even twice at once (a double click, a request sent again), it makes one match and
every answer leads to it."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from ..session.form import bad_form

T = TypeVar("T")

KEPT = 1000
"""Intents remembered (the latest); an older one asked again makes a match again."""
LONGEST = 64
"""The longest intent (characters)."""


def intent_of(form: dict[str, Any]) -> str | None:
    """Take the intent out of a request's JSON object (``None`` when it names none); an
    intent that is not a short text is refused (:class:`~dizhu.session.ActionError`)."""
    if "intent" not in form:
        return None
    intent = form.pop("intent")
    if not isinstance(intent, str) or not 0 < len(intent) <= LONGEST:
        raise bad_form(f"field 'intent' must be a text of 1 to {LONGEST} characters")
    return intent


class Intents:
    """The matches being made or made for the latest intents."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self.made: OrderedDict[str, asyncio.Future] = OrderedDict()

    async def once(self, intent: str | None, make: Callable[[], Awaitable[T]]) -> T:
        """What ``make()`` gives, made once for ``intent`` (every time when ``None``); a
        making that failed (or was cancelled) is forgotten, so that asking again tries
        again."""
        if intent is None:
            return await make()
        made = self.made.get(intent)
        if made is None:
            made = self.made[intent] = asyncio.ensure_future(make())
            made.add_done_callback(lambda f: None if not f.cancelled() and
                                   f.exception() is None else self._forget(intent, f))
            while len(self.made) > self.kept:
                self.made.popitem(last=False)
        return await asyncio.shield(made)

    def _forget(self, intent: str, made: asyncio.Future) -> None:
        if self.made.get(intent) is made:
            del self.made[intent]
