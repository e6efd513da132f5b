"""The bots' decision times with wild cards, as the arena measures them: ``normal`` and
``hard`` against ``easy`` in play mode on the same seeded decks, one process, each
ruleset's and level's decisions' median and worst (wall-clock ms), and the time the
garbage collector's full collections took over the run (their count and longest pause).

    python3 benchmarks/bench_wild_decisions.py --decks 300
"""

from __future__ import annotations

import argparse
import gc
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from argtypes import count

from dizhu.arena import ArenaSpec, run_arena
from dizhu.interrupt import run_script
from dizhu.rulesets import find_ruleset


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--decks", type=count, default=300)
    parser.add_argument("--levels", default="normal,hard")
    parser.add_argument("--rulesets", default="laizi,tiandi")
    args = parser.parse_args()
    pauses: list[float] = []
    started: list[float] = []

    def timed(phase: str, info: dict) -> None:
        if info["generation"] != 2:
            return
        if phase == "start":
            started.append(time.perf_counter())
        elif started:
            pauses.append(time.perf_counter() - started.pop())

    gc.callbacks.append(timed)
    print("| ruleset | level | decisions | median ms | worst ms | full collections | "
          "their total s / longest ms | run s |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for name in args.rulesets.split(","):
        for level in args.levels.split(","):
            pauses.clear()
            spec = ArenaSpec(level, "easy", decks=args.decks, seed=1, mode="play",
                             rules=find_ruleset(name))
            start = time.perf_counter()
            times = run_arena(spec, jobs=1)["decision_ms"]["a"]
            print(f"| {name} | {level} | {times['decisions']} | {times['median']:.2f} | "
                  f"{times['max']:,.0f} | {len(pauses)} | {sum(pauses):.1f} / "
                  f"{max(pauses, default=0) * 1000:.0f} | {time.perf_counter() - start:.0f} |",
                  flush=True)


if __name__ == "__main__":
    run_script(main)
