"""The learned evaluation: its features, its network (forward pass against a plain-Python
reference, outputs of the shipped weights pinned), the digest that ties weights to the
features, and a tiny run of the self-play and training scripts."""

import importlib.util
import json
import math
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings

from dizhu.arena import play_mode_deal
from dizhu.auction import BID, PASS_BID
from dizhu.bots.evaluation import WEIGHTS, Features, WinChance, features_of, load_network
from dizhu.bots.network import Network, WeightsMismatch
from dizhu.cards import (
    FULL_DECK,
    NUM_RANKS,
    UNIT,
    count_of,
    faces_for,
    parse_ranks,
    size,
)
from dizhu.combos import PASS, Kind, Play
from dizhu.deal import Deal
from dizhu.rulesets import find_ruleset
from dizhu.view import play_out, seat_view
from tests.strategies import seeds

CLASSIC = find_ruleset("classic")
ROOT = Path(__file__).resolve().parents[1]


def script(name: str):
    """A module of ``training/`` (scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "training" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def reference_forward(layers, row):
    """The network's output for one row, in plain Python (no NumPy arithmetic)."""
    h = [float(v) for v in row]
    for i, (w, b) in enumerate(layers):
        w, b = w.tolist(), b.tolist()
        h = [sum(h[k] * w[k][j] for k in range(len(h))) + b[j] for j in range(len(b))]
        if i < len(layers) - 1:
            h = [max(v, 0.0) for v in h]
    return 1 / (1 + math.exp(-h[0]))


def hands_of(landlord: str, kitty: str) -> tuple[list[list[int]], list[int]]:
    """Seat 0's hand and the kitty from rank texts (17 and 3 cards), seat 1 holding the
    lowest 17 cards of the rest and seat 2 the others; as cards."""
    rest = FULL_DECK - parse_ranks(landlord) - parse_ranks(kitty)
    left = 0
    for rank in range(NUM_RANKS):
        left += min(count_of(rest, rank), 17 - size(left)) * UNIT[rank]
    cards = faces_for([parse_ranks(landlord), left, rest - left, parse_ranks(kitty)])
    return cards[:3], cards[3]


def start_of_play(landlord: str, kitty: str) -> Deal:
    """A play-mode deal, seat 0 the landlord (see :func:`hands_of`)."""
    hands, kitty_cards = hands_of(landlord, kitty)
    return Deal.at_play(hands, kitty_cards, landlord=0, rules=CLASSIC)


# --------------------------------------------------------------------------- features


def test_the_features_of_an_observation_and_an_action_hand_checked():
    f = features_of(type(CLASSIC))
    deal = start_of_play("33456789TJQKA2BR7", "KAA")
    view = seat_view(deal, 0)
    obs = f.of_view(view)
    enc = f.encoding
    assert obs.dtype == np.uint8 and obs.shape == (enc.size,)
    part = enc.split(obs)
    assert list(part["hand"]) == [2, 1, 1, 1, 2, 1, 1, 1, 1, 1, 2, 3, 1, 1, 1]
    assert list(part["landlord"]) == [1, 0, 0] and list(part["to_move"]) == [1, 0, 0]
    assert list(part["cards_left"]) == [20, 17, 17] and part["stake"][0] == 0
    rows = f.rows(obs, [Play.parse("pair 33"), PASS, None])
    assert rows.shape == (3, f.size) and (rows[:, :enc.size] == obs).all()
    actions = rows[:, enc.size:]
    pair = np.zeros(f.size - enc.size, np.uint8)
    pair[0] = 2
    pair[15 + f.kinds.index(Kind.PAIR)] = 1
    assert (actions[0] == pair).all()
    passing = np.zeros_like(pair)
    passing[15 + f.kinds.index(Kind.PASS)] = passing[-2] = 1
    assert (actions[1] == passing).all()
    assert list(actions[2]) == [0] * (len(pair) - 1) + [1]
    inputs = f.inputs(rows)
    assert inputs.dtype == np.float32 and inputs.min() >= 0 and inputs.max() <= 1
    assert inputs[0, enc.size] == pytest.approx(0.5)  # two 3s of at most 4


def test_the_auction_reads_as_zeros_and_the_stake_as_doublings():
    hands, kitty = hands_of("3333456789TJQKA2B", "KA2")
    deal = Deal(hands, kitty, 0, CLASSIC, 0)
    deal.push(BID[3], 0)
    assert deal.landlord == 0 and deal.history[0] != (0, PASS_BID)
    f = features_of(type(CLASSIC))
    view = seat_view(deal, 0)
    part = f.encoding.split(f.of_view(view))
    assert not part["bids"].any() and not part["doubled"].any()
    deal.push(Play.parse("bomb 3333"), 0)
    for seat in (1, 2):
        part = f.encoding.split(f.of_view(seat_view(deal, seat)))
        assert part["stake"][0] == 1  # one doubling, whatever the bid of 3


