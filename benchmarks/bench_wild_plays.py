"""How many plays of wild deals a long-running process keeps: deals of ``laizi`` or
``tiandi`` played out one after another in one process by computer players, as a server's
tables play them, the plays that the wild ranks' moves hold (every object of moves alive,
after a collection) and the process's resident memory read every ``--every`` deals.

    python3 benchmarks/bench_wild_plays.py [--ruleset laizi] [--deals 800] [--every 100]
        [--bot easy] [--bound N]

A wild play is made when first met and kept by its wild ranks' moves (``dizhu.wild``);
the figure to read is whether the plays kept level off or keep growing with the deals.
``--bound`` sets the most plays kept (``dizhu.wild.MOST_PLAYS``; 0: none, as before there
was one). Last, the deals per CPU-second over the whole run (the collections for the
counts excluded): what making plays again after the moves are let go of costs.
"""

from __future__ import annotations

import argparse
import gc
import resource
import time

from argtypes import count

from dizhu import core, wild
from dizhu.bots import make_bot
from dizhu.deal import Deal
from dizhu.interrupt import run_script
from dizhu.rulesets import find_ruleset
from dizhu.view import play_out


def plays_kept() -> tuple[int, int]:
    """The objects of wild moves alive and the plays they hold."""
    gc.collect()
    moves = [o for o in gc.get_objects() if isinstance(o, wild.WildMoves)]
    return len(moves), sum(len(m.universe.by_key) for m in moves)


def resident_mib() -> float:
    """This process's resident memory now."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize() / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="laizi", choices=("laizi", "tiandi"))
    parser.add_argument("--deals", type=count, default=800)
    parser.add_argument("--every", type=count, default=100)
    parser.add_argument("--bot", default="easy")
    parser.add_argument("--bound", type=count, default=None)
    args = parser.parse_args()
    rules = find_ruleset(args.ruleset)
    if args.bound is not None:
        wild.MOST_PLAYS = args.bound or 1 << 62
    bound = getattr(wild, "MOST_PLAYS", None)
    print(f"{args.ruleset}, {args.bot} players, core {core.NAME}, bound {bound}")
    print(f"{'deals':>6} {'moves':>6} {'plays kept':>11} {'RSS MiB':>8} {'s':>6}")
    began = time.perf_counter()
    playing = 0.0
    for seed in range(args.deals):
        start = time.process_time()
        deal = Deal.shuffled(seed=seed, rules=rules)
        players = [make_bot(args.bot) for _ in range(rules.seats)]
        play_out(deal, players)
        del deal, players
        playing += time.process_time() - start
        if (seed + 1) % args.every == 0:
            moves, plays = plays_kept()
            print(f"{seed + 1:>6} {moves:>6} {plays:>11,} {resident_mib():>8.1f} "
                  f"{time.perf_counter() - began:>6.1f}", flush=True)
    print(f"deals per CPU-second: {args.deals / playing:.1f}")


if __name__ == "__main__":
    run_script(main)
