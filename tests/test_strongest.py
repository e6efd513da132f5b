"""``strongest``: the name of the strongest built-in level wherever a bot is named, defined
once in the registry (:data:`dizhu.bots.registry.STRONGEST_LEVEL`). Tests that move the
alias to another level monkeypatch that constant: everything else must follow it."""

import json
import re
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st
from websockets.sync.client import connect

from dizhu.bots import BOTS, make_bot, parse_bot_spec, registry, resolve_spec, strongest_level
from dizhu.cli import main
from dizhu.session import CREATOR, LEVELS, ActionError, MatchSession, NewMatch, Store
from dizhu.session.form import level_of
from dizhu.tournament import run_tournament
from dizhu.words import CATALOGS, level_choice

from .webserver import Server

FORM = {"ruleset": "classic", "mode": "deals", "target": 5, "bots": ["easy", "easy"]}


@pytest.fixture
def cheap(monkeypatch):
    """``strongest`` moved to ``easy``, as a new strongest level would move it: cheap to
    play, and unlike the level it names by default."""
    monkeypatch.setattr(registry, "STRONGEST_LEVEL", "easy")
    return "easy"


def test_the_alias_names_a_built_in_level_a_person_can_choose():
    assert strongest_level() in BOTS and strongest_level() in LEVELS
    assert type(make_bot("strongest")) is BOTS[strongest_level()]
    assert make_bot("strongest").name == strongest_level()


def test_the_page_lists_the_levels_the_server_offers_each_named_in_both_languages():
    """The page's own list (auto-play's choices, the names it knows) is the form's."""
    script = (CATALOGS.parent / "names.js").read_text()
    listed = re.search(r"export const LEVELS = \[([^\]]*)\]", script)
    assert listed and json.loads(f"[{listed.group(1)}]") == list(LEVELS)
    for language in ("en", "zh"):
        words = json.loads((CATALOGS / f"{language}.json").read_text())
        assert all(f"level.{name}" in words and f"level.note.{name}" in words
                   for name in LEVELS)


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "expert", "master"])
def test_the_alias_follows_the_constant(monkeypatch, level):
    monkeypatch.setattr(registry, "STRONGEST_LEVEL", level)
    assert type(make_bot("strongest")) is BOTS[level]
    assert type(make_bot("py:strongest")) is BOTS[level]
    assert parse_bot_spec("strongest:fits=2") == (level, {"fits": "2"})
    assert resolve_spec("strongest:fits=2") == f"{level}:fits=2"
    assert resolve_spec("py:strongest") == f"py:{level}"


@given(st.text(alphabet="abfgtu=,:.0123456789- ", max_size=24))
def test_settings_and_their_refusals_are_the_levels_own(settings):
    """``strongest:S`` is ``LEVEL:S`` for any S: the same bot, or the same refusal."""
    def outcome(spec):
        try:
            bot = make_bot(spec)
        except ValueError as e:
            return "refused", str(e)
        return type(bot), {key: getattr(bot, key) for key in bot.settings()}

    level = strongest_level()
    assert outcome(f"strongest:{settings}") == outcome(f"{level}:{settings}")
    assert resolve_spec(f"strongest:{settings}") == f"{level}:{settings}"


def test_refusals_say_the_level_and_the_alias():
    level = strongest_level()
    with pytest.raises(ValueError, match=f"^{level} has no setting 'speed'; its settings: "):
        make_bot("strongest:speed=9")
    with pytest.raises(ValueError, match="needs a value"):
        make_bot("strongest:budget")
    with pytest.raises(ValueError, match=rf"the bots are .*, strongest \({level}\); or"):
        make_bot("strongestest")


def test_other_specs_are_left_as_they_are():
    for spec in ("expert:budget=0.5", "cmd:strongest", "py:strongest:Shedder",
                 "mybots:Shedder", "strongest2", "random"):
        assert resolve_spec(spec) == spec
    with pytest.raises(ValueError, match="cannot import strongest"):
        make_bot("py:strongest:Shedder")  # a module that happens to be so named


