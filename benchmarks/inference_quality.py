"""How well inference from the public actions tells where the hidden cards lie.

It plays an arena's decks (play mode, the arena's shuffles and seeds) and keeps every view
bot A had to decide on (more than one legal play), with the true hands. For each view it
draws ``--deals`` deals of the hidden cards as the searching bots do (consistent with the
view, redrawn while they contradict the passes), weighs them by the likelihood of the
other seats' actions under each model (:mod:`dizhu.bots.likelihood`: ``normal``'s policy
softened by ``slip``, A's own settings otherwise; ``uniform``: no weighing, as ``expert``
plays), and reports, per role, the expected number of hidden cards the weighed deals put
in the wrong hand (0: inference knows every hand), and the weights' effective sample size
(how many equal deals they are worth).

    python3 benchmarks/inference_quality.py master rlcard-rule --decks 25 --first-deck 3750 \\
        --seed 2 --slips 0.3,0.15,0.05
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from argtypes import count
from oracle import Oracle, arena_arguments, arena_spec

from dizhu.arena import Times, play_leg
from dizhu.bots import make_bot
from dizhu.bots.expert import ExpertBot
from dizhu.bots.inference import plausible
from dizhu.bots.likelihood import Inference, Model
from dizhu.cards import counts
from dizhu.combos import Play
from dizhu.interrupt import run_script
from dizhu.sampling import Sampler
from dizhu.view import SeatView


def slips(text: str) -> list[float]:
    try:
        values = [float(v) for v in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"numbers 0 to 1, comma-separated, not {text!r}") \
            from None
    if not all(0 < v <= 1 for v in values):
        raise argparse.ArgumentTypeError(f"each slip is above 0 and at most 1, not {text!r}")
    return values


def watched(bot: ExpertBot, oracle: Oracle, kept: list[tuple[SeatView, tuple[int, ...]]]
            ) -> ExpertBot:
    """``bot``, keeping each play-phase view it decides on, with the true hands."""
    base = type(bot)

    class Watched(base):  # type: ignore[misc, valid-type]
        def play(self, view: SeatView) -> Play:
            if len(view.legal) > 1:
                kept.append((view, oracle.hands(view)))
            return super().play(view)

    bot.__class__ = Watched
    return bot


def misplaced(hands: tuple[int, ...], truth: tuple[int, ...], seat: int) -> float:
    """Hidden cards ``hands`` put in another seat than ``truth`` does."""
    return sum(sum(abs(a - b) for a, b in zip(counts(h), counts(t), strict=True))
               for s, (h, t) in enumerate(zip(hands, truth, strict=True)) if s != seat) / 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    arena_arguments(parser, decks=10)
    parser.add_argument("--deals", type=count, default=384,
                        help="deals drawn per view (master weighs pool * samples = 384)")
    parser.add_argument("--slips", type=slips, default=[0.3, 0.15, 0.05])
    args = parser.parse_args()
    spec = arena_spec(parser, args)
    oracle = Oracle()
    kept: list[tuple[SeatView, tuple[int, ...]]] = []
    cache = {(spec.bot_a, seat): watched(make_bot(spec.bot_a, seed=0), oracle, kept)
             for seat in range(spec.rules.seats)}
    times = Times()
    for index in range(spec.first_deck, spec.first_deck + spec.decks):
        oracle.deck(spec, index)
        for leg in (0, 1):
            play_leg(spec, index, leg, cache, times)
    judge = make_bot(spec.bot_a, seed=0)
    assert isinstance(judge, ExpertBot)
    models: dict[str, float | None] = {"uniform": None}
    models.update({f"slip {v:g}": v for v in args.slips})
    rows = {(role, name): [0.0, 0.0, 0] for role in ("landlord", "peasants") for name in models}
    for i, (view, truth) in enumerate(kept):
        role = "landlord" if view.seat == view.landlord else "peasants"
        rng = random.Random(i)
        sampler, likely = Sampler(view), plausible(view)
        deals = [sampler.sample(rng, likely, judge.redraws).hands for _ in range(args.deals)]
        errors = [misplaced(h, truth, view.seat) for h in deals]
        ev = judge.evaluator(view)
        compiled = judge.compiled_playouts(ev)
        chooser = judge.choose if compiled is None else compiled.choose
        for name, slip in models.items():
            if slip is None:
                weights = [1.0] * len(deals)
            else:
                inference = Inference(view, Model(judge.bid_thresholds, judge.double_at,
                                                  judge.fits, slip),
                                      lambda wild, v=view: judge.evaluator(v, wild), chooser)
                logs = [inference.log_weight(h) for h in deals]
                top = max(logs)
                weights = [math.exp(x - top) for x in logs]
            total = sum(weights)
            row = rows[role, name]
            row[0] += sum(w * e for w, e in zip(weights, errors, strict=True)) / total
            row[1] += total * total / sum(w * w for w in weights)
            row[2] += 1
    print(f"{spec.bot_a} against {spec.bot_b}, decks {spec.first_deck} to "
          f"{spec.first_deck + spec.decks - 1}, seed {spec.seed}: {len(kept)} views, "
          f"{args.deals} deals drawn for each\n")
    print("| A as | model | views | hidden cards misplaced (mean) | effective deals (mean) |")
    print("|---|---|---:|---:|---:|")
    for (role, name), (err, ess, n) in rows.items():
        if n:
            print(f"| {role} | {name} | {n} | {err / n:.3f} | {ess / n:.0f} |")


if __name__ == "__main__":
    run_script(main)
