"""A one-ply bot on the learned evaluation: it plays the legal play whose win chance
(``dizhu.bots.evaluation.WinChance``) is highest, with no search. Its bids and doubles are
``normal``'s. A yardstick for the network, not a level.

    cd examples/bots
    OPENBLAS_NUM_THREADS=1 dizhu arena greedy_value:GreedyValue easy --decks 300 --seed 7

See docs/bots.md, "A learned evaluation".
"""

from __future__ import annotations

from dizhu import Play, SeatView
from dizhu.bots.evaluation import WinChance
from dizhu.bots.normal import NormalBot


class GreedyValue(NormalBot):
    name = "greedy-value"

    def play(self, view: SeatView) -> Play:
        plays = [a for a in view.legal if isinstance(a, Play)]
        if len(plays) == 1:
            return plays[0]
        chances = WinChance(view.rules).of_actions(view, plays)
        return plays[int(chances.argmax())]
