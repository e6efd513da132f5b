"""The PettingZoo AEC environment: every seat an agent, one deal an episode.

``env(...)`` wraps :class:`raw_env` as PettingZoo's classic environments are wrapped (an
illegal action ends the deal with -1 for its agent, an action outside the space is
refused, and the order of calls is enforced); ``raw_env`` raises the engine's
:class:`~dizhu.position.IllegalActionError` instead.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from .. import core
from ..deal import Deal, Phase
from ..encoding.masks import ActionMask, action_table
from ..rules import RuleSet
from .core import (
    REWARDS,
    Observer,
    check_choice,
    final_rewards,
    legal_of,
    legal_spaces,
    render_deal,
    rules_of,
)
from .starts import episode_deal


def env(**kwargs: Any) -> AECEnv:
    """:class:`raw_env` with PettingZoo's usual wrappers (the arguments are its own): an
    illegal action ends the deal with -1 for its agent, an action outside the space is
    refused, the order of calls is enforced. The wrappers are PettingZoo's own, each
    reading the deal's state (``agent_selection``, ``terminations``, ...) straight from
    the raw environment instead of through the layers below it."""
    raw = raw_env(**kwargs)
    wrapped: AECEnv = _TerminateIllegal(raw, illegal_reward=-1)
    wrapped = _AssertOutOfBounds(wrapped)
    return _OrderEnforcing(wrapped)


class raw_env(AECEnv, EzPickle):
    """One deal of a ruleset, one agent per seat (``seat_0`` .. ``seat_{n-1}``).

    ``ruleset``: a name (``classic``, ``rob``, ``four``, ``laizi``, ``tiandi``) or a
    :class:`RuleSet`; options such as ``doubling=True`` go with a name. The rulesets with wild
    cards have no action mask (their ids are a formula, too many for one): their observation
    carries ``legal_ids`` and ``legal_actions`` instead (docs/env.md). ``auction``: whether bids
    (calls, robs) and doubles are actions too; without it (the default) each deal is the
    literature's play-only deal: ``landlord`` (a seat, or ``None`` for a random one each deal)
    holds the kitty at a stake of 1 and leads. ``reward``: ``points`` (the deal's score per
    seat) or ``win`` (+1 for the winning side, -1 for the losing one). ``observation_mode``:
    ``flat`` (one vector), ``dict`` (the same by field) or ``view`` (the seat's
    :class:`~dizhu.view.SeatView`). ``encoding``: what the vector holds, ``summary`` (counts and
    one-hots, see :mod:`dizhu.env.encoding`) or ``history`` (with the recent plays, see
    :mod:`dizhu.env.history`). ``reset(options=...)`` may start an episode from given cards, a
    deal, a record, a position or DouZero's data (:mod:`dizhu.env.starts`).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "dizhu_v0", "render_modes": ["ansi", "human"], "render_fps": 1,
        "is_parallelizable": False}

    def __init__(self, ruleset: str | RuleSet = "classic", *, auction: bool = False,
                 landlord: int | None = None, reward: str = "points",
                 observation_mode: str = "flat", encoding: str = "summary",
                 render_mode: str | None = None, **options: bool) -> None:
        EzPickle.__init__(self, ruleset, auction=auction, landlord=landlord, reward=reward,
                          observation_mode=observation_mode, encoding=encoding,
                          render_mode=render_mode, **options)
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
        self.wild = self.table.wild
        """Whether the ruleset has wild cards: legal ids and rows of features, no mask."""
        self._actions = getattr(self.table, "actions", ())
        self._size = self.table.size
        self.observer = Observer(rules, observation_mode, encoding)
        self._observe = self.observer.observe
        self._mask = self.table.mask_of_ids
        self.possible_agents = [f"seat_{s}" for s in range(rules.seats)]
        self.agents = self.possible_agents[:]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        legal = legal_spaces(self.table) if self.wild else \
            {"action_mask": spaces.Box(0, 1, (self.table.size,), np.int8)}
        self.observation_spaces = {
            agent: spaces.Dict({"observation": self.observer.space(), **legal})
            for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.table.size)
                              for agent in self.possible_agents}
        self._rng = random.Random()
        self.deal: Deal | None = None
        self._legal: list[int] = []
        self._legal_actions: list = []
        """The wild rulesets: the actions of ``_legal``'s ids, in order."""
        self._legal_at = (-1, -1)
        """The state ``_legal`` was worked out for: the deal's history's length and
        version (:meth:`~dizhu.deal.Deal.history_state`)."""
        self._work_out_legal = self._wild_legal if self.wild else self.table.legal_ids
        """The legal ids of a deal's state, worked out anew (:meth:`legal_ids` keeps them)."""
        if self.wild:  # Python's methods, with legal ids and their features
            self.observe = self._wild_observe  # type: ignore[method-assign]
            self._push_legal = self._wild_push_legal  # type: ignore[method-assign]
        compiled = _compiled_step(self)
        if compiled is not None:  # the same methods in C, each one call a step
            self.legal_ids = compiled.legal_ids  # type: ignore[method-assign]
            self.observe = compiled.observe  # type: ignore[method-assign]
            self._push_legal = compiled.push  # type: ignore[method-assign]
            self.step = compiled.step  # type: ignore[method-assign]
            self.last = compiled.last  # type: ignore[method-assign]

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new deal (``seed``: the same seed deals the same deal), or the one ``options``
        give: ``hands`` and ``kitty``, a ``deal``, a ``record`` (at a ``step``), a
        ``position`` or a ``douzero`` deal (see :mod:`dizhu.env.starts`); a ``ValueError``
        names an option that is unknown or wrong."""
        rng = random.Random(seed) if seed is not None else self._rng
        self.deal = episode_deal(options, rng, self.rules, self.auction, self.landlord)
        self._rng = rng
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.deal.to_move]
        self._legal_at = (-1, -1)
        if self.render_mode == "human":
            self.render()

    def legal_ids(self) -> list[int]:
        """The ids of the legal actions of the seat to act now: the ids of
        ``deal.legal_actions()`` in its order (the pass first when following, not sorted),
        empty once the deal is over; the ids the mask marks. Worked out once per state:
        the same list until the next step (do not change it)."""
        deal = self.deal
        at = self._legal_at
        if at[0] != len(deal.history) or at[1] != deal.version:
            self._legal = self._work_out_legal(deal)
            self._legal_at = deal.history_state()
        return self._legal

    def _wild_legal(self, deal: Deal) -> list[int]:
        """What :meth:`legal_ids` works out in a ruleset with wild cards: the ids, with
        their actions kept in ``_legal_actions``."""
        ids, self._legal_actions = self.table.legal(deal)  # type: ignore[attr-defined]
        return ids

    def _wild_observe(self, agent: str) -> dict[str, Any]:
        """:meth:`observe` of a ruleset with wild cards: the observation, ``legal_ids`` and
        ``legal_actions`` (both empty when not its turn)."""
        seat = self._seat[agent]
        deal = self.deal
        mine = seat == deal.to_move
        ids = self.legal_ids() if mine else []
        return {"observation": self._observe(deal, seat),
                **legal_of(self.table, deal, ids,  # type: ignore[arg-type]
                           self._legal_actions if mine else None)}

    def _wild_push_legal(self, action: int) -> bool:
        """:meth:`_push_legal` of a ruleset with wild cards."""
        ids = self.legal_ids()
        if action in ids:
            self.deal.push_unchecked(self._legal_actions[ids.index(action)])
            return True
        return False

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation and its action mask (all zeros when not its turn); in
        a ruleset with wild cards ``legal_ids`` and ``legal_actions`` instead of the mask."""
        seat = self._seat[agent]
        deal = self.deal
        return {"observation": self._observe(deal, seat),
                "action_mask": self._mask(self.legal_ids() if seat == deal.to_move else ())}

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict]:
        """The agent to act's observation (``None`` without ``observe``), cumulative reward,
        termination, truncation and info: PettingZoo's ``last``, read in one call."""
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])

    def agent_iter(self, max_iter: int = 2**63) -> _AgentIterable:
        """The agent to act, until no agent is left (or ``max_iter`` agents): PettingZoo's
        iterable, each loop a generator."""
        return _AgentIterable(self, max_iter)

    def step(self, action: int | None) -> None:
        """The agent to act takes ``action``, an id of the space (``None`` once its deal is
        over); an id outside the space is a ``ValueError``, an illegal one the engine's
        :class:`~dizhu.position.IllegalActionError` saying which action and why."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action.__class__ is not int or not 0 <= action < self._size:
            action = self.table.action_id(action)
        deal = self.deal
        if not self._push_legal(action):
            why = self.table.checked(action, deal, self._seat[agent])[1]
            raise self.table.refusal(action, why)
        self._cumulative_rewards[agent] = 0.0
        if deal.is_over:
            self._end(deal)
        else:
            self.agent_selection = self.possible_agents[deal.to_move]
        if self.render_mode == "human":
            self.render()

    def _push_legal(self, action: int) -> bool:
        """Push ``action`` (an id of the space) if it is legal now and say so: one of the
        engine's own legal actions, pushed without checking it again."""
        if action in self.legal_ids():
            self.deal.push_unchecked(self._actions[action])
            return True
        return False

    def _end(self, deal: Deal) -> None:
        """The deal is over: each agent's reward, every agent terminated."""
        for agent, reward in zip(self.agents, final_rewards(deal, self.reward), strict=True):
            self.rewards[agent] = reward
            self.terminations[agent] = True
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The deal as text, every hand open (``ansi`` returns it, ``human`` prints it)."""
        return render_deal(self.deal, self.render_mode)

    def close(self) -> None:
        pass


def _compiled_step(env: raw_env) -> Any:
    """The compiled core's ``EnvStep`` of ``env`` (its ``legal_ids``, ``observe``,
    ``_push_legal``, ``step`` and ``last`` in C: csrc/envstep.c), ``None`` when the pure
    core runs and for the rulesets with wild cards."""
    if core.NAME != "compiled" or env.wild:
        return None
    table = env.table
    return core.COMPILED.EnvStep(  # type: ignore[union-attr]
        env, env.observer.observe, env._seat, table.actions, table.play_base, Phase.PLAY,
        table.legal_ids, ActionMask, (table.size,), np.dtype(np.int8), raw_env.step,
        raw_env.last)


class _AgentIterable:
    """What ``agent_iter`` returns: as PettingZoo's ``AECIterable`` (iterable again and
    again), each iteration a generator rather than an iterator object's ``__next__``."""

    __slots__ = ("env", "max_iter")

    def __init__(self, env: raw_env, max_iter: int) -> None:
        self.env = env
        self.max_iter = max_iter

    def __iter__(self) -> Iterator[str]:
        env, left = self.env, self.max_iter
        while env.agents and left > 0:
            left -= 1
            yield env.agent_selection


