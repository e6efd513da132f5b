"""The coach: what a player learns from, built on the engine, the solver and the bots.

- :mod:`.chances`: the chance to win of every action open to a seat, from its view alone.
- :mod:`.review`: every decision of a finished deal rated, with marks by the chance lost.
- :mod:`.allhands`: the all-hands answer (who wins with best play, every hand known).
- :mod:`.explain`: hints ranked by the chance, with one line on why the first is good.
"""

from .allhands import AllHands, all_hands
from .chances import Analyst, Rated
from .explain import WHY, Hint, Why, coached, hint
from .review import THRESHOLDS, Decision, Review, deepening, review

__all__ = ["THRESHOLDS", "WHY", "AllHands", "Analyst", "Decision", "Hint", "Rated", "Review",
           "Why", "all_hands", "coached", "deepening", "hint", "review"]
