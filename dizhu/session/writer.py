"""Writing to the database: each write one transaction, or a writer thread that commits
every write queued meanwhile in one transaction (group commit: one ``fsync`` for many
actions of many matches), so that a server's event loop never waits on the disk nor on a
lock another program holds.

A database another process holds locked (a long transaction, a backup, a second program
on the same file) keeps the writer waiting, never failing: it tries again until the lock
goes, and what was queued meanwhile is committed together then. A write whose requester
stops waiting (:meth:`Write.withdraw`) is taken back, never written, as long as no
transaction has started on it.
"""

from __future__ import annotations

import contextlib
import json
import queue
import sqlite3
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

T = TypeVar("T")


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


def insert_event(db: sqlite3.Connection, row: EventRow) -> None:
    """Store an accepted event, with the deal results and summary it brings (within the
    caller's transaction). Raises ``sqlite3.IntegrityError`` if its version is taken."""
    db.execute("INSERT INTO events VALUES (?, ?, ?, ?, ?)",
               (row.match_id, row.version, row.seat, json.dumps(row.event), row.at))
    for r in row.results:
        db.execute("INSERT OR REPLACE INTO results VALUES (?, ?, ?, ?, ?, ?, ?)",
                   (row.match_id, r.number, r.seat, r.person, r.role, int(r.won), r.points))
    if row.summary is not None:
        db.execute("UPDATE matches SET finished = 1, summary = ? WHERE id = ?",
                   (json.dumps(row.summary), row.match_id))
        winners = set(row.summary["winners"])
        for (seat,) in db.execute("SELECT seat FROM seats WHERE match_id = ?",
                                  (row.match_id,)).fetchall():
            db.execute("UPDATE seats SET won = ? WHERE match_id = ? AND seat = ?",
                       (int(seat in winners), row.match_id, seat))
    db.execute("UPDATE matches SET updated = ? WHERE id = ?", (row.at, row.match_id))


Job = Callable[[sqlite3.Connection], T]
"""A write: statements run within a transaction, returning what the requester needs (a new
row's id). It may run more than once (a transaction rolled back is run again), so it
draws nothing at random and reads nothing from outside the database."""


def transaction(db: sqlite3.Connection, jobs: list[Job]) -> list[Any]:
    """Run ``jobs`` in one transaction (all or none); their results."""
    with db:
        db.execute("BEGIN IMMEDIATE")
        return [job(db) for job in jobs]


def is_busy(error: BaseException) -> bool:
    """Whether ``error`` is SQLite's "database is locked" (another connection, maybe of
    another program, holds the lock): a write that waits may still succeed."""
    if not isinstance(error, sqlite3.OperationalError) or isinstance(error, StoreBusy):
        return False
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (5, 6)  # SQLITE_BUSY, SQLITE_LOCKED and their variants
    return "locked" in str(error) or "busy" in str(error)


class StoreBusy(sqlite3.OperationalError):
    """A write taken back unwritten: the database stayed locked by another program longer
    than the requester would wait."""

    def __init__(self, waited: float) -> None:
        super().__init__(f"the game's database is busy (another program holds it) and "
                         f"stayed so for {waited:g} s: nothing was stored")


class Write(Future, Generic[T]):
    """A queued write: done once committed (its result the job's), or with the error that
    stopped it. :meth:`withdraw` takes it back while no transaction has started on it."""

    def __init__(self, job: Job) -> None:
        super().__init__()
        self.job = job
        self.claimed = False

    def claim(self) -> bool:
        """In the writer, as a transaction starts on it: whether it is still wanted (from
        now on it can no longer be withdrawn)."""
        if not self.claimed:
            self.claimed = self.set_running_or_notify_cancel()
        return self.claimed

    def withdraw(self) -> bool:
        """Take the write back if no transaction has started on it (it is then cancelled:
        never written). False if it is written or being written: wait for it."""
        return self.cancel()

    def wait(self, limit: float) -> T:
        """The write's result, waiting at most ``limit`` seconds for a lock to go; then it
        is withdrawn and :class:`StoreBusy` raised, unless it is being written already."""
        try:
            return self.result(limit)
        except TimeoutError:
            if self.withdraw():
                raise StoreBusy(limit) from None
            return self.result()


CHECKPOINT = 1.0
"""Seconds between a grouped store's checkpoints of its log, beside its writer."""
LOG_PAGES = 10_000
"""Pages of log (40 MiB) past which the writer checkpoints within a commit all the same (a
writer that never pauses leaves no checkpoint beside it the time to complete)."""


RETRY = (0.02, 1.0)
"""Seconds the writer waits before trying a locked database again: the first wait, and
the longest (each wait doubles the one before)."""
CLOSE_WAIT = 10.0
"""Seconds a closing writer keeps trying a locked database before it fails what is left."""


def connect(path: str, sync: str = "full", timeout: float = 5.0) -> sqlite3.Connection:
    """A connection as every writer of the game's database uses it: WAL, commits synced as
    ``sync`` says (:data:`SYNC`), foreign keys checked; ``timeout``: how long a statement
    waits for a lock another connection holds."""
    if sync not in SYNC:
        raise ValueError(f"sync is one of {', '.join(SYNC)}, not {sync!r}")
    db = sqlite3.connect(path, isolation_level=None, timeout=timeout)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(f"PRAGMA synchronous={sync.upper()}")
        db.execute("PRAGMA foreign_keys=ON")
    except sqlite3.Error:
        db.close()
        raise
    return db


