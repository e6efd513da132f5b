"""The store's writer against a database another process holds locked: it waits the lock
out, never dies, completes (or fails) every write queued, and a write nobody waits for any
more is taken back before it starts."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from concurrent.futures import CancelledError
from pathlib import Path

import pytest

from dizhu.session import MatchSession, NewMatch, Store
from dizhu.session.store import SCHEMA
from dizhu.session.writer import EventRow, GroupWriter, StoreBusy

LOCKER = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
sys.stdin.readline()
db.execute("COMMIT")
db.close()
"""


class Lock:
    """Another process holding the database's write lock until :meth:`release`."""

    def __init__(self, path: Path) -> None:
        self.process = subprocess.Popen([sys.executable, "-c", LOCKER, str(path)],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True)
        assert self.process.stdout.readline() == "locked\n"

    def release(self) -> None:
        if self.process.poll() is None:
            self.process.stdin.write("\n")
            self.process.stdin.flush()
            assert self.process.wait(30) == 0
        self.process.stdin.close()
        self.process.stdout.close()


@pytest.fixture
def lock():
    held: list[Lock] = []
    yield lambda path: held.append(Lock(path)) or held[-1]
    for one in held:
        one.release()


def events(path: Path) -> list[tuple]:
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT match_id, version FROM events ORDER BY version").fetchall()
    finally:
        db.close()


def test_a_writer_started_on_a_locked_database_waits_and_writes(tmp_path, lock):
    """Issue 15, item 18: the writer thread died on "database is locked" at ``PRAGMA
    journal_mode=WAL`` (its connection raced another's), and the writes queued behind it
    were never completed nor failed. Here another process holds the lock of a database not
    yet in WAL mode while the writer starts: it waits, and writes once the lock goes."""
    path = tmp_path / "locked.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    db.executescript(SCHEMA)
    db.execute("INSERT INTO matches (id, created, updated, player, settings) "
               "VALUES (1, 0, 0, 'Ann', '{}')")
    db.close()
    held = lock(path)
    writer = GroupWriter(str(path))
    try:
        first = writer.put(EventRow(1, 0, 0, {"bid": 0}, 0.0))
        second = writer.put(EventRow(1, 1, 1, {"bid": 0}, 0.0))
        assert not first.done()  # the lock is held: nothing can be written yet
        held.release()
        first.result(20)
        second.result(20)
        assert writer.thread.is_alive()
    finally:
        writer.close()
    assert events(path) == [(1, 0), (1, 1)]


def test_writes_wait_out_a_lock_and_one_given_up_is_taken_back(tmp_path, lock):
    """While another process holds the lock, writes wait in the writer's queue (the
    database's own wait of 5 s, then "database is locked", failed them before); one whose
    requester gives up is taken back before any transaction starts on it and is never
    written; once the lock goes the others are committed, in order."""
    path = tmp_path / "game.sqlite3"
    store = Store(path, grouped=True)
    try:
        table = MatchSession.create(store, NewMatch(player="Ann", bots=("easy", "easy")))
        held = lock(path)
        mine = store.writer.put(EventRow(table.id, 0, 0, {"bid": 0}, 0.0))
        given_up = store.writer.put(EventRow(table.id, 1, 1, {"bid": 0}, 0.0))
        assert given_up.withdraw()
        with pytest.raises(CancelledError):
            given_up.result(0)
        later = store.writer.put(EventRow(table.id, 1, 1, {"bid": 1}, 0.0))
        assert not mine.done() and not later.done()
        held.release()
        mine.result(20)
        later.result(20)
        assert not later.withdraw()  # written: it is too late to take it back
    finally:
        store.close()
    assert events(path) == [(table.id, 0), (table.id, 1)]


def test_a_store_asked_to_write_through_a_long_lock_says_busy_and_writes_nothing(
        tmp_path, lock):
    """A write waited for longer than the store's limit is taken back and refused in words
    (:class:`StoreBusy`, a ``sqlite3.OperationalError``): nothing of it is written, then or
    after the lock goes; the store writes again once it has."""
    path = tmp_path / "game.sqlite3"
    store = Store(path, grouped=True, wait=0.3)
    try:
        held = lock(path)
        with pytest.raises(StoreBusy, match="another program"):
            MatchSession.create(store, NewMatch(player="Ann", bots=("easy", "easy")))
        held.release()
        table = MatchSession.create(store, NewMatch(player="Bo", bots=("easy", "easy")))
        assert [m["player"] for m in store.matches(finished=False)] == ["Bo"]
        assert table.sit(0, "Bo Li") == "Bo Li"
    finally:
        store.close()


def test_closing_a_store_on_a_locked_database_leaves_no_write_pending(tmp_path, lock):
    """Closing commits what is queued; a lock that outlasts the writer's time to close
    fails those writes instead of leaving them waiting for good."""
    path = tmp_path / "game.sqlite3"
    store = Store(path, grouped=True)
    table = MatchSession.create(store, NewMatch(player="Ann", bots=("easy", "easy")))
    lock(path)
    pending = store.writer.put(EventRow(table.id, 0, 0, {"bid": 0}, 0.0))
    store.writer.close_wait = 0.3
    store.close()
    assert isinstance(pending.exception(0), sqlite3.OperationalError)
