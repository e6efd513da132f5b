"""The game server while another process holds its database locked: one real server on
127.0.0.1 (``python -m dizhu serve --pause 0``) with busy tables, and a second process that
takes the database's write lock (``BEGIN IMMEDIATE``) for a while, as a long transaction,
a backup or a second program on the file would.

    python3 benchmarks/bench_locked.py [--locks 5,15,60] [--tables 20]
        [--checkout PATH [--checkout PATH ...]]

For each lock's length, a fresh server and database: ``--tables`` tables played as in
``bench_server.py stress`` (each person acts at once, and tries again when told an action
could not be saved), then the lock. Reported:

- ``before``/``after``: the persons' actions per second in the 5 s before the lock, and in
  the 10 s from the moment it goes; ``stuck``: the tables whose page heard nothing in those
  10 s (do the tables go on by themselves?);
- ``status``: the slowest answer of ``/api/status`` (asked every 0.25 s during the lock:
  is the event loop held up?);
- ``new match``: the answer to a new match asked for as the lock starts, and when it came;
- ``errors``: the messages of error the pages got during the lock and after (an action
  that could not be saved, a computer player that failed);
- ``lost``: actions a page heard of that are not in the database at the end (must be 0);
- ``faults``: tracebacks in the server's output.

``--checkout`` (repeatable) runs the server from another checkout (a ``git worktree`` of
an older commit), each in turn.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from argtypes import count
from bench_server import MATCH, ROOT, Server, Stats, new_match, person

from dizhu.interrupt import run_script

LOCKER = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
sys.stdin.readline()
db.execute("COMMIT")
"""


async def request(port: int, method: str, path: str, body: dict | None = None
                  ) -> tuple[int, float]:
    """An HTTP request on a socket of its own: its status (0: no answer in 120 s) and how
    long the answer took."""
    started = time.perf_counter()
    data = b"" if body is None else json.dumps(body).encode()
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                     f"Content-Length: {len(data)}\r\nConnection: close\r\n\r\n".encode()
                     + data)
        answer = await asyncio.wait_for(reader.read(), 120)
        writer.close()
        status = int(answer.split(b" ", 2)[1]) if answer else 0
    except (OSError, TimeoutError, ValueError, IndexError):
        status = 0
    return status, time.perf_counter() - started


async def rate(stats: Stats, seconds: float) -> float:
    """The persons' actions per second over the next ``seconds``."""
    before = stats.actions
    await asyncio.sleep(seconds)
    return (stats.actions - before) / seconds


async def locked(server: Server, db: Path, tables: int, hold: float) -> dict:
    stats, stop = Stats(measuring=True), asyncio.Event()
    paths = [await new_match(server.port) for _ in range(tables)]
    tasks = [asyncio.create_task(person(server, path, stats, None, stop)) for path in paths]
    await asyncio.sleep(2.0)
    before = await rate(stats, 5.0)
    errors_before = len(stats.errors)
    locker = subprocess.Popen([sys.executable, "-c", LOCKER, str(db)], text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert locker.stdout is not None and locker.stdin is not None
    assert locker.stdout.readline() == "locked\n"
    started = time.perf_counter()
    created = asyncio.create_task(request(server.port, "POST", "/api/matches", MATCH))
    slowest = 0.0
    while time.perf_counter() - started < hold:
        status, took = await request(server.port, "GET", "/api/status")
        slowest = max(slowest, took if status == 200 else float("inf"))
        await asyncio.sleep(0.25)
    locker.stdin.write("\n")
    locker.stdin.flush()
    locker.wait()
    released = time.perf_counter()
    after = await rate(stats, 10.0)
    stuck = sum(1 for at in stats.last_state.values() if at < released)
    made, made_in = await created
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return {"before": before, "after": after, "stuck": stuck, "status": slowest, "made": made,
            "made_in": made_in, "errors": stats.errors[errors_before:],
            "lost": lost(db, stats.heard)}


def lost(db: Path, heard: dict[str, int]) -> int:
    """Actions the pages heard of that the database does not hold."""
    connection = sqlite3.connect(db)
    try:
        missing = 0
        for path, version in heard.items():
            match_id = int(path.split("/ws/", 1)[1].split("?", 1)[0])
            stored = connection.execute("SELECT COUNT(*) FROM events WHERE match_id = ?",
                                        (match_id,)).fetchone()[0]
            missing += max(0, version - stored)
        return missing
    finally:
        connection.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("--locks", default="5,15,60", help="seconds, comma-separated")
    parser.add_argument("--tables", type=count, default=20)
    parser.add_argument("--checkout", type=Path, action="append",
                        help="run the server from this checkout (repeatable; default: here)")
    args = parser.parse_args()
    print(f"{'checkout':<16} {'lock s':>6} {'before':>7} {'after':>7} {'stuck':>5} {'status s':>8} "
          f"{'new match':>12} {'errors':>6} {'lost':>4} {'faults':>6}")
    for hold in (float(s) for s in args.locks.split(",")):
        for checkout in [c.resolve() for c in args.checkout or [ROOT]]:
            with tempfile.TemporaryDirectory() as tmp:
                db = Path(tmp) / "locked.sqlite3"
                server = Server(checkout, db, 0.0)
                try:
                    r = asyncio.run(locked(server, db, args.tables, hold))
                finally:
                    server.stop()
                printed = "".join(server.printed)
                print(f"{checkout.name[-16:]:<16} {hold:>6g} {r['before']:>7.1f} "
                      f"{r['after']:>7.1f} {r['stuck']:>5} {r['status']:>8.2f} "
                      f"{r['made']:>4} {r['made_in']:>6.1f} s {len(r['errors']):>6} "
                      f"{r['lost']:>4} {printed.count('Traceback'):>6}", flush=True)
                kinds = sorted({e[:70] for e in r["errors"]})
                for kind in kinds[:3]:
                    print(f"    error: {kind}", flush=True)


if __name__ == "__main__":
    run_script(main)
