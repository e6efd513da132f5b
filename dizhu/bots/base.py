"""The one interface every computer player implements (and any outside bot can).

A bot is handed a :class:`~dizhu.view.SeatView`: its own cards and what is public, never
the deal. It answers in the auction (a bid, or a call or rob), a double (or redouble) when
that option is on, and a play; ``view.rules`` says which game it is. A bot is deterministic
for a given seed.
"""

from __future__ import annotations

import random
from typing import ClassVar

from ..auction import Bid, Double
from ..combos import Play
from ..deal import Action, Phase
from ..rules import RuleSet
from ..view import SeatView


class Bot:
    """Base class: override :meth:`bid`, :meth:`double` and :meth:`play`."""

    name = "bot"
    limits: ClassVar[dict[str, tuple[float, float]]] = {}
    """Bounds of numeric settings (a setting not named here must be 0 or more)."""

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    @classmethod
    def settings(cls) -> dict[str, object]:
        """The bot's settings and their defaults: its public number, flag and tuple
        attributes (e.g. ``expert``'s ``budget`` in seconds per decision)."""
        out: dict[str, object] = {}
        for klass in reversed(cls.__mro__):
            for key, value in vars(klass).items():
                if not key.startswith("_") and isinstance(value, (int, float, bool, tuple)):
                    out[key] = value
        return out

    def configure(self, **settings: str | float | int | bool) -> None:
        """Change settings of this bot (values may be given as text)."""
        for key, value in settings.items():
            value = self.setting_value(key, value)
            self._check_bounds(key, value)
            setattr(self, key, value)

    @classmethod
    def setting_value(cls, key: str, value: str | float | int | bool) -> object:
        """The value of setting ``key`` that ``value`` (perhaps text) stands for, of the
        default's type (``"1"`` -> ``True`` for a flag, ``"4/5/6"`` -> ``(4.0, 5.0, 6.0)``
        for a tuple); a ``ValueError`` in words for an unknown key or a value unlike the
        default. Bounds are :meth:`configure`'s to check."""
        known = cls.settings()
        if key not in known:
            names = ", ".join(sorted(known)) or "none"
            raise ValueError(f"{cls.name} has no setting {key!r}; its settings: {names}")
        default = known[key]
        try:
            if isinstance(default, tuple):
                parts = value.split("/") if isinstance(value, str) else value
                return tuple(type(d)(v) for d, v in zip(default, parts, strict=True))
            if isinstance(default, bool):
                return str(value).lower() in ("1", "true", "yes", "on")
            return type(default)(value)
        except (TypeError, ValueError):
            raise ValueError(f"{cls.name}: {key}={value!r} is not like {default!r}") from None

    def _check_bounds(self, key: str, value: object) -> None:
        low, high = self.limits.get(key, (0, float("inf")))
        for v in value if isinstance(value, tuple) else (value,):
            if isinstance(v, bool):
                continue
            if v != v or not low <= v <= high:  # v != v: not a number
                bound = f"from {low:g} to {high:g}" if high != float("inf") else \
                    f"{low:g} or more"
                raise ValueError(f"{self.name}: {key} is {bound}, not {v!r}")

    def plays(self, rules: RuleSet) -> bool:
        """Whether this bot can play ``rules`` (every bot of dizhu plays every ruleset)."""
        return True

    def describe(self) -> str:
        """The bot as a person knows it, for messages: its name, or its class's import path
        when it has none of its own (a program: its name and command)."""
        klass = type(self)
        return self.name if klass.name != Bot.name else \
            f"{klass.__module__}:{klass.__qualname__}"

    def cannot_play(self, rules: RuleSet) -> str | None:
        """Why this bot cannot play ``rules``, in words naming it; ``None`` if it can."""
        return None if self.plays(rules) else f"{self.describe()} cannot play {rules.name}"

    def reseed(self, seed: int | str) -> None:
        """Start the bot's random choices afresh (what it has learned may stay: it must
        not change its decisions)."""
        self.rng.seed(seed)

    def close(self) -> None:
        """Let go of what the bot holds (an outside program: :mod:`.external`); the bot is
        not asked again."""

    def act(self, view: SeatView) -> Action:
        """The bot's answer to whatever its seat is asked now."""
        if view.phase is Phase.AUCTION:
            return self.bid(view)
        if view.phase is Phase.DOUBLING:
            return self.double(view)
        return self.play(view)

    def bid(self, view: SeatView) -> Bid:
        raise NotImplementedError

    def double(self, view: SeatView) -> Double:
        raise NotImplementedError

    def play(self, view: SeatView) -> Play:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"
