"""What a searching bot would win if it saw every hand: an instrument, not a bot.

It plays an arena's decks (play mode: the same shuffles and seeds as ``dizhu arena A B
--seed S --first-deck K --mode play``) with bot A (``expert``, ``master`` or a setting of
them) told the true hands: every deal it imagines is the deal itself (counted as its
``samples`` deals), and its endgame solves the one way the cards truly lie. B plays as in
the arena. Compared deal by deal with A's own run on the same decks (``dizhu compare``),
the difference bounds what better inference from the others' actions could give: all
that is left is how the search judges a play when nothing is hidden.

    python3 benchmarks/oracle_bound.py master rlcard-rule --decks 1250 --first-deck 3750 \\
        --seed 2 --legs oracle.legs.tsv
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from argtypes import count
from oracle import Oracle, told

from dizhu.arena import ArenaSpec, Times, play_leg, summarize
from dizhu.bots import make_bot
from dizhu.bots.expert import ExpertBot
from dizhu.interrupt import run_script
from dizhu.legs import write_legs
from dizhu.reports import format_report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bot_a", help="a searching bot: expert or master, with settings")
    parser.add_argument("bot_b")
    parser.add_argument("--decks", type=count, default=100)
    parser.add_argument("--first-deck", type=int, default=0)
    parser.add_argument("--seed", default="0")
    parser.add_argument("--legs", help="also write each deal's outcome (dizhu compare)")
    args = parser.parse_args()
    spec = ArenaSpec(args.bot_a, args.bot_b, args.decks, args.seed, "play",
                     first_deck=args.first_deck)
    oracle = Oracle()
    cache: dict = {}
    for seat in range(spec.rules.seats):
        bot = make_bot(spec.bot_a, seed=0)
        if not isinstance(bot, ExpertBot):
            parser.error(f"{spec.bot_a} does not search imagined deals (expert, master do)")
        cache[spec.bot_a, seat] = told(bot, oracle)
    times = Times()
    legs = []
    for index in range(spec.first_deck, spec.first_deck + spec.decks):
        oracle.deck(spec, index)
        legs.append((play_leg(spec, index, 0, cache, times),
                     play_leg(spec, index, 1, cache, times)))
    if args.legs:
        write_legs(args.legs, spec, legs, a=f"{spec.bot_a} (told every hand)")
    print(format_report(summarize(spec, legs, times)))


if __name__ == "__main__":
    run_script(main)
