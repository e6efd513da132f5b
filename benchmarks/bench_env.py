"""Environment steps per second: dizhu's PettingZoo AEC environment beside RLCard's
``doudizhu`` environment, on one core, random legal actions, in one run.

    python3 benchmarks/bench_env.py [--rounds N] [--seconds S] [--json] [--only ROW ...]

Each round times every environment for S CPU-seconds of this process (pinned to one core),
in turn, so that a noisy machine disturbs them alike; the figures are medians over rounds,
and the ratio is the median of the rounds' ratios (with their range).
A step is one agent's decision, observation included:

- dizhu: ``obs, *_ = env.last()`` (the encoded observation and the action mask), a uniform
  choice among the mask's legal ids, ``env.step(id)``; play-only deals (the landlord, a
  random seat, holds the kitty and leads), as RLCard's. The rows differ in the
  environment and in how the agent reads the mask:

  - ``raw_env, mask.view(bool)``: ``dizhu.env.raw_env``, ``np.flatnonzero(mask.view(bool))``;
  - ``raw_env, flatnonzero(mask)``: the same with plain ``np.flatnonzero(mask)``;
  - ``raw_env, plain int8 array``: ``np.flatnonzero(np.asarray(mask))``, the mask as a
    plain ``int8`` ndarray (what plain NumPy use cost before the mask's own type);
  - ``env(), flatnonzero(mask)``: ``dizhu.env.env`` (PettingZoo's order, bounds and
    illegal-action wrappers, reading the state straight from the raw environment);
  - ``stock wrappers, mask.view(bool)``: ``raw_env`` under PettingZoo's wrapper classes as
    they come (what ``env()`` was before);
  - ``raw_env history, mask.view(bool)``: ``raw_env(encoding="history")``;
  - ``raw_env, legal_ids()``: the agent chooses among ``env.legal_ids()``, the list of
    legal ids, as RLCard's agent chooses among its state's list of legal actions (the
    observation and its mask are still made at every step);
  - ``laizi raw_env, legal_ids()``, ``tiandi raw_env, legal_ids()``: the same in the
    rulesets with wild cards, whose observation carries ``legal_ids`` and a row of
    features per legal id instead of a mask (the Python methods, not the compiled step).
- RLCard 1.2.0: a uniform choice among ``state["legal_actions"]``, ``env.step(action)``
  (which returns the next state, its observation encoded).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np
from argtypes import count, seconds
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from dizhu.env import env, raw_env
from dizhu.interrupt import run_script


def pin() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {max(os.sched_getaffinity(0))})


def timed(run_deal: Callable[[], int], seconds: float) -> float:
    """Whole deals until ``seconds`` of CPU time have passed: steps per CPU-second."""
    clock = time.process_time
    steps = 0
    start = clock()
    while clock() - start < seconds:
        steps += run_deal()
    return steps / (clock() - start)


def stock_wrapped(**kwargs) -> AECEnv:
    """``raw_env`` under PettingZoo's own wrapper classes, as ``env()`` once was."""
    wrapped: AECEnv = raw_env(**kwargs)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def as_bools(aec: AECEnv, mask: np.ndarray) -> np.ndarray:
    return np.flatnonzero(mask.view(np.bool_))


def plain(aec: AECEnv, mask: np.ndarray) -> np.ndarray:
    return np.flatnonzero(mask)


def plain_int8(aec: AECEnv, mask: np.ndarray) -> np.ndarray:
    return np.flatnonzero(np.asarray(mask))


def listed(aec: AECEnv, mask: np.ndarray) -> list[int]:
    return aec.legal_ids()


Legal = Callable[[AECEnv, np.ndarray], "np.ndarray | list[int]"]
VARIANTS: dict[str, tuple[Callable[..., AECEnv], dict, Legal]] = {
    "raw_env, mask.view(bool)": (raw_env, {}, as_bools),
    "raw_env, flatnonzero(mask)": (raw_env, {}, plain),
    "raw_env, plain int8 array": (raw_env, {}, plain_int8),
    "env(), flatnonzero(mask)": (env, {}, plain),
    "stock wrappers, mask.view(bool)": (stock_wrapped, {}, as_bools),
    "raw_env history, mask.view(bool)": (raw_env, {"encoding": "history"}, as_bools),
    "raw_env, legal_ids()": (raw_env, {}, listed),
    "laizi raw_env, legal_ids()": (raw_env, {"ruleset": "laizi"}, listed),
    "tiandi raw_env, legal_ids()": (raw_env, {"ruleset": "tiandi"}, listed),
}


def dizhu_deals(variant: str, seed: int) -> Callable[[], int]:
    make, kwargs, legal_of = VARIANTS[variant]
    aec = make(**kwargs)
    aec.reset(seed=seed)
    rng = random.Random(seed)

    def run_deal() -> int:
        aec.reset()
        steps = 0
        for _ in aec.agent_iter():
            obs, _, terminated, truncated, _ = aec.last()
            if terminated or truncated:
                aec.step(None)
                continue
            legal = legal_of(aec, obs.get("action_mask"))  # none with wild cards
            aec.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        return steps

    return run_deal


def rlcard_deals(seed: int) -> Callable[[], int] | None:
    try:
        import rlcard
    except ImportError:
        return None
    game = rlcard.make("doudizhu", config={"seed": seed})
    rng = random.Random(seed)

    def run_deal() -> int:
        state, _ = game.reset()
        steps = 0
        while not game.is_over():
            state, _ = game.step(rng.choice(list(state["legal_actions"])))
            steps += 1
        return steps

    return run_deal


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=count, default=15)
    parser.add_argument("--seconds", type=seconds, default=1.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--only", nargs="+", choices=list(VARIANTS), metavar="ROW",
                        help="time these dizhu rows only (by name, as the table writes them)")
    args = parser.parse_args(argv)
    pin()
    runners = {name: dizhu_deals(name, args.seed) for name in VARIANTS
               if args.only is None or name in args.only}
    rl = rlcard_deals(args.seed)
    if rl is not None:
        runners["RLCard 1.2.0 doudizhu"] = rl
    rates: dict[str, list[float]] = {name: [] for name in runners}
    for _ in range(args.rounds):
        for name, run in runners.items():
            rates[name].append(timed(run, args.seconds))
    medians = {name: statistics.median(r) for name, r in rates.items()}
    report: dict = {"steps_per_s": medians, "rounds": rates}
    ratios: dict[str, list[float]] = {}
    if rl is not None:
        base = rates["RLCard 1.2.0 doudizhu"]
        ratios = {name: [m / b for m, b in zip(r, base, strict=True)]
                  for name, r in rates.items() if not name.startswith("RLCard")}
        report["ratio_to_rlcard"] = {name: statistics.median(r) for name, r in ratios.items()}
    if args.json:
        print(json.dumps(report, indent=1))
        return 0
    for name, m in medians.items():
        line = f"{name:34} {m:10,.0f} steps/s"
        if name in ratios:
            r = ratios[name]
            line += f"  {statistics.median(r):5.1f}x RLCard (rounds {min(r):.1f}-{max(r):.1f})"
        print(line)
    return 0


if __name__ == "__main__":
    run_script(main)
