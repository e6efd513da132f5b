"""Speed of dizhu's rules engine on one core: random deals and legal-play generation.

    python benchmarks/bench_dizhu.py [--ruleset NAME] [--positions FILE] [--deals N]
                                     [--min-time S] [--json]
                                     [--cores [--runs N] [--against DIR]]

Figures (per CPU-second of this process, pinned to one core):
  deals/s (play)     random-play full deals from the start of play (landlord fixed with
                     the kitty, no auction): comparable to DouZero's and RLCard's loops
  deals/s (auction)  the same with a random auction first (thrown-in deals count as deals)
  lead gen/s         legal plays of the landlord's hand (20 cards; 33 in four), leading
  follow gen/s       legal plays of the next seat's hand (17; 25 in four), following a lead
  push/pop/s         a play pushed (checked) on a bare Position and popped back, along
                     random lines of play from the start of play (a pair counts once)
  views/s            every seat's view (dizhu.view.seat_view) after every action of
                     random deals with their auction, as a server shows a table
Positions come from FILE (the format written by the peers' harness, so that every engine
is timed on the same positions) or are dealt here from a seed. Nothing is cached across
positions: each call generates from scratch.

The figures are those of the core that runs (dizhu.core: compiled, or python with
DIZHU_PURE=1). ``--cores`` times both in one run: this script once per core in a process
of its own, the cores alternating, ``--runs`` times; it prints the medians side by side.
``--against DIR`` does the same for the checkout in DIR (another commit, built alike)
beside this one, turn about: before and after a change, in one run.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from argtypes import count, seconds

from dizhu import core
from dizhu.cards import parse_ranks, ranks_of_cards
from dizhu.deal import Deal
from dizhu.interrupt import run_script
from dizhu.position import Position
from dizhu.rules import RuleSet
from dizhu.rulesets import find_ruleset
from dizhu.view import seat_view


def pin() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {max(os.sched_getaffinity(0))})


def dealt_positions(n: int, seed: int, rules: RuleSet) -> list[dict]:
    rng = random.Random(seed)
    lead_plays = rules.generator.lead
    size, seats = rules.hand_size, rules.seats
    out = []
    for _ in range(n):
        deck = rules.faces()
        rng.shuffle(deck)
        landlord = ranks_of_cards(deck[:size] + deck[seats * size:])
        lead = rng.choice(lead_plays(landlord))
        out.append({"landlord": landlord, "down": ranks_of_cards(deck[size:2 * size]),
                    "lead": lead})
    return out


def loaded_positions(path: str, rules: RuleSet) -> list[dict]:
    out = []
    for p in json.loads(Path(path).read_text()):
        landlord = parse_ranks(p["landlord"])
        cards = parse_ranks(p["lead"])
        # the lead is given as cards: take its reading among the landlord's legal plays
        lead = next(x for x in rules.generator.lead(landlord) if x.cards == cards)
        out.append({"landlord": landlord, "down": parse_ranks(p["down"]), "lead": lead})
    return out


def random_deals(n: int, seed: int, auction: bool, rules: RuleSet) -> float:
    """CPU seconds for ``n`` random deals."""
    rng = random.Random(seed)
    choice = rng.choice
    deck = rules.faces()
    size, seats = rules.hand_size, rules.seats
    start = time.process_time()
    for _ in range(n):
        rng.shuffle(deck)
        hands = [deck[i * size:(i + 1) * size] for i in range(seats)]
        kitty = deck[seats * size:]
        if auction:
            deal = Deal(hands, kitty, rng.randrange(seats), rules)
        else:
            deal = Deal.at_play(hands, kitty, landlord=0, rules=rules)
        while not deal.is_over:
            deal.push(choice(deal.legal_actions()))
    return time.process_time() - start


def push_pop_lines(n: int, seed: int, rules: RuleSet) -> list[tuple[Position, list]]:
    """``n`` positions at the start of play, each with a random line of plays to its end."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        deck = rules.faces()
        rng.shuffle(deck)
        deal = Deal.at_play(*_hands(deck, rules), landlord=0, rules=rules)
        pos = Position(rules, deal.hands, 0)
        line = []
        while not pos.is_over:
            play = rng.choice(pos.legal_plays())
            pos.push(play)
            line.append(play)
        for _ in line:
            pos.pop()
        out.append((pos, line))
    return out


def push_pop(lines: list[tuple[Position, list]], min_time: float) -> float:
    """Pushes (each popped back) per CPU-second along the lines."""
    done, start = 0, time.process_time()
    while True:
        for pos, line in lines:
            push, pop = pos.push, pos.pop
            for play in line:
                push(play)
            for _ in line:
                pop()
            done += len(line)
        spent = time.process_time() - start
        if spent >= min_time:
            return done / spent


def views(n: int, seed: int, rules: RuleSet) -> float:
    """Seat views per CPU-second: every seat's after every action of ``n`` random deals."""
    rng = random.Random(seed)
    done, spent = 0, 0.0
    for _ in range(n):
        deal = Deal.shuffled(rng.getrandbits(32), rules=rules)
        while not deal.is_over:
            deal.push(rng.choice(deal.legal_actions()))
            start = time.process_time()
            for seat in range(rules.seats):
                seat_view(deal, seat)
            spent += time.process_time() - start
            done += rules.seats
    return done / spent


def _hands(deck: list[int], rules: RuleSet) -> tuple[list[list[int]], list[int]]:
    size, seats = rules.hand_size, rules.seats
    return [deck[i * size:(i + 1) * size] for i in range(seats)], deck[seats * size:]


