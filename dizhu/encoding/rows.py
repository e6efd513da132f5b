"""Rank counts as rows of bytes, one byte per rank, and the numbers the encodings share:
the bytes of an observation are joined and converted to ``float32`` once."""

from __future__ import annotations

import numpy as np

from ..cards import FIELD_BITS, NUM_RANKS, TWO
from ..combos import WILD_KINDS, Kind
from ..deal import Phase

KINDS = tuple(k for k in Kind if k not in WILD_KINDS)
"""The kinds a top of the trick may have in the encodings of the rulesets without wild
cards (those with them add the bomb classes ``soft_bomb`` and ``wild_bomb``)."""
PHASES = tuple(Phase)
_MOST_ANSWERS = 2
"""The most times one seat gives one answer in an auction of the family (rob's caller may
rob back; every other answer is given once at most)."""
_MOST_DOUBLINGS = TWO + 2
"""At most one doubling bomb per rank 3..2 (four cards of a pack; six or more of two
packs), and the rocket."""


def _lanes(pattern: int, width: int) -> int:
    """``pattern`` repeated in every ``width`` bits of 128."""
    return sum(pattern << shift for shift in range(0, 128, width))


_SPREAD_STEPS = tuple((_lanes((1 << half) - 1, 4 * half), half) for half in (16, 8, 4))
assert FIELD_BITS == 4


def _spread(cards: int) -> int:
    """Rank counts with a byte per rank: sums and differences of rank counts stay sums and
    differences, and ``to_bytes(15, "little")`` gives the counts as a row of bytes."""
    x = (cards & 0xFFFFFFFF) | (cards >> 32 << 64)
    for low, half in _SPREAD_STEPS:
        x = (x & low) | ((x >> half) & low) << 2 * half
    return x


_ROWS: dict[int, bytes] = {}
_SPREADS: dict[int, int] = {}
_MOST_ROWS = 1 << 16


def _rank_row(cards: int) -> bytes:
    """Rank counts as 15 bytes, one count per rank (remembered)."""
    row = _ROWS.get(cards)
    if row is None:
        if len(_ROWS) >= _MOST_ROWS:
            _ROWS.clear()
        row = _ROWS[cards] = _spread(cards).to_bytes(NUM_RANKS, "little")
    return row


def _spread_of_play(cards: int) -> int:
    """:func:`_spread` of a play's cards (remembered: a ruleset has a few thousand)."""
    spread = _SPREADS.get(cards)
    if spread is None:
        if len(_SPREADS) >= _MOST_ROWS:
            _SPREADS.clear()
        spread = _SPREADS[cards] = _spread(cards)
    return spread


_BYTE = np.dtype(np.uint8)
_FLOAT = np.dtype(np.float32)
_SMALL = tuple(bytes((v,)) for v in range(256))
"""Each number below 256 as one byte."""
_NO_CARDS = bytes(NUM_RANKS)
