"""Imitation learning with dizhu's toolkit, end to end, on the CPU.

A small policy network learns to copy a dizhu bot (the teacher, ``normal`` by default):

1. Data: play-only ``classic`` deals of the AEC environment (``dizhu.env.raw_env``) with
   the teacher in every seat, deciding from its seat's view (``dizhu.seat_view``) as in the
   arena. Each decision with a choice (two legal actions or more) is kept as the
   environment's flat observation, the legal action ids and the teacher's id.
2. Model: a state network (two hidden layers) and an action network over features of each
   action (kind, main rank, length, cards: read from the engine's ``Play`` objects of
   ``dizhu.action_ids``) map both to vectors; an action's score is their dot product, and
   only the legal actions are scored. Trained with cross-entropy against the teacher's
   choice.
3. Measure: how often the network picks the teacher's action on held-out deals, then its
   win rate in the arena (duplicate decks, play mode) against ``random`` and ``easy``, as a
   dizhu bot that takes the best-scored legal action.

It is an example of the toolkit, not a strong player. Needs the ``learn`` extra (PyTorch,
PettingZoo, Gymnasium, NumPy: ``pip install -e '.[learn]'``)::

    python3 examples/train_imitation.py                       # about two minutes on 2 cores
    python3 examples/train_imitation.py --save policy.pt      # keep the trained model
    python3 examples/train_imitation.py --load policy.pt --decks 1000   # measure it again
    python3 examples/train_imitation.py --decisions 60000 --epochs 6     # about ten minutes

``--help`` lists every option.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

try:
    import torch
    from torch import nn
    from torch.nn import functional
except ModuleNotFoundError as missing:  # said in words, not as a traceback
    raise SystemExit(f"this example needs PyTorch ({missing.name} is missing): "
                     "pip install -e '.[learn]'") from None

from dizhu import (
    BOTS,
    ArenaSpec,
    Bid,
    Bot,
    Double,
    Kind,
    Play,
    RuleSet,
    SeatView,
    find_ruleset,
    make_bot,
    run_arena,
    seat_view,
)
from dizhu.cards import NUM_RANKS, counts
from dizhu.env import Encoding, action_table, raw_env
from dizhu.interrupt import run_script

RULESET = "classic"
BOT_NAME = "imitation"
"""The name the trained model plays under in the arena (registered for the run only)."""


# ---------------------------------------------------------------------------- the data


@dataclass
class Decisions:
    """Decisions of the teacher: observations, the legal ids, the teacher's choice."""

    observations: list[np.ndarray]
    legal: list[np.ndarray]
    """The legal action ids of each decision (the ids where the action mask is 1)."""
    chosen: list[int]
    """Where the teacher's action stands in ``legal``."""

    def __len__(self) -> int:
        return len(self.chosen)


def collect(teacher: str, decisions: int, seed: int | str) -> Decisions:
    """Play deals with ``teacher`` in every seat until ``decisions`` decisions with a
    choice are recorded (one with a single legal action teaches nothing)."""
    aec = raw_env(ruleset=RULESET)
    table = action_table(aec.rules)
    bots = [make_bot(teacher) for _ in aec.possible_agents]
    rng = random.Random(seed)
    out = Decisions([], [], [])
    while len(out) < decisions:
        aec.reset(seed=rng.getrandbits(62))
        for seat, bot in enumerate(bots):
            bot.reseed(f"{rng.getrandbits(64)}:{seat}")
        for _agent in aec.agent_iter():
            observation, _, terminated, truncated, _ = aec.last()
            if terminated or truncated:
                aec.step(None)
                continue
            deal = aec.deal
            seat = deal.to_move
            action_id = table.ids_of([bots[seat].act(seat_view(deal, seat))])[0]
            legal = np.flatnonzero(observation["action_mask"].view(bool))
            if len(legal) > 1 and len(out) < decisions:
                out.observations.append(observation["observation"])
                out.legal.append(legal)
                out.chosen.append(int(np.searchsorted(legal, action_id)))
            aec.step(action_id)
    return out


# ---------------------------------------------------------------------------- the model


def action_features(rules_name: str = RULESET) -> torch.Tensor:
    """One row per action id: kind and main rank (one-hot), length, cards per rank, number
    of cards; an auction answer or a double has a row of zeros but for its last column."""
    rules = find_ruleset(rules_name)
    actions = action_table(rules).actions
    plays = [a for a in actions if isinstance(a, Play)]
    longest = max(p.length for p in plays)
    most_cards = max(p.size for p in plays)
    kinds = len(Kind)
    rows = np.zeros((len(actions), kinds + NUM_RANKS + 1 + NUM_RANKS + 1 + 1), np.float32)
    for i, action in enumerate(actions):
        row = rows[i]
        if not isinstance(action, Play):
            row[-1] = 1
            continue
        row[action.kind] = 1
        if action.main >= 0:
            row[kinds + action.main] = 1
        row[kinds + NUM_RANKS] = action.length / longest
        cards = kinds + NUM_RANKS + 1
        row[cards:cards + NUM_RANKS] = np.array(counts(action.cards)) / 4
        row[cards + NUM_RANKS] = action.size / most_cards
    return torch.from_numpy(rows)


