"""Arena reports: pooled over a run's parts, read back from their files, and written out
for a person.

A report is what :func:`dizhu.arena.run_arena` returns (and ``dizhu arena --json``
writes): each side's WP and ADP with their 95% intervals, the same per role, the decision
times and, in full mode, the auction's figures.
"""

from __future__ import annotations

import itertools
import json
import math
from pathlib import Path
from typing import Any

from .bots import canonical_spec
from .bots.external import ExternalBot
from .stats import Z95, significant, wilson_ci, wilson_of


def _pool(parts: list[tuple[int, float, float]]) -> tuple[float, float]:
    """(n, mean, sd) parts -> pooled mean and sd."""
    n = sum(p[0] for p in parts)
    mean = sum(k * m for k, m, _ in parts) / n
    squares = sum((k - 1) * sd * sd + k * m * m for k, m, sd in parts)
    var = (squares - n * mean * mean) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(max(var, 0.0))


def complete_report(r: dict[str, Any]) -> dict[str, Any]:
    """Fill in what reports written before parts existed lack (first deck, deviations,
    win counts), from what they have."""
    r.setdefault("first_deck", 0)
    for key in ("wp", "adp"):
        r.setdefault(key + "_sd", _sd(r[key], r[key + "_ci"], r["decks"]))
    for role in ("landlord", "peasants"):
        x = r[role] = dict(r[role])
        x.setdefault("wins", round(x["wp"] * x["deals"]))
        x.setdefault("adp_sd", _sd(x["adp"], x["adp_ci"], x["deals"]))
    return r


RUN_WORDS = {"a": "A bots", "b": "B bots", "mode": "modes", "seed": "seeds",
             "rules": "rulesets"}
"""What the keys naming a run are, in words."""


def named_once(run: dict[str, Any]) -> dict[str, Any]:
    """A run's description (a report's or a legs file's) with each bot, ``a`` and ``b``,
    named one way (:func:`~dizhu.bots.canonical_spec`): ``master:styles=1`` and
    ``master`` are one bot since styles is the default."""
    return {k: canonical_spec(v) if k in ("a", "b") else v for k, v in run.items()}


REPORT_KEYS = ("a", "b", "mode", "seed", "rules", "decks", "wp", "wp_ci", "adp", "adp_ci",
               "bombs_per_deal", "landlord", "peasants", "decision_ms")
"""What every arena report holds (``summarize``), and what pooling and the tables read."""


def read_report(path: str | Path) -> dict[str, Any]:
    """The arena report (``dizhu arena --json``) in a file; a ValueError says what is
    wrong with the file in words."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError(f"{path}: cannot be read ({getattr(e, 'strerror', None) or e})") from None
    if not text.strip():
        raise ValueError(f"{path}: empty (a run still going, or one that was stopped)")
    try:
        report = json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"{path}: not JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    missing = [k for k in REPORT_KEYS if not isinstance(report, dict) or k not in report]
    if missing:
        raise ValueError(f"{path}: not an arena report (it lacks {', '.join(missing)}); "
                         "`dizhu arena ... --json` writes one")
    return report


def merge_reports(reports: list[dict[str, Any]]) -> dict[str, Any]:
    """Pool reports of one pairing played in parts (disjoint deck ranges of one seed)."""
    reports = [complete_report(dict(r)) for r in reports]
    first = reports[0]
    keys = tuple(RUN_WORDS)
    runs = [named_once({k: r[k] for k in keys}) for r in reports]
    for key in keys:
        seen = {run[key] for run in runs}
        if len(seen) > 1:
            shown = " and ".join(sorted(map(str, seen)))
            raise ValueError(f"the parts are not of one run: their {RUN_WORDS[key]} are {shown}")
    ranges = sorted((r["first_deck"], r["first_deck"] + r["decks"]) for r in reports)
    if any(a[1] > b[0] for a, b in itertools.pairwise(ranges)):
        raise ValueError("the parts' decks overlap")
    n = sum(r["decks"] for r in reports)
    out = {k: first[k] for k in keys}
    for side in "ab":  # the one bot by one name; the names the parts gave it, kept
        names = sorted({name for r in reports
                        for name in r.get("named", {}).get(side, [r[side]])})
        if len(names) > 1:
            out[side] = runs[0][side]
            out.setdefault("named", {})[side] = names
    out.update(decks=n, first_deck=ranges[0][0])
    for key in ("wp", "adp"):
        mean, spread = _pool([(r["decks"], r[key], r[key + "_sd"]) for r in reports])
        half = Z95 * spread / math.sqrt(n)
        ci = wilson_of(mean, spread, n, 2 * n) if key == "wp" else (mean - half, mean + half)
        out.update({key: mean, key + "_ci": list(ci), key + "_sd": spread})
    out["bombs_per_deal"] = sum(r["bombs_per_deal"] * r["decks"] for r in reports) / n
    for role in ("landlord", "peasants"):
        deals = sum(r[role]["deals"] for r in reports)
        wins = sum(r[role]["wins"] for r in reports)
        adp, spread = _pool([(r[role]["deals"], r[role]["adp"], r[role]["adp_sd"])
                             for r in reports])
        half = Z95 * spread / math.sqrt(deals)
        out[role] = {"wins": wins, "wp": wins / deals, "wp_ci": list(wilson_ci(wins, deals)),
                     "adp": adp, "adp_ci": [adp - half, adp + half], "deals": deals,
                     "adp_sd": spread}
    out["decision_ms"] = {}
    for side in ("a", "b"):
        times = [r["decision_ms"][side] for r in reports]
        count = sum(t["decisions"] for t in times)
        out["decision_ms"][side] = {  # the median is the parts' medians, weighted
            "median": sum(t["median"] * t["decisions"] for t in times) / max(count, 1),
            "max": max(t["max"] for t in times), "decisions": count}
    if all("full" in r for r in reports):  # the auction's figures, per deal or counted
        deals = [r["landlord"]["deals"] + r["peasants"]["deals"] for r in reports]
        out["full"] = {key: sum(r["full"][key] * d for r, d in zip(reports, deals, strict=True))
                       / max(sum(deals), 1)
                       for key in reports[0]["full"] if key != "thrown_in"}
        out["full"]["thrown_in"] = sum(r["full"]["thrown_in"] for r in reports)
    if any("troubles" in r for r in reports):  # an outside program's failures, counted
        out["troubles"] = _pool_troubles([r["troubles"] for r in reports if "troubles" in r])
    out["parts"] = len(reports)
    return out


def _pool_troubles(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """The troubles of an outside program over the parts: counts added, logs joined."""
    out: dict[str, Any] = {}
    for key, first in parts[0].items():
        if key == "log":
            out[key] = [line for part in parts for line in part.get(key, [])]
        else:
            out[key] = {name: sum(part.get(key, {}).get(name, 0) for part in parts)
                        for name in first}
    return out


def _sd(mean: float, ci: tuple[float, float], n: int) -> float:
    """The per-deck standard deviation behind a mean's interval (to pool reports)."""
    return (ci[1] - mean) / Z95 * n ** 0.5 if n > 1 else 0.0


