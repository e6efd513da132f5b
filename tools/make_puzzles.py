"""Make the shipped endgame puzzles (dizhu/puzzles/data/*.json): seeded and reproducible.

    python3 tools/make_puzzles.py             # writes dizhu/puzzles/data/*.json
    python3 tools/make_puzzles.py --check     # only says whether the files would change

For each ruleset and goal it draws small random positions (hands of clumped ranks, now and
then a play on top of the trick to answer) and keeps those where the side to move forces
the goal with exactly one play of three or more, not going out at once; for ``spring`` and
``no_bomb`` also only where plain winning leaves more plays than the goal does (the goal is
the harder). The solution line is the side's quickest forcing play at each step against
the defence's longest resistance (:class:`dizhu.solve.goals.GoalSearch`), each step of the
side marked unique where every other play fails. Each puzzle is graded by cards, forced
steps, unique steps, the goal and how unlikely its first play looks; the collection is
numbered by grade and its difficulty (1..5) is its fifth of that order. The two-hand
puzzles (``duel``: the landlord, seat 0, against one peasant) are a second series,
numbered after the first from draws of their own seed, so the first keeps its numbers.
The command and its time are in docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from dizhu.cards import BLACK_JOKER, NUM_RANKS, count_of, from_counts, size  # noqa: E402
from dizhu.combos import Play  # noqa: E402
from dizhu.interrupt import run_script  # noqa: E402
from dizhu.position import Position  # noqa: E402
from dizhu.puzzles import Goal, GoalSearch, Puzzle, Step  # noqa: E402
from dizhu.rules import RuleSet  # noqa: E402
from dizhu.rulesets import find_ruleset  # noqa: E402
from dizhu.solve.goals import TooBig  # noqa: E402

DATA = REPO / "dizhu" / "puzzles" / "data"
SEED = 19

PLAN: list[tuple[str, Goal, int]] = [
    ("classic", Goal.WIN, 20), ("classic", Goal.SPRING, 10), ("classic", Goal.NO_BOMB, 10),
    ("rob", Goal.WIN, 2), ("rob", Goal.SPRING, 1), ("rob", Goal.NO_BOMB, 1),
    ("four", Goal.WIN, 5), ("four", Goal.SPRING, 2), ("four", Goal.NO_BOMB, 3),
    ("laizi", Goal.WIN, 5), ("laizi", Goal.SPRING, 2), ("laizi", Goal.NO_BOMB, 3),
    ("tiandi", Goal.WIN, 3), ("tiandi", Goal.SPRING, 1), ("tiandi", Goal.NO_BOMB, 2),
]
"""How many puzzles of each ruleset and goal: the three-seat series (four in ``four``),
numbered from 1."""

TWO_HAND_PLAN: list[tuple[str, Goal, int]] = [
    ("duel", Goal.WIN, 8), ("duel", Goal.SPRING, 4), ("duel", Goal.NO_BOMB, 4),
]
"""The two-hand series (``duel``: the landlord, seat 0, against one peasant), numbered
after the first, from its own seeded draws (the first series stays as it was)."""

SIZES = [(3, 6, 1, 5), (4, 8, 2, 6), (6, 10, 3, 7), (7, 12, 4, 8)]
"""Hand sizes by tier: the side to move's hand and each other hand, (least, most)."""

TWO_HAND_SIZES = [(4, 7, 3, 6), (6, 9, 4, 8), (8, 11, 5, 9), (9, 13, 6, 11)]
"""The same for two hands: the one other hand holds more, as in the apps' 残局."""

TWO_HAND_STEPS = 2
"""The least steps with a choice the side makes along a two-hand puzzle's line (the
search is cheaper with two hands, the puzzles deeper)."""

TRIES = 6000
"""Positions drawn at most for one ruleset and goal."""

CHOICE = 3
"""Puzzles found per puzzle kept: the kept ones are spread evenly over their grades."""

LIMIT = 200_000
"""Positions one search may expand (a larger one is passed over)."""


@dataclass
class Found:
    """A position that makes a puzzle, with what grades it."""

    rules: RuleSet
    position: Position
    goal: Goal
    line: list[Step]
    grade: float


def clump(rng: random.Random, remaining: list[int], n: int, wild: tuple[int, ...]) -> int:
    """A hand of ``n`` cards from ``remaining`` (counts per rank, taken from): ranks drawn
    in clumps of one to four, now and then a run of five."""
    hand = [0] * NUM_RANKS
    if n >= 5 and rng.random() < 0.2:
        low = rng.randrange(0, 8)
        run = [r for r in range(low, low + 5) if remaining[r]]
        if len(run) == 5:
            for r in run:
                hand[r] += 1
                remaining[r] -= 1
    while sum(hand) < n:
        ranks = [r for r in range(NUM_RANKS) if remaining[r]]
        rank = rng.choice(ranks)
        want = rng.choices((1, 2, 3, 4), (45, 30, 15, 10))[0]
        if rank >= BLACK_JOKER or rank in wild:
            want = 1
        take = min(want, remaining[rank], n - sum(hand))
        hand[rank] += take
        remaining[rank] -= take
    return from_counts(hand)


