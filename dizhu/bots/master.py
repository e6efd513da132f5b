"""``master``: ``expert``'s search, with the exact solver finishing every playout, the
imagined deals weighed by what the others did, and the bids and doubles from the learned
chance to win.

- **Play.** As ``expert`` (:mod:`.expert`), with ``solve_cards`` on: once few enough cards
  are left in all hands together, a playout is finished by the engine's exact solver
  instead of the ``normal`` policy (a solve that runs long gives up and is tried again a
  few cards later), and when that few are left at the decision itself each
  imagined deal is solved for every legal play (as bridge programs do). And ``infer`` on:
  the imagined deals are weighed by how likely each makes the others' bids, doubles,
  passes and plays (:mod:`.likelihood`). And ``styles`` on: each other seat is played
  out in the style its follows so far show, ``normal``'s way or eager (it plays whenever
  it can), read in each imagined deal (:mod:`.expert`).
- **Bidding and doubling.** From the chance to win the network of :mod:`.evaluation`
  estimates (:mod:`.chance`): bid 3 (call, rob) when the chance to win as landlord passes
  ``0.5 + bid_edge``, double (redouble) when the side's chance passes ``0.5 + double_edge``.
  Every ruleset with an auction ships weights; for one without (a bot writer's own), it
  bids and doubles as ``expert``.

With wild cards the solver is not used (as in ``expert``); the rest is the same.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ..auction import Bid, Double
from ..rules import RuleSet
from ..view import SeatView
from .expert import ExpertBot

if TYPE_CHECKING:
    from .evaluation import WinChance


class MasterBot(ExpertBot):
    name = "master"
    limits: ClassVar[dict[str, tuple[float, float]]] = {
        **ExpertBot.limits, "bid_edge": (-0.5, 0.5), "double_edge": (-0.5, 0.5),
        "kitties": (1, 500)}
    budget = 0.9
    """Seconds one decision's search may take: a tenth of a second under the 1 s a
    decision must stay within, for the work around the search (the last playout's step,
    choosing among the tallies)."""
    samples = 96
    """Deals imagined per decision: six times ``expert``'s. At this many a decision in the
    first half of a deal is often cut short by ``budget``; against ``expert`` on the same
    400 decks master won 0.571 of deals at 16, 0.595 at 48 and 0.615 at 96
    (docs/strength.md)."""
    solve_cards = 30
    playout_nodes = 2_000
    """A playout's solve gives up past this many positions and tries again
    ``retry_cards`` later: nine in ten are settled within it, and the few that are not
    took 60% of the solver's time at 20,000 (docs/benchmarks.md)."""
    retry_cards = 2
    infer = True
    styles = True
    """On the same decks as ``master`` without it (play mode): against ``rlcard-rule``
    +0.021 [+0.006, +0.036] of the deals over 700 decks, against ``expert`` +0.035
    [-0.001, +0.071] over 300 (docs/strength.md)."""
    bid_edge = 0.0
    """Bid when the chance to win as landlord is at least ``0.5 + bid_edge``."""
    double_edge = 0.05
    """Double when the side's chance to win is at least ``0.5 + double_edge``."""
    kitties = 24
    """Kitties drawn to estimate the chance to win as landlord while bidding."""

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__(seed)
        self.chances: dict[RuleSet, WinChance | None] = {}

    def chance(self, rules: RuleSet) -> WinChance | None:
        """The learned evaluation of ``rules``, or ``None`` when none ships for it."""
        if rules not in self.chances:
            from .chance import chance_for  # NumPy loads with the first bid, not with dizhu
            self.chances[rules] = chance_for(rules)
        return self.chances[rules]

    def bid(self, view: SeatView) -> Bid:
        chance = self.chance(view.rules)
        if chance is None:
            return super().bid(view)
        from .chance import bid_by_chance, landlord_chance
        return bid_by_chance(view, landlord_chance(view, chance, self.rng, self.kitties),
                             self.bid_edge)

    def double(self, view: SeatView) -> Double:
        chance = self.chance(view.rules)
        if chance is None:
            return super().double(view)
        from .chance import double_by_chance
        return double_by_chance(chance.of_view(view), self.double_edge)