class GroupWriter:
    """A thread with its own connection that commits the writes queued while it was
    committing the previous ones, all in one transaction. If that transaction fails, each
    write is tried alone, so one bad write fails only itself; a locked database is waited
    out (:data:`RETRY`). Writes are completed in the order they were queued."""

    def __init__(self, path: str, sync: str = "full", checkpoint: float = CHECKPOINT,
                 log_pages: int = LOG_PAGES) -> None:
        self.queue: queue.SimpleQueue[Write | None] = queue.SimpleQueue()
        self.path = path  # each thread opens its own connection: one stays in its thread
        self.sync = sync
        self.checkpoint = checkpoint
        self.log_pages = log_pages
        self.close_wait = CLOSE_WAIT
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="dizhu-store", daemon=True)
        self.thread.start()
        self.checkpointer = threading.Thread(target=self._checkpoints,
                                             name="dizhu-checkpoint", daemon=True)
        self.checkpointer.start()

    def submit(self, job: Job[T]) -> Write[T]:
        """Queue a write; it is done once committed (its exception the error, if it could
        not be)."""
        write: Write[T] = Write(job)
        self.queue.put(write)
        return write

    def put(self, row: EventRow) -> Write[None]:
        """Queue an event (see :meth:`submit`)."""
        return self.submit(lambda db: insert_event(db, row))

    def close(self) -> None:
        """Commit what is queued (failing it if the database stays locked for
        :attr:`close_wait` seconds), then stop."""
        self.queue.put(None)
        self.thread.join()
        self.stopping.set()
        self.checkpointer.join()

    def _checkpoints(self) -> None:
        """Copy the log into the database every :attr:`checkpoint` seconds, beside the
        writer: SQLite's own checkpoint, within a commit once the log is 1,000 pages long,
        held every table of that batch waiting for it (100 ms and more under load). One
        that finds the writer between batches completes, and the log starts again from its
        beginning; the writer checkpoints itself only past :attr:`log_pages`. One that
        finds the database busy (or cannot open it yet) waits for the next."""
        db = None
        while not self.stopping.wait(self.checkpoint):
            with contextlib.suppress(sqlite3.OperationalError):
                db = db or connect(self.path, self.sync)
                db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        if db is not None:
            db.close()

    def _run(self) -> None:
        """Take what is queued and commit it, until :meth:`close`; a locked database (or
        one that cannot be opened yet) is tried again, never the end of the thread, and
        a write that cannot be made is failed, never left waiting."""
        db: sqlite3.Connection | None = None
        pending: list[Write] = []
        closing: float | None = None  # when close() was asked for
        retry = RETRY[0]
        while closing is None or pending:
            closing = self._take(pending, closing, retry if pending else None)
            pending = [write for write in pending if not write.done()]  # none withdrawn
            if not pending:
                continue
            try:
                if db is None:
                    db = connect(self.path, self.sync, timeout=0.05)
                    db.execute(f"PRAGMA wal_autocheckpoint={int(self.log_pages)}")
                self._commit(db, pending)
                retry = RETRY[0]
            except Exception as error:
                busy = is_busy(error)
                if not busy and db is not None:  # opened again for the next writes
                    db.close()
                    db = None
                if not busy or (closing is not None and
                                time.monotonic() - closing > self.close_wait):
                    for write in pending:
                        if write.claim():
                            write.set_exception(error)
                retry = min(retry * 2, RETRY[1])
            pending = [write for write in pending if not write.done()]
        if db is not None:
            db.close()

    def _take(self, pending: list[Write], closing: float | None,
              wait: float | None) -> float | None:
        """Add what is queued to ``pending``, waiting at most ``wait`` seconds (``None``: as
        long as it takes) for the first; returns when :meth:`close` was asked for."""
        try:
            item = self.queue.get(timeout=wait)
        except queue.Empty:
            return closing
        while True:
            if item is None:
                closing = closing or time.monotonic()
            else:
                pending.append(item)
            try:
                item = self.queue.get_nowait()
            except queue.Empty:
                return closing

    @staticmethod
    def _commit(db: sqlite3.Connection, pending: list[Write]) -> None:
        """Commit ``pending`` in one transaction, or (if it fails for a reason other than a
        lock) each write alone, completing each; a lock stops it, the writes not done
        left for the next try."""
        try:
            GroupWriter._together(db, pending)
            return
        except Exception as error:
            if is_busy(error):
                raise
        for write in pending:
            try:
                GroupWriter._together(db, [write])
            except Exception as error:
                if is_busy(error):
                    raise
                if write.claim():
                    write.set_exception(error)

    @staticmethod
    def _together(db: sqlite3.Connection, writes: list[Write]) -> None:
        """One transaction for the writes still wanted once it has the lock; each write
        is completed with its result once it is committed."""
        with db:
            db.execute("BEGIN IMMEDIATE")  # a lock held elsewhere stops it here
            claimed = [write for write in writes if write.claim()]
            results = [write.job(db) for write in claimed]
        for write, result in zip(claimed, results, strict=True):
            write.set_result(result)
