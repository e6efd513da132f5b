"""What a searching bot would win if it saw every hand: an instrument, not a bot.

It plays an arena's decks (play mode: the same shuffles and seeds as ``dizhu arena A B
--seed S --first-deck K --mode play``) with bot A (``expert``, ``master`` or a setting of
them) told the true hands: every deal it imagines is the deal itself (counted as its
``samples`` deals), and its endgame solves the one way the cards truly lie. B plays as in
the arena. Compared deal by deal with A's own run on the same decks (``dizhu compare``),
the difference measures what better inference from the others' actions could give: all
that is left is how the search judges a play when nothing is hidden.

    python3 benchmarks/oracle_bound.py master rlcard-rule --decks 1250 --first-deck 3750 \\
        --seed 2 --legs oracle.legs.tsv
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from oracle import Oracle, arena_arguments, arena_spec, told

from dizhu.arena import Times, play_leg, summarize
from dizhu.bots import make_bot
from dizhu.interrupt import run_script
from dizhu.legs import write_legs
from dizhu.reports import format_report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    arena_arguments(parser, decks=100)
    parser.add_argument("--legs", help="also write each deal's outcome (dizhu compare)")
    args = parser.parse_args()
    spec = arena_spec(parser, args, args.legs)
    oracle = Oracle()
    cache = {(spec.bot_a, seat): told(make_bot(spec.bot_a, seed=0), oracle)
             for seat in range(spec.rules.seats)}
    times = Times()
    legs = []
    for index in range(spec.first_deck, spec.first_deck + spec.decks):
        oracle.deck(spec, index)
        legs.append((play_leg(spec, index, 0, cache, times),
                     play_leg(spec, index, 1, cache, times)))
    print(format_report(summarize(spec, legs, times)))
    if args.legs:
        write_legs(args.legs, spec, legs, a=f"{spec.bot_a} (told every hand)")


if __name__ == "__main__":
    run_script(main)
