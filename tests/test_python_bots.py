"""A Python Bot subclass named on the command line: by import path (``mybots:Shedder``,
``py:mybots:Shedder``, with settings after it) or as an installed package's entry point
(``dizhu.bots``), in the arena (one process, worker processes, Ray), the tournament and
the game server's lobby. Each runs ``dizhu`` as a real process, as a person would."""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
TIMING = ("decision_ms", "seconds", "jobs")

DOCUMENTED = (REPO / "docs" / "bots.md").read_text().split("```python\n", 1)[1].split("```")[0]
"""docs/bots.md's mybots.py."""

SHEDDER = DOCUMENTED + '''

class Faulty(Shedder):
    """Plays its first decision, then raises at every one after it."""

    _calls = 0

    def play(self, view):
        self._calls += 1
        if self._calls > 1:
            raise ZeroDivisionError("my own bug")
        return super().play(view)


def helper():
    return 42
'''


def dizhu(*args: str, cwd: Path, path: list[Path] = ()) -> subprocess.CompletedProcess:
    """``dizhu ARGS`` as the installed command runs it: the current directory is not on
    Python's path (``-P``), this checkout and ``path`` are."""
    env = {**os.environ,
           "PYTHONPATH": os.pathsep.join(map(str, [REPO, *path]))}
    return subprocess.run([sys.executable, "-P", "-m", "dizhu", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=600)


def report_of(run: subprocess.CompletedProcess) -> dict:
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def without_timing(report: dict) -> dict:
    return {k: v for k, v in report.items() if k not in (*TIMING, "a", "b")}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A folder holding mybots.py, as a bot writer's."""
    (tmp_path / "mybots.py").write_text(SHEDDER)
    return tmp_path


def test_a_bot_named_by_import_path_plays_in_the_arena(folder):
    """From the folder that holds the module, with settings, with or without ``py:``, in
    one process and in worker processes: the same player every time."""
    reports = [report_of(dizhu("arena", spec, "easy", "--decks", "4", "--seed", "3",
                               "--json", "--jobs", jobs, cwd=folder))
               for spec, jobs in (("mybots:Shedder", "1"), ("py:mybots:Shedder", "1"),
                                  ("mybots:Shedder:depth=2", "2"))]
    assert [r["a"] for r in reports] == \
        ["mybots:Shedder", "py:mybots:Shedder", "mybots:Shedder:depth=2"]
    assert reports[0]["decks"] == 4 and reports[2]["jobs"] == 2
    assert without_timing(reports[0]) == without_timing(reports[1]) == \
        without_timing(reports[2])


@pytest.mark.parametrize(("spec", "said"), [
    ("mybots:Nope", "mybots has no Nope; its bots: Faulty, Shedder"),
    ("nosuch:Bot", "cannot import nosuch (for the bot nosuch:Bot): no module 'nosuch'"),
    ("mybots:helper", "mybots:helper is <function helper"),
    ("mybots:Shedder:depth=0", "depth is from 1 to 5, not 0"),
    ("mybots:Shedder:speed=2", "has no setting 'speed'"),
    ("mybots", "unknown bot 'mybots'"),
    ("broken:Bot", "cannot import broken:Bot: SyntaxError"),
    ("py:easy:Bot", "cannot import easy (for the bot easy:Bot)"),
])
def test_a_bot_that_cannot_be_made_is_said_in_words(folder, spec, said):
    (folder / "broken.py").write_text("def oops(:\n    pass\n")
    run = dizhu("arena", spec, "easy", "--decks", "1", cwd=folder)
    assert run.returncode == 2 and said in run.stderr and "Traceback" not in run.stderr
    if spec.startswith("broken"):
        assert "broken.py, line 1" in run.stderr


def test_a_bot_that_fails_stops_the_arena_saying_where(folder):
    run = dizhu("arena", "mybots:Faulty", "easy", "--decks", "1", cwd=folder)
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "mybots:Faulty" in run.stderr and "ZeroDivisionError: my own bug" in run.stderr
    assert "mybots.py, line" in run.stderr


def test_the_tournament_ranks_a_bot_named_by_import_path(folder):
    result = report_of(dizhu("tournament", "mybots:Shedder", "easy", "random", "--decks",
                             "2", "--json", "--jobs", "2", cwd=folder))
    assert {row["bot"] for row in result["ranking"]} == {"mybots:Shedder", "easy", "random"}


def test_an_installed_package_offers_its_bots_by_name(tmp_path):
    """A package installed by pip whose ``dizhu.bots`` entry point names its bot: the bot
    is known by that name, with settings, and as ``py:NAME``."""
    source = tmp_path / "source"
    (source / "shedderpkg").mkdir(parents=True)
    (source / "shedderpkg" / "__init__.py").write_text(SHEDDER)
    (source / "pyproject.toml").write_text(textwrap.dedent('''
        [build-system]
        requires = ["setuptools>=61"]
        build-backend = "setuptools.build_meta"

        [project]
        name = "shedderpkg"
        version = "1.0"

        [project.entry-points."dizhu.bots"]
        shedder = "shedderpkg:Shedder"
    '''))
    site = tmp_path / "site"
    pip = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps",
                          "--no-build-isolation", "--target", str(site), str(source)],
                         capture_output=True, text=True, timeout=600)
    assert pip.returncode == 0, pip.stderr
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    reports = [report_of(dizhu("arena", spec, "easy", "--decks", "2", "--json",
                               cwd=elsewhere, path=[site]))
               for spec in ("shedder", "shedder:depth=3", "py:shedder")]
    assert without_timing(reports[0]) == without_timing(reports[1]) == \
        without_timing(reports[2])
    unknown = dizhu("arena", "shedders", "easy", cwd=elsewhere, path=[site])
    assert unknown.returncode == 2 and "installed: shedder" in unknown.stderr


