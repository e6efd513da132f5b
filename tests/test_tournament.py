import json
import math
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dizhu.arena import ArenaSpec, run_arena
from dizhu.cli import main
from dizhu.tournament import ELO, fit_ratings, run_tournament, strengths_exist


def matrices(share: dict[tuple[int, int], float], n: int, games: float):
    """Win and game matrices from each pair's share of wins (i's against j, i < j)."""
    wins = [[0.0] * n for _ in range(n)]
    played = [[0.0] * n for _ in range(n)]
    for (i, j), p in share.items():
        wins[i][j], wins[j][i] = p * games, (1 - p) * games
        played[i][j] = played[j][i] = games
    return wins, played


@pytest.mark.parametrize("p", [0.5, 0.6, 0.75, 0.9])
def test_two_bots_differ_by_the_log_odds_of_their_win_share(p):
    wins, games = matrices({(0, 1): p}, 2, 40)
    fit = fit_ratings(wins, games)
    difference = 400 * math.log10(p / (1 - p))
    assert fit.ratings[0] - fit.ratings[1] == pytest.approx(difference, abs=1e-6)
    assert fit.ratings[0] + fit.ratings[1] == pytest.approx(0, abs=1e-9)
    # each rating is half the difference from 0: its error, half the difference's
    assert fit.errors[0] == pytest.approx(ELO * math.sqrt(1 / (40 * p * (1 - p))) / 2)


def test_three_bots_of_strengths_four_two_one():
    """Data exactly as the model expects: 2/3, 4/5 and 2/3 of the games."""
    wins = [[0, 10, 12], [5, 0, 10], [3, 5, 0]]
    games = [[0, 15, 15], [15, 0, 15], [15, 15, 0]]
    fit = fit_ratings(wins, games)
    step = 400 * math.log10(2)
    assert fit.ratings == pytest.approx([step, 0, -step], abs=1e-6)
    anchored = fit_ratings(wins, games, anchor=2)
    assert anchored.ratings == pytest.approx([2 * step, step, 0], abs=1e-6)
    assert anchored.errors[2] == 0
    # against a fixed anchor the others are less certain than around the mean
    assert anchored.errors[0] > fit.errors[0]


def test_ties_rate_everyone_alike():
    wins, games = matrices({(0, 1): 0.5, (0, 2): 0.5, (1, 2): 0.5}, 3, 10)
    fit = fit_ratings(wins, games)
    assert fit.ratings == pytest.approx([0, 0, 0], abs=1e-9)
    assert fit.errors[0] == pytest.approx(fit.errors[1]) == pytest.approx(fit.errors[2])
    # a tie between two bots above a third
    wins, games = matrices({(0, 1): 0.5, (0, 2): 0.8, (1, 2): 0.8}, 3, 10)
    fit = fit_ratings(wins, games)
    assert fit.ratings[0] == pytest.approx(fit.ratings[1], abs=1e-6)
    assert fit.ratings[1] > fit.ratings[2]


def test_a_bot_that_lost_every_deck_still_gets_a_finite_rating():
    wins, games = matrices({(0, 1): 0.7, (0, 2): 1.0, (1, 2): 1.0}, 3, 10)
    assert not strengths_exist(wins)
    fit = fit_ratings(wins, games)
    assert fit.prior and all(math.isfinite(r) for r in fit.ratings)
    assert fit.ratings[0] > fit.ratings[1] > fit.ratings[2]
    assert strengths_exist(matrices({(0, 1): 0.95}, 2, 10)[0])


def test_over_the_decks_two_bots_get_the_arenas_interval():
    """From the per-deck results, a rating difference's error is the arena's WP error
    through the logistic curve."""
    values = [1.0, 0.5, 0.5, 1.0, 0.0, 0.5, 1.0, 1.0, 0.5, 0.5]
    n, p = len(values), sum(values) / len(values)
    sd2 = sum((v - p) ** 2 for v in values) / (n - 1)
    wins, games = matrices({(0, 1): p}, 2, n)
    fit = fit_ratings(wins, games, per_deck={(0, 1): values})
    wp_error = math.sqrt(sd2 / n)
    assert 2 * fit.errors[0] == pytest.approx(ELO * wp_error / (p * (1 - p)))
    # paired legs vary less than coin tosses: a narrower interval than the model's
    assert fit.errors[0] < fit_ratings(wins, games).errors[0]
    # results that do not vary at all count as two independent legs a deck
    wins, games = matrices({(0, 1): 0.5}, 2, 4)
    alike = fit_ratings(wins, games, per_deck={(0, 1): [0.5] * 4})
    assert alike.errors[0] == pytest.approx(fit_ratings(wins, games).errors[0] / math.sqrt(2))


def test_decks_shared_by_every_pair_are_counted_once():
    """Three bots whose results on each deck cancel out around the fit: the ratings are
    certain, and the pairs' errors do not simply add up."""
    per_deck = {(0, 1): [1.0, 0.0] * 5, (0, 2): [0.0, 1.0] * 5, (1, 2): [1.0, 0.0] * 5}
    wins, games = matrices({(0, 1): 0.5, (0, 2): 0.5, (1, 2): 0.5}, 3, 10)
    fit = fit_ratings(wins, games, per_deck=per_deck)
    # deck 0: 0 beats 1, 2 beats 0, 1 beats 2 (and the reverse on deck 1): every bot
    # scores one of two on every deck
    assert fit.errors == pytest.approx([0, 0, 0], abs=1e-9)


