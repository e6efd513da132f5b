"""Observation encodings: what one seat may know, as a vector of numbers, for learning
agents and for bots (below the bots and the learning environments, which observe through
it; neither Gymnasium nor PettingZoo is needed). Needs NumPy, imported with this package
(``import dizhu`` does not import it).

- :class:`Encoder`: the front door, ``Encoder(rules, encoding="history").encode(view)``, the
  array the learning environments observe for that seat view.
- :class:`~dizhu.encoding.summary.Encoding` (``summary``: counts and one-hots) and
  :class:`~dizhu.encoding.history.HistoryEncoding` (``history``: with the recent plays,
  DouZero's and RLCard's), each module with its table of fields.
- :mod:`dizhu.encoding.masks`: action ids as arrays (the mask over a ruleset's ids).
- :mod:`dizhu.encoding.observer`: one deal's observations step after step, as the
  environments ask for them (written by the compiled core when it runs).
- Their parts: :mod:`~dizhu.encoding.fields` (the named fields of a flat vector),
  :mod:`~dizhu.encoding.played` (the cards played, followed from a deal's history) and
  :mod:`~dizhu.encoding.rows` (rank counts as rows of bytes).
"""

from __future__ import annotations

from .encoder import ENCODINGS, Encoder, encoding_of
from .history import RECENT, HistoryEncoding
from .summary import Encoding

__all__ = ["ENCODINGS", "RECENT", "Encoder", "Encoding", "HistoryEncoding", "encoding_of"]
