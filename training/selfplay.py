"""Self-play data for the learned evaluation (:mod:`dizhu.bots.evaluation`).

Plays deals in the literature's play mode (as ``dizhu arena --mode play``: a random deal,
the landlord seat 0 holding the kitty at stake 1 and leading) with one bot spec in every
seat, and records rows of ``uint8`` units (:class:`~dizhu.bots.evaluation.Features`):

- at the start of play, each seat's observation with no action;
- at every decision, the seat's observation and the action it took.

The label of every row is 1 when that seat's side won the deal. With ``--explore`` (a share
of decisions), the seat plays a uniformly random legal play instead of asking its bot. Such
a row is kept, since its label is the right one for that action and the network needs to
see poor actions to rank candidates, but it is marked (``explored``) so that training can
leave it out; rows before it carry its effect in their labels (a small noise at 0.05).

Deal ``i`` is shuffled from ``random.Random(f"{seed}:{i}")`` and the bots reseeded per deal,
so the data depends on ``--seed`` and ``--deals`` only, not on ``--jobs``. Shards of
``--shard`` deals each are written as ``shard-00000.npz`` (``x`` rows, ``y`` labels,
``explored``, ``deal`` indices, ``info`` their settings and seconds) with ``data.json``
beside them (command, seed, bot, deals, rows, seconds of play summed over the shards). A
shard already there with the same settings is kept, so a run stopped part way resumes.

    python3 training/selfplay.py --rules classic --deals 100000 --jobs 2 --out data/classic
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from multiprocessing import Pool
from pathlib import Path

import numpy as np

from dizhu.arena import play_mode_deal, suit_seed_of
from dizhu.bots.evaluation import features_of
from dizhu.bots.registry import make_bot
from dizhu.combos import Play
from dizhu.interrupt import run_script
from dizhu.rulesets import find_ruleset
from dizhu.view import seat_view


def play_shard(args: tuple[str, str, int, int, int, float, str, int]) -> dict[str, object]:
    """Play deals ``start..stop`` and write their shard (number ``number``); its summary."""
    ruleset, bot, seed, start, stop, explore, out, number = args
    name = f"shard-{number:05d}.npz"
    path = Path(out) / name
    settings = {"rules": ruleset, "bot": bot, "seed": seed, "start": start, "stop": stop,
                "explore": explore}
    if path.exists():  # a shard of an earlier run: kept if made with the same settings
        with np.load(path) as done:
            info = json.loads(str(done["info"])) if "info" in done.files else {}
            if {k: info.get(k) for k in settings} == settings:
                return {"shard": name, "deals": stop - start, "rows": len(done["y"]),
                        "seconds": info["seconds"]}
    rules = find_ruleset(ruleset)
    features = features_of(type(rules))
    bots = [make_bot(bot, seed=0) for _ in range(rules.seats)]
    rows: list[np.ndarray] = []
    labels: list[int] = []
    explored: list[bool] = []
    deals: list[int] = []
    began = time.perf_counter()
    for index in range(start, stop):
        rng = random.Random(f"{seed}:{index}")
        chance = random.Random(f"explore:{seed}:{index}")
        for s, b in enumerate(bots):
            b.reseed(f"{seed}:{index}:{s}")
        deal = play_mode_deal(rng, rules, suit_seed=suit_seed_of(seed, index))
        tracker = features.encoding.tracker()
        first = len(rows)
        seats: list[int] = []
        for s in range(rules.seats):
            rows.append(features.rows(features.of_deal(deal, s, tracker), [None])[0])
            seats.append(s)
            explored.append(False)
        while not deal.is_over:
            s = deal.to_move
            observed = features.of_deal(deal, s, tracker)
            view = seat_view(deal, s)
            random_play = explore > 0 and chance.random() < explore
            if random_play:
                action = chance.choice([a for a in view.legal if isinstance(a, Play)])
            else:
                action = bots[s].act(view)
            rows.append(features.rows(observed, [action])[0])
            seats.append(s)
            explored.append(random_play)
            deal.push(action, s)
        landlord_won = deal.winner == deal.landlord
        labels += [int((s == deal.landlord) == landlord_won) for s in seats]
        deals += [index] * (len(rows) - first)
    for b in bots:
        b.close()
    seconds = round(time.perf_counter() - began, 2)
    np.savez_compressed(path, x=np.array(rows, np.uint8), y=np.array(labels, np.uint8),
                        explored=np.array(explored, np.uint8), deal=np.array(deals, np.int32),
                        info=np.array(json.dumps({**settings, "seconds": seconds})))
    return {"shard": name, "deals": stop - start, "rows": len(rows), "seconds": seconds}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rules", default="classic", help="the ruleset (default classic)")
    p.add_argument("--bot", default="hard", help="the bot spec in every seat (default hard)")
    p.add_argument("--deals", type=int, default=1000, help="how many deals (default 1000)")
    p.add_argument("--seed", type=int, default=0, help="the seed (default 0)")
    p.add_argument("--explore", type=float, default=0.05,
                   help="the share of decisions played at random (default 0.05)")
    p.add_argument("--shard", type=int, default=500, help="deals per shard (default 500)")
    p.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    p.add_argument("--out", required=True, help="the folder for the shards")
    a = p.parse_args(argv)
    if a.deals < 1 or a.shard < 1 or a.jobs < 1 or not 0 <= a.explore <= 1:
        p.error("--deals, --shard and --jobs are 1 or more, --explore between 0 and 1")
    try:  # a bad ruleset or bot is said here, not in the first shard's worker
        bot = make_bot(a.bot, seed=0)
        why = bot.cannot_play(find_ruleset(a.rules))
        bot.close()
    except ValueError as e:
        why = str(e)
    if why is not None:
        p.error(why)
    out = Path(a.out)
    if out.exists() and not out.is_dir():
        p.error(f"{out} is a file: --out names the folder for the shards")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        p.error(f"cannot make the folder {out}: {e.strerror or e}")
    began = time.perf_counter()
    tasks = [(a.rules, a.bot, a.seed, start, min(start + a.shard, a.deals), a.explore, str(out),
              number) for number, start in enumerate(range(0, a.deals, a.shard))]
    if a.jobs > 1:
        with Pool(a.jobs) as pool:
            shards = list(pool.imap(play_shard, tasks))
    else:
        shards = [play_shard(t) for t in tasks]
    seconds = sum(float(s["seconds"]) for s in shards)  # type: ignore[arg-type]
    summary = {"command": " ".join(["python3", "training/selfplay.py", *sys.argv[1:]])
               if argv is None else " ".join(["python3", "training/selfplay.py", *argv]),
               "rules": a.rules, "seed": a.seed, "bot": a.bot, "explore": a.explore,
               "deals": a.deals, "rows": sum(int(s["rows"]) for s in shards),  # type: ignore[call-overload]
               "seconds": round(seconds, 1), "wall_seconds": round(
                   time.perf_counter() - began, 1), "digest": features_of(
                   type(find_ruleset(a.rules))).digest(), "shards": shards}
    (out / "data.json").write_text(json.dumps(summary, indent=1) + "\n")
    print(f"{a.deals} deals, {summary['rows']} rows in {seconds:.1f} s of one process "
          f"({a.deals / max(seconds, 0.01):.1f} deals/s each), "
          f"{summary['wall_seconds']} s in all -> {out}")
    return 0


if __name__ == "__main__":
    run_script(main)
