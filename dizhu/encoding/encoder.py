"""The front door for bots: a seat view as the learning environments observe it.

    >>> from dizhu.encoding import Encoder
    >>> encoder = Encoder("classic", encoding="history")
    >>> vector = encoder.encode(view)        # float32, encoder.size numbers
    >>> mask = encoder.mask(view)            # int8 over the ruleset's action ids
"""

from __future__ import annotations

from functools import cache

import numpy as np

from ..deal import Action, Deal
from ..rules import RuleSet
from ..rulesets import find_ruleset
from ..view import WATCHER, SeatView
from .history import HistoryEncoding
from .masks import ActionMask, action_table
from .observer import deal_observer
from .summary import Encoding, Field

ENCODINGS = ("summary", "history")
"""The encodings by name: :class:`Encoding` (counts and one-hots) or
:class:`HistoryEncoding` (the same with the recent plays)."""


@cache
def encoding_of(rules: RuleSet, name: str = "summary") -> Encoding | HistoryEncoding:
    """The encoding ``name`` (one of :data:`ENCODINGS`) of a ruleset, made once."""
    if name not in ENCODINGS:
        raise ValueError(f"encoding is {' or '.join(map(repr, ENCODINGS))}, not {name!r}")
    return Encoding(rules) if name == "summary" else HistoryEncoding(rules)


class Encoder:
    """One ruleset's observation in one of :data:`ENCODINGS`: :meth:`encode` gives, for a
    seat view, the very array the learning environments observe for that seat (``flat``
    mode), :meth:`fields` the same by field name (``dict`` mode), :meth:`mask` the action
    mask; ``size``, ``layout`` (each field's slice) and ``high`` (each number's bound)
    describe the vector."""

    def __init__(self, rules: RuleSet | str = "classic", encoding: str = "summary",
                 **options: bool) -> None:
        if isinstance(rules, str):
            rules = find_ruleset(rules, **options)
        elif options:
            rules = rules.with_options(**options)
        self.rules = rules
        self.name = encoding
        self.encoding = encoding_of(rules, encoding)
        self.size: int = self.encoding.size
        self.layout: dict[str, slice] = self.encoding.layout
        self.high: np.ndarray = self.encoding.high
        self._observe = deal_observer(self.encoding)

    @property
    def field_table(self) -> tuple[Field, ...]:
        """The fields in the vector's order: name, shape and highest value of each."""
        return self.encoding.fields

    def _check(self, view: SeatView) -> None:
        if view.seat == WATCHER:
            raise ValueError("a spectator's view has no hand to encode: encode a seat's view")
        if type(view.rules) is not type(self.rules) or view.rules.seats != self.rules.seats:
            raise ValueError(f"a view of {view.rules.name} given to the encoder of "
                             f"{self.rules.name}")

    def encode(self, view: SeatView) -> np.ndarray:
        """The observation of ``view`` (a ``float32`` vector of :attr:`size` numbers)."""
        self._check(view)
        return self.encoding.from_view(view)

    def fields(self, view: SeatView) -> dict[str, np.ndarray]:
        """The observation of ``view`` by field name, each shaped as its table says."""
        return self.encoding.split(self.encode(view))

    def encode_deal(self, deal: Deal, seat: int) -> np.ndarray:
        """The observation of ``seat``'s view of ``deal`` without building the view (read
        from the seat's own hand and the public state only): the environments' fast path,
        which follows one deal from step to step (calls on another deal start afresh)."""
        return self._observe(deal, seat)

    def ids(self, view: SeatView) -> list[int]:
        """The action ids of the view's legal actions, in the view's order."""
        return action_table(self.rules).ids_of(list(view.legal))

    def mask(self, view: SeatView) -> ActionMask:
        """The action mask of ``view``: 1 for the ids of its legal actions (none when the
        seat is not to act), as the environments give it. The rulesets with wild cards
        have none (a ``ValueError``): :meth:`ids` and :meth:`legal_actions` instead."""
        return action_table(self.rules).mask(list(view.legal))

    def legal_actions(self, view: SeatView) -> np.ndarray:
        """A ruleset with wild cards: one row of features per legal action of ``view``,
        in the order of :meth:`ids` (``dizhu.encoding.legal.FEATURES``), as the
        environments' ``legal_actions``."""
        table = action_table(self.rules)
        if not table.wild:
            raise ValueError(f"{self.rules.name} has an action mask: rows of features are "
                             "for the rulesets with wild cards")
        return table.features(list(view.legal), view.wild)  # type: ignore[attr-defined]

    def action(self, action_id: int, view: SeatView | None = None) -> Action:
        """The action of an id (a bot's answer, from an id its model chose); in a ruleset
        with wild cards a play's id needs the ``view`` (its deal's wild ranks)."""
        table = action_table(self.rules)
        if not table.wild:
            return table.actions[action_id]
        moves = self.rules.moves(view.wild) if view is not None else None
        return table.ids.action(action_id, moves)  # type: ignore[union-attr]
