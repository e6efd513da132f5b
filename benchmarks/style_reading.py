"""How the search bots read the others' styles (``master:styles=1``): in deals of
``normal`` against a bot, at a ``normal`` seat's first decision after ``--plays`` plays,
the chance of the eager style its weighing gives each other seat in the true deal
(:meth:`dizhu.bots.likelihood.Inference.weigh`), by role.

    python3 benchmarks/style_reading.py rlcard-rule --deals 40
    python3 benchmarks/style_reading.py expert --deals 25

The bot plays the peasants in the first half of the run and the landlord in the second;
each line gives a seat, its player, how many deals read it and the mean reading.
"""

from __future__ import annotations

import argparse
import random
import statistics

from argtypes import count, natural, share

from dizhu.bots import make_bot
from dizhu.bots.expert import ExpertBot
from dizhu.bots.normal import NormalBot
from dizhu.deal import Deal, deal_cards
from dizhu.interrupt import run_script
from dizhu.view import seat_view


def readings(opponent: str, deals: int, plays: int, bot_is_landlord: bool,
             prior: float) -> dict[int, list[float]]:
    """Each other seat's readings, seat by seat, from the ``normal`` seat that reads."""
    normal = NormalBot(seed=1)
    other = make_bot(opponent, seed=1)
    players = [other, normal, normal] if bot_is_landlord else [normal, other, other]
    reader = ExpertBot(seed=1)  # master:styles=1's reading, with the prior asked for
    reader.configure(infer=True, styles=True, eager_prior=prior)
    out: dict[int, list[float]] = {0: [], 1: [], 2: []}
    for seed in range(deals):
        hands, kitty = deal_cards(random.Random(seed))
        deal = Deal.at_play(hands, kitty, 0)
        made = 0
        while not deal.is_over:
            seat = deal.to_move
            view = seat_view(deal, seat)
            if made >= plays and players[seat] is normal:
                inference = reader.inference(view)  # the search bots' own reading
                for s, odds in inference.weigh(tuple(deal.position.hands))[1].items():
                    out[s].append(odds)
                break
            deal.push(players[seat].act(view))
            made += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("opponent", help="the bot read (a level or spec)")
    parser.add_argument("--deals", type=count, default=40)
    parser.add_argument("--plays", type=natural, default=18)
    parser.add_argument("--prior", type=share, default=0.5)
    args = parser.parse_args()
    for bot_is_landlord in (False, True):
        players = ([args.opponent, "normal", "normal"] if bot_is_landlord
                   else ["normal", args.opponent, args.opponent])
        for seat, values in readings(args.opponent, args.deals, args.plays,
                                     bot_is_landlord, args.prior).items():
            if values:
                print(f"seat {seat} ({players[seat]}, {'landlord' if seat == 0 else 'peasant'})"
                      f": {len(values)} deals, mean reading {statistics.mean(values):.2f}")


if __name__ == "__main__":
    run_script(main)
