"""One deal's observations step after step, as the learning environments ask for them:
the encodings' ``from_deal`` with its tracker, written by the compiled core when it runs
(``dizhu._ccore.Observer``, which gives the same bytes; the tests compare them at every
step of random deals) and by the pure-Python encoder otherwise."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import numpy as np

from .. import core
from ..combos import Play
from ..deal import Deal
from .history import HistoryEncoding
from .rows import PHASES
from .summary import Encoding

DealObserver = Callable[[Deal, int], np.ndarray]
"""``observe(deal, seat)``: the vector of ``seat``'s view of ``deal``."""


def deal_observer(encoding: Encoding | HistoryEncoding,
                  compiled: bool | None = None) -> DealObserver:
    """An observer of one deal at a time (calls on another deal start afresh) in
    ``encoding``: compiled (``True``), pure (``False``) or as the running core is
    (``None``: :data:`dizhu.core.NAME`). The rulesets with wild cards have the pure one
    only (the compiled observer writes the vectors of the others)."""
    if encoding.wild:
        compiled = False
    if compiled is None:
        compiled = core.NAME == "compiled"
    if compiled:
        native = compiled_observer(encoding)
        return native.encode  # type: ignore[no-any-return]
    tracker = encoding.tracker()
    return partial(encoding.from_deal, log=tracker) \
        if isinstance(encoding, HistoryEncoding) else partial(encoding.from_deal,
                                                              played=tracker)


def compiled_observer(encoding: Encoding | HistoryEncoding) -> object:
    """The compiled core's ``Observer`` of ``encoding``."""
    if core.COMPILED is None:
        raise RuntimeError(core.MISSING)
    rules = encoding.rules
    native = core.COMPILED.Observer(
        isinstance(encoding, HistoryEncoding), rules.seats, encoding.answers, PHASES, Play,
        rules.moves().universe.tops, rules.deck,
        partial(np.empty, encoding.size, np.float32))
    if native.size != encoding.size:
        raise RuntimeError(f"the compiled observer writes {native.size} numbers, and the "
                           f"encoding has {encoding.size}: rebuild the compiled core")
    return native