# ----------------------------------------------------------------- the wrappers of env()

_STATE = ("agent_selection", "agents", "rewards", "terminations", "truncations", "infos",
          "_cumulative_rewards")
"""What the AEC loop reads on every step: the raw environment's, whichever layer asks."""


class _ReadsTheRawState:
    """A PettingZoo wrapper whose reads of the deal's state go to the raw environment at
    once: PettingZoo's wrappers pass every attribute they lack down through each layer's
    ``__getattr__``, which cost about twice the raw environment's own step. (The state is
    the raw environment's alone: the wrappers below set it there too.)"""

    _raw: raw_env

    def _reads(self, env: AECEnv) -> None:
        self._raw = env.unwrapped  # type: ignore[assignment]


def _read_through(name: str, after_reset: bool = False) -> property:
    """A property reading the raw environment's ``name``; ``after_reset``: refused before
    the first reset, as the order enforcing wrapper refuses it."""
    if after_reset:
        def read(self: Any) -> Any:
            if not self._has_reset:
                raise AttributeError(f"{name} cannot be accessed before reset")
            return getattr(self._raw, name)
    else:
        def read(self: Any) -> Any:
            return getattr(self._raw, name)

    return property(read, doc=f"The raw environment's ``{name}``.")


for _name in _STATE:
    setattr(_ReadsTheRawState, _name, _read_through(_name))


