"""Wild cards: move generation and random play-phase deals of ``laizi`` and ``tiandi``
beside ``classic``, in one run.

    python benchmarks/bench_wild.py [--deals N] [--seed S]

Each ruleset plays the same ``N`` seeded deals from the start of play (the landlord holds
20 cards and leads; every decision a uniform choice among the legal plays), on bare
positions (the deal does not draw wild ranks yet): the wild ranks of each deal are drawn
from the same seed. It prints, per ruleset, random play-phase deals per CPU-second, and
lead and follow generations per CPU-second over every position those deals met (a
generation is one ``legal_plays()`` of a position: leading, or following the top). The
core that runs generates classic's plays (``DIZHU_PURE=1``: python); wild plays are read
in Python over the base generator (docs/rulesets.md, Wild cards).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dizhu import core
from dizhu.cards import TWO, deck_faces, ranks_of_cards
from dizhu.position import Position
from dizhu.rulesets import find_ruleset

RULESETS = ("classic", "laizi", "tiandi")


def start(rules, seed: int) -> Position:
    """The start of play of a seeded deal: seat 0 the landlord with the kitty."""
    rng = random.Random(seed)
    faces = deck_faces(1)
    rng.shuffle(faces)
    hands = [ranks_of_cards(faces[:20]), ranks_of_cards(faces[20:37]),
             ranks_of_cards(faces[37:])]
    wild = tuple(rng.sample(range(TWO + 1), 2))[:rules.wild_ranks]
    return Position(rules, hands, 0, wild=wild)


def play_out(pos: Position, rng: random.Random, met: list[Position]) -> None:
    while not pos.is_over:
        met.append(pos.copy())
        pos.push_unchecked(rng.choice(pos.legal_plays()))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--seed", type=int, default=12345)
    a = ap.parse_args()
    print(f"{core.describe()}, {a.deals} deals, seed {a.seed}")
    for name in RULESETS:
        rules = find_ruleset(name)
        met: list[Position] = []
        begun = time.process_time()
        for k in range(a.deals):
            play_out(start(rules, a.seed + k), random.Random(a.seed + k), met)
        deals = a.deals / (time.process_time() - begun)
        leads = [p for p in met if p.top_id < 0]
        follows = [p for p in met if p.top_id >= 0]
        rates = []
        for group in (leads, follows):
            begun = time.process_time()
            for p in group:
                p.legal_plays()
            rates.append(len(group) / (time.process_time() - begun))
        print(f"{name:7} deals/s {deals:9.1f}   lead gen/s {rates[0]:9.0f}   "
              f"follow gen/s {rates[1]:9.0f}   ({len(leads)} leads, {len(follows)} follows)")


if __name__ == "__main__":
    main()
