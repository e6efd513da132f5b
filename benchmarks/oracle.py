"""The true hands of an arena's deck at any seat's view, for the benchmark scripts that
measure what a bot would do with them (an instrument: no bot is ever given this)."""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from argtypes import count, natural

from dizhu.arena import ArenaSpec, play_mode_deck
from dizhu.bots import make_bot
from dizhu.bots.expert import ExpertBot, Imagined
from dizhu.legs import run_about
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
    itself (counted as its ``samples``; with styles, the others' styles drawn for each as
    the bot reads them in that deal), and its endgame solves the one true way."""
    base = type(bot)

    class Told(base):  # type: ignore[misc, valid-type]
        def deals(self, view: SeatView, deadline: float) -> list[Imagined]:
            hands = oracle.hands(view)
            if not (self.infer and self.styles):
                return [(hands, self.samples, 0)]
            odds = self.inference(view).weigh(hands)[1]  # the others' styles, read as in play
            drawn = Counter(self.eager_seats(odds) for _ in range(self.samples))
            return [(hands, count, eager) for eager, count in drawn.most_common()]

        def hidden_deals(self, sampler: Sampler) -> list[Guess]:
            return [Guess(oracle.hands(sampler.view), 0)]

    Told.__name__ = Told.__qualname__ = f"Told{base.__name__}"
    bot.__class__ = Told
    return bot


def arena_arguments(parser: argparse.ArgumentParser, decks: int) -> None:
    """The arena's options the scripts take: A, B, decks, first deck, seed."""
    parser.add_argument("bot_a", help="a searching bot: expert or master, with settings")
    parser.add_argument("bot_b", help="another bot than A")
    parser.add_argument("--decks", type=count, default=decks)
    parser.add_argument("--first-deck", type=natural, default=0)
    parser.add_argument("--seed", default="0")


def arena_spec(parser: argparse.ArgumentParser, args: argparse.Namespace,
               legs: str | None = None) -> ArenaSpec:
    """The play-mode arena the arguments name, with A a searching bot and B another one,
    and ``legs`` a file that can be written: refused in words before any deck is played."""
    try:
        spec = ArenaSpec(args.bot_a, args.bot_b, args.decks, args.seed, "play",
                         first_deck=args.first_deck)
        if legs is not None:
            run_about(spec)
    except (ValueError, ImportError) as e:
        parser.error(str(e))
    if spec.bot_a == spec.bot_b:
        parser.error(f"A and B are the same bot ({spec.bot_a}): B's seats would be A's")
    if not issubclass(type(make_bot(spec.bot_a)), ExpertBot):
        parser.error(f"{spec.bot_a} does not search imagined deals (expert, master do)")
    if legs is not None:
        path = Path(legs)
        if path.is_dir() or not path.absolute().parent.is_dir():
            parser.error(f"--legs: cannot write {legs} (a folder, or no such folder)")
    return spec
