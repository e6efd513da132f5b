"""Hints for a person: the plays open to a seat, best first, from that seat's view alone."""

from __future__ import annotations

from ..combos import Play
from ..deal import Phase
from ..view import SeatView
from .handeval import is_control
from .normal import NormalBot
from .situation import Situation


class Hinter:
    """Ranks a seat's legal plays with the ``normal`` player's judgement: its own choice
    first, then the plays that keep the rest of the hand easiest to play out."""

    def __init__(self) -> None:
        self.bot = NormalBot(seed=0)

    def hints(self, view: SeatView) -> list[Play]:
        """Every legal play but the pass, best first (empty when the seat is not to play)."""
        if view.phase is not Phase.PLAY or not view.my_turn:
            return []
        plays = [p for p in view.legal if not p.is_pass]
        if not plays:
            return []
        ev = self.bot.evaluator(view)
        s = Situation.of(view)
        if s.top is None:
            ranked = self.bot.ranked_leads(s, plays, ev)
        else:
            base = ev.cost(s.hand)
            ranked = sorted(plays, key=lambda p: (
                round(ev.extra_cost(s.hand, p, base), 2), is_control(p),
                p.main, -p.size))
        self.bot.reseed(0)
        choice = self.bot.play(view)
        if not choice.is_pass and choice in ranked:
            ranked.remove(choice)
            ranked.insert(0, choice)
        return ranked
