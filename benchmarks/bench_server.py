"""The game server under load: many tables over real WebSockets to one real server process
on 127.0.0.1 (started as ``python -m dizhu serve``, SQLite commit included).

    python3 benchmarks/bench_server.py stress --tables 1,10,50,100,200 [--seconds 15]
    python3 benchmarks/bench_server.py paced --tables 100,200,300,400,500 [--seconds 60]
    python3 benchmarks/bench_server.py fair --tables 10 --expert 20 [--seconds 15]
    ... [--checkout PATH [--checkout PATH ...]] [--sync full|normal] [--profile FILE]

Each table is a match (classic, 20 deals, two ``easy`` computer seats) with one client
playing seat 0: it bids 3 (the highest bid it may), never doubles, plays the first legal
play (passing when following) and asks for the next deal at a deal's end; a finished match
is replaced by a new one. Every action carries the version of the state it answers.

- ``stress``: the server runs with ``--pause 0`` and each person acts the moment it may.
- ``paced``: the server keeps its default pause (0.8 s) and each person acts 1 to 3 s
  (uniform, seeded) after its turn comes; steps stop at the first table count whose p99
  is over ``--p99`` ms (50) or that saw an error.
- ``fair``: as ``stress``, with ``--expert`` (20) tables of ``expert`` players beside
  them (every seat, the person's handed to one too, thinking all along): what their
  searches cost the other tables. Reported as for ``stress`` (the measured tables only),
  with the experts' decisions per second.

Reported per step: the person's actions per second (all tables together), the latency from
sending an action to receiving the state that includes it (p50, p95, p99, max), errors,
the server's CPU use (all threads), its CPU time per action of a person (which a busy
machine disturbs less than the rates) and its resident memory (``/proc/PID``), the
client's CPU use and the state message's median size. ``--checkout`` (repeatable) starts
the server from another checkout (a ``git worktree`` of an older commit, say); the
checkouts are run in turn at each step, so their figures are comparable as ratios.
``--profile FILE`` runs the server under cProfile and writes its statistics to FILE (one
checkout, one step).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from argtypes import natural, seconds
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from dizhu.interrupt import run_script

ROOT = Path(__file__).resolve().parents[1]
MATCH = {"ruleset": "classic", "mode": "deals", "target": 20, "bots": ["easy", "easy"]}
SEARCHING = {**MATCH, "bots": ["expert", "expert"]}
HEAD = re.compile(r'\{"type": "state", "version": (\d+),')
WAITING = re.compile(r'"waiting_for": (\d+|null)')
TICKS = os.sysconf("SC_CLK_TCK")


@dataclass
class Stats:
    """What the clients saw during the measured window."""

    measuring: bool = False
    actions: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)
    searches: int = 0
    """Decisions of the ``expert`` tables (``fair``)."""
    heard: dict[str, int] = field(default_factory=dict)
    """The last version each table's page heard of, by its socket's path."""
    last_state: dict[object, float] = field(default_factory=dict)
    """When each person (by its task) last received a state (``time.perf_counter``)."""


class Server:
    """``python -m dizhu serve`` from a checkout, on a free port, with its own database."""

    def __init__(self, checkout: Path, db: Path, pause: float | None,
                 profile: Path | None = None, server_args: tuple[str, ...] = ()) -> None:
        runner = ["-m", "cProfile", "-o", str(profile)] if profile else []
        pace = [*([] if pause is None else ["--pause", str(pause)]), *server_args]
        env = {**os.environ, "PYTHONPATH": str(checkout), "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [sys.executable, *runner, "-m", "dizhu", "serve", "--port", "0", "--no-open",
             "--db", str(db), *pace], cwd=checkout, env=env, text=True,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if "running at " not in line:
            raise RuntimeError(f"the server did not start: {line}{self.process.stdout.read()}")
        self.url = line.split("running at ", 1)[1].split()[0].rstrip("/")
        self.port = int(self.url.rsplit(":", 1)[1])
        self.printed: list[str] = []
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.printed.append(line)

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS

    def memory_mib(self) -> float:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0

    def stop(self) -> None:
        """Stop the server (gently, so that a profile is written) and reap it."""
        self.process.send_signal(signal.SIGINT)
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


async def new_match(port: int, form: dict | None = None) -> str:
    """A new match (:data:`MATCH`, or ``form``) through the lobby's API (plain HTTP/1.1 on a
    socket of its own): the path of the creator's socket (with the seat's token, where
    the server gives one)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    body = json.dumps(form or MATCH).encode()
    writer.write(f"POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                 f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
                 "Connection: close\r\n\r\n".encode() + body)
    answer = await reader.read()
    writer.close()
    head, _, text = answer.partition(b"\r\n\r\n")
    if b" 200 " not in head.split(b"\r\n", 1)[0]:
        raise RuntimeError(f"new match refused: {answer[:300]!r}")
    created = json.loads(text)
    token = created.get("token")
    return f"/ws/{created['id']}" + (f"?seat={token}" if token else "")


