#!/usr/bin/env python3
"""A bot-protocol program that misbehaves as it is told (the tests play it in the arena
and at a table): it plays the first legal action, except for what its MODE makes it do.

    misbehaving.py MODE

If the environment names a file in MISBEHAVING_PIDS, the program appends its process id
and start time to it (and those of any process it starts), so a test can check that none
is left running.
"""

import json
import os
import subprocess
import sys
import time

HUGE = 3 << 20
"""Bytes of the line ``huge-line`` writes before each answer (more than dizhu reads)."""
MODES = ("plain", "huge-line", "duplicate", "debug", "not-json", "wrong-id", "bad-action",
         "illegal", "hang", "dies", "never-reads", "spawns", "ignores-bye", "classic-only",
         "chatty-start")


def note_pid(pid: int) -> None:
    """Append ``pid`` and its start time (ids are reused: the pair names one process)."""
    path = os.environ.get("MISBEHAVING_PIDS")
    if path:
        with open(f"/proc/{pid}/stat") as stat:
            started = stat.read().rsplit(")", 1)[1].split()[19]
        with open(path, "a") as f:
            f.write(f"{pid} {started}\n")


def say(message: dict) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def answer(request: dict, **changes) -> None:
    say({"type": "action", "id": request["id"], "action": request["legal"][0]["id"],
         **changes})


def act(mode: str, request: dict) -> None:
    if mode == "huge-line":
        sys.stdout.write("x" * HUGE + "\n")
        answer(request)
    elif mode == "duplicate":  # the next request first reads this one's answer again
        answer(request)
        answer(request)
    elif mode == "debug":
        print(f"thinking about request {request['id']}...", flush=True)
        print("", flush=True)
        say({"debug": "a JSON line that is no answer"})
        answer(request)
    elif mode == "not-json":
        print("this is not JSON", flush=True)
    elif mode == "wrong-id":
        answer(request, id=request["id"] + 1000)
    elif mode == "bad-action":
        answer(request, action="nonsense 12")
    elif mode == "illegal":
        answer(request, action="rocket BR")
    elif mode in ("hang", "spawns"):
        if mode == "spawns":
            child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
            note_pid(child.pid)
        time.sleep(600)
    elif mode == "dies":
        sys.exit(3)
    else:
        answer(request)


def main() -> None:
    mode = sys.argv[1]
    if mode not in MODES:
        sys.exit(f"misbehaving.py: the modes are {', '.join(MODES)}")
    note_pid(os.getpid())
    hello = {"type": "hello", "name": f"misbehaving-{mode}"}
    if mode == "classic-only":
        hello["rulesets"] = ["classic"]
    if mode == "chatty-start":
        print("loading my tables...", flush=True)
    if mode == "never-reads":  # a small pipe, never read: dizhu's writes cannot finish
        import fcntl

        fcntl.fcntl(0, fcntl.F_SETPIPE_SZ, 4096)
    for line in sys.stdin:
        request = json.loads(line)
        if request["type"] == "hello":
            say(hello)
            if mode == "never-reads":
                time.sleep(600)
        elif request["type"] == "act":
            act(mode, request)
        elif request["type"] == "bye":
            break
    if mode == "ignores-bye":
        time.sleep(600)


if __name__ == "__main__":
    main()
