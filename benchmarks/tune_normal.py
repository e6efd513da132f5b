"""Try settings of the ``normal`` policy against a baseline bot in the arena.

    python3 benchmarks/tune_normal.py '{"stop_landlord": 0.7, "urgent_cards": 7}' ... \
        [--against rlcard-rule] [--decks 2000] [--seed exp]

Each argument is a JSON object of ``NormalBot`` attributes; ``{}`` is the current default.
Prints WP and ADP with their intervals, and WP per role. The defaults in
``dizhu/bots/normal.py`` came from rounds of this (see docs/strength.md).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from argtypes import count

from dizhu.arena import ArenaSpec, default_jobs, run_arena
from dizhu.bots import BOTS
from dizhu.bots.normal import NormalBot
from dizhu.interrupt import run_script
from dizhu.rules import CLASSIC


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("settings", nargs="+", help="JSON objects of NormalBot attributes")
    ap.add_argument("--against", default="rlcard-rule")
    ap.add_argument("--decks", type=count, default=2000)
    ap.add_argument("--seed", default="exp")
    ap.add_argument("--jobs", type=count, default=default_jobs())
    ap.add_argument("--mode", choices=("play", "full"), default="play",
                    help="full: the auction and real scores (to tune bidding, read ADP)")
    ap.add_argument("--doubling", action="store_true", help="the doubling option (full mode)")
    a = ap.parse_args()
    variants = []
    for text in a.settings:
        try:
            attrs = json.loads(text)
        except json.JSONDecodeError:
            attrs = None
        if not isinstance(attrs, dict) or not all(hasattr(NormalBot, key) for key in attrs):
            ap.error(f"{text!r} is not a JSON object of NormalBot's attributes, as "
                     "'{\"urgent_cards\": 10}'")
        variants.append(attrs)
    try:
        ArenaSpec("normal", a.against, decks=a.decks)
    except ValueError as e:
        ap.error(str(e))
    for i, (text, attrs) in enumerate(zip(a.settings, variants, strict=True)):
        name = f"normal-variant-{i}"
        BOTS[name] = type(name, (NormalBot,), {"name": name, **attrs})
        rules = CLASSIC.with_options(doubling=a.doubling)
        spec = ArenaSpec(name, a.against, decks=a.decks, seed=a.seed, mode=a.mode, rules=rules)
        r = run_arena(spec, jobs=a.jobs)
        print(f"{text}: WP {r['wp']:.3f} [{r['wp_ci'][0]:.3f}, {r['wp_ci'][1]:.3f}]  "
              f"ADP {r['adp']:+.3f} [{r['adp_ci'][0]:+.3f}, {r['adp_ci'][1]:+.3f}]  "
              f"landlord {r['landlord']['wp']:.3f}  peasants {r['peasants']['wp']:.3f}",
              flush=True)


if __name__ == "__main__":
    run_script(main)
