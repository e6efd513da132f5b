"""The one interface every computer player implements (and any outside bot can).

A bot is handed a :class:`~dizhu.view.SeatView`: its own cards and what is public, never
the deal. It answers a bid in the auction, a double (or redouble) when that option is on,
and a play. A bot is deterministic for a given seed.
"""

from __future__ import annotations

import random

from ..auction import Bid, Double
from ..combos import Play
from ..deal import Action, Phase
from ..view import SeatView


class Bot:
    """Base class: override :meth:`bid`, :meth:`double` and :meth:`play`."""

    name = "bot"

    def __init__(self, seed: int | str | None = None) -> None:
        self.rng = random.Random(seed)

    def reseed(self, seed: int | str) -> None:
        """Start the bot's random choices afresh (what it has learned may stay: it must
        not change its decisions)."""
        self.rng.seed(seed)

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
