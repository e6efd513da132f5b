"""Wild cards: move generation and random play-phase deals of ``laizi`` and ``tiandi``
beside ``classic``, in one run.

    python benchmarks/bench_wild.py [--deals N] [--seed S]

Each ruleset plays the same ``N`` seeded deals from the start of play (the landlord holds
20 cards and leads; every decision a uniform choice among the legal plays), on bare
positions (the deal does not draw wild ranks yet): the wild ranks of each deal are drawn
from the same seed. It prints, per ruleset, random play-phase deals per CPU-second (the
core that runs; ``DIZHU_PURE=1``: python), then lead and follow generations per
CPU-second over every position those deals met, on each core: a generation is one
``lead(hand)`` or ``follow(hand, top)`` of the ruleset's generator (classic's
``MoveGenerator``, or a new ``WildMoves`` of the deal's wild ranks on each core, built
before the clock starts), twice: on the first pass a wild generator makes every play it
meets (its ``WildPlays`` numbers it), on the second it knows them all, as a search that
meets its positions' plays again does (the compiled wild generator also keeps the leads of
the hands with wild cards it met, so its second-pass leads are mostly those kept); then the
leads once more after the compiled generators forgot the leads they kept (``forget()``):
every play made, every lead made again. Each of those rates is also given as a ratio to
classic's compiled second pass, from the same run; and for the wild rulesets, the compiled
leads grouped by how many wild cards the hand holds (the engine's generators: warm, their
leads kept).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from argtypes import count

from dizhu import core
from dizhu.cards import TWO, count_of, deck_faces, ranks_of_cards
from dizhu.interrupt import run_script
from dizhu.movegen import generator_of
from dizhu.position import Position
from dizhu.rulesets import find_ruleset
from dizhu.wild import WildMoves, wild_moves

RULESETS = ("classic", "laizi", "tiandi")


def start(rules, seed: int) -> Position:
    """The start of play of a seeded deal: seat 0 the landlord with the kitty."""
    rng = random.Random(seed)
    faces = deck_faces(1)
    rng.shuffle(faces)
    hands = [ranks_of_cards(faces[:20]), ranks_of_cards(faces[20:37]),
             ranks_of_cards(faces[37:])]
    wild = tuple(rng.sample(range(TWO + 1), 2))[:rules.wild_ranks]
    return Position(rules, hands, 0, wild=wild)


def play_out(pos: Position, rng: random.Random, met: list[Position]) -> None:
    while not pos.is_over:
        met.append(pos.copy())
        pos.push_unchecked(rng.choice(pos.legal_plays()))


def generators(pos: Position, compiled: bool, fresh: dict | None = None):
    """The generator of ``pos``'s ruleset and wild ranks on one core: the engine's own,
    or with ``fresh``, a ``WildMoves`` made for this measure (no play met yet), kept there."""
    rules = pos.rules
    if not pos.wild:
        return generator_of(rules.combos, rules.distinct_kickers, compiled)
    if fresh is None:
        return wild_moves(rules.combos, rules.distinct_kickers, pos.wild, compiled)
    key = (rules.name, pos.wild)
    if key not in fresh:
        fresh[key] = WildMoves(rules.combos, rules.distinct_kickers, pos.wild, compiled)
    return fresh[key]


def rates(met: list[Position], compiled: bool) -> tuple[float, ...]:
    """Lead and follow generations per CPU-second over the positions ``met``: each on a
    first pass (a wild generator meets every play for the first time and makes it) and a
    second (every play known)."""
    leads, follows = [], []
    fresh: dict = {}
    for p in met:
        gen = generators(p, compiled, fresh)
        hand = p.hands[p.to_move]
        if p.top_id < 0:
            leads.append((gen.lead, hand))
        else:
            top = p.moves.universe.tops[p.top_id]
            follows.append((gen.follow, hand, gen.play_of(top.kind, top.cards)))
    found = []
    for group in (leads, follows):
        for _ in range(2):
            begun = time.process_time()
            for call, *args in group:
                call(*args)
            found.append(len(group) / (time.process_time() - begun))
    for gen in fresh.values():  # the compiled leads kept: forgotten, the plays stay made
        if gen.compiled is not None:
            gen.compiled.forget()
    begun = time.process_time()
    for call, *args in leads:
        call(*args)
    found.append(len(leads) / (time.process_time() - begun))
    return tuple(found)


def by_wild_cards(met: list[Position]) -> str:
    """The compiled core's lead generations per CPU-second over the positions ``met``,
    grouped by how many wild cards the hand to move holds."""
    groups: dict[int, list] = {}
    for p in met:
        if p.top_id < 0:
            hand = p.hands[p.to_move]
            held = sum(count_of(hand, w) for w in p.wild)
            groups.setdefault(held, []).append((generators(p, True).lead, hand))
    found = []
    for held, group in sorted(groups.items()):
        begun = time.process_time()
        for _ in range(3):
            for lead, hand in group:
                lead(hand)
        found.append(f"{held}: {3 * len(group) / (time.process_time() - begun):,.0f}/s "
                     f"({len(group)})")
    return "; ".join(found)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=count, default=40)
    ap.add_argument("--seed", type=int, default=12345)
    a = ap.parse_args()
    print(f"{core.describe()}, {a.deals} deals, seed {a.seed}")
    cores = (True, False) if core.COMPILED is not None else (False,)
    table = []
    for name in RULESETS:
        rules = find_ruleset(name)
        met: list[Position] = []
        begun = time.process_time()
        for k in range(a.deals):
            play_out(start(rules, a.seed + k), random.Random(a.seed + k), met)
        deals = a.deals / (time.process_time() - begun)
        leads = sum(p.top_id < 0 for p in met)
        print(f"{name:7} deals/s {deals:9.1f}   ({leads} leads, {len(met) - leads} follows)")
        for compiled in cores:
            table.append((name, "compiled" if compiled else "python", *rates(met, compiled)))
        if rules.wild_ranks and core.NAME == "compiled":
            print(f"        compiled leads by wild cards held: {by_wild_cards(met)}")
    base = table[0]
    print("generations/s: first pass, second pass (x slower than classic compiled's second); "
          "leads made again with the kept leads forgotten")
    for name, which, *found in table:
        lead, lead_again, follow, follow_again, lead_made = found
        print(f"{name:7} {which:8}  lead {lead:10.0f} {lead_again:10.0f} "
              f"({base[3] / lead_again:7.1f}x)   follow {follow:10.0f} {follow_again:10.0f} "
              f"({base[5] / follow_again:7.1f}x)   lead made {lead_made:10.0f} "
              f"({base[3] / lead_made:7.1f}x)")


if __name__ == "__main__":
    run_script(main)
