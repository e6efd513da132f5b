"""Markdown tables of the arena reports written by benchmarks/strength.sh.

    python3 benchmarks/strength_table.py [DIR]     # DIR: benchmarks/results/strength[/RULESET]

The first table lists every report (a run played in parts, NAME.partN.json, is listed by
its pooled report NAME.json, made with merge_reports.py); the second sets each "A vs B"
against "B vs B" to show each role on its own; for full-mode reports (an auction played)
a third gives how often each side bid and became landlord, and the points per deal.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dizhu.interrupt import run_script
from dizhu.reports import read_report
from dizhu.stats import significant

LADDER = ("random", "rlcard-rule", "easy", "normal", "hard", "expert", "master")
"""The order rows are listed in: by A's level, then B's (other names last)."""


def rung(name: str) -> int:
    level = name.split(":")[0]
    return LADDER.index(level) if level in LADDER else len(LADDER)


def load(folder: Path) -> list[dict]:
    out = []
    for path in sorted(folder.glob("*.json")):
        if ".part" in path.name:
            continue  # a part of a run played in parts: its pooled report is listed
        if path.read_text(errors="replace").strip():  # empty: a run going, or stopped
            out.append(read_report(path))
    return sorted(out, key=lambda r: (rung(r["a"]), rung(r["b"])))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", nargs="?", type=Path, default=Path("benchmarks/results/strength"),
                        help="a folder of arena reports (default: %(default)s)")
    folder = parser.parse_args().folder
    if not folder.is_dir():
        raise SystemExit(f"strength_table: {folder} is not a folder of arena reports")
    try:
        reports = load(folder)
    except ValueError as e:
        raise SystemExit(f"strength_table: {e}") from None
    print("| A vs B | decks | WP A landlord | WP A peasants | WP (95% CI) | ADP (95% CI) "
          "| bombs/deal | A decision ms (median / max) |")
    print("|---|---:|---:|---:|---|---|---:|---:|")
    for r in reports:
        t = r["decision_ms"]["a"]
        print(f"| {r['a']} vs {r['b']} | {r['decks']:,} | {r['landlord']['wp']:.3f} | "
              f"{r['peasants']['wp']:.3f} | {r['wp']:.3f} [{r['wp_ci'][0]:.3f}, "
              f"{r['wp_ci'][1]:.3f}] | {r['adp']:+.2f} [{r['adp_ci'][0]:+.2f}, "
              f"{r['adp_ci'][1]:+.2f}] | {r['bombs_per_deal']:.3f} | "
              f"{significant(t['median'])} / {significant(t['max'])} |")
    mirror = {r["a"]: r for r in reports if r["a"] == r["b"]}
    print()
    print("| A vs B | A landlord vs B peasants | B landlord vs B peasants | A peasants vs B "
          "landlord | B peasants vs B landlord | A better in both roles |")
    print("|---|---:|---:|---:|---:|---|")
    for r in reports:
        base = mirror.get(r["b"])
        if r["a"] == r["b"] or base is None:
            continue
        al, ap = r["landlord"]["wp"], r["peasants"]["wp"]
        bl, bp = base["landlord"]["wp"], base["peasants"]["wp"]
        both = "yes" if al > bl and ap > bp else "no"
        print(f"| {r['a']} vs {r['b']} | {al:.3f} | {bl:.3f} | {ap:.3f} | {bp:.3f} | {both} |")
    full = [r for r in reports if "full" in r]
    if full:
        print()
        print("| A vs B | deals A bid in | deals B bid in | A landlord | A points per deal "
              "| thrown in |")
        print("|---|---:|---:|---:|---:|---:|")
        for r in full:
            f = r["full"]
            print(f"| {r['a']} vs {r['b']} | {f['a_bid_rate']:.3f} | {f['b_bid_rate']:.3f} | "
                  f"{f['a_landlord_rate']:.3f} | {f['a_points_per_deal']:+.3f} | "
                  f"{f['thrown_in']:,} |")


if __name__ == "__main__":
    run_script(main)
