"""Pool arena reports of one pairing played in parts (disjoint deck ranges of one seed).

    python3 benchmarks/merge_reports.py PART.json PART.json ... > WHOLE.json

WP and ADP pool as means of per-deck values (their intervals from the pooled standard
deviation); the per-role win rates pool as win counts (``dizhu.reports.merge_reports``).
Parts that name a built-in level two ways (``master:styles=1``, ``master``) pool under one
name (``dizhu.bots.canonical_spec``), the names they gave kept in ``named``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dizhu.interrupt import run_script
from dizhu.reports import merge_reports, read_report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("parts", nargs="+", metavar="PART.json",
                        help="the JSON reports of the parts (dizhu arena ... --json)")
    args = parser.parse_args()
    try:
        print(json.dumps(merge_reports([read_report(path) for path in args.parts])))
    except ValueError as e:
        raise SystemExit(f"merge_reports: {e}") from None


if __name__ == "__main__":
    run_script(main)
