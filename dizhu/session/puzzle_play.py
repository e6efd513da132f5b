"""A try at a puzzle without any transport: the person's plays (for every seat of their
side, read as the table reads a seat's input: :func:`.entry.action_of`) and between them
the perfect defence (:meth:`~dizhu.solve.goals.GoalSearch.defence`), from the puzzle's
start; and what a page shows of it, every hand open.

A try is rebuilt from the person's plays alone each time (the defence is the search's, never
the page's): taking a play back is asking for the line without it.

    >>> from dizhu.puzzles import find_puzzle
    >>> done = PuzzleTry(find_puzzle(1), [{"seat": 2, "cards": ["Js", "Jh"]},
    ...                                   {"seat": 0, "play": "pass"},
    ...                                   {"seat": 2, "cards": ["3h"]}])
    >>> done.solved, [play.text for play in done.line]
    (True, ['pair JJ', 'pass', 'pass', 'single 3'])
"""

from __future__ import annotations

from typing import Any

from ..cards import card_text
from ..combos import Play
from ..deal import Deal
from ..position import Position
from ..puzzles import GOAL_WORDS, Check, Puzzle
from ..reasons import Reason
from ..view import public_history
from .entry import action_of
from .refusals import ActionError

MAX_PLAYS = 200
"""More of the person's plays than any puzzle's line has: a longer request is refused."""


class PuzzleTry:
    """The try that ``plays`` (the person's, in order; each a table action such as
    ``{"seat": 0, "cards": ["3s", "3h"]}`` or ``{"seat": 0, "play": "pass"}``) make of
    ``puzzle``, the defence answering each, up to the person's next turn or the end.
    :class:`ActionError` names the first play that is out of turn, not legal or cannot
    be read (an :class:`~dizhu.deal.AmbiguousPlayError` the one that reads two ways)."""

    def __init__(self, puzzle: Puzzle, plays: list[Any]) -> None:
        if not isinstance(plays, list) or len(plays) > MAX_PLAYS:
            raise ActionError(Reason("puzzle_request", "the server could not read that "
                                     "request: the plays are a list of actions",
                                     detail="the plays are a list of actions"))
        self.puzzle = puzzle
        self.search = puzzle.search()
        self.deal = Deal.from_position(puzzle.start())
        self.line: list[Play] = []
        """Every play and pass from the puzzle's position, the defence's too."""
        self.broken = False
        """A play broke the goal (a bomb in ``no_bomb``, the other side's card in
        ``spring``): the try ended there."""
        self._answer()
        for index, message in enumerate(plays):
            if self.ended:
                raise ActionError(Reason("puzzle_ended", "this try is over: retry, or take "
                                         "back a play"))
            self._push_own(message)
            self._answer()
            if index < len(plays) - 1 and self.ended:
                raise ActionError(Reason("puzzle_ended", "this try is over: retry, or take "
                                         "back a play"))

    # ----------------------------------------------------------------- playing

    def _push_own(self, message: Any) -> None:
        deal = self.deal
        seat = deal.to_move
        if not isinstance(message, dict):
            raise ActionError(Reason("unknown_action", "unknown action: pass, play or cards"))
        message = dict(message)
        asked = message.pop("seat", seat)
        if asked != seat:
            raise ActionError(Reason("not_your_turn", f"it is seat {seat}'s turn, not seat "
                                     f"{asked}'s", seat=seat, asked=asked))
        action, cards = action_of(deal, seat, message)
        self._push(action, cards)

    def _push(self, play: Any, cards: list[int] | None = None) -> None:
        position = self.deal.position
        if not isinstance(play, Play):
            raise ActionError(Reason("play_begun", "the play has begun: play cards or pass"))
        why = position.why_illegal(play)
        if why is not None:
            raise ActionError(why)
        allowed = self.search.allowed(position, play)
        self.deal.push(play, cards=cards)
        self.line.append(play)
        self.broken = self.broken or not allowed

    def _answer(self) -> None:
        """The defence's plays, up to the person's turn or the end."""
        while not self.ended and not self.search.ours(self.deal.position):
            self._push(self.search.defence(self.deal.position))

    # ----------------------------------------------------------------- where it stands

    @property
    def ended(self) -> bool:
        return self.broken or self.deal.position.is_over

    def check(self) -> Check:
        return self.puzzle.check(self.line)

    @property
    def solved(self) -> bool:
        return self.ended and self.check().solved

    def end_json(self) -> dict[str, Any] | None:
        """How the try ended (``None`` while it goes on): solved, or failed and why
        (:attr:`~dizhu.puzzles.Check.why`), with the person's play that let the goal slip
        away, if one did."""
        if not self.ended:
            return None
        check = self.check()
        slipped = None if check.lost_at is None else self.line[check.lost_at].text
        return {"solved": check.solved, "why": check.why, "slipped": slipped,
                "plies": len(self.line)}

    def frame(self) -> dict[str, Any]:
        """The table now, every hand open: :func:`frame`."""
        return frame(self.puzzle, self.deal)


