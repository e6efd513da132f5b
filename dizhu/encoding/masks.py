"""Action ids as arrays: a ruleset's action ids with a fast way from the engine's legal
actions to their ids, and the mask over every id (NumPy's ``int8``, read as booleans)."""

from __future__ import annotations

import operator
from functools import cache
from typing import Any

import numpy as np

from .. import core
from ..actions import ActionIds, action_ids
from ..combos import PASS
from ..deal import Action, Deal, Phase
from ..position import IllegalActionError
from ..rules import RuleSet

_INT8 = np.dtype(np.int8)
_FEW = 32
_MASK_BYTES = getattr(core.COMPILED, "mask_bytes", None) if core.NAME == "compiled" else None
"""Up to this many legal ids, a mask is set byte by byte (cheaper than one NumPy call)."""


class ActionMask(np.ndarray):
    """An action mask: an ``int8`` array (the dtype Gymnasium's ``Discrete.sample`` wants),
    1 for the legal ids, whose nonzero entries NumPy finds as fast as in a boolean array.

    NumPy's ``nonzero`` is many times slower on ``int8`` than on ``bool``; this array (and
    any one-byte array computed from it) is read as booleans by ``np.flatnonzero``,
    ``np.nonzero``, ``mask.nonzero()``, ``np.where(mask)`` and ``np.argwhere``, which give
    the same ids either way. Everything else is a plain NumPy array's."""

    def nonzero(self) -> tuple[np.ndarray, ...]:  # type: ignore[override]
        if self.dtype.char in _ONE_BYTE:
            return _view(self, _BOOL, np.ndarray).nonzero()
        return super().nonzero()

    def __array_function__(self, func: Any, types: Any, args: Any, kwargs: Any) -> Any:
        if func is _FLATNONZERO and len(args) == 1 and args[0] is self and self.ndim == 1 \
                and not kwargs and self.dtype.char in _ONE_BYTE:  # the usual: no ravel
            return _view(self, _BOOL, _NDARRAY).nonzero()[0]
        if func in _NONZERO and len(args) == 1 and not kwargs and args[0] is self and \
                self.dtype.char in _ONE_BYTE:
            return func(_view(self, _BOOL, _NDARRAY))
        return super().__array_function__(func, types, args, kwargs)


_NONZERO = frozenset((np.nonzero, np.flatnonzero, np.where, np.argwhere))
_FLATNONZERO = np.flatnonzero
_ONE_BYTE = "?bB"
"""The one-byte dtypes' characters (``bool``, ``int8``, ``uint8``): read as booleans."""
_BOOL, _NDARRAY, _view = np.dtype(np.bool_), np.ndarray, np.ndarray.view


class ActionTable:
    """A ruleset's action ids (:func:`dizhu.actions.action_ids`) with a fast way from the
    engine's legal actions to their ids: the engine hands out the same action objects every
    time (plays come from the ruleset's fixed universe), so an id is one lookup by identity.
    (The rulesets with wild cards have :class:`~dizhu.encoding.legal.WildActionTable`.)"""

    wild = False
    """Whether the ids are a formula without a mask (the rulesets with wild cards)."""

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

    def action_of(self, action_id: int, deal: Deal) -> Action:
        """The action of an id (the same in every deal)."""
        return self.actions[action_id]

    def checked(self, action_id: int, deal: Deal, seat: int) -> tuple[Action | None, object]:
        """The action of an id and why ``seat`` may not take it in ``deal`` now (``None``
        if it may)."""
        action = self.actions[action_id]
        return action, deal.why_illegal(action, seat)

    def mask(self, actions: list[Action]) -> ActionMask:
        """An :class:`ActionMask` over every id: 1 for ``actions``, 0 elsewhere."""
        return self.mask_of_ids(self.ids_of(actions))

    def mask_of_ids(self, ids: list[int] | tuple[()]) -> ActionMask:
        """An :class:`ActionMask` over every id: 1 for ``ids``, 0 elsewhere (a fresh
        ``bytearray`` with its few ids set, seen as an array without a copy)."""
        if _MASK_BYTES is not None:  # the compiled core's: one call
            return ActionMask(self._shape, _INT8, _MASK_BYTES(self.size, ids))
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
    rules = kind()
    if rules.wild_ranks:
        from .legal import WildActionTable  # it builds on this module
        return WildActionTable(rules)
    return ActionTable(action_ids(rules))  # type: ignore[arg-type]


def action_table(rules: RuleSet) -> ActionTable:
    """The :class:`ActionTable` of a ruleset, built once per ruleset."""
    return _table(type(rules))
