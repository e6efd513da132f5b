"""A review as lines of text, for the command line and the terminal game: a header, one
line a decision, a summary per seat. How an action is said is the caller's (the command
line writes the engine's ``KIND CARDS``; the terminal game names kinds as the page does)."""

from __future__ import annotations

from collections.abc import Callable

from ..actions import Action
from ..auction import Bid
from .allhands import AllHands
from .review import THRESHOLDS, Decision, Review

SIGNS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""How a mark is written beside a decision, as chess annotators write them."""
ACTION_WIDTH = 24
"""The cells an action takes in a decision's line (longer ones push the rest right)."""


def engine_words(action: Action) -> str:
    """An action as the engine writes it (``pair 33``, ``bid 3``, ``double``), an auction's
    pass told from a play's."""
    if isinstance(action, Bid) and action.is_pass:
        return "pass (auction)"
    return action.text


def review_lines(rated: Review, landlord: int, ruleset: str,
                 say: Callable[[Action], str] = engine_words) -> list[str]:
    """The review as text (``say``: an action in words)."""
    winner = rated.winner_side or "nobody"
    marks = ", ".join(f"{SIGNS[name]} {name} (chance lost {at:.2f}+)"
                      for name, at in reversed(THRESHOLDS))
    out = [f"Review of {ruleset}: the {winner} won. "
           f"{rated.samples} imagined deals per decision.",
           f"Chance: of the seat's side to win, from what it knew. Marks: {marks}."]
    for seat in rated.seats:
        role = "landlord" if seat == landlord else "peasant"
        out += ["", f"Seat {seat} ({role}):",
                f"  {'step':>4}  {'action':<{ACTION_WIDTH}} {'chance':>6}   "
                f"{'best':<{ACTION_WIDTH}} {'chance':>6}"]
        out += [decision_line(d, say) for d in rated.of(seat)]
        counts = rated.counts(seat)
        names = {"inaccuracy": "inaccuracies"}
        summary = ", ".join(f"{n} {names.get(name, name + 's') if n != 1 else name}"
                            for name, n in counts.items() if n)
        out.append(f"  {summary or 'no mark'}.")
    return out


def decision_line(d: Decision, say: Callable[[Action], str] = engine_words) -> str:
    """``step action chance [best chance] [mark]``: the best only where it was better."""
    chosen, best = d.chosen, d.best
    mark = d.mark
    best_text = "" if d.loss < 0.005 else \
        f"{say(best.action):<{ACTION_WIDTH}} {best.chance:6.2f}"
    note = "forced" if d.forced else f"{SIGNS[mark]} {mark}" if mark else ""
    return (f"  {d.step:>4}  {say(d.action):<{ACTION_WIDTH}} {chosen.chance:6.2f}   "
            f"{best_text:<{ACTION_WIDTH + 7}}  {note}").rstrip()


def all_hands_lines(answer: AllHands) -> list[str]:
    """The all-hands answer under its heading, a sentence a line."""
    return ["All hands open:", *(f"  {line}" for line in answer.sentences())]
