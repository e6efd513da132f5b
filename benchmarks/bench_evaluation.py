"""Speed of the learned evaluation (dizhu.bots.evaluation.WinChance) on the positions of
random play-mode deals: ``of_view`` (one row) and ``of_actions`` over every legal play of
the seat to move (one batch): wall time and CPU time (all threads) per call.

    python benchmarks/bench_evaluation.py [--deals N] [--blas-threads N]

``--blas-threads`` sets OPENBLAS_NUM_THREADS (and OMP's, MKL's) before NumPy loads: the
network's batches are small, and a threaded BLAS on a busy machine spends more time
waking its threads than multiplying.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

from argtypes import count, natural

from dizhu.interrupt import run_script

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", type=count, default=30, help="random deals (default 30)")
    p.add_argument("--blas-threads", type=natural, default=0, help="0: NumPy's default")
    a = p.parse_args()
    if a.blas_threads:
        for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
            os.environ[name] = str(a.blas_threads)
    from dizhu.arena import play_mode_deal
    from dizhu.bots.evaluation import WinChance
    from dizhu.combos import Play
    from dizhu.rulesets import find_ruleset
    from dizhu.view import seat_view

    rules = find_ruleset("classic")
    chance = WinChance(rules)
    rng = random.Random(0)
    views = []
    for i in range(a.deals):
        deal = play_mode_deal(random.Random(i), rules)
        while not deal.is_over:
            views.append(seat_view(deal, deal.to_move))
            deal.push(rng.choice([x for x in deal.legal_actions() if isinstance(x, Play)]),
                      deal.to_move)
    plays = [[x for x in v.legal if isinstance(x, Play)] for v in views]
    n = len(views)
    rows = sum(map(len, plays)) / n
    print(f"{n} views, {rows:.1f} legal plays each; blas threads {a.blas_threads or 'default'}")
    for name, call in (("of_view", lambda: [chance.of_view(v) for v in views]),
                       ("of_actions", lambda: [chance.of_actions(v, ps)
                                               for v, ps in zip(views, plays, strict=True)])):
        wall, cpu = time.perf_counter(), time.process_time()
        call()
        wall, cpu = (time.perf_counter() - wall) / n, (time.process_time() - cpu) / n
        print(f"{name:<11} {wall * 1e3:.3f} ms per call, {cpu * 1e3:.3f} ms of CPU")


if __name__ == "__main__":
    run_script(main)
