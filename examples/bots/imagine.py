"""A searching bot in Python, in a few lines: for each decision of the play it imagines the
cards it cannot see (``dizhu.Sampler``: deals consistent with everything its view shows),
plays each candidate out at random in every imagined deal, and keeps the candidate that
won most often. Its bids and doubles are ``easy``'s, and so is its first candidate.

    cd examples/bots && dizhu arena imagine:Imaginer easy --decks 20
    cd examples/bots && dizhu arena imagine:Imaginer:samples=32 normal --decks 20 --jobs 2

See docs/bots.md.
"""

from __future__ import annotations

from typing import ClassVar

from dizhu import Play, Sampler, SeatView
from dizhu.bots.easy import EasyBot


class Imaginer(EasyBot):
    name = "imaginer"
    samples = 8
    """Deals imagined per decision."""
    candidates = 6
    """Plays tried per decision: easy's choice, then the others in the order given."""
    limits: ClassVar[dict[str, tuple[float, float]]] = {
        "samples": (1, 1000), "candidates": (1, 100)}

    def play(self, view: SeatView) -> Play:
        if len(view.legal) == 1:
            return view.legal[0]
        options = list(dict.fromkeys([super().play(view), *view.legal]))[:self.candidates]
        wins = dict.fromkeys(options, 0)
        sampler = Sampler(view)
        for _ in range(self.samples):
            imagined = sampler.position(sampler.sample(self.rng))
            for play in options:
                position = imagined.copy()
                position.push(play)
                while not position.is_over:  # everyone plays at random from here
                    position.push_unchecked(self.rng.choice(position.legal_plays()))
                if position.landlord_won == (view.seat == view.landlord):
                    wins[play] += 1
        return max(options, key=wins.__getitem__)