def draw(rng: random.Random, rules: RuleSet, tier: int, landlord_side: bool) -> Position:
    """A random small position of ``rules`` whose seat to move is of the given side."""
    seats = rules.seats
    landlord = 0 if seats == 2 else rng.randrange(seats)  # two hands: the landlord is seat 0
    peasants = [s for s in range(seats) if s != landlord]
    to_move = landlord if landlord_side else rng.choice(peasants)
    wild: tuple[int, ...] = ()
    if rules.wild_ranks:
        wild = tuple(rng.sample(range(BLACK_JOKER), rules.wild_ranks))
    remaining = [count_of(rules.deck, r) for r in range(NUM_RANKS)]
    least, most, other_least, other_most = (TWO_HAND_SIZES if seats == 2 else SIZES)[tier]
    hands = []
    for seat in range(seats):
        n = rng.randint(least, most) if seat == to_move else rng.randint(other_least,
                                                                          other_most)
        hands.append(clump(rng, remaining, n, wild))
    top, top_seat = None, -1
    if rng.random() < 0.3:
        top_seat = (to_move - 1) % seats
        gone = clump(rng, remaining, rng.randint(1, 3), wild)
        leads = [p for p in rules.moves(wild).lead(gone)]
        top = rng.choice(leads)
    return Position(rules, hands, landlord, to_move, top, top_seat, wild=wild)


def _order(position: Position) -> list[Play]:
    """The plays as a greedy player would look at them: going out, then the most cards."""
    hand = position.hands[position.to_move]
    return sorted(position.legal_plays(), key=lambda p: (p.cards != hand, -p.size))


def examine(rules: RuleSet, position: Position, goal: Goal) -> Found | None:
    """The puzzle ``position`` makes for ``goal``, or ``None``."""
    legal = position.legal_plays()
    if len(legal) < 3:
        return None
    search = GoalSearch(position, goal, limit=LIMIT)
    forcing = []
    for play in legal:
        if search.forces(position, play):
            forcing.append(play)
            if len(forcing) > 1:
                return None
    if len(forcing) != 1 or forcing[0].cards == position.hands[position.to_move]:
        return None
    if goal is not Goal.WIN:
        wins = GoalSearch(position, Goal.WIN, limit=LIMIT)
        if sum(wins.forces(position, play) for play in legal) <= 1:
            return None
    line: list[Step] = []
    walk = position.copy()
    side_steps = uniques = 0
    while not walk.is_over:
        if search.ours(walk):
            plays = walk.legal_plays()
            options = search.forcing_plays(walk)
            play = options[0] if len(options) == 1 else search.quickest(walk)
            unique = len(options) == 1 and len(plays) > 1
            side_steps += len(plays) > 1
            uniques += unique
        else:
            play = search.defence(walk)
            unique = False
        assert play is not None
        line.append(Step(play.text, unique))
        walk.push(play)
    if position.seats == 2 and side_steps < TWO_HAND_STEPS:
        return None
    cards = sum(size(h) for h in position.hands)
    hidden = _order(position).index(forcing[0])
    grade = cards / 3 + side_steps / 2 + uniques + (goal is not Goal.WIN) * 1.5 \
        + min(hidden, 4) / 2 + (position.top is not None) * 0.5
    return Found(rules, position, goal, line, grade)


SIDE_WORDS = {True: ("Landlord", "地主"), False: ("Peasants", "农民")}
GOAL_TITLES = {Goal.WIN: ("to win", "取胜"), Goal.SPRING: ("to spring", "打春天"),
               Goal.NO_BOMB: ("to win without a bomb", "不炸取胜")}


def title(found: Found) -> dict[str, str]:
    """The puzzle's title: side, goal, the trick to answer and the hands' sizes."""
    pos = found.position
    landlord = pos.to_move == pos.landlord
    side_en, side_zh = SIDE_WORDS[landlord]
    if pos.seats == 2 and not landlord:
        side_en = "Peasant"  # one peasant
    goal_en, goal_zh = GOAL_TITLES[found.goal]
    mine = [pos.left[s] for s in range(pos.seats) if (s == pos.landlord) == landlord]
    theirs = [pos.left[s] for s in range(pos.seats) if (s == pos.landlord) != landlord]
    en = f"{side_en} {goal_en}"
    zh = f"{side_zh}{goal_zh}"
    if pos.seats == 2:
        en, zh = f"Two hands · {en}", f"二人 · {zh}"
    if pos.top is not None:
        en += f", answering {pos.top.ranks}"
        zh += f"，接{pos.top.ranks}"
    en += f" · {'+'.join(map(str, mine))} cards v {'+'.join(map(str, theirs))}"
    zh += f" · {'+'.join(map(str, mine))}张对{'+'.join(map(str, theirs))}张"
    return {"en": en, "zh": zh}


