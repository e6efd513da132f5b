"""Who plays each seat of a match: people, and computer players bounded for a server that
holds many tables."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..bots import Bot, make_bot
from ..bots.external import ExternalBot
from .form import FRIEND

MEMORY = {"memo_limit": 20_000, "solver_limit": 20_000}
"""What a computer player at a table may remember (a few MiB each): a server holds many."""


def table_bot(level: str, programs: Mapping[str, str] | None = None) -> Bot:
    """A computer player for a table: its level, with the table's bounds on memory, or an
    outside program by its name in ``programs`` (the bot protocol: a program that fails
    loses its decisions to ``easy``)."""
    if programs and level in programs:
        return ExternalBot(programs[level])
    bot = make_bot(level)
    known = bot.settings()
    bot.configure(**{k: v for k, v in MEMORY.items() if k in known})
    return bot


def seat_plan(settings: dict[str, Any]) -> tuple[str | None, ...]:
    """Per seat, the level of the computer player there, or ``None`` for a person: the
    creator at seat 0, then the form's choice for each other seat."""
    return (None, *(None if spec == FRIEND else spec for spec in settings["bots"]))
