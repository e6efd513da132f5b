"""The bot protocol: programs in any language play in the arena, and a program that
crashes, hangs, answers garbage or an illegal action never stops the game."""

import json
import shutil
import sys
from pathlib import Path

import pytest

from dizhu.actions import action_ids, parse_action
from dizhu.arena import ArenaSpec, format_report, run_arena
from dizhu.bots import make_bot
from dizhu.bots.external import ExternalBot
from dizhu.rulesets import find_ruleset

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "bots"
PYTHON_BOT = f"cmd:{sys.executable} {EXAMPLES / 'plain_bot.py'}"

HEAD = """
import json, sys, time
def answer(message):
    print(json.dumps(message), flush=True)
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        answer({"type": "hello", "name": "test"})
    elif m["type"] == "act":
"""
"""A program's start: the hello, then what it does when asked to act (the body)."""

MISBEHAVING = {
    "crash": "        sys.exit(3)\n",
    "timeout": "        time.sleep(30)\n",
    "garbage": "        print('this is not JSON', flush=True)\n",
    "illegal": "        answer({'type': 'action', 'id': m['id'], 'action': 'rocket BR'})\n",
}


def program(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text(HEAD + body)
    return f"cmd:{sys.executable} {path}"


@pytest.mark.parametrize("kind", sorted(MISBEHAVING))
def test_a_misbehaving_program_loses_its_decisions_to_the_fallback(tmp_path, kind):
    spec = ArenaSpec(program(tmp_path, kind, MISBEHAVING[kind]), "easy", decks=2, seed=1,
                     time_limit=0.3)
    report = run_arena(spec)
    troubles = report["troubles"]
    assert troubles["a"][kind] >= 1
    assert sum(troubles["a"].values()) == troubles["a"][kind]
    assert not any(troubles["b"].values())
    assert report["decks"] == 2 and troubles["log"]
    assert "made by its fallback instead" in format_report(report)
    if kind in ("crash", "timeout"):  # it never answers: every decision is the fallback's
        assert troubles["a"][kind] == report["decision_ms"]["a"]["decisions"]
        started = sum("the program failed" not in line for line in troubles["log"])
        assert started <= 3 * (ExternalBot.restarts + 1)  # one program per seat A holds


def test_an_illegal_answer_is_played_by_the_fallback_as_it_would_have(tmp_path):
    """The fallback decides from the same view: the deals go as if `easy` had played."""
    bad = program(tmp_path, "illegal", MISBEHAVING["illegal"])
    with_program = run_arena(ArenaSpec(bad, "random", decks=3, seed=5))
    plain = run_arena(ArenaSpec("easy", "random", decks=3, seed=5))
    for key in ("wp", "adp", "landlord", "peasants", "bombs_per_deal"):
        assert with_program[key] == plain[key]


def test_a_program_that_cannot_start_is_a_readable_error(tmp_path):
    with pytest.raises(ValueError, match="cannot start"):
        ArenaSpec("cmd:/no/such/program --flag", "easy", decks=1)
    silent = tmp_path / "silent.py"
    silent.write_text("import time\ntime.sleep(30)\n")  # never says hello
    bot = make_bot(f"cmd:{sys.executable} {silent}")
    bot.start_limit = 0.5
    assert not bot.plays(find_ruleset("classic")) and bot.troubles["timeout"] == 1
    bot.close()
    with pytest.raises(ValueError, match="give the program"):
        make_bot("cmd:   ")


def test_what_a_program_is_asked_and_may_answer(tmp_path):
    """Every request holds the seat's view (its own hand only) and the legal actions with
    their stable ids and text; an answer may name the action by id or by text."""
    log = tmp_path / "requests.jsonl"
    body = f"""        open({str(log)!r}, "a").write(line)
        legal = m["legal"]
        pick = legal[-1]
        answer({{"type": "action", "id": m["id"],
                 "action": pick["id"] if m["id"] % 2 else pick["text"]}})
"""
    report = run_arena(ArenaSpec(program(tmp_path, "logger", body), "random", decks=2,
                                 seed=3, mode="full", rules=find_ruleset("rob")))
    assert not any(report["troubles"]["a"].values())
    rules = find_ruleset("rob")
    ids = action_ids(rules)
    requests = [json.loads(line) for line in log.read_text().splitlines()]
    assert requests and {r["ruleset"] for r in requests} == {"rob"}
    for r in requests:
        assert r["legal"] and r["time_limit"] == 5.0
        for entry in r["legal"]:
            assert ids.text(entry["id"]) == entry["text"]
            assert parse_action(entry["text"], rules) == ids.action(entry["id"])
        assert [entry["action"] for entry in r["legal"]] == r["view"]["legal"]
        assert r["view"]["seat"] == r["seat"] and len(r["view"]["hand"]) == \
            r["view"]["cards_left"][r["seat"]]


def test_the_example_bots_play_in_the_arena_as_the_same_player_every_time():
    first = run_arena(ArenaSpec(PYTHON_BOT, "random", decks=6, seed=2))
    again = run_arena(ArenaSpec(PYTHON_BOT, "random", decks=6, seed=2), jobs=2)
    assert not any(first["troubles"]["a"].values())
    assert first["wp"] == again["wp"] and first["adp"] == again["adp"]
    assert first["wp"] > 0.6  # it beats random players


@pytest.mark.parametrize("ruleset", ["classic", "rob", "four"])
def test_the_javascript_example_plays_every_ruleset(ruleset):
    node = shutil.which("node")
    assert node, "Node.js is needed for the JavaScript example bot: apt-get install nodejs"
    spec = ArenaSpec(f"cmd:{node} {EXAMPLES / 'plain_bot.js'}", "easy", decks=3, seed=4,
                     mode="full", rules=find_ruleset(ruleset))
    report = run_arena(spec)
    assert not any(report["troubles"]["a"].values()), report["troubles"]["log"]
    assert report["decision_ms"]["a"]["decisions"] > 20


def test_the_documented_bot_plays(tmp_path):
    """docs/bot-protocol.md's bot in twenty lines is a working bot."""
    doc = (Path(__file__).resolve().parents[1] / "docs" / "bot-protocol.md").read_text()
    snippet = doc.split("```python\n", 1)[1].split("```", 1)[0]
    path = tmp_path / "first_legal.py"
    path.write_text(snippet)
    report = run_arena(ArenaSpec(f"cmd:{sys.executable} {path}", "random", decks=2, seed=6))
    assert not any(report["troubles"]["a"].values()), report["troubles"]["log"]


def test_a_table_seats_a_program_the_server_offers(tmp_path):
    """`dizhu serve --bot NAME=PROGRAM`: the program is chosen like a level and plays its
    seat; the match remembers the command, so it resumes on a server started without it."""
    from dizhu.session import MatchSession, NewMatch, Store
    from dizhu.session.form import LEVELS

    command = PYTHON_BOT.removeprefix("cmd:")
    form = {"ruleset": "classic", "mode": "deals", "target": 5, "bots": ["plain", "easy"]}
    store = Store(tmp_path / "game.sqlite3")
    try:
        with pytest.raises(ValueError, match="plain"):
            NewMatch.from_json(form)  # a server without the program refuses the name
        session = MatchSession.create(store, NewMatch.from_json(form, {"plain": command}))
        session.set_autoplay(0, "easy")
        while len(session.match.scored_deals) < 1:
            assert session.play_due()
        program = session.bots[1]
        assert isinstance(program, ExternalBot) and program.program_name == "plain-python"
        assert not program.troubles and "easy" in LEVELS
        assert any(seat == 1 for seat, event in store.load(session.id).events
                   if "play" in event or "pass" in event)
        session.close()
        again = MatchSession.load(store, session.id)
        assert isinstance(again.bots[1], ExternalBot) and again.state() == session.state()
        again.close()
    finally:
        store.close()


def test_the_lobby_offers_the_servers_programs(tmp_path):
    import urllib.request

    from .webserver import Server

    command = PYTHON_BOT.removeprefix("cmd:")
    server = Server(tmp_path / "game.sqlite3", bots={"plain": command}).start()
    try:
        with urllib.request.urlopen(server.url + "/api/lobby") as answer:
            levels = json.loads(answer.read())["levels"]
        assert [level["name"] for level in levels][-1] == "plain"
        assert command in levels[-1]["note"]
        body = json.dumps({"ruleset": "classic", "mode": "deals", "target": 5,
                           "bots": ["easy", "plain"]}).encode()
        with urllib.request.urlopen(urllib.request.Request(
                server.url + "/api/matches", data=body)) as answer:
            assert json.loads(answer.read())["id"] >= 1
    finally:
        server.stop()


@pytest.mark.parametrize("given", ["easy=python3 x.py", "plain", "plain=", "9lives=node x.js"])
def test_serve_refuses_a_program_it_cannot_offer(given, capsys):
    from dizhu.cli import main

    assert main(["serve", "--no-open", "--port", "0", "--bot", given]) == 2
    assert "--bot" in capsys.readouterr().err
