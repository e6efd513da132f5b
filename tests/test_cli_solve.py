"""``dizhu solve``: the side that wins, every winning play, the line and its points; not
solved past the budget; bad input exits 2 with a message."""

import pytest

from dizhu.cli import main
from dizhu.deal import Deal
from dizhu.position import Position
from dizhu.solve import solve


def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_winner_then_every_winning_play(capsys):
    code, out, err = run(capsys, "solve", "3BR/4/5 0 0 -")
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == "landlord"
    assert sorted(out.splitlines()[1:]) == ["rocket BR", "single B", "single R"]


def test_no_play_is_listed_when_the_side_to_move_loses_whatever_it_plays(capsys):
    code, out, _ = run(capsys, "solve", "34/5/6 0 0 -")
    assert (code, out) == (0, "peasants\n")


def test_a_pass_is_listed_when_passing_wins(capsys):
    # seat 2 passes its teammate's ace: the landlord cannot beat it, and seat 1 leads its
    # last card; beating the ace with the 2 loses to the landlord's kings
    code, out, _ = run(capsys, "solve", "KK4/3/256 0 2 1:single:A")
    assert code == 0 and out.splitlines() == ["peasants", "pass"]


def test_the_line_and_its_points(capsys):
    code, out, _ = run(capsys, "solve", "3BR/4/5 0 0 -", "--line")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "landlord"
    assert lines[-2] == "line: 0 rocket BR, 1 pass, 2 pass, 0 single 3"
    # the peasants hold fewer cards than they were dealt: they have played, no spring
    assert lines[-1].startswith("points: rocket ")
    assert lines[-1].endswith(("the stake ×2", "the stake x2"))


def test_the_counters_are_read_as_a_deal_started_from_the_position_reads_them(capsys):
    pos = Position.from_text("3BR/4/5 0 0 -")
    expected = solve(Deal.from_position(pos))
    _, out, _ = run(capsys, "solve", "3BR/4/5 0 0 -", "--line")
    assert out.splitlines()[-1].endswith(f"{expected.multiplier}")


def test_four_players(capsys):
    code, out, _ = run(capsys, "solve", "BB/3/4/5 0 1 -", "--ruleset", "four")
    assert code == 0 and out.splitlines() == ["peasants", "single 3"]


def test_past_the_budget_it_says_not_solved(capsys):
    code, out, _ = run(capsys, "solve", "3579J/468TQ/KKA22 0 0 -", "--budget", "0")
    assert (code, out) == (0, "not solved\n")


@pytest.mark.parametrize("ruleset, wild", [("laizi", "8"), ("tiandi", "89")])
def test_the_wild_ranks_are_given_by_wild_as_to_classify_and_moves_or_in_the_text(
        capsys, ruleset, wild):
    """The wild ranks of a position of a wild ruleset: ``--wild`` as ``classify`` and
    ``moves`` take them, or the text's last field as ``Position.text()`` writes it; both
    solve alike, and both at once must agree."""
    text = "338/44/55 0 0 -"
    given = run(capsys, "solve", text, "--ruleset", ruleset, "--wild", wild)
    written = run(capsys, "solve", f"{text} wild:{wild}", "--ruleset", ruleset)
    both = run(capsys, "solve", f"{text} wild:{wild}", "--ruleset", ruleset, "--wild", wild)
    assert given == written == both and given[0] == 0
    assert given[1].splitlines()[0] == "landlord" and "triple 338" in given[1]
    code, out, err = run(capsys, "solve", f"{text} wild:{wild}", "--ruleset", ruleset,
                         "--wild", "JQ"[:len(wild)])
    assert code == 2 and out == "" and "differ" in err


def test_the_winner_plays_a_soft_bomb_for_its_doubling_and_the_points_name_it(capsys):
    code, out, _ = run(capsys, "solve", "44488/55/66 0 0 -", "--ruleset", "laizi", "--wild",
                       "8", "--line")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "landlord"
    assert lines[-2] == "line: 0 soft_bomb 4448, 1 pass, 2 pass, 0 single 8"
    assert lines[-1].startswith("points: soft bomb ")
    assert lines[-1].endswith(("the stake ×2", "the stake x2"))


@pytest.mark.parametrize("argv, words", [
    (["solve", "33/44/55 0 1 -", "--ruleset", "laizi"],
     "laizi needs its wild ranks: give one wild rank, e.g. --wild 8"),
    (["solve", "33/44/55 0 1 -", "--ruleset", "tiandi", "--wild", "B8"], "not B"),
    (["solve", "33/44/55 0 1 -", "--ruleset", "laizi", "--wild", "88"], "repeat a rank"),
    (["solve", "33/44/55 0 1 -", "--ruleset", "laizi", "--wild", "89"], "not 2"),
    (["solve", "33/44/55 0 1 -", "--wild", "8"], "classic has no wild cards"),
    (["solve", "33/44/55 0 1 - wild:R", "--ruleset", "laizi"], "not R"),
    (["solve", "x"], "bad position: a position is four fields"),
    (["solve", "33/44/55 0 9 -"], "the seat to move must be a seat 0..2"),
    (["solve", "33/44/5Z 0 1 -"], "bad position: hands:"),
    (["solve", "33/44/55 0 1 -", "--ruleset", "five"], "unknown ruleset 'five'"),
    (["solve", "33/44/55 0 1 -", "--budget", "-1"], "--budget is 0 to"),
    (["solve", "33333333333333333333/4/5 0 1 -"], "bad position"),
])
def test_bad_input_exits_2_with_a_message(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("dizhu solve: ") and words in err and "Traceback" not in err