def frame(puzzle: Puzzle, deal: Deal) -> dict[str, Any]:
    """What a page shows of ``deal`` (a try, or the solution, from ``puzzle``'s start):
    each seat's cards and side, whose turn, the current trick and what was played since the
    position, and whether the seat to move may pass."""
    suited, held = deal.replay_suits()
    history, trick_start = public_history(deal, suited)
    position: Position = deal.position
    search = puzzle.search()
    return {
        "seats": [{"seat": seat, "ours": search.ours(position, seat),
                   "role": "landlord" if seat == position.landlord else "peasant",
                   "hand": [card_text(c) for c in held[seat].cards()]}
                  for seat in range(position.seats)],
        "landlord": position.landlord,
        "to_move": -1 if position.is_over else position.to_move,
        "ours_to_move": not position.is_over and search.ours(position),
        "may_pass": not position.is_over and position.top is not None,
        "trick": [a.to_json() for a in history[trick_start:]],
        "history": [a.to_json() for a in history],
        "wild": deal.rules.wild_text(position.wild) if position.wild else "",
        "over": position.is_over,
    }


def puzzle_json(puzzle: Puzzle, key: str) -> dict[str, Any]:
    """What a page lists and shows of a puzzle: its key, number, ruleset, goal (and in
    words), difficulty, titles, the seat and the side the person plays."""
    english, chinese = GOAL_WORDS[puzzle.goal]
    return {"key": key, "id": puzzle.id, "own": not key.isdigit(), "ruleset": puzzle.ruleset,
            "goal": puzzle.goal.value, "goal_words": {"en": english, "zh": chinese},
            "difficulty": puzzle.difficulty, "title": dict(puzzle.title),
            "seat": puzzle.seat, "side": puzzle.side, "position": puzzle.position,
            "steps": len(puzzle.solution)}


def solution_frames(puzzle: Puzzle) -> list[dict[str, Any]]:
    """The table at the start and after each step of the solution, with the step (its
    play, its seat and whether it was the only one that keeps the goal)."""
    deal = Deal.from_position(puzzle.start())
    frames = [{**frame(puzzle, deal), "step": None}]
    for step, play in zip(puzzle.solution, puzzle.solution_plays(), strict=True):
        seat = deal.to_move
        deal.push(play)
        frames.append({**frame(puzzle, deal),
                       "step": {"seat": seat, "play": play.text, "unique": step.unique}})
    return frames


def side_requests(puzzle: Puzzle) -> list[dict[str, Any]]:
    """The person's plays of the puzzle's solution, as the page sends them (``{seat,
    play}``; the defence's plays between are the try's)."""
    search = puzzle.search()
    pos = puzzle.start()
    plays = []
    for play in puzzle.solution_plays():
        if search.ours(pos):
            plays.append({"seat": pos.to_move, "play": play.text})
        pos.push(play)
    return plays