def make(seed: int, verbose: bool = False) -> tuple[list[Puzzle], dict[str, int]]:
    """Every puzzle of both plans, each series numbered by grade (the two-hand one after
    the first); and the positions drawn per ruleset."""
    drawn: dict[str, int] = {}
    puzzles = series(random.Random(seed), PLAN, 1, drawn, verbose)
    puzzles += series(random.Random(f"two hands {seed}"), TWO_HAND_PLAN, len(puzzles) + 1,
                      drawn, verbose)
    return puzzles, drawn


def series(rng: random.Random, plan: list[tuple[str, Goal, int]], first: int,
           drawn: dict[str, int], verbose: bool = False) -> list[Puzzle]:
    """The puzzles of ``plan``, numbered by grade from ``first``, difficulty the fifth of
    the series; the positions drawn are added to ``drawn`` by ruleset."""
    began = time.perf_counter()
    found: list[Found] = []
    seen: set[str] = set()
    for name, goal, kept in plan:
        rules = find_ruleset(name)
        wanted = kept * CHOICE
        got = tries = 0
        mine: list[Found] = []
        while got < wanted and tries < TRIES:
            tries += 1
            tier = got * len(SIZES) // wanted
            position = draw(rng, rules, tier, landlord_side=rng.random() < 0.6)
            text = position.text()
            if text in seen:
                continue
            try:
                made = examine(rules, position, goal)
            except TooBig:
                continue
            if made is None:
                continue
            seen.add(text)
            mine.append(made)
            got += 1
        mine.sort(key=lambda f: (f.grade, f.position.text()))
        found.extend(mine[i * len(mine) // kept] for i in range(min(kept, len(mine))))
        drawn[name] = drawn.get(name, 0) + tries
        if verbose:
            print(f"{name} {goal.value}: {got} from {tries} positions, "
                  f"{time.perf_counter() - began:.0f} s", file=sys.stderr)
        if got < wanted:
            print(f"{name} {goal.value}: {got} of {wanted} after {tries} positions",
                  file=sys.stderr)
    found.sort(key=lambda f: (f.grade, f.position.text()))
    puzzles = []
    titles: dict[str, int] = {}
    for number, item in enumerate(found, 1):
        names = title(item)
        titles[names["en"]] = titles.get(names["en"], 0) + 1
        if titles[names["en"]] > 1:
            names = {lang: f"{t} ({titles[names['en']]})" for lang, t in names.items()}
        difficulty = 1 + (number - 1) * 5 // len(found)
        puzzles.append(Puzzle(first + number - 1, item.rules.name, item.position.text(),
                              item.position.to_move, item.goal, difficulty, names,
                              tuple(item.line)))
    return puzzles


def files(puzzles: list[Puzzle]) -> dict[Path, str]:
    """The data files' texts, one per ruleset, each a JSON list."""
    by_rules: dict[str, list[dict]] = {}
    for puzzle in puzzles:
        by_rules.setdefault(puzzle.ruleset, []).append(puzzle.to_json())
    out = {}
    for name, items in by_rules.items():
        lines = ",\n".join(json.dumps(item, ensure_ascii=False) for item in items)
        out[DATA / f"{name}.json"] = f"[\n{lines}\n]\n"
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--check", action="store_true",
                        help="only say whether the data files would change")
    parser.add_argument("--verbose", action="store_true",
                        help="say how long each ruleset and goal took")
    args = parser.parse_args()
    began = time.perf_counter()
    puzzles, drawn = make(args.seed, args.verbose)
    written = files(puzzles)
    seconds = time.perf_counter() - began
    print(f"{len(puzzles)} puzzles from {sum(drawn.values())} positions "
          f"({', '.join(f'{k} {v}' for k, v in drawn.items())}) in {seconds:.0f} s")
    if args.check:
        stale = [p.name for p, text in written.items()
                 if not p.exists() or p.read_text(encoding="utf-8") != text]
        print("up to date" if not stale else f"would change: {', '.join(stale)}")
        return 1 if stale else 0
    DATA.mkdir(parents=True, exist_ok=True)
    for old in DATA.glob("*.json"):
        if old not in written:
            old.unlink()
    for path, text in written.items():
        path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    run_script(main)
