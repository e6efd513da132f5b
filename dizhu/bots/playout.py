"""The search bots' playouts in the compiled core.

``expert`` and ``master`` judge a candidate play by playing each imagined deal out with
the ``normal`` policy for every seat (:meth:`.expert.ExpertBot.rollout`), and weigh the
imagined deals by whether that policy would have made the others' plays
(:mod:`.likelihood`). Where the compiled core runs, both run in C (``csrc/playout.c``):
the policy (:meth:`.normal.NormalBot.choose` with the bot's settings), the moves, and the
solve that finishes a playout, on the same hand evaluation (its memory shared with the
Python evaluator) and the same solver. It chooses the very same plays and makes the very
same solves as the Python code, which stays the reference and runs in the pure core, with
wild cards, and for a bot whose policy is not ``normal``'s own; the tests play both side
by side.
"""

from __future__ import annotations

import math
import time
from array import array
from typing import TYPE_CHECKING

from ..combos import PASS, Play
from ..position import Position
from ..solve.values import spring_state
from .handeval import COST_BY_MAIN, HandEvaluator
from .normal import NormalBot
from .situation import Situation

if TYPE_CHECKING:
    from ..solve import Solver

POLICY = ("choose", "lead", "forced_lead", "ranked_leads", "feed", "follow", "high_single",
          "over_partner", "beatable")
"""The methods of :class:`~.normal.NormalBot` that make its policy: a bot that overrides
one plays its playouts in Python."""

_COSTS = array("d", COST_BY_MAIN).tobytes()


def policy_is_normal(cls: type) -> bool:
    """Whether bots of ``cls`` play ``normal``'s policy as :class:`~.normal.NormalBot`
    defines it."""
    return all(getattr(cls, name) is getattr(NormalBot, name) for name in POLICY)


def policy_settings(bot: NormalBot) -> tuple[float, float, int, int, int, int]:
    """The settings of ``bot`` its policy plays by, in the order the compiled policy
    takes them."""
    return (float(bot.fits), float(bot.stop_landlord), int(bot.urgent_cards),
            int(bot.control_when_left), int(bot.peasant_control_when_left),
            int(bot.bomb_when_left))


class CompiledPlayouts:
    """The compiled policy of one bot's settings over one hand evaluator's plays, and
    playouts with it; :meth:`of` makes one where it applies."""

    __slots__ = ("evaluator", "native", "settings")

    def __init__(self, bot: NormalBot, ev: HandEvaluator) -> None:
        from .. import core
        self.evaluator = ev
        self.settings = policy_settings(bot)
        """The bot's settings this was made with: one made before they changed is stale."""
        self.native = core.COMPILED.Policy(ev.compiled, _COSTS, *self.settings)

    @classmethod
    def of(cls, bot: NormalBot, ev: HandEvaluator) -> CompiledPlayouts | None:
        """Playouts for ``bot`` over ``ev``'s plays, or ``None`` where they do not apply
        (the pure core, wild cards, a policy of the bot's own)."""
        if ev.compiled is None or not policy_is_normal(type(bot)):
            return None
        return cls(bot, ev)

    def choose(self, s: Situation, legal: list[Play] | None = None,
               ev: HandEvaluator | None = None) -> Play:
        """The policy's play in situation ``s``: :meth:`.normal.NormalBot.choose`, among
        every play the seat's hand may make on the trick (which ``legal``, if given, must
        be: the generator's list), with the evaluator this was made for."""
        moves = self.evaluator.moves
        top = -1 if s.top is None else s.top.id
        if s.top is not None and top < 0:  # an equal play, not the universe's object
            genuine = moves.play_of(s.top.kind, s.top.cards)
            if genuine is None:
                raise ValueError(f"{s.top.text} is no play of {self.evaluator.rules.name}")
            top = genuine.id
        chosen = self.native.choose(s.seat, s.landlord, s.hand, s.left, top, s.top_seat,
                                    s.unseen, s.eager)
        return PASS if chosen < 0 else moves.universe.plays[chosen]

    def playout(self, pos: Position, play: Play, deadline: float = math.inf,
                solver: Solver | None = None, solve_at: int = 0, retry: int = 0,
                nodes: int = 0, eager: int = 0) -> bool | None:
        """Whether the landlord wins when the seat to move in ``pos`` makes ``play`` (a
        play of the position's universe, or the pass) and every seat then plays the
        policy (the seats of ``eager``'s bits in the eager style: :class:`.Situation`);
        ``None`` once the clock passes ``deadline``. With ``solver`` (its
        compiled core) a solve of ``nodes`` positions finishes it once ``solve_at``
        cards are left, tried again ``retry`` cards later if it runs past them
        (:meth:`.expert.ExpertBot.rollout`). ``pos`` is left as it was."""
        seconds = -1.0 if deadline == math.inf else max(0.0, deadline - time.perf_counter())
        return self.native.playout(
            pos.hands, pos.landlord, pos.to_move, pos.top_id, pos.top_seat,
            spring_state(pos.plays_made, pos.landlord), -1 if play.is_pass else play.id,
            None if solver is None else solver.native, solve_at, retry, nodes, seconds,
            eager)
