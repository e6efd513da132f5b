"""The solver's searches in Python: the readable reference, and the fallback where the
compiled core does not run (csrc/solve.c follows it, adding only speed).

Two searches share what they settle. :meth:`PureSearch.wins` asks whether the landlord
wins with best play, the peasants being one team: it stops at the first play that wins
for the side to move and remembers every position it settled. :meth:`PureSearch.at_least`
asks whether a position's value (:mod:`dizhu.solve.values`) is at least ``t``: the value
is found by asking for ``t = 2, 3, ...`` (a landlord's win) or ``-1, -2, ...`` (the
peasants') until the answer changes, each answer narrowing the bounds remembered for the
position. Every such question asks :meth:`~PureSearch.wins` first, which settles most of
them: a side's value questions only ever walk the lines it wins.

The search walks a :class:`~dizhu.position.Position` of its own (:class:`Start` makes
it) with ``push_unchecked`` and ``pop``. What it remembers is keyed by
``Position.outcome_key()`` (the hands, the landlord, the seat to move and the trick), and for
values by the spring state too; the doublings made before only multiply, so no key
holds them.
"""

from __future__ import annotations

import time

from ..combos import Play
from ..position import Position
from .outcome import Budget, Outcome
from .start import Start
from .values import back_through, end_value, most_doublings, needed, spring_state

_LOWEST, _HIGHEST = -(1 << 30), 1 << 30


class OutOfBudget(Exception):
    """The search used up its budget."""


class PureSearch:
    """The searches of one ruleset; what they settle is kept between solves, up to
    ``memory`` positions (then they start afresh)."""

    def __init__(self, memory: int = 1_000_000) -> None:
        self.memory = memory
        self.won: dict[tuple, bool] = {}
        """Position key -> whether the landlord wins."""
        self.bounds: dict[tuple, tuple[int, int]] = {}
        """(position key, spring state) -> (lowest, highest) value."""
        self.nodes = 0
        self._limit = 0
        self._deadline: float | None = None

    def forget(self) -> None:
        self.won.clear()
        self.bounds.clear()

    # ----------------------------------------------------------------- a solve

    def run(self, start: Start, points: bool, budget: Budget, plays: bool = True) -> Outcome:
        """Solve the position ``start`` describes (one with a seat to move); with
        ``plays``, find every winning play of the seat to move, else who wins only."""
        self.nodes = 0
        self._limit = budget.nodes if budget.nodes is not None else _HIGHEST
        self._deadline = None if budget.seconds is None else \
            time.perf_counter() + budget.seconds
        if len(self.won) + len(self.bounds) > self.memory:
            self.forget()
        pos = start.position()
        try:
            return self._root(pos, points, plays)
        except OutOfBudget:
            return Outcome(False, self.nodes)

    def _root(self, pos: Position, points: bool, plays: bool) -> Outcome:
        winning = []
        if plays:
            self._count()
            side = pos.to_move == pos.landlord
            for play in self._ordered(pos):
                if self._wins_after(pos, play) == side:
                    winning.append(play)
            landlord_wins = bool(winning) if side else not winning
            self.won[pos.outcome_key()] = landlord_wins
        else:
            landlord_wins = self.wins(pos)
        outcome = Outcome(True, 0, landlord_wins, winning)
        if points:
            outcome.value = self._value(pos, landlord_wins)
            outcome.line = self._line(pos, outcome.value)
        outcome.nodes = self.nodes
        return outcome

    def _count(self) -> None:
        self.nodes += 1
        if self.nodes > self._limit or (
                self._deadline is not None and (self.nodes == 1 or not self.nodes & 255)
                and time.perf_counter() > self._deadline):
            raise OutOfBudget

    @staticmethod
    def _ordered(pos: Position) -> list[Play]:
        """The legal plays, going out first, then the plays of more cards."""
        hand = pos.hands[pos.to_move]
        return sorted(pos.legal_plays(), key=lambda p: (p.cards != hand, -p.size))

    # ----------------------------------------------------------------- win or lose

    def _wins_after(self, pos: Position, play: Play) -> bool:
        pos.push_unchecked(play)
        won = pos.winner == pos.landlord if pos.winner >= 0 else self.wins(pos)
        pos.pop()
        return won

    def wins(self, pos: Position) -> bool:
        """Whether the landlord wins ``pos`` (a seat to move) with best play."""
        key = pos.outcome_key()
        found = self.won.get(key)
        if found is not None:
            return found
        self._count()
        side = pos.to_move == pos.landlord
        result = not side
        for play in self._ordered(pos):
            if self._wins_after(pos, play) == side:
                result = side
                break
        self.won[key] = result
        return result

    # ----------------------------------------------------------------- values

    def _worth_at_least(self, pos: Position, play: Play, threshold: int, state: int) -> bool:
        """Whether ``play`` of the seat to move (spring state ``state``) is worth
        ``threshold`` or more."""
        pos.push_unchecked(play)
        if pos.winner >= 0:
            ok = end_value(pos.winner == pos.landlord, play.doubling, state) >= threshold
        else:
            ok = self.at_least(pos, needed(threshold, play.doubling))
        pos.pop()
        return ok

    def at_least(self, pos: Position, threshold: int) -> bool:
        """Whether the value of ``pos`` (a seat to move) is ``threshold`` or more."""
        won = self.wins(pos)
        if won and threshold <= 1:
            return True
        if not won and threshold >= 0:
            return False
        state = spring_state(pos.plays_made, pos.landlord)
        most = 1 + most_doublings(pos.hands, pos.rules.combos, state, won, pos.wild)
        if threshold > most if won else threshold <= -most:
            return not won  # beyond what the winner can reach
        key = (pos.outcome_key(), state)
        low, high = self.bounds.get(key, (_LOWEST, _HIGHEST))
        if low >= threshold:
            return True
        if high < threshold:
            return False
        self._count()
        side = pos.to_move == pos.landlord
        result = not side
        for play in self._ordered(pos):
            if self._worth_at_least(pos, play, threshold, state) == side:
                result = side
                break
        self.bounds[key] = (max(low, threshold), high) if result else \
            (low, min(high, threshold - 1))
        return result

    def _value(self, pos: Position, landlord_wins: bool) -> int:
        """The exact value of ``pos``, whose winner is known."""
        if landlord_wins:
            value = 1
            while self.at_least(pos, value + 1):
                value += 1
        else:
            value = -1
            while not self.at_least(pos, value):
                value -= 1
        return value

    def _line(self, pos: Position, value: int) -> list[Play]:
        """A principal variation from ``pos`` (worth ``value``): at every step the first
        play (in search order) worth the value; ``pos`` is left as it was."""
        line: list[Play] = []
        while pos.winner < 0:
            side = pos.to_move == pos.landlord
            state = spring_state(pos.plays_made, pos.landlord)
            for play in self._ordered(pos):
                worth = self._worth_at_least(pos, play, value, state) if side else \
                    not self._worth_at_least(pos, play, value + 1, state)
                if worth:
                    break
            else:  # pragma: no cover - the value says some play is worth it
                raise AssertionError("no play is worth the position's value")
            line.append(play)
            pos.push_unchecked(play)
            value = back_through(value, play.doubling)
        for _ in line:
            pos.pop()
        return line
