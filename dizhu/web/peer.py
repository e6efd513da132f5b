"""One page's socket, with its own bounded queue and writer.

Everything sent to a page goes through its queue, in order, and a task of its own writes
it out with a time limit. A page that stops reading fills its queue or overruns the limit
and is closed: it never holds up its table or another page.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from starlette.websockets import WebSocket

QUEUE = 64
"""Messages waiting for one page at most; more and the page is too slow: it is closed."""
SEND_TIMEOUT = 5.0
"""Seconds one message may take to go out before the page is closed."""
TOO_SLOW = 1013  # "try again later": the page reconnects and resyncs


class Peer:
    """A page connected to a table."""

    def __init__(self, ws: WebSocket, seat: int | None) -> None:
        self.ws = ws
        self.seat = seat
        """The seat this page plays (``None``: a spectator's page)."""
        self.queue: asyncio.Queue[str] = asyncio.Queue(QUEUE)
        self.open = True
        self.writer = asyncio.create_task(self._write())

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message (never waits)."""
        self.offer(json.dumps(message, ensure_ascii=False))

    def offer(self, text: str) -> None:
        """Queue a text frame; a page whose queue is full is too slow and is closed."""
        if not self.open:
            return
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.close()

    async def _write(self) -> None:
        """Write the queue out in order; once the page is closed (too slow, gone, or the
        server stopping), close its socket: the one task a page has, always awaited.

        The loop looks at :attr:`open` after every message: a cancellation that lands as a
        message finishes going out can be lost inside the send (Python 3.11's
        ``asyncio.wait_for`` returns the result instead), and a writer that went back to
        waiting for the next message then waited for good, holding its socket's task and
        the server's shutdown with it."""
        try:
            while self.open:
                text = await self.queue.get()
                if not self.open:
                    break
                async with asyncio.timeout(SEND_TIMEOUT):
                    await self.ws.send_text(text)
        except asyncio.CancelledError:
            pass  # closed: the socket is closed below, within the time limit
        except Exception:  # too slow, or gone: either way this page is done
            pass
        self.open = False
        with contextlib.suppress(Exception):
            async with asyncio.timeout(SEND_TIMEOUT):
                await self.ws.close(code=TOO_SLOW)

    def close(self) -> None:
        """Stop writing and close the socket (the page reconnects and resyncs); never
        waits: :meth:`shut` waits for it."""
        if not self.open:
            return
        self.open = False
        self.writer.cancel()

    async def shut(self) -> None:
        """Close the page and wait until its writer has stopped and its socket is closed,
        so that no task of a page is left pending."""
        self.close()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await self.writer
