"""Matches on disk: SQLite, one row per match, one per accepted event, one per seat people
play and one per person's result in a deal; and the puzzles' progress (:mod:`.puzzle_store`).

A match is its settings plus the events accepted so far (bids, doubles, plays, "next deal",
auto-play switches), each committed before anyone hears of it. Loading replays the events
through the engine, so a restart resumes every match exactly where it was.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import sys
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..actions import current_form
from .puzzle_store import PUZZLE_SCHEMA, PuzzleRecords
from .writer import EventRow, GroupWriter, Job, T, Write, connect, insert_event, transaction

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    player TEXT NOT NULL,                 -- the person who created it (seat 0)
    settings TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,  -- 0 playing, 1 played to its end, 2 abandoned
    summary TEXT
);
CREATE TABLE IF NOT EXISTS events (
    match_id INTEGER NOT NULL REFERENCES matches(id),
    version INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    event TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (match_id, version)
);
CREATE TABLE IF NOT EXISTS seats (         -- the seats people play
    match_id INTEGER NOT NULL REFERENCES matches(id),
    seat INTEGER NOT NULL,
    token TEXT NOT NULL UNIQUE,           -- the seat's secret: whoever holds it plays it
    person TEXT,                          -- NULL until someone sits
    won INTEGER,                          -- once the match is played to its end
    PRIMARY KEY (match_id, seat)
);
CREATE TABLE IF NOT EXISTS results (       -- a person's result in each scored deal
    match_id INTEGER NOT NULL REFERENCES matches(id),
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    person TEXT NOT NULL,
    role TEXT NOT NULL,
    won INTEGER NOT NULL,
    points INTEGER NOT NULL,
    PRIMARY KEY (match_id, number, seat)
);
CREATE TABLE IF NOT EXISTS watch (         -- each match's secret for spectators
    match_id INTEGER PRIMARY KEY REFERENCES matches(id),
    secret TEXT NOT NULL UNIQUE           -- whoever holds it watches (no seat's cards)
);
CREATE TABLE IF NOT EXISTS again (         -- a match played again: the match that followed
    match_id INTEGER PRIMARY KEY REFERENCES matches(id),
    next_id INTEGER NOT NULL UNIQUE REFERENCES matches(id)
);
""" + PUZZLE_SCHEMA
VERSION = 6
"""The schema's version (``PRAGMA user_version``); a database of an older version is
brought up to date when opened: version 1 (one person at seat 0, results in a ``deals``
table), version 2 (no spectators' secrets: each match is given one), version 3 (no
matches played again), version 4 (actions in older JSON forms: rewritten in the codec's,
:func:`~dizhu.actions.current_form`) and version 5 (no puzzles' tables: made empty)."""


PLAYED, ABANDONED = 1, 2
"""Values of ``matches.finished`` besides 0 (still being played)."""


def default_db_path() -> Path:
    """The database in the user's data directory (XDG on Linux, the usual places elsewhere)."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "dizhu" / "dizhu.sqlite3"


@dataclass(frozen=True)
class SeatRow:
    """A seat people play: its secret token, who sits there, and (once the match is played
    to its end) whether they won."""

    token: str
    person: str | None
    won: bool | None = None


@dataclass(frozen=True)
class StoredMatch:
    id: int
    created: float
    player: str
    settings: dict[str, Any]
    events: list[tuple[int, dict[str, Any]]]
    """(seat, event) in the order accepted; the match's version is their number."""
    abandoned: bool = False
    seats: dict[int, SeatRow] = field(default_factory=dict)
    """The seats people play, by seat number."""
    watch: str = ""
    """The match's secret for spectators."""
    again: NextMatch | None = None
    """The match played again after this one, if it was."""


@dataclass(frozen=True)
class NextMatch:
    """The match that followed another, played again: the secrets of its people's seats
    and of its spectators (each page of the match before is given its own)."""

    id: int
    tokens: dict[int, str]
    watch: str


WAIT = 10.0
"""Seconds a grouped store's write waits for a lock another program holds before it is
taken back (:class:`.writer.StoreBusy`)."""


