"""Bots by name."""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot
from .easy import EasyBot
from .expert import ExpertBot
from .external import ExternalBot
from .hard import HardBot
from .normal import NormalBot
from .random_bot import RandomBot
from .rlcard_rule import RLCardRuleBot

BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
    "expert": ExpertBot,
    "rlcard-rule": RLCardRuleBot,
}


EXTERNAL = "cmd:"
"""A spec that starts so names a program speaking the bot protocol: ``cmd:PROGRAM ARGS``."""


def parse_bot_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"expert:budget=0.2,samples=32"`` -> ``("expert", {"budget": "0.2", ...})``;
    ``"cmd:node bot.js"`` -> ``("cmd", {"command": "node bot.js"})``."""
    if spec.startswith(EXTERNAL):
        command = spec[len(EXTERNAL):].strip()
        if not command:
            raise ValueError("cmd: give the program to run, as in cmd:python3 mybot.py")
        return "cmd", {"command": command}
    name, _, rest = spec.partition(":")
    settings = {}
    for item in filter(None, rest.split(",")):
        key, eq, value = item.partition("=")
        if not eq:
            raise ValueError(f"bot setting {item!r} needs a value: write NAME:KEY=VALUE")
        settings[key.strip()] = value.strip()
    if name not in BOTS:
        raise ValueError(f"unknown bot {name!r}; the bots are {', '.join(BOTS)}")
    return name, settings


def make_bot(spec: str, seed: int | str | None = None) -> Bot:
    """A bot by registry name, seeded, with optional settings: ``expert:budget=0.2``; or
    an outside program: ``cmd:PROGRAM ARGS`` (:class:`.external.ExternalBot`)."""
    name, settings = parse_bot_spec(spec)
    if name == "cmd":
        return ExternalBot(settings["command"], seed=seed)
    bot = BOTS[name](seed=seed)
    if settings:
        bot.configure(**settings)
    return bot
