"""Speed of the exact solver (dizhu.solve) on a ladder of positions, beside the solver the
bots used before it.

    python benchmarks/bench_solver.py [--ruleset NAME] [--positions N] [--rungs 20,30,40,54]
                                      [--seconds S] [--nodes N] [--old N] [--old-nodes N]
                                      [--winner] [--who] [--pure] [--seed N] [--json]

Each rung holds ``--positions`` positions: seeded deals (the landlord drawn from the seed,
no auction) played down with random plays until at most N cards are left in all; the
rung of the whole deck is each deal at the start of play, the landlord to lead with all
its cards. Each position is solved from scratch (a new solver: nothing remembered) with
a budget of ``--seconds``: who wins, every winning play, the points and a principal
variation (with ``--winner``: who wins and every winning play, no points). The figures
per rung: how many were solved within the budget (``--nodes N`` adds a budget of nodes,
which unlike one of seconds does not follow the machine's load), the median and 90th
percentile of the time and of the nodes (unsolved positions count at the budget), and
nodes per second.

``--who`` also solves each position for who wins only (``plays=False``, no points: the
search stops at the seat to move's first winning play, as ``master``'s playouts ask), in
the same run, as ``who``.

``--old N`` also runs the solver the bots used before (win or lose only, stopping at the
first winning reply; kept below as it was) on the first N positions of each rung, with
its node limit ``--old-nodes``, in the same run. ``--json`` also prints the figures as
JSON, with each position's nodes.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from argtypes import count, natural, seconds

from dizhu import core
from dizhu.interrupt import run_script
from dizhu.position import Position
from dizhu.rules import RuleSet
from dizhu.rulesets import find_ruleset
from dizhu.solve import Solver
from dizhu.solve.played_down import played_down


def ladder(rules: RuleSet, total: int, count: int, seed: int) -> list[Position]:
    """``count`` positions with at most ``total`` cards left, from seeded deals (a deal
    whose play ends first is skipped)."""
    out = []
    deal_seed = seed
    while len(out) < count:
        pos = played_down(rules, deal_seed, total)
        deal_seed += 1
        if pos is not None:
            out.append(pos)
    return out


class OldSolver:
    """The solver the bots used before dizhu.solve (dizhu/bots/solver.py), as it was:
    whether the landlord wins, stopping at the first winning reply, remembering positions
    by ``Position.key()``; ``None`` past ``limit`` nodes."""

    def __init__(self) -> None:
        self.memo: dict[tuple, bool] = {}
        self.nodes = 0
        self.limit = 0

    def landlord_wins(self, pos: Position, limit: int) -> bool | None:
        self.nodes, self.limit = 0, limit
        try:
            return self._wins(pos)
        except OverflowError:
            return None

    def _wins(self, pos: Position) -> bool:
        key = pos.key()
        found = self.memo.get(key)
        if found is not None:
            return found
        self.nodes += 1
        if self.nodes > self.limit:
            raise OverflowError
        hand = pos.hands[pos.to_move]
        moves = pos.legal_plays()
        landlord_moves = pos.to_move == pos.landlord
        moves.sort(key=lambda p: (p.cards != hand, -p.size))
        result = not landlord_moves
        for play in moves:
            pos.push_unchecked(play)
            try:
                won = pos.landlord_won if pos.is_over else self._wins(pos)
            finally:
                pos.pop()
            if won == landlord_moves:
                result = landlord_moves
                break
        self.memo[key] = result
        return result


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run_new(positions: list[Position], rules: RuleSet, seconds: float, points: bool,
            compiled: bool, node_budget: int | None = None, plays: bool = True) -> dict:
    times, nodes, solved = [], [], 0
    for pos in positions:
        solver = Solver(rules, memory=1 << 20, compiled=compiled)
        answer = solver.solve(pos, nodes=node_budget, seconds=seconds, points=points,
                              plays=plays)
        solved += answer.solved
        times.append(answer.seconds if answer.solved else seconds)
        nodes.append(answer.nodes)
    return summary(len(positions), solved, times, nodes)


def run_old(positions: list[Position], limit: int) -> dict:
    times, nodes, solved = [], [], 0
    for pos in positions:
        solver = OldSolver()
        began = time.perf_counter()
        result = solver.landlord_wins(pos.copy(), limit)
        times.append(time.perf_counter() - began)
        nodes.append(min(solver.nodes, limit))
        solved += result is not None
    return summary(len(positions), solved, times, nodes)


def summary(count: int, solved: int, times: list[float], nodes: list[int]) -> dict:
    return {"positions": count, "solved": solved,
            "median_s": statistics.median(times), "p90_s": percentile(times, 0.9),
            "median_nodes": statistics.median(nodes), "p90_nodes": percentile(nodes, 0.9),
            "nodes_per_s": sum(nodes) / max(sum(times), 1e-9), "nodes": nodes}


def line(name: str, figures: dict) -> str:
    return (f"  {name:<6} solved {figures['solved']:>3}/{figures['positions']:<3} "
            f"median {figures['median_s'] * 1000:9.1f} ms  p90 {figures['p90_s'] * 1000:9.1f} ms"
            f"  nodes median {figures['median_nodes']:>10.0f} p90 {figures['p90_nodes']:>10.0f}"
            f"  {figures['nodes_per_s'] / 1000:8.0f}k nodes/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="classic")
    parser.add_argument("--positions", type=count, default=200)
    parser.add_argument("--rungs", default="20,30,40,54")
    parser.add_argument("--seconds", type=seconds, default=10.0)
    parser.add_argument("--nodes", type=count, default=None)
    parser.add_argument("--old", type=natural, default=0)
    parser.add_argument("--old-nodes", type=count, default=2_000_000)
    parser.add_argument("--winner", action="store_true")
    parser.add_argument("--who", action="store_true", help="also who wins only")
    parser.add_argument("--pure", action="store_true", help="the pure-Python search")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rules = find_ruleset(args.ruleset)
    deck = rules.seats * rules.hand_size + rules.kitty_size
    compiled = not args.pure and core.COMPILED is not None
    report = {"ruleset": rules.name, "core": "compiled" if compiled else "python",
              "seconds": args.seconds, "points": not args.winner, "rungs": {}}
    print(f"{rules.name}, {report['core']} solver, budget {args.seconds:g} s per position, "
          f"{'winner and winning plays' if args.winner else 'winner, winning plays, points, line'}")
    for rung in (int(r) for r in args.rungs.split(",")):
        positions = ladder(rules, min(rung, deck), args.positions, args.seed + 1000 * rung)
        figures = {"new": run_new(positions, rules, args.seconds, not args.winner, compiled,
                                  args.nodes)}
        if args.who:
            figures["who"] = run_new(positions, rules, args.seconds, False, compiled,
                                     args.nodes, plays=False)
        if args.old:
            figures["old"] = run_old(positions[:args.old], args.old_nodes)
        report["rungs"][rung] = figures
        print(f"N <= {rung}:" if rung < deck else f"full deals ({deck} cards):")
        for name, f in figures.items():
            print(line(name, f), flush=True)
    if args.json:
        print(json.dumps(report, indent=1))


if __name__ == "__main__":
    run_script(main)
