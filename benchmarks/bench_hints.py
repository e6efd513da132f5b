"""A person's hints with wild cards, in one run: the hints of seeded ``laizi`` and
``tiandi`` hands at the start of play (the landlord's 20 cards, wild ranks drawn), and
the two ways to find the bombs a hand holds that the hints ask once per play: the bombs
among every lead of the hand (``lead``, as until 2026-12-04) and ``bombs`` alone.

Process time, on the core that runs (``DIZHU_PURE=1``: python).

    python3 benchmarks/bench_hints.py [--deals N]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from argtypes import count

from dizhu import core
from dizhu.bots.hints import Hinter
from dizhu.combos import BOMBS
from dizhu.deal import Deal, deal_cards
from dizhu.interrupt import run_script
from dizhu.rulesets import find_ruleset
from dizhu.view import SeatView, seat_view


def views(ruleset: str, deals: int) -> list[SeatView]:
    """The landlord's view at the start of play of ``deals`` seeded deals."""
    rules = find_ruleset(ruleset)
    out = []
    for seed in range(deals):
        rng = random.Random(f"hints:{seed}")
        hands, kitty = deal_cards(rng, rules)
        wild = tuple(rng.sample(range(13), rules.wild_ranks))
        out.append(seat_view(Deal.at_play(hands, kitty, 0, rules=rules, wild=wild), 0))
    return out


def timed(work, *args) -> tuple[float, object]:
    began = time.process_time()
    result = work(*args)
    return time.process_time() - began, result


def by_lead(remainders: list) -> list[set]:
    """The bombs and the rocket among every lead of each hand."""
    return [{p for p in moves.lead(hand) if p.kind in BOMBS} for moves, hand in remainders]


def by_bombs(remainders: list) -> list[set]:
    """The same, from ``bombs`` alone."""
    return [set(moves.bombs(hand)) for moves, hand in remainders]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=count, default=10)
    args = parser.parse_args()
    print(f"core {core.NAME}, {args.deals} deals each")
    print(f"{'ruleset':8} {'plays':>7} {'hints s':>8} {'worst s':>8} "
          f"{'bombs by lead s':>16} {'by bombs s':>11} {'ratio':>6}")
    hinter = Hinter()
    for ruleset in ("laizi", "tiandi"):
        seen = views(ruleset, args.deals)
        times = [timed(hinter.hints, v)[0] for v in seen]
        remainders = [(v.rules.moves(v.wild), v.hand_ranks - p.cards)
                      for v in seen for p in v.legal if p.cards != v.hand_ranks]
        lead_s, old = timed(by_lead, remainders)
        bombs_s, new = timed(by_bombs, remainders)
        assert old == new, "the two ways found different bombs"
        print(f"{ruleset:8} {sum(len(v.legal) for v in seen):7} {sum(times):8.2f} "
              f"{max(times):8.2f} {lead_s:16.2f} {bombs_s:11.2f} {lead_s / bombs_s:6.1f}")


if __name__ == "__main__":
    run_script(main)
