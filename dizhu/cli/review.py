"""``dizhu review RECORD``: every decision of a seat in a finished deal rated from what the
seat knew (:mod:`dizhu.coach.review`), then the all-hands answer
(:mod:`dizhu.coach.allhands`); ``--json`` prints both as one object."""

from __future__ import annotations

import argparse
import json

from ..actions import Action
from ..auction import Bid, Double
from ..coach.allhands import all_hands
from ..coach.review import THRESHOLDS, Decision, Review, review
from ..deal import Deal
from .common import UsageError, read_record, seconds_option

SIGNS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""How a mark is written beside a decision, as chess annotators write them."""


def review_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="RECORD", help="a finished deal's record, as written by "
                   "dizhu play --record or the browser's score sheet")
    p.add_argument("--seat", type=int, action="append", metavar="S",
                   help="the seat to review (default 0; give it again for more seats)")
    p.add_argument("--deals", type=int, default=64, metavar="N",
                   help="deals of the hidden cards imagined per decision (default 64; "
                   "more is sharper and slower)")
    p.add_argument("--budget", type=float, default=10.0, metavar="SECONDS",
                   help="the solver's time for the all-hands answer (default 10)")
    p.add_argument("--json", action="store_true", help="print one JSON object: "
                   "the rated decisions and the all-hands answer")


def cmd_review(args: argparse.Namespace) -> int:
    deal = read_record(args.file)
    if deal.result is None:
        raise UsageError(f"{args.file}: the deal is not finished (or was thrown in): only "
                         "a deal played to its end is reviewed")
    seats = args.seat or [0]
    for seat in seats:
        if not 0 <= seat < deal.seats:
            raise UsageError(f"--seat is a seat of the deal: 0 to {deal.seats - 1}, "
                             f"not {seat}")
    if not 1 <= args.deals <= 1000:
        raise UsageError(f"--deals is 1 to 1000, not {args.deals}")
    budget = seconds_option(args.budget, "--budget", 3600)
    rated = review(deal, seats, args.deals)
    answer = all_hands(deal, seconds=budget)
    if args.json:
        print(json.dumps({"review": rated.to_json(), "all_hands": answer.to_json()},
                         ensure_ascii=False))
        return 0
    for line in review_lines(deal, rated):
        print(line)
    print()
    print("All hands open:")
    for line in answer.sentences():
        print(f"  {line}")
    return 0


def review_lines(deal: Deal, rated: Review) -> list[str]:
    """The review as text: a header, one line a decision, a summary per seat."""
    winner = rated.winner_side or "nobody"
    marks = ", ".join(f"{SIGNS[name]} {name} (chance lost {at:.2f}+)"
                      for name, at in reversed(THRESHOLDS))
    out = [f"Review of {deal.rules.name}: the {winner} won. "
           f"{rated.samples} imagined deals per decision.",
           f"Chance: of the seat's side to win, from what it knew. Marks: {marks}."]
    for seat in rated.seats:
        role = "landlord" if seat == deal.landlord else "peasant"
        out += ["", f"Seat {seat} ({role}):",
                f"  {'step':>4}  {'action':<24} {'chance':>6}   {'best':<24} {'chance':>6}"]
        for d in rated.of(seat):
            out.append(decision_line(d))
        counts = rated.counts(seat)
        summary = ", ".join(f"{n} {name}{'s' if n != 1 else ''}"
                            for name, n in counts.items() if n)
        out.append(f"  {summary or 'no mark'}.")
    return out


def decision_line(d: Decision) -> str:
    chosen, best = d.chosen, d.best
    mark = d.mark
    same = d.loss == 0
    best_text = "" if same else f"{action_text(best.action):<24} {best.chance:6.2f}"
    note = "forced" if d.forced else f"{SIGNS[mark]} {mark}" if mark else ""
    return (f"  {d.step:>4}  {action_text(d.action):<24} {chosen.chance:6.2f}   "
            f"{best_text:<31}  {note}").rstrip()


def action_text(action: Action) -> str:
    if isinstance(action, Bid):
        return "pass (auction)" if action.is_pass else action.text
    if isinstance(action, Double):
        return action.text
    return action.text
