"""Ctrl+C said in words: the ``dizhu`` command and the repository's scripts (benchmarks,
training, tools, examples) end on it with one line saying they stopped, and status 130,
rather than with Python's traceback."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import NoReturn

STOPPED = 130
"""The exit status of a program stopped by Ctrl+C (128 + SIGINT), as shells report it."""


def stopped(name: str) -> int:
    """Say on stderr that ``name`` stopped as asked; the status to exit with."""
    print(f"\n{name}: stopped", file=sys.stderr)
    return STOPPED


def run_script(main: Callable[[], object]) -> NoReturn:
    """Run a script's ``main`` and exit with its status: what it returns when that is a
    whole number, else 0 (``None``, or the figures a ``main`` also called from Python
    returns). On Ctrl+C, say the script (named by its file) stopped and exit with
    :data:`STOPPED`."""
    try:
        status = main()
    except KeyboardInterrupt:
        status = stopped(Path(sys.argv[0]).name)
    sys.exit(status if isinstance(status, int) else 0)