def choose(view: dict) -> dict:
    """The person's action: the highest bid, no double, the first legal play."""
    if view["phase"] == "auction":
        return {"bid": view["legal"][-1]["bid"]}
    if view["phase"] == "doubling":
        return {"double": False}
    first = view["legal"][0]["play"]
    return {"pass": True} if first == "pass" else {"play": first}


async def person(server: Server, socket_path: str, stats: Stats, rng: random.Random | None,
                 stop: asyncio.Event) -> None:
    """Play seat 0 of one table until ``stop`` is set; ``rng`` paces the person (1 to 3 s
    a turn), none acts at once. Most state messages are only glanced at (their version and
    whose turn it is): the client stays light beside the server."""
    answered = -1  # the version last acted on
    sent_version, sent_at = -1, 0.0
    while not stop.is_set():
        async with connect(f"ws://127.0.0.1:{server.port}{socket_path}", max_size=None,
                           ping_interval=None, open_timeout=60) as ws:
            finished = False
            while not stop.is_set() and not finished:
                text = await asyncio.wait_for(ws.recv(), 30)
                now = time.perf_counter()
                head = HEAD.match(text)
                if head is None:
                    message = json.loads(text)
                    if stats.measuring:
                        stats.errors.append(message.get("message", text[:200]))
                    if message.get("reason", {}).get("code") == "not_saved":
                        answered = -1  # as a person would: try again
                        await ws.send(json.dumps({"type": "sync"}))
                    continue
                version = int(head[1])
                stats.heard[socket_path] = version
                stats.last_state[asyncio.current_task()] = now
                if stats.measuring:
                    stats.sizes.append(len(text))
                if sent_version >= 0 and version > sent_version:
                    if stats.measuring:
                        stats.actions += 1
                        stats.latencies.append(now - sent_at)
                    sent_version = -1
                waiting = WAITING.search(text, max(0, text.rfind('"waiting_for": ')))
                if version <= answered or waiting is None or waiting[1] not in ("0", "null"):
                    continue
                message = json.loads(text)
                state = message["state"]
                if waiting[1] == "null":  # the deal is over (or the match)
                    if state["match"]["finished"]:
                        finished = True
                        break
                    if state["view"]["phase"] != "over":
                        continue  # thrown in: the server deals again itself
                    request = {"type": "next", "version": version}
                else:
                    request = {"type": "act", "action": choose(state["view"]),
                               "version": version}
                answered = version
                if rng is not None:
                    await asyncio.sleep(rng.uniform(1.0, 3.0))
                    if stop.is_set():
                        break
                sent_version, sent_at = version, time.perf_counter()
                await ws.send(json.dumps(request))
        if finished and not stop.is_set():
            socket_path = await new_match(server.port)
            answered, sent_version = -1, -1


