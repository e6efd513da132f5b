"""Where the computer players think, so that every table has its fair share of the machine
and one table's slow players never hold up another table's move.

A table asks for one decision at a time (its driver waits for it before it asks again), so
a queue served first come, first served already gives every table its turn; what must not
happen is a quick decision waiting behind searches, or searches taking the event loop's
turns at the interpreter (a thread that computes holds Python's GIL: with a few searching
in threads, every wake-up of the loop waited its turn, and all tables slowed). So players
think in three places, by their level:

- quick players (:data:`QUICK`: a millisecond or so a decision) in threads of their own;
- searching players (:data:`SEARCHING`: up to a second a decision) in worker processes
  (:data:`PROCESSES`), started on the first search: each builds its players
  from their level (with a table's bounds on memory, :func:`~dizhu.session.seats.table_bot`)
  and seeds them for each decision as the table would;
- outside programs, and any other player, in threads of their own (they mostly wait).
"""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from ..bots import Bot
from ..deal import Action
from ..session import MatchSession
from ..session.seats import table_bot
from ..view import SeatView
from . import memory

QUICK = frozenset({"easy", "normal"})
"""Levels that decide at once: never behind a search."""
SEARCHING = frozenset({"hard", "expert", "master"})
"""Levels that search: in processes of their own."""
THREADS = min(32, (os.cpu_count() or 1) + 4)
"""Threads of each kind (as many as asyncio's own executor has)."""
CORES = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else \
    os.cpu_count() or 1
PROCESSES = max(1, CORES - 1)
"""Worker processes for the searches: one per core the server may use but one, which the
server's own process keeps (with as many as cores, 20 tables of experts took the other
tables from 537 to 161 actions a second, p99 125 ms; one fewer, 380, p99 29 ms)."""


class Thinking:
    """The places the computer players of every table think in (see the module)."""

    def __init__(self, processes: int = PROCESSES) -> None:
        self.quick = ThreadPoolExecutor(THREADS, thread_name_prefix="dizhu-quick")
        self.others = ThreadPoolExecutor(THREADS, thread_name_prefix="dizhu-think")
        self.processes = processes
        self.searches: ProcessPoolExecutor | None = None
        """The worker processes, once a search has been asked for."""

    def decide(self, table: MatchSession, seat: int, player: Bot,
               view: SeatView) -> Future[Action]:
        """The decision of ``seat``'s computer player ``player`` from ``view``, to come."""
        level = table.level_of(seat)
        if level in SEARCHING:
            try:
                return self._searches().submit(search, level, table.decision_seed(), view)
            except BrokenProcessPool:  # a worker died: the next search starts them again
                self.searches = None
                return self._searches().submit(search, level, table.decision_seed(), view)
        lane = self.quick if level in QUICK else self.others
        return lane.submit(table.decide, player, view)

    def _searches(self) -> ProcessPoolExecutor:
        if self.searches is None:
            self.searches = ProcessPoolExecutor(
                self.processes, mp_context=multiprocessing.get_context("spawn"),
                initializer=start_worker, initargs=(os.getpid(),))
        return self.searches

    def close(self) -> None:
        """Stop thinking (the server stops): what is queued is dropped, and the worker
        processes have ended when this returns (the searches going on are waited for)."""
        for pool in (self.quick, self.others):
            pool.shutdown(wait=False, cancel_futures=True)
        if self.searches is not None:
            self.searches.shutdown(wait=True, cancel_futures=True)


def start_worker(server: int) -> None:
    """In a new worker process: the engine's tables built and the collector settled (as in
    the server), and a watch that ends the process once the server is gone (killed, it
    could not stop its workers)."""
    memory.settle()
    threading.Thread(target=watch_server, args=(server,), name="dizhu-watch",
                     daemon=True).start()


def watch_server(server: int) -> None:
    while os.getppid() == server:
        time.sleep(1.0)
    os._exit(0)


_players: dict[str, Bot] = {}
"""A worker process's players, one per level."""


def search(level: str, seed: str, view: SeatView) -> Action:
    """In a worker process: the decision of a player of ``level`` from ``view``."""
    player = _players.get(level)
    if player is None:
        player = _players[level] = table_bot(level)
    player.reseed(seed)
    return player.act(view)
