"""``master``'s playouts under solve budgets, in one run: how fast they run, and how often
each finishes as a solve without a budget would.

- ``playouts``: from positions of seeded play-mode deals with 36 to 53 cards left (every
  hand known), up to three plays each, played out by ``master`` with each setting; the
  reference is the same playout whose solve, once ``solve_cards`` are left, has no budget
  (one million positions), so "agree" is how often a setting finds the landlord's fate
  that solve finds.
- ``decisions``: ``master``'s decisions in the first half of a deal (40 to 53 cards left,
  three plays or more), which its budget cuts short: the playouts each completes and its
  wall-clock time.

Playouts in process time; decisions in wall-clock time, as the budget counts them. A
spec written ``python:SPEC`` plays its playouts in Python (the reference) rather than in
the compiled core (:mod:`dizhu.bots.playout`).

    python3 benchmarks/bench_playouts.py [--positions N] [--decisions N] [SPEC ...]
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
from dizhu.bots import make_bot
from dizhu.bots.expert import ExpertBot
from dizhu.interrupt import run_script
from dizhu.position import Position
from dizhu.rules import CLASSIC
from dizhu.view import SeatView, played_views

REFERENCE = "master:playout_nodes=1000000,retry_cards=0"
DEFAULT_SPECS = ("master:playout_nodes=20000,retry_cards=0", "python:master", "master")
PYTHON = "python:"


def positions(count: int, low: int, high: int,
              choices: int = 3) -> list[tuple[Position, SeatView]]:
    """A position (every hand) and its mover's view from each of ``count`` seeded deals
    played by ``normal`` down to a number of cards left drawn in [low, high)."""
    normal = make_bot("normal", seed=1)
    out: list[tuple[Position, SeatView]] = []
    index = 0
    while len(out) < count:
        rng = random.Random(f"playouts:{index}")
        index += 1
        deal = play_mode_deal(rng, CLASSIC)
        stop = rng.randrange(low, high)
        for view in played_views(deal, [normal] * 3):
            if sum(view.cards_left) <= stop and len(view.legal) >= choices:
                out.append((deal.position.copy(), view))
                break
    return out


def bot_of(spec: str, seed: int) -> ExpertBot:
    """The bot of ``spec``; with ``python:``, one that plays its playouts in Python."""
    if not spec.startswith(PYTHON):
        return make_bot(spec, seed=seed)
    bot = make_bot(spec.removeprefix(PYTHON), seed=seed)
    bot.compiled_playouts = lambda ev: None
    return bot


def playouts(spec: str, cases: list[tuple[Position, SeatView]]) -> tuple[float, list]:
    bot = bot_of(spec, 3)
    began = time.process_time()
    outcomes = [bot.rollout(pos, play, bot.evaluator(view))
                for pos, view in cases for play in view.legal[:3]]
    return time.process_time() - began, outcomes


def decisions(spec: str, views: list[SeatView]) -> tuple[float, float, float]:
    """Playouts per decision, mean and worst wall-clock milliseconds."""
    bot = bot_of(spec, 5)
    count = [0]
    real = ExpertBot.rollout

    def rollout(self, *args, **kw):
        count[0] += 1
        return real(self, *args, **kw)

    worst = total = 0.0
    with mock.patch.object(ExpertBot, "rollout", rollout):
        for view in views:
            began = time.perf_counter()
            bot.act(view)
            took = time.perf_counter() - began
            total, worst = total + took, max(worst, took)
    return count[0] / len(views), total / len(views) * 1000, worst * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=count, default=400)
    parser.add_argument("--decisions", type=count, default=60)
    parser.add_argument("specs", nargs="*", default=list(DEFAULT_SPECS))
    args = parser.parse_args()
    if core.NAME != "compiled":
        sys.exit(f"the compiled core does not run: {core.WHY}")
    cases = positions(args.positions, 36, 54)
    reference_s, reference = playouts(REFERENCE, cases)
    print(f"{len(reference)} playouts from {len(cases)} positions, process seconds; "
          f"reference {reference_s:.2f} s")
    for spec in args.specs:
        seconds, outcomes = playouts(spec, cases)
        agree = sum(a == b for a, b in zip(outcomes, reference, strict=True))
        print(f"  {spec:<45} {seconds:6.2f} s  {len(outcomes) / seconds:6.0f}/s  "
              f"agree {agree / len(outcomes):.3f}")
    views = [view for _, view in positions(args.decisions, 40, 54)]
    print(f"{len(views)} decisions with 40 to 53 cards left, wall-clock")
    for spec in args.specs:
        per, mean, worst = decisions(spec, views)
        print(f"  {spec:<45} {per:5.0f} playouts a decision  mean {mean:4.0f} ms  "
              f"worst {worst:4.0f} ms")


if __name__ == "__main__":
    run_script(main)
