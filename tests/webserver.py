"""A real dizhu server in a child process on 127.0.0.1, for the server and browser tests."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path


class Server:
    """``python -m dizhu serve`` on a free port with its own database; stop and start it
    again on the same database to test a restart."""

    def __init__(self, db: Path, pause: float = 0.02) -> None:
        self.db = db
        self.pause = pause
        self.process: subprocess.Popen | None = None
        self.url = ""

    def start(self, port: int = 0) -> Server:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "dizhu", "serve", "--port", str(port), "--no-open",
             "--db", str(self.db), "--pause", str(self.pause)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
        deadline = time.monotonic() + 30
        assert self.process.stdout is not None
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"the server stopped: exit {self.process.wait()}")
            if "running at " in line:
                self.url = line.split("running at ", 1)[1].split()[0].rstrip("/")
                return self
        raise RuntimeError("the server did not start in 30 s")

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    @property
    def ws_url(self) -> str:
        return self.url.replace("http://", "ws://")

    def stop(self) -> None:
        """Stop the server abruptly (as a crash would), then reap it."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        self.process = None

    def restart(self) -> None:
        """Kill the server and start it again on the same port and database."""
        port = self.port
        self.stop()
        deadline = time.monotonic() + 10
        while True:
            try:
                self.start(port)
                return
            except RuntimeError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
