"""How long a bot takes to decide, by phase: every decision of seeded deals in which the bot
holds all three seats (its bids, its doubles with the ``doubling`` option, its plays), as in
a match, one process, its own budget. Each spec is timed on its own deals, one after the
other, so run it on a quiet machine: the worst times are wall-clock.

    python3 benchmarks/bench_decisions.py master expert --deals 30
    python3 benchmarks/bench_decisions.py master --deals 30 --ruleset rob
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from argtypes import count

from dizhu.bots import make_bot
from dizhu.deal import Deal, Phase
from dizhu.interrupt import run_script
from dizhu.rulesets import find_ruleset
from dizhu.view import seat_view


def decision_times(spec: str, deals: int, ruleset: str) -> dict[str, list[float]]:
    """Milliseconds of every decision ``spec`` makes in ``deals`` seeded deals (thrown-in
    deals count: their bids are decisions), by phase."""
    rules = find_ruleset(ruleset).with_options(doubling=True)
    bots = [make_bot(spec, seed=f"decisions:{seat}") for seat in range(rules.seats)]
    times: dict[str, list[float]] = {phase.name.lower(): [] for phase in
                                     (Phase.AUCTION, Phase.DOUBLING, Phase.PLAY)}
    for index in range(deals):
        deal = Deal.shuffled(seed=f"decisions:{index}", rules=rules)
        while not deal.is_over:
            view = seat_view(deal, deal.to_move)
            start = time.perf_counter()
            action = bots[deal.to_move].act(view)
            elapsed = (time.perf_counter() - start) * 1000
            if len(view.legal) > 1:
                times[view.phase.name.lower()].append(elapsed)
            deal.push(action)
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("specs", nargs="+")
    parser.add_argument("--deals", type=count, default=30)
    parser.add_argument("--ruleset", default="classic")
    args = parser.parse_args()
    try:  # a bot or ruleset that cannot be is said before any deal
        rules = find_ruleset(args.ruleset)
        for spec in args.specs:
            bot = make_bot(spec)
            why = bot.cannot_play(rules)
            bot.close()
            if why is not None:
                raise ValueError(why)
    except ValueError as e:
        parser.error(str(e))
    print(f"{args.ruleset} with doubling, {args.deals} deals, decisions with a choice, ms")
    print(f"{'bot':<14} {'phase':<9} {'count':>6} {'median':>8} {'p99':>8} {'max':>8}")
    for spec in args.specs:
        times = decision_times(spec, args.deals, args.ruleset)
        times["all"] = [t for values in times.values() for t in values]
        for phase, values in times.items():
            if not values:
                continue
            values.sort()
            p99 = values[min(len(values) - 1, int(0.99 * len(values)))]
            print(f"{spec:<14} {phase:<9} {len(values):>6} {statistics.median(values):>8.1f} "
                  f"{p99:>8.1f} {values[-1]:>8.1f}")


if __name__ == "__main__":
    run_script(main)
