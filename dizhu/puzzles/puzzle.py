"""One endgame puzzle (残局): a position with every hand open, the seat a person plays, the
goal of its side, and the solution line, as JSON in and out; and how a line of plays from
the puzzle's position stands against the goal (:meth:`Puzzle.check`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..combos import Play
from ..position import Position
from ..rules import RuleSet
from ..rulesets import find_ruleset
from ..solve.goals import Goal, GoalSearch, is_bomb

LANGUAGES = ("en", "zh")
"""The languages of a puzzle's title."""

GOAL_WORDS = {
    Goal.WIN: ("win", "取胜"),
    Goal.SPRING: ("win with a spring: the other side plays no card", "打出春天：对方一张不出"),
    Goal.NO_BOMB: ("win without playing a bomb or the rocket", "不出炸弹或王炸取胜"),
}
"""Each goal in words, English and Chinese."""


class PuzzleError(ValueError):
    """A puzzle that cannot be read, or a line that is no line of it; the message says why."""


@dataclass(frozen=True)
class Step:
    """One play (or pass) of a solution line; ``unique`` on the side's steps where every
    other play of the seat fails the goal."""

    play: str
    unique: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"play": self.play, "unique": True} if self.unique else {"play": self.play}


@dataclass(frozen=True)
class Check:
    """Where a line of plays from a puzzle's position leaves the goal."""

    position: Position
    """The position after the line."""
    failure: str | None
    """Why the goal failed along the line, in words (``None`` while it has not)."""
    forced: bool
    """Whether the goal is (still) forced after the line: reached at the end of the play."""
    lost_at: int | None
    """The index of the side's play after which the goal was no longer forced (``None``
    when none was such a play)."""
    why: str | None = None
    """What broke the goal, as a code: ``other_out`` (the other side went out first),
    ``bomb`` (the side played a bomb or the rocket in a ``no_bomb`` puzzle) or ``spring``
    (the other side played a card in a ``spring`` puzzle); ``None`` while nothing did."""

    @property
    def solved(self) -> bool:
        """The play ended with the goal reached."""
        return self.position.is_over and self.failure is None