class _TerminateIllegal(_ReadsTheRawState, wrappers.TerminateIllegalWrapper):
    def __init__(self, env: AECEnv, illegal_reward: float) -> None:
        super().__init__(env, illegal_reward)
        self._reads(env)

    def step(self, action: Any) -> None:
        """PettingZoo's, which reads the action mask; a ruleset with wild cards has none,
        so an action is legal when it is one of ``legal_ids()``, as the mask would say."""
        raw = self._raw
        if not raw.wild:
            super().step(action)
            return
        agent = raw.agent_selection
        self._prev_obs = self._prev_info = None
        over = raw.terminations[agent] or raw.truncations[agent]
        if self._terminated and over:
            raw._was_dead_step(action)
        elif not over and action not in raw.legal_ids():
            EnvLogger._generic_warning(  # as PettingZoo's wrapper warns, naming the ids
                "[WARNING]: Illegal move made, game terminating with current player losing. "
                "\nobs['legal_ids'] holds the ids of the legal moves.")
            raw._cumulative_rewards[agent] = 0
            raw.terminations = dict.fromkeys(raw.agents, True)
            raw.truncations = dict.fromkeys(raw.agents, True)
            raw.rewards = dict.fromkeys(raw.agents, 0)
            raw.rewards[agent] = float(self._illegal_value)
            raw._accumulate_rewards()
            raw._deads_step_first()
            self._terminated = True
        else:
            self.env.step(action)


class _AssertOutOfBounds(_ReadsTheRawState, wrappers.AssertOutOfBoundsWrapper):
    def __init__(self, env: AECEnv) -> None:
        super().__init__(env)
        self._reads(env)
        self._size = self._raw.table.size

    def step(self, action: Any) -> None:
        """PettingZoo's bounds check, an ``int`` in range passed at once; an action outside
        the space is the raw environment's ``ValueError`` saying so, not a bare assert."""
        if action.__class__ is int and 0 <= action < self._size:  # in the space, at once
            self.env.step(action)
            return
        agent = self._raw.agent_selection
        if action is not None or not (self._raw.terminations[agent]
                                      or self._raw.truncations[agent]):
            self._raw.table.action_id(action)
        super().step(action)


class _OrderEnforcing(_ReadsTheRawState, wrappers.OrderEnforcingWrapper):
    def __init__(self, env: AECEnv) -> None:
        super().__init__(env)
        self._reads(env)

    def __str__(self) -> str:
        return str(self.env)  # as PettingZoo's own order enforcing wrapper names it


for _name in _STATE:
    setattr(_OrderEnforcing, _name, _read_through(_name, after_reset=_name[0] != "_"))
