"""Endgame puzzles (残局): positions with every hand open, a goal for the side to move
(``win``, ``spring``, ``no_bomb``: :mod:`dizhu.solve.goals`) and a solution proved by the
search, shipped as package data (``dizhu/puzzles/data/*.json``, one file per ruleset).

    >>> puzzles = load_puzzles()
    >>> first = find_puzzle(1)
    >>> first.id, first.goal.value, first.check(first.solution_plays()).solved
    (1, 'win', True)

The terminal game (``dizhu puzzle N``) and the browser play them against
:meth:`~dizhu.solve.goals.GoalSearch.defence`; docs/puzzles.md tells how they are made.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from ..solve.goals import Goal, GoalSearch, defence, forced, forcing_plays
from .own import own_puzzle
from .puzzle import GOAL_WORDS, LANGUAGES, Check, Puzzle, PuzzleError, Step

__all__ = ["GOAL_WORDS", "LANGUAGES", "Check", "Goal", "GoalSearch", "Puzzle", "PuzzleError",
           "Step", "defence", "find_puzzle", "forced", "forcing_plays", "load_puzzles",
           "own_puzzle", "read_puzzles"]


def read_puzzles(text: str) -> list[Puzzle]:
    """The puzzles of one JSON file's text (a list of puzzle objects)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise PuzzleError(f"not JSON: {e}") from None
    if not isinstance(data, list):
        raise PuzzleError("a puzzle file is a JSON list of puzzles")
    return [Puzzle.from_json(item) for item in data]


@cache
def _shipped() -> tuple[Puzzle, ...]:
    found: list[Puzzle] = []
    folder = resources.files(__package__) / "data"
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            found.extend(read_puzzles(entry.read_text(encoding="utf-8")))
    found.sort(key=lambda p: p.id)
    return tuple(found)


def load_puzzles() -> list[Puzzle]:
    """Every shipped puzzle, by id (1, 2, ...: rising difficulty)."""
    return list(_shipped())


def find_puzzle(puzzle_id: int) -> Puzzle:
    """The shipped puzzle ``puzzle_id``; :class:`PuzzleError` if there is none."""
    for puzzle in _shipped():
        if puzzle.id == puzzle_id:
            return puzzle
    raise PuzzleError(f"no puzzle {puzzle_id}: the puzzles are 1 to {len(_shipped())}")
