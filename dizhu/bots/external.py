"""A bot that is another program, in any language: the bot protocol (docs/bot-protocol.md).

The program reads one JSON object a line on its standard input and answers one line on
its standard output. dizhu starts it, greets it (``hello``), tells it each deal's seed
(``seed``), asks it for every decision of its seat (``act``: the seat's view, and the
legal actions with their stable ids and text) within a time limit, and says ``bye``.

A program that crashes, hangs, does not read, answers something unreadable or an illegal
action never stops the game: that decision is made by the fallback bot instead and the
trouble is counted (:attr:`ExternalBot.troubles`) and logged. Every write and read has the
decision's time limit (:mod:`.program`). Lines that are not the answer to the request (debug
output, a late answer to an earlier request: answers carry the request's id) are skipped
and counted while the time lasts. A program that crashed, ran past its limit or answered
garbage :attr:`ExternalBot.garbage_limit` times in a row is stopped and started again for
its next decision, up to :attr:`ExternalBot.restarts` times; after that it is retired and
its seat's decisions are the fallback's.
"""

from __future__ import annotations

import contextlib
import json
import shlex
import shutil
import time
from collections import Counter
from collections.abc import Callable
from typing import Any, ClassVar

from ..actions import (
    action_from_json,
    action_ids,
    action_text,
    action_to_json,
    parse_action,
    reading_of,
)
from ..deal import Action
from ..rules import RuleSet
from ..rulesets import names as ruleset_names
from ..view import SeatView
from .base import Bot
from .program import MAX_LINE, Program, Trouble

__all__ = ["MAX_LINE", "NOTES", "PROTOCOL", "TROUBLES", "ExternalBot", "Trouble"]

PROTOCOL = 1
TROUBLES = ("crash", "timeout", "garbage", "illegal")
"""Why a decision was the fallback's, as counted in :attr:`ExternalBot.troubles` (once a
program is retired, each of its decisions counts as the trouble that retired it)."""
NOTES = ("skipped", "restarts")
"""Counted beside the troubles (:meth:`ExternalBot.tally`): lines skipped as not the
answer, and times the program was started again."""
LOG_LIMIT = 50
"""Trouble messages kept per bot (the counts go on)."""
BYE_GRACE = 1.0
"""Seconds a program has to exit after ``bye`` before it is stopped."""


def command_words(command: str) -> list[str]:
    """A program's command line as its words, read as a shell would (quotes, escapes)."""
    try:
        return shlex.split(command)
    except ValueError as e:
        raise ValueError(f"cmd: {command!r} cannot be read as a command line: "
                         f"{str(e)[0].lower()}{str(e)[1:]}") from None


def check_program(command: str) -> None:
    """Refuse, in words, a command line that cannot be read or whose program is neither a
    file nor on the PATH (what would otherwise show only when a match asks it)."""
    words = command_words(command)
    if not words:
        raise ValueError("give the program to run, as in mine='python3 mybot.py'")
    if shutil.which(words[0]) is None:
        raise ValueError(f"no program {words[0]!r}: neither an executable file nor on PATH")


