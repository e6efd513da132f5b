"""The PettingZoo AEC environment: every seat an agent, one deal an episode.

``env(...)`` wraps :class:`raw_env` as PettingZoo's classic environments are wrapped (an
illegal action ends the deal with -1 for its agent, an action outside the space is
refused, and the order of calls is enforced); ``raw_env`` raises the engine's
:class:`~dizhu.position.IllegalActionError` instead.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..deal import Deal
from ..rules import RuleSet
from .core import (
    REWARDS,
    Observer,
    action_table,
    check_choice,
    final_rewards,
    new_deal,
    render_deal,
    rules_of,
)

_frombuffer = np.frombuffer
_INT8 = np.dtype(np.int8)
_FEW = 32
"""Up to this many legal ids, a mask is set byte by byte (cheaper than one NumPy call)."""


def env(**kwargs: Any) -> AECEnv:
    """:class:`raw_env` with PettingZoo's usual wrappers (the arguments are its own)."""
    wrapped: AECEnv = raw_env(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv, EzPickle):
    """One deal of a ruleset, one agent per seat (``seat_0`` .. ``seat_{n-1}``).

    ``ruleset``: a name (``classic``, ``rob``, ``four``) or a :class:`RuleSet`; options such
    as ``doubling=True`` go with a name. ``auction``: whether bids (calls, robs) and doubles
    are actions too; without it (the default) each deal is the literature's play-only deal:
    ``landlord`` (a seat, or ``None`` for a random one each deal) holds the kitty at a stake
    of 1 and leads. ``reward``: ``points`` (the deal's score per seat) or ``win`` (+1 for
    the winning side, -1 for the losing one). ``observation_mode``: ``flat`` (one vector,
    see :mod:`dizhu.env.encoding`), ``dict`` (the same by field) or ``view`` (the seat's
    :class:`~dizhu.view.SeatView`).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "dizhu_v0", "render_modes": ["ansi", "human"], "render_fps": 1,
        "is_parallelizable": False}

    def __init__(self, ruleset: str | RuleSet = "classic", *, auction: bool = False,
                 landlord: int | None = None, reward: str = "points",
                 observation_mode: str = "flat", render_mode: str | None = None,
                 **options: bool) -> None:
        EzPickle.__init__(self, ruleset, auction=auction, landlord=landlord, reward=reward,
                          observation_mode=observation_mode, render_mode=render_mode,
                          **options)
        super().__init__()
        self.rules = rules = rules_of(ruleset, options)
        check_choice("reward", reward, REWARDS)
        if render_mode is not None:
            check_choice("render_mode", render_mode, tuple(self.metadata["render_modes"]))
        if landlord is not None and not 0 <= landlord < rules.seats:
            raise ValueError(f"the landlord is a seat 0..{rules.seats - 1}, not {landlord}")
        self.auction = auction
        self.landlord = landlord
        self.reward = reward
        self.render_mode = render_mode
        self.table = action_table(rules)
        self.observer = Observer(rules, observation_mode)
        self._observe = self.observer.observe
        self._actions = self.table.size
        self.possible_agents = [f"seat_{s}" for s in range(rules.seats)]
        self.agents = self.possible_agents[:]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        mask = spaces.Box(0, 1, (self.table.size,), np.int8)
        self.observation_spaces = {
            agent: spaces.Dict({"observation": self.observer.space(), "action_mask": mask})
            for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.table.size)
                              for agent in self.possible_agents}
        self._rng = random.Random()
        self.deal: Deal | None = None
        self._legal: tuple[int, object, list[int]] = (-1, None, [])
        """The legal ids (last) of the state (first two) they were worked out for: the
        history's length and its last entry (each push appends a tuple made anew)."""

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new deal (``seed``: the same seed deals the same deal)."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.deal = new_deal(self._rng, self.rules, self.auction, self.landlord)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.deal.to_move]
        self._legal = (-1, None, [])
        if self.render_mode == "human":
            self.render()

    def legal_ids(self) -> list[int]:
        """The ids of the legal actions of the seat to act (computed once per state)."""
        history = self.deal.history
        moves = len(history)
        last = history[-1] if moves else None
        legal = self._legal
        if legal[0] != moves or legal[1] is not last:
            legal = self._legal = (moves, last, self.table.ids_of(self.deal.legal_actions()))
        return legal[2]

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation and its action mask (all zeros when not its turn)."""
        seat = self._seat[agent]
        deal = self.deal
        mask = bytearray(self._actions)
        if seat == deal.to_move:
            ids = self.legal_ids()
            if len(ids) < _FEW:
                for i in ids:
                    mask[i] = 1
            else:
                _frombuffer(mask, _INT8)[ids] = 1
        return {"observation": self._observe(deal, seat),
                "action_mask": _frombuffer(mask, _INT8)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        deal = self.deal
        chosen = self.table.actions[int(action)]
        if action in self.legal_ids():  # the engine's own legal actions: no need to check
            deal.push_unchecked(chosen)
        else:
            deal.push(chosen, self._seat[agent])
        self._cumulative_rewards[agent] = 0.0
        if deal.is_over:
            for agent_, reward in zip(self.agents, final_rewards(deal, self.reward),
                                      strict=True):
                self.rewards[agent_] = reward
                self.terminations[agent_] = True
            self._accumulate_rewards()
        else:
            self.agent_selection = self.possible_agents[deal.to_move]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The deal as text, every hand open (``ansi`` returns it, ``human`` prints it)."""
        return render_deal(self.deal, self.render_mode)

    def close(self) -> None:
        pass
