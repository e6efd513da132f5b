"""Hypothesis strategies for hands, tops and whole deals."""

from __future__ import annotations

from hypothesis import strategies as st

from dizhu.cards import DECK_SIZE, NUM_RANKS, UNIT, count_of, deck_faces, ranks_of_cards


@st.composite
def hands(draw, min_size: int = 1, max_size: int = 20) -> int:
    """Rank counts of a random set of cards from one deck."""
    cards = draw(st.lists(st.integers(0, DECK_SIZE - 1), min_size=min_size, max_size=max_size,
                          unique=True))
    return ranks_of_cards(cards)


@st.composite
def split_deck(draw, sizes: tuple[int, ...], packs: int = 1) -> list[int]:
    """Disjoint random hands of the given sizes from a deck of ``packs`` packs, as rank
    counts."""
    deck = draw(st.permutations(deck_faces(packs)))
    out, at = [], 0
    for n in sizes:
        out.append(ranks_of_cards(deck[at:at + n]))
        at += n
    return out


@st.composite
def rank_multisets(draw, deck: int, size: int) -> int:
    """Rank counts of ``size`` cards (fewer if the deck runs out) drawn rank by rank, at
    most what ``deck`` holds of each: triples, bombs and runs come far more often than in
    a dealt hand."""
    ranks = draw(st.lists(st.integers(0, NUM_RANKS - 1), min_size=size, max_size=size))
    hand = 0
    for r in ranks:
        if count_of(hand, r) < count_of(deck, r):
            hand += UNIT[r]
    return hand


seeds = st.integers(0, 2**32 - 1)
