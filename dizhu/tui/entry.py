"""What a person types at the table, read into what the session takes: ranks become the
person's own cards (the engine then decides what the cards make and whether it is legal)."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import (
    NUM_RANKS,
    card_rank,
    card_text,
    count_of,
    format_ranks,
    parse_ranks,
    ranks_of_cards,
)
from ..reasons import Reason
from ..session import ActionError
from ..words import rank_name

RANK_KEYS = frozenset("0123456789tjqkabr")
"""Keys that type a rank (``0`` or ``10`` for ten; any case)."""
SEPARATORS = frozenset(" ,")


def not_a_rank(char: str) -> str:
    """What to say of a key typed at the entry line that types no rank."""
    jokers = ", ".join(f"{j} ({rank_name(j)} {rank_name(j, 'zh')})" for j in "BR")
    return f"{char} is not a rank: 3-9, 10 (0, T), J, Q, K, A, 2, {jokers}"


def typed_ranks(text: str) -> int:
    """Rank counts from typed text: ``33``, ``10 10``, ``0 0``, ``TTJJQQ``, ``br``."""
    try:
        return parse_ranks(text, None)
    except ValueError as e:
        raise ActionError(*e.args) from None


def pick_cards(hand: Sequence[int], ranks: int) -> list[int]:
    """Cards of ``hand`` (suited ids) making exactly the rank counts ``ranks``, lowest suits
    first; refused, in the engine's words, when the hand holds too few of a rank."""
    picked: list[int] = []
    for rank in range(NUM_RANKS):
        want = count_of(ranks, rank)
        if not want:
            continue
        mine = [c for c in hand if card_rank(c) == rank][:want]
        if len(mine) < want:
            held = ranks_of_cards(hand)
            raise ActionError(Reason("not_held", f"you hold {format_ranks(held) or 'no cards'}, "
                                     f"not {format_ranks(ranks)}", hand=format_ranks(held),
                                     cards=format_ranks(ranks)))
        picked += mine
    return picked


def cards_entered(hand: Sequence[int], text: str) -> list[str]:
    """The ``cards`` of the session's entry for typed ranks: the held cards, as texts."""
    ranks = typed_ranks(text)
    if not ranks:
        raise ActionError(Reason("select_first", "select the cards to play first"))
    return [card_text(c) for c in pick_cards(hand, ranks)]


def marked(hand: Sequence[int], text: str) -> set[int]:
    """Positions in ``hand`` of the cards typed so far (as many as it holds), to highlight."""
    try:
        ranks = typed_ranks(text)
    except ActionError:
        return set()
    out: set[int] = set()
    for rank in range(NUM_RANKS):
        want = count_of(ranks, rank)
        out.update([i for i, c in enumerate(hand) if card_rank(c) == rank][:want])
    return out
