"""A slow, obviously correct reference for wild cards (docs/rules.md, Wild cards): every
substitution of the wild cards, each read by :func:`dizhu.combos.readings` (classic's
definition of a combination), and the bomb classes compared as the rule book words them.

It shares nothing with :mod:`dizhu.wild` but ``readings``.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

from dizhu.cards import TWO, UNIT, count_of, format_ranks, parse_ranks, size
from dizhu.combos import readings

from .reference import sub_multisets

BOMB_ORDER = {"soft_bomb": 1, "bomb": 2, "wild_bomb": 3, "rocket": 4}


@cache
def reference_readings(cards: int, wild: tuple[int, ...], distinct: bool = False
                       ) -> dict[str, tuple[int, int]]:
    """Each kind ``cards`` reads as with the wild ranks ``wild`` -> its strongest reading's
    (main rank, length)."""
    wild_cards = sum(count_of(cards, w) * UNIT[w] for w in wild)
    natural = cards - wild_cards
    found: dict[str, tuple[int, int]] = {}
    if not natural:  # wild cards alone are read as they are
        for play in readings(cards, distinct):
            kind = "wild_bomb" if play.kind.label == "bomb" else play.kind.label
            found[kind] = (play.main, play.length)
        return found
    n_wild = sum(count_of(cards, w) for w in wild)
    for ranks in combinations_with_replacement(range(TWO + 1), n_wild):
        stands_for = natural + sum(UNIT[r] for r in ranks)
        for play in readings(stands_for, distinct):
            kind = play.kind.label
            if kind == "bomb" and n_wild:
                kind = "soft_bomb"
            if kind not in found or play.main > found[kind][0]:
                found[kind] = (play.main, play.length)
    return found


def reference_beats(play: tuple[str, int, int], top: tuple[str, int, int]) -> bool:
    """Whether ``(kind, main, size)`` may go on ``top``: the same kind and size and a
    higher main rank; every bomb class beats every other kind, soft < hard < wild < rocket,
    and within a class the higher rank."""
    kind, main, n = play
    top_kind, top_main, top_n = top
    mine, theirs = BOMB_ORDER.get(kind, 0), BOMB_ORDER.get(top_kind, 0)
    if mine or theirs:
        return (mine, main) > (theirs, top_main)
    return kind == top_kind and n == top_n and main > top_main


def reference_moves(hand: int, wild: tuple[int, ...], top: tuple[str, int, int] | None = None,
                    distinct: bool = False) -> dict[str, tuple[str, int, int]]:
    """The legal moves of ``hand`` (``KIND CARDS`` with the physical cards, and ``pass``
    when following) -> (kind, main, size) of the reading played."""
    out: dict[str, tuple[str, int, int]] = {}
    for cards in sub_multisets(hand):
        n = size(cards)
        for kind, (main, _) in reference_readings(cards, wild, distinct).items():
            if top is None or reference_beats((kind, main, n), top):
                out[f"{kind} {format_ranks(cards)}"] = (kind, main, n)
    if top is not None:
        out["pass"] = ("pass", -1, 0)
    return out


def reference_perft(hands: list[int], wild: tuple[int, ...], to_move: int,
                    top: tuple[str, int, int] | None, top_seat: int, passes: int,
                    depth: int) -> int:
    """Perft of the play phase with :func:`reference_moves` and the rules written out
    plainly: a leader may not pass; as many passes in a row as there are other seats clear
    the trick; the deal ends when a hand is empty."""
    if depth == 0:
        return 1
    if any(h == 0 for h in hands):
        return 0
    seats = len(hands)
    nxt = (to_move + 1) % seats
    total = 0
    for text, play in reference_moves(hands[to_move], wild, top).items():
        if text == "pass":
            if passes + 1 == seats - 1:
                total += reference_perft(hands, wild, top_seat, None, -1, 0, depth - 1)
            else:
                total += reference_perft(hands, wild, nxt, top, top_seat, passes + 1,
                                         depth - 1)
            continue
        after = hands[:]
        after[to_move] -= parse_ranks(text.split()[1])
        total += reference_perft(after, wild, nxt, play, to_move, 0, depth - 1)
    return total


def reference_landlord_wins(hands: tuple[int, ...], wild: tuple[int, ...], landlord: int,
                            to_move: int, top: tuple[str, int, int] | None = None,
                            top_seat: int = -1, passes: int = 0) -> bool:
    """Whether the landlord wins with best play by all, by searching every line of
    :func:`reference_moves` (small hands only)."""
    return _wins(hands, wild, landlord, to_move, top, top_seat, passes)


@cache
def _wins(hands, wild, landlord, to_move, top, top_seat, passes) -> bool:
    results = _results(hands, wild, landlord, to_move, top, top_seat, passes)
    return any(results) if to_move == landlord else all(results)


def _results(hands, wild, landlord, to_move, top, top_seat, passes):
    """Whether the landlord wins after each move of the seat to move (lazily: the search
    stops at the first move that decides)."""
    seats = len(hands)
    nxt = (to_move + 1) % seats
    for text, play in reference_moves(hands[to_move], wild, top).items():
        if text == "pass":
            if passes + 1 == seats - 1:
                yield _wins(hands, wild, landlord, top_seat, None, -1, 0)
            else:
                yield _wins(hands, wild, landlord, nxt, top, top_seat, passes + 1)
            continue
        after = list(hands)
        after[to_move] -= parse_ranks(text.split()[1])
        if not after[to_move]:
            yield to_move == landlord
        else:
            yield _wins(tuple(after), wild, landlord, nxt, play, to_move, 0)


def reference_best(hands: tuple[int, ...], wild: tuple[int, ...], landlord: int,
                   to_move: int, made: tuple[int, ...]) -> tuple[bool, int]:
    """Best play by all as the solver's docs say it, by searching every line of
    :func:`reference_moves` (small hands only): whether the landlord wins, and the
    doublings from here on (every bomb of any class and the rocket, spring, anti-spring),
    which the winner maximises and the loser minimises. ``made``: each seat's plays so
    far."""
    return _best(hands, wild, landlord, to_move, None, -1, 0, made)


@cache
def _best(hands, wild, landlord, to_move, top, top_seat, passes, made) -> tuple[bool, int]:
    seats = len(hands)
    results = []
    for text, play in reference_moves(hands[to_move], wild, top).items():
        if text == "pass":
            if passes + 1 == seats - 1:
                results.append(_best(hands, wild, landlord, top_seat, None, -1, 0, made))
            else:
                results.append(_best(hands, wild, landlord, (to_move + 1) % seats, top,
                                     top_seat, passes + 1, made))
            continue
        after = list(hands)
        after[to_move] -= parse_ranks(text.split()[1])
        now = tuple(m + (s == to_move) for s, m in enumerate(made))
        doubling = int(play[0] in BOMB_ORDER)
        if not after[to_move]:
            won = to_move == landlord
            spring = won and not any(now[s] for s in range(seats) if s != landlord)
            anti_spring = not won and now[landlord] == 1
            results.append((won, doubling + spring + anti_spring))
        else:
            won, rest = _best(tuple(after), wild, landlord, (to_move + 1) % seats, play,
                              to_move, 0, now)
            results.append((won, rest + doubling))
    pick = max if to_move == landlord else min
    return pick(results, key=lambda r: (r[0], r[1] if r[0] else -r[1]))
