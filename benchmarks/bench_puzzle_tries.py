"""What the browser's puzzle mode asks of the server, per request, on the 70 shipped puzzles.

    python benchmarks/bench_puzzle_tries.py [--json]

- a try's answer: the person's plays of the solution replayed from the puzzle's start with
  the defence's answers (``PuzzleTry``, what ``POST /api/puzzles/KEY/play`` computes), the
  last play of the line, the first request of the puzzle (its search fresh) and again (the
  search warm, as every later request of the server is);
- the solution's frames (``GET /api/puzzles/KEY/solution``);
- an own puzzle made of each puzzle's position: the proof within the budget, the solution
  line and the difficulty (``own_puzzle``, what ``POST /api/puzzles/own`` computes).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dizhu import core
from dizhu.interrupt import run_script
from dizhu.puzzles import Puzzle, load_puzzles, own_puzzle
from dizhu.session.puzzle_play import PuzzleTry, side_requests, solution_frames


def timed(work) -> float:
    began = time.perf_counter()
    work()
    return time.perf_counter() - began


def measure(puzzle: Puzzle) -> dict:
    fresh = Puzzle.from_json(puzzle.to_json())  # its search starts from nothing
    plays = side_requests(fresh)
    first = timed(lambda: PuzzleTry(fresh, plays))
    warm = timed(lambda: PuzzleTry(fresh, plays))
    frames = timed(lambda: solution_frames(fresh))
    own = timed(lambda: own_puzzle(puzzle.position, puzzle.ruleset, puzzle.seat, puzzle.goal,
                                   "t"))
    return {"id": puzzle.id, "difficulty": puzzle.difficulty, "plays": len(plays),
            "try_first_s": first, "try_warm_s": warm, "solution_s": frames, "own_s": own}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = [measure(p) for p in load_puzzles()]
    print(f"{len(rows)} puzzles, {core.describe()}")
    print("difficulty  puzzles  try first (median, worst)  try warm (median, worst)  "
          "solution worst  own puzzle (median, worst)")
    ms = lambda v: f"{v * 1e3:6.1f}"  # noqa: E731
    for level in sorted({r["difficulty"] for r in rows}):
        mine = [r for r in rows if r["difficulty"] == level]

        def col(key: str, mine: list[dict] = mine) -> list[float]:
            return [r[key] for r in mine]

        print(f"{level:10}  {len(mine):7}  {ms(statistics.median(col('try_first_s')))} "
              f"{ms(max(col('try_first_s')))} ms           "
              f"{ms(statistics.median(col('try_warm_s')))} {ms(max(col('try_warm_s')))} ms"
              f"        {ms(max(col('solution_s')))} ms  "
              f"{ms(statistics.median(col('own_s')))} {ms(max(col('own_s')))} ms")
    worst = max(rows, key=lambda r: r["own_s"])
    print(f"all: own puzzles {sum(r['own_s'] for r in rows):.2f} s (worst puzzle "
          f"{worst['id']}, {worst['own_s'] * 1e3:.0f} ms); warm tries worst "
          f"{max(r['try_warm_s'] for r in rows) * 1e3:.1f} ms")
    if args.json:
        print(json.dumps(rows))
    return 0


if __name__ == "__main__":
    run_script(main)