@dataclass(frozen=True)
class Puzzle:
    """A puzzle as shipped (:func:`~dizhu.puzzles.load_puzzles`)."""

    id: int
    ruleset: str
    position: str
    """The position as :meth:`~dizhu.position.Position.text` writes it (no counters)."""
    seat: int
    """The seat the person plays (to move at the start); its side's other seats are
    played by the person too, every hand being open."""
    goal: Goal
    difficulty: int
    """1 (easy) to 5 (hard)."""
    title: dict[str, str]
    """The title by language (``en``, ``zh``)."""
    solution: tuple[Step, ...]
    """A line from the position to the goal: the side's forcing plays and the defence's
    longest resistance."""
    _search: list[GoalSearch] = field(default_factory=list, compare=False, repr=False)

    # ----------------------------------------------------------------- reading

    @classmethod
    def from_json(cls, data: Any) -> Puzzle:
        """A puzzle from its JSON object; :class:`PuzzleError` saying what is wrong."""
        if not isinstance(data, dict):
            raise PuzzleError("a puzzle is a JSON object")
        try:
            title = data["title"]
            puzzle = cls(int(data["id"]), str(data["ruleset"]), str(data["position"]),
                         int(data["seat"]), Goal.of(data["goal"]), int(data["difficulty"]),
                         {lang: str(title[lang]) for lang in LANGUAGES},
                         tuple(Step(str(s["play"]), bool(s.get("unique", False)))
                               for s in data["solution"]))
        except (KeyError, TypeError) as e:
            raise PuzzleError(f"puzzle {data.get('id', '?')}: missing or bad field {e}") \
                from None
        except ValueError as e:
            raise PuzzleError(f"puzzle {data.get('id', '?')}: {e}") from None
        puzzle.start()  # the ruleset and the position are read now, or refused
        return puzzle

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "ruleset": self.ruleset, "position": self.position,
                "seat": self.seat, "goal": self.goal.value, "difficulty": self.difficulty,
                "title": dict(self.title), "solution": [s.to_json() for s in self.solution]}

    @property
    def rules(self) -> RuleSet:
        return find_ruleset(self.ruleset)

    def start(self) -> Position:
        """A fresh position at the puzzle's start; :class:`PuzzleError` if it is none."""
        try:
            pos = Position.from_text(self.position, self.rules)
        except ValueError as e:
            raise PuzzleError(f"puzzle {self.id}: {e}") from None
        if pos.is_over or pos.to_move != self.seat:
            raise PuzzleError(f"puzzle {self.id}: seat {self.seat} is not to move")
        return pos

    def search(self) -> GoalSearch:
        """The goal's search for the puzzle's side (one per puzzle, kept)."""
        if not self._search:
            self._search.append(GoalSearch(self.start(), self.goal, self.seat))
        return self._search[0]

    def title_in(self, language: str = "en") -> str:
        return self.title.get(language) or self.title["en"]

    @property
    def side(self) -> str:
        """``landlord``, ``peasants``, or ``peasant`` where there is one (two hands): the
        side the person plays."""
        if self.search().landlord_side:
            return "landlord"
        return "peasant" if self.rules.seats == 2 else "peasants"

    def ours(self, seat: int) -> bool:
        """Whether ``seat`` is of the person's side."""
        return self.search().ours(self.start(), seat)

    # ----------------------------------------------------------------- lines

    def read(self, position: Position, text: str) -> Play:
        """The play ``text`` (``KIND CARDS`` or ``pass``) names, legal for the seat to move
        at ``position``; :class:`PuzzleError` saying why not."""
        try:
            play = self.rules.parse_play(text, position.wild)
        except ValueError as e:
            raise PuzzleError(str(e)) from None
        why = position.why_illegal(play)
        if why is not None:
            raise PuzzleError(str(why))
        return play

    def solution_plays(self) -> list[Play]:
        """The solution line as plays."""
        pos = self.start()
        plays = []
        for step in self.solution:
            play = self.read(pos, step.play)
            pos.push(play)
            plays.append(play)
        return plays

    def check(self, line: Iterable[Play | str]) -> Check:
        """Play ``line`` (plays, or their texts) from the start and say where it leaves the
        goal: broken (and why), still forced or not, reached at the end. An illegal play
        is a :class:`PuzzleError` naming it."""
        search = self.search()
        pos = self.start()
        failure: str | None = None
        why: str | None = None
        lost_at: int | None = None
        forced = search.forced(pos)
        for index, given in enumerate(line):
            if pos.is_over:
                raise PuzzleError(f"play {index + 1}: the play is over")
            try:
                play = self.read(pos, given) if isinstance(given, str) else given
            except PuzzleError as e:
                raise PuzzleError(f"play {index + 1} ({given}): {e}") from None
            why = pos.why_illegal(play)
            if why is not None:
                raise PuzzleError(f"play {index + 1} ({play.text}): {why}")
            ours = search.ours(pos)
            if failure is None and not search.allowed(pos, play):
                failure = self._broken(pos, play)
                why = "bomb" if ours else "spring"
            pos.push(play)
            if failure is None:
                now = search.forced(pos)
                if forced and not now and ours:
                    lost_at = index
                forced = now
        if failure is None and pos.is_over and not search.reached(pos):
            failure, why = "the other side went out first", "other_out"
        return Check(pos, failure, failure is None and forced, lost_at, why)

    def _broken(self, position: Position, play: Play) -> str:
        """Why ``play`` of the seat to move breaks the goal."""
        if self.goal is Goal.NO_BOMB and is_bomb(play):
            return f"seat {position.to_move} played the {play.kind.label} {play.ranks}: " \
                   "the goal was to win without a bomb"
        return f"seat {position.to_move} played {play.text}: a spring needs the other " \
               "side to play no card"
