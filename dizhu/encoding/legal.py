"""The legal actions of a ruleset with wild cards, as ids and as rows of features.

Their ids are a formula (:class:`~dizhu.actions.WildActionIds`), far too many for a mask
over every id, so an agent is given the legal ids of the seat to act and one row of
numbers per legal id (:data:`FEATURES`), and scores each row as DouZero's agents score the
legal moves. A play's row is its physical cards, the wild cards among them, the ranks
they are read as, and the reading's kind, main rank and length; an auction's answer, a
doubling answer and the pass have a row of zeros (their ids tell them apart).
"""

from __future__ import annotations

import numpy as np

from ..actions import WildActionIds, action_ids
from ..cards import NUM_RANKS, TWO
from ..combos import InvalidPlayError, Kind, Play
from ..deal import Action, Deal
from ..rules import RuleSet
from .masks import ActionMask, ActionTable
from .rows import _rank_row

FEATURES = (("cards", NUM_RANKS), ("wild", NUM_RANKS), ("read", NUM_RANKS), ("kind", 1),
            ("main", 1), ("length", 1))
"""The columns of a legal action's row, in order, with their widths: ``cards`` (its
physical rank counts), ``wild`` (the wild cards among them, by rank), ``read`` (the ranks
the cards are read as: ``cards`` but for the wild cards), ``kind`` (the reading's
:class:`~dizhu.combos.Kind` number; 0 for the pass and for an answer of the auction or
the doubling), ``main`` (its main rank, 0 for 3) and ``length`` (its length)."""
FEATURE_COUNT = sum(width for _, width in FEATURES)
FEATURE_HIGH = np.array([4] * 3 * NUM_RANKS + [max(Kind), NUM_RANKS - 1, TWO], np.uint8)
"""Each column's highest value (the lowest is 0)."""
_DTYPE = np.dtype(np.uint8)
_IDS = np.dtype(np.int64)
_MOST_ROWS = 1 << 16


class WildActionTable(ActionTable):
    """:class:`~dizhu.encoding.masks.ActionTable`'s interface for a ruleset with wild
    cards: the ids of legal actions, an id's action in a deal, and the rows of
    :data:`FEATURES`; no mask (:meth:`mask` says so)."""

    wild = True

    def __init__(self, rules: RuleSet) -> None:
        ids = action_ids(rules)
        assert isinstance(ids, WildActionIds)
        self.ids = ids
        self.play_base = ids.play_base
        self.size = ids.size
        self._rows: dict[int, tuple[Play, bytes]] = {}
        """By the identity of a play the moves of some wild ranks own (which ranks its
        object says), the play (held, so that no other object takes its identity) and its
        row; at most ``_MOST_ROWS`` of them."""

    def ids_of(self, actions: list[Action]) -> list[int]:
        """The ids of ``actions``, in order."""
        return self.ids.ids_of(actions)

    def legal(self, deal: Deal) -> tuple[list[int], list[Action]]:
        """The ids of ``deal.legal_actions()`` and the actions, in that order."""
        actions = deal.legal_actions()
        return self.ids.ids_of(actions), actions

    def legal_ids(self, deal: Deal) -> list[int]:
        """The ids of ``deal.legal_actions()``, in order."""
        return self.legal(deal)[0]

    def action_of(self, action_id: int, deal: Deal) -> Action:
        """The action an id is in ``deal`` now (a play read with its wild ranks drawn so
        far); an ``InvalidPlayError`` if the id is no play there."""
        return self.ids.action(action_id, deal.position)

    def checked(self, action_id: int, deal: Deal, seat: int) -> tuple[Action | None, object]:
        """The action of an id in ``deal`` and why ``seat`` may not take it now (``None``
        if it may)."""
        try:
            action = self.action_of(action_id, deal)
        except InvalidPlayError as e:
            return None, e
        return action, deal.why_illegal(action, seat)

    def mask(self, actions: list[Action]) -> ActionMask:
        raise ValueError(f"{self.ids.ruleset} has {self.size} action ids, too many for a mask: "
                         "use the legal ids and their rows of features")

    mask_of_ids = mask  # type: ignore[assignment]

    def features(self, actions: list[Action], wild: tuple[int, ...]) -> np.ndarray:
        """One row of :data:`FEATURES` per action (``uint8``), in order, for a deal whose
        wild ranks drawn so far are ``wild``."""
        rows = self._rows
        if len(rows) >= _MOST_ROWS:
            rows.clear()
        found = []
        for action in actions:
            known = rows.get(id(action))
            if known is None:
                row = _row(action, wild) if action.__class__ is Play and action.cards \
                    else _ZEROS  # type: ignore[union-attr]
                if action.__class__ is Play and action.id >= 0:  # type: ignore[union-attr]
                    rows[id(action)] = action, row  # type: ignore[assignment]
                found.append(row)
            else:
                found.append(known[1])
        return np.frombuffer(b"".join(found), _DTYPE).reshape(len(actions), FEATURE_COUNT)

    @staticmethod
    def ids_array(ids: list[int]) -> np.ndarray:
        """Legal ids as the observation holds them (``int64``)."""
        return np.array(ids, _IDS)


_ZEROS = bytes(FEATURE_COUNT * _DTYPE.itemsize)


def _row(play: Play, wild: tuple[int, ...]) -> bytes:
    """A play's row of :data:`FEATURES`, as bytes."""
    cards = play.cards
    wilds = cards & sum(15 << 4 * w for w in wild)
    return b"".join((_rank_row(cards), _rank_row(wilds), _rank_row(play.stands_for),
                     bytes((play.kind, play.main, play.length))))
