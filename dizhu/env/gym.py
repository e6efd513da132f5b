"""The Gymnasium environment ``dizhu/DouDizhu-v0``: one seat learns, dizhu bots play the
others. One deal is an episode; the legal actions are ``info["action_mask"]`` (with wild
cards, ``info["legal_ids"]`` and ``info["legal_actions"]``: no mask)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import gymnasium
from gymnasium import spaces

from ..bots import Bot, make_bot
from ..deal import Deal
from ..encoding.masks import action_table
from ..rules import RuleSet
from ..view import seat_view
from .core import (
    REWARDS,
    Observer,
    check_choice,
    final_rewards,
    legal_of,
    render_deal,
    rules_of,
)
from .starts import episode_deal


class DouDizhuEnv(gymnasium.Env):
    """One deal of a ruleset seen from ``seat``; ``opponents`` (a bot name such as
    ``random``, ``easy``, ``normal``, or one name per other seat in seat order) play the
    other seats from their own seat views.

    ``auction``, ``landlord``, ``reward``, ``observation_mode``, ``encoding`` and ruleset
    options are as in :class:`dizhu.env.raw_env`, and so are ``reset``'s options. An
    illegal action ends the deal with ``illegal_reward`` for the seat
    (``info["illegal_action"]`` is set), as PettingZoo's wrapped environments do;
    ``illegal_reward=None`` raises the engine's :class:`IllegalActionError` instead; an
    action outside the space is a ``ValueError`` either way. In a ruleset with wild cards
    ``info`` carries ``legal_ids`` and ``legal_actions`` (a row of features per legal id)
    instead of ``action_mask``, as :class:`dizhu.env.raw_env`'s observations do.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "human"], "render_fps": 1}

    def __init__(self, ruleset: str | RuleSet = "classic", seat: int = 0,
                 opponents: str | Sequence[str] = "random", *, auction: bool = False,
                 landlord: int | None = None, reward: str = "points",
                 observation_mode: str = "flat", encoding: str = "summary",
                 illegal_reward: float | None = -1.0, render_mode: str | None = None,
                 **options: bool) -> None:
        self.rules = rules = rules_of(ruleset, options)
        check_choice("reward", reward, REWARDS)
        if render_mode is not None:
            check_choice("render_mode", render_mode, tuple(self.metadata["render_modes"]))
        if not 0 <= seat < rules.seats:
            raise ValueError(f"seat is 0..{rules.seats - 1}, not {seat}")
        if landlord is not None and not 0 <= landlord < rules.seats:
            raise ValueError(f"the landlord is a seat 0..{rules.seats - 1}, not {landlord}")
        others = [s for s in range(rules.seats) if s != seat]
        names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(names) != len(others):
            raise ValueError(f"give one opponent, or one per other seat ({len(others)})")
        self.seat = seat
        self.bots: dict[int, Bot] = {s: make_bot(name) for s, name in zip(others, names,
                                                                          strict=True)}
        for bot in self.bots.values():
            why = bot.cannot_play(rules)
            if why is not None:
                for made in self.bots.values():
                    made.close()
                raise ValueError(why)
        self.auction = auction
        self.landlord = landlord
        self.reward = reward
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.table = action_table(rules)
        self.observer = Observer(rules, observation_mode, encoding)
        self.observation_space = self.observer.space()
        self.action_space = spaces.Discrete(self.table.size)
        self.deal: Deal | None = None
        self._ended = False

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """A new deal, or the one ``options`` give (as :meth:`dizhu.env.raw_env.reset`'s),
        played by the bots up to the learning seat's first turn (if they end it first,
        the next step raises ``ResetNeeded``)."""
        super().reset(seed=seed)
        rng = random.Random(int(self.np_random.integers(1 << 62)))
        self.deal = episode_deal(options, rng, self.rules, self.auction, self.landlord)
        for seat, bot in self.bots.items():
            bot.reseed(f"{rng.getrandbits(64)}:{seat}")
        self._others_act()
        self._ended = self.deal.is_over
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The learning seat takes ``action``, an id of the space (a ``ValueError`` if it
        is not one), then the bots play up to its next turn. An illegal action ends the
        episode with ``illegal_reward``, or (``illegal_reward=None``) raises the engine's
        :class:`IllegalActionError` saying which action and why."""
        deal = self.deal
        if deal is None or self._ended:
            raise gymnasium.error.ResetNeeded("the deal is over: call reset() first")
        table = self.table
        action = table.action_id(action)
        chosen, why = table.checked(action, deal, self.seat)
        if why is None:
            deal.push_unchecked(chosen)
        else:
            if self.illegal_reward is None:
                raise table.refusal(action, why)
            info = self._info()
            info["illegal_action"] = True
            self._ended = True
            return self._observation(), float(self.illegal_reward), True, False, info
        self._others_act()
        self._ended = deal.is_over
        reward = final_rewards(deal, self.reward)[self.seat] if deal.is_over else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, deal.is_over, False, self._info()

    def _others_act(self) -> None:
        deal = self.deal
        while not deal.is_over and deal.to_move != self.seat:
            seat = deal.to_move
            deal.push(self.bots[seat].act(seat_view(deal, seat)), seat)

    def _observation(self) -> Any:
        return self.observer.observe(self.deal, self.seat)

    def _info(self) -> dict[str, Any]:
        deal = self.deal
        if self.table.wild:
            mine = deal.to_move == self.seat
            ids, actions = self.table.legal(deal) if mine else ([], None)  # type: ignore[attr-defined]
            return legal_of(self.table, deal, ids, actions)  # type: ignore[arg-type]
        return {"action_mask": self.table.mask_of_ids(
            self.table.legal_ids(deal) if deal.to_move == self.seat else ())}

    def render(self) -> str | None:
        """The deal as text, every hand open (``ansi`` returns it, ``human`` prints it)."""
        return render_deal(self.deal, self.render_mode)

    def close(self) -> None:
        """Let go of the opponents (an outside program is stopped)."""
        for bot in self.bots.values():
            bot.close()