class Policy(nn.Module):
    """Scores the legal actions of a state: the dot product of a state vector and each
    action's vector."""

    def __init__(self, hidden: int = 256, width: int = 128) -> None:
        super().__init__()
        self.hidden, self.width = hidden, width
        encoding = Encoding(find_ruleset(RULESET))
        features = action_features()
        self.register_buffer("scale", torch.from_numpy(1 / encoding.high), persistent=False)
        self.register_buffer("features", features, persistent=False)
        self.state_net = nn.Sequential(
            nn.Linear(encoding.size, hidden), nn.ReLU(),
            nn.Linear(hidden, hidden), nn.ReLU(),
            nn.Linear(hidden, width))
        self.action_net = nn.Sequential(
            nn.Linear(features.shape[1], hidden), nn.ReLU(),
            nn.Linear(hidden, width))

    def forward(self, observations: torch.Tensor, legal: torch.Tensor,
                padding: torch.Tensor) -> torch.Tensor:
        """Scores of shape (batch, most legal): ``legal`` holds action ids, padded where
        ``padding`` is true (those scores are -inf)."""
        states = self.state_net(observations * self.scale)
        ids, where = torch.unique(legal, return_inverse=True)
        actions = self.action_net(self.features[ids])
        scores = (states @ actions.T).gather(1, where)
        return scores.masked_fill(padding, float("-inf"))


def batch_of(data: Decisions, rows: Sequence[int]) -> tuple[torch.Tensor, ...]:
    """Observations, padded legal ids, padding and the teacher's positions of some rows."""
    most = max(len(data.legal[r]) for r in rows)
    legal = np.zeros((len(rows), most), np.int64)
    padding = np.ones((len(rows), most), bool)
    for k, r in enumerate(rows):
        legal[k, :len(data.legal[r])] = data.legal[r]
        padding[k, :len(data.legal[r])] = False
    observations = np.stack([data.observations[r] for r in rows])
    chosen = [data.chosen[r] for r in rows]
    return (torch.from_numpy(observations), torch.from_numpy(legal),
            torch.from_numpy(padding), torch.tensor(chosen))


def train(model: Policy, data: Decisions, epochs: int, batch: int, lr: float,
          seed: int | str) -> None:
    """Cross-entropy against the teacher's choice, over the legal actions only."""
    optimizer = torch.optim.Adam(model.parameters(), lr=lr)
    rng = random.Random(f"{seed}:batches")
    rows = list(range(len(data)))
    model.train()
    for epoch in range(epochs):
        rng.shuffle(rows)
        total = 0.0
        for start in range(0, len(rows), batch):
            observations, legal, padding, chosen = batch_of(data, rows[start:start + batch])
            loss = functional.cross_entropy(model(observations, legal, padding), chosen)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            total += loss.item() * len(chosen)
        print(f"  epoch {epoch + 1}/{epochs}: loss {total / len(rows):.3f}")


@torch.no_grad()
def accuracy(model: Policy, data: Decisions, batch: int = 512) -> float:
    """The share of decisions where the best-scored legal action is the teacher's."""
    model.eval()
    right = 0
    for start in range(0, len(data), batch):
        observations, legal, padding, chosen = batch_of(
            data, range(start, min(start + batch, len(data))))
        right += int((model(observations, legal, padding).argmax(1) == chosen).sum())
    return right / len(data)


def save(model: Policy, teacher: str, path: str) -> None:
    torch.save({"hidden": model.hidden, "width": model.width, "teacher": teacher,
                "weights": model.state_dict()}, path)


def load(path: str) -> tuple[Policy, str]:
    """The model saved at ``path`` and the name of its teacher."""
    saved = torch.load(path, weights_only=True)
    model = Policy(saved["hidden"], saved["width"])
    model.load_state_dict(saved["weights"])
    return model, saved["teacher"]


# ---------------------------------------------------------------------------- the bot


