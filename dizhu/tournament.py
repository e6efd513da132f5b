"""A round robin of bots on duplicate decks, ranked by Bradley-Terry ratings.

Every pair of bots plays the same decks (an arena each, the bot listed first as A). A deck
gives A the share of its two legs A won (0, 1/2 or 1) and B the rest: a fraction of a win.
The Bradley-Terry model gives each bot a strength ``s`` with P(i beats j) = s_i/(s_i+s_j);
the strengths of maximum likelihood are found by the MM algorithm (Hunter 2004) and
reported on the Elo scale, 400·log10(s), shifted so that the mean rating is 0 (or the
anchor bot's is). When they do not exist (some bots won every deck against all the others),
each pair is credited one more deck, shared evenly.

95% intervals: rating ± 1.96 standard errors, from the Fisher information of the fit and the
variation of the per-deck results around it (the sandwich estimator, each deck a cluster:
a deck is not a coin toss, its two legs are paired, and every pair plays it). For two bots
this is the arena's WP interval, mapped to ratings.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .arena import ArenaSpec, Leg, run_arenas
from .bots.external import ExternalBot
from .bots.registry import resolve_spec
from .pool import open_pool
from .rules import CLASSIC, RuleSet
from .stats import Z95, significant

ELO = 400 / math.log(10)
"""Elo points per unit of natural-log strength."""

Matrix = list[list[float]]
PerDeck = dict[tuple[int, int], list[float]]


@dataclass
class Ratings:
    ratings: list[float]
    """Elo-scale ratings, in the bots' order."""
    errors: list[float]
    """Their standard errors (0 for the anchor)."""
    prior: bool = False
    """Whether the evenly shared extra decks were needed."""

    @property
    def intervals(self) -> list[tuple[float, float]]:
        return [(r - Z95 * e, r + Z95 * e) for r, e in zip(self.ratings, self.errors, strict=True)]


def strengths_exist(wins: Matrix) -> bool:
    """Whether maximum likelihood strengths exist: every bot can be reached from every other
    along "won something against" (Hunter's condition)."""
    n = len(wins)

    def reach(beats: bool) -> set[int]:
        seen, todo = {0}, [0]
        while todo:
            i = todo.pop()
            for j in range(n):
                if j not in seen and (wins[i][j] if beats else wins[j][i]) > 0:
                    seen.add(j)
                    todo.append(j)
        return seen

    return len(reach(True)) == n and len(reach(False)) == n


def fit_strengths(wins: Matrix, games: Matrix, tolerance: float = 1e-12,
                  rounds: int = 100_000) -> list[float]:
    """Log strengths (mean 0) of maximum likelihood, by the MM algorithm: ``wins[i][j]`` is
    what i won of its ``games[i][j]`` against j (fractions allowed)."""
    n = len(wins)
    total = [sum(row) for row in wins]
    s = [1.0] * n
    for _ in range(rounds):
        new = [total[i] / sum(games[i][j] / (s[i] + s[j]) for j in range(n) if j != i)
               for i in range(n)]
        scale = math.exp(sum(math.log(x) for x in new) / n)
        new = [x / scale for x in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, s, strict=True))
        s = new
        if change < tolerance:
            break
    return [math.log(x) for x in s]


def win_chance(theta: Sequence[float], i: int, j: int) -> float:
    return 1 / (1 + math.exp(theta[j] - theta[i]))


def information(theta: Sequence[float], games: Matrix) -> Matrix:
    """The Fisher information of the log strengths."""
    n = len(theta)
    info = [[0.0] * n for _ in range(n)]
    for i, j in itertools.permutations(range(n), 2):
        p = win_chance(theta, i, j)
        info[i][j] = -games[i][j] * p * (1 - p)
        info[i][i] += games[i][j] * p * (1 - p)
    return info


def covariance(info: Matrix, anchor: int | None = None) -> Matrix:
    """The log strengths' covariance, given that they sum to 0 (``anchor`` None) or that the
    anchor's is 0."""
    n = len(info)
    if anchor is None:  # the pseudo-inverse: info's null space is the all-ones vector
        inverse = _inverse([[x + 1 / n for x in row] for row in info])
        return [[x - 1 / n for x in row] for row in inverse]
    rest = [i for i in range(n) if i != anchor]
    inverse = _inverse([[info[i][j] for j in rest] for i in rest])
    out = [[0.0] * n for _ in range(n)]
    for a, i in enumerate(rest):
        for b, j in enumerate(rest):
            out[i][j] = inverse[a][b]
    return out


