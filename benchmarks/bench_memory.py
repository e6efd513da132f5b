"""The game server's memory over a long run: one real server process on 127.0.0.1
(``python -m dizhu serve``, matches unloaded one second after their last page leaves).

    python3 benchmarks/bench_memory.py [--matches 1000] [--tables 10] [--every 100]
        [--stalled 50] [--big 10] [--checkout PATH [--checkout PATH ...]]

Three phases, one after another on the same server:

- **matches**: ``--tables`` tables at once, each a five-deal ``classic`` match whose
  person's seat is handed to an ``easy`` computer player (``--pause 0``): a match played
  out is left and a new one made, until ``--matches`` have been played. The server's
  resident memory (``/proc/PID``) is read every ``--every`` matches; the memory per match
  is the slope over the second half of the run (the first half includes what the process
  builds once: caches filling to their bounds).
- **stalled**: ``--stalled`` tables played to their end at once (a page on auto-play at
  each), then as many again with a page at each that opens the table's socket and never
  reads: the most memory in each case (their difference is what stalled pages keep).
- **big frames**: ``--big`` sockets each sending a 15 MiB frame (the game reads messages of
  at most 4 KiB); memory after.

``--checkout`` (repeatable) runs the server from another checkout (a ``git worktree`` of an
older commit), each in turn, so that figures are comparable as ratios.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import socket
import sys
import tempfile
import time
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).resolve().parent))
from argtypes import count
from bench_server import ROOT, Server
from bench_server import new_match as new_server_match

from dizhu.interrupt import run_script

MATCH = {"ruleset": "classic", "mode": "deals", "target": 5, "bots": ["easy", "easy"]}


async def new_match(port: int) -> str:
    """A new five-deal match: the path of its creator's socket."""
    return await new_server_match(port, MATCH)


async def play_out(port: int, path: str) -> None:
    """Hand the person's seat to a computer player and wait for the match's end."""
    async with connect(f"ws://127.0.0.1:{port}{path}", max_size=None, ping_interval=None,
                       open_timeout=60) as ws:
        await ws.send(json.dumps({"type": "autoplay", "bot": "easy"}))
        while True:
            text = await asyncio.wait_for(ws.recv(), 60)
            if '"finished": true' in text and json.loads(text).get("type") == "state":
                return


async def matches(server: Server, count: int, tables: int, every: int) -> list[tuple[int, float]]:
    """Play ``count`` matches, ``tables`` at once; the server's memory every ``every``."""
    played = 0
    readings = [(0, server.memory_mib())]

    async def table() -> None:
        nonlocal played
        while played < count:
            await play_out(server.port, await new_match(server.port))
            played += 1
            if played % every == 0:
                readings.append((played, server.memory_mib()))
                print(f"    {played:>6} matches  {readings[-1][1]:7.1f} MiB", flush=True)

    await asyncio.gather(*(table() for _ in range(tables)))
    return readings


def stalled_socket(port: int, path: str) -> socket.socket:
    """A page that opens a table's socket and never reads (a small window: it fills)."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                 "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                 f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
    return sock


async def stalled_pages(server: Server, pages: int, stall: bool) -> float:
    """The most memory while ``pages`` tables are played to their end at once (a page on
    auto-play at each), with a stalled page at each when ``stall``."""
    paths = [await new_match(server.port) for _ in range(pages)]
    socks = [stalled_socket(server.port, path) for path in paths] if stall else []
    most = server.memory_mib()
    players = asyncio.gather(*(play_out(server.port, path) for path in paths),
                             return_exceptions=True)
    while not players.done():
        most = max(most, server.memory_mib())
        await asyncio.sleep(0.2)
    for sock in socks:
        sock.close()
    return most


async def big_frames(server: Server, sockets: int) -> float:
    """Memory after ``sockets`` sockets each send a 15 MiB frame."""
    path = await new_match(server.port)
    payload = "x" * (15 << 20)

    async def one() -> None:
        try:
            async with connect(f"ws://127.0.0.1:{server.port}{path}", max_size=None,
                               ping_interval=None, open_timeout=60) as ws:
                await ws.send(payload)
                await asyncio.wait_for(ws.recv(), 30)
                await asyncio.wait_for(ws.recv(), 30)
        except (ConnectionClosed, TimeoutError, OSError):
            pass

    await asyncio.gather(*(one() for _ in range(sockets)))
    await asyncio.sleep(2)
    return server.memory_mib()


def slope(readings: list[tuple[int, float]]) -> float:
    """KiB per match over the second half of the readings (least squares)."""
    half = [r for r in readings if r[0] >= readings[-1][0] / 2]
    if len(half) < 2:
        return 0.0
    mx = sum(m for m, _ in half) / len(half)
    my = sum(v for _, v in half) / len(half)
    var = sum((m - mx) ** 2 for m, _ in half)
    return sum((m - mx) * (v - my) for m, v in half) / var * 1024 if var else 0.0


def run(checkout: Path, args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(checkout, Path(tmp) / "memory.sqlite3", 0.0,
                        server_args=("--idle", "1"))
        try:
            started = time.perf_counter()
            readings = asyncio.run(matches(server, args.matches, args.tables, args.every))
            took = time.perf_counter() - started
            print(f"{checkout.name}: {args.matches} matches in {took:.0f} s: "
                  f"{readings[0][1]:.0f} -> {readings[-1][1]:.0f} MiB, "
                  f"{slope(readings):.1f} KiB per match over the second half", flush=True)
            if args.stalled:
                alone = asyncio.run(stalled_pages(server, args.stalled, False))
                stalled = asyncio.run(stalled_pages(server, args.stalled, True))
                print(f"{checkout.name}: {args.stalled} tables at once: {alone:.0f} MiB at "
                      f"most; with a stalled page each: {stalled:.0f} MiB at most", flush=True)
            if args.big:
                after = asyncio.run(big_frames(server, args.big))
                print(f"{checkout.name}: {args.big} frames of 15 MiB: {after:.0f} MiB after",
                      flush=True)
        finally:
            server.stop()
            tail = "".join(server.printed)[-2000:]
            if "Traceback" in tail:
                print(tail)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("--matches", type=count, default=1000)
    parser.add_argument("--tables", type=count, default=10)
    parser.add_argument("--every", type=count, default=100)
    parser.add_argument("--stalled", type=count, default=50)
    parser.add_argument("--big", type=count, default=10)
    parser.add_argument("--checkout", type=Path, action="append",
                        help="run the server from this checkout (repeatable; default: here)")
    args = parser.parse_args()
    for checkout in [c.resolve() for c in args.checkout or [ROOT]]:
        run(checkout, args)


if __name__ == "__main__":
    run_script(main)