class PolicyBot(Bot):
    """The trained model as a dizhu bot: the best-scored legal play. It learned only to
    play: it leaves the auction and doubling (not in play-only deals) to its teacher."""

    name = BOT_NAME

    def __init__(self, model: Policy, teacher: str, seed: int | str | None = None) -> None:
        super().__init__(seed)
        rules = find_ruleset(RULESET)
        self.encoding = Encoding(rules)
        self.table = action_table(rules)
        self.teacher = make_bot(teacher, seed=seed)
        model.eval()
        with torch.no_grad():  # every action's vector, once
            self.actions = model.action_net(model.features)
        self.model = model

    def plays(self, rules: RuleSet) -> bool:
        return rules.name == RULESET

    def reseed(self, seed: int | str) -> None:
        super().reseed(seed)
        self.teacher.reseed(seed)

    def bid(self, view: SeatView) -> Bid:
        return self.teacher.bid(view)

    def double(self, view: SeatView) -> Double:
        return self.teacher.double(view)

    @torch.no_grad()
    def play(self, view: SeatView) -> Play:
        if len(view.legal) == 1:
            return view.legal[0]
        observation = torch.from_numpy(self.encoding.from_view(view))
        state = self.model.state_net(observation * self.model.scale)
        ids = torch.tensor(self.table.ids_of(view.legal))
        return view.legal[int((self.actions[ids] @ state).argmax())]


def arena(model: Policy, teacher: str, opponent: str, decks: int,
          seed: int | str) -> dict[str, Any]:
    """The model against ``opponent`` on duplicate decks (play mode), in this process."""
    BOTS[BOT_NAME] = lambda seed=None: PolicyBot(model, teacher, seed)
    try:
        return run_arena(ArenaSpec(BOT_NAME, opponent, decks=decks, seed=seed), jobs=1)
    finally:
        del BOTS[BOT_NAME]


# ---------------------------------------------------------------------------- main


def options(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--teacher", default="normal", help="the bot to copy (normal)")
    parser.add_argument("--decisions", type=int, default=20_000,
                        help="decisions to learn from (20000)")
    parser.add_argument("--held-out", type=int, default=2_000,
                        help="decisions of other deals to measure agreement on (2000)")
    parser.add_argument("--epochs", type=int, default=4, help="passes over the data (4)")
    parser.add_argument("--batch", type=int, default=128, help="decisions per step (128)")
    parser.add_argument("--lr", type=float, default=1e-3, help="Adam's learning rate")
    parser.add_argument("--hidden", type=int, default=256, help="hidden layer width (256)")
    parser.add_argument("--decks", type=int, default=200,
                        help="arena decks against each opponent (200; 0: no arena)")
    parser.add_argument("--opponents", default="random,easy",
                        help="arena opponents, comma-separated (random,easy)")
    parser.add_argument("--seed", default="0", help="seed of the deals and the training")
    parser.add_argument("--save", metavar="PATH", help="save the trained model here")
    parser.add_argument("--load", metavar="PATH",
                        help="measure a saved model instead of training one")
    args = parser.parse_args(argv)
    if min(args.decisions, args.held_out, args.epochs, args.batch, args.hidden) < 1:
        parser.error("--decisions, --held-out, --epochs, --batch and --hidden are 1 or more")
    if args.decks < 0 or args.lr <= 0:
        parser.error("--decks is 0 or more, --lr above 0")
    if args.load and not Path(args.load).is_file():
        parser.error(f"--load: no model file {args.load}")
    for name in (args.teacher, *filter(None, args.opponents.split(","))):
        try:
            make_bot(name).close()
        except ValueError as e:
            parser.error(str(e))
    return args


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    """Train (or load), measure and print; returns the figures."""
    args = options(argv)
    torch.manual_seed(random.Random(args.seed).getrandbits(32))
    figures: dict[str, Any] = {}
    if args.load:
        model, teacher = load(args.load)
        print(f"loaded {args.load} (teacher {teacher})")
    else:
        teacher = args.teacher
        start = time.perf_counter()
        data = collect(teacher, args.decisions, f"{args.seed}:train")
        figures["collect_s"] = time.perf_counter() - start
        print(f"{len(data)} decisions of {teacher} in {figures['collect_s']:.1f} s")
        model = Policy(args.hidden)
        start = time.perf_counter()
        train(model, data, args.epochs, args.batch, args.lr, args.seed)
        figures["train_s"] = time.perf_counter() - start
        print(f"trained in {figures['train_s']:.1f} s")
        if args.save:
            save(model, teacher, args.save)
            print(f"saved {args.save}")
    held_out = collect(teacher, args.held_out, f"{args.seed}:held-out")
    figures["accuracy"] = accuracy(model, held_out)
    figures["chance"] = float(np.mean([1 / len(legal) for legal in held_out.legal]))
    print(f"agreement with {teacher} on {len(held_out)} held-out decisions: "
          f"{figures['accuracy']:.3f} (a uniform choice: {figures['chance']:.3f})")
    for opponent in filter(None, args.opponents.split(",")) if args.decks else ():
        report = arena(model, teacher, opponent, args.decks, args.seed)
        low, high = report["wp_ci"]
        figures[opponent] = report
        print(f"vs {opponent}, {args.decks} decks: WP {report['wp']:.3f} [{low:.3f}, "
              f"{high:.3f}], landlord {report['landlord']['wp']:.3f}, peasants "
              f"{report['peasants']['wp']:.3f}, ADP {report['adp']:+.2f}")
    return figures


if __name__ == "__main__":
    run_script(main)