def _inverse(m: Matrix) -> Matrix:
    """Gauss-Jordan elimination with partial pivoting."""
    n = len(m)
    rows = [[*row, *(float(i == k) for k in range(n))] for i, row in enumerate(m)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-300:
            raise ValueError("the information matrix is singular")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [x / lead for x in rows[col]]
        for r in range(n):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [x - factor * y for x, y in zip(rows[r], rows[col], strict=True)]
    return [row[n:] for row in rows]


def robust_covariance(theta: Sequence[float], games: Matrix, per_deck: PerDeck,
                      anchor: int | None = None) -> Matrix:
    """The log strengths' covariance from how the decks' results actually vary (the
    sandwich estimator, each deck one cluster: a deck's legs are paired, and all pairs play
    it). When no deck's result differs from the fitted chance, the model's covariance at two
    independent results a deck."""
    n = len(theta)
    bread = covariance(information(theta, games), anchor)
    decks = max(map(len, per_deck.values()), default=0)
    scores = [[0.0] * n for _ in range(decks)]
    varied = False
    for (i, j), values in per_deck.items():
        p = win_chance(theta, i, j)
        for d, v in enumerate(values):
            scores[d][i] += v - p
            scores[d][j] -= v - p
            varied = varied or abs(v - p) > 1e-9
    if decks < 2 or not varied:
        return [[x / 2 for x in row] for row in bread]
    scale = decks / (decks - 1)
    meat = [[scale * sum(row[a] * row[b] for row in scores) for b in range(n)]
            for a in range(n)]
    return _product(_product(bread, meat), bread)


def _product(x: Matrix, y: Matrix) -> Matrix:
    return [[sum(a * b for a, b in zip(row, col, strict=True)) for col in zip(*y, strict=True)]
            for row in x]


def fit_ratings(wins: Matrix, games: Matrix, anchor: int | None = None,
                per_deck: PerDeck | None = None) -> Ratings:
    """Elo-scale ratings and their standard errors: from the results' own variation when
    ``per_deck`` is given (``per_deck[i, j][d]``: i's share of deck d against j, the same
    decks for every pair), else from the model's (as if every game were a coin toss)."""
    n = len(wins)
    prior = not strengths_exist(wins)
    if prior:
        wins = [[w + 0.5 * (i != j) for j, w in enumerate(row)] for i, row in enumerate(wins)]
        games = [[g + (i != j) for j, g in enumerate(row)] for i, row in enumerate(games)]
    theta = fit_strengths(wins, games)
    if per_deck:
        cov = robust_covariance(theta, games, per_deck, anchor)
    else:
        cov = covariance(information(theta, games), anchor)
    base = theta[anchor] if anchor is not None else sum(theta) / n
    return Ratings([ELO * (t - base) for t in theta],
                   [ELO * math.sqrt(max(cov[i][i], 0.0)) for i in range(n)], prior)


def run_tournament(bots: Sequence[str], decks: int = 500, seed: int | str = 0,
                   mode: str = "play", rules: RuleSet = CLASSIC,
                   time_limit: float = ExternalBot.time_limit, anchor: str | None = None,
                   jobs: int = 1, ray: str | None = None,
                   progress: bool = False) -> dict[str, Any]:
    """Every pair of ``bots`` on the same duplicate decks (in ``jobs`` processes, or as Ray
    tasks: see :func:`dizhu.arena.run_arena`), and the ranking."""
    given = list(bots)
    bots = [resolve_spec(b) for b in given]  # strongest: the level it names
    if len(bots) < 2:
        raise ValueError("a tournament needs two bots or more")
    twice = sorted({b for b in bots if bots.count(b) > 1})
    if twice:
        raise ValueError(f"listed twice: {', '.join(_as_given(b, bots, given) for b in twice)}")
    if anchor is not None and resolve_spec(anchor) not in bots:
        raise ValueError(f"the anchor {anchor!r} is not one of the bots")
    anchor = None if anchor is None else resolve_spec(anchor)
    pairs = list(itertools.combinations(range(len(bots)), 2))
    specs = [ArenaSpec(bots[i], bots[j], decks, seed, mode, rules, time_limit=time_limit)
             for i, j in pairs]
    started = time.perf_counter()
    legs: list[list[tuple[Leg, Leg]]] = []
    with open_pool(jobs, ray) as pool:
        reports = run_arenas(specs, pool, progress, legs)
        workers = pool.workers
    seconds = round(time.perf_counter() - started, 6)
    n = len(bots)
    per_deck = {pair: [(x.a_won + y.a_won) / 2 for x, y in pair_legs]
                for pair, pair_legs in zip(pairs, legs, strict=True)}
    wins = [[0.0] * n for _ in range(n)]
    games = [[0.0] * n for _ in range(n)]
    for (i, j), values in per_deck.items():
        wins[i][j], wins[j][i] = sum(values), len(values) - sum(values)
        games[i][j] = games[j][i] = len(values)
    fit = fit_ratings(wins, games, None if anchor is None else bots.index(anchor),
                      per_deck=per_deck)
    wp: list[list[float | None]] = [
        [None if i == j else wins[i][j] / games[i][j] for j in range(n)] for i in range(n)]
    ranking = [{"bot": bots[i], "rating": fit.ratings[i], "ci": list(fit.intervals[i]),
                "se": fit.errors[i],
                "score": sum(w for w in wp[i] if w is not None) / (n - 1)}
               for i in sorted(range(n), key=lambda i: -fit.ratings[i])]
    return {"bots": bots, "mode": mode, "seed": seed, "rules": rules.describe(),
            "seats": rules.seats, "decks": decks, "anchor": anchor,
            "ranking": ranking, "wp": wp, "prior": fit.prior,
            "pairs": reports, "seconds": seconds, "jobs": workers}


def _as_given(bot: str, bots: list[str], given: list[str]) -> str:
    """``bot`` as listed: ``expert`` (as ``strongest``, ``expert``) when listed differently."""
    names = list(dict.fromkeys(g for g, b in zip(given, bots, strict=True) if b == bot))
    return bot if names == [bot] else f"{bot} (as {' and '.join(names)})"


def format_tournament(t: dict[str, Any]) -> str:
    """The ranking and the table of pairwise win rates."""
    ranking = t["ranking"]
    width = max(len(r["bot"]) for r in ranking)
    anchor = f"{t['anchor']} rated 0" if t["anchor"] else "mean rating 0"
    intervals = ["(anchor)" if r["bot"] == t["anchor"] else
                 f"[{round(r['ci'][0]):+d}, {round(r['ci'][1]):+d}]" for r in ranking]
    span = max(len("95% interval"), *map(len, intervals))
    lines = [f"Round robin of {len(t['bots'])} bots, {t['mode']} mode, {t['decks']} duplicate "
             f"decks a pair, seed {t['seed']}, {t['rules']}",
             "",
             f"rank  {'bot':<{width}}  rating  {'95% interval':<{span}}  score"]
    for rank, (r, interval) in enumerate(zip(ranking, intervals, strict=True), 1):
        lines.append(f"{rank:>4}  {r['bot']:<{width}}  {round(r['rating']):>+6d}  "
                     f"{interval:<{span}}  {r['score']:.3f}")
    lines += ["", f"Ratings: Bradley-Terry on the Elo scale, {anchor}; 95% intervals over "
              "the decks."]
    if t["prior"]:
        lines.append("One deck shared evenly was added to each pair: some bots won every deck.")
    lines += ["Score: mean WP against the others.",
              "", "Pairwise WP (the row's share of wins against the column):",
              " " * (width + 6) + "".join(f"{k:>7}" for k in range(1, len(ranking) + 1))]
    order = [t["bots"].index(r["bot"]) for r in ranking]
    for rank, i in enumerate(order, 1):
        cells = "".join("      -" if i == j else f"{t['wp'][i][j]:>7.3f}" for j in order)
        lines.append(f"{rank:>4}  {t['bots'][i]:<{width}}{cells}")
    lines.append(f"  {significant(t['seconds'])} s with {t['jobs']} job(s)")
    return "\n".join(lines)


def plot_wp(t: dict[str, Any], path: str) -> None:
    """A heat map of the pairwise win rates, bots in rank order, written as an image."""
    from matplotlib import colormaps
    from matplotlib.figure import Figure

    order = [t["bots"].index(r["bot"]) for r in t["ranking"]]
    names = [t["bots"][i] for i in order]
    n = len(order)
    grid = [[math.nan if i == j else t["wp"][i][j] for j in order] for i in order]
    size = 2.5 + 0.7 * n
    fig = Figure(figsize=(size + 1.5, size), layout="constrained")
    ax = fig.add_subplot()
    image = ax.imshow(grid, cmap=colormaps["RdBu"].with_extremes(bad="0.85"), vmin=0, vmax=1)
    ax.set_xticks(range(n), names, rotation=45, ha="right")
    ax.set_yticks(range(n), names)
    for a, b in itertools.product(range(n), repeat=2):
        if a != b:
            value = grid[a][b]
            ax.text(b, a, f"{value:.2f}", ha="center", va="center",
                    color="white" if abs(value - 0.5) > 0.3 else "black")
    ax.set_title(f"WP of the row against the column\n{t['decks']} decks a pair, {t['mode']} mode")
    fig.colorbar(image, ax=ax, shrink=0.8)
    fig.savefig(path, dpi=120)
