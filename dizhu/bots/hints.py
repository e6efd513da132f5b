"""Hints for a person: the plays open to a seat, best first, from that seat's view alone.

A hint never breaks a bomb or the rocket the hand holds (with wild cards its soft bombs and
wild bomb too: :func:`breaks_a_bomb`) without playing the bomb or the rocket, unless it goes
out: such plays come after every other, for a person who asks for more hints.
"""

from __future__ import annotations

from collections.abc import Callable

from ..cards import contains
from ..combos import BOMBS, Kind, Play
from ..deal import Phase
from ..movegen import MoveGenerator
from ..rules import RuleSet
from ..view import SeatView
from ..wild import WildMoves
from .handeval import is_control
from .normal import NormalBot
from .situation import Situation


def held_bombs(hand: int, moves: MoveGenerator | WildMoves) -> dict[int, Play]:
    """The bombs ``hand`` holds: every bomb (of any class) and the rocket the engine finds
    in it (``moves.bombs``, the bombs among its leads; ``moves``: the ruleset's
    ``moves(wild)``, so wild cards make soft bombs and the wild bomb as the rules let
    them), the strongest of each main rank kept (the rocket under ``-1``)."""
    best: dict[int, Play] = {}
    beats = moves.beats
    for play in moves.bombs(hand):
        if play.kind in BOMBS:
            key = -1 if play.kind is Kind.ROCKET else play.main
            known = best.get(key)
            if known is None or beats(play, known):
                best[key] = play
    return best


def bomb_breaker(hand: int, rules: RuleSet, wild: tuple[int, ...] = ()) -> Callable[[Play], bool]:
    """:func:`breaks_a_bomb` for the plays of one hand, its bombs found once."""
    moves = rules.moves(wild)
    before = held_bombs(hand, moves)
    beats = moves.beats
    left_bombs: dict[int, dict[int, Play]] = {}

    def breaks(play: Play) -> bool:
        if play.is_pass or play.kind in BOMBS or play.cards == hand or not before:
            return False
        left = hand - play.cards
        if all(contains(left, bomb.cards) for bomb in before.values()):
            return False  # every bomb's own cards are left: each can still be made
        after = left_bombs.get(left)
        if after is None:
            after = left_bombs[left] = held_bombs(left, moves)
        return any(rank not in after or beats(bomb, after[rank])
                   for rank, bomb in before.items())

    return breaks


def breaks_a_bomb(play: Play, hand: int, rules: RuleSet, wild: tuple[int, ...] = ()) -> bool:
    """Whether ``play`` from ``hand`` (a deal whose wild ranks drawn are ``wild``) breaks a
    bomb the hand holds without being a bomb (of any class) or the rocket and without going
    out. A bomb the hand holds is any bomb or rocket the engine finds in the hand
    (:func:`held_bombs`: with wild cards the soft bombs, as three of a rank and a wild card,
    and the wild bomb too); the play breaks one when the cards it leaves can no longer make
    a bomb of that rank as strong (the rocket: the rocket). So without wild cards it takes
    cards of a rank held as a bomb, or a joker of the rocket; wild rank 8 and ``77783``, the
    3 breaks nothing but a 7 or the 8 breaks the soft bomb ``7778``; ``77778``, the 8 breaks
    nothing (the hard bomb of 7s stays). With three wild cards every natural card makes a
    soft bomb with them, so every play of it breaks one."""
    return bomb_breaker(hand, rules, wild)(play)


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
        ranked.sort(key=bomb_breaker(s.hand, view.rules, view.wild))  # stable
        return ranked
