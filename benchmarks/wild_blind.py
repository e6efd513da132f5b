"""``normal`` as it played wild cards before it knew them: the same bot, its hand evaluated
as if no card were wild (the legal plays are still the engine's). The arena measures what
knowing the wild cards is worth:

    cd benchmarks && python3 -m dizhu arena normal wild_blind:BlindNormal \\
        --ruleset laizi --decks 100 --jobs 1
"""

from __future__ import annotations

from dizhu.bots.handeval import HandEvaluator
from dizhu.bots.normal import NormalBot
from dizhu.view import SeatView


class BlindNormal(NormalBot):
    """``normal`` with the evaluator of no wild rank, whatever the deal drew."""

    name = "blind-normal"

    def evaluator(self, view: SeatView, wild: tuple[int, ...] | None = None) -> HandEvaluator:
        return super().evaluator(view, ())
