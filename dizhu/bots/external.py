"""A bot that is another program, in any language: the bot protocol (docs/bot-protocol.md).

The program reads one JSON object a line on its standard input and answers one line on
its standard output. dizhu starts it, greets it (``hello``), tells it each deal's seed
(``seed``), asks it for every decision of its seat (``act``: the seat's view, and the
legal actions with their stable ids and text) within a time limit, and says ``bye``.

A program that crashes, hangs past the limit, answers something unreadable or an illegal
action never stops the game: that decision is made by the fallback bot instead and the
trouble is counted (:attr:`ExternalBot.troubles`) and logged. A program that crashed or
hung is started again for its next decision, up to :attr:`ExternalBot.restarts` times.
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import shlex
import subprocess
import time
from collections import Counter
from typing import Any, ClassVar

from ..actions import action_ids, action_text, action_to_json, parse_action
from ..deal import Action
from ..rules import RuleSet
from ..rulesets import names as ruleset_names
from ..view import SeatView
from .base import Bot

PROTOCOL = 1
MAX_LINE = 1 << 20
"""The longest answer line read (bytes); a longer one is garbage."""
TROUBLES = ("crash", "timeout", "garbage", "illegal")
"""Why a decision was the fallback's, as counted in :attr:`ExternalBot.troubles` (once a
program has crashed or hung more than it may be restarted, each of its decisions counts
as that trouble again)."""
LOG_LIMIT = 50
"""Trouble messages kept per bot (the counts go on)."""


class Trouble(Exception):
    """What went wrong with the program for one decision: ``kind`` is one of
    :data:`TROUBLES`."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind = kind


