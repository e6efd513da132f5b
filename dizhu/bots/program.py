"""A program dizhu talks to in lines of text on its standard input and output, every write
and every read under a deadline.

Nothing waits on the program without a limit: a request is written while whatever the
program writes meanwhile is read (so a program busy writing a long line, or one that never
reads, cannot hold dizhu on a full pipe), and a line longer than :data:`MAX_LINE` is
dropped as it arrives. The program runs in a process group of its own, so that stopping it
stops whatever it started too.
"""

from __future__ import annotations

import contextlib
import os
import select
import selectors
import signal
import subprocess
import time
from collections import deque

MAX_LINE = 1 << 20
"""The longest line kept (bytes); a longer one is dropped as it is read."""
READ_SIZE = 1 << 16


class Trouble(Exception):
    """What went wrong with the program: ``kind`` is ``crash``, ``timeout``, ``garbage``
    or ``illegal`` (see :mod:`.external`)."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind


class Program:
    """A running program and its two pipes."""

    def __init__(self, command: list[str]) -> None:
        try:
            self.process = subprocess.Popen(command, stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, bufsize=0,
                                            start_new_session=True)
        except OSError as e:
            raise Trouble("crash", f"cannot start {command[0]!r}: {e}") from None
        self._in = self.process.stdin.fileno()  # type: ignore[union-attr]
        self._out = self.process.stdout.fileno()  # type: ignore[union-attr]
        os.set_blocking(self._in, False)
        os.set_blocking(self._out, False)
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._out, selectors.EVENT_READ)
        self._partial = bytearray()
        self._dropping = False
        """Whether the line being read is past :data:`MAX_LINE` (its rest is dropped)."""
        self._lines: deque[bytes | None] = deque()
        """Lines read and not taken yet; ``None`` for a line that was too long."""
        self._ended = False

    @property
    def running(self) -> bool:
        return self.exit_code(0.0) is None

    def exit_code(self, wait: float) -> int | None:
        """The program's exit code once it has exited (negative: the signal that ended
        it), waiting up to ``wait`` seconds; ``None`` while it runs. The process is left
        to :meth:`stop` to reap, so that its group is still its own when it is killed."""
        pid = self.process.pid
        deadline = time.monotonic() + wait
        while True:
            try:
                info = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
            except ChildProcessError:  # reaped already
                return self.process.returncode if self.process.returncode is not None else -1
            if info is not None:
                return info.si_status if info.si_code == os.CLD_EXITED else -info.si_status
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            _wait_for_exit(pid, left)

    def send(self, line: bytes, deadline: float, what: str) -> None:
        """Write ``line`` (newline included) by ``deadline`` (``time.monotonic``), reading
        what the program writes meanwhile."""
        view = memoryview(line)
        try:
            view = view[os.write(self._in, view):]  # most requests fit the pipe at once
        except BlockingIOError:
            pass
        except OSError:
            raise self._gone(f"before reading {what}") from None
        if not view:
            return
        selector = self._selector
        selector.register(self._in, selectors.EVENT_WRITE)
        try:
            while view:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise Trouble("timeout", f"the program did not read {what} in time: "
                                  f"{len(view)} of its {len(line)} bytes were left to write")
                for key, _ in selector.select(left):
                    if key.fd == self._out:
                        self._read()
                        continue
                    try:
                        written = os.write(self._in, view)
                    except BlockingIOError:
                        continue
                    except (BrokenPipeError, OSError):
                        raise self._gone(f"before reading {what}") from None
                    view = view[written:]
        finally:
            selector.unregister(self._in)

    def next_line(self, deadline: float, what: str) -> bytes | None:
        """The next line the program writes (without its newline) by ``deadline``; ``None``
        for a line longer than :data:`MAX_LINE`."""
        while not self._lines:
            if self._ended:
                raise self._gone(f"before answering {what}")
            left = deadline - time.monotonic()
            if left <= 0:
                raise Trouble("timeout", f"no answer to {what} in time")
            if self._selector.select(left):
                self._read()
        return self._lines.popleft()

    def stop(self, grace: float = 0.0) -> None:
        """Close the program's input, give it ``grace`` seconds to exit, then kill it and
        everything it started; wait for it (nothing is left running or unreaped)."""
        process = self.process
        with contextlib.suppress(OSError):
            process.stdin.close()  # type: ignore[union-attr]
        self.exit_code(grace)
        with contextlib.suppress(OSError):  # the group: the program and what it started
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        self._selector.close()
        with contextlib.suppress(OSError):
            process.stdout.close()  # type: ignore[union-attr]

    def _read(self) -> None:
        """Read what is there, splitting it into lines."""
        try:
            chunk = os.read(self._out, READ_SIZE)
        except BlockingIOError:
            return
        except OSError:
            chunk = b""
        if not chunk:
            self._ended = True
            self._selector.unregister(self._out)
            return
        start = 0
        while True:
            end = chunk.find(b"\n", start)
            if end < 0:
                break
            self._take(chunk[start:end])
            self._lines.append(None if self._dropping else bytes(self._partial))
            self._partial.clear()
            self._dropping = False
            start = end + 1
        self._take(chunk[start:])

    def _take(self, piece: bytes) -> None:
        if self._dropping:
            return
        self._partial += piece
        if len(self._partial) > MAX_LINE:
            self._partial.clear()
            self._dropping = True

    def _gone(self, when: str) -> Trouble:
        code = self.exit_code(1.0)
        if code is None:
            return Trouble("crash", f"the program closed its output {when}")
        return Trouble("crash", f"the program exited (code {code}) {when}")


def _wait_for_exit(pid: int, limit: float) -> None:
    """Wait up to ``limit`` seconds for process ``pid`` (a child) to exit, without reaping
    it: on its pidfd where there is one, else in short steps."""
    try:
        fd = os.pidfd_open(pid)
    except (AttributeError, OSError):
        time.sleep(min(limit, 0.01))
        return
    try:
        select.select([fd], [], [], limit)
    finally:
        os.close(fd)
