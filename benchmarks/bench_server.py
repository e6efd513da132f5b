"""How quickly the game server answers: a person's play to the state coming back, over a
real WebSocket to a real server on 127.0.0.1 (SQLite commit included), and the size of
the messages.

    python3 benchmarks/bench_server.py [--deals 20]

Each deal: the person (seat 0) bids 3 and so leads; each of their turns plays the first
legal play (passing when following), timed from sending it to receiving the state that
includes it. Computer seats are `easy` with no pause, so their moves arrive in between.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from websockets.sync.client import connect  # noqa: E402

from tests.webserver import Server  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "bench.sqlite3", pause=0.0).start()
        try:
            times, sizes = run(server, args.deals)
        finally:
            server.stop()
    times.sort()
    print(f"{len(times)} actions of the person over {args.deals} deals")
    print(f"action -> state: median {statistics.median(times) * 1000:.1f} ms, "
          f"p95 {times[int(len(times) * 0.95)] * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms")
    print(f"state message: median {statistics.median(sizes) / 1024:.1f} KiB, "
          f"max {max(sizes) / 1024:.1f} KiB")


def run(server: Server, deals: int) -> tuple[list[float], list[int]]:
    import urllib.request

    request = urllib.request.Request(
        server.url + "/api/matches",
        data=json.dumps({"mode": "deals", "target": 20, "bots": ["easy", "easy"]}).encode())
    with urllib.request.urlopen(request) as response:
        match_id = json.loads(response.read())["id"]
    times: list[float] = []
    sizes: list[int] = []
    played = 0
    last_over = -1
    with connect(f"{server.ws_url}/ws/{match_id}", max_size=None) as ws:
        text = ws.recv(timeout=30)
        while played < deals:
            message = json.loads(text)
            text = None
            if message["type"] == "state":
                sizes.append(len(json.dumps(message)))
            state = message.get("state")
            if state is None or (state["view"]["phase"] != "over" and state["waiting_for"] != 0):
                text = ws.recv(timeout=30)
                continue
            view = state["view"]
            if view["phase"] == "over":
                if message["version"] == last_over:  # the same state sent twice
                    text = ws.recv(timeout=30)
                    continue
                last_over = message["version"]
                played += 1
                ws.send(json.dumps({"type": "next"}))
                text = ws.recv(timeout=30)
                continue
            if view["phase"] == "auction":
                action = {"bid": view["legal"][-1]["bid"]}
            elif view["phase"] == "doubling":
                action = {"double": False}
            else:
                first = view["legal"][0]
                action = {"pass": True} if first["play"] == "pass" else {"play": first["play"]}
            version = message["version"]
            started = time.perf_counter()
            ws.send(json.dumps({"type": "act", "action": action}))
            while True:
                text = ws.recv(timeout=30)
                reply = json.loads(text)
                if reply["type"] == "state" and reply["version"] > version:
                    times.append(time.perf_counter() - started)
                    break  # this state is looked at next
                if reply["type"] == "error":
                    raise RuntimeError(reply["message"])
    return times, sizes


if __name__ == "__main__":
    main()
