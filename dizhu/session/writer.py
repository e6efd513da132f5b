"""Writing events to the database: one transaction for one event, or a writer thread that
commits the events of every match that arrived meanwhile in one transaction (group commit:
one ``fsync`` for many actions, and a server's event loop never waits on the disk)."""

from __future__ import annotations

import contextlib
import json
import queue
import sqlite3
import threading
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Result:
    """A person's result in one scored deal."""

    number: int
    seat: int
    person: str
    role: str
    won: bool
    points: int


@dataclass(frozen=True)
class EventRow:
    """An accepted event to store, with what it ended: the people's results of a deal, the
    match's summary (its ``winners`` mark the seats that won)."""

    match_id: int
    version: int
    seat: int
    event: dict[str, Any]
    at: float
    results: tuple[Result, ...] = ()
    summary: dict[str, Any] | None = field(default=None)


SYNC = ("full", "normal")
"""How commits reach the disk (SQLite's ``synchronous``): ``full``, each commit synced
before it returns (it survives a power cut); ``normal``, the log synced only when it is
copied into the database (a commit survives the program or the server crashing, and may
be lost, never half written, in a power cut: on a disk whose syncs are slow, a busy
server's tables wait far less)."""


def connect(path: str, sync: str = "full") -> sqlite3.Connection:
    """A connection as every writer of the game's database uses it: WAL, commits synced as
    ``sync`` says (:data:`SYNC`), foreign keys checked."""
    if sync not in SYNC:
        raise ValueError(f"sync is one of {', '.join(SYNC)}, not {sync!r}")
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute(f"PRAGMA synchronous={sync.upper()}")
    db.execute("PRAGMA foreign_keys=ON")
    return db


def write(db: sqlite3.Connection, rows: list[EventRow]) -> None:
    """Commit ``rows`` in one transaction (all or none). Raises ``sqlite3.IntegrityError``
    if an event's version is taken."""
    with db:
        db.execute("BEGIN IMMEDIATE")
        for row in rows:
            db.execute("INSERT INTO events VALUES (?, ?, ?, ?, ?)",
                       (row.match_id, row.version, row.seat, json.dumps(row.event), row.at))
            for r in row.results:
                db.execute("INSERT OR REPLACE INTO results VALUES (?, ?, ?, ?, ?, ?, ?)",
                           (row.match_id, r.number, r.seat, r.person, r.role, int(r.won),
                            r.points))
            if row.summary is not None:
                db.execute("UPDATE matches SET finished = 1, summary = ? WHERE id = ?",
                           (json.dumps(row.summary), row.match_id))
                winners = set(row.summary["winners"])
                for (seat,) in db.execute("SELECT seat FROM seats WHERE match_id = ?",
                                          (row.match_id,)).fetchall():
                    db.execute("UPDATE seats SET won = ? WHERE match_id = ? AND seat = ?",
                               (int(seat in winners), row.match_id, seat))
            db.execute("UPDATE matches SET updated = ? WHERE id = ?", (row.at, row.match_id))


CHECKPOINT = 1.0
"""Seconds between a grouped store's checkpoints of its log, beside its writer."""
LOG_PAGES = 10_000
"""Pages of log (40 MiB) past which the writer checkpoints within a commit all the same (a
writer that never pauses leaves no checkpoint beside it the time to complete)."""


class GroupWriter:
    """A thread with its own connection that commits the events queued while it was
    committing the previous ones, all in one transaction. If that transaction fails, each
    event is tried alone, so one bad event fails only itself."""

    def __init__(self, path: str, sync: str = "full", checkpoint: float = CHECKPOINT,
                 log_pages: int = LOG_PAGES) -> None:
        self.queue: queue.SimpleQueue[tuple[EventRow, Future[None]] | None] = \
            queue.SimpleQueue()
        self.path = path  # each thread opens its own connection: one stays in its thread
        self.sync = sync
        self.checkpoint = checkpoint
        self.log_pages = log_pages
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="dizhu-store", daemon=True)
        self.thread.start()
        self.checkpointer = threading.Thread(target=self._checkpoints,
                                             name="dizhu-checkpoint", daemon=True)
        self.checkpointer.start()

    def put(self, row: EventRow) -> Future[None]:
        """Queue an event; the future is done once it is committed (its exception the
        error, if it could not be)."""
        done: Future[None] = Future()
        self.queue.put((row, done))
        return done

    def close(self) -> None:
        """Commit what is queued, then stop."""
        self.queue.put(None)
        self.thread.join()
        self.stopping.set()
        self.checkpointer.join()

    def _checkpoints(self) -> None:
        """Copy the log into the database every :attr:`checkpoint` seconds, beside the
        writer: SQLite's own checkpoint, within a commit once the log is 1,000 pages long,
        held every table of that batch waiting for it (100 ms and more under load). One
        that finds the writer between batches completes, and the log starts again from its
        beginning; the writer checkpoints itself only past :attr:`log_pages`."""
        db = connect(self.path, self.sync)
        while not self.stopping.wait(self.checkpoint):
            with contextlib.suppress(sqlite3.OperationalError):  # busy now: the next one
                db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        db.close()

    def _run(self) -> None:
        db = connect(self.path, self.sync)
        db.execute(f"PRAGMA wal_autocheckpoint={int(self.log_pages)}")
        running = True
        while running:
            batch = [self.queue.get()]
            while True:
                try:
                    batch.append(self.queue.get_nowait())
                except queue.Empty:
                    break
            running = None not in batch
            queued = [item for item in batch if item is not None]
            if queued:
                self._commit(db, queued)
        db.close()

    @staticmethod
    def _commit(db: sqlite3.Connection, queued: list[tuple[EventRow, Future[None]]]) -> None:
        try:
            write(db, [row for row, _ in queued])
            outcomes: list[BaseException | None] = [None] * len(queued)
        except Exception:
            outcomes = []
            for row, _ in queued:
                try:
                    write(db, [row])
                    outcomes.append(None)
                except Exception as e:
                    outcomes.append(e)
        for (_, done), error in zip(queued, outcomes, strict=True):
            if done.set_running_or_notify_cancel():
                if error is None:
                    done.set_result(None)
                else:
                    done.set_exception(error)
