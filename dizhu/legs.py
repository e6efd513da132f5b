"""An arena run's deals, one row each, and two runs compared deal by deal.

Two settings of a bot measured against the same opponent on the same decks differ by
chance far less than two runs on different decks: the deals both win, or both lose, say
nothing of which is stronger, and what is left is the deals one won and the other did
not. ``dizhu arena ... --legs FILE`` writes a run's deals (:func:`write_legs`);
``dizhu compare FIRST SECOND`` reads two runs (:func:`read_legs`) and gives the difference
of A's win rate between them on the decks both played, with its 95% interval: a paired
comparison by deck, a deck's deals counted as one sample (:func:`compare`).

A file is tab-separated text: a first line ``# key=value`` (tab-separated) naming the
run's bots, seed, mode and ruleset, a header, then one row per deal: the deck, the leg
(0: A in seat 0, 1: B in seat 0), whether A's side held the landlord, whether it won, its
points and the deal's bombs.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .arena import ArenaSpec, Leg
from .stats import Z95, mean_ci

HEADER = ("deck", "leg", "a_landlord", "a_won", "a_points", "bombs")
RUN_KEYS = ("a", "b", "seed", "mode", "rules")
SAME_DECKS = ("seed", "mode", "rules")
"""What two runs must share for their decks to be the same."""


class LegsError(ValueError):
    """A legs file that cannot be read, or two runs that cannot be compared."""


@dataclass(frozen=True)
class Run:
    """A run's deals by (deck, leg), and what it was: A, B, seed, mode, ruleset."""

    about: dict[str, str]
    legs: dict[tuple[int, int], Leg]
    name: str = ""

    @property
    def decks(self) -> list[int]:
        return sorted({deck for deck, _ in self.legs})


def write_legs(path: str | Path, spec: ArenaSpec, legs: Sequence[tuple[Leg, Leg]],
               a: str | None = None) -> None:
    """Write the deals of the arena ``spec`` (its decks from ``spec.first_deck`` on, each
    a pair of legs as :func:`dizhu.arena.run_arenas` returns them) to ``path``; ``a``
    names A otherwise than its spec does."""
    about = {"a": a or spec.bot_a, "b": spec.bot_b, "seed": str(spec.seed), "mode": spec.mode,
             "rules": spec.rules.describe()}
    lines = ["# " + "\t".join(f"{k}={about[k]}" for k in RUN_KEYS), "\t".join(HEADER)]
    for offset, pair in enumerate(legs):
        for leg_index, leg in enumerate(pair):
            lines.append("\t".join(str(v) for v in (
                spec.first_deck + offset, leg_index, int(leg.a_landlord), int(leg.a_won),
                leg.a_points, leg.bombs)))
    Path(path).write_text("\n".join(lines) + "\n")


def read_legs(paths: Iterable[str | Path]) -> Run:
    """One run from its legs files (a run played in parts may have one per part; a folder
    stands for every ``*.legs.tsv`` in it). The files must name the same run and may not
    give one deal two outcomes."""
    files: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            found = sorted(p.glob("*.legs.tsv"))
            if not found:
                raise LegsError(f"{p}: no *.legs.tsv file in this folder")
            files += found
        else:
            files.append(p)
    if not files:
        raise LegsError("name at least one legs file")
    about: dict[str, str] | None = None
    legs: dict[tuple[int, int], Leg] = {}
    for f in files:
        f_about, f_legs = _read_file(f)
        if about is None:
            about = f_about
        elif f_about != about:
            raise LegsError(f"{f}: another run ({_describe(f_about)}) than the files before "
                            f"it ({_describe(about)})")
        for key, leg in f_legs.items():
            if legs.setdefault(key, leg) != leg:
                raise LegsError(f"{f}: deck {key[0]} leg {key[1]} has another outcome "
                                "in an earlier file")
    assert about is not None
    return Run(about, legs, ", ".join(map(str, files)))


