"""The benchmark scripts refuse a bad count, time or bot in words at the start (they
raised a traceback at the end, after the work: a median of no values, a division by 0)."""

from __future__ import annotations

import argparse
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

from dizhu import core

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
OPTION = re.compile(r'add_argument\("(--[\w-]+)",\s*type=(\w+)')


def options_of(script: Path) -> dict[str, str]:
    """A script's typed options: name -> type."""
    return dict(OPTION.findall(script.read_text()))


def argtypes():
    spec = importlib.util.spec_from_file_location("argtypes", BENCHMARKS / "argtypes.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(script: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True,
                          timeout=120)


def test_every_whole_number_a_script_takes_but_a_seed_is_checked():
    for script in sorted(BENCHMARKS.glob("*.py")):
        for option, kind in options_of(script).items():
            assert kind != "int" or option == "--seed", f"{script.name} {option}"
            assert kind != "float", f"{script.name} {option}: type=seconds"


@pytest.mark.parametrize("script", sorted(
    path for path in BENCHMARKS.glob("*.py")
    if "count" in options_of(path).values() and "__main__" in path.read_text()),
    ids=lambda path: path.stem)
def test_a_count_of_none_is_refused_in_words(script):
    option = next(o for o, kind in options_of(script).items() if kind == "count")
    positional = {"bench_decisions": ["easy"], "tune_normal": ["{}"]}.get(script.stem, [])
    done = run(script, *positional, option, "0")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"argument {option}: a whole number of 1 or more, not '0'" in done.stderr


@pytest.mark.parametrize("args, said", [
    (["bench_decisions.py", "nosuch"], "unknown bot 'nosuch'"),
    (["bench_decisions.py", "rlcard-rule", "--ruleset", "four"], "cannot play four"),
    (["tune_normal.py", "urgent_cards=10"], "not a JSON object of NormalBot's attributes"),
    (["tune_normal.py", '{"nosuch": 1}'], "not a JSON object of NormalBot's attributes"),
    (["bench_server.py", "fair", "--expert", "-1"], "a whole number of 0 or more"),
    (["bench_solver.py", "--seconds", "nan"], "a number above 0, not 'nan'"),
])
def test_a_bad_bot_setting_or_amount_is_refused_in_words(args, said):
    done = run(BENCHMARKS / args[0], *args[1:])
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert said in done.stderr


@pytest.mark.parametrize("kind, text, value", [
    ("count", "3", 3), ("count", "0", None), ("count", "-2", None), ("count", "x", None),
    ("natural", "0", 0), ("natural", "-1", None),
    ("seconds", "0.5", 0.5), ("seconds", "0", None), ("seconds", "nan", None),
    ("seconds", "-1", None), ("seconds", "inf", None),
])
def test_the_shared_types(kind, text, value):
    convert = getattr(argtypes(), kind)
    if value is None:
        with pytest.raises(argparse.ArgumentTypeError, match=re.escape(repr(text))):
            convert(text)
    else:
        assert convert(text) == value


@pytest.mark.skipif(core.NAME != "compiled",
                    reason="the script compares the compiled core with the pure one")
def test_the_hand_evaluation_benchmark_runs_in_four():
    """Every ruleset the script takes is played with its own number of seats (it dealt
    ``four`` to three players)."""
    done = run(BENCHMARKS / "bench_handeval.py", "--ruleset", "four", "--deals", "2",
               "--positions", "1")
    assert done.returncode == 0, done.stderr
    assert "four: 10 hands, 1 positions" in done.stdout
