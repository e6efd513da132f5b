"""A learned evaluation: the chance that a seat's side wins the deal, given what the seat
observes and the action it considers (DouZero's question), from a small network
(:mod:`dizhu.bots.network`) trained on self-play (``training/`` in the repository).

The inputs of one row (:class:`Features`), every entry scaled by its field's ``high`` into
[0, 1]:

- the observation, :class:`dizhu.encoding.Encoding` (the default encoding), but for two
  choices. The auction's fields (``bids``, ``doubled``) read as zeros: the training deals
  are the literature's play mode, which has no auction, so the network never learned what
  they mean and reads only the play. And ``stake`` reads as the doublings so far (bombs
  and rockets played, at most 14: the log2 of the stake over the auction's stake), which is
  the log2 of the stake in play mode (stake 1) and means the same whatever was bid.
- the action: its rank counts (15), its kind one-hot (the encoding's ``top_kind`` order,
  ``dizhu.combos.Kind``, the pass first), a ``pass`` bit and a ``no_action`` bit. "No
  action" (``None``) asks for the value of the observation itself, before choosing: what
  bidding and doubling read (the observation a seat would have at the start of play).

Rows are kept as ``uint8`` units (rank counts, bits, doublings) and scaled to ``float32``
only for the network (:meth:`Features.inputs`); the self-play data stores the same units.
The weights file records :meth:`Features.digest` (the ruleset's name, the fields with their
shapes and highs, the action features, the two choices above and the ruleset's action ids,
:meth:`dizhu.actions.ActionIds.digest`), so weights trained for other inputs are refused
with a clear message. NumPy is imported with this module, not with ``dizhu``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from ..actions import action_ids
from ..cards import NUM_RANKS, counts
from ..combos import Play
from ..deal import Deal
from ..encoding import Encoding
from ..encoding.fields import Field, per_rank
from ..encoding.played import PlayedCards
from ..rules import RuleSet
from ..view import SeatView
from .network import RETRAIN, Network, WeightsMismatch

WEIGHTS = Path(__file__).resolve().parent / "weights"
"""Where the package's weights live, one ``<ruleset>.npz`` per ruleset."""
MOST_DOUBLINGS = 14
"""The ``stake`` entry's high: doublings by bombs and rockets (one per rank 3..2, the rocket)."""
READING = ("bids and doubled read as zeros; stake reads as the doublings by bombs and rockets "
           f"(log2 of the stake over the auction's stake), at most {MOST_DOUBLINGS}")
"""The choices the features make on top of the encoding (part of the digest)."""


