"""A slow, obviously correct reference for legal plays: classify every sub-multiset.

It shares nothing with the fast generator but :func:`dizhu.combos.readings`, the rule book's
definition of a combination.
"""

from __future__ import annotations

from itertools import product

from dizhu.cards import NUM_RANKS, UNIT, counts
from dizhu.combos import PASS, Play, beats, readings


def sub_multisets(hand: int):
    """Every non-empty sub-multiset of a hand, as rank counts."""
    held = counts(hand)
    for choice in product(*(range(n + 1) for n in held)):
        cards = sum(k * UNIT[r] for r, k in zip(range(NUM_RANKS), choice, strict=True))
        if cards:
            yield cards


def reference_plays(hand: int, top: Play | None = None, distinct: bool = False) -> set[str]:
    """The legal plays as ``KIND CARDS`` lines (with ``pass`` when following)."""
    out = set()
    for cards in sub_multisets(hand):
        for play in readings(cards, distinct):
            if top is None or beats(play, top):
                out.add(play.text)
    if top is not None:
        out.add(PASS.text)
    return out


def reference_perft(hands: list[int], to_move: int, top: Play | None, top_seat: int,
                    passes: int, depth: int, distinct: bool = False) -> int:
    """Perft of the play phase with the reference generator and the rules written out
    plainly: a leader may not pass; two passes after a play clear the trick; the deal ends
    when a hand is empty."""
    if depth == 0:
        return 1
    if any(h == 0 for h in hands):
        return 0
    total = 0
    for text in reference_plays(hands[to_move], top, distinct):
        nxt = (to_move + 1) % 3
        if text == "pass":
            if passes == 1:
                total += reference_perft(hands, top_seat, None, -1, 0, depth - 1, distinct)
            else:
                total += reference_perft(hands, nxt, top, top_seat, 1, depth - 1, distinct)
            continue
        play = Play.parse(text, distinct_kickers=distinct)
        after = hands[:]
        after[to_move] -= play.cards
        total += reference_perft(after, nxt, play, to_move, 0, depth - 1, distinct)
    return total
