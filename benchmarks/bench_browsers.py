"""What a page costs the browser tests in each of Debian's headless Chromiums: the processor
time to open the lobby in a page of its own and close it, in the headless shell
(``chromium-headless-shell``) and in the browser (``chromium --headless``), in one run.

    python3 benchmarks/bench_browsers.py [--pages N] [--rounds N] [--json]

A real server; each round runs, for each Chromium installed in turn, a child process that
starts Playwright and the browser and opens N pages one after another the way the tests
open a person's (a context of its own at 1280 x 800, the lobby loaded, the context closed).
A round's cost is the processor time (user and system) of that child and of everything it
started, the browser's processes included: this process adopts them as they are orphaned
(Linux's child subreaper) and reaps them, so that the kernel counts them as its children.
The cost per page is a round's divided by N, the start of Playwright and of the browser
included. Medians over the rounds, and their ratio. Linux only.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from argtypes import count

from dizhu.interrupt import run_script
from tests.browsing import ARGS, CHROMIUMS, DESKTOP
from tests.webserver import Server

PR_SET_CHILD_SUBREAPER = 36


def open_pages(executable: str, url: str, pages: int) -> None:
    """The child's work: ``pages`` pages of the lobby, each in a context of its own."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, args=ARGS)
        for _ in range(pages):
            context = browser.new_context(viewport=DESKTOP)
            page = context.new_page()
            page.goto(url + "/")
            page.wait_for_selector("#ruleset-classic", state="attached")
            context.close()
        browser.close()


def children_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def reap_orphans(keep: int) -> None:
    """Wait for every process adopted from the child's tree (all but ``keep``) to end."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid:
            continue
        if not [p for p in own_children() if p != keep]:
            return
        time.sleep(0.05)


def own_children() -> list[int]:
    me, found = os.getpid(), []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == me:
                found.append(int(entry.name))
    return found


def one_round(executable: Path, url: str, pages: int, server_pid: int) -> float:
    """Processor seconds of one child's pages, the browser's processes included."""
    before = children_seconds()
    subprocess.run([sys.executable, __file__, "--child", str(executable), "--url", url,
                    "--pages", str(pages)], check=True)
    reap_orphans(keep=server_pid)
    return children_seconds() - before


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=count, default=20)
    parser.add_argument("--rounds", type=count, default=3)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        open_pages(args.child, args.url, args.pages)
        return
    chromiums = [path for path in CHROMIUMS if path.exists()]
    if not chromiums:
        sys.exit("no Chromium here: apt-get install chromium-headless-shell chromium")
    if not sys.platform.startswith("linux") or ctypes.CDLL(None).prctl(
            PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        sys.exit("this needs Linux: the browser's processes are counted as they are reaped")
    per_page: dict[str, list[float]] = {path.name: [] for path in chromiums}
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "game.sqlite3").start()
        try:
            for _ in range(args.rounds):
                for path in chromiums:
                    spent = one_round(path, server.url, args.pages, server.process.pid)
                    per_page[path.name].append(spent / args.pages)
        finally:
            server.stop()
    medians = {name: statistics.median(found) for name, found in per_page.items()}
    if args.json:
        print(json.dumps({"pages": args.pages, "per_page_s": per_page, "median_s": medians}))
        return
    print(f"processor seconds per page (pages a round: {args.pages}, rounds: {args.rounds}):")
    for name, found in per_page.items():
        print(f"  {name:24} median {medians[name]:.3f} s  "
              f"[{', '.join(f'{s:.3f}' for s in found)}]")
    if len(medians) == 2:
        shell, browser = (medians[path.name] for path in chromiums)
        print(f"  the shell costs {shell / browser:.2f} of the browser")


if __name__ == "__main__":
    run_script(main)
