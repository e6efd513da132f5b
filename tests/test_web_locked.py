"""The game server with its database held locked by another process (a long transaction,
a backup, a second program on the file): no request waits on the event loop, every
request gets an answer a person can read, the tables go on by themselves once the lock
goes, and nothing acknowledged is lost. (Locks of 15 and 60 s: benchmarks/locked.py.)"""

from __future__ import annotations

import contextlib
import json
import sqlite3
import threading
import urllib.error
import urllib.request

from websockets.sync.client import connect

from dizhu.session import CREATOR, MatchSession, Store

from .test_store_writer import Lock
from .test_web_server import http, new_match, receive, table_url
from .webserver import Server

FORM = {"player": "Cy", "ruleset": "classic", "mode": "deals", "target": 5,
        "bots": ["easy", "easy"]}


def answer(server, path: str, body: dict | None = None) -> tuple[int, str]:
    """A request's status and text, whatever it is (a server's fault answers in plain
    text)."""
    data = None if body is None else json.dumps(body).encode()
    try:
        with urllib.request.urlopen(urllib.request.Request(server.url + path, data=data),
                                    timeout=60) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


class Background(threading.Thread):
    """A request made in a thread of its own; :attr:`got` holds its answer."""

    def __init__(self, server, path: str, body: dict | None = None) -> None:
        super().__init__(daemon=True)
        self.server, self.path, self.body = server, path, body
        self.got: tuple[int, str] | None = None
        self.start()

    def run(self) -> None:
        self.got = answer(self.server, self.path, self.body)


def last_version(path, match_id: int) -> int:
    """The version of the match's last stored event (read beside the server)."""
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT MAX(version) FROM events WHERE match_id = ?",
                          (match_id,)).fetchone()[0]
    finally:
        db.close()


@contextlib.contextmanager
def two_tables(server):
    """Two tables and a page at each: one its computer players play all along (the
    person's seat on auto-play), one waiting for its person. Yields each match's id and
    page, and the waiting table's state."""
    playing, waiting = new_match(server, target=20), new_match(server)
    with connect(table_url(server, playing)) as a, connect(table_url(server, waiting)) as b:
        receive(a)
        a.send(json.dumps({"type": "autoplay", "bot": "easy"}))
        receive(a)
        yield playing, a, waiting, b, persons_turn(b)


def persons_turn(ws) -> dict:
    """States until the person at the page's seat is to act: the last."""
    state = receive(ws, timeout=30)
    while state["state"]["waiting_for"] != CREATOR:
        state = receive(ws, timeout=30)
    return state


def bid(state: dict) -> str:
    """The person's last legal action (the highest bid, when the auction reaches them; a
    play, when the computers' bids ended it first), as the page sends it."""
    return json.dumps({"type": "act", "version": state["version"],
                       "action": state["state"]["view"]["legal"][-1]})


def test_a_locked_database_holds_up_no_request_and_loses_nothing(tmp_path):
    """Issue 15, item 18: a new match wrote on the event loop's thread with SQLite's wait
    of 5 s: every table stopped meanwhile, and then the request failed with HTTP 500 and
    a traceback (a table's move failed after 10 s and left it stuck). Now, with the lock
    held 6 s, the lobby, the status and another table's page are answered meanwhile, the
    new match, the person's bid and the computer players' moves wait for the lock and are
    all stored once it goes."""
    s = Server(tmp_path / "game.sqlite3").start()
    try:
        with two_tables(s) as (playing, a, waiting, b, turn):
            held = Lock(s.db)
            created = Background(s, "/api/matches", FORM)
            b.send(bid(turn))  # the person bids: stored once the lock goes
            assert http(s, "/api/status")[0] == 200  # answered while the lock is held
            assert http(s, "/api/lobby")[0] == 200
            created.join(6)  # a loop that waited on the lock answered 500 after 5 s
            assert created.is_alive(), created.got
            held.release()
            created.join(30)
            assert created.got is not None and created.got[0] == 200, created.got
            assert receive(b)["version"] == turn["version"] + 1  # the bid, stored
            heard = max(receive(a, timeout=30)["version"] for _ in range(5))
        s.terminate()
    finally:
        s.stop()
    assert not s.troubles(), s.output()
    store = Store(s.db)
    try:
        new = json.loads(created.got[1])["id"]
        assert MatchSession.load(store, new).player == "Cy"
        assert MatchSession.load(store, playing).version >= heard
        assert store.load(waiting).events[turn["version"]][0] == CREATOR
    finally:
        store.close()


def test_writes_refused_through_a_long_lock_are_answered_and_tables_go_on(tmp_path):
    """A lock that outlasts the server's wait (1 s here, 10 s by default): a new match, a
    friend sitting down and an abandon are answered 503 with the reason ``not_saved``, a
    person's bid with the same reason on the page, and nothing of them is stored; the
    table whose computer players could not store their moves goes on by itself once the
    lock goes (a table stuck until a page reconnected, before), and the server logs no
    fault."""
    s = Server(tmp_path / "game.sqlite3", wait=1.0).start()
    try:
        status, friends = http(s, "/api/matches", {**FORM, "bots": ["friend", "easy"]})
        assert status == 200
        token = friends["invitations"][0]["link"].rsplit("/", 1)[1]
        with two_tables(s) as (playing, a, _, b, turn):
            held = Lock(s.db)
            for path, body in (("/api/matches", FORM), (f"/api/join/{token}", {"name": "Di"}),
                               (f"/api/matches/{friends['id']}/abandon", {})):
                status, text = answer(s, path, body)
                assert status == 503, (path, status, text)
                refusal = json.loads(text)
                assert refusal["reason"]["code"] == "not_saved"
                assert "another program holds it" in refusal["error"]
            b.send(bid(turn))
            refusal = receive(b, "error")
            assert refusal["reason"]["code"] == "not_saved"
            stored = last_version(s.db, playing)  # reading is not held up by the lock
            held.release()
            while receive(a, timeout=30)["version"] <= stored + 2:
                pass  # no page came back: the table goes on by itself
            b.send(json.dumps({"type": "sync"}))
            assert receive(b)["version"] == turn["version"]  # the refused bid: not stored
            b.send(bid(turn))
            assert receive(b)["version"] == turn["version"] + 1
        status, lobby = http(s, "/api/lobby")
        assert [m["player"] for m in lobby["unfinished"]].count("Cy") == 1  # friends' only
        assert {m["id"]: m["people"] for m in lobby["unfinished"]}[friends["id"]] == \
            {"0": "Cy", "1": None}
        s.terminate()
    finally:
        s.stop()
    assert not s.troubles(), s.output()
