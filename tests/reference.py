"""A slow, obviously correct reference for legal plays and whole deals: classify every
sub-multiset, and play the auctions and tricks as docs/rules.md words them.

It shares nothing with the fast generator, the universe, the positions or the auction
protocols but :func:`dizhu.combos.readings`, the rule book's definition of a combination.
"""

from __future__ import annotations

from itertools import product

from dizhu.cards import NUM_RANKS, UNIT, counts
from dizhu.combos import CLASSIC_COMBOS, PASS, CombinationRules, Play, beats, parse_play, readings


def sub_multisets(hand: int):
    """Every non-empty sub-multiset of a hand, as rank counts."""
    held = counts(hand)
    for choice in product(*(range(n + 1) for n in held)):
        cards = sum(k * UNIT[r] for r, k in zip(range(NUM_RANKS), choice, strict=True))
        if cards:
            yield cards


def reference_plays(hand: int, top: Play | None = None, distinct: bool = False,
                    combos: CombinationRules = CLASSIC_COMBOS) -> set[str]:
    """The legal plays as ``KIND CARDS`` lines (with ``pass`` when following)."""
    out = set()
    for cards in sub_multisets(hand):
        for play in readings(cards, distinct, combos):
            if top is None or beats(play, top):
                out.add(play.text)
    if top is not None:
        out.add(PASS.text)
    return out


def reference_perft(hands: list[int], to_move: int, top: Play | None, top_seat: int,
                    passes: int, depth: int, distinct: bool = False,
                    combos: CombinationRules = CLASSIC_COMBOS) -> int:
    """Perft of the play phase with the reference generator and the rules written out
    plainly, for any number of seats: a leader may not pass; after a play, as many passes
    in a row as there are other seats clear the trick; the deal ends when a hand is empty."""
    if depth == 0:
        return 1
    if any(h == 0 for h in hands):
        return 0
    seats = len(hands)
    total = 0
    for text in reference_plays(hands[to_move], top, distinct, combos):
        nxt = (to_move + 1) % seats
        if text == "pass":
            if passes + 1 == seats - 1:
                total += reference_perft(hands, top_seat, None, -1, 0, depth - 1, distinct,
                                         combos)
            else:
                total += reference_perft(hands, nxt, top, top_seat, passes + 1, depth - 1,
                                         distinct, combos)
            continue
        play = parse_play(text, distinct_kickers=distinct, combos=combos)
        after = hands[:]
        after[to_move] -= play.cards
        total += reference_perft(after, nxt, play, to_move, 0, depth - 1, distinct, combos)
    return total


def rob_auction_answers(seats: int, opener: int, answers: list[str]) -> tuple:
    """docs/rules.md's rob-the-landlord auction, step by step: ``("next", seat, legal answers)``
    or ``("over", landlord, stake)`` or ``("thrown-in",)``, after ``answers`` (assumed
    legal)."""
    order = [(opener + k) % seats for k in range(seats)]
    given = list(answers)
    declined = []
    caller = None
    for seat in order:  # calling: in turn until one calls
        if not given:
            return ("next", seat, ["call", "pass"])
        if given.pop(0) == "call":
            caller = seat
            break
        declined.append(seat)
    if caller is None:
        return ("thrown-in",)
    last, robs = caller, 0
    after_caller = [(caller + k) % seats for k in range(1, seats)]
    for seat in [s for s in after_caller if s not in declined]:  # robbing, once each
        if not given:
            return ("next", seat, ["pass", "rob"])
        if given.pop(0) == "rob":
            last, robs = seat, robs + 1
    if robs:  # the caller may rob back once
        if not given:
            return ("next", caller, ["pass", "rob"])
        if given.pop(0) == "rob":
            last, robs = caller, robs + 1
    return ("over", last, 2 ** robs)


def reference_rob_perft(hands: list[int], kitty: int, opener: int, depth: int,
                        answers: tuple[str, ...] = ()) -> int:
    """Perft of a rob-the-landlord deal from its first answer: the auction as docs/rules.md
    words it, then the play phase of :func:`reference_perft` (no doubling)."""
    if depth == 0:
        return 1
    state = rob_auction_answers(len(hands), opener, list(answers))
    if state[0] == "thrown-in":
        return 0
    if state[0] == "next":
        return sum(reference_rob_perft(hands, kitty, opener, depth - 1, (*answers, a))
                   for a in state[2])
    landlord = state[1]
    dealt = hands[:]
    dealt[landlord] += kitty
    return reference_perft(dealt, landlord, None, -1, 0, depth)
