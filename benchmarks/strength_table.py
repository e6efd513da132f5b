"""Markdown table of the arena reports written by benchmarks/strength.sh.

    python3 benchmarks/strength_table.py [DIR]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def main() -> None:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "benchmarks/results/strength")
    print("| A vs B | decks | WP A landlord | WP A peasants | WP (95% CI) | ADP (95% CI) "
          "| bombs/deal | A decision ms (median / max) |")
    print("|---|---:|---:|---:|---|---|---:|---:|")
    for path in sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime):
        text = path.read_text()
        if not text.strip():
            continue  # a run still going, or one that was stopped
        r = json.loads(text)
        t = r["decision_ms"]["a"]
        print(f"| {r['a']} vs {r['b']} | {r['decks']:,} | {r['landlord']['wp']:.3f} | "
              f"{r['peasants']['wp']:.3f} | {r['wp']:.3f} [{r['wp_ci'][0]:.3f}, "
              f"{r['wp_ci'][1]:.3f}] | {r['adp']:+.2f} [{r['adp_ci'][0]:+.2f}, "
              f"{r['adp_ci'][1]:+.2f}] | {r['bombs_per_deal']:.3f} | "
              f"{t['median']:.3f} / {t['max']:.0f} |")


if __name__ == "__main__":
    main()
