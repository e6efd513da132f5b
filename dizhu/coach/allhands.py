"""The all-hands answer of a finished deal (bridge's double-dummy result): who wins with
best play from the start of play with every hand known, and the first play after which the
result changed hands.

The engine's exact solver (:mod:`dizhu.solve`) answers each position the play went
through. It works from the end of the deal back to its start, so what it settled late in
the deal is remembered when it reaches the earlier, larger positions, within ``seconds`` in
all; a position it cannot settle within its share is reported as not solved, plainly, and
after :data:`GIVE_UP` of them in a row the earlier positions are not tried.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass
from typing import Any

from ..combos import Play
from ..deal import Deal, Phase
from ..position import Position
from ..record import replay
from ..solve import Solver
from .review import rewound

GIVE_UP = 3
"""Unsettled positions in a row after which the earlier (larger) ones are not tried."""


@dataclass(frozen=True)
class Moment:
    """One position of the play: before the play of ``step`` (counted from 1 among the
    deal's actions), with the solver's answer."""

    step: int
    seat: int
    """The seat to move, which then made ``play``."""
    play: Play
    solved: bool
    landlord_wins: bool | None
    line: tuple[Play, ...]
    """Best play from here (the principal variation), when solved."""
    whole: bool = False
    """Whether :attr:`line` goes to the end of the deal (it stops where a position is not
    settled within the budget of one)."""


@dataclass(frozen=True)
class Change:
    """The play after which the side that wins with best play changed."""

    step: int
    seat: int
    play: Play
    before: str
    """``"landlord"`` or ``"peasants"``: who won with best play before it."""
    after: str
    since: int
    """The step of the last position solved before it: ``step`` itself when the play
    is known to have changed it; an earlier step when positions between were not solved
    (the change came with one of the plays from ``since`` to ``step``)."""


@dataclass(frozen=True)
class AllHands:
    landlord: int
    moments: tuple[Moment, ...]
    """Every position of the play, in order (none for a deal thrown in)."""
    change: Change | None
    """The first change among the solved positions, or ``None``."""
    winner: str | None
    """Who actually won: ``"landlord"`` or ``"peasants"``."""

    @property
    def start(self) -> Moment | None:
        return self.moments[0] if self.moments else None

    @property
    def first_solved(self) -> Moment | None:
        return next((m for m in self.moments if m.solved), None)

    def to_json(self) -> dict[str, Any]:
        start, first = self.start, self.first_solved
        return {
            "landlord": self.landlord, "winner": self.winner,
            "start": None if start is None else _moment_json(start),
            "first_solved": None if first is None else _moment_json(first),
            "change": None if self.change is None else {
                "step": self.change.step, "seat": self.change.seat,
                "play": self.change.play.text, "before": self.change.before,
                "after": self.change.after, "since": self.change.since},
            "solved": sum(m.solved for m in self.moments), "positions": len(self.moments),
        }

    def sentences(self) -> list[str]:
        """The answer in plain English, a sentence a line."""
        start, first = self.start, self.first_solved
        if start is None:
            return ["The deal was thrown in: nobody played."]
        lines = []
        if start.solved:
            lines.append(f"With every hand known, the {_side(start.landlord_wins)} win "
                         f"with best play from the start of play{_line_text(start)}")
        else:
            lines.append("From the start of play: not solved within the budget.")
            if first is not None:
                lines.append(f"From step {first.step} on (solved): the "
                             f"{_side(first.landlord_wins)} win with best play"
                             f"{_line_text(first)}")
        if self.change is not None:
            c = self.change
            if c.since == c.step:
                lines.append(f"The result changed hands at step {c.step}: seat {c.seat}'s "
                             f"{c.play.text} turned it from the {c.before} to the {c.after}.")
            else:
                lines.append(f"The result changed hands from the {c.before} to the "
                             f"{c.after} between steps {c.since} and {c.step} (the "
                             "positions between were not solved).")
        elif first is not None:
            lines.append("The result never changed hands after that.")
        return lines


def all_hands(source: Deal | dict | str, seconds: float = 10.0, memory: int = 2_000_000,
              nodes: int = 1_500_000) -> AllHands:
    """The all-hands answer of the finished deal ``source`` (a deal or a record), the solver
    given ``seconds`` in all and ``nodes`` per position at most."""
    deal = source if isinstance(source, Deal) else replay(source)
    history, walk = rewound(deal)
    positions: list[tuple[int, int, Play, Position]] = []
    for step, (seat, action, cards) in enumerate(history, 1):
        if walk.phase is Phase.PLAY and isinstance(action, Play):
            positions.append((step, seat, action, walk.position.copy()))
        walk.push(action, seat, cards or None)
    solver = Solver(deal.rules, memory=memory)
    deadline = time.perf_counter() + seconds
    answers: dict[int, Any] = {}
    misses = 0
    for step, _, _, position in reversed(positions):
        left = deadline - time.perf_counter()
        if left <= 0 or misses >= GIVE_UP:
            break
        answers[step] = answer = solver.solve(position, nodes=nodes, seconds=left,
                                              points=False)
        misses = 0 if answer.solved else misses + 1
    solved = [(step, position) for step, _, _, position in positions
              if step in answers and answers[step].solved]
    lines = {step: _line(solver, position) for step, position in solved[:1]}  # the first
    moments = tuple(
        Moment(step, seat, play, step in answers and answers[step].solved,
               answers[step].landlord_wins if step in answers else None,
               *lines.get(step, ((), False)))
        for step, seat, play, _ in positions)
    winner = None
    if deal.phase is Phase.OVER and deal.position.winner >= 0:
        winner = "landlord" if deal.position.winner == deal.landlord else "peasants"
    return AllHands(deal.landlord, moments, _first_change(moments), winner)


def _line(solver: Solver, position: Position,
          nodes: int = 300_000) -> tuple[tuple[Play, ...], bool]:
    """A line of best play from a solved ``position``: the side that can win plays its
    first winning play, the other its first legal play (every play loses for it); it stops
    short where a position is not settled within ``nodes``."""
    position = position.copy()
    line: list[Play] = []
    while not position.is_over:
        answer = solver.solve(position, nodes=nodes, points=False)
        if not answer.solved:
            break
        ours = (position.to_move == position.landlord) == answer.landlord_wins
        play = answer.winning_plays[0] if ours and answer.winning_plays else \
            position.legal_plays()[0]
        line.append(play)
        position.push(play)
    return tuple(line), position.is_over


def _first_change(moments: tuple[Moment, ...]) -> Change | None:
    solved = [m for m in moments if m.solved]
    for earlier, later in itertools.pairwise(solved):
        if earlier.landlord_wins != later.landlord_wins:
            culprit = moments[moments.index(later) - 1]
            return Change(culprit.step, culprit.seat, culprit.play,
                          _side(earlier.landlord_wins), _side(later.landlord_wins),
                          earlier.step)
    return None


def _line_text(m: Moment, most: int = 8) -> str:
    """``: PLAY PLAY ...`` (the moment's line, its first ``most`` plays) and a full stop."""
    if not m.line:
        return "."
    shown = " / ".join(p.text for p in m.line[:most])
    return f": {shown}{' ...' if len(m.line) > most or not m.whole else '.'}"


def _side(landlord_wins: bool | None) -> str:
    return "landlord" if landlord_wins else "peasants"


def _moment_json(m: Moment) -> dict[str, Any]:
    return {"step": m.step, "seat": m.seat, "solved": m.solved,
            "winner": _side(m.landlord_wins) if m.solved else None,
            "line": [p.text for p in m.line], "whole_line": m.whole}
