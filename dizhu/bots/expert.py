"""``expert``: determinized search over the hidden hands.

For each decision it deals the cards it cannot see between the two other seats many times,
consistently with the view (the landlord keeps the kitty cards it has not played; deals
that contradict what the others' passes suggest are redrawn a few times), and plays every
candidate out in every deal with the ``normal`` policy for all three seats. It picks the
candidate that wins most often (``normal``'s choice among equals). When few cards are
hidden, ``hard``'s exact solver decides instead.

``samples`` sets how many deals it imagines per decision; ``budget`` (seconds) caps the
time of one decision. It is deterministic for a seed as long as the cap is not reached.
"""

from __future__ import annotations

import time

from ..cards import UNIT, counts, size
from ..combos import PASS, Play
from ..movegen import follow_plays, lead_plays
from ..view import SeatView
from .handeval import HandEvaluator
from .hard import HardBot
from .inference import consistent, landlord_known, passed_on
from .situation import Situation


class ExpertBot(HardBot):
    name = "expert"
    samples = 16
    candidates = 6
    budget = 1.0
    redraws = 8
    """Redraws of a deal that contradicts the passes before it is taken anyway."""

    def midgame(self, view: SeatView) -> Play:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        s = Situation.of(view)
        if any(p.cards == s.hand for p in legal):
            return next(p for p in legal if p.cards == s.hand)
        ev = self.evaluator(view)
        options = self.options(s, legal, ev)
        if len(options) == 1:
            return options[0]
        return self.search(view, s, options, ev)

    def options(self, s: Situation, legal: list[Play], ev: HandEvaluator) -> list[Play]:
        """The plays worth searching: ``normal``'s choice first, then its next best."""
        first = self.choose(s, legal, ev)
        if s.top is None:
            ranked = self.ranked_leads(s, legal, ev)
        else:
            base = ev.cost(s.hand)
            ranked = sorted((p for p in legal if not p.is_pass),
                            key=lambda p: (ev.extra_cost(s.hand, p, base),
                                           p.main))
            ranked.insert(0, PASS)
        out = [first]
        for p in ranked:
            if len(out) >= self.candidates:
                break
            if p not in out:
                out.append(p)
        return out

    def search(self, view: SeatView, s: Situation, options: list[Play],
               ev: HandEvaluator) -> Play:
        deadline = time.perf_counter() + self.budget
        wins = dict.fromkeys(options, 0)
        seat, landlord = s.seat, s.landlord
        passes = view.passes
        for _ in range(self.samples):
            hands = self.imagine(view, s)
            for play in options:
                if self.rollout(hands, seat, s.top, s.top_seat, passes, landlord, play, ev) \
                        == (seat == landlord):
                    wins[play] += 1
            if time.perf_counter() > deadline:
                break
        best = max(wins.values())
        return next(p for p in options if wins[p] == best)

    def imagine(self, view: SeatView, s: Situation) -> list[int]:
        """One deal of the hidden cards consistent with the view, as three hands."""
        seat, landlord = s.seat, s.landlord
        first, second = [o for o in range(3) if o != seat]
        fixed = [0, 0, 0]
        if seat != landlord:
            fixed[landlord] = landlord_known(view)
        pool = []
        free = s.unseen - fixed[landlord] if seat != landlord else s.unseen
        for r, n in enumerate(counts(free)):
            pool += [UNIT[r]] * n
        need = s.left[first] - size(fixed[first])
        passed = passed_on(view)
        hands = [0, 0, 0]
        for _ in range(self.redraws):
            self.rng.shuffle(pool)
            a = sum(pool[:need]) + fixed[first]
            b = sum(pool[need:]) + fixed[second]
            if consistent(a, passed[first]) and consistent(b, passed[second]):
                break
        hands[seat], hands[first], hands[second] = s.hand, a, b
        return hands

    def rollout(self, hands: list[int], to_move: int, top: Play | None, top_seat: int,
                passes: int, landlord: int, play: Play, ev: HandEvaluator) -> bool:
        """Whether the landlord wins when ``to_move`` makes ``play`` and everyone then
        plays the ``normal`` policy with every hand known."""
        hands = hands[:]
        left = [size(h) for h in hands]
        while True:
            if play.is_pass:
                passes += 1
                if passes == 2:
                    top, passes, to_move = None, 0, top_seat
                else:
                    to_move = (to_move + 1) % 3
            else:
                hands[to_move] -= play.cards
                left[to_move] -= play.size
                if not hands[to_move]:
                    return to_move == landlord
                top, top_seat, passes = play, to_move, 0
                to_move = (to_move + 1) % 3
            hand = hands[to_move]
            legal = lead_plays(hand) if top is None else follow_plays(hand, top)
            if len(legal) == 1:
                play = legal[0]
                continue
            others = sum(hands) - hand
            s = Situation(to_move, landlord, hand, tuple(left), top, top_seat, others)
            play = self.choose(s, legal, ev)

