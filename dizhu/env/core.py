"""What both environments share: rulesets by name, action ids and masks, new deals,
observations, rewards and the text rendering."""

from __future__ import annotations

import operator
import random
from functools import cache
from typing import Any

import numpy as np
from gymnasium import spaces

from ..actions import ActionIds, action_ids
from ..arena import play_mode_deal
from ..cards import format_ranks, ranks_of_cards
from ..combos import PASS
from ..deal import Action, Deal, Phase
from ..position import IllegalActionError
from ..rules import RuleSet
from ..rulesets import find_ruleset
from ..view import SeatView, seat_view
from .encoding import Encoding
from .history import HistoryEncoding

OBSERVATION_MODES = ("flat", "dict", "view")
ENCODINGS = ("summary", "history")
"""The encodings of ``flat`` and ``dict`` observations: :class:`Encoding` (counts and
one-hots) or :class:`HistoryEncoding` (the same with the recent plays)."""
REWARDS = ("points", "win")


def rules_of(ruleset: str | RuleSet, options: dict[str, bool]) -> RuleSet:
    """A ruleset by name (with options, e.g. ``doubling=True``), or as given."""
    if isinstance(ruleset, RuleSet):
        return ruleset.with_options(**options) if options else ruleset
    return find_ruleset(ruleset, **options)


def check_choice(name: str, value: str, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise ValueError(f"{name} is {' or '.join(map(repr, choices))}, not {value!r}")


_BYTE_SIZED = frozenset("biu")
_INT8 = np.dtype(np.int8)
_FEW = 32
"""Up to this many legal ids, a mask is set byte by byte (cheaper than one NumPy call)."""


class ActionMask(np.ndarray):
    """An action mask: an ``int8`` array (the dtype Gymnasium's ``Discrete.sample`` wants),
    1 for the legal ids, whose nonzero entries NumPy finds as fast as in a boolean array.

    NumPy's ``nonzero`` is many times slower on ``int8`` than on ``bool``; this array (and
    any one-byte array computed from it) is read as booleans by ``np.flatnonzero``,
    ``np.nonzero``, ``mask.nonzero()``, ``np.where(mask)`` and ``np.argwhere``, which give
    the same ids either way. Everything else is a plain NumPy array's."""

    def nonzero(self) -> tuple[np.ndarray, ...]:  # type: ignore[override]
        if self.dtype.kind in _BYTE_SIZED and self.dtype.itemsize == 1:
            return self.view(np.bool_, np.ndarray).nonzero()
        return super().nonzero()

    def __array_function__(self, func: Any, types: Any, args: Any, kwargs: Any) -> Any:
        if func in _NONZERO and len(args) == 1 and not kwargs and args[0] is self and \
                self.dtype.kind in _BYTE_SIZED and self.dtype.itemsize == 1:
            return func(self.view(np.bool_, np.ndarray))
        return super().__array_function__(func, types, args, kwargs)


_NONZERO = frozenset((np.nonzero, np.flatnonzero, np.where, np.argwhere))


class ActionTable:
    """A ruleset's action ids (:func:`dizhu.actions.action_ids`) with a fast way from the
    engine's legal actions to their ids: the engine hands out the same action objects every
    time (plays come from the ruleset's fixed universe), so an id is one lookup by identity."""

    def __init__(self, ids: ActionIds) -> None:
        self.ids = ids
        self.play_base = ids.id_of(PASS) + 1
        """A play's action id is its universe id plus this (the pass's id is one less)."""
        self.size = len(ids)
        self.actions = ids.actions
        self._by_identity = {id(a): i for i, a in enumerate(ids.actions)}
        self._shape = (self.size,)

    def ids_of(self, actions: list[Action]) -> list[int]:
        """The ids of ``actions``, in order."""
        by_identity = self._by_identity
        try:
            return [by_identity[id(a)] for a in actions]
        except KeyError:  # an equal action that is another object
            return [self.ids.id_of(a) for a in actions]

    def legal_ids(self, deal: Deal) -> list[int]:
        """The ids of ``deal.legal_actions()``, in order; in the play phase straight from
        the position's legal play ids, with no action object looked up."""
        if deal.phase is Phase.PLAY:
            return deal.position.legal_ids(self.play_base)
        return self.ids_of(deal.legal_actions())

    def mask(self, actions: list[Action]) -> ActionMask:
        """An :class:`ActionMask` over every id: 1 for ``actions``, 0 elsewhere."""
        return self.mask_of_ids(self.ids_of(actions))

    def mask_of_ids(self, ids: list[int] | tuple[()]) -> ActionMask:
        """An :class:`ActionMask` over every id: 1 for ``ids``, 0 elsewhere (a fresh
        ``bytearray`` with its few ids set, seen as an array without a copy)."""
        mask = bytearray(self.size)
        if len(ids) < _FEW:
            for i in ids:
                mask[i] = 1
        else:
            np.frombuffer(mask, _INT8)[ids] = 1
        return ActionMask(self._shape, _INT8, mask)

    def action_id(self, action: Any) -> int:
        """``action`` as an id of the space, or a ``ValueError`` saying that it is not one
        (an id is an integer 0..size-1: not a float, not a negative index)."""
        if action.__class__ is int and 0 <= action < self.size:
            return action
        try:
            found = operator.index(action)
        except TypeError:
            raise ValueError(f"an action is an integer id 0..{self.size - 1} of the action "
                             f"space, not {action!r}") from None
        if not 0 <= found < self.size:
            raise ValueError(f"action {found} is outside the action space: the ids are "
                             f"0..{self.size - 1}")
        return found

    def refusal(self, action_id: int, why: object) -> IllegalActionError:
        """The error for an id that is not legal now: which action, and the engine's why."""
        return IllegalActionError(f"action {action_id} ({self.ids.text(action_id)}) is not "
                                  f"legal: {why}")


@cache
def _table(kind: type[RuleSet]) -> ActionTable:
    return ActionTable(action_ids(kind()))


def action_table(rules: RuleSet) -> ActionTable:
    """The :class:`ActionTable` of a ruleset, built once per ruleset."""
    return _table(type(rules))


@cache
def _encoding(rules: RuleSet, name: str) -> Encoding | HistoryEncoding:
    return Encoding(rules) if name == "summary" else HistoryEncoding(rules)


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
        self.encoding = _encoding(rules, encoding)
        self._played = self.encoding.tracker()
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

    def _flat(self, deal: Deal, seat: int) -> np.ndarray:
        return self.encoding.from_deal(deal, seat, self._played)


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
