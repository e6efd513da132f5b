"""A person's own puzzles: a position of their choosing (a blunder of a reviewed deal, say)
made a puzzle once the goal search proves the goal forced.

    >>> puzzle = own_puzzle("3BR/4/5 0 0 -", "classic", 0, "spring", "Rocket first?")
    >>> puzzle.goal.value, puzzle.solution[0].play, puzzle.difficulty
    ('spring', 'rocket BR', 1)
    >>> own_puzzle("34/5/6 0 0 -", "classic", 0, "win", "Lost")
    Traceback (most recent call last):
    ...
    dizhu.puzzles.puzzle.PuzzleError: the goal is not forced from that position

:func:`own_puzzle` is the one way in: it reads the position as ``dizhu solve`` does,
proves the goal with :class:`~dizhu.solve.goals.GoalSearch` within a budget of positions
and writes the solution line (the side's quickest forcing plays, the defence's longest
resistance). Its refusals are :class:`~dizhu.puzzles.PuzzleError` carrying a
:class:`~dizhu.reasons.Reason`, said in the page's language. The store keeps what it made
(:meth:`dizhu.session.Store.add_own_puzzle`).
"""

from __future__ import annotations

from ..deal import Deal
from ..position import Position
from ..reasons import Reason
from ..rulesets import find_ruleset
from ..solve.goals import Goal, GoalSearch, TooBig
from .puzzle import LANGUAGES, Puzzle, PuzzleError, Step

BUDGET = 200_000
"""The most positions the proof of an own puzzle may expand (as the shipped puzzles'
maker allows): a bigger position is refused as too big to prove."""

GRADES = (5.5, 7.0, 8.5, 10.0)
"""The grades (:func:`difficulty`) above which a puzzle is of difficulty 2, 3, 4 and 5: the
shipped puzzles' fifths, near enough."""

MAX_TITLE = 80
"""The longest title of an own puzzle (characters)."""


def own_puzzle(position_text: str, ruleset: str, seat: int, goal: str | Goal,
               title: str | dict[str, str], limit: int = BUDGET) -> Puzzle:
    """A puzzle of ``position_text`` (as ``dizhu solve`` reads it) in ``ruleset``, played
    by ``seat`` (the seat to move) for ``goal`` (``win``, ``spring``, ``no_bomb``), named
    ``title`` (one text, or one per language); its id is 0 until the store gives it one.
    :class:`PuzzleError` with the reason when the text is bad, the goal not forced, or the
    proof would expand more than ``limit`` positions."""
    try:
        rules = find_ruleset(str(ruleset))
    except ValueError as e:
        raise PuzzleError(Reason("puzzle_ruleset", str(e), detail=str(ruleset))) from None
    try:
        position = Position.from_text(str(position_text), rules)
        if not position.is_over:
            Deal.from_position(position)  # a deal can start there: no hand over its size
    except ValueError as e:
        raise PuzzleError(Reason("puzzle_position", f"the position cannot be read: {e}",
                                 detail=str(e))) from None
    try:
        goal = Goal.of(goal)
    except ValueError as e:
        raise PuzzleError(Reason("puzzle_goal", str(e), detail=str(goal))) from None
    titles = _titles(title)
    if position.is_over:
        raise PuzzleError(Reason("puzzle_over", "the play is over in that position"))
    if seat != position.to_move:
        raise PuzzleError(Reason("puzzle_not_to_move", f"seat {seat} is not to move in that "
                                 f"position: seat {position.to_move} is", seat=seat,
                                 asked=position.to_move))
    search = GoalSearch(position, goal, seat, limit=limit)
    try:
        if not search.forced(position):
            raise PuzzleError(Reason("puzzle_not_forced",
                                     "the goal is not forced from that position"))
        line = solution_line(search, position)
    except TooBig:
        raise PuzzleError(Reason("puzzle_too_big", f"the position is too big to prove within "
                                 f"{limit} positions", n=limit)) from None
    puzzle = Puzzle(0, rules.name, position.text(), seat, goal, difficulty(position, line),
                    titles, tuple(line))
    puzzle.start()  # as the shipped ones are read: the position plays from its seat
    return puzzle


def _titles(title: str | dict[str, str]) -> dict[str, str]:
    """The title in each language (one text stands for all; a language not given has
    another's)."""
    given = title if isinstance(title, dict) else {lang: title for lang in LANGUAGES}
    some = next((str(t) for t in given.values() if str(t or "").strip()), "")
    titles = {lang: " ".join(str(given.get(lang) or some).split()) for lang in LANGUAGES}
    if not all(0 < len(t) <= MAX_TITLE for t in titles.values()):
        raise PuzzleError(Reason("puzzle_title", f"a puzzle's title is 1 to {MAX_TITLE} "
                                 "characters", n=MAX_TITLE))
    return titles


def solution_line(search: GoalSearch, position: Position) -> list[Step]:
    """From ``position`` (the goal forced) to the end: the side's forcing plays (the only
    one, else the quickest) marked unique where it is the only one of several legal plays,
    and the defence's answers."""
    line: list[Step] = []
    walk = position.copy()
    while not walk.is_over:
        if search.ours(walk):
            options = search.forcing_plays(walk)
            play = options[0] if len(options) == 1 else search.quickest(walk)
            assert play is not None, "the goal is forced"
            unique = len(options) == 1 and len(walk.legal_plays()) > 1
        else:
            play, unique = search.defence(walk), False
        line.append(Step(play.text, unique))
        walk.push(play)
    return line


def difficulty(position: Position, line: list[Step]) -> int:
    """1 (easy) to 5 (hard): the cards in play, the steps that leave but one play and the
    length of the line, as the shipped puzzles' grade weighs them."""
    cards = sum(position.left)
    uniques = sum(step.unique for step in line)
    grade = cards / 3 + uniques + len(line) / 6 + (position.top is not None) * 0.5
    return 1 + sum(grade > bound for bound in GRADES)
