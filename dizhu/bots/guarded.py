"""A bot whose faults never stop a game: where a table seats a bot it did not write (a
Python bot named by the server's ``--bot``), an exception or an illegal answer is counted
and logged, and that decision is made by the fallback from the same view (as for a program
speaking the bot protocol)."""

from __future__ import annotations

from collections import Counter

from ..deal import Action
from ..rules import RuleSet
from ..view import SeatView
from .base import Bot
from .external import LOG_LIMIT


class Guarded(Bot):
    """``bot``, with ``fallback`` deciding whatever it cannot."""

    def __init__(self, bot: Bot, fallback: Bot) -> None:
        super().__init__()
        self.bot = bot
        self.fallback = fallback
        self.name = bot.name
        self.troubles: Counter[str] = Counter()
        """Decisions made by the fallback: ``error`` (the bot raised), ``illegal``."""
        self.log: list[str] = []

    def act(self, view: SeatView) -> Action:
        try:
            action = self.bot.act(view)
        except Exception as e:
            return self._fallback(view, "error", f"{type(e).__name__}: {e}")
        if action not in view.legal:
            return self._fallback(view, "illegal", f"{action} is not legal now")
        return action

    def plays(self, rules: RuleSet) -> bool:
        return self.bot.plays(rules)

    def describe(self) -> str:
        return self.bot.describe()

    def reseed(self, seed: int | str) -> None:
        self.bot.reseed(seed)
        self.fallback.reseed(seed)

    def close(self) -> None:
        self.bot.close()

    def _fallback(self, view: SeatView, kind: str, detail: str) -> Action:
        self.troubles[kind] += 1
        if len(self.log) < LOG_LIMIT:
            self.log.append(f"{self.describe()}: {kind}: {detail}")
        return self.fallback.act(view)


class Unavailable(Bot):
    """A bot that could not be made (its module is gone): every decision is an error that
    says why, for :class:`Guarded` to hand to its fallback."""

    def __init__(self, spec: str, why: str) -> None:
        super().__init__()
        self.spec, self.why = spec, why

    def describe(self) -> str:
        return self.spec

    def act(self, view: SeatView) -> Action:
        raise RuntimeError(self.why)
