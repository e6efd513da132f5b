"""Train the learned evaluation (:mod:`dizhu.bots.evaluation`) on self-play data
(``training/selfplay.py``): a NumPy MLP, inputs -> 256 -> 256 -> 1, ReLU, a sigmoid, binary
cross-entropy, Adam on minibatches. A seeded share of the deals (not of the rows: the rows
of one deal share a label) is held out; each epoch prints the held-out loss and accuracy,
and training stops when the held-out loss has not improved for ``--patience`` epochs,
keeping the best epoch's weights. Writes the weights file (with the features' digest) and a
JSON sidecar beside it (data, epochs, held-out loss and accuracy, a calibration table,
seconds, command).

    python3 training/train_value.py data/classic --out dizhu/bots/weights/classic.npz
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from itertools import pairwise
from pathlib import Path

import numpy as np

from dizhu.bots.evaluation import features_of
from dizhu.bots.network import Network
from dizhu.interrupt import run_script
from dizhu.rulesets import find_ruleset


def load_data(folder: Path) -> tuple[dict, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The data's sidecar and its rows, labels, explored marks and deal indices."""
    info = json.loads((folder / "data.json").read_text())
    parts = [np.load(folder / s["shard"]) for s in info["shards"]]
    joined = [np.concatenate([p[k] for p in parts]) for k in ("x", "y", "explored", "deal")]
    return info, *joined  # type: ignore[return-value]


def init(sizes: list[int], rng: np.random.Generator) -> list[list[np.ndarray]]:
    """He-initialised layers ``[weights, bias]``."""
    return [[(rng.standard_normal((m, n)) * np.sqrt(2 / m)).astype(np.float32),
             np.zeros(n, np.float32)] for m, n in pairwise(sizes)]


def loss_and_grads(layers: list[list[np.ndarray]], x: np.ndarray,
                   y: np.ndarray) -> tuple[float, list[list[np.ndarray]]]:
    """Mean binary cross-entropy of a batch and its gradients, by hand."""
    acts = [x]
    h = x
    for i, (w, b) in enumerate(layers):
        h = h @ w + b
        if i < len(layers) - 1:
            h = np.maximum(h, 0)
        acts.append(h)
    z = h[:, 0]
    loss = float(np.mean(np.logaddexp(0, z) - y * z))
    delta = ((1 / (1 + np.exp(-z)) - y) / len(y))[:, None].astype(np.float32)
    grads: list[list[np.ndarray]] = [[] for _ in layers]
    for i in range(len(layers) - 1, -1, -1):
        grads[i] = [acts[i].T @ delta, delta.sum(0)]
        if i:
            delta = (delta @ layers[i][0].T) * (acts[i] > 0)
    return loss, grads


def evaluate(net: Network, x: np.ndarray, y: np.ndarray, scale: np.ndarray,
             batch: int = 8192) -> tuple[float, float, np.ndarray]:
    """Held-out loss, accuracy and the predictions."""
    p = np.concatenate([net.forward(x[i:i + batch] * scale) for i in range(0, len(x), batch)])
    q = np.clip(p.astype(np.float64), 1e-7, 1 - 1e-7)
    loss = float(-np.mean(y * np.log(q) + (1 - y) * np.log(1 - q)))
    return loss, float(np.mean((p > 0.5) == (y > 0.5))), p


