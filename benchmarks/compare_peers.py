"""dizhu beside the peer engines (DouZero, RLCard, OpenSpiel), one core, one run.

    python benchmarks/compare_peers.py [--peers-python PY] [--peers-dir DIR] [--runs 3] [--quick]
                                       [--baseline CHECKOUT] [--pure]

The peers are driven by the harness in the shared peers folder (``bench_peers.py``, run
with the Python of a virtual environment that has ``douzero`` 1.1.0, ``rlcard`` 1.2.0 and
``open_spiel`` 2.0.2 from PyPI: ``bash ../shared/peers/setup.sh`` makes one). The harness
writes the seeded positions it timed; dizhu is then timed on the very same positions, on
the same pinned core, in the same run. Prints a Markdown table and the ratios. With
``--baseline``, another checkout of dizhu (say the commit before a change, made with ``git
worktree add --detach DIR COMMIT``) is timed too, its runs alternating with this one's, so
that a change's effect on the ratios is measured in one run. With ``--pure``, this checkout
is also timed on its pure-Python core (``DIZHU_PURE=1``), alternating with the others.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from argtypes import count

from dizhu.interrupt import run_script

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
KEYS = ["deals_per_s", "deals_auction_per_s", "lead_gen_per_s", "follow_gen_per_s"]
PEER_KEYS = {"deals_per_s": "games_per_s", "lead_gen_per_s": "lead_gen_per_s",
             "follow_gen_per_s": "follow_gen_per_s"}


def run_peers(a: argparse.Namespace, out: Path) -> dict:
    cmd = [a.peers_python, str(Path(a.peers_dir) / "bench_peers.py"), "--out", str(out),
           "--runs", str(a.runs)]
    if a.quick:
        cmd.append("--quick")
        cmd[cmd.index("--out") + 1] = str(out)
    subprocess.run(cmd, check=True, stdout=sys.stderr)
    return json.loads(out.read_text())


def run_dizhu(a: argparse.Namespace, positions: Path) -> dict[str, dict]:
    """Medians of ``a.runs`` runs of this checkout (and of the baseline, alternating)."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    checkouts = {"dizhu": (REPO, env)}
    if a.pure:
        checkouts["pure"] = (REPO, dict(env, DIZHU_PURE="1"))
    if a.baseline:
        checkouts["baseline"] = (Path(a.baseline).resolve(), env)
    runs: dict[str, list[dict]] = {name: [] for name in checkouts}
    for i in range(a.runs):
        for name, (repo, run_env) in checkouts.items():
            cmd = [sys.executable, str(repo / "benchmarks" / "bench_dizhu.py"), "--json",
                   "--positions", str(positions), "--deals", str(300 if a.quick else 3000),
                   "--min-time", str(0.2 if a.quick else 2.0)]
            done = subprocess.run(cmd, check=True, capture_output=True, text=True,
                                  env=run_env, cwd=repo)
            r = json.loads(done.stdout)
            runs[name].append(r)
            print(f"run {i + 1}/{a.runs} {name:<9} {r['deals_per_s']:.0f} deals/s, lead "
                  f"{r['lead_gen_per_s']:.0f}/s, follow {r['follow_gen_per_s']:.0f}/s",
                  file=sys.stderr)
    return {name: {"core": rs[0].get("core", "python")} | {
        k: statistics.median(r[k] for r in rs) for k in rs[0]
        if isinstance(rs[0][k], (int, float))} for name, rs in runs.items()}


def table(rows: dict[str, dict]) -> str:
    head = "| engine | deals/s (play) | deals/s (with auction) | lead gen/s | follow gen/s |"
    lines = [head, "|---|---:|---:|---:|---:|"]
    for name, r in rows.items():
        cells = [f"{r[k]:,.0f}" if r.get(k) is not None else "-" for k in KEYS]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--peers-python", default=os.path.join(
        os.environ.get("PEERS_VENV", os.path.join(tempfile.gettempdir(), "peers-venv")),
        "bin", "python"))
    ap.add_argument("--peers-dir", default=str(REPO.parent / "shared" / "peers"))
    ap.add_argument("--runs", type=count, default=3)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--baseline", metavar="CHECKOUT",
                    help="another dizhu checkout to time in the same run")
    ap.add_argument("--pure", action="store_true",
                    help="also time this checkout on its pure-Python core (DIZHU_PURE=1)")
    a = ap.parse_args()
    if a.quick:
        a.runs = 1
    work = Path(tempfile.mkdtemp(prefix="dizhu-bench-"))
    peers = run_peers(a, work / "peers.json")
    timed = run_dizhu(a, Path(peers["positions_file"]))
    mine = timed["dizhu"]

    names = {"douzero": "DouZero 1.1.0", "rlcard": "RLCard 1.2.0",
             "openspiel": "OpenSpiel 2.0.2 (C++)"}
    rows = {f"dizhu ({mine['core']} core)" if a.pure else "dizhu": mine}
    if "pure" in timed:
        rows["dizhu (python core)"] = timed["pure"]
    if "baseline" in timed:
        rows["dizhu (baseline)"] = timed["baseline"]
    for peer, res in peers["results"].items():
        med = res["median"]
        row = {k: med[p] for k, p in PEER_KEYS.items()}
        row["deals_auction_per_s"] = med["games_per_s"] if peer == "openspiel" else None
        rows[names[peer]] = row
    print(table(rows))
    print()
    python_peers = [rows[names[p]] for p in ("douzero", "rlcard") if names[p] in rows]
    bars = {"deals_per_s": 10, "lead_gen_per_s": 3, "follow_gen_per_s": 5}
    baseline = timed.get("baseline")
    pure = timed.get("pure")
    print("| figure | dizhu / best of DouZero and RLCard | bar | dizhu / OpenSpiel |"
          + (" python core / OpenSpiel |" if pure else "")
          + (" baseline / OpenSpiel |" if baseline else ""))
    print("|---|---:|---:|---:|" + ("---:|" if pure else "") + ("---:|" if baseline else ""))
    for key, bar in bars.items():
        best = max(r[key] for r in python_peers)
        spiel = rows.get(names["openspiel"], {}).get(key)
        line = f"| {key} | {mine[key] / best:.1f}x | {bar}x | " + \
            (f"{mine[key] / spiel:.2f}x |" if spiel else "- |")
        for other in (pure, baseline):
            if other:
                line += f" {other[key] / spiel:.2f}x |" if spiel else " - |"
        print(line)
    print(f"\nmoves per lead position: dizhu {mine['moves_per_lead']:.1f}; per follow position "
          f"{mine['moves_per_follow']:.2f}; {peers['runs']} runs, medians; "
          f"cpu: {peers['cpu_model']}; python {peers['versions']['python']}")


if __name__ == "__main__":
    run_script(main)
