"""The server's process settles its memory at start (``dizhu.web.memory``): the tables the
engine and the computer players build on first use exist and are out of the collector's
sight before the first table is played."""

import subprocess
import sys

PROBE = """
import gc
from dizhu.web import memory
from dizhu.deal import Deal
from dizhu.bots import make_bot
from dizhu.rulesets import find_ruleset, names
from dizhu.view import seat_view

memory.settle()
frozen = gc.get_freeze_count()
gc.collect()
before = len(gc.get_objects())
kept = []
for name in names():
    rules = find_ruleset(name)
    for seed in (2, 3):
        deal = Deal.shuffled(seed=seed, rules=rules)
        players = [make_bot("easy") for _ in range(rules.seats)]
        while not deal.is_over:
            deal.push(players[deal.to_move].act(seat_view(deal, deal.to_move)))
        kept.append(deal)
gc.collect()
print(frozen, len(gc.get_objects()) - before, gc.get_threshold() == memory.THRESHOLDS)
"""


def test_the_engines_tables_are_built_and_frozen_at_start():
    """Deals of every ruleset after the start add only their own objects (a few hundred
    each), not tables of the engine's (hundreds of thousands for ``four`` in the pure-Python
    core; with the compiled core the plays of the universes alone, tens of thousands)."""
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                         check=True).stdout.split()
    frozen, grown, thresholds = int(out[0]), int(out[1]), out[2]
    assert frozen > 50_000 and thresholds == "True"
    assert grown < 20_000, grown
