"""Who plays each seat of a match: people, and computer players bounded for a server that
holds many tables."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..bots import Bot, make_bot
from ..bots.external import ExternalBot
from ..bots.guarded import Guarded, Unavailable
from ..bots.registry import PYTHON
from .form import FRIEND

MEMORY = {"memo_limit": 20_000, "solver_limit": 20_000}
"""What a computer player at a table may remember (a few MiB each): a server holds many."""


def table_bot(level: str, programs: Mapping[str, str] | None = None) -> Bot:
    """A computer player for a table: its level, with the table's bounds on memory, or a
    bot the server offers by its name in ``programs``: a program (the bot protocol) or a
    Python bot (``py:...``); a decision either fails is made by ``easy``."""
    given = (programs or {}).get(level)
    if given is not None and not given.startswith(PYTHON):
        return ExternalBot(given)
    try:
        bot = make_bot(level if given is None else given)
    except ValueError as e:
        if given is None:
            raise
        bot = Unavailable(given, str(e))  # a match that outlived its Python bot goes on
    known = bot.settings()
    bot.configure(**{k: v for k, v in MEMORY.items() if k in known})
    return bot if given is None else Guarded(bot, make_bot("easy"))


def seat_plan(settings: dict[str, Any]) -> tuple[str | None, ...]:
    """Per seat, the level of the computer player there, or ``None`` for a person: the
    creator at seat 0, then the form's choice for each other seat."""
    return (None, *(None if spec == FRIEND else spec for spec in settings["bots"]))
