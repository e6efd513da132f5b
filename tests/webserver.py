"""A real dizhu server in a child process on 127.0.0.1, for the server and browser tests,
and the check of the frames a page received from it."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from dizhu.cards import card_text
from dizhu.deal import Phase
from dizhu.session import MatchSession, Store


class Server:
    """``python -m dizhu serve`` on a free port with its own database; stop and start it
    again on the same database to test a restart."""

    def __init__(self, db: Path, pause: float = 0.02, idle: float | None = None,
                 away: float | None = None, lan: bool = False,
                 bots: dict[str, str] | None = None, sync: str = "full",
                 wait: float | None = None) -> None:
        self.db = db
        self.bots = bots or {}
        self.pause = pause
        self.idle = idle
        self.away = away
        self.lan = lan
        self.sync = sync
        self.wait = wait
        self.process: subprocess.Popen | None = None
        self.url = ""
        self.printed = ""

    def start(self, port: int = 0) -> Server:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "dizhu", "serve", "--port", str(port), "--no-open",
             "--db", str(self.db), "--pause", str(self.pause),
             *(["--idle", str(self.idle)] if self.idle is not None else []),
             *(["--away", str(self.away)] if self.away is not None else []),
             *(["--wait", str(self.wait)] if self.wait is not None else []),
             *(["--lan"] if self.lan else []), "--sync", self.sync,
             *(arg for name, command in self.bots.items()
               for arg in ("--bot", f"{name}={command}"))],
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

    def output(self) -> str:
        """What the server printed after its first line, up to its last stop (log lines,
        tracebacks)."""
        return self.printed

    def troubles(self) -> list[str]:
        """The lines of :meth:`output` that tell of a fault: a traceback, a task destroyed
        while pending, an error logged by the server or asyncio."""
        signs = ("Traceback", "Task was destroyed", "Exception in", "ERROR")
        return [line for line in self.output().splitlines()
                if any(sign in line for sign in signs)]

    def stop(self) -> None:
        """Stop the server abruptly (as a crash would), then reap it."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        if self.process is not None and self.process.stdout is not None:
            self.printed = self.process.stdout.read()
            self.process.stdout.close()
        self.process = None

    def terminate(self, within: float = 20.0) -> int:
        """Stop the server as a service manager does (SIGTERM), wait for it to exit (at
        most ``within`` seconds: then kill it and fail), reap it; its exit status."""
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        try:
            status = self.process.wait(within)
        except subprocess.TimeoutExpired:
            self.stop()
            raise AssertionError(f"the server did not exit within {within:g} s of SIGTERM:\n"
                                 f"{self.printed}") from None
        self.stop()
        return status

    def restart(self, down: Callable[[], None] | None = None) -> None:
        """Kill the server and start it again on the same port and database (free as soon
        as the killed process is reaped: the server binds with ``SO_REUSEADDR``); ``down``:
        what to do while it is down."""
        port = self.port
        self.stop()
        if down is not None:
            down()
        self.start(port)


SUITED = re.compile(r'"([3-9TJQKA2][shcd])"')
"""A suited card's text in a JSON frame (the jokers' "B" and "R" are checked by field)."""


def hidden_cards(table: MatchSession, seat: int | None = 0) -> Counter[str]:
    """The cards of the current deal that ``seat`` (``None``: a spectator) may not see now,
    with how many copies (a face may be dealt twice with two packs): the other seats'
    cards, and the kitty until it is turned up; nothing once the deal is played out."""
    deal = table.deal
    hidden: Counter[str] = Counter()
    if deal.phase is Phase.OVER:
        return hidden
    for other in range(deal.seats):
        if other != seat:
            hidden.update(card_text(c) for c in deal.held_cards(other))
    if deal.landlord < 0:
        hidden.update(card_text(c) for c in deal.kitty_cards)
    return hidden


def check_frames(store: Store, match_id: int, frames: list[str], seat: int | None = 0) -> int:
    """Check every state frame the page of ``seat`` (``None``: a spectator's) received
    against the match rebuilt from the database at that version: exactly the state the
    session gives that seat; its hand (none for a spectator), the kitty and the played
    cards exactly the deal's; and no card that only another seat (or the unturned kitty)
    holds named anywhere in it. Returns how many were checked. Works for any number of
    seats and packs (a face dealt twice is a leak only where the seat cannot know it)."""
    checked = 0
    for text in frames:
        message = json.loads(text)
        if message.get("type") != "state":
            continue
        table = MatchSession.load(store, match_id, upto=message["version"])
        expected = table.state(seat)
        # who sits where is not in the match's history: a seat free then may be taken now
        names = message["state"]["match"]["names"]
        expected["match"]["names"] = [
            None if then is None and seat_ in table.people else now for seat_, (then, now)
            in enumerate(zip(names, expected["match"]["names"], strict=True))]
        # nor whether it was played again: a page may have been told before it was
        if message["state"]["match"]["again"] is None:
            expected["match"]["again"] = None
        assert message["state"] == expected
        view = message["state"]["view"]
        deal = table.deal
        suited, _ = deal.replay_suits()
        mine = Counter(card_text(c) for c in deal.held_cards(seat)) if seat is not None \
            else Counter()
        kitty = Counter(card_text(c) for c in deal.kitty_cards) if deal.landlord >= 0 else None
        played = Counter(card_text(c) for _, _, cards in suited for c in cards)
        assert Counter(view["hand"]) == mine
        assert (None if view["kitty"] is None else Counter(view["kitty"])) == kitty
        assert Counter(c for a in view["history"] for c in a["cards"]) == played
        known = mine + (kitty or Counter()) + played
        lists = [view["hand"], view["kitty"] or [], *(a["cards"] for a in view["history"]),
                 *(a["cards"] for a in view["trick"]), *(view["final_hands"] or [])]
        listed = {c for cards in lists for c in cards}
        named = set(SUITED.findall(text)) | (listed & {"B", "R"})
        hidden = hidden_cards(table, seat)
        leaked = {c for c in named if hidden[c] and not known[c]}
        assert not leaked, f"version {message['version']} shows {sorted(leaked)}"
        checked += 1
    return checked


def offer_and_seat(server: Server, name: str) -> dict:
    """The lobby's entry for the computer player ``name`` (offered last, after the
    levels), once a match seating it in seat 2 has been made."""
    import urllib.request

    with urllib.request.urlopen(server.url + "/api/lobby") as answer:
        levels = json.loads(answer.read())["levels"]
    assert levels[-1]["name"] == name
    body = json.dumps({"ruleset": "classic", "mode": "deals", "target": 5,
                       "bots": ["easy", name]}).encode()
    with urllib.request.urlopen(urllib.request.Request(server.url + "/api/matches",
                                                       data=body)) as answer:
        assert json.loads(answer.read())["id"] >= 1
    return levels[-1]
