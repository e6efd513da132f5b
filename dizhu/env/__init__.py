"""Learning environments: PettingZoo's AEC API (every seat an agent) and Gymnasium's
(one seat, dizhu bots in the others), over the engine's rules, action ids, seat views and
observation encodings (:mod:`dizhu.encoding`, which needs neither of them).

    >>> from dizhu.env import env
    >>> aec = env(ruleset="classic")
    >>> aec.reset(seed=1)

The rulesets with wild cards (``laizi``, ``tiandi``) have action ids by formula and no
mask: their observations carry ``legal_ids`` and ``legal_actions`` (a row of features per
legal id) instead. ``dizhu/DouDizhu-v0`` is registered with Gymnasium when this package is
imported. Needs the
``env`` extra: ``pip install 'dizhu[env]'`` (PettingZoo, Gymnasium, NumPy). See
``docs/env.md``.
"""

from __future__ import annotations

try:
    import gymnasium
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as e:  # pragma: no cover - depends on what is installed
    raise ImportError(
        f"dizhu.env needs PettingZoo, Gymnasium and NumPy ({e.name} is missing): "
        "pip install 'dizhu[env]'") from e

from ..encoding import ENCODINGS, Encoder, Encoding, HistoryEncoding
from ..encoding.masks import ActionMask, action_table
from .aec import env, raw_env
from .core import OBSERVATION_MODES, REWARDS
from .gym import DouDizhuEnv

GYM_ID = "dizhu/DouDizhu-v0"

if GYM_ID not in gymnasium.registry:
    gymnasium.register(id=GYM_ID, entry_point="dizhu.env.gym:DouDizhuEnv")

__all__ = ["ENCODINGS", "GYM_ID", "OBSERVATION_MODES", "REWARDS", "ActionMask", "DouDizhuEnv",
           "Encoder", "Encoding", "HistoryEncoding", "action_table", "env", "raw_env"]