def _read_file(path: Path) -> tuple[dict[str, str], dict[tuple[int, int], Leg]]:
    try:
        lines = path.read_text().splitlines()
    except OSError as e:
        raise LegsError(f"cannot read {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise LegsError(f"{path} is not a legs file (not text)") from None
    if len(lines) < 2 or not lines[0].startswith("# ") or \
            tuple(lines[1].split("\t")) != HEADER:
        raise LegsError(f"{path} is not a legs file: it starts with a '# a=...' line and "
                        f"the header {' '.join(HEADER)} (dizhu arena ... --legs FILE)")
    about = dict(kv.split("=", 1) for kv in lines[0][2:].split("\t") if "=" in kv)
    missing = [k for k in RUN_KEYS if k not in about]
    if missing:
        raise LegsError(f"{path}: its first line lacks {', '.join(missing)}")
    legs: dict[tuple[int, int], Leg] = {}
    for n, line in enumerate(lines[2:], start=3):
        if not line.strip():
            continue
        try:
            deck, leg, landlord, won, points, bombs = (int(v) for v in line.split("\t"))
        except ValueError:
            raise LegsError(f"{path} line {n}: six whole numbers, tab-separated, "
                            f"not {line!r}") from None
        if deck < 0 or leg not in (0, 1) or landlord not in (0, 1) or won not in (0, 1) \
                or bombs < 0:
            raise LegsError(f"{path} line {n}: a deck from 0, a leg 0 or 1, landlord and "
                            f"won 0 or 1, bombs from 0: not {line!r}")
        if (deck, leg) in legs:
            raise LegsError(f"{path} line {n}: deck {deck} leg {leg} a second time")
        legs[deck, leg] = Leg(bool(landlord), bool(won), points, bombs)
    return about, legs


def _describe(about: dict[str, str]) -> str:
    return (f"{about['a']} against {about['b']}, seed {about['seed']}, {about['mode']} "
            f"mode, {about['rules']}")


@dataclass(frozen=True)
class Difference:
    """A's win rate in two runs over the same deals, and the deals only one of them won."""

    deals: int
    first: float
    second: float
    only_first: int
    only_second: int
    ci: tuple[float, float]
    """95% interval of ``first - second``."""

    @property
    def diff(self) -> float:
        return self.first - self.second


@dataclass(frozen=True)
class Comparison:
    first: Run
    second: Run
    decks: int
    both: Difference
    by_role: dict[str, Difference]
    """``landlord`` and ``peasants``: the deals where A's side held that role in both runs."""


def compare(first: Run, second: Run) -> Comparison:
    """The difference of A's win rate between two runs on the decks both played whole."""
    for key in SAME_DECKS:
        if first.about[key] != second.about[key]:
            raise LegsError(f"the runs were played on other decks ({key} "
                            f"{first.about[key]} and {second.about[key]}): a comparison "
                            "deal by deal needs the same seed, mode and ruleset")
    decks = [d for d in first.decks if all((d, leg) in first.legs and (d, leg) in second.legs
                                           for leg in (0, 1))]
    if not decks:
        raise LegsError("the runs have no deck in common: play the same decks "
                        "(the same seed and --first-deck)")
    pairs = [(first.legs[d, leg], second.legs[d, leg]) for d in decks for leg in (0, 1)]
    per_deck = [(int(pairs[2 * i][0].a_won) + int(pairs[2 * i + 1][0].a_won)
                 - int(pairs[2 * i][1].a_won) - int(pairs[2 * i + 1][1].a_won)) / 2
                for i in range(len(decks))]
    both = _difference(pairs, mean_ci(per_deck)[1])
    by_role = {}
    for role, landlord in (("landlord", True), ("peasants", False)):
        mine = [(x, y) for x, y in pairs if x.a_landlord == y.a_landlord == landlord]
        if mine:
            diffs = [int(x.a_won) - int(y.a_won) for x, y in mine]
            by_role[role] = _difference(mine, mean_ci(diffs)[1])
    return Comparison(first, second, len(decks), both, by_role)


def _difference(pairs: list[tuple[Leg, Leg]], ci: tuple[float, float]) -> Difference:
    n = len(pairs)
    return Difference(n, sum(x.a_won for x, _ in pairs) / n,
                      sum(y.a_won for _, y in pairs) / n,
                      sum(x.a_won and not y.a_won for x, y in pairs),
                      sum(y.a_won and not x.a_won for x, y in pairs), ci)


def format_comparison(c: Comparison) -> str:
    """The comparison for a person: each run, then A's win rates and their difference."""
    def line(label: str, d: Difference) -> str:
        return (f"{label:<14} {d.deals:>6} {d.first:>7.3f} {d.second:>7.3f} "
                f"{d.diff:>+7.3f}  [{d.ci[0]:+.3f}, {d.ci[1]:+.3f}]  "
                f"{d.only_first:>6} / {d.only_second}")
    a = c.first.about
    out = [f"first:  {c.first.about['a']} against {c.first.about['b']}",
           f"second: {c.second.about['a']} against {c.second.about['b']}",
           f"{c.decks} decks played by both (seed {a['seed']}, {a['mode']} mode, {a['rules']})",
           "",
           "A's win rate    deals   first  second    diff  95% interval      deals won by "
           "the first only / the second only",
           line("both roles", c.both)]
    out += [line(f"as {role}", d) for role, d in c.by_role.items()]
    low, high = c.both.ci
    se = (high - low) / (2 * Z95)
    if c.both.only_first == c.both.only_second == 0:
        out += ["", "the two runs won and lost the very same deals"]
        return "\n".join(out)
    if low > 0 or high < 0:
        verdict = f"the {'first' if low > 0 else 'second'} wins more: the interval excludes 0"
    else:
        verdict = "no difference shown: the interval holds 0"
    shows = math.ceil(c.decks * (2 * se / 0.01) ** 2)
    out += ["", f"{verdict}; standard error {se:.4f}: a difference of 0.01 would show "
            f"(twice its standard error) over about {shows:,} decks"]
    return "\n".join(out)
