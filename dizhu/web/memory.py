"""The server process's memory and its garbage collector.

Under load the latency tail was the collector: a full collection walks every tracked
object, the engine's tables (about 170,000 objects for one pack, 390,000 with both) as
well as the tables being played, and stops the event loop meanwhile (60 to 230 ms measured
at 300 to 500 tables). The engine's tables live as long as the process, so they are built
at start and then frozen out of the collector's sight; collections of the young
generations are made rarer, and those of the oldest much rarer.
"""

from __future__ import annotations

import gc

from ..bots import make_bot
from ..deal import Deal
from ..rulesets import find_ruleset, names
from ..view import play_out

THRESHOLDS = (50_000, 20, 100)
"""``gc.set_threshold``: allocations before a young collection (700 by default), young
collections before a middle one (10), middle ones before a full one (10)."""


def warm_up() -> None:
    """Build the tables the engine and the computer players build on first use, for every
    ruleset: play one seeded deal of each with ``easy`` players."""
    for name in names():
        rules = find_ruleset(name)
        deal = Deal.shuffled(seed=1, rules=rules)
        play_out(deal, [make_bot("easy") for _ in range(rules.seats)])


def settle() -> None:
    """Warm up, then keep what exists now (the process's lasting objects) out of every
    collection, and collect less often."""
    warm_up()
    gc.collect()
    gc.freeze()
    gc.set_threshold(*THRESHOLDS)
