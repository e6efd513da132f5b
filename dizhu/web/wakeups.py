"""Waiting in the event loop for work done in other threads (the store's writer, the
computer players' thinking), with one wake-up of the loop for a burst of results.

``asyncio.wrap_future`` wakes the loop once for each future that completes: a write to
its self-pipe from the other thread, and a read and a round of callbacks in the loop. The
writer completes a whole batch of events' futures at once, and under load the thinking
threads finish decisions in bursts; here those completions share one wake-up.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import Future
from typing import TypeVar

T = TypeVar("T")


class Wakeups:
    """Futures of other threads that the event loop's tasks wait for."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.waiting: list[tuple[Future, asyncio.Future]] = []
        self.scheduled = False

    async def wait(self, done: Future[T]) -> T:
        """The result of ``done`` (its exception raised), once it has completed."""
        await self.until_done(done)
        return done.result()

    async def until_done(self, done: Future) -> None:
        """Return once ``done`` has completed (or been cancelled), whatever its outcome."""
        if not done.done():
            if self.loop is None:
                self.loop = asyncio.get_running_loop()
            waiter = self.loop.create_future()
            self.waiting.append((done, waiter))
            done.add_done_callback(self._notify)
            await waiter

    def _notify(self, _: Future) -> None:
        """In the thread that completed a future: wake the loop, unless a wake-up is on
        its way already (it will see this future done too)."""
        if not self.scheduled:
            self.scheduled = True
            assert self.loop is not None
            self.loop.call_soon_threadsafe(self._wake)

    def _wake(self) -> None:
        self.scheduled = False  # first: a future completed from now on schedules another
        still = []
        for done, waiter in self.waiting:
            if not done.done():
                still.append((done, waiter))
            elif not waiter.done():  # a waiter whose task was cancelled is done
                waiter.set_result(None)
        self.waiting = still
