"""``four``: four players, two packs (seed 003).

108 cards, 25 to each seat and 8 in the kitty: the landlord plays 33 cards against three
peasants in partnership. No single kickers or wings and no four-with-two; pairs of jokers;
bombs of 4 to 8 cards (more cards beat fewer whatever the ranks), of which only those of six
cards or more double the stake; the rocket is all four jokers. The points auction, the
trick clearing after every other seat has passed, the doubling order and the settlement of
each peasant with the landlord are the engine's, for any number of seats.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import FULL_DECK
from ..combos import CombinationRules, Kind
from ..rules import RuleSet

FOUR_COMBOS = CombinationRules(
    name="four",
    kinds=frozenset({Kind.SINGLE, Kind.PAIR, Kind.TRIPLE, Kind.TRIPLE_PAIR, Kind.STRAIGHT,
                     Kind.PAIR_CHAIN, Kind.AIRPLANE, Kind.AIRPLANE_PAIRS, Kind.BOMB,
                     Kind.ROCKET}),
    deck=2 * FULL_DECK,
    max_play=33,
    bomb_sizes=(4, 8),
    joker_pairs=True,
    doubling_bomb=6,
)


@dataclass(frozen=True)
class Four(RuleSet):
    """Four players with two packs."""

    name = "four"
    title = "Four players"
    chinese = "四人斗地主"
    summary = "four players, two packs, bombs of 4 to 8 cards"
    seats = 4
    hand_size = 25
    kitty_size = 8
    packs = 2
    combos = FOUR_COMBOS
    option_names = ("doubling",)


FOUR = Four()
