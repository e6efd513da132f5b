"""The observation encoding's cost per step: microseconds per observation of the seat to
act, as the learning environments make it (``from_deal`` with its tracker following the
deal), after every action of random play-only deals, on one core.

    python3 benchmarks/bench_encoding.py [--deals N] [--json] [--runs N --against DIR]

``--against DIR`` times the checkout in DIR (another commit, built alike) and this one,
turn about, ``--runs`` times each, each run a process of its own that imports the
checkout's dizhu: before and after a change, in one run (medians, and after / before).
The encodings are found where the checkout has them (``dizhu.encoding``, else the
learning environments' own).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from argtypes import count

from dizhu.interrupt import run_script

ROWS = [(ruleset, encoding) for ruleset in ("classic", "four")
        for encoding in ("summary", "history")]


def encoding_maker():
    """The checkout's maker of encodings by ruleset and name."""
    try:
        from dizhu.encoding import encoding_of
    except ImportError:  # a checkout from before the encodings were the engine's
        from dizhu.env.core import _encoding as encoding_of
    return encoding_of


def microseconds(ruleset: str, name: str, deals: int, seed: int) -> float:
    """Microseconds per observation of the seat to act over ``deals`` random deals."""
    from dizhu.env.core import new_deal
    from dizhu.rulesets import find_ruleset

    rules = find_ruleset(ruleset)
    encoding = encoding_maker()(rules, name)
    rng = random.Random(seed)
    clock = time.perf_counter
    spent, calls = 0.0, 0
    for _ in range(deals):
        deal = new_deal(rng, rules, False, None)
        tracker = encoding.tracker()
        while not deal.is_over:
            start = clock()
            encoding.from_deal(deal, deal.to_move, tracker)
            spent += clock() - start
            calls += 1
            deal.push(rng.choice(deal.legal_actions()))
    return spent / calls * 1e6


def against(other: str, runs: int, deals: int) -> None:
    """This checkout and ``other`` turn about, each run in a process of its own."""
    trees = {"before": Path(other).resolve(), "after": Path(__file__).resolve().parents[1]}
    found: dict[str, list[dict]] = {"before": [], "after": []}
    for _ in range(runs):
        for label, tree in trees.items():
            done = subprocess.run(
                [sys.executable, __file__, "--json", "--deals", str(deals)], check=True,
                capture_output=True, text=True, cwd=tree,
                env={**os.environ, "PYTHONPATH": str(tree)})
            found[label].append(json.loads(done.stdout))
    for key in found["after"][0]:
        before = statistics.median(run[key] for run in found["before"])
        after = statistics.median(run[key] for run in found["after"])
        print(f"{key:18} before {before:6.2f} us  after {after:6.2f} us  "
              f"before / after {before / after:.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=count, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--runs", type=count, default=5)
    ap.add_argument("--against", metavar="DIR")
    a = ap.parse_args()
    if a.against:
        against(a.against, a.runs, a.deals)
        return
    if "PYTHONPATH" not in os.environ:  # else the checkout it names (--against's runs)
        sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {max(os.sched_getaffinity(0))})
    figures = {f"{r} {e}": microseconds(r, e, a.deals, a.seed) for r, e in ROWS}
    if a.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:18} {value:6.2f} us per observation")


if __name__ == "__main__":
    run_script(main)
