"""Hints for a person: the plays open to a seat, best first, from that seat's view alone.

A hint never breaks a bomb or the rocket (takes cards of a rank held as a bomb, or one joker
of the rocket, without playing the bomb or the rocket) unless it goes out: such plays come
after every other, for a person who asks for more hints.
"""

from __future__ import annotations

from ..cards import BLACK_JOKER, TWO, contains, count_of
from ..combos import Play
from ..deal import Phase
from ..rules import RuleSet
from ..view import SeatView
from .handeval import is_bomb, is_control
from .normal import NormalBot
from .situation import Situation


def breaks_a_bomb(play: Play, hand: int, rules: RuleSet) -> bool:
    """Whether ``play`` from ``hand`` uses a bomb's cards, or a joker of the rocket, without
    being a bomb (of any class) or the rocket and without going out."""
    if play.is_pass or is_bomb(play) or play.cards == hand:
        return False
    smallest = rules.combos.bomb_sizes[0]
    for rank in range(TWO + 1):
        if count_of(play.cards, rank) and count_of(hand, rank) >= smallest:
            return True
    jokers = play.cards >> (4 * BLACK_JOKER)  # the play's jokers, if any
    return bool(jokers) and contains(hand, rules.combos.rocket)


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
        ranked.sort(key=lambda p: breaks_a_bomb(p, s.hand, view.rules))  # stable
        return ranked