shares = st.integers(2, 5).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.lists(st.sampled_from([0.0, 0.5, 1.0]), min_size=3, max_size=3),
                         min_size=n * (n - 1) // 2, max_size=n * (n - 1) // 2),
    st.permutations(range(n))))


@settings(max_examples=60, deadline=None)
@given(shares)
def test_ratings_follow_the_win_share_whatever_the_order(case):
    n, decks, order = case
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    wins = [[0.0] * n for _ in range(n)]
    games = [[0.0 if i == j else 3.0 for j in range(n)] for i in range(n)]
    per_deck = dict(zip(pairs, decks, strict=True))
    for (i, j), values in per_deck.items():
        wins[i][j], wins[j][i] = sum(values), 3 - sum(values)
    fit = fit_ratings(wins, games, per_deck=per_deck)
    share = [sum(row) for row in wins]
    for a in range(n):
        for b in range(n):
            if share[a] > share[b]:
                assert fit.ratings[a] > fit.ratings[b]
            elif share[a] == share[b]:
                assert fit.ratings[a] == pytest.approx(fit.ratings[b], abs=1e-6)
    place = {bot: k for k, bot in enumerate(order)}  # bot order[k] is listed k-th
    moved_deck = {}
    for (i, j), values in per_deck.items():
        a, b = place[i], place[j]
        moved_deck[min(a, b), max(a, b)] = values if a < b else [1 - v for v in values]
    moved = fit_ratings([[wins[i][j] for j in order] for i in order],
                        [[games[i][j] for j in order] for i in order], per_deck=moved_deck)
    assert moved.ratings == pytest.approx([fit.ratings[i] for i in order], abs=1e-6)
    assert moved.errors == pytest.approx([fit.errors[i] for i in order], abs=1e-6)


def test_a_tournament_is_the_arena_of_every_pair():
    result = run_tournament(["random", "easy", "normal"], decks=4, seed=9)
    assert [r["bot"] for r in result["ranking"]][-1] == "random"
    pair = run_arena(ArenaSpec("random", "easy", decks=4, seed=9))
    reported = result["pairs"][0]
    assert (reported["a"], reported["b"]) == ("random", "easy")
    assert reported["wp"] == pair["wp"] == result["wp"][0][1] == 1 - result["wp"][1][0]
    assert reported["adp"] == pair["adp"]
    assert result["wp"][0][0] is None
    assert sum(r["rating"] for r in result["ranking"]) == pytest.approx(0, abs=1e-6)


def test_the_command_prints_the_ranking_and_the_table(capsys):
    assert main(["tournament", "random", "easy", "--decks", "4", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("Round robin of 2 bots, play mode, 4 duplicate decks a pair")
    assert lines[2].split() == ["rank", "bot", "rating", "95%", "interval", "score"]
    assert lines[3].split()[:2] == ["1", "easy"] and lines[4].split()[:2] == ["2", "random"]
    assert "Pairwise WP (the row's share of wins against the column):" in out
    assert "mean rating 0" in out


def test_the_command_prints_json_and_anchors(capsys):
    argv = ["tournament", "random", "easy", "--decks", "4", "--jobs", "1", "--json"]
    assert main([*argv, "--anchor", "random"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["anchor"] == "random"
    ranking = {r["bot"]: r for r in result["ranking"]}
    assert ranking["random"]["rating"] == 0 and ranking["random"]["se"] == 0
    assert ranking["easy"]["ci"][0] < ranking["easy"]["rating"] < ranking["easy"]["ci"][1]
    assert set(result) >= {"bots", "ranking", "wp", "pairs", "prior", "decks", "seed"}


@pytest.mark.parametrize(("argv", "said"), [
    (["random"], "two bots or more"),
    (["random", "easy", "random"], "listed twice: random"),
    (["random", "easy", "--anchor", "hard"], "'hard' is not one of the bots"),
    (["random", "nobot"], "nobot"),
    (["random", "easy", "--ray", "auto", "--jobs", "2"], "--jobs sizes a local run"),
])
def test_the_command_refuses_in_words(capsys, argv, said):
    assert main(["tournament", *argv, "--decks", "2"]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


def test_the_heat_map(tmp_path, capsys, monkeypatch):
    pytest.importorskip("matplotlib")
    path = tmp_path / "wp.png"
    argv = ["tournament", "random", "easy", "--decks", "2", "--jobs", "1", "--plot", str(path)]
    assert main(argv) == 0
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "Pairwise WP" in capsys.readouterr().out
    nowhere = str(tmp_path / "no" / "wp.png")
    assert main([*argv[:-1], nowhere]) == 2  # said before any deck is played
    said = capsys.readouterr()
    assert said.err == f"dizhu tournament: --plot: there is no folder {tmp_path / 'no'}\n"
    assert said.out == ""
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    assert main(argv) == 2
    assert "pip install 'dizhu[plot]'" in capsys.readouterr().err


def test_neither_ray_nor_matplotlib_is_imported_unasked():
    code = ("import sys, dizhu, dizhu.cli\n"
            "from dizhu.arena import ArenaSpec, run_arena\n"
            "from dizhu.tournament import run_tournament\n"
            "run_arena(ArenaSpec('random', 'easy', decks=2))\n"
            "run_tournament(['random', 'easy'], decks=2)\n"
            "print(sorted({'ray', 'matplotlib', 'numpy'} & set(sys.modules)))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
