"""The bot protocol: programs in any language play in the arena, and a program that
crashes, hangs, answers garbage or an illegal action never stops the game."""

import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from dizhu.actions import action_ids, parse_action
from dizhu.arena import ArenaSpec, run_arena
from dizhu.bots import make_bot
from dizhu.bots.external import ExternalBot
from dizhu.reports import format_report
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

def program(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text(HEAD + body)
    return f"cmd:{sys.executable} {path}"


MISBEHAVING = Path(__file__).resolve().parent / "bots" / "misbehaving.py"


def misbehaving(mode: str) -> str:
    """The spec of tests/bots/misbehaving.py in ``mode``."""
    return f"cmd:{sys.executable} {MISBEHAVING} {mode}"


@pytest.fixture
def pids(tmp_path, monkeypatch):
    """A file the misbehaving programs write their process ids to; at the end no more
    threads run than before, nor any of those processes."""
    path = tmp_path / "pids"
    path.touch()
    monkeypatch.setenv("MISBEHAVING_PIDS", str(path))
    threads = threading.active_count()
    yield path
    assert threading.active_count() == threads
    assert left_running(path) == []


def left_running(path: Path) -> list[tuple[int, str]]:
    """The processes named in ``path`` that still run, or are this process's unreaped
    children (another's zombie is not running: whoever adopted it reaps it)."""
    out = []
    for line in path.read_text().splitlines():
        pid, started = line.split()
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue
        state, parent = fields[:2]
        if fields[19] == started and (state != "Z" or int(parent) == os.getpid()):
            out.append((int(pid), state))
    return out


FINE, LATE = 5.0, 0.1
"""Time limits: one no well-behaved answer misses on a busy machine, and a short one for
programs that never answer in time."""

MODES = {  # mode: (time limit, the troubles of A's decisions, restarted, lines skipped)
    "plain": (FINE, set(), False, False),
    "huge-line": (FINE, set(), False, True),
    "duplicate": (FINE, set(), False, True),
    "debug": (FINE, set(), False, True),
    "chatty-start": (FINE, set(), False, True),
    "ignores-bye": (FINE, set(), False, False),
    "illegal": (FINE, {"illegal"}, False, False),
    "bad-action": (FINE, {"garbage"}, True, False),
    "not-json": (LATE, {"timeout"}, True, True),
    "wrong-id": (LATE, {"timeout"}, True, True),
    "hang": (LATE, {"timeout"}, True, False),
    "never-reads": (LATE, {"timeout"}, True, False),
    "spawns": (LATE, {"timeout"}, True, False),
    "dies": (FINE, {"crash"}, True, False),
}


@pytest.mark.parametrize("mode", sorted(MODES))
def test_a_misbehaving_program_never_stops_the_arena(pids, mode):
    """Whatever the program does (a line of 3 MiB, extra or duplicate answers, debug lines,
    no JSON, answers to other ids, garbage, illegal actions, hanging, never reading,
    starting processes of its own, dying, ignoring bye), the arena plays on: lines that
    are not the answer are skipped, a decision it cannot make is its fallback's, a program
    past its limit is stopped and started again, then retired; the report counts it all,
    and nothing is left running."""
    limit, kinds, restarted, skipped = MODES[mode]
    spec = ArenaSpec(misbehaving(mode), "easy", decks=1, seed=1, time_limit=limit)
    report = run_arena(spec)
    troubles = report["troubles"]
    assert report["decks"] == 1
    assert {kind for kind, n in troubles["a"].items() if n} == kinds, troubles["log"]
    assert not any(troubles["b"].values())
    assert (troubles["restarts"]["a"] > 0) == restarted
    assert (troubles["skipped"]["a"] > 0) == skipped
    if kinds:
        assert "made by its fallback instead" in format_report(report)
    if kinds & {"crash", "timeout"}:  # it never answers: every decision is the fallback's
        assert sum(troubles["a"].values()) == report["decision_ms"]["a"]["decisions"]
        programs = 3  # one for each seat A holds
        assert troubles["restarts"]["a"] == programs * ExternalBot.restarts  # then retired
        assert any(": retired: the program failed 4 times" in line for line in troubles["log"])


def test_a_ruleset_refusal_names_the_program(pids):
    with pytest.raises(ValueError) as refused:
        ArenaSpec(misbehaving("classic-only"), "easy", decks=1, rules=find_ruleset("four"))
    said = str(refused.value)
    assert said.startswith("misbehaving-classic-only (") and "misbehaving.py" in said
    assert said.endswith("cannot play four: it plays classic")


def test_an_illegal_answer_is_played_by_the_fallback_as_it_would_have(pids):
    """The fallback decides from the same view: the deals go as if `easy` had played."""
    with_program = run_arena(ArenaSpec(misbehaving("illegal"), "random", decks=3, seed=5))
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
    their stable ids, text and JSON; an answer may name the action by any of the three."""
    log = tmp_path / "requests.jsonl"
    body = f"""        open({str(log)!r}, "a").write(line)
        legal = m["legal"]
        pick = legal[-1]
        answer({{"type": "action", "id": m["id"],
                 "action": [pick["id"], pick["text"], pick["action"]][m["id"] % 3]}})
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
            assert "as" not in entry  # no wild card, nothing stands for anything
            assert ids.text(entry["id"]) == entry["text"]
            assert parse_action(entry["text"], rules) == ids.action(entry["id"])
        assert [entry["action"] for entry in r["legal"]] == r["view"]["legal"]
        assert r["view"]["seat"] == r["seat"] and len(r["view"]["hand"]) == \
            r["view"]["cards_left"][r["seat"]]


@pytest.mark.parametrize("ruleset", ["laizi", "tiandi"])
def test_a_program_answers_wild_plays_by_id_text_or_json(tmp_path, ruleset):
    """With wild cards a play's id, text and JSON all name its physical cards, read with
    the deal's wild ranks: each form of answer is the play offered."""
    log = tmp_path / "answers.jsonl"
    body = f"""        legal = m["legal"]
        pick = max(legal, key=lambda e: (len(e["text"]), e["text"]))
        form = [pick["id"], pick["text"], pick["action"]][m["id"] % 3]
        open({str(log)!r}, "a").write(json.dumps([m["view"].get("wild"), pick["text"]]) + "\\n")
        answer({{"type": "action", "id": m["id"], "action": form}})
"""
    report = run_arena(ArenaSpec(program(tmp_path, "biggest", body), "normal", decks=3,
                                 seed=5, mode="full", rules=find_ruleset(ruleset)))
    assert not any(report["troubles"]["a"].values()), report["troubles"]["log"]
    answers = [json.loads(line) for line in log.read_text().splitlines()]
    with_wild = [text for wild, text in answers
                 if wild and " " in text and set(text.split()[1]) & set(wild)]
    assert len(with_wild) >= 3, answers


@pytest.mark.parametrize("ruleset", ["laizi", "tiandi"])
def test_a_wild_play_offered_says_what_it_stands_for_as_history_will(tmp_path, ruleset):
    """A legal play whose wild cards stand for other ranks carries ``as``, the ranks its
    combination reads as, the same ``as`` its entry in ``history`` carries once played; a
    play that reads as its own cards carries none."""
    log = tmp_path / "requests.jsonl"
    body = f"""        open({str(log)!r}, "a").write(line)
        pick = max(m["legal"], key=lambda e: ("as" in e, len(e["text"]), e["text"]))
        answer({{"type": "action", "id": m["id"], "action": pick["id"]}})
"""
    report = run_arena(ArenaSpec(program(tmp_path, "reader", body), "normal", decks=2,
                                 seed=7, mode="full", rules=find_ruleset(ruleset)))
    assert not any(report["troubles"]["a"].values()), report["troubles"]["log"]
    requests = [json.loads(line) for line in log.read_text().splitlines()]
    offered, played = set(), set()
    for r in requests:
        wild = r["view"].get("wild", "")
        played |= {(e["play"], e["as"]) for e in r["view"]["history"] if "as" in e}
        for entry in r["legal"]:
            if "as" not in entry:
                continue
            cards = entry["text"].split()[1]
            stands = entry["as"]
            assert sorted(stands) != sorted(cards) and len(stands) == len(cards)
            natural = [c for c in cards if c not in wild]
            assert all(stands.count(c) >= natural.count(c) for c in set(natural)), entry
            assert entry["action"] == {"play": entry["text"]}
            offered.add((entry["text"], stands))
    assert len(offered) >= 10
    picked_and_played = offered & played
    assert len(picked_and_played) >= 3, (sorted(offered)[:10], sorted(played))


def test_the_example_bots_play_in_the_arena_as_the_same_player_every_time():
    first = run_arena(ArenaSpec(PYTHON_BOT, "random", decks=6, seed=2))
    again = run_arena(ArenaSpec(PYTHON_BOT, "random", decks=6, seed=2), jobs=2)
    assert not any(first["troubles"]["a"].values())
    assert first["wp"] == again["wp"] and first["adp"] == again["adp"]
    assert first["wp"] > 0.6  # it beats random players


@pytest.mark.parametrize("ruleset", ["classic", "rob", "four", "laizi", "tiandi"])
def test_the_javascript_example_plays_every_ruleset(ruleset):
    node = shutil.which("node")
    assert node, "Node.js is needed for the JavaScript example bot: apt-get install nodejs"
    spec = ArenaSpec(f"cmd:{node} {EXAMPLES / 'plain_bot.js'}", "easy", decks=3, seed=4,
                     mode="full", rules=find_ruleset(ruleset))
    report = run_arena(spec)
    assert not any(report["troubles"]["a"].values()), report["troubles"]["log"]
    assert report["decision_ms"]["a"]["decisions"] > 20


@pytest.mark.parametrize("ruleset", ["laizi", "tiandi"])
def test_the_python_example_plays_the_wild_rulesets(ruleset):
    """It reads a wild play by what it stands for (``as``) and plays every decision."""
    spec = ArenaSpec(PYTHON_BOT, "easy", decks=3, seed=4, mode="full",
                     rules=find_ruleset(ruleset))
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


def test_the_documented_hello_names_every_ruleset_dizhu_sends():
    """The hello docs/bot-protocol.md shows is the one a program receives: every ruleset,
    the wild-card ones included."""
    from dizhu.bots.external import PROTOCOL
    from dizhu.rulesets import names

    doc = (Path(__file__).resolve().parents[1] / "docs" / "bot-protocol.md").read_text()
    sent = json.dumps({"type": "hello", "protocol": PROTOCOL, "rulesets": names()})
    assert f"| `{sent}` |" in doc


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
    from .webserver import Server, offer_and_seat

    command = PYTHON_BOT.removeprefix("cmd:")
    server = Server(tmp_path / "game.sqlite3", bots={"plain": command}).start()
    try:
        assert offer_and_seat(server, "plain")["note"] == f"a program: {command}"
    finally:
        server.stop()


@pytest.mark.parametrize("given", ["easy=python3 x.py", "plain", "plain=", "9lives=node x.js"])
def test_serve_refuses_a_program_it_cannot_offer(given, capsys):
    from dizhu.cli import main

    assert main(["serve", "--no-open", "--port", "0", "--bot", given]) == 2
    assert "--bot" in capsys.readouterr().err


@pytest.mark.parametrize("given, said", [
    ("mine=no-such-program --flag", "--bot mine: no program 'no-such-program': neither an "
     "executable file nor on PATH"),
    ("mine=cmd:/no/such/file.sh", "no program '/no/such/file.sh'"),
    ("mine=python3 'bot.py", "cannot be read as a command line: no closing quotation"),
])
def test_serve_says_why_a_program_cannot_be_run_before_it_starts(given, said, tmp_path):
    """A program that cannot run was offered in the lobby all the same (its decisions
    then made by the fallback), and unbalanced quotes showed only when a match asked."""
    command = [sys.executable, "-m", "dizhu", "serve", "--no-open", "--port", "0",
               "--db", str(tmp_path / "game.sqlite3"), "--bot", given]
    try:  # a server that starts is a failure, not a test that waits for ever
        done = subprocess.run(command, capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        pytest.fail(f"serve started with --bot {given!r}")
    assert done.returncode == 2 and said in done.stderr


def test_the_arena_reads_a_command_line_as_a_shell_would_or_says_why_not():
    assert make_bot("cmd:python3 'my bot.py' --level 2").command == [
        "python3", "my bot.py", "--level", "2"]
    with pytest.raises(ValueError, match="cannot be read as a command line: no closing"):
        ArenaSpec("cmd:python3 'bot.py", "easy", decks=1)


TABLE_MODES = {"huge-line": set(), "duplicate": set(), "debug": set(), "dies": {"crash"},
               "bad-action": {"garbage"}}


@pytest.mark.parametrize("mode", sorted(TABLE_MODES))
def test_a_table_plays_on_whatever_its_program_does(tmp_path, pids, mode):
    """The browser game's tables (a real store on disk) seat a misbehaving program: the
    deal is played out, the program's lost decisions made by its fallback."""
    from dizhu.session import MatchSession, NewMatch, Store

    form = {"ruleset": "classic", "mode": "deals", "target": 5, "bots": ["odd", "easy"]}
    store = Store(tmp_path / "game.sqlite3")
    try:
        command = misbehaving(mode).removeprefix("cmd:")
        session = MatchSession.create(store, NewMatch.from_json(form, {"odd": command}))
        session.set_autoplay(0, "easy")
        while len(session.match.scored_deals) < 1:
            assert session.play_due()
        program = session.bots[1]
        assert {kind for kind, n in program.troubles.items() if n} == TABLE_MODES[mode]
        session.close()
    finally:
        store.close()


def test_a_learning_environment_refuses_a_program_by_its_name(pids):
    """The Gymnasium environment's opponents are refused as the arena refuses them, and
    the programs it started are stopped."""
    pytest.importorskip("gymnasium")
    from dizhu.env.gym import DouDizhuEnv

    with pytest.raises(ValueError, match=r"^misbehaving-classic-only .*cannot play four"):
        DouDizhuEnv("four", opponents=misbehaving("classic-only"))


def test_a_learning_environment_stops_its_programs_when_closed(pids):
    pytest.importorskip("gymnasium")
    from dizhu.env.gym import DouDizhuEnv

    env = DouDizhuEnv("classic", seat=1, opponents=misbehaving("plain"), landlord=0)
    _, info = env.reset(seed=1)  # the landlord, a program, has led
    env.step(int(info["action_mask"].nonzero()[0][0]))
    env.close()
    assert left_running(pids) == [] and env.bots  # stopped, not left to the collector
