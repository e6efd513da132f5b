"""Time to prove each shipped endgame puzzle, from nothing remembered.

    python benchmarks/bench_puzzles.py [--solver] [--ruleset NAME] [--json]

For every puzzle of dizhu/puzzles/data, a fresh goal search (dizhu.solve.goals) answers
whether the goal is forced and every forcing first play, then walks the solution line
checking each step (what the tests prove), and, separately, the defence's longest
resistance from the start (what the terminal game asks of it at each defence step). The
figures: per difficulty, the median and worst time of the proof and the positions the
search expanded; the whole collection's total. ``--solver`` also times the exact solver
(dizhu.solve, win or lose only) on each puzzle's start, beside the goal search's ``win``.
``--ruleset duel`` times the two-hand puzzles only (any ruleset's name: its puzzles only).
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
from dizhu.puzzles import Goal, GoalSearch, Puzzle, load_puzzles
from dizhu.solve import Solver


def prove(puzzle: Puzzle) -> tuple[float, int, float]:
    """Seconds to prove the puzzle (forced, its forcing plays, each step of its line),
    the positions expanded, and seconds for the longest resistance from the start."""
    began = time.perf_counter()
    start = puzzle.start()
    search = GoalSearch(start, puzzle.goal, puzzle.seat)
    assert search.forced(start) and search.forcing_plays(start)
    pos = start.copy()
    for step in puzzle.solution:
        play = puzzle.read(pos, step.play)
        if search.ours(pos):
            assert search.forces(pos, play)
            if step.unique:
                assert not any(search.forces(pos, p) for p in pos.legal_plays() if p != play)
        pos.push(play)
    proved, nodes = time.perf_counter() - began, search.nodes
    began = time.perf_counter()
    search.resistance(start)
    return proved, nodes, time.perf_counter() - began


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--solver", action="store_true")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--ruleset", help="only the puzzles of this ruleset (e.g. duel)")
    args = parser.parse_args()
    puzzles = [p for p in load_puzzles() if args.ruleset in (None, p.ruleset)]
    if not puzzles:
        parser.error(f"no puzzle of the ruleset {args.ruleset!r}")
    rows = []
    for puzzle in puzzles:
        proved, nodes, resisted = prove(puzzle)
        row = {"id": puzzle.id, "difficulty": puzzle.difficulty, "ruleset": puzzle.ruleset,
               "goal": puzzle.goal.value, "cards": sum(puzzle.start().left),
               "prove_s": proved, "nodes": nodes, "resistance_s": resisted}
        if args.solver:
            pos = puzzle.start()
            began = time.perf_counter()
            Solver(pos.rules, memory=1 << 16).solve(pos, points=False)
            row["solver_s"] = time.perf_counter() - began
            began = time.perf_counter()
            GoalSearch(pos, Goal.WIN).forced(pos)
            row["goal_win_s"] = time.perf_counter() - began
        rows.append(row)
    print(f"{len(rows)} puzzles, {core.describe()}")
    print("difficulty  puzzles  cards  prove median  prove worst  nodes median  "
          "resistance worst")
    for level in sorted({r["difficulty"] for r in rows}):
        mine = [r for r in rows if r["difficulty"] == level]
        print(f"{level:10}  {len(mine):7}  {statistics.mean(r['cards'] for r in mine):5.1f}"
              f"  {statistics.median(r['prove_s'] for r in mine) * 1e3:9.1f} ms"
              f"  {max(r['prove_s'] for r in mine) * 1e3:8.1f} ms"
              f"  {statistics.median(r['nodes'] for r in mine):12.0f}"
              f"  {max(r['resistance_s'] for r in mine) * 1e3:13.1f} ms")
    total = sum(r["prove_s"] for r in rows)
    print(f"all {len(rows)} proved in {total:.2f} s; the slowest: "
          f"{max(rows, key=lambda r: r['prove_s'])['id']} "
          f"({max(r['prove_s'] for r in rows) * 1e3:.0f} ms)")
    if args.solver:
        print(f"win only, the exact solver: {sum(r['solver_s'] for r in rows):.2f} s in all; "
              f"the goal search: {sum(r['goal_win_s'] for r in rows):.2f} s")
    if args.json:
        print(json.dumps(rows))
    return 0


if __name__ == "__main__":
    run_script(main)
