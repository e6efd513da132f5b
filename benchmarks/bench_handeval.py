"""The bots' hand evaluation on both cores, in one run: the compiled search
(``dizhu._ccore.HandCost``) and the pure-Python one, each with a new evaluator.

- ``hands``: the cost of every hand of seeded deals (each seat's, and the landlord's with
  the kitty), as a bot meets them first.
- ``playouts``: ``expert``'s playouts (``normal``'s policy for every seat, every hand
  known, no solver) from positions of seeded deals with more than 30 cards left, several
  plays from each, as a search runs them.

Process time (not wall-clock), so a busy machine slows both alike.

    python3 benchmarks/bench_handeval.py [--ruleset NAME] [--deals N] [--positions N]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from argtypes import count

from dizhu import core
from dizhu.arena import play_mode_deal
from dizhu.bots import handeval, make_bot
from dizhu.bots.handeval import HandEvaluator
from dizhu.bots.situation import Situation
from dizhu.cards import ranks_of_cards
from dizhu.deal import deal_cards
from dizhu.interrupt import run_script
from dizhu.position import Position
from dizhu.rulesets import find_ruleset
from dizhu.view import SeatView, played_views


def dealt_hands(rules, deals: int) -> list[int]:
    rng = random.Random(1)
    out = []
    for _ in range(deals):
        hands, kitty = deal_cards(rng, rules)
        out += [ranks_of_cards(h) for h in hands] + [ranks_of_cards(hands[0] + kitty)]
    return out


def positions(rules, count: int) -> list[SeatView]:
    """Views of a seat with three plays or more and more than 30 cards left, three a deal."""
    normal = make_bot("normal", seed=1)
    out: list[SeatView] = []
    index = 0
    while len(out) < count:
        deal = play_mode_deal(random.Random(f"handeval:{index}"), rules)
        index += 1
        taken = 0
        for view in played_views(deal, [normal] * rules.seats):
            if len(view.legal) > 2 and sum(view.cards_left) > 30 and taken < 3:
                out.append(view)
                taken += 1
    return out[:count]


def time_hands(hands: list[int], rules) -> float:
    evaluator = HandEvaluator(rules)
    began = time.process_time()
    for hand in hands:
        evaluator.cost(hand)
    return time.process_time() - began


def time_playouts(views: list[SeatView]) -> tuple[float, int]:
    bot = make_bot("expert", seed=1)
    began = time.process_time()
    landlord_wins = 0
    for view in views:
        ev = bot.evaluator(view)
        s = Situation.of(view)
        for _ in range(4):
            pos = Position(view.rules, bot.imagine(view), view.landlord, view.seat,
                           view.top, view.top_seat)
            for play in bot.options(s, view.legal, ev)[:3]:
                landlord_wins += bool(bot.rollout(pos, play, ev))
    return time.process_time() - began, landlord_wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ruleset", default="classic")
    parser.add_argument("--deals", type=count, default=300)
    parser.add_argument("--positions", type=count, default=40)
    args = parser.parse_args()
    if core.NAME != "compiled":
        sys.exit(f"the compiled core does not run: {core.WHY}")
    rules = find_ruleset(args.ruleset)
    hands, views = dealt_hands(rules, args.deals), positions(rules, args.positions)
    print(f"{rules.name}: {len(hands)} hands, {len(views)} positions x 4 deals x 3 plays, "
          "process seconds")
    figures = {}
    for name in ("compiled", "pure"):
        search = handeval._compiled if name == "compiled" else (lambda moves: None)
        with mock.patch.object(handeval, "_compiled", search):
            seconds, wins = time_playouts(views)
            figures[name] = (time_hands(hands, rules), seconds, wins)
    for name, (hands_s, playouts_s, wins) in figures.items():
        print(f"  {name:<9} hands {hands_s:7.3f}  playouts {playouts_s:7.3f}  "
              f"(landlord wins {wins})")
    (ch, cp, _), (ph, pp, _) = figures["compiled"], figures["pure"]
    print(f"  pure / compiled: hands {ph / ch:.1f}x, playouts {pp / cp:.1f}x")


if __name__ == "__main__":
    run_script(main)