class Features:
    """The network's input rows of one ruleset: an observation and an action (see the
    module's docstring), as ``uint8`` units and as ``float32`` inputs."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.encoding = Encoding(rules)
        enc = self.encoding
        self.kinds = enc.kinds
        self.actions = (
            Field("action", (NUM_RANKS,), per_rank(rules)),
            Field("action_kind", (len(self.kinds),), 1),
            Field("pass", (1,), 1),
            Field("no_action", (1,), 1),
        )
        """The action's fields, after the observation's."""
        self.observed = enc.size
        self.size = enc.size + sum(f.size for f in self.actions)
        highs = enc.high.copy()
        self._stake = enc.layout["stake"].start
        highs[self._stake] = MOST_DOUBLINGS
        highs = np.concatenate([highs, *(np.full(f.size, f.high, np.float32)
                                          for f in self.actions)])
        self.scale = (1 / highs).astype(np.float32)
        """Per entry, what a unit is worth as an input: one over the field's high."""
        self._zeroed = [enc.layout["bids"], enc.layout["doubled"]]
        self._kind = {k: i for i, k in enumerate(self.kinds)}
        self._actions: dict[Play | None, np.ndarray] = {}
        self._digest = ""

    # ------------------------------------------------------------------- the observation

    def _units(self, vector: np.ndarray, doublings: int) -> np.ndarray:
        for part in self._zeroed:
            vector[part] = 0
        vector[self._stake] = min(doublings, MOST_DOUBLINGS)
        return vector.astype(np.uint8)

    def of_view(self, view: SeatView) -> np.ndarray:
        """The observation's units (``uint8``, :attr:`observed` entries) of a seat view."""
        return self._units(self.encoding.from_view(view), view.bombs + view.rockets)

    def of_deal(self, deal: Deal, seat: int, tracker: PlayedCards) -> np.ndarray:
        """The same from a deal, as ``seat`` sees it (``tracker``: ``encoding.tracker()``,
        following this deal): the fast path for generating data."""
        position = deal.position
        return self._units(self.encoding.from_deal(deal, seat, tracker),
                           position.bombs + position.rockets)

    # ------------------------------------------------------------------------ the action

    def of_action(self, play: Play | None) -> np.ndarray:
        """The action's units (``uint8``): ``None`` for no action (remembered)."""
        row = self._actions.get(play)
        if row is None:
            row = np.zeros(self.size - self.observed, np.uint8)
            if play is None:
                row[-1] = 1
            else:
                row[:NUM_RANKS] = counts(play.cards)
                row[NUM_RANKS + self._kind[play.kind]] = 1
                row[-2] = int(not play.cards)
            if len(self._actions) < 1 << 16:
                self._actions[play] = row
        return row

    def rows(self, observed: np.ndarray, plays: Sequence[Play | None]) -> np.ndarray:
        """One row of units per play, each the observation's units and the play's."""
        out = np.empty((len(plays), self.size), np.uint8)
        out[:, :self.observed] = observed
        for i, play in enumerate(plays):
            out[i, self.observed:] = self.of_action(play)
        return out

    def inputs(self, rows: np.ndarray) -> np.ndarray:
        """Rows of units as the network's ``float32`` inputs, each in [0, 1]."""
        return rows.astype(np.float32) * self.scale

    # ------------------------------------------------------------------------ the digest

    def layout(self) -> dict[str, Any]:
        """What the inputs mean, part by part (what :meth:`digest` hashes)."""
        return {
            "ruleset": self.rules.name,
            "observation": [[f.name, list(f.shape), f.high] for f in self.encoding.fields],
            "action": [[f.name, list(f.shape), f.high] for f in self.actions],
            "reading": READING,
            "action_ids": action_ids(self.rules).digest(),
        }

    def digest(self) -> str:
        """The sha256 of :meth:`layout`: weights record it and are refused without it
        (worked out once: the action ids' digest reads the whole table)."""
        if not self._digest:
            self._digest = hashlib.sha256(
                json.dumps(self.layout(), sort_keys=True).encode()).hexdigest()
        return self._digest


@cache
def features_of(kind: type[RuleSet]) -> Features:
    """The features of a ruleset class (options change nothing here), made once."""
    return Features(kind())


_LOADED: dict[tuple[str, str], Network] = {}


def load_network(rules: RuleSet, path: str | Path | None = None) -> Network:
    """The network of ``rules`` (by default the package's ``weights/<ruleset>.npz``),
    loaded once per process and checked against this dizhu's features."""
    features = features_of(type(rules))
    path = Path(path) if path is not None else WEIGHTS / f"{rules.name}.npz"
    key = (str(path), features.digest())
    if key not in _LOADED:
        if not path.exists():
            how = (f"train one: {RETRAIN.format(ruleset=rules.name)}" if rules.dealt else
                   "it is for positions only: no deal plays it, so none can be trained")
            raise WeightsMismatch(f"no learned evaluation ships for {rules.name} ({path} is "
                                  f"missing); {how}")
        network = Network.load(path, features.digest(), features.layout(), rules.name)
        if network.inputs != features.size:
            raise WeightsMismatch(f"{path} reads {network.inputs} inputs, not {features.size}")
        _LOADED[key] = network
    return _LOADED[key]


class WinChance:
    """The chance that a seat's side wins, from the learned evaluation of ``rules``
    (``path``: other weights than the package's); cheap to make once the weights are
    loaded (the first one of a process loads them)."""

    def __init__(self, rules: RuleSet, path: str | Path | None = None) -> None:
        self.features = features_of(type(rules))
        self.network = load_network(rules, path)

    def of_rows(self, rows: np.ndarray) -> np.ndarray:
        """The win chance of rows of units (:meth:`Features.rows`)."""
        return self.network.forward(self.features.inputs(rows))

    def of_actions(self, view: SeatView, plays: Sequence[Play | None]) -> np.ndarray:
        """The win chance of the view's side after each play (``None``: no action), in
        one batch through the network."""
        return self.of_rows(self.features.rows(self.features.of_view(view), plays))

    def of_view(self, view: SeatView) -> float:
        """The win chance of the view's side before choosing (no action): for bidding and
        doubling, ask it of the view the seat would have at the start of play."""
        return float(self.of_actions(view, [None])[0])