def calibration(p: np.ndarray, y: np.ndarray) -> list[dict[str, float]]:
    """Per predicted decile: rows, mean prediction, observed win rate."""
    out = []
    for d in range(10):
        pick = (p >= d / 10) & ((p < (d + 1) / 10) if d < 9 else (p <= 1))
        if pick.any():
            out.append({"decile": d, "rows": int(pick.sum()),
                        "predicted": round(float(p[pick].mean()), 3),
                        "observed": round(float(y[pick].mean()), 3)})
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("data", help="a folder of self-play shards (training/selfplay.py)")
    p.add_argument("--out", required=True, help="the weights file to write (.npz)")
    p.add_argument("--hidden", default="256,256", help="hidden layer sizes (default 256,256)")
    p.add_argument("--epochs", type=int, default=15, help="at most this many (default 15)")
    p.add_argument("--batch", type=int, default=2048, help="minibatch rows (default 2048)")
    p.add_argument("--lr", type=float, default=3e-4, help="Adam's step size (default 0.0003)")
    p.add_argument("--decay", type=float, default=0.1,
                   help="decoupled weight decay of the weights, per step times --lr (default 0.1)")
    p.add_argument("--held-out", type=float, default=0.05,
                   help="the share of deals held out (default 0.05)")
    p.add_argument("--patience", type=int, default=3,
                   help="stop after this many epochs without a better held-out loss")
    p.add_argument("--no-explored", action="store_true",
                   help="leave out the rows of random plays")
    p.add_argument("--minutes", type=float, default=0,
                   help="stop after the epoch that passes this many minutes (0: no limit)")
    p.add_argument("--seed", type=int, default=0, help="the seed (default 0)")
    p.add_argument("--half", action="store_true", help="store the weights as float16")
    a = p.parse_args(argv)
    began = time.perf_counter()
    hidden = [int(h) for h in a.hidden.split(",") if h.strip().isdigit()]
    if len(hidden) != len(a.hidden.split(",")) or min(hidden) < 1:
        p.error(f"--hidden is layer sizes of 1 or more with commas between (256,256), "
                f"not {a.hidden!r}")
    if min(a.epochs, a.batch, a.patience) < 1:
        p.error("--epochs, --batch and --patience are 1 or more")
    if not 0 < a.held_out < 1 or a.lr <= 0 or a.decay < 0 or a.minutes < 0:
        p.error("--held-out is a share between 0 and 1, --lr above 0, --decay and --minutes "
                "0 or more")
    out = Path(a.out)
    if out.is_dir():
        p.error(f"{out} is a folder: --out names the weights file to write (.npz)")
    try:  # before the training, so that its hours are not lost to a folder it cannot make
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        why = "a file has that name" if isinstance(e, FileExistsError) else e.strerror or e
        p.error(f"cannot make the folder {out.parent}: {why}")
    folder = Path(a.data)
    if not (folder / "data.json").exists():
        p.error(f"{folder} holds no data.json: make data with training/selfplay.py")
    try:
        info, x, y, explored, deals = load_data(folder)
    except (OSError, ValueError, KeyError) as e:
        p.error(f"the data in {folder} cannot be read ({e}): make it again with "
                "training/selfplay.py")
    features = features_of(type(find_ruleset(info["rules"])))
    if info.get("digest") != features.digest() or x.shape[1] != features.size:
        p.error(f"the data in {folder} was made for other features than this dizhu's: "
                "make it again with training/selfplay.py")
    if a.no_explored:
        keep = explored == 0
        x, y, deals = x[keep], y[keep], deals[keep]
    rng = np.random.default_rng(a.seed)
    unique = np.unique(deals)
    if len(unique) < 2:
        p.error(f"the data in {folder} holds {len(unique)} deal(s) to learn from: a share of "
                "them is held out, so 2 or more")
    held = np.isin(deals, rng.choice(unique, max(1, int(len(unique) * a.held_out)),
                                     replace=False))
    xt, yt, xv, yv = x[~held], y[~held].astype(np.float32), x[held], y[held].astype(np.float32)
    print(f"{len(xt)} training rows, {len(xv)} held out ({len(unique)} deals)", flush=True)
    scale = features.scale
    sizes = [features.size, *hidden, 1]
    layers = init(sizes, rng)
    moments = [[np.zeros_like(t) for t in layer] for layer in layers]
    squares = [[np.zeros_like(t) for t in layer] for layer in layers]
    b1, b2, eps, step = 0.9, 0.999, 1e-8, 0
    best: tuple[float, int, list] = (np.inf, -1, [])
    history = []
    for epoch in range(a.epochs):
        order = rng.permutation(len(xt))
        total = 0.0
        for start in range(0, len(order), a.batch):
            pick = order[start:start + a.batch]
            loss, grads = loss_and_grads(layers, xt[pick] * scale, yt[pick])
            total += loss * len(pick)
            step += 1
            fix1, fix2 = 1 - b1 ** step, 1 - b2 ** step
            for layer, grad, m, v in zip(layers, grads, moments, squares, strict=True):
                if a.decay:
                    layer[0] *= np.float32(1 - a.lr * a.decay)
                for t, g, mt, vt in zip(layer, grad, m, v, strict=True):
                    mt *= b1
                    mt += (1 - b1) * g
                    vt *= b2
                    vt += (1 - b2) * g * g
                    t -= (a.lr * (mt / fix1) / (np.sqrt(vt / fix2) + eps)).astype(np.float32)
        net = Network([(w, b) for w, b in layers])
        vloss, vacc, _ = evaluate(net, xv, yv, scale)
        history.append({"epoch": epoch + 1, "train_loss": round(total / len(xt), 4),
                        "held_out_loss": round(vloss, 4), "held_out_accuracy": round(vacc, 4),
                        "seconds": round(time.perf_counter() - began, 1)})
        print(json.dumps(history[-1]), flush=True)
        if vloss < best[0]:
            best = (vloss, epoch, [[w.copy(), b.copy()] for w, b in layers])
        elif epoch - best[1] >= a.patience:
            break
        if a.minutes and time.perf_counter() - began > a.minutes * 60:
            break
    command = " ".join(["python3", "training/train_value.py",
                        *(sys.argv[1:] if argv is None else argv)])
    net = Network([(w, b) for w, b in best[2]], features.digest(), features.layout())
    vloss, vacc, predicted = evaluate(net, xv, yv, scale)
    meta = {"command": command, "data": {k: info[k] for k in
                                         ("command", "rules", "seed", "bot", "explore", "deals",
                                          "rows")},
            "sizes": sizes, "epochs": len(history), "best_epoch": best[1] + 1,
            "held_out_loss": round(vloss, 4), "held_out_accuracy": round(vacc, 4),
            "held_out_rows": len(xv), "training_rows": len(xt), "seed": a.seed,
            "seconds": round(time.perf_counter() - began, 1)}
    net.meta = meta
    net.save(out, half=a.half)
    table = calibration(predicted, yv)
    out.with_suffix(".json").write_text(json.dumps(
        {**meta, "history": history, "calibration": table}, indent=1) + "\n")
    print(f"held-out loss {vloss:.4f}, accuracy {vacc:.4f}; {out} in {meta['seconds']} s")
    for row in table:
        print(f"  decile {row['decile']}: {row['rows']:7d} rows, predicted "
              f"{row['predicted']:.3f}, observed {row['observed']:.3f}")
    return 0


if __name__ == "__main__":
    run_script(main)
