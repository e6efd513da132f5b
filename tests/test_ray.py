"""The arena and the tournament on Ray: a fake Ray for how the pool starts and stops it, a
real local Ray instance (one for the module) for the results."""

import json
import sys
import types
from pathlib import Path

import pytest

from dizhu.cli import main
from dizhu.pool import open_pool

EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "bots"
TIMING = ("decision_ms", "seconds", "jobs")


def without_timing(report: dict) -> dict:
    return {k: v for k, v in report.items() if k not in TIMING}


class FakeRay(types.ModuleType):
    """Just enough of Ray: tasks run at once, in this process."""

    def __init__(self, initialized: bool = False, refuse: bool = False) -> None:
        super().__init__("ray")
        self.initialized, self.refuse = initialized, refuse
        self.calls: list[tuple[str, dict]] = []
        self.exceptions = types.SimpleNamespace(RayTaskError=RuntimeError)

    def is_initialized(self) -> bool:
        return self.initialized

    def init(self, **options) -> None:
        self.calls.append(("init", options))
        if self.refuse:
            raise ConnectionError("no cluster there")
        self.initialized = True

    def shutdown(self) -> None:
        self.calls.append(("shutdown", {}))
        self.initialized = False

    def cluster_resources(self) -> dict:
        return {"CPU": 6.0}

    def remote(self, fn):
        return types.SimpleNamespace(remote=fn)

    def get(self, value):
        return value

    def cancel(self, value) -> None:
        pass


@pytest.mark.parametrize(("address", "local"), [("local", True), ("auto", False),
                                                ("ray://head:10001", False)])
def test_a_ray_started_here_is_shut_down_here(monkeypatch, address, local):
    ray = FakeRay()
    monkeypatch.setitem(sys.modules, "ray", ray)
    with open_pool(3, address) as pool:
        assert pool.workers == 6
        assert list(pool.map(abs, [-1, 2, -3])) == [1, 2, 3]
    (init, options), (shutdown, _) = ray.calls
    assert (init, shutdown) == ("init", "shutdown")
    assert options["address"] == address
    # a local instance is kept small; a cluster is taken as it is
    assert ("num_cpus" in options) == local and options.get("num_cpus", 3) == 3


def test_a_ray_already_running_is_used_and_left_running(monkeypatch):
    ray = FakeRay(initialized=True)
    monkeypatch.setitem(sys.modules, "ray", ray)
    with open_pool(1, "local") as pool:
        assert list(pool.map(abs, [-4])) == [4]
    assert ray.calls == [] and ray.initialized


def test_an_unreachable_cluster_is_said_in_words(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", FakeRay(refuse=True))
    assert main(["arena", "easy", "random", "--decks", "2", "--ray", "head:6379"]) == 2
    err = capsys.readouterr().err
    assert "cannot connect to Ray at head:6379" in err and "Traceback" not in err


@pytest.mark.parametrize("command", [["arena", "easy", "random"],
                                     ["tournament", "easy", "random"]])
def test_without_ray_the_command_says_how_to_install_it(monkeypatch, capsys, command):
    monkeypatch.setitem(sys.modules, "ray", None)
    assert main([*command, "--decks", "2", "--ray"]) == 2
    err = capsys.readouterr().err
    assert "python3 -m pip install 'dizhu[ray]'" in err and "Traceback" not in err


@pytest.fixture(scope="module")
def local_ray():
    """One small local Ray instance for the module's tests, started and shut down by the
    pool as a command does (the commands find it running and leave it so)."""
    ray = pytest.importorskip("ray")
    with open_pool(2, "local") as pool:
        assert ray.is_initialized() and pool.workers == 2
        yield ray
    assert not ray.is_initialized()


def run_json(capsys, *argv: str) -> dict:
    assert main([*argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_arena_on_ray_reports_what_one_process_does(local_ray, capsys):
    args = ("arena", "easy", "random", "--decks", "8", "--seed", "ray")
    alone = run_json(capsys, *args, "--jobs", "1")
    on_ray = run_json(capsys, *args, "--ray")
    assert without_timing(on_ray) == without_timing(alone)
    assert on_ray["jobs"] == 2
    for side in ("a", "b"):
        assert on_ray["decision_ms"][side]["decisions"] == alone["decision_ms"][side]["decisions"]
    assert local_ray.is_initialized()


def test_an_outside_program_plays_in_ray_workers(local_ray, capsys):
    bot = f"cmd:{sys.executable} {EXAMPLES / 'plain_bot.py'}"
    args = ("arena", bot, "easy", "--decks", "2", "--seed", "5")
    alone = run_json(capsys, *args, "--jobs", "1")
    on_ray = run_json(capsys, *args, "--ray")
    assert without_timing(on_ray) == without_timing(alone)
    assert not any(on_ray["troubles"]["a"].values())


def test_the_tournament_on_ray_is_the_tournament_in_one_process(local_ray, capsys):
    args = ("tournament", "random", "easy", "normal", "--decks", "3", "--seed", "t")
    alone = run_json(capsys, *args, "--jobs", "1")
    on_ray = run_json(capsys, *args, "--ray")
    assert on_ray["ranking"] == alone["ranking"] and on_ray["wp"] == alone["wp"]
    assert [without_timing(r) for r in on_ray["pairs"]] == \
        [without_timing(r) for r in alone["pairs"]]
