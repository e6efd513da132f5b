"""``duel``: two hands (二人), for endgame positions only.

The classic combinations and ranking with two seats: the landlord (seat 0 in the shipped
puzzles) against one peasant. It is what the two-hand endgame puzzles (残局) and the solver
play: a trick clears after the one other seat passes, and the first empty hand wins for its
side. No deal plays it (one pack does not deal two hands and a kitty the way the auction
needs), so it is neither dealt nor offered to people or bots: ``Deal``, ``dizhu play``, the
lobby, the terminal game's form and the arena refuse it, and ``dizhu solve``, ``dizhu
moves``, the puzzles and :class:`~dizhu.position.Position` read it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..rules import RuleSet


@dataclass(frozen=True)
class Duel(RuleSet):
    """Classic with two seats, for positions: no deal plays it."""

    name = "duel"
    title = "Two hands"
    chinese = "二人"
    summary = "two hands, one pack: the landlord against one peasant, for endgame puzzles"
    seats = 2
    dealt: ClassVar[bool] = False
    offered: ClassVar[bool] = False


DUEL = Duel()
