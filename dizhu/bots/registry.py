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


def make_bot(name: str, seed: int | str | None = None) -> Bot:
    """A bot by registry name, seeded."""
    factory = BOTS.get(name)
    if factory is None:
        raise ValueError(f"unknown bot {name!r}; the bots are {', '.join(BOTS)}")
    return factory(seed=seed)
