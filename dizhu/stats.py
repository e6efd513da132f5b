"""Confidence intervals for the arena's win rates and point differences, and measured
figures written to the digits they have."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054


def mean_ci(values: Sequence[float]) -> tuple[float, tuple[float, float]]:
    """The mean and its 95% normal-approximation interval."""
    n = len(values)
    if n == 0:
        return 0.0, (0.0, 0.0)
    mean = sum(values) / n
    if n == 1:
        return mean, (mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return mean, (mean - half, mean + half)


def sd(values: Sequence[float]) -> float:
    """The sample standard deviation (0 for fewer than two values)."""
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))


def wilson_ci(wins: float, n: float) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion of ``wins`` out of ``n`` (``n`` may be
    an effective size, not a whole number)."""
    if n <= 0:
        return 0.0, 0.0
    p = wins / n
    return _wilson(p, n)


def wilson_of(p: float, sd_: float, n: int, results: int) -> tuple[float, float]:
    """A 95% interval for a mean win rate ``p`` of ``n`` values (each the share of wins in
    a few paired results) with sample deviation ``sd_``: Wilson's interval at the effective
    size that gives the observed standard error (``results`` in all when the values do not
    vary). It stays within 0..1 and, for many values, equals the normal interval."""
    if n == 0:
        return 0.0, 0.0
    se2 = sd_ * sd_ / n
    size = p * (1 - p) / se2 if se2 > 0 else results
    return _wilson(p, size) if size > 0 else (p, p)


def paired_wilson_ci(values: Sequence[float], legs: int) -> tuple[float, tuple[float, float]]:
    """The mean of per-deck win rates (each over ``legs`` paired deals) and its interval
    (:func:`wilson_of`)."""
    n = len(values)
    if n == 0:
        return 0.0, (0.0, 0.0)
    p = sum(values) / n
    return p, wilson_of(p, sd(values), n, legs * n)


def _wilson(p: float, n: float) -> tuple[float, float]:
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def median(values: Sequence[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def significant(value: float, digits: int = 3) -> str:
    """``value`` written to ``digits`` significant digits (``0.00278``, ``0.0450``, ``12.3``;
    whole numbers as they are, ``1,234``): small and large figures alike keep their
    precision, and a larger value never reads smaller."""
    if value == 0 or not math.isfinite(value):
        return f"{value:g}"
    decimals = digits - 1 - math.floor(math.log10(abs(value)))
    return f"{value:,.{max(0, decimals)}f}"
