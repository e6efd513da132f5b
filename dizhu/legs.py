"""An arena run's deals, one row each, and two runs compared deal by deal.

Two settings of a bot measured against the same opponent on the same decks differ by
chance far less than two runs on different decks: the deals both win, or both lose, say
nothing of which is stronger, and what is left is the deals one won and the other did
not. ``dizhu arena ... --legs FILE`` writes a run's deals (:func:`write_legs`);
``dizhu compare FIRST --to SECOND`` reads two runs (:func:`read_legs`) and gives the
difference of A's win rate, first minus second, on the decks both played, with its 95%
interval: a paired comparison by deck, a deck's deals one sample (:func:`compare`).

A file is UTF-8 text, tab-separated: a first line ``# key=value`` (tab-separated) naming
the run's bots, seed, mode and ruleset, a header, then one row per deal: the deck, the leg
(0: A in seat 0, 1: B in seat 0), whether A's side held the landlord, whether it won, its
points and the deal's bombs.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .arena import ArenaSpec, Leg
from .reports import named_once
from .stats import Z95, mean_ci, wilson_of

HEADER = ("deck", "leg", "a_landlord", "a_won", "a_points", "bombs")
RUN_KEYS = ("a", "b", "seed", "mode", "rules")
SAME_DECKS = ("seed", "mode", "rules")
"""What two runs must share for their decks to be the same."""
FEWEST_SPLIT = 10
"""Decks on which the runs must differ before a comparison says which wins more: with
fewer, one run's every win may still be chance (4 of 4 happen one time in 8)."""

_NUMBER = re.compile(r"-?[0-9]{1,18}")


class LegsError(ValueError):
    """A legs file that cannot be read or written, or two runs that cannot be compared."""


@dataclass(frozen=True)
class Run:
    """A run's deals by (deck, leg), what it was (A, B, seed, mode, ruleset), and the
    files it was read from."""

    about: dict[str, str]
    legs: dict[tuple[int, int], Leg]
    files: tuple[str, ...] = ()

    @property
    def decks(self) -> list[int]:
        return sorted({deck for deck, _ in self.legs})


def run_about(spec: ArenaSpec, a: str | None = None) -> dict[str, str]:
    """What a legs file says of the run ``spec`` (``a`` names A otherwise than its spec
    does); a value with a tab or a line break, which the file could not hold, is refused."""
    about = {"a": a or spec.bot_a, "b": spec.bot_b, "seed": str(spec.seed),
             "mode": spec.mode, "rules": spec.rules.describe()}
    for key, value in about.items():
        if any(c in value for c in "\t\r\n"):
            raise LegsError(f"a legs file cannot name a {key} with a tab or a line break: "
                            f"{value!r}")
    return about


def write_legs(path: str | Path, spec: ArenaSpec, legs: Sequence[tuple[Leg, Leg]],
               a: str | None = None) -> None:
    """Write the deals of the arena ``spec`` (its decks from ``spec.first_deck`` on, each
    a pair of legs as :func:`dizhu.arena.run_arenas` returns them) to ``path``; ``a``
    names A otherwise than its spec does."""
    about = run_about(spec, a)
    lines = ["# " + "\t".join(f"{k}={about[k]}" for k in RUN_KEYS), "\t".join(HEADER)]
    for offset, pair in enumerate(legs):
        for leg_index, leg in enumerate(pair):
            lines.append("\t".join(str(v) for v in (
                spec.first_deck + offset, leg_index, int(leg.a_landlord), int(leg.a_won),
                leg.a_points, leg.bombs)))
    try:
        Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")
    except OSError as e:
        raise LegsError(f"cannot write {path}: {e.strerror or e}") from None


def read_legs(paths: Iterable[str | Path]) -> Run:
    """One run from its legs files (a run played in parts may have one per part; a folder
    stands for every ``*.legs.tsv`` in it). The files must name the same run (a bot may be
    named two ways, as ``master:styles=1`` and ``master``) and may not give one deal two
    outcomes."""
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
    source: dict[tuple[int, int], Path] = {}
    for f in files:
        f_about, f_legs = _read_file(f)
        if about is None:
            about = f_about
        elif named_once(f_about) != named_once(about):
            raise LegsError(f"{f}: another run ({_describe(f_about)}) than the files before "
                            f"it ({_describe(about)})")
        elif f_about != about:  # one bot named two ways (master:styles=1, master)
            about = named_once(about)
        for key, leg in f_legs.items():
            if legs.setdefault(key, leg) != leg:
                raise LegsError(f"{f}: deck {key[0]} leg {key[1]} has another outcome "
                                f"in {source[key]}")
            source.setdefault(key, f)
    assert about is not None
    return Run(about, legs, tuple(dict.fromkeys(map(str, files))))


