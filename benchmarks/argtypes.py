"""The argparse types the benchmark scripts share, so that a count of 0 or a time below
zero is refused in words at the start rather than failing at the end with a traceback."""

from __future__ import annotations

import argparse


def count(text: str) -> int:
    """A whole number of 1 or more: deals, positions, rounds, runs, tables."""
    return _at_least(text, int, 1, "a whole number of 1 or more")


def natural(text: str) -> int:
    """A whole number of 0 or more."""
    return _at_least(text, int, 0, "a whole number of 0 or more")


def seconds(text: str) -> float:
    """A time (or another amount): a finite number above 0."""
    value = _at_least(text, float, 0.0, "a number above 0")
    if value == 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"a number above 0, not {text!r}")
    return value


def share(text: str) -> float:
    """A share or a probability: a number above 0 and at most 1."""
    value = _at_least(text, float, 0.0, "a number above 0 and at most 1")
    if value == 0 or value > 1:
        raise argparse.ArgumentTypeError(f"a number above 0 and at most 1, not {text!r}")
    return value


def _at_least(text: str, kind: type, low: float, said: str):
    try:
        value = kind(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{said}, not {text!r}") from None
    if not value >= low:  # NaN is refused too
        raise argparse.ArgumentTypeError(f"{said}, not {text!r}")
    return value