def quiet_collector() -> None:
    """Keep this process's garbage collector out of the measured window as far as it can
    (its clients stand in for hundreds of browsers: a collection here, up to ~100 ms,
    would delay every client's clock and be counted as the server's latency): collect
    now, set what exists aside until the step ends, and collect rarely."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


def percentile(values: list[float], fraction: float) -> float:
    return values[min(len(values) - 1, int(len(values) * fraction))] if values else 0.0


async def searching(server: Server, socket_path: str, stats: Stats,
                    stop: asyncio.Event) -> None:
    """A table of ``expert`` players (the person's seat handed to one too) until ``stop``
    is set: counts their decisions (the state messages) in ``stats.searches``."""
    while not stop.is_set():
        async with connect(f"ws://127.0.0.1:{server.port}{socket_path}", max_size=None,
                           ping_interval=None, open_timeout=60) as ws:
            await ws.send(json.dumps({"type": "autoplay", "bot": "expert"}))
            while not stop.is_set():
                try:
                    text = await asyncio.wait_for(ws.recv(), 1.0)
                except TimeoutError:
                    continue
                stats.searches += stats.measuring and HEAD.match(text) is not None
                if '"finished": true' in text:
                    break
        socket_path = await new_match(server.port, SEARCHING)


async def load(server: Server, tables: int, seconds: float, paced: bool, seed: int,
               slow: int = 0) -> dict:
    """Run ``tables`` tables (and ``slow`` tables of ``expert`` players beside them) for a
    warm-up then ``seconds`` measured; the step's figures."""
    paths = [await new_match(server.port) for _ in range(tables)]
    stats, stop = Stats(), asyncio.Event()
    tasks = [asyncio.create_task(searching(server, await new_match(server.port, SEARCHING),
                                           stats, stop)) for _ in range(slow)]
    for n, socket_path in enumerate(paths):
        rng = random.Random(f"{seed}:{n}") if paced else None
        tasks.append(asyncio.create_task(person(server, socket_path, stats, rng, stop)))
        if n % 20 == 19:
            await asyncio.sleep(0.05)  # within the server's listen backlog
    await asyncio.sleep(5.0 if slow else 3.0 if paced else 1.0)  # every table going
    failed = [t for t in tasks if t.done()]
    quiet_collector()
    cpu, mine, started = server.cpu_seconds(), time.process_time(), time.perf_counter()
    stats.measuring = True
    await asyncio.sleep(seconds)
    stats.measuring = False
    gc.unfreeze()
    elapsed = time.perf_counter() - started
    cpu, mine = server.cpu_seconds() - cpu, time.process_time() - mine
    memory = server.memory_mib()
    stop.set()
    results = await asyncio.gather(*tasks, return_exceptions=True)
    broken = [r for r in results if isinstance(r, BaseException)
              and not isinstance(r, ConnectionClosed | asyncio.CancelledError)]
    stats.errors += [repr(r) for r in broken] + [f"{len(failed)} clients stopped early"] * bool(
        failed)
    times = sorted(stats.latencies)
    return {"tables": tables, "actions_s": stats.actions / elapsed,
            "p50": percentile(times, 0.5) * 1000, "p95": percentile(times, 0.95) * 1000,
            "p99": percentile(times, 0.99) * 1000, "max": (times[-1] if times else 0) * 1000,
            "errors": len(stats.errors), "first_error": stats.errors[:1],
            "server_cpu": cpu / elapsed * 100, "client_cpu": mine / elapsed * 100,
            "cpu_ms": cpu / max(1, stats.actions) * 1000,
            "rss_mib": memory, "kib": sorted(stats.sizes)[len(stats.sizes) // 2] / 1024
            if stats.sizes else 0.0, "searches_s": stats.searches / elapsed}


def step(checkout: Path, tables: int, args: argparse.Namespace) -> dict:
    paced = args.kind == "paced"
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(checkout, Path(tmp) / "load.sqlite3", None if paced else 0.0,
                        args.profile, ("--sync", args.sync) if args.sync else ())
        try:
            return asyncio.run(load(server, tables, args.seconds, paced, args.seed,
                                    args.expert if args.kind == "fair" else 0))
        finally:
            server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog=__doc__.split("\n\n", 1)[1])
    parser.add_argument("kind", choices=("stress", "paced", "fair"))
    parser.add_argument("--tables", default="1,10,50,100,200",
                        help="table counts, comma-separated, one step each")
    parser.add_argument("--seconds", type=seconds, help="measured seconds per step "
                        "(15 for stress, 60 for paced)")
    parser.add_argument("--checkout", type=Path, action="append",
                        help="run the server from this checkout (repeatable; default: here)")
    parser.add_argument("--p99", type=seconds, default=50.0, help="paced: the bar in ms")
    parser.add_argument("--expert", type=natural, default=20,
                        help="fair: tables of expert players beside the measured ones")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sync", choices=("full", "normal"),
                        help="the servers' --sync (checkouts that have it; default: theirs)")
    parser.add_argument("--profile", type=Path, help="write the server's cProfile here")
    args = parser.parse_args()
    args.seconds = args.seconds or (60.0 if args.kind == "paced" else 15.0)
    checkouts = [c.resolve() for c in args.checkout or [ROOT]]
    if args.profile and len(checkouts) > 1:
        parser.error("--profile takes one checkout")
    print(f"{'checkout':<24} {'tables':>6} {'act/s':>7} {'p50':>7} {'p95':>7} {'p99':>7} "
          f"{'max':>7} {'errors':>6} {'server':>6} {'ms/act':>6} {'client':>6} {'RSS MiB':>7} "
          f"{'KiB':>5}" + (f" {'expert/s':>8}" if args.kind == "fair" else ""))
    held = dict.fromkeys(checkouts, 0)
    failed: set[Path] = set()
    for tables in (int(t) for t in args.tables.split(",")):
        for checkout in checkouts:
            if checkout in failed:
                continue  # paced: this checkout failed an earlier step
            r = step(checkout, tables, args)
            print(f"{checkout.name[-24:]:<24} {tables:>6} {r['actions_s']:>7.1f} "
                  f"{r['p50']:>7.1f} {r['p95']:>7.1f} {r['p99']:>7.1f} {r['max']:>7.1f} "
                  f"{r['errors']:>6} {r['server_cpu']:>5.0f}% {r['cpu_ms']:>6.2f} "
                  f"{r['client_cpu']:>5.0f}% "
                  f"{r['rss_mib']:>7.0f} {r['kib']:>5.1f}" +
                  (f" {r['searches_s']:>8.1f}" if args.kind == "fair" else ""), flush=True)
            if r["errors"]:
                print(f"    first error: {r['first_error'][0]}", flush=True)
            if args.kind == "paced":
                if r["p99"] <= args.p99 and not r["errors"]:
                    held[checkout] = tables
                else:
                    failed.add(checkout)
    if args.kind == "paced":
        for checkout, tables in held.items():
            print(f"{checkout.name}: held {tables} tables with p99 <= {args.p99:g} ms, no error")

if __name__ == "__main__":
    run_script(main)
