"""``dizhu review RECORD``: every decision of a seat in a finished deal rated from what the
seat knew (:mod:`dizhu.coach.review`), then the all-hands answer
(:mod:`dizhu.coach.allhands`); ``--json`` prints both as one object."""

from __future__ import annotations

import argparse
import json

from ..coach.allhands import all_hands
from ..coach.review import review
from ..coach.text import all_hands_lines, review_lines
from .common import UsageError, read_record, seconds_option


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
    for line in [*review_lines(rated, deal.landlord, deal.rules.name), "",
                 *all_hands_lines(answer)]:
        print(line)
    return 0