@settings(max_examples=10)
@given(seeds)
def test_a_view_and_a_deal_give_the_same_units(seed):
    rng = random.Random(seed)
    f = features_of(type(CLASSIC))
    deal = play_mode_deal(rng, CLASSIC)
    tracker = f.encoding.tracker()
    while not deal.is_over:
        for seat in range(3):
            assert (f.of_deal(deal, seat, tracker) == f.of_view(seat_view(deal, seat))).all()
        deal.push(rng.choice([a for a in deal.legal_actions() if isinstance(a, Play)]),
                  deal.to_move)


# ---------------------------------------------------------------------------- network


def test_the_forward_pass_equals_a_plain_python_reference():
    rng = np.random.default_rng(0)
    layers = [(rng.standard_normal((7, 5)).astype(np.float32) * 0.5,
               rng.standard_normal(5).astype(np.float32)),
              (rng.standard_normal((5, 4)).astype(np.float32) * 0.5,
               rng.standard_normal(4).astype(np.float32)),
              (rng.standard_normal((4, 1)).astype(np.float32), np.float32([0.1]))]
    net = Network(layers)
    x = rng.random((6, 7), dtype=np.float32)
    got = net.forward(x)
    assert got.dtype == np.float32
    for row, value in zip(x, got, strict=True):
        assert value == pytest.approx(reference_forward(net.layers, row), abs=1e-6)


def test_the_shipped_network_equals_the_reference_on_real_rows():
    f = features_of(type(CLASSIC))
    net = load_network(CLASSIC)
    view = seat_view(play_mode_deal(random.Random(11), CLASSIC), 0)
    plays = [*[a for a in view.legal if isinstance(a, Play)][:2], None]
    x = f.inputs(f.rows(f.of_view(view), plays))
    for row, value in zip(x, net.forward(x), strict=True):
        assert value == pytest.approx(reference_forward(net.layers, row), abs=1e-5)


PINNED = {
    # deal seed: (no action as the landlord, then its first three legal plays)
    1: [0.447324, 0.375841, 0.351101, 0.322854],
    2: [0.536065, 0.472752, 0.426893, 0.410332],
    3: [0.414492, 0.359289, 0.330363, 0.310284],
}


@pytest.mark.parametrize("seed", sorted(PINNED))
def test_the_shipped_weights_give_pinned_outputs(seed):
    """A silent change of the weights file or of the features shows here."""
    chance = WinChance(CLASSIC)
    view = seat_view(play_mode_deal(random.Random(seed), CLASSIC), 0)
    plays = [None, *[a for a in view.legal if isinstance(a, Play)][:3]]
    assert chance.of_actions(view, plays).tolist() == pytest.approx(PINNED[seed], abs=1e-4)


def test_a_strong_landlord_hand_scores_far_above_a_weak_one():
    chance = WinChance(CLASSIC)
    strong = start_of_play("BR22223333AAKKQQJ", "T9T")
    weak = start_of_play("3345567899TJQ3468", "457")
    assert chance.of_view(seat_view(strong, 0)) > 0.8
    assert chance.of_view(seat_view(weak, 0)) < 0.3


# ----------------------------------------------------------------------------- digest


def test_weights_for_other_inputs_are_refused_with_the_command_to_retrain(tmp_path):
    copy = tmp_path / "classic.npz"
    with np.load(WEIGHTS / "classic.npz") as data:
        arrays = {k: data[k] for k in data.files}
    layout = json.loads(str(arrays["layout"]))
    layout["reading"] = "stake as it is"
    np.savez(copy, **{**arrays, "digest": np.array("0" * 64),
                      "layout": np.array(json.dumps(layout))})
    with pytest.raises(WeightsMismatch) as caught:
        WinChance(CLASSIC, copy)
    message = str(caught.value)
    assert "trained for other inputs" in message and "differs: reading" in message
    assert "training/selfplay.py --rules classic" in message
    assert "training/train_value.py data/classic" in message
    shutil.copy(WEIGHTS / "classic.npz", copy)
    assert WinChance(CLASSIC, copy).of_view(seat_view(start_of_play(
        "3456789TJQKA2B345", "TTJ"), 0)) > 0


def test_the_digest_covers_the_ruleset_and_its_action_ids():
    classic = Features(CLASSIC)
    assert classic.digest() == features_of(type(CLASSIC)).digest()
    assert Features(find_ruleset("rob")).digest() != classic.digest()
    assert classic.layout()["action_ids"] == \
        "80ba09139c2b59c36d37546d8456dbfb2f7dea87addde8eb1e1d35a2125d28c3"
    with pytest.raises(WeightsMismatch, match=r"ships for duel.*positions only"):
        WinChance(find_ruleset("duel"))
    with pytest.raises(WeightsMismatch, match="four"):  # another ruleset's weights
        WinChance(find_ruleset("laizi"), WEIGHTS / "four.npz")
    with pytest.raises(WeightsMismatch, match="no weights file"):
        Network.load(ROOT / "README.md")


# --------------------------------------------------------------------------- scripts