def _read_file(path: Path) -> tuple[dict[str, str], dict[tuple[int, int], Leg]]:
    try:
        lines = path.read_text(encoding="utf-8-sig").splitlines()
    except OSError as e:
        raise LegsError(f"cannot read {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise LegsError(f"{path} is not a legs file (not UTF-8 text)") from None
    if len(lines) < 2 or not lines[0].startswith("# ") or \
            tuple(lines[1].split("\t")) != HEADER:
        raise LegsError(f"{path} is not a legs file: it starts with a '# a=...' line and "
                        f"the header {' '.join(HEADER)} (dizhu arena ... --legs FILE)")
    about: dict[str, str] = {}
    for field in lines[0][2:].split("\t"):
        key, equals, value = field.partition("=")
        if not equals or key in about:
            raise LegsError(f"{path}: its first line is not key=value fields, each once: "
                            f"{_shown(field)}")
        about[key] = value
    missing = [k for k in RUN_KEYS if k not in about]
    if missing:
        raise LegsError(f"{path}: its first line lacks {', '.join(missing)}")
    legs: dict[tuple[int, int], Leg] = {}
    for n, line in enumerate(lines[2:], start=3):
        if not line.strip():
            continue
        fields = line.split("\t")
        if len(fields) != len(HEADER) or not all(_NUMBER.fullmatch(v) for v in fields):
            raise LegsError(f"{path} line {n}: six whole numbers, tab-separated, "
                            f"not {_shown(line)}")
        deck, leg, landlord, won, points, bombs = map(int, fields)
        if deck < 0 or leg not in (0, 1) or landlord not in (0, 1) or won not in (0, 1) \
                or bombs < 0:
            raise LegsError(f"{path} line {n}: a deck from 0, a leg 0 or 1, landlord and "
                            f"won 0 or 1, bombs from 0: not {_shown(line)}")
        if (deck, leg) in legs:
            raise LegsError(f"{path} line {n}: deck {deck} leg {leg} a second time")
        legs[deck, leg] = Leg(bool(landlord), bool(won), points, bombs)
    if not legs:
        raise LegsError(f"{path}: no deals in it")
    return about, legs


def _shown(text: str, most: int = 60) -> str:
    """``text`` quoted, cut short if long."""
    return repr(text) if len(text) <= most else repr(text[:most]) + "..."


def _describe(about: dict[str, str]) -> str:
    return (f"{about['a']} against {about['b']}, seed {about['seed']}, {about['mode']} "
            f"mode, {about['rules']}")


@dataclass(frozen=True)
class Points:
    """A's points per deal in two runs over the same deals (ADP), and their difference's
    95% interval by deck: what a change of bidding or doubling moves in full mode."""

    first: float
    second: float
    ci: tuple[float, float]

    @property
    def diff(self) -> float:
        return self.first - self.second


@dataclass(frozen=True)
class Difference(Points):
    """A's win rate in two runs over the same deals, first minus second, with its 95%
    interval and standard error (by deck), and the deals only one of them won."""

    deals: int
    only_first: int
    only_second: int
    se: float


@dataclass(frozen=True)
class Comparison:
    """Two runs compared on the decks both played whole."""

    first: Run
    second: Run
    decks: int
    split: int
    """Decks on which A's wins differ between the runs."""
    both: Difference
    by_role: dict[str, Difference]
    """``landlord`` and ``peasants``: the deals where A's side held that role in both runs
    (in play mode, every deal)."""
    role_differs: int
    """Deals where A's side held one role in one run and the other in the other (full
    mode: the auction decides), in neither role's row."""
    points: Points

    @property
    def verdict(self) -> str:
        """Which run wins more, if the decks show it."""
        if self.split < FEWEST_SPLIT:
            return (f"too few decks to tell: the runs differ on {self.split} "
                    f"(a verdict needs {FEWEST_SPLIT})")
        low, high = self.both.ci
        if low > 0 or high < 0:
            return f"the {'first' if low > 0 else 'second'} wins more: the interval excludes 0"
        return "no difference shown: the interval holds 0"


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
    by_deck = [[(first.legs[d, leg], second.legs[d, leg]) for leg in (0, 1)] for d in decks]
    both = _difference(by_deck)
    by_role = {}
    for role, landlord in (("landlord", True), ("peasants", False)):
        mine = [[(x, y) for x, y in deck if x.a_landlord == y.a_landlord == landlord]
                for deck in by_deck]
        if any(mine):
            by_role[role] = _difference(mine)
    split = sum(sum(x.a_won for x, _ in deck) != sum(y.a_won for _, y in deck)
                for deck in by_deck)
    differs = sum(x.a_landlord != y.a_landlord for deck in by_deck for x, y in deck)
    deals = 2 * len(decks)
    _, ci = mean_ci([sum(x.a_points - y.a_points for x, y in deck) / 2 for deck in by_deck])
    points = Points(sum(x.a_points for deck in by_deck for x, _ in deck) / deals,
                    sum(y.a_points for deck in by_deck for _, y in deck) / deals, ci)
    return Comparison(first, second, len(decks), split, both, by_role, differs, points)


def _difference(by_deck: list[list[tuple[Leg, Leg]]]) -> Difference:
    """The difference over the decks' deals (each deck a list of paired deals, some maybe
    empty): a ratio of sums over decks, its standard error from the spread of the decks'
    sums, and Wilson's interval at the size that standard error gives (on the share of
    deals mapped from -1..1 to 0..1), so that it stays within -1..1 and a few decks that
    all differ alike do not give a zero-width interval."""
    decks = [deck for deck in by_deck if deck]
    pairs = [pair for deck in decks for pair in deck]
    n, deals = len(decks), len(pairs)
    sums = [sum(int(x.a_won) - int(y.a_won) for x, y in deck) for deck in decks]
    sizes = [len(deck) for deck in decks]
    diff = sum(sums) / deals
    if n > 1:
        mean_size = deals / n
        var = sum((s - diff * m) ** 2 for s, m in zip(sums, sizes, strict=True)) / \
            (n * (n - 1) * mean_size * mean_size)
    else:
        var = 0.0
    se = math.sqrt(var)
    # Wilson on p = (diff + 1) / 2, whose standard error is se / 2: sd_ * sqrt(n) of it
    low, high = wilson_of((diff + 1) / 2, se / 2 * math.sqrt(n), n, deals)
    return Difference(first=sum(x.a_won for x, _ in pairs) / deals,
                      second=sum(y.a_won for _, y in pairs) / deals,
                      ci=(2 * low - 1, 2 * high - 1), deals=deals,
                      only_first=sum(x.a_won and not y.a_won for x, y in pairs),
                      only_second=sum(y.a_won and not x.a_won for x, y in pairs), se=se)


def comparison_dict(c: Comparison) -> dict[str, Any]:
    """The comparison as JSON-ready data (``dizhu compare --json``)."""
    def row(d: Points) -> dict[str, Any]:
        return {**asdict(d), "ci": list(d.ci), "diff": d.diff}
    return {"runs": {"first": {**c.first.about, "files": list(c.first.files),
                               "decks": len(c.first.decks)},
                     "second": {**c.second.about, "files": list(c.second.files),
                                "decks": len(c.second.decks)}},
            "decks": c.decks, "split": c.split, "role_differs": c.role_differs,
            "verdict": c.verdict,
            "points": row(c.points),
            "rows": {"both": row(c.both), **{role: row(d) for role, d in c.by_role.items()}}}


def format_comparison(c: Comparison) -> str:
    """The comparison for a person: each run, then A's win rates and their difference."""
    def line(label: str, d: Difference) -> str:
        return (f"{label:<14} {d.deals:>6,} {d.first:>7.3f} {d.second:>7.3f} "
                f"{d.diff:>+7.3f}  [{d.ci[0]:+.3f}, {d.ci[1]:+.3f}]  "
                f"{d.only_first:>6} / {d.only_second}")

    def run(label: str, r: Run) -> str:
        where = [r.files[0] if len(r.files) == 1 else
                 f"{r.files[0]} and {len(r.files) - 1} more"] if r.files else []
        if len(r.decks) != c.decks:
            where.append(f"{len(r.decks):,} decks")
        return f"{label} {r.about['a']} against {r.about['b']}" + \
            (f" ({', '.join(where)})" if where else "")

    a = c.first.about
    decks = f"{c.decks:,} deck{'s' if c.decks != 1 else ''}"
    out = [run("first: ", c.first), run("second:", c.second),
           f"{decks} played by both (seed {a['seed']}, {a['mode']} mode, {a['rules']})",
           "",
           "A's win rate    deals   first  second    diff  95% interval      deals won by "
           "the first only / the second only",
           line("both roles", c.both)]
    out += [line(f"as {role}", d) for role, d in c.by_role.items()]
    p = c.points
    out.append(f"A's points per deal: first {p.first:+.3f}, second {p.second:+.3f}, "
               f"difference {p.diff:+.3f} [{p.ci[0]:+.3f}, {p.ci[1]:+.3f}]")
    if c.role_differs:
        out.append(f"{c.role_differs:,} deals where A's side held the landlord in one run "
                   "and not the other are in neither role's row")
    if c.both.only_first == c.both.only_second == 0:
        out += ["", "the two runs won and lost the very same deals"]
        return "\n".join(out)
    out += ["", c.verdict]
    if c.split >= FEWEST_SPLIT and c.both.se > 0:
        half = c.decks * (Z95 * c.both.se / 0.01) ** 2
        most = c.decks * ((Z95 + 0.8416) * c.both.se / 0.01) ** 2
        out.append(f"standard error {c.both.se:.4f} over these decks: a true difference of "
                   f"0.01 would show half the time over about {math.ceil(half):,} decks, "
                   f"4 times in 5 over about {math.ceil(most):,}")
    return "\n".join(out)
