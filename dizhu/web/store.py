"""Matches on disk: SQLite, one row per match and one per accepted event.

A match is its settings plus the events accepted so far (bids, doubles, plays, "next deal",
auto-play switches), each committed before the server acknowledges it. Loading replays
the events through the engine, so a restart resumes every match exactly where it was.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    player TEXT NOT NULL,
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
CREATE TABLE IF NOT EXISTS deals (
    match_id INTEGER NOT NULL REFERENCES matches(id),
    number INTEGER NOT NULL,
    role TEXT NOT NULL,
    won INTEGER NOT NULL,
    points INTEGER NOT NULL,
    PRIMARY KEY (match_id, number)
);
"""


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
class StoredMatch:
    id: int
    created: float
    player: str
    settings: dict[str, Any]
    events: list[tuple[int, dict[str, Any]]]
    """(seat, event) in the order accepted; the match's version is their number."""
    abandoned: bool = False


class Store:
    """The game's database. Every write is one transaction, committed before returning."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        if str(path) != ":memory:":
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(path), isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def create_match(self, player: str, settings: dict[str, Any]) -> int:
        now = time.time()
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            cur = self.db.execute(
                "INSERT INTO matches (created, updated, player, settings) VALUES (?, ?, ?, ?)",
                (now, now, player, json.dumps(settings)))
        return int(cur.lastrowid)

    def append(self, match_id: int, version: int, seat: int, event: dict[str, Any], *,
               deal: tuple[int, str, bool, int] | None = None,
               summary: dict[str, Any] | None = None) -> None:
        """Commit event number ``version`` of a match, with the human's result of a deal
        that this event ended (number, role, won, points) and the match summary once it
        is over. Raises ``sqlite3.IntegrityError`` if that version is already taken."""
        now = time.time()
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute("INSERT INTO events VALUES (?, ?, ?, ?, ?)",
                            (match_id, version, seat, json.dumps(event), now))
            if deal is not None:
                number, role, won, points = deal
                self.db.execute("INSERT OR REPLACE INTO deals VALUES (?, ?, ?, ?, ?)",
                                (match_id, number, role, int(won), points))
            if summary is not None:
                self.db.execute("UPDATE matches SET finished = 1, summary = ? WHERE id = ?",
                                (json.dumps(summary), match_id))
            self.db.execute("UPDATE matches SET updated = ? WHERE id = ?", (now, match_id))

    def load(self, match_id: int) -> StoredMatch | None:
        row = self.db.execute("SELECT id, created, player, settings, finished FROM matches "
                              "WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            return None
        events = [(seat, json.loads(text)) for seat, text in self.db.execute(
            "SELECT seat, event FROM events WHERE match_id = ? ORDER BY version", (match_id,))]
        return StoredMatch(row[0], row[1], row[2], json.loads(row[3]), events,
                           abandoned=row[4] == ABANDONED)

    def abandon(self, match_id: int) -> bool:
        """Give up an unfinished match: it stays on disk, listed as abandoned, and counts in
        no statistics. False if there is no such unfinished match."""
        with self.db:
            self.db.execute("BEGIN IMMEDIATE")
            cur = self.db.execute("UPDATE matches SET finished = ?, updated = ? "
                                  "WHERE id = ? AND finished = 0",
                                  (ABANDONED, time.time(), match_id))
        return cur.rowcount == 1

    def matches(self, *, finished: bool, limit: int = 50) -> list[dict[str, Any]]:
        """The most recently played matches: unfinished ones, or the others (played to
        their end or abandoned)."""
        rows = self.db.execute(
            "SELECT m.id, m.created, m.updated, m.player, m.settings, m.summary, "
            "(SELECT COUNT(*) FROM deals d WHERE d.match_id = m.id), m.finished "
            f"FROM matches m WHERE m.finished {'!=' if finished else '='} 0 "
            "ORDER BY m.updated DESC LIMIT ?", (limit,)).fetchall()
        return [{"id": r[0], "created": r[1], "updated": r[2], "player": r[3],
                 "settings": json.loads(r[4]), "summary": json.loads(r[5]) if r[5] else None,
                 "deals_played": r[6], "abandoned": r[7] == ABANDONED} for r in rows]

    def statistics(self, player: str | None = None) -> dict[str, Any]:
        """Matches and deals played and won, deals by role (optionally for one name)."""
        where, args = ("WHERE m.player = ?", (player,)) if player else ("", ())
        matches = self.db.execute(
            f"SELECT COUNT(*), COALESCE(SUM(json_extract(m.summary, '$.human_won')), 0) "
            f"FROM matches m {where} {'AND' if where else 'WHERE'} m.finished = {PLAYED}",
            args).fetchone()
        out: dict[str, Any] = {"matches": matches[0], "matches_won": matches[1]}
        for role in ("landlord", "peasant"):
            deals = self.db.execute(
                f"SELECT COUNT(*), COALESCE(SUM(d.won), 0), COALESCE(SUM(d.points), 0) "
                f"FROM deals d JOIN matches m ON m.id = d.match_id {where} "
                f"{'AND' if where else 'WHERE'} d.role = ? AND m.finished != {ABANDONED}",
                (*args, role)).fetchone()
            out[role] = {"deals": deals[0], "won": deals[1], "points": deals[2]}
        out["deals"] = out["landlord"]["deals"] + out["peasant"]["deals"]
        out["deals_won"] = out["landlord"]["won"] + out["peasant"]["won"]
        return out

    def last_player(self) -> str | None:
        row = self.db.execute("SELECT player FROM matches ORDER BY created DESC LIMIT 1")
        found = row.fetchone()
        return found[0] if found else None
