"""The table's page on a slow phone: the frames the browser draws while a new deal is dealt
to the hand (its cards coming one after another), beside the same page asked for less
motion (no dealing), in one run.

    python3 benchmarks/bench_page.py [--rounds N] [--throttle X] [--json]

A real server and Debian's Chromium, as the browser tests use them: a 390 x 844 touch
screen, its CPU slowed X times (Chrome's CPU throttling, 4 by default: a mid-range phone);
each round opens a new match twice, dealing and not, and counts the animation frames of the
1.2 s after the hand appears (60 a second is every frame a 60 Hz screen shows), with the
longest frame. Medians over the rounds, each round's figures beside them.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from itertools import pairwise
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from argtypes import count, seconds

from dizhu.interrupt import run_script
from tests.browsing import ARGS, CHROMIUM, Person
from tests.webserver import Server

WINDOW_MS = 1200
FRAMES = f"""
window.frameTimes = [];
const start = () => {{
  if (!document.querySelector('#hand .card')) {{ requestAnimationFrame(start); return; }}
  const t0 = performance.now();
  const frame = (t) => {{
    window.frameTimes.push(t);
    if (t - t0 < {WINDOW_MS}) requestAnimationFrame(frame); else window.framesDone = true;
  }};
  requestAnimationFrame(frame);
}};
requestAnimationFrame(start);
"""
"""Every animation frame's time for WINDOW_MS once the hand's first card is there."""


def one_deal(browser, server, motion: str, throttle: float) -> dict:
    person = Person(browser, server, phone=True, motion=motion)
    try:
        cdp = person.page.context.new_cdp_session(person.page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": throttle})
        person.page.add_init_script(FRAMES)
        person.start_match()
        person.page.wait_for_function("window.framesDone", timeout=60_000)
        times = person.page.evaluate("window.frameTimes")
        gaps = [b - a for a, b in pairwise(times)]
        dealt = person.page.evaluate("document.querySelectorAll('#hand .card').length")
        return {"frames": len(times), "longest_ms": round(max(gaps), 1), "cards": dealt}
    finally:
        person.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=count, default=5)
    parser.add_argument("--throttle", type=seconds, default=4.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    runs: dict[str, list[dict]] = {"dealing": [], "less motion": []}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        server = Server(Path(tmp) / "game.sqlite3", pause=2.0).start()  # no bid meanwhile
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            for _ in range(args.rounds):
                for name, motion in (("dealing", "no-preference"), ("less motion", "reduce")):
                    runs[name].append(one_deal(browser, server, motion, args.throttle))
        finally:
            browser.close()
            server.stop()
    if args.json:
        print(json.dumps(runs))
        return
    print(f"{args.throttle:g}x slower CPU, 390 x 844, frames in the {WINDOW_MS} ms after "
          "the hand appears:")
    for name, found in runs.items():
        frames = [r["frames"] for r in found]
        longest = [r["longest_ms"] for r in found]
        print(f"  {name:12} frames median {statistics.median(frames):g} {frames}; "
              f"longest frame median {statistics.median(longest):g} ms {longest}")


if __name__ == "__main__":
    run_script(main)