class Store(PuzzleRecords):
    """The game's database (its puzzles' part: :mod:`.puzzle_store`). Every write is one
    transaction, committed before returning; a store opened ``grouped`` (a server's) makes
    every write in a writer thread of its own, many matches' events at once (:mod:`.writer`):
    an event's write is handed back pending (:meth:`append`), the others wait for it, at
    most ``wait`` seconds while another program holds the database locked (the write is
    then taken back and :class:`.writer.StoreBusy` raised). ``sync``: how commits reach
    the disk (:data:`.writer.SYNC`)."""

    def __init__(self, path: str | os.PathLike[str], *, grouped: bool = False,
                 sync: str = "full", wait: float = WAIT) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = connect(str(path), sync)
        self._migrate()
        self.wait = wait
        self.writer = GroupWriter(str(path), sync) if grouped and str(path) != ":memory:" \
            else None

    def _migrate(self) -> None:
        """Create the tables, or bring a database of an older schema up to date (in one
        transaction: it is wholly updated or not at all)."""
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version >= VERSION:
            return
        legacy = self.db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' "
                                 "AND name = 'deals'").fetchone() is not None
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    self.db.execute(statement)
            if legacy:  # version 1: one person at seat 0, their deals in `deals`
                for match_id, player, summary in self.db.execute(
                        "SELECT id, player, summary FROM matches").fetchall():
                    won = json.loads(summary).get("human_won") if summary else None
                    self.db.execute("INSERT INTO seats VALUES (?, 0, ?, ?, ?)",
                                    (match_id, secrets.token_urlsafe(16), player, won))
                self.db.execute(
                    "INSERT INTO results SELECT d.match_id, d.number, 0, m.player, d.role, "
                    "d.won, d.points FROM deals d JOIN matches m ON m.id = d.match_id")
                self.db.execute("DROP TABLE deals")
            for (match_id,) in self.db.execute(  # versions 1 and 2: no spectators' secrets
                    "SELECT id FROM matches WHERE id NOT IN (SELECT match_id FROM watch)"
            ).fetchall():
                self.db.execute("INSERT INTO watch VALUES (?, ?)",
                                (match_id, secrets.token_urlsafe(16)))
            if version < 5:
                _rewrite_actions(self.db)
            self.db.execute(f"PRAGMA user_version = {VERSION}")

    def close(self) -> None:
        """Commit what a grouped store has queued, then close."""
        if self.writer is not None:
            self.writer.close()
        self.db.close()

    def write(self, job: Job[T]) -> Write[T]:
        """Make a write: a grouped store queues it to its writer and hands it back pending;
        any other commits it now and hands it back done (with its error, if it failed)."""
        if self.writer is not None:
            return self.writer.submit(job)
        write: Write[T] = Write(job)
        write.claim()
        try:
            write.set_result(transaction(self.db, [job])[0])
        except Exception as e:
            write.set_exception(e)
        return write

    def written(self, job: Job[T]) -> T:
        """Make a write and wait until it is committed (at most :attr:`wait` seconds for a
        lock: see :class:`Store`); its result. Never on a server's event loop: there, it
        waits for :meth:`write` without blocking."""
        return self.write(job).wait(self.wait)

    def create_match(self, player: str, settings: dict[str, Any], people: list[int],
                     seated: Mapping[int, str] | None = None,
                     after: int | None = None) -> tuple[int, dict[int, str], str]:
        """Store a new match created by ``player`` (seat 0) whose ``people`` seats are
        played by people (``seated``: those of them already taken, by name), with its
        secret for spectators; ``after``: the match it plays again (the store keeps the
        one that followed each match). Returns its id, each of those seats' new secret
        token and the spectators' secret."""
        now = time.time()
        tokens = {seat: secrets.token_urlsafe(16) for seat in people}
        watch = secrets.token_urlsafe(16)
        names = {**(seated or {}), 0: player}

        def insert(db: sqlite3.Connection) -> int:
            cur = db.execute(
                "INSERT INTO matches (created, updated, player, settings) VALUES (?, ?, ?, ?)",
                (now, now, player, json.dumps(settings)))
            match_id = int(cur.lastrowid)
            for seat, token in tokens.items():
                db.execute("INSERT INTO seats VALUES (?, ?, ?, ?, NULL)",
                           (match_id, seat, token, names.get(seat)))
            db.execute("INSERT INTO watch VALUES (?, ?)", (match_id, watch))
            if after is not None:
                db.execute("INSERT INTO again VALUES (?, ?)", (after, match_id))
            return match_id

        return self.written(insert), tokens, watch

    def sit(self, match_id: int, seat: int, person: str) -> None:
        """Record who sits at a seat people play (a new name replaces the old)."""
        self.written(lambda db: db.execute(
            "UPDATE seats SET person = ? WHERE match_id = ? AND seat = ?",
            (person, match_id, seat)))

    def seat_of(self, token: str) -> tuple[int, int] | None:
        """The (match, seat) a secret token opens, if any."""
        row = self.db.execute("SELECT match_id, seat FROM seats WHERE token = ?",
                              (token,)).fetchone()
        return None if row is None else (row[0], row[1])

    def watched(self, secret: str) -> int | None:
        """The match a spectators' secret opens, if any."""
        row = self.db.execute("SELECT match_id FROM watch WHERE secret = ?",
                              (secret,)).fetchone()
        return None if row is None else row[0]

    def append(self, row: EventRow) -> Write[None]:
        """Write an accepted event (with the deal results and summary it brings): done
        once it is committed, with the events of other matches that came meanwhile in a
        grouped store (see :meth:`write`); its error ``sqlite3.IntegrityError`` if its
        version is taken."""
        return self.write(lambda db: insert_event(db, row))

    def load(self, match_id: int) -> StoredMatch | None:
        row = self.db.execute("SELECT id, created, player, settings, finished FROM matches "
                              "WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            return None
        events = [(seat, json.loads(text)) for seat, text in self.db.execute(
            "SELECT seat, event FROM events WHERE match_id = ? ORDER BY version", (match_id,))]
        seats = {seat: SeatRow(token, person, None if won is None else bool(won))
                 for seat, token, person, won in self.db.execute(
                     "SELECT seat, token, person, won FROM seats WHERE match_id = ?",
                     (match_id,))}
        watch = self.db.execute("SELECT secret FROM watch WHERE match_id = ?",
                                (match_id,)).fetchone()
        return StoredMatch(row[0], row[1], row[2], json.loads(row[3]), events,
                           abandoned=row[4] == ABANDONED, seats=seats,
                           watch=watch[0] if watch else "", again=self.again_of(match_id))

    def again_of(self, match_id: int) -> NextMatch | None:
        """The match played again after ``match_id``, if it was."""
        row = self.db.execute("SELECT a.next_id, w.secret FROM again a JOIN watch w ON "
                              "w.match_id = a.next_id WHERE a.match_id = ?",
                              (match_id,)).fetchone()
        if row is None:
            return None
        tokens = dict(self.db.execute("SELECT seat, token FROM seats WHERE match_id = ?",
                                      (row[0],)).fetchall())
        return NextMatch(row[0], tokens, row[1])

    def abandon(self, match_id: int) -> bool:
        """Give up an unfinished match: it stays on disk, listed as abandoned, and counts in
        no statistics. False if there is no such unfinished match."""
        now = time.time()
        return self.written(lambda db: db.execute(
            "UPDATE matches SET finished = ?, updated = ? WHERE id = ? AND finished = 0",
            (ABANDONED, now, match_id)).rowcount == 1)

    def matches(self, *, finished: bool, limit: int = 50) -> list[dict[str, Any]]:
        """The most recently played matches: unfinished ones, or the others (played to
        their end or abandoned), with the people at their seats."""
        rows = self.db.execute(
            "SELECT m.id, m.created, m.updated, m.player, m.settings, m.summary, "
            "(SELECT COUNT(DISTINCT r.number) FROM results r WHERE r.match_id = m.id), "
            "m.finished FROM matches m "
            f"WHERE m.finished {'!=' if finished else '='} 0 "
            "ORDER BY m.updated DESC LIMIT ?", (limit,)).fetchall()
        out = []
        for r in rows:
            people = dict(self.db.execute("SELECT seat, person FROM seats WHERE match_id = ?",
                                          (r[0],)).fetchall())
            out.append({"id": r[0], "created": r[1], "updated": r[2], "player": r[3],
                        "settings": json.loads(r[4]),
                        "summary": json.loads(r[5]) if r[5] else None,
                        "deals_played": r[6], "abandoned": r[7] == ABANDONED,
                        "people": {str(seat): name for seat, name in sorted(people.items())}})
        return out

    def statistics(self, person: str | None = None) -> dict[str, Any]:
        """Matches and deals played and won, deals by role, of one person (or of everyone
        who played)."""
        where, args = ("AND s.person = ?", (person,)) if person is not None else ("", ())
        matches = self.db.execute(
            "SELECT COUNT(*), COALESCE(SUM(s.won), 0) FROM seats s JOIN matches m "
            f"ON m.id = s.match_id WHERE m.finished = {PLAYED} {where}", args).fetchone()
        out: dict[str, Any] = {"matches": matches[0], "matches_won": matches[1]}
        where = where.replace("s.person", "r.person")
        for role in ("landlord", "peasant"):
            deals = self.db.execute(
                "SELECT COUNT(*), COALESCE(SUM(r.won), 0), COALESCE(SUM(r.points), 0) "
                "FROM results r JOIN matches m ON m.id = r.match_id "
                f"WHERE r.role = ? AND m.finished != {ABANDONED} {where}",
                (role, *args)).fetchone()
            out[role] = {"deals": deals[0], "won": deals[1], "points": deals[2]}
        out["deals"] = out["landlord"]["deals"] + out["peasant"]["deals"]
        out["deals_won"] = out["landlord"]["won"] + out["peasant"]["won"]
        return out

    def last_settings(self) -> tuple[str, dict[str, Any]] | None:
        """The creator and the settings of the match created last, if any (the lobby's
        Play now starts another like it)."""
        row = self.db.execute("SELECT player, settings FROM matches ORDER BY created DESC, "
                              "id DESC LIMIT 1").fetchone()
        return None if row is None else (row[0], json.loads(row[1]))

    def last_player(self) -> str | None:
        row = self.db.execute("SELECT player FROM matches ORDER BY created DESC LIMIT 1")
        found = row.fetchone()
        return found[0] if found else None


def _rewrite_actions(db: sqlite3.Connection) -> None:
    """Rewrite the stored actions of older forms in the codec's (store version 5)."""
    for match_id, version, text in db.execute(
            "SELECT match_id, version, event FROM events").fetchall():
        event = json.loads(text)
        if isinstance(event, dict) and any(k in event for k in ("pass", "play")):
            current = current_form(event)
            if current != event:
                db.execute("UPDATE events SET event = ? WHERE match_id = ? AND version = ?",
                           (json.dumps(current), match_id, version))
