"""``random``: a uniform choice among the legal actions (the literature's baseline)."""

from __future__ import annotations

from ..auction import Bid, Double
from ..combos import Play
from ..view import SeatView
from .base import Bot


class RandomBot(Bot):
    name = "random"

    def bid(self, view: SeatView) -> Bid:
        return self.rng.choice(view.legal)

    def double(self, view: SeatView) -> Double:
        return self.rng.choice(view.legal)

    def play(self, view: SeatView) -> Play:
        return self.rng.choice(view.legal)
