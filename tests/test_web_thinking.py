"""Computer players that think long at some tables never hold up the moves of another
table: quick players do not wait behind slow ones (searches think in processes of their
own, outside programs in threads of their own: :mod:`dizhu.web.thinking`)."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import sys

from websockets.sync.client import connect

from .test_web_server import new_match, receive, table_url
from .webserver import Server

SLOW_TABLES = 8
"""Tables whose computer players are all thinking at once: more than the threads every
table's players once shared (six on two cores)."""
QUICK_MOVES = 30

SLOW_BOT = """
import json, os, sys, time
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "hello", "name": "slow", "protocol": 1}), flush=True)
    elif message["type"] == "act":
        while not os.path.exists(sys.argv[1]):  # thinking, until the test lets it answer
            time.sleep(0.01)
        print(json.dumps({"type": "action", "id": message["id"],
                          "action": message["legal"][0]["text"]}), flush=True)
    elif message["type"] == "bye":
        break
"""
"""A bot protocol program that thinks until a file exists (a program has 5 s for a
decision: the test lets them all answer well within it)."""


def test_a_table_of_slow_players_does_not_hold_up_a_quick_table(tmp_path):
    """Issue 15, item 19: every table's computer players shared six threads, so tables of
    slow players (20 of ``expert``s, a second a decision) took them all, and the other
    tables' quick moves waited behind (10 actions a second, p99 968 ms). Here the players
    of eight tables think all along (programs that answer only when the test lets them),
    and an ``easy`` table makes thirty moves meanwhile, none of the slow players having
    answered yet (before: the easy table made no move until the programs' time ran out)."""
    think = tmp_path / "answer"
    program = tmp_path / "slow.py"
    program.write_text(SLOW_BOT)
    s = Server(tmp_path / "game.sqlite3",
               bots={"slow": f"{sys.executable} {program} {think}"}).start()
    try:
        slow = [new_match(s, bots=["slow", "slow"]) for _ in range(SLOW_TABLES)]
        with contextlib.ExitStack() as pages:
            for match_id in slow:  # the person's seat played too: the slow seats' turns come
                ws = pages.enter_context(connect(table_url(s, match_id)))
                receive(ws)
                ws.send(json.dumps({"type": "autoplay", "bot": "easy"}))
            quick = pages.enter_context(connect(table_url(s, new_match(s))))
            receive(quick)
            quick.send(json.dumps({"type": "autoplay", "bot": "easy"}))
            for _ in range(QUICK_MOVES):
                receive(quick, timeout=30)
            answered = slow_answers(s.db, slow)
            think.touch()
        s.terminate()
    finally:
        s.stop()
    assert answered == 0, answered
    assert not s.troubles(), s.output()


def slow_answers(path, matches: list[int]) -> int:
    """The actions of the computer seats (not the person's, seat 0) stored so far in
    ``matches`` (read beside the server)."""
    db = sqlite3.connect(path)
    try:
        return db.execute(f"SELECT COUNT(*) FROM events WHERE seat != 0 AND match_id IN "
                          f"({', '.join('?' * len(matches))})", matches).fetchone()[0]
    finally:
        db.close()
