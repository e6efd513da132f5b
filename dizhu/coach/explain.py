"""Hints that explain: the plays open to a seat ranked by the coach's chance to win
(:mod:`.chances`), and one line on why the first is good, from the seat's view alone.

The reason is the first of these that holds for the play (each a fact the seat can check
from what it sees, worked out by the engine, never by a rule of its own):

- ``goes_out``: the play empties the hand: the deal is won.
- ``only_play``: the seat has no other (a pass when nothing beats the top).
- ``partner_stands``: a pass that lets the partner's play, on top of the trick, stand.
- ``unbeatable``: nothing the unseen cards can make beats it (no higher play of its kind,
  no bomb, no rocket), so the seat keeps the lead.
- ``cannot_follow``: the opponents have too few cards left to beat it (the landlord with
  one card cannot follow a pair).
- ``keeps_bomb``: the hand holds a bomb that the next best play would use or break; this
  play keeps it for the end.
- ``wins_all``: it wins in every imagined deal of the hidden cards.
- ``plays_left``: the cards it leaves go out in ``n`` plays (the hand evaluator's split),
  at most three, or fewer than after the next best play.
- ``best_chance``: none of the above: it simply has the best chance of the plays tried.

A :class:`Why` carries a ``code`` and its facts (``params``) so an interface can say it in
its own language (the page's catalogs have each code in English and Chinese), and its
English words as :attr:`Why.text`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..bots.handeval import evaluator_for
from ..bots.hints import bomb_breaker, held_bombs
from ..bots.situation import Situation
from ..combos import BOMBS, Play
from ..deal import Phase
from ..view import SeatView
from .chances import Analyst, Rated

WHY: dict[str, str] = {
    "goes_out": "it goes out: the deal is won",
    "only_play": "it is your only play",
    "partner_stands": "it lets your partner's play stand",
    "unbeatable": "nothing the unseen cards hold beats it: you keep the lead",
    "cannot_follow": "the {who} cannot follow a {kind} with {n} card(s) left",
    "keeps_bomb": "it keeps your bomb for the end",
    "wins_all": "it wins in every one of the {n} deals of the hidden cards imagined",
    "plays_left": "it leaves you {n} play(s) to go out",
    "best_chance": "it has the best chance of the {n} plays tried",
}
"""Every reason's code and its English words (``{name}``: a fact of ``params``)."""


@dataclass(frozen=True)
class Why:
    code: str
    params: dict[str, Any] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The English words (a kind by its engine name, ``_`` read as a space)."""
        params = dict(self.params)
        if "kind" in params:
            params["kind"] = params["kind"].replace("_", " ")
        return WHY[self.code].format(**params)

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "params": self.params, "text": self.text}


@dataclass(frozen=True)
class Hint:
    """The best play with its chance and why; ``ranked`` every play rated, best first."""

    play: Play
    chance: float
    why: Why
    ranked: tuple[Rated, ...]

    @property
    def text(self) -> str:
        """One line: ``PLAY (chance 0.64): WHY.``"""
        return f"{self.play.text} (chance {self.chance:.2f}): {self.why.text}."

    def to_json(self) -> dict[str, Any]:
        return {"play": self.play.text, "chance": round(self.chance, 3),
                "why": self.why.to_json(),
                "ranked": [{"play": r.action.text, "chance": round(r.chance, 3)}
                           for r in self.ranked]}


def hint(view: SeatView, analyst: Analyst | None = None) -> Hint | None:
    """The explained hint for ``view``'s seat, or ``None`` when it is not to play."""
    if view.phase is not Phase.PLAY or not view.my_turn or not view.legal:
        return None
    ranked = tuple((analyst or Analyst()).rate(view))
    best = ranked[0]
    runner_up = ranked[1].action if len(ranked) > 1 else None
    return Hint(best.action, best.chance, why(view, best, runner_up, len(ranked)), ranked)


def why(view: SeatView, rated: Rated, runner_up: Play | None = None, tried: int = 1) -> Why:
    """Why the play ``rated`` is good for ``view``'s seat (the module's docstring lists the
    reasons in the order they are tried); ``runner_up``: the next best play, ``tried``:
    plays rated."""
    s = Situation.of(view)
    play = rated.action
    if not play.is_pass and play.cards == s.hand:
        return Why("goes_out")
    if len(view.legal) == 1:
        return Why("only_play")
    if play.is_pass:
        if s.top is not None and s.top_seat in s.partners:
            return Why("partner_stands")
        return _by_chance(rated, tried)
    moves = view.rules.moves(view.wild)
    beaters = [p for p in moves.legal(s.unseen, play) if not p.is_pass]
    if not beaters:
        return Why("unbeatable")
    fewest = min(p.size for p in beaters)
    opponents = s.opponents
    if all(s.left[o] < fewest for o in opponents):
        most = max(s.left[o] for o in opponents)
        who = "landlord" if not s.is_landlord else "peasants"
        return Why("cannot_follow", {"who": who, "n": most, "kind": play.kind.label})
    if _keeps_bomb(view, s, play, runner_up):
        return Why("keeps_bomb")
    needed = evaluator_for(view.rules, view.wild).plays_needed
    left = needed(s.hand - play.cards)
    if left <= 3 or (runner_up is not None and not runner_up.is_pass
                     and left < needed(s.hand - runner_up.cards)):
        return Why("plays_left", {"n": left})
    return _by_chance(rated, tried)


def _by_chance(rated: Rated, tried: int) -> Why:
    if rated.deals and rated.chance >= 1:
        return Why("wins_all", {"n": rated.deals})
    return Why("best_chance", {"n": tried})


def _keeps_bomb(view: SeatView, s: Situation, play: Play, runner_up: Play | None) -> bool:
    if runner_up is None or runner_up.is_pass or play.kind in BOMBS:
        return False
    if not held_bombs(s.hand, view.rules.moves(view.wild)):
        return False
    breaks = bomb_breaker(s.hand, view.rules, view.wild)
    return (runner_up.kind in BOMBS or breaks(runner_up)) and not breaks(play)



def coached(view: SeatView, others: list[Play],
            analyst: Analyst | None = None) -> tuple[list[Play], Hint | None]:
    """The hints to cycle through: the plays the coach rated, best first (a pass only when
    it is the best), then ``others`` (the ``normal`` player's order of every play), each
    once; and the explained hint of the first (``None`` when the seat is not to play)."""
    explained = hint(view, analyst)
    if explained is None:
        return others, None
    first = [r.action for i, r in enumerate(explained.ranked)
             if not r.action.is_pass or i == 0]
    return first + [p for p in others if p not in first], explained
