"""Bots by name."""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot
from .easy import EasyBot
from .expert import ExpertBot
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


def parse_bot_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"expert:budget=0.2,samples=32"`` -> ``("expert", {"budget": "0.2", ...})``."""
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
    """A bot by registry name, seeded, with optional settings: ``expert:budget=0.2``."""
    name, settings = parse_bot_spec(spec)
    bot = BOTS[name](seed=seed)
    if settings:
        bot.configure(**settings)
    return bot
