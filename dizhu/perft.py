"""Perft: count the positions reachable in exactly ``depth`` actions (as chess engines do).

A mismatch against known counts, split by first action with :func:`divide`, points
straight at a move-generation or state-update bug. Works on a :class:`~dizhu.deal.Deal`
(every phase) or a bare :class:`~dizhu.position.Position` (the play phase).
"""

from __future__ import annotations

from .position import Position


def perft(deal: Position, depth: int) -> int:
    """Number of action sequences of length ``depth`` from this position."""
    if depth == 0:
        return 1
    actions = deal.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        deal.push_unchecked(action)
        total += perft(deal, depth - 1)
        deal.pop()
    return total


def divide(deal: Position, depth: int) -> dict[str, int]:
    """Perft split by the first action (``str`` of the action -> count)."""
    out = {}
    for action in deal.legal_actions():
        deal.push_unchecked(action)
        out[str(action)] = perft(deal, depth - 1)
        deal.pop()
    return out