def test_the_arena_accepts_it_and_reports_the_level(capsys, cheap):
    code = main(["arena", "strongest", "random", "--decks", "1", "--jobs", "1", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0 and (report["a"], report["b"]) == (cheap, "random")
    code = main(["arena", "strongest:memo_limit=900", "random", "--decks", "1", "--jobs", "1"])
    assert code == 0
    assert capsys.readouterr().out.startswith(f"{cheap}:memo_limit=900 (A) vs random (B)")


def test_the_arena_refuses_its_settings_in_words(capsys):
    assert main(["arena", "strongest:speed=9", "random", "--decks", "1"]) == 2
    assert f"{strongest_level()} has no setting 'speed'" in capsys.readouterr().err


def test_the_arena_help_names_it():
    done = subprocess.run([sys.executable, "-m", "dizhu", "arena", "--help"],
                          capture_output=True, text=True, check=True)
    assert "strongest" in done.stdout and f"now {strongest_level()}" in " ".join(
        done.stdout.split())


def test_the_tournament_accepts_it(cheap):
    result = run_tournament(["random", "strongest"], decks=1, anchor="strongest")
    assert result["bots"] == ["random", cheap] and result["anchor"] == cheap
    with pytest.raises(ValueError, match=f"listed twice: {cheap} \\(as strongest and {cheap}\\)"):
        run_tournament(["strongest", cheap, "random"], decks=1)


def test_the_lobby_form_and_auto_play_keep_the_level(tmp_path, cheap):
    assert NewMatch.from_json({**FORM, "bots": ["strongest", "friend"]}).bots == (cheap,
                                                                                 "friend")
    assert level_of("strongest", "bot") == cheap
    for tuned in ("strongest:budget=0.5", "Strongest"):  # a page may not tune a bot
        with pytest.raises(ActionError, match="or strongest, not"):
            NewMatch.from_json({**FORM, "bots": ["easy", tuned]})
    store = Store(tmp_path / "game.sqlite3")
    try:
        table = MatchSession.create(store, NewMatch.from_json({**FORM,
                                                               "bots": ["strongest", "easy"]}))
        table.set_autoplay(CREATOR, "strongest")
        assert table.state()["match"]["bots"] == [cheap, "easy"]
        assert table.autoplay == {CREATOR: cheap}
        assert store.load(table.id).events[-1][1] == {"autoplay": cheap}
    finally:
        store.close()


def test_the_environments_opponents(cheap):
    pytest.importorskip("gymnasium")
    from dizhu.env.gym import DouDizhuEnv

    env = DouDizhuEnv(opponents=["strongest", "random"])
    assert [type(bot) for bot in env.bots.values()] == [BOTS[cheap], BOTS["random"]]
    env.close()


def test_serve_bot_takes_a_tuned_strongest_and_keeps_the_name_for_the_level():
    from dizhu.cli.common import UsageError
    from dizhu.cli.games import _program

    assert _program("deep=py:strongest:budget=2") == (
        "deep", f"py:{strongest_level()}:budget=2")
    with pytest.raises(UsageError, match="'strongest' cannot name a program"):
        _program("strongest=python3 bot.py")
    for level in ("strongest", strongest_level()):
        with pytest.raises(UsageError, match=r"the lobby offers the levels already, the "
                           r"strongest marked; .* as in --bot deep=py:strongest:budget=2"):
            _program(level)


def test_the_level_choice_marks_the_strongest(cheap):
    assert level_choice(cheap) == f"{cheap} (strongest)"
    assert level_choice(cheap, "zh") == "简单（最强）"
    assert level_choice("hard") == "hard"
    pytest.importorskip("textual")
    from dizhu.tui.start import Choices

    seats = {key: shown for key, _, shown in Choices("classic", "Ann").rows()}
    assert seats["seat1"] == seats["seat2"] == [
        (level, f"{level} (strongest)" if level == cheap else level) for level in LEVELS]


def test_the_server_offers_and_accepts_it(tmp_path):
    """A real server: the lobby says which level is the strongest; a form and a table's
    message naming ``strongest`` seat that level; ``--bot deep=py:strongest:...`` offers a
    tuned one under its own name."""
    from .test_web_server import http, receive, table_url

    def until(ws, wanted):
        """States until one whose match shows ``wanted`` (computers move meanwhile)."""
        while not wanted((state := receive(ws, timeout=30))["state"]["match"]):
            pass
        return state

    level = strongest_level()
    server = Server(tmp_path / "game.sqlite3", pause=0.5,
                    bots={"deep": "py:strongest:samples=2"}).start()
    try:
        status, lobby = http(server, "/api/lobby")
        assert status == 200 and lobby["strongest"] == level
        assert [n["name"] for n in lobby["levels"]] == [*LEVELS, "deep"]
        assert lobby["levels"][-1]["note"] == f"a Python bot: py:{level}:samples=2"
        status, body = http(server, "/api/matches", {**FORM, "bots": ["strongest", "deep"]})
        assert status == 200, body
        with connect(table_url(server, body["id"])) as ws:
            assert receive(ws)["state"]["match"]["bots"] == [level, "deep"]
            ws.send(json.dumps({"type": "autoplay", "bot": "strongest"}))
            state = until(ws, lambda match: match["autoplay"] is not None)
            assert state["state"]["match"]["autoplay"] == level
            ws.send(json.dumps({"type": "autoplay", "bot": None}))
            until(ws, lambda match: match["autoplay"] is None)
    finally:
        server.stop()
    assert not server.troubles(), server.output()
