"""Card counting from a view: which cards another seat may still hold.

Certain: what :class:`dizhu.sampling.Sampler` deals by (the unseen cards; the kitty's cards
the landlord has not played are the landlord's). Likely: a seat that passed on an
opponent's play while holding plenty of cards does not hold a play of that kind that beats
it (bombs aside).
"""

from __future__ import annotations

from collections.abc import Callable

from ..combos import BOMBS, Play
from ..movegen import MoveGenerator
from ..sampling import Guess
from ..view import SeatView
from ..wild import WildMoves


def passed_on(view: SeatView) -> dict[int, list[Play]]:
    """For each seat, the opponents' plays it passed on while holding more than 2 cards."""
    out: dict[int, list[Play]] = {s: [] for s in range(view.seats)}
    landlord = view.landlord
    for entry in view.history:
        if entry.top is None or not entry.action.is_pass or entry.held <= 2:
            continue
        if (entry.seat == landlord) != (entry.top_seat == landlord):
            out[entry.seat].append(entry.top)
    return out


def consistent(hand: int, passes: list[Play], generator: MoveGenerator | WildMoves) -> bool:
    """Whether ``hand`` fits the passes: no play beating any of them but a bomb (of any
    class) or the rocket."""
    for top in passes:
        for play in generator.follow(hand, top):
            if not play.is_pass and play.kind not in BOMBS:
                return False
    return True


def plausible(view: SeatView) -> Callable[[Guess], bool]:
    """A test of a sampled deal (:meth:`dizhu.sampling.Sampler.sample`): whether every
    other seat's hand fits the passes it made."""
    passed = passed_on(view)
    generator = view.rules.moves(view.wild)
    others = [o for o in range(view.seats) if o != view.seat]

    def likely(guess: Guess) -> bool:
        return all(consistent(guess.hands[o], passed[o], generator) for o in others)

    return likely