def rate(calls: list, min_time: float) -> float:
    for f, a in calls[: max(1, len(calls) // 10)]:  # warm-up
        f(*a)
    done, start = 0, time.process_time()
    while True:
        for f, a in calls:
            f(*a)
        done += len(calls)
        spent = time.process_time() - start
        if spent >= min_time:
            return done / spent


def measure(positions: list[dict], deals: int, seed: int, min_time: float,
            rules: RuleSet) -> dict:
    lead_plays, follow_plays = rules.generator.lead, rules.generator.follow
    lead = [(lead_plays, (p["landlord"],)) for p in positions]
    follow = [(follow_plays, (p["down"], p["lead"])) for p in positions]
    return {
        "engine": "dizhu",
        "core": rules.generator.core,
        "ruleset": rules.name,
        "deals_per_s": deals / random_deals(deals, seed, False, rules),
        "deals_auction_per_s": deals / random_deals(deals, seed, True, rules),
        "lead_gen_per_s": rate(lead, min_time),
        "follow_gen_per_s": rate(follow, min_time),
        "push_pop_per_s": push_pop(push_pop_lines(len(positions) // 3 or 1, seed, rules),
                                   min_time),
        "views_per_s": views(max(1, deals // 20), seed, rules),
        "moves_per_lead": sum(len(lead_plays(p["landlord"])) for p in positions) / len(positions),
        "moves_per_follow": sum(len(follow_plays(p["down"], p["lead"])) for p in positions)
        / len(positions),
    }


FIGURES = {"deals_per_s": "deals/s (play)", "deals_auction_per_s": "deals/s (auction)",
           "lead_gen_per_s": "lead gen/s", "follow_gen_per_s": "follow gen/s",
           "push_pop_per_s": "push/pop/s", "views_per_s": "views/s"}


def both_cores(argv: list[str], runs: int, against: str | None = None) -> None:
    """Run this script on each core in turn, ``runs`` times; print medians and ratios. With
    ``against``, the same script of that checkout runs beside this one's, turn about."""
    if core.COMPILED is None:
        sys.exit(f"bench_dizhu.py --cores: {core.MISSING} (python3 setup.py build_ext "
                 "--inplace builds it)")
    trees = {"": Path(__file__).resolve().parents[1]}
    if against:
        trees = {"before, ": Path(against).resolve(), "after, ": trees[""]}
    results: dict[str, list[dict]] = {}
    for _ in range(runs):
        for tree, root in trees.items():
            for name in ("compiled", "python"):
                env = dict(os.environ, DIZHU_PURE="1" if name == "python" else "",
                           PYTHONPATH=str(root))
                done = subprocess.run(
                    [sys.executable, str(root / "benchmarks" / "bench_dizhu.py"), *argv,
                     "--json"], check=True, capture_output=True, text=True, env=env)
                result = json.loads(done.stdout)
                assert result["core"] == name, result["core"]
                results.setdefault(tree + name, []).append(result)
    medians = {row: {k: statistics.median(r.get(k, 0.0) for r in rs) for k in FIGURES}
               for row, rs in results.items()}
    print("| core | " + " | ".join(FIGURES.values()) + " |")
    print("|---|" + "---:|" * len(FIGURES))
    for row, figures in medians.items():
        print(f"| {row} | " + " | ".join(f"{figures[k]:,.0f}" for k in FIGURES) + " |")
    pairs = [("after, ", "before, ")] if against else [("", "")]
    for tree, base in pairs:
        for name in ("compiled", "python"):
            a, b = (medians[tree + name], medians[base + name]) if against else \
                (medians["compiled"], medians["python"])
            label = f"{name}: after / before" if against else "compiled / python"
            print(f"| {label} | " + " | ".join(
                f"{a[k] / b[k]:.2f}x" if b[k] else "-" for k in FIGURES) + " |")
            if not against:
                break
    first = next(iter(results.values()))[0]
    print(f"\n{first['ruleset']}: {first['moves_per_lead']:.1f} plays per lead position, "
          f"{first['moves_per_follow']:.2f} per follow position; medians of {runs} runs")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ruleset", default="classic", help="classic (default), rob or four")
    ap.add_argument("--positions", help="positions file written by the peers' harness")
    ap.add_argument("--count", type=count, default=300, help="positions to deal without a file")
    ap.add_argument("--deals", type=count, default=3000)
    ap.add_argument("--seed", type=int, default=12345)
    ap.add_argument("--min-time", type=seconds, default=2.0)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--cores", action="store_true",
                    help="time the compiled and the pure-Python core side by side")
    ap.add_argument("--runs", type=count, default=3, help="runs per core with --cores")
    ap.add_argument("--against", metavar="DIR",
                    help="with --cores: time the checkout in DIR beside this one")
    a = ap.parse_args()
    if a.cores:
        argv = ["--ruleset", a.ruleset, "--count", str(a.count), "--deals", str(a.deals),
                "--seed", str(a.seed), "--min-time", str(a.min_time)]
        both_cores(argv + (["--positions", a.positions] if a.positions else []), a.runs,
                   a.against)
        return
    pin()
    rules = find_ruleset(a.ruleset)
    positions = loaded_positions(a.positions, rules) if a.positions else \
        dealt_positions(a.count, a.seed, rules)
    res = measure(positions, a.deals, a.seed, a.min_time, rules)
    if a.json:
        print(json.dumps(res))
        return
    for key, value in res.items():
        print(f"{key:>20}: {value:,.1f}" if isinstance(value, float) else f"{key:>20}: {value}")


if __name__ == "__main__":
    run_script(main)