def format_report(r: dict[str, Any]) -> str:
    """A readable summary of an arena report."""
    def ci(pair: list[float], fmt: str) -> str:
        return f"[{fmt.format(pair[0])}, {fmt.format(pair[1])}]"
    lines = [
        f"{r['a']} (A) vs {r['b']} (B), {r['mode']} mode, {r['decks']} duplicate decks, "
        f"seed {r['seed']}, {r['rules']}",
        f"  WP  {r['wp']:.3f} {ci(r['wp_ci'], '{:.3f}')}   "
        f"ADP {r['adp']:+.3f} {ci(r['adp_ci'], '{:+.3f}')}",
    ]
    for role in ("landlord", "peasants"):
        x = r[role]
        lines.append(f"  A as {role:<8}: WP {x['wp']:.3f} {ci(x['wp_ci'], '{:.3f}')}  "
                     f"ADP {x['adp']:+.3f}  ({x['deals']} deals)")
    lines.append(f"  bombs and rockets per deal: {r['bombs_per_deal']:.3f}")
    if "full" in r:
        f = r["full"]
        lines.append(f"  bids: A {f['a_bid_rate']:.2f}, B {f['b_bid_rate']:.2f} of deals; "
                     f"A landlord {f['a_landlord_rate']:.2f}; A points/deal "
                     f"{f['a_points_per_deal']:+.3f}; thrown in {f['thrown_in']}")
    about = "about " if r.get("parts", 1) > 1 else ""  # the parts' medians, weighted
    for side in ("a", "b"):
        t = r["decision_ms"][side]
        lines.append(f"  decision time {side.upper()}: median {about}"
                     f"{significant(t['median'])} ms, max {significant(t['max'])} ms "
                     f"over {t['decisions']} decisions")
    for side in ("a", "b") if "troubles" in r else ():
        troubles = r["troubles"]
        counts = troubles[side]
        if any(counts.values()):
            said = ", ".join(f"{n} {kind}" for kind, n in counts.items() if n)
            lines.append(f"  {side.upper()}'s program failed {sum(counts.values())} "
                         f"decision(s), made by its fallback instead: {said}")
        restarts = troubles.get("restarts", {}).get(side, 0)
        skipped = troubles.get("skipped", {}).get(side, 0)
        if restarts or skipped:
            lines.append(f"  {side.upper()}'s program: {restarts} restart(s) (after "
                         f"{ExternalBot.restarts} a program is retired), {skipped} line(s) "
                         "skipped that were not the answer asked for")
    for line in r.get("troubles", {}).get("log", [])[:5]:
        lines.append(f"    {line}")
    if "seconds" in r:
        lines.append(f"  {significant(r['seconds'])} s with {r['jobs']} job(s)")
    return "\n".join(lines)
