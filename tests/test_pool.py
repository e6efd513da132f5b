"""Worker processes: results in the items' order, and a pool left by an error does not
play the rest of its items first (an arena of many decks stopped at its first chunk)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from dizhu.pool import Pool, ProcessPool, open_pool


def test_results_come_in_the_items_order_in_and_out_of_process():
    items = [5, 3, 9, 1, 7, 2]
    for jobs in (1, 2):
        with open_pool(jobs) as pool:
            assert isinstance(pool, ProcessPool if jobs > 1 else Pool)
            assert pool.workers == jobs
            assert list(pool.map(abs, [-i for i in items])) == items


def test_an_error_stops_the_workers_rather_than_finishing_the_other_items():
    """The first item fails at once, the others would sleep ten minutes each: the pool is
    left as soon as the error is known (before, it waited for every item)."""
    code = textwrap.dedent("""
        import time
        from dizhu.pool import open_pool
        try:
            with open_pool(2) as pool:
                for _ in pool.map(time.sleep, ["not a time", 600, 600, 600]):
                    pass
        except TypeError:
            print("left")
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120)
    assert done.stdout.strip() == "left" and done.returncode == 0, done.stderr