def test_ray_workers_import_a_bot_named_by_import_path(folder):
    pytest.importorskip("ray")
    args = ("arena", "mybots:Shedder", "easy", "--decks", "2", "--seed", "5", "--json")
    alone = report_of(dizhu(*args, "--jobs", "1", cwd=folder))
    on_ray = report_of(dizhu(*args, "--ray", "--jobs", "2", cwd=folder))
    assert without_timing(on_ray) == without_timing(alone)


def test_the_lobby_offers_a_python_bot(folder, monkeypatch):
    """``dizhu serve --bot mine=py:mybots:Shedder``: offered beside the levels; a match
    seats it."""
    from .webserver import Server, offer_and_seat

    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(map(str, [REPO, folder])))
    server = Server(folder / "game.sqlite3", bots={"mine": "py:mybots:Shedder"}).start()
    try:
        assert offer_and_seat(server, "mine")["note"] == "a Python bot: py:mybots:Shedder"
    finally:
        server.stop()
    assert not server.troubles(), server.output()


def test_serve_refuses_a_python_bot_it_cannot_make(folder):
    run = dizhu("serve", "--no-open", "--port", "0", "--bot", "mine=py:mybots:Nope",
                cwd=folder)
    assert run.returncode == 2 and "--bot mine: mybots has no Nope" in run.stderr


@pytest.mark.parametrize("spec", ["py:mybots:Shedder", "py:mybots:Faulty"])
def test_a_table_plays_a_python_bot_and_goes_on_past_its_faults(folder, monkeypatch, spec):
    """A table (a real store on disk) seats the Python bot; a decision it fails (it
    raises) is made by ``easy``; the match resumes on a server whose path lacks the
    module, ``easy`` playing the seat."""
    from dizhu.session import MatchSession, NewMatch, Store

    monkeypatch.syspath_prepend(str(folder))
    form = {"ruleset": "classic", "mode": "deals", "target": 5, "bots": ["mine", "easy"]}
    store = Store(folder / "game.sqlite3")
    try:
        session = MatchSession.create(store, NewMatch.from_json(form, {"mine": spec}))
        session.set_autoplay(0, "easy")
        bot = session.bots[1]
        faulty = spec.endswith("Faulty")
        while len(session.match.scored_deals) < 1 or (faulty and not bot.troubles):
            assert session.play_due()
        assert bot.describe() == "mybots:" + spec.rsplit(":", 1)[1]
        assert bool(bot.troubles) == spec.endswith("Faulty")
        session.close()
        monkeypatch.setattr(sys, "path", [p for p in sys.path if p != str(folder)])
        monkeypatch.delitem(sys.modules, "mybots")
        monkeypatch.chdir(REPO)
        again = MatchSession.load(store, session.id)
        while len(again.match.scored_deals) < 2:
            assert again.play_due()
        assert again.bots[1].troubles["error"] > 0
        again.close()
    finally:
        store.close()


def test_the_searching_example_plays():
    """examples/bots/imagine.py, as its docstring runs it (with fewer decks and deals)."""
    folder = REPO / "examples" / "bots"
    report = report_of(dizhu("arena", "imagine:Imaginer:samples=2,candidates=3", "easy",
                             "--decks", "2", "--json", cwd=folder))
    assert report["decks"] == 2 and report["decision_ms"]["a"]["decisions"] > 20
