"""The exact solver of the play phase, every hand known (an endgame, a puzzle, one guess
of the hidden cards, or a whole deal laid open).

    >>> from dizhu import Position
    >>> from dizhu.solve import solve
    >>> answer = solve(Position.from_text("3BR/4/5 0 0 -"))
    >>> answer.winner, [p.text for p in answer.winning_plays]
    ('landlord', ['rocket BR', 'single B', 'single R'])
    >>> [p.text for p in answer.line], answer.rockets, answer.spring, answer.multiplier
    (['rocket BR', 'pass', 'pass', 'single 3'], 1, True, 4)

Best play means: each side wins if it can (the peasants are one team); then the side that
wins maximises the doublings it wins (bombs, rockets, spring, anti-spring) and the side
that loses minimises them (:mod:`dizhu.solve.values`). The answer is :class:`Solution`;
a budget of nodes or seconds makes it "not solved" instead of running away. The compiled
core's search (csrc/solve.c) runs when the compiled core does, else the pure-Python one
(:mod:`dizhu.solve.pure`); both give the same answers.
"""

from .solver import LANDLORD, PEASANTS, Solution, Solver, end_points, solve
from .values import spring_state

__all__ = ["LANDLORD", "PEASANTS", "Solution", "Solver", "end_points", "solve",
           "spring_state"]
