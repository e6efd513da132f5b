"""What a play-out is worth, as the solver counts it, and the arithmetic of its searches.

A *value* is an int seen from the landlord's side: ``+(1 + e)`` when the landlord wins and
``-(1 + e)`` when the peasants do, ``e`` being the doublings still to come: the bombs and
rockets that double the stake (a play's ``doubling`` flag), and spring or anti-spring. It
is never 0, and the order of values is the landlord's preference: any win beats any loss,
a win with more doublings beats one with fewer, a loss with fewer beats one with more.
Minimax over values therefore decides the winner first and then the points: the winning
side maximises the doublings it wins, the losing side minimises those it loses.

Doublings made before the position only multiply what is at stake from there: they are
added to the result, never searched (so no search key holds them).

The *spring state* is what spring and anti-spring still depend on (docs/rules.md,
Scoring): whether a peasant has played a card (bit 0), and how many plays the landlord has
made, counted up to 2 (bits 1-2): spring needs no peasant play when the landlord goes
out, anti-spring exactly one landlord play when a peasant does.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import BLACK_JOKER, contains, count_of
from ..combos import CombinationRules

PEASANT_PLAYED = 1
"""The spring state's bit saying a peasant has played."""


def spring_state(plays_made: Sequence[int], landlord: int) -> int:
    """The spring state of a play phase in which seat ``s`` has made ``plays_made[s]``
    plays."""
    peasants = any(n for seat, n in enumerate(plays_made) if seat != landlord)
    return int(peasants) | min(plays_made[landlord], 2) << 1


def after_play(state: int, landlord_moved: bool) -> int:
    """The spring state once the seat to move has made a play (not a pass)."""
    if not landlord_moved:
        return state | PEASANT_PLAYED
    return state if state >> 1 == 2 else state + 2


def end_value(landlord_wins: bool, doubling: bool, state: int) -> int:
    """The value of a play that ends the play phase, made in spring state ``state``."""
    if landlord_wins:
        return 1 + doubling + (not state & PEASANT_PLAYED)
    return -(1 + doubling + (state >> 1 == 1))


def through(value: int, doubling: bool) -> int:
    """The value of a play whose position after it is worth ``value``: one doubling more
    for whichever side wins when the play doubles."""
    if not doubling:
        return value
    return value + 1 if value > 0 else value - 1


def back_through(value: int, doubling: bool) -> int:
    """The value after a play that is worth ``value`` (the inverse of :func:`through`)."""
    if not doubling:
        return value
    return value - 1 if value > 0 else value + 1


def needed(threshold: int, doubling: bool) -> int:
    """The least value after a play for the play to be worth ``threshold`` or more."""
    if not doubling:
        return threshold
    if threshold >= 2:
        return threshold - 1
    return threshold + 1 if threshold <= -2 else 1


def most_doublings(hands: Sequence[int], combos: CombinationRules, state: int,
                   landlord_wins: bool, wild: Sequence[int] = ()) -> int:
    """At most how many doublings the rest of the play can bring when the given side
    wins: a doubling bomb per rank the hands hold enough cards of (two would need more
    cards than a rank has), a rocket per hand holding one, and one for spring (the
    landlord's win) or anti-spring (the peasants') while it can still happen. With
    ``wild`` ranks a bomb may be any four cards but jokers (a soft bomb tops up a rank
    with wild cards): a bomb per four such cards a hand holds."""
    rocket = combos.rocket
    low = combos.doubling_bomb
    most = int(not state & PEASANT_PLAYED) if landlord_wins else int(state >> 1 <= 1)
    for hand in hands:
        if wild:
            most += sum(count_of(hand, r) for r in range(BLACK_JOKER)) // low
        else:
            most += sum(count_of(hand, r) // low for r in range(BLACK_JOKER))
        most += contains(hand, rocket)
    return most
