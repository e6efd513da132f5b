"""The imitation-learning example (examples/train_imitation.py) runs end to end at a tiny
size: data from the environment, training, a saved model loaded back, and arena games in
which the trained bot only ever plays legal actions (the arena raises otherwise)."""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
from pathlib import Path

import pytest

from dizhu import BOTS, seat_view
from dizhu.arena import play_mode_deal

SCRIPT = Path(__file__).resolve().parents[1] / "examples" / "train_imitation.py"


@pytest.fixture(scope="module")
def example():
    pytest.importorskip("torch")
    pytest.importorskip("pettingzoo")
    spec = importlib.util.spec_from_file_location("train_imitation", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        del sys.modules[spec.name]


def test_trains_measures_saves_and_loads(example, tmp_path, capsys):
    path = tmp_path / "policy.pt"
    tiny = ["--decisions", "200", "--held-out", "100", "--epochs", "1", "--decks", "4"]
    figures = example.main([*tiny, "--save", str(path)])
    assert 0 <= figures["accuracy"] <= 1
    assert 0 < figures["chance"] < 1
    for opponent in ("random", "easy"):
        report = figures[opponent]
        assert report["decks"] == 4
        assert report["decision_ms"]["a"]["decisions"] > 0
        assert 0 <= report["wp_ci"][0] <= report["wp"] <= report["wp_ci"][1] <= 1
    assert example.BOT_NAME not in BOTS  # registered for the arena only
    assert path.exists()

    again = example.main([*tiny, "--load", str(path), "--opponents", "random"])
    assert again["accuracy"] == figures["accuracy"]  # the same model, the same held-out deals
    assert again["random"]["wp"] == figures["random"]["wp"]
    out = capsys.readouterr().out
    assert "held-out decisions" in out and "vs easy, 4 decks: WP" in out


def test_the_bot_plays_only_legal_actions(example):
    bot = example.PolicyBot(example.Policy(hidden=32, width=16), "random", seed=1)
    rng = random.Random(5)
    for landlord in range(3):
        deal = play_mode_deal(rng, landlord=landlord)
        while not deal.is_over:
            view = seat_view(deal, deal.to_move)
            action = bot.act(view)
            assert action in view.legal
            deal.push(action, deal.to_move)


def test_without_pytorch_the_example_says_which_extra_to_install():
    hide = ("import runpy, sys; sys.modules['torch'] = None; sys.argv = ['train_imitation']; "
            f"runpy.run_path({str(SCRIPT)!r}, run_name='__main__')")
    done = subprocess.run([sys.executable, "-c", hide], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "needs PyTorch" in done.stderr and ".[learn]" in done.stderr


@pytest.mark.parametrize("argv, said", [
    (["--teacher", "nosuch"], "unknown bot 'nosuch'"),
    (["--opponents", "random,expert:budget=99"], "budget is from"),
    (["--decisions", "0"], "1 or more"),
    (["--decks", "-1"], "--decks is 0 or more"),
    (["--load", "no-such-model.pt"], "no model file"),
])
def test_bad_options_are_refused_before_any_work(example, capsys, argv, said):
    with pytest.raises(SystemExit) as stopped:
        example.main(argv)
    assert stopped.value.code == 2 and said in capsys.readouterr().err
