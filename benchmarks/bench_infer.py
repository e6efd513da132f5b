"""What inference from the public actions costs ``expert``: its decisions with and without
``infer`` on the same seeded play-phase views (deals played by ``normal`` from the auction,
each with more than one legal play), one bot of each kind deciding them all in turn, as in
a match; and, with ``infer``, the time of the weighing alone (drawing and weighing
``pool * samples`` deals, a third bot). The budget is set out of reach, so every decision
does its whole work.

    python3 benchmarks/bench_infer.py --views 40
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from argtypes import count

from dizhu.bots import make_bot
from dizhu.bots.expert import ExpertBot
from dizhu.deal import Deal, Phase, deal_cards
from dizhu.interrupt import run_script
from dizhu.rules import CLASSIC
from dizhu.view import SeatView, played_views


def views(count: int) -> list[SeatView]:
    """Play-phase views with more than one legal play, from deals ``normal`` plays."""
    normal = make_bot("normal", seed=1)
    rng = random.Random("infer")
    out: list[SeatView] = []
    while len(out) < count:
        hands, kitty = deal_cards(rng, CLASSIC)
        deal = Deal(hands, kitty, 0, CLASSIC)
        for view in played_views(deal, [normal] * 3):
            if view.phase is Phase.PLAY and len(view.legal) > 1 and rng.random() < 0.3:
                out.append(view)
                if len(out) == count:
                    break
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--views", type=count, default=40)
    args = parser.parse_args()
    times: dict[str, list[float]] = {"expert": [], "expert:infer=1": [], "weighing": []}
    bots = {"expert": make_bot("expert:budget=10", seed=1),
            "expert:infer=1": make_bot("expert:infer=1,budget=10", seed=1)}
    weigher = make_bot("expert:infer=1,budget=10", seed=1)
    assert isinstance(weigher, ExpertBot)
    for view in views(args.views):
        for spec, bot in bots.items():
            start = time.perf_counter()
            bot.act(view)
            times[spec].append(time.perf_counter() - start)
        start = time.perf_counter()
        weigher.inferred(view, float("inf"))
        times["weighing"].append(time.perf_counter() - start)
    print("| what | decisions | ms (median / mean / max) |")
    print("|---|---:|---:|")
    for name, values in times.items():
        ms = [v * 1000 for v in values]
        print(f"| {name} | {len(ms)} | {statistics.median(ms):.1f} / "
              f"{statistics.mean(ms):.1f} / {max(ms):.1f} |")
    ratio = statistics.mean(times["expert:infer=1"]) / statistics.mean(times["expert"])
    print(f"\nmean decision with inference / without: {ratio:.2f}")


if __name__ == "__main__":
    run_script(main)
