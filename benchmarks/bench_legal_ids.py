"""Legal action ids of a position: from its legal plays, or straight from Position.legal_ids.

    python benchmarks/bench_legal_ids.py [--ruleset NAME] [--lines N] [--seed S]

Every position along ``N`` random lines of play from the start of play (as
``bench_dizhu.py``'s push/pop lines), each asked for the action ids of
:func:`dizhu.actions.action_ids` of its legal plays, two ways: mapping ``legal_plays()``
through the ids' table (what a learning environment did), and ``legal_ids(base)``. Prints
microseconds per position, best of 5, for the core that runs (``DIZHU_PURE=1``: python).
"""

from __future__ import annotations

import argparse
import sys
import timeit
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from argtypes import count
from bench_dizhu import push_pop_lines

from dizhu import core
from dizhu.actions import action_ids
from dizhu.combos import PASS
from dizhu.interrupt import run_script
from dizhu.rulesets import find_ruleset


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="classic")
    ap.add_argument("--lines", type=count, default=100)
    ap.add_argument("--seed", type=int, default=12345)
    a = ap.parse_args()
    rules = find_ruleset(a.ruleset)
    ids = action_ids(rules)
    base = ids.id_of(PASS) + 1
    id_of = ids.id_of
    positions = []
    for pos, line in push_pop_lines(a.lines, a.seed, rules):
        for play in line:
            positions.append(pos.copy())
            pos.push(play)

    def by_plays() -> None:
        for p in positions:
            [id_of(x) for x in p.legal_plays()]

    def by_ids() -> None:
        for p in positions:
            p.legal_ids(base)

    per = 5 * len(positions)
    plays = min(timeit.repeat(by_plays, number=5, repeat=5)) / per * 1e6
    legal = min(timeit.repeat(by_ids, number=5, repeat=5)) / per * 1e6
    print(f"{rules.name}, {core.NAME} core, {len(positions)} positions: ids of legal_plays() "
          f"{plays:.2f} us, legal_ids() {legal:.2f} us ({plays / legal:.1f}x)")


if __name__ == "__main__":
    run_script(main)