def test_self_play_and_training_make_a_loadable_weights_file(tmp_path, capsys):
    selfplay, train = script("selfplay"), script("train_value")
    data = tmp_path / "data"
    assert selfplay.main(["--deals", "4", "--shard", "2", "--seed", "3",
                          "--bot", "easy", "--out", str(data)]) == 0
    info = json.loads((data / "data.json").read_text())
    assert info["deals"] == 4 and len(info["shards"]) == 2 and info["bot"] == "easy"
    with np.load(data / "shard-00001.npz") as shard:
        x, y = shard["x"], shard["y"]
        assert x.dtype == np.uint8 and x.shape[1] == features_of(type(CLASSIC)).size
        assert set(y.tolist()) <= {0, 1} and x[:3, -1].tolist() == [1, 1, 1]
        assert y[0] != y[1] and y[1] == y[2]  # the landlord against the two peasants
    again = tmp_path / "again"
    subprocess.run([sys.executable, "training/selfplay.py", "--deals", "4", "--shard", "2",
                    "--seed", "3", "--bot", "easy", "--jobs", "2", "--out", str(again)],
                   cwd=ROOT, check=True, capture_output=True,
                   env={**os.environ, "PYTHONPATH": str(ROOT)})
    with np.load(data / "shard-00000.npz") as one, np.load(again / "shard-00000.npz") as two:
        assert (one["x"] == two["x"]).all() and (one["y"] == two["y"]).all()
    out, twice = tmp_path / "w.npz", tmp_path / "twice.npz"
    for path in (out, twice):
        assert train.main([str(data), "--out", str(path), "--epochs", "1", "--hidden", "8",
                           "--held-out", "0.25"]) == 0
    assert "held-out loss" in capsys.readouterr().out
    one, two = Network.load(out), Network.load(twice)
    assert all((w == v).all() for w, v in zip(one.layers[0], two.layers[0], strict=True))
    chance = WinChance(CLASSIC, out)
    value = chance.of_view(seat_view(play_mode_deal(random.Random(1), CLASSIC), 0))
    assert 0 < value < 1
    assert json.loads(out.with_suffix(".json").read_text())["epochs"] == 1


@pytest.mark.parametrize("argv, said", [
    (["--rules", "nosuch"], "unknown ruleset 'nosuch'"),
    (["--bot", "nosuch"], "unknown bot 'nosuch'"),
    (["--bot", "rlcard-rule", "--rules", "four"], "rlcard-rule cannot play four"),
    (["--bot", "expert:budget=99"], "budget is from"),
    (["--jobs", "0"], "--jobs are 1 or more"),
    (["--out", "{file}"], "is a file"),
])
def test_self_play_refuses_bad_options_before_any_deal(tmp_path, capsys, argv, said):
    file = tmp_path / "taken"
    file.write_text("")
    argv = [a.format(file=file) for a in argv]
    with pytest.raises(SystemExit) as stopped:
        script("selfplay").main(["--deals", "1", "--out", str(tmp_path / "data"), *argv])
    assert stopped.value.code == 2 and said in capsys.readouterr().err
    assert not (tmp_path / "data").exists()


@pytest.mark.parametrize("argv, said", [
    (["--hidden", "8,x"], "--hidden is layer sizes"),
    (["--hidden", "0"], "--hidden is layer sizes"),
    (["--epochs", "0"], "1 or more"),
    (["--held-out", "1"], "--held-out is a share"),
    (["--out", "{data}"], "is a folder"),
    (["--out", "{file}/w.npz"], "a file has that name"),
    (["{empty}"], "holds no data.json"),
    (["{broken}"], "cannot be read"),
    (["{one}"], "holds 1 deal(s)"),
])
def test_training_refuses_bad_options_and_data_before_it_trains(tmp_path, capsys, argv,
                                                                 said):
    data, one = tmp_path / "data", tmp_path / "one"
    assert script("selfplay").main(["--deals", "2", "--bot", "easy", "--out", str(data)]) == 0
    assert script("selfplay").main(["--deals", "1", "--bot", "easy", "--out", str(one)]) == 0
    broken, empty, file = tmp_path / "broken", tmp_path / "empty", tmp_path / "file"
    broken.mkdir(), empty.mkdir(), file.write_text("")
    (broken / "data.json").write_text("{")
    places = {"data": data, "one": one, "broken": broken, "empty": empty, "file": file}
    argv = [a.format(**places) for a in argv]
    if not argv[0].startswith("--"):
        data, argv = argv[0], argv[1:]
    capsys.readouterr()
    with pytest.raises(SystemExit) as stopped:
        script("train_value").main([str(data), "--out", str(tmp_path / "w.npz"), *argv])
    assert stopped.value.code == 2 and said in capsys.readouterr().err
    assert not (tmp_path / "w.npz").exists()


def test_the_example_bot_on_the_evaluation_plays_legal_deals():
    spec = importlib.util.spec_from_file_location(
        "greedy_value", ROOT / "examples" / "bots" / "greedy_value.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    bots = [module.GreedyValue(seed=s) for s in range(3)]
    deal = play_mode_deal(random.Random(2), CLASSIC)
    play_out(deal, bots)
    assert deal.winner >= 0
