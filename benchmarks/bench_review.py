"""Time to review a finished deal for one seat, and to answer it with every hand known.

    python benchmarks/bench_review.py [--deals 10] [--ruleset classic] [--level normal]
                                      [--depths 8,24,64] [--json]

Deals are played to their end by bots of ``--level`` (seeded: ``bench-review-N``); each is
reviewed for seat 0 (every bid, double and play rated, dizhu.coach.review) at each depth
(imagined deals per decision), as the page's review deepens, each depth from nothing
remembered; then the all-hands answer (dizhu.coach.allhands, 10 s of solver budget) is
timed, with the share of the play's positions it solved. The figures: per depth the
median and worst seconds per deal and per decision; the all-hands median and worst.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from argtypes import count

from dizhu import core
from dizhu.coach import Analyst, all_hands, review
from dizhu.interrupt import run_script
from tests.deals import finished


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=count, default=10)
    parser.add_argument("--ruleset", default="classic")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--depths", default="8,24,64")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    depths = [int(d) for d in args.depths.split(",")]
    per_depth: dict[int, list[tuple[float, int]]] = {d: [] for d in depths}
    answers: list[tuple[float, float]] = []
    for n in range(args.deals):
        deal = finished(f"bench-review-{n}", args.ruleset, args.level)
        for depth in depths:
            began = time.perf_counter()
            rated = review(deal, [0], depth, Analyst(samples=depth, budget=10.0))
            per_depth[depth].append((time.perf_counter() - began, len(rated.decisions)))
        began = time.perf_counter()
        answer = all_hands(deal, seconds=10.0)
        answers.append((time.perf_counter() - began,
                        sum(m.solved for m in answer.moments) / max(1, len(answer.moments))))
    report = {"core": core.NAME, "ruleset": args.ruleset, "level": args.level,
              "deals": args.deals, "depths": {}}
    for depth, runs in per_depth.items():
        seconds = [s for s, _ in runs]
        per_decision = [s / max(1, k) for s, k in runs]
        report["depths"][depth] = {
            "median_s": statistics.median(seconds), "worst_s": max(seconds),
            "median_decision_ms": 1000 * statistics.median(per_decision),
            "worst_decision_ms": 1000 * max(per_decision)}
    report["all_hands"] = {"median_s": statistics.median(s for s, _ in answers),
                           "worst_s": max(s for s, _ in answers),
                           "solved_share": statistics.mean(f for _, f in answers)}
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"review of seat 0, {args.deals} deals of {args.ruleset} played by {args.level} "
          f"(core {core.NAME})")
    for depth, row in report["depths"].items():
        print(f"  {depth:4} deals/decision: {row['median_s']:6.2f} s median, "
              f"{row['worst_s']:6.2f} s worst a deal "
              f"({row['median_decision_ms']:.0f} ms a decision, worst "
              f"{row['worst_decision_ms']:.0f})")
    a = report["all_hands"]
    print(f"  all hands: {a['median_s']:.2f} s median, {a['worst_s']:.2f} s worst; "
          f"{a['solved_share']:.0%} of the play's positions solved")
    return 0


if __name__ == "__main__":
    run_script(main)
