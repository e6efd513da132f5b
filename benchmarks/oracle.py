"""The true hands of an arena's deck at any seat's view, for the benchmark scripts that
measure what a bot would do with them (an instrument: no bot is ever given this)."""

from __future__ import annotations

from dizhu.arena import ArenaSpec, play_mode_deck
from dizhu.bots.expert import ExpertBot
from dizhu.sampling import Guess, Sampler
from dizhu.view import SeatView


class Oracle:
    """The hands of the ``play``-mode deck being played, as the seats hold them at a view:
    set :attr:`dealt` with :meth:`deck` before each deck."""

    def __init__(self) -> None:
        self.dealt: tuple[int, ...] = ()

    def deck(self, spec: ArenaSpec, index: int) -> None:
        self.dealt = play_mode_deck(spec, index).hands

    def hands(self, view: SeatView) -> tuple[int, ...]:
        hands = tuple(h - view.played[s] for s, h in enumerate(self.dealt))
        if hands[view.seat] != view.hand_ranks:
            raise AssertionError("the oracle's deck is not the one being played")
        return hands


def told(bot: ExpertBot, oracle: Oracle) -> ExpertBot:
    """``bot`` made to imagine only the true deal: every deal it would draw is the deal
    itself (counted as its ``samples``), and its endgame solves the one true way."""
    base = type(bot)

    class Told(base):  # type: ignore[misc, valid-type]
        def deals(self, view: SeatView, deadline: float) -> list[tuple[tuple[int, ...], int]]:
            return [(oracle.hands(view), self.samples)]

        def hidden_deals(self, sampler: Sampler) -> list[Guess]:
            return [Guess(oracle.hands(sampler.view), 0)]

    Told.__name__ = Told.__qualname__ = f"Told{base.__name__}"
    bot.__class__ = Told
    return bot
