"""The puzzles' part of the store: each person's progress at each puzzle (tries, solved
or not, when first solved, the shortest solving line) and each person's own puzzles, in
the matches' database (:class:`~dizhu.session.Store` has these methods).

A puzzle is named by a *key*: a shipped puzzle by its number (``"12"``), an own puzzle by
``"own-"`` and its row's id (``"own-3"``). The person is the lobby's player identity, the
name the matches are stored under.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..puzzles import Puzzle

if TYPE_CHECKING:
    from .writer import Job, T

PUZZLE_SCHEMA = """
CREATE TABLE IF NOT EXISTS puzzle_progress (  -- a person's tries at a puzzle
    person TEXT NOT NULL,
    puzzle TEXT NOT NULL,                  -- its key: "12", "own-3"
    attempts INTEGER NOT NULL DEFAULT 0,   -- tries played to their end
    solved INTEGER NOT NULL DEFAULT 0,
    first_solved REAL,                     -- when it was first solved
    best TEXT,                             -- the shortest solving line: JSON list of plays
    PRIMARY KEY (person, puzzle)
);
CREATE TABLE IF NOT EXISTS own_puzzles (      -- the puzzles people made their own
    id INTEGER PRIMARY KEY,
    person TEXT NOT NULL,
    created REAL NOT NULL,
    position TEXT NOT NULL,                -- as dizhu solve reads it
    ruleset TEXT NOT NULL,
    seat INTEGER NOT NULL,                 -- the seat the person plays (to move)
    goal TEXT NOT NULL,
    title TEXT NOT NULL,                   -- JSON: the title by language
    difficulty INTEGER NOT NULL,
    solution TEXT NOT NULL                 -- JSON: the proved line's steps
);
"""

OWN = "own-"
"""The prefix of an own puzzle's key."""


def own_key(puzzle_id: int) -> str:
    return f"{OWN}{puzzle_id}"


@dataclass(frozen=True)
class Progress:
    """A person's progress at one puzzle."""

    attempts: int = 0
    solved: bool = False
    first_solved: float | None = None
    best: tuple[str, ...] | None = None
    """The shortest solving line (every play and pass, as the engine writes them)."""

    def to_json(self) -> dict[str, Any]:
        return {"attempts": self.attempts, "solved": self.solved,
                "first_solved": self.first_solved,
                "best": None if self.best is None else list(self.best)}


class PuzzleRecords:
    """The store's methods for puzzles (mixed into :class:`~dizhu.session.Store`)."""

    db: sqlite3.Connection

    def written(self, job: Job[T]) -> T:  # pragma: no cover (the store's)
        raise NotImplementedError

    def record_try(self, person: str, key: str, line: list[str], solved: bool) -> None:
        """Count a try at puzzle ``key`` played to its end by ``line`` (every play and
        pass); a solving line is kept when it is the first or shorter than the one kept.
        Like every write, from any thread (the reads: from the store's)."""
        now = time.time()
        text = json.dumps(line)

        def write(db: sqlite3.Connection) -> None:
            db.execute("INSERT OR IGNORE INTO puzzle_progress (person, puzzle) VALUES (?, ?)",
                       (person, key))
            db.execute("UPDATE puzzle_progress SET attempts = attempts + 1 "
                       "WHERE person = ? AND puzzle = ?", (person, key))
            if solved:
                best = db.execute("SELECT best FROM puzzle_progress WHERE person = ? AND "
                                  "puzzle = ?", (person, key)).fetchone()[0]
                shorter = best is None or len(line) < len(json.loads(best))
                db.execute("UPDATE puzzle_progress SET solved = 1, "
                           "first_solved = COALESCE(first_solved, ?), best = ? "
                           "WHERE person = ? AND puzzle = ?",
                           (now, text if shorter else best, person, key))

        self.written(write)

    def progress(self, person: str, key: str) -> Progress:
        """``person``'s progress at puzzle ``key`` (no tries yet: the zero one)."""
        row = self.db.execute("SELECT attempts, solved, first_solved, best FROM "
                              "puzzle_progress WHERE person = ? AND puzzle = ?",
                              (person, key)).fetchone()
        return Progress() if row is None else _progress(row)

    def all_progress(self, person: str) -> dict[str, Progress]:
        """``person``'s progress at every puzzle they tried, by key."""
        return {key: _progress(rest) for key, *rest in self.db.execute(
            "SELECT puzzle, attempts, solved, first_solved, best FROM puzzle_progress "
            "WHERE person = ?", (person,))}

    def add_own_puzzle(self, person: str, puzzle: Puzzle) -> Puzzle:
        """Keep ``puzzle`` (made by :func:`~dizhu.puzzles.own_puzzle`, which proved it) as
        one of ``person``'s own; the puzzle with its id (its key: :func:`own_key`)."""
        now = time.time()
        row = (person, now, puzzle.position, puzzle.ruleset, puzzle.seat, puzzle.goal.value,
               json.dumps(puzzle.title, ensure_ascii=False), puzzle.difficulty,
               json.dumps([s.to_json() for s in puzzle.solution]))
        made = self.written(lambda db: int(db.execute(
            "INSERT INTO own_puzzles (person, created, position, ruleset, seat, goal, title, "
            "difficulty, solution) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", row).lastrowid))
        return replace(puzzle, id=made)

    def own_puzzle(self, puzzle_id: int) -> tuple[str, Puzzle] | None:
        """The own puzzle ``puzzle_id`` with the person who made it, if there is one."""
        row = self.db.execute(f"SELECT {_OWN_FIELDS} FROM own_puzzles WHERE id = ?",
                              (puzzle_id,)).fetchone()
        return None if row is None else (row[1], _own(row))

    def own_puzzles(self, person: str) -> list[Puzzle]:
        """``person``'s own puzzles, oldest first."""
        return [_own(row) for row in self.db.execute(
            f"SELECT {_OWN_FIELDS} FROM own_puzzles WHERE person = ? ORDER BY id", (person,))]


_OWN_FIELDS = "id, person, position, ruleset, seat, goal, title, difficulty, solution"


def _own(row: tuple) -> Puzzle:
    puzzle_id, _, position, ruleset, seat, goal, title, difficulty, solution = row
    return Puzzle.from_json({"id": puzzle_id, "ruleset": ruleset, "position": position,
                             "seat": seat, "goal": goal, "difficulty": difficulty,
                             "title": json.loads(title), "solution": json.loads(solution)})


def _progress(row: tuple) -> Progress:
    attempts, solved, first, best = row
    return Progress(attempts, bool(solved), first,
                    None if best is None else tuple(json.loads(best)))
