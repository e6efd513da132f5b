"""The repository's scripts (benchmarks, training, tools, examples) stop on Ctrl+C with a
line saying so, as the ``dizhu`` command does, not with Python's traceback."""

from __future__ import annotations

import ast
import os
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("benchmarks", "training", "tools", "examples")
OWN_PROGRAM = {"examples/bots/plain_bot.py"}
"""A bot program that shows the protocol without dizhu: it imports nothing of it."""


def main_guard(path: Path) -> ast.If | None:
    """The script's ``if __name__ == "__main__":`` block, if it has one."""
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.If) and ast.unparse(node.test) == "__name__ == '__main__'":
            return node
    return None


def test_every_script_runs_its_main_through_run_script():
    scripts = [path for folder in FOLDERS for path in sorted((ROOT / folder).rglob("*.py"))
               if main_guard(path) is not None]
    assert len(scripts) > 30
    for path in scripts:
        name = path.relative_to(ROOT).as_posix()
        body = [ast.unparse(statement) for statement in main_guard(path).body]
        if name in OWN_PROGRAM:
            assert "run_script(main)" not in body
            continue
        assert body == ["run_script(main)"], name
        assert "from dizhu.interrupt import run_script" in path.read_text(), name


def test_ctrl_c_stops_a_script_in_words():
    """SIGINT to the script's process group (as a terminal sends it) once it is working."""
    def interruptible() -> None:  # as from a terminal: a test runner may ignore SIGINT
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    script = ROOT / "benchmarks" / "bench_solver.py"
    process = subprocess.Popen([sys.executable, "-u", str(script)], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True, preexec_fn=interruptible)
    try:
        assert process.stdout.readline()  # the header: the positions are being solved
        os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 130 and "Traceback" not in err, err
    assert err.strip() == "bench_solver.py: stopped"


def test_run_script_exits_with_mains_status(monkeypatch, capsys):
    from dizhu.interrupt import STOPPED, run_script

    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(sys, "argv", ["somewhere/bench_x.py"])
    for main, status in ((lambda: 3, 3), (lambda: None, 0), (lambda: {"wp": 0.5}, 0),
                         (interrupted, STOPPED)):
        try:
            run_script(main)
        except SystemExit as e:
            assert e.code == status
        else:
            raise AssertionError("run_script returned")
    assert capsys.readouterr().err == "\nbench_x.py: stopped\n"
