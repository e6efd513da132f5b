"""``laizi`` and ``tiandi``: wild cards (癞子, 天地癞子; seed 003).

Everything is ``classic`` but that the cards of one rank (``laizi``), or of two ranks
(``tiandi``), drawn during the deal, are wild: they stand for any rank 3..2 in a play with
a natural card, and make the bomb classes soft < hard < wild (:mod:`dizhu.wild`). A deal's
wild ranks are the ``wild`` of its position; ``moves(wild)`` reads, compares and generates
with them. Before a deal's wild rank is drawn (the auction of ``laizi``) no card is wild.

A deal draws the wild ranks from its seed (:class:`~dizhu.deal.Deal`, ``wild_draw``); the
games, the bots, the bot tools and the learning environments play them like any ruleset.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ..rules import RuleSet


@dataclass(frozen=True)
class Laizi(RuleSet):
    """Classic with one wild rank, drawn when the auction ends."""

    name = "laizi"
    title = "Wild cards"
    chinese = "癞子"
    summary = "three players, one pack, a wild rank drawn after the auction"
    wild_ranks: ClassVar[int] = 1


@dataclass(frozen=True)
class Tiandi(RuleSet):
    """Classic with two wild ranks: one drawn before the auction, one after it."""

    name = "tiandi"
    title = "Sky and ground wild cards"
    chinese = "天地癞子"
    summary = "three players, one pack, a wild rank before the auction and one after"
    wild_ranks: ClassVar[int] = 2
    wild_before_auction: ClassVar[int] = 1


LAIZI = Laizi()
TIANDI = Tiandi()
