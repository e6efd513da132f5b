"""What both environments share: rulesets by name, new deals, observations (in the
engine's encodings, :mod:`dizhu.encoding`), rewards and the text rendering."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces

from ..arena import play_mode_deal
from ..cards import format_ranks, ranks_of_cards
from ..deal import Deal, Phase
from ..encoding import ENCODINGS, encoding_of
from ..encoding.legal import FEATURE_COUNT, FEATURE_HIGH, WildActionTable
from ..encoding.observer import deal_observer
from ..rules import RuleSet
from ..rulesets import offered_ruleset
from ..view import SeatView, seat_view

OBSERVATION_MODES = ("flat", "dict", "view")
REWARDS = ("points", "win")


def rules_of(ruleset: str | RuleSet, options: dict[str, bool]) -> RuleSet:
    """A ruleset by name (with options, e.g. ``doubling=True``: one that is offered), or
    as given."""
    if isinstance(ruleset, RuleSet):
        return ruleset.with_options(**options) if options else ruleset
    return offered_ruleset(ruleset, **options)


def legal_spaces(table: WildActionTable) -> dict[str, spaces.Space]:
    """The spaces of ``legal_ids`` (the ids of the legal actions, ``int64``) and
    ``legal_actions`` (a row of features per legal id, ``uint8``): sequences of any length,
    stacked as arrays."""
    return {"legal_ids": spaces.Sequence(spaces.Discrete(table.size), stack=True),
            "legal_actions": spaces.Sequence(
                spaces.Box(0, FEATURE_HIGH, (FEATURE_COUNT,), np.uint8), stack=True)}


def legal_of(table: WildActionTable, deal: Deal, ids: list[int],
             actions: list | None) -> dict[str, np.ndarray]:
    """``legal_ids`` and ``legal_actions`` of a seat whose legal actions are ``actions``
    with these ``ids`` (``None``: not its turn, both empty)."""
    if actions is None:
        ids, actions = [], []
    return {"legal_ids": table.ids_array(ids),
            "legal_actions": table.features(actions, deal.position.wild)}


def check_choice(name: str, value: str, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise ValueError(f"{name} is {' or '.join(map(repr, choices))}, not {value!r}")


def new_deal(rng: random.Random, rules: RuleSet, auction: bool,
             landlord: int | None) -> Deal:
    """A deal shuffled with ``rng``: with its auction, or (the literature's play-only deal,
    as the arena's ``play`` mode) with ``landlord`` (a random seat if ``None``) holding the
    kitty at a stake of 1 and leading."""
    if auction:
        hands_seed = rng.getrandbits(64)
        opening = rng.randrange(rules.seats)
        return Deal.shuffled(hands_seed, opening, rules)
    seat = rng.randrange(rules.seats) if landlord is None else landlord
    return play_mode_deal(rng, rules, seat, suit_seed=rng.getrandbits(64))


class SeatViewSpace(spaces.Space):
    """The space of :class:`~dizhu.view.SeatView` values of one ruleset (``view`` mode)."""

    def __init__(self, rules: RuleSet) -> None:
        super().__init__()
        self.rules = rules

    def contains(self, x: Any) -> bool:
        return isinstance(x, SeatView) and type(x.rules) is type(self.rules)

    def sample(self, mask: Any = None, probability: Any = None) -> SeatView:
        raise NotImplementedError("seat views are made by a deal, not sampled")

    def __repr__(self) -> str:
        return f"SeatViewSpace({self.rules.name})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SeatViewSpace) and type(other.rules) is type(self.rules)

    def __hash__(self) -> int:
        return hash(("SeatViewSpace", self.rules.name))


class Observer:
    """Observations of one mode (``flat``, ``dict`` or ``view``) for a ruleset, the first
    two in one of the :data:`ENCODINGS`."""

    def __init__(self, rules: RuleSet, mode: str, encoding: str = "summary") -> None:
        check_choice("observation_mode", mode, OBSERVATION_MODES)
        check_choice("encoding", encoding, ENCODINGS)
        self.mode = mode
        self.rules = rules
        self.encoding = encoding_of(rules, encoding)
        self._flat = deal_observer(self.encoding)
        """The flat vector of a seat of the deal (compiled when the compiled core runs)."""
        if mode == "flat":  # the common case, without the dispatch
            self.observe = self._flat  # type: ignore[method-assign]

    def space(self) -> spaces.Space:
        encoding = self.encoding
        if self.mode == "flat":
            return spaces.Box(0, encoding.high, (encoding.size,), np.float32)
        if self.mode == "dict":
            return spaces.Dict({f.name: spaces.Box(0, f.high, f.shape, np.float32)
                                for f in encoding.fields})
        return SeatViewSpace(self.rules)

    def observe(self, deal: Deal, seat: int) -> Any:
        """``seat``'s observation of ``deal`` now."""
        if self.mode == "flat":
            return self._flat(deal, seat)
        if self.mode == "dict":
            return self.encoding.split(self._flat(deal, seat))
        return seat_view(deal, seat)


def final_rewards(deal: Deal, reward: str) -> list[float]:
    """Each seat's reward for a deal that is over: its points (``deal.result.scores``), or
    +1 for a seat whose side won and -1 otherwise (``win``); 0 for a deal thrown in."""
    result = deal.result
    if result is None:
        return [0.0] * deal.seats
    if reward == "points":
        return [float(s) for s in result.scores]
    return [1.0 if (s == deal.landlord) == result.landlord_won else -1.0
            for s in range(deal.seats)]


def render_text(deal: Deal) -> str:
    """The deal as a spectator sees it, every hand open."""
    rules = deal.rules
    state = deal.phase.value.replace("_", " ")
    if not deal.is_over:
        state += f", seat {deal.to_move} to act"
    lines = [f"{rules.describe()}: {state}"]
    held = [format_ranks(h) for h in deal.hands]
    for seat in range(deal.seats):
        role = "" if deal.landlord < 0 else \
            ("landlord" if seat == deal.landlord else "peasant")
        lines.append(f"seat {seat} {role:8} {deal.left[seat]:2} {held[seat] or '-'}")
    if deal.landlord >= 0:
        lines.append(f"kitty {format_ranks(ranks_of_cards(deal.kitty_cards))}, "
                     f"stake {deal.auction_state.stake}")
    if deal.top is not None:
        lines.append(f"top: seat {deal.top_seat} {deal.top.text}")
    if deal.history:
        seat, action = deal.history[-1]
        lines.append(f"last: seat {seat} {action.text}")
    result = deal.result
    if result is not None:
        side = "landlord" if result.landlord_won else "peasants"
        lines.append(f"over: the {side} won; scores {' '.join(map(str, result.scores))}")
    elif deal.phase is Phase.THROWN_IN:
        lines.append("thrown in: nobody bid")
    return "\n".join(lines)


def render_deal(deal: Deal | None, mode: str | None) -> str | None:
    """An environment's ``render()``: the deal as text, every hand open; ``ansi`` returns
    it, ``human`` prints it (and returns nothing), as both APIs expect."""
    if deal is None:
        return None
    text = render_text(deal)
    if mode == "human":
        print(text)
        return None
    return text
