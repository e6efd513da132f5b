"""A digest of every action of a level against ``easy`` on seeded decks (play mode, both
legs), per wild ruleset: two checkouts whose bots decide alike print the same digests.

    python3 benchmarks/decisions_digest.py --decks 60 --seed 7
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from argtypes import count

from dizhu import arena
from dizhu.arena import ArenaSpec
from dizhu.interrupt import run_script
from dizhu.rulesets import find_ruleset


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--decks", type=count, default=60)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--levels", default="normal,hard")
    parser.add_argument("--rulesets", default="laizi,tiandi")
    args = parser.parse_args()
    actions: list[str] = []
    play = arena._run

    def recorded(deal: object, bots: list, times: object) -> None:
        play(deal, bots, times)
        actions.extend(f"{seat}:{action}" for seat, action in deal.history)

    arena._run = recorded
    for name in args.rulesets.split(","):
        for level in args.levels.split(","):
            actions.clear()
            spec = ArenaSpec(level, "easy", decks=args.decks, seed=args.seed, mode="play",
                             rules=find_ruleset(name))
            arena._play_chunk((spec, 0, spec.decks))
            digest = hashlib.sha1("\n".join(actions).encode()).hexdigest()[:16]
            print(f"{name} {level}: {len(actions)} actions, digest {digest}", flush=True)


if __name__ == "__main__":
    run_script(main)
