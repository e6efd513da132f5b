"""A small multilayer perceptron in NumPy: the weights of a learned evaluation, loaded from
a ``.npz`` file and run forward in ``float32`` on a batch of rows (no PyTorch at play time).

The file holds ``w0, b0, w1, b1, ...`` (ReLU between layers, a sigmoid on the one output),
``digest`` (the sha256 of what the inputs mean: :meth:`dizhu.bots.evaluation.Features.digest`),
``layout`` (the same as JSON text, so that a mismatch can say what differs) and ``meta``
(JSON: how it was trained). Weights may be stored as ``float16``; they are run in
``float32``. Loading checks the digest against the one this dizhu computes and refuses
weights made for other inputs with :class:`WeightsMismatch`, saying what differs and the
command that trains new ones.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

RETRAIN = ("python3 training/selfplay.py --rules {ruleset} --out data/{ruleset} && "
           "python3 training/train_value.py data/{ruleset} --out dizhu/bots/weights/{ruleset}.npz")
"""The commands that make new weights for a ruleset (from the repository's root)."""


class WeightsMismatch(ValueError):
    """Weights trained for other inputs than this dizhu's (another encoding, other action
    features or other action ids), or a file that is no weights file."""


class Network:
    """An MLP: ``layers`` of ``(weights (in, out), bias (out,))``, ReLU between them and a
    sigmoid on the single output: :meth:`forward` gives one probability per row."""

    def __init__(self, layers: list[tuple[np.ndarray, np.ndarray]], digest: str = "",
                 layout: dict[str, Any] | None = None,
                 meta: dict[str, Any] | None = None) -> None:
        self.layers = [(np.ascontiguousarray(w, np.float32), np.ascontiguousarray(b, np.float32))
                       for w, b in layers]
        for (w, _), (w2, _) in zip(self.layers, self.layers[1:], strict=False):
            if w.shape[1] != w2.shape[0]:
                raise ValueError(f"layer shapes do not chain: {w.shape} then {w2.shape}")
        if self.layers[-1][0].shape[1] != 1:
            raise ValueError("the last layer has one output (a win chance)")
        self.digest = digest
        self.layout = layout or {}
        self.meta = meta or {}

    @property
    def inputs(self) -> int:
        return self.layers[0][0].shape[0]

    def logits(self, x: np.ndarray) -> np.ndarray:
        """The output before the sigmoid, one per row of ``x`` (rows, inputs)."""
        h = np.asarray(x, np.float32)
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            h = h @ w
            h += b
            if i < last:
                np.maximum(h, 0, out=h)
        return h[:, 0]

    def forward(self, x: np.ndarray) -> np.ndarray:
        """The win chance of each row of ``x`` (rows, inputs), as ``float32``."""
        z = np.clip(self.logits(x), -30, 30)
        return (1 / (1 + np.exp(-z))).astype(np.float32)

    # ------------------------------------------------------------------------- files

    def save(self, path: str | Path, half: bool = False) -> None:
        """Write the weights (``half``: as ``float16``), digest, layout and meta."""
        kind = np.float16 if half else np.float32
        arrays: dict[str, np.ndarray] = {}
        for i, (w, b) in enumerate(self.layers):
            arrays[f"w{i}"], arrays[f"b{i}"] = w.astype(kind), b.astype(kind)
        np.savez_compressed(path, **arrays, digest=np.array(self.digest),
                            layout=np.array(json.dumps(self.layout, sort_keys=True)),
                            meta=np.array(json.dumps(self.meta, sort_keys=True)))

    @classmethod
    def load(cls, path: str | Path, digest: str | None = None,
             layout: dict[str, Any] | None = None, ruleset: str = "classic") -> Network:
        """The network in ``path``; with ``digest``, refuse (:class:`WeightsMismatch`) weights
        whose digest differs, naming the parts of ``layout`` (what this dizhu computes)
        that differ from the file's and the commands that train new weights."""
        try:
            with np.load(path, allow_pickle=False) as data:
                found = {k: data[k] for k in data.files}
        except (OSError, ValueError) as e:
            raise WeightsMismatch(f"{path} is no weights file: {e}") from None
        count = sum(1 for k in found if k.startswith("w"))
        if count == 0 or "digest" not in found:
            raise WeightsMismatch(f"{path} is no weights file (no layers or no digest)")
        theirs = str(found["digest"])
        stored = json.loads(str(found.get("layout", "{}")))
        if digest is not None and theirs != digest:
            differs = sorted(k for k in {*stored, *(layout or {})}
                             if stored.get(k) != (layout or {}).get(k))
            what = ", ".join(differs) if differs else "unknown parts"
            raise WeightsMismatch(
                f"the weights in {path} were trained for other inputs than this dizhu's "
                f"(digest {theirs[:12]}, expected {digest[:12]}; differs: {what}). "
                f"Train new weights: {RETRAIN.format(ruleset=ruleset)}")
        layers = [(found[f"w{i}"], found[f"b{i}"]) for i in range(count)]
        return cls(layers, theirs, stored, json.loads(str(found.get("meta", "{}"))))
