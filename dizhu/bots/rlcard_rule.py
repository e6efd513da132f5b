"""``rlcard-rule``: the RLCard rule agent (``DouDizhuRuleAgentV1`` of the ``rlcard`` 1.2.0
package), the standard published baseline, driven as it is, not rewritten.

The adapter hands the agent what RLCard's own game would: the play-phase trace, the hand,
the legal plays as RLCard strings, the landlord and its seat. RLCard's rules differ a
little from docs/rules.md (its table of 27,471 plays lacks some airplanes whose single wings
share a rank or sit next to the body), so:

- it is offered only the legal plays that RLCard also knows, with the same kind;
- if the play on top of the trick is one RLCard does not know as that kind, its own game
  could never have produced it, and the agent passes;
- it has no bidding: in the arena's full mode it bids and doubles like ``normal``.

Install it with ``pip install 'dizhu[peers]'``.
"""

from __future__ import annotations

import zlib

from ..auction import Bid, Double
from ..cards import format_ranks
from ..combos import CLASSIC_COMBOS, PASS, Kind, Play
from ..rules import RuleSet
from ..view import SeatView
from .base import Bot
from .normal import NormalBot

RLCARD_KINDS = {
    "solo": Kind.SINGLE, "pair": Kind.PAIR, "trio": Kind.TRIPLE,
    "trio_solo": Kind.TRIPLE_SINGLE, "trio_pair": Kind.TRIPLE_PAIR,
    "solo_chain": Kind.STRAIGHT, "pair_chain": Kind.PAIR_CHAIN, "trio_chain": Kind.AIRPLANE,
    "trio_solo_chain": Kind.AIRPLANE_SINGLES, "trio_pair_chain": Kind.AIRPLANE_PAIRS,
    "four_two_solo": Kind.FOUR_TWO_SINGLES, "four_two_pair": Kind.FOUR_TWO_PAIRS,
    "bomb": Kind.BOMB, "rocket": Kind.ROCKET,
}


def _kind_of(rlcard_type: str) -> Kind:
    base = rlcard_type.rsplit("_", 1)[0] if rlcard_type[-1].isdigit() else rlcard_type
    return RLCARD_KINDS[base]


class RLCardRuleBot(Bot):
    name = "rlcard-rule"

    def __init__(self, seed: int | str | None = None) -> None:
        try:
            import numpy
            from rlcard.games.doudizhu.utils import CARD_TYPE
            from rlcard.models.doudizhu_rule_models import DouDizhuRuleAgentV1
        except ImportError:
            raise ImportError("the rlcard-rule bot drives the rlcard package: "
                              "pip install 'dizhu[peers]'") from None
        super().__init__(seed)
        self.numpy = numpy
        self.agent = DouDizhuRuleAgentV1()
        self.kinds = {cards: _kind_of(types[0][0]) for cards, types in CARD_TYPE[0].items()}
        self.bidder = NormalBot(seed)

    def reseed(self, seed: int | str) -> None:
        super().reseed(seed)
        self.bidder.reseed(seed)
        # the agent draws from numpy's global generator when it cannot follow
        self.numpy.random.seed(zlib.crc32(str(seed).encode()))

    def plays(self, rules: RuleSet) -> bool:
        """RLCard's agent knows one pack, three seats and no wild cards (``classic`` and
        ``rob``)."""
        return rules.combos is CLASSIC_COMBOS and rules.seats == 3 and not rules.wild_ranks

    def cannot_play(self, rules: RuleSet) -> str | None:
        if rules.wild_ranks:
            return (f"{self.name} cannot play {rules.name}: RLCard's rule agent knows no "
                    "wild cards (its plays are classic's)")
        return super().cannot_play(rules)

    def bid(self, view: SeatView) -> Bid:
        return self.bidder.bid(view)

    def double(self, view: SeatView) -> Double:
        return self.bidder.double(view)

    def known(self, play: Play) -> bool:
        return self.kinds.get(play.ranks) is play.kind

    def play(self, view: SeatView) -> Play:
        if view.top is not None and not self.known(view.top):
            return PASS
        offered = {p.ranks or "pass": p for p in view.legal if p.is_pass or self.known(p)}
        if not offered:
            return view.legal[0]
        trace = [(a.seat, a.action.ranks or "pass") for a in view.history
                 if isinstance(a.action, Play)]
        state = {"raw_obs": {
            "trace": trace,
            "current_hand": format_ranks(view.hand_ranks),
            "actions": list(offered),
            "landlord": view.landlord,
            "self": view.seat,
        }}
        choice = self.agent.step(state)
        # the agent answers from the offered plays or from its own split of the hand,
        # which holds only legal plays; the fallback keeps a surprise from ending a match
        return offered.get(choice) or next(iter(offered.values()))

