"""How long the bots' hand evaluation takes with wild cards: the cost of a fresh hand (the
landlord's 20 cards, a new evaluator each time, so nothing is remembered), and of every
lead's ``extra_cost`` from it, for ``classic``, ``laizi`` and ``tiandi`` on the same seeded
deals (each deal's wild ranks drawn from the same generator); and ``normal``'s first bid on
a 17-card hand (one bot for all the hands, as in a match: in ``laizi`` the mean over the
ranks the wild rank may be, in ``tiandi`` over the second rank, the first known).

    python3 benchmarks/bench_handeval_wild.py --hands 60
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
from dizhu.bots.handeval import evaluator_for
from dizhu.cards import TWO, ranks_of_cards
from dizhu.deal import Deal, deal_cards
from dizhu.interrupt import run_script
from dizhu.rulesets import find_ruleset
from dizhu.view import seat_view


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=count, default=60)
    args = parser.parse_args()
    print("| ruleset | hands | cost ms (median / max) | every lead's extra cost ms "
          "(median / max) | leads (median) | bid ms (median / max) |")
    print("|---|---:|---:|---:|---:|---:|")
    for name in ("classic", "laizi", "tiandi"):
        rules = find_ruleset(name)
        rng = random.Random("handeval")
        costs, extras, leads, bids = [], [], [], []
        bot = make_bot("normal", seed=1)
        for index in range(args.hands):
            hands, kitty = deal_cards(rng, rules)
            hand = ranks_of_cards(hands[0]) + ranks_of_cards(kitty)
            wild = tuple(rng.sample(range(TWO + 1), 2))[:rules.wild_ranks]
            ev = evaluator_for(rules, wild)
            start = time.perf_counter()
            base = ev.cost(hand)
            costs.append(time.perf_counter() - start)
            plays = ev.moves.lead(hand)
            start = time.perf_counter()
            for play in plays:
                ev.extra_cost(hand, play, base)
            extras.append(time.perf_counter() - start)
            leads.append(len(plays))
            view = seat_view(Deal(hands, kitty, 0, rules, suit_seed=index), 0)
            start = time.perf_counter()
            bot.act(view)
            bids.append(time.perf_counter() - start)
        print(f"| {name} | {args.hands} | {statistics.median(costs) * 1000:.2f} / "
              f"{max(costs) * 1000:.1f} | {statistics.median(extras) * 1000:.1f} / "
              f"{max(extras) * 1000:.0f} | {statistics.median(leads):.0f} | "
              f"{statistics.median(bids) * 1000:.1f} / {max(bids) * 1000:.1f} |")


if __name__ == "__main__":
    run_script(main)