class ExternalBot(Bot):
    """A program speaking the bot protocol, with a built-in bot as its fallback."""

    name = "cmd"
    time_limit = 5.0
    """Seconds the program has for each decision."""
    start_limit = 10.0
    """Seconds the program has to start and answer ``hello``."""
    restarts = 3
    """How many times a program that crashed or hung is started again."""
    limits: ClassVar[dict[str, tuple[float, float]]] = {
        "time_limit": (0.01, 600.0), "start_limit": (0.1, 600.0), "restarts": (0, 100)}

    def __init__(self, command: str | list[str], seed: int | str | None = None,
                 fallback: str = "easy") -> None:
        super().__init__(seed)
        from .registry import make_bot

        self.command = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.command:
            raise ValueError("cmd: give the program to run, as in cmd:python3 mybot.py")
        self.fallback = make_bot(fallback, seed=seed)
        self.troubles: Counter[str] = Counter()
        self.log: list[str] = []
        self.program_name = self.command[0]
        self.rulesets: list[str] | None = None
        self._process: subprocess.Popen[bytes] | None = None
        self._buffer = b""
        self._asked = 0
        self._started = 0
        self._seed: str | None = None
        self._failed: str | None = None
        """The last trouble that stopped the program (a crash or a timeout)."""

    # ----------------------------------------------------------------- the Bot interface

    def plays(self, rules: RuleSet) -> bool:
        """Whether the program said it plays ``rules`` (a program that cannot start plays
        nothing)."""
        try:
            self._ensure_running()
        except Trouble as trouble:
            self._note(trouble)
            return False
        return self.rulesets is None or rules.name in self.rulesets

    def reseed(self, seed: int | str) -> None:
        super().reseed(seed)
        self.fallback.reseed(seed)
        self._seed = str(seed)
        if self._process is not None and self._process.poll() is None:
            try:
                self._send({"type": "seed", "seed": self._seed})
            except Trouble as trouble:
                self._note(trouble)
                self._stop()

    def act(self, view: SeatView) -> Action:
        try:
            return self._ask(view)
        except Trouble as trouble:
            self._note(trouble)
            if trouble.kind in ("crash", "timeout"):
                self._failed = trouble.kind
                self._stop()
            return self.fallback.act(view)

    def close(self) -> None:
        """Say ``bye`` and stop the program (it is given a moment to exit, then killed)."""
        process = self._process
        if process is None:
            return
        if process.poll() is None:
            with contextlib.suppress(Trouble, OSError, subprocess.TimeoutExpired):
                self._send({"type": "bye"})
                process.stdin.close()  # type: ignore[union-attr]
                process.wait(timeout=1.0)
        self._stop()

    def __del__(self) -> None:
        process = getattr(self, "_process", None)
        if process is not None and process.poll() is None:
            process.kill()

    # ----------------------------------------------------------------- the protocol

    def _ask(self, view: SeatView) -> Action:
        self._ensure_running()
        ids = action_ids(view.rules)
        self._asked += 1
        request = {
            "type": "act", "id": self._asked, "ruleset": view.rules.name, "seat": view.seat,
            "view": view.to_json(),
            "legal": [{"id": ids.id_of(a), "text": action_text(a), "action": action_to_json(a)}
                      for a in view.legal],
            "time_limit": self.time_limit,
        }
        self._send(request)
        answer = self._receive(self.time_limit, f"decision {self._asked}")
        if answer.get("id") != self._asked:
            raise Trouble("garbage", f"answered id {answer.get('id')!r} to request "
                          f"{self._asked}")
        action = self._action_of(answer.get("action"), view)
        if action not in view.legal:
            raise Trouble("illegal", f"{action} is not legal now (decision {self._asked})")
        return action

    def _action_of(self, given: Any, view: SeatView) -> Action:
        """The action an answer names: a stable id, or the action's text."""
        if isinstance(given, bool):
            raise Trouble("garbage", f"the action is an id or a text, not {given!r}")
        if isinstance(given, int):
            try:
                return action_ids(view.rules).action(given)
            except IndexError as e:
                raise Trouble("garbage", str(e)) from None
        if isinstance(given, str):
            try:
                return parse_action(given, view.rules)
            except ValueError as e:
                raise Trouble("garbage", f"cannot read the action {given!r}: {e}") from None
        raise Trouble("garbage", f"the action is an id or a text, not {given!r}")

    def _ensure_running(self) -> None:
        if self._process is not None and self._process.poll() is None:
            return
        if self._started > self.restarts:
            raise Trouble(self._failed or "crash", f"the program failed {self._started} "
                          "times: its decisions are the fallback's from now on")
        self._started += 1
        self._buffer = b""
        try:
            self._process = subprocess.Popen(self.command, stdin=subprocess.PIPE,
                                             stdout=subprocess.PIPE, bufsize=0)
        except OSError as e:
            self._started = self.restarts + 1  # a program that cannot start will not
            raise Trouble("crash", f"cannot start {self.command[0]!r}: {e}") from None
        os.set_blocking(self._process.stdout.fileno(), False)  # type: ignore[union-attr]
        self._send({"type": "hello", "protocol": PROTOCOL, "rulesets": ruleset_names()})
        hello = self._receive(self.start_limit, "hello")
        if hello.get("type") != "hello":
            raise Trouble("garbage", f"answered {hello!r} to hello")
        self.program_name = str(hello.get("name", self.command[0]))[:60]
        rulesets = hello.get("rulesets")
        self.rulesets = [str(r) for r in rulesets] if isinstance(rulesets, list) else None
        if self._seed is not None:
            self._send({"type": "seed", "seed": self._seed})

    def _send(self, message: dict[str, Any]) -> None:
        process = self._process
        assert process is not None and process.stdin is not None
        try:
            process.stdin.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")
            process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise Trouble("crash", f"the program exited (code {process.poll()})") from None

    def _receive(self, limit: float, waiting_for: str) -> dict[str, Any]:
        """The next line the program writes, as a JSON object, within ``limit`` seconds."""
        process = self._process
        assert process is not None and process.stdout is not None
        deadline = time.monotonic() + limit
        with selectors.DefaultSelector() as selector:
            selector.register(process.stdout, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                if len(self._buffer) > MAX_LINE:
                    self._buffer = b""
                    raise Trouble("garbage", f"a line of more than {MAX_LINE} bytes")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise Trouble("timeout", f"no answer to {waiting_for} in {limit:g} s")
                if not selector.select(left):
                    continue
                chunk = process.stdout.read(65536)
                if not chunk:  # end of file: the program is gone
                    code = process.wait()
                    raise Trouble("crash", f"the program exited (code {code}) before "
                                  f"answering {waiting_for}")
                self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        try:
            answer = json.loads(line)
        except (ValueError, UnicodeDecodeError):
            shown = line[:80].decode("utf-8", "replace")
            raise Trouble("garbage", f"not JSON: {shown!r}") from None
        if not isinstance(answer, dict):
            raise Trouble("garbage", f"not a JSON object: {answer!r}"[:120])
        return answer

    def _note(self, trouble: Trouble) -> None:
        self.troubles[trouble.kind] += 1
        if len(self.log) < LOG_LIMIT:
            self.log.append(f"{self.program_name}: {trouble}")

    def _stop(self) -> None:
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            process.kill()
            process.wait()
        if process is not None:
            for stream in (process.stdin, process.stdout):
                if stream is not None:
                    with contextlib.suppress(OSError):
                        stream.close()