class ExternalBot(Bot):
    """A program speaking the bot protocol, with a built-in bot as its fallback."""

    name = "cmd"
    time_limit = 5.0
    """Seconds the program has for each decision (writing the request and answering)."""
    start_limit = 10.0
    """Seconds the program has to start and answer ``hello``."""
    restarts = 3
    """How many times a program that failed is started again before it is retired."""
    garbage_limit = 3
    """Garbage answers in a row after which the program is started again."""
    limits: ClassVar[dict[str, tuple[float, float]]] = {
        "time_limit": (0.01, 600.0), "start_limit": (0.1, 600.0), "restarts": (0, 100),
        "garbage_limit": (1, 100)}

    def __init__(self, command: str | list[str], seed: int | str | None = None,
                 fallback: str = "easy") -> None:
        super().__init__(seed)
        from .registry import make_bot

        self.command = command_words(command) if isinstance(command, str) else list(command)
        if not self.command:
            raise ValueError("cmd: give the program to run, as in cmd:python3 mybot.py")
        self.fallback = make_bot(fallback, seed=seed)
        self.troubles: Counter[str] = Counter()
        self.skipped = 0
        """Lines the program wrote that were not the answer asked for (skipped)."""
        self.log: list[str] = []
        self.program_name = self.command[0]
        self.rulesets: list[str] | None = None
        self._program: Program | None = None
        self._asked = 0
        self._started = 0
        self._seed: str | None = None
        self._failed: str | None = None
        """The last trouble that stopped the program."""
        self._garbage_run = 0

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

    def describe(self) -> str:
        command = shlex.join(self.command)
        return command if self.program_name == self.command[0] else \
            f"{self.program_name} ({command})"

    def cannot_play(self, rules: RuleSet) -> str | None:
        if self.plays(rules):
            return None
        if self.rulesets is None:  # it did not start: the log says why
            return "; ".join(self.log) or f"{self.describe()} did not start"
        return f"{self.describe()} cannot play {rules.name}: it plays " \
            f"{', '.join(self.rulesets) or 'no ruleset'}"

    def reseed(self, seed: int | str) -> None:
        super().reseed(seed)
        self.fallback.reseed(seed)
        self._seed = str(seed)
        if self._program is not None and self._program.running:
            try:
                self._send({"type": "seed", "seed": self._seed},
                           time.monotonic() + self.time_limit, "the seed")
            except Trouble as trouble:
                self._log(trouble)
                self._stop(trouble.kind)

    def act(self, view: SeatView) -> Action:
        try:
            action = self._ask(view)
        except Trouble as trouble:
            self._note(trouble)
            if trouble.kind == "garbage":
                self._garbage_run += 1
                if self._garbage_run >= self.garbage_limit:
                    self._stop("garbage")
            elif trouble.kind in ("crash", "timeout"):
                self._stop(trouble.kind)
            return self.fallback.act(view)
        return action

    def tally(self) -> Counter[str]:
        """The troubles (:data:`TROUBLES`) and the :data:`NOTES` so far."""
        return self.troubles + Counter(skipped=self.skipped, restarts=max(0, self._started - 1))

    def close(self) -> None:
        """Say ``bye`` and stop the program (it is given a moment to exit, then killed)."""
        program = self._program
        if program is None:
            return
        if program.running:
            with contextlib.suppress(Trouble):
                self._send({"type": "bye"}, time.monotonic() + BYE_GRACE, "bye")
        self._program = None
        program.stop(BYE_GRACE)

    def __del__(self) -> None:
        program = getattr(self, "_program", None)
        if program is not None:
            with contextlib.suppress(Exception):
                program.stop()

    # ----------------------------------------------------------------- the protocol

    def _ask(self, view: SeatView) -> Action:
        self._ensure_running()
        ids = action_ids(view.rules)
        self._asked += 1
        asked = self._asked
        request = {
            "type": "act", "id": asked, "ruleset": view.rules.name, "seat": view.seat,
            "view": view.to_json(),
            "legal": [{"id": ids.id_of(a), "text": action_text(a), "action": action_to_json(a),
                       **reading_of(a)} for a in view.legal],
            "time_limit": self.time_limit,
        }
        what = f"decision {asked}"
        deadline = time.monotonic() + self.time_limit
        self._send(request, deadline, what)
        answer = self._receive(deadline, what, lambda m: m.get("id") == asked)
        action = self._action_of(answer.get("action"), view)
        self._garbage_run = 0
        if action not in view.legal:
            raise Trouble("illegal", f"{action} is not legal now (decision {asked})")
        return action

    def _action_of(self, given: Any, view: SeatView) -> Action:
        """The action an answer names: a stable id, the action's text, or its JSON as the
        request's ``legal`` list gives it (``{"play": "pair 33"}``)."""
        if isinstance(given, bool):
            raise Trouble("garbage", f"the action is an id or a text, not {given!r}")
        if isinstance(given, dict):
            try:
                return action_from_json(given, view.rules, view.wild)
            except ValueError as e:
                raise Trouble("garbage", f"cannot read the action {given!r}: {e}"[:200]) from None
        if isinstance(given, int):
            try:
                return action_ids(view.rules).action(given, view.rules.moves(view.wild))
            except (IndexError, ValueError) as e:
                raise Trouble("garbage", str(e)) from None
        if isinstance(given, str):
            try:
                return parse_action(given, view.rules, view.wild)
            except ValueError as e:
                raise Trouble("garbage", f"cannot read the action {given!r}: {e}") from None
        raise Trouble("garbage", f"the action is an id, a text or an object, not {given!r}"[:120])

    def _ensure_running(self) -> None:
        if self._program is not None and self._program.running:
            return
        if self._program is not None:
            self._stop(self._failed or "crash")
        if self._started > self.restarts:
            raise Trouble(self._failed or "crash", f"retired: the program failed "
                          f"{self._started} times; its decisions are the fallback's from now on")
        self._started += 1
        self._garbage_run = 0
        try:
            self._program = Program(self.command)
        except Trouble:
            self._started = self.restarts + 1  # a program that cannot start will not
            raise
        deadline = time.monotonic() + self.start_limit
        self._send({"type": "hello", "protocol": PROTOCOL, "rulesets": ruleset_names()},
                   deadline, "hello")
        hello = self._receive(deadline, "hello", lambda m: m.get("type") == "hello")
        self.program_name = str(hello.get("name", self.command[0]))[:60]
        rulesets = hello.get("rulesets")
        self.rulesets = [str(r) for r in rulesets] if isinstance(rulesets, list) else None
        if self._seed is not None:
            self._send({"type": "seed", "seed": self._seed}, deadline, "the seed")

    def _send(self, message: dict[str, Any], deadline: float, what: str) -> None:
        assert self._program is not None
        line = json.dumps(message, separators=(",", ":")).encode() + b"\n"
        self._program.send(line, deadline, what)

    def _receive(self, deadline: float, what: str,
                 wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The first JSON object the program writes that is ``wanted`` (the answer to the
        request): every other line is skipped and counted, until ``deadline``."""
        assert self._program is not None
        skipped, first = 0, ""
        while True:
            try:
                line = self._program.next_line(deadline, what)
            except Trouble as trouble:
                if skipped:
                    trouble.args = (f"{trouble.args[0]} ({skipped} line(s) skipped, the "
                                    f"first: {first})",)
                raise
            answer = _json_object(line)
            if answer is not None and wanted(answer):
                return answer
            if not skipped:
                first = _shown(line)
            skipped += 1
            self.skipped += 1

    def _note(self, trouble: Trouble) -> None:
        self.troubles[trouble.kind] += 1
        self._log(trouble)

    def _log(self, trouble: Trouble) -> None:
        if len(self.log) < LOG_LIMIT:
            self.log.append(f"{self.program_name}: {trouble}")

    def _stop(self, why: str) -> None:
        """Stop the program (it is started again for the next decision, if it may be)."""
        program, self._program = self._program, None
        self._failed = why
        if program is not None:
            program.stop()


def _json_object(line: bytes | None) -> dict[str, Any] | None:
    if line is None:
        return None
    try:
        found = json.loads(line)
    except (ValueError, UnicodeDecodeError):
        return None
    return found if isinstance(found, dict) else None


def _shown(line: bytes | None) -> str:
    """A skipped line, as a log shows it."""
    if line is None:
        return f"a line of more than {MAX_LINE} bytes"
    return repr(line[:80].decode("utf-8", "replace"))
