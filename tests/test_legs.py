"""Each deal of an arena run written out, read back, and two runs compared deal by deal;
the benchmark scripts that measure a search against the true hands."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dizhu.arena import ArenaSpec, Leg, run_arena
from dizhu.cli import main
from dizhu.legs import LegsError, Run, compare, format_comparison, read_legs, write_legs

ABOUT = {"a": "x", "b": "y", "seed": "1", "mode": "play", "rules": "classic"}


def run_of(wins: list[tuple[bool, bool]], first_deck: int = 0, **about: str) -> Run:
    """A play-mode run: each deck's (won as landlord, won as peasants)."""
    legs = {}
    for i, (landlord, peasants) in enumerate(wins):
        legs[first_deck + i, 0] = Leg(True, landlord, 2 if landlord else -2, 0)
        legs[first_deck + i, 1] = Leg(False, peasants, 1 if peasants else -1, 0)
    return Run({**ABOUT, **about}, legs)


def test_an_arena_run_written_and_read_back_is_the_same_deals(tmp_path):
    spec = ArenaSpec("easy", "random", decks=4, seed=3, first_deck=7)
    legs: list = []
    report = run_arena(spec, legs_out=legs)
    assert len(legs) == 4
    assert report["wp"] == pytest.approx(sum(x.a_won + y.a_won for x, y in legs) / 8)
    path = tmp_path / "run.legs.tsv"
    write_legs(path, spec, legs)
    run = read_legs([path])
    assert run.about == {"a": "easy", "b": "random", "seed": "3", "mode": "play",
                         "rules": "classic"}
    assert run.decks == [7, 8, 9, 10]
    for i, (x, y) in enumerate(legs):
        for leg, got in ((0, x), (1, y)):
            want = run.legs[7 + i, leg]
            assert (want.a_landlord, want.a_won, want.a_points, want.bombs) == \
                (got.a_landlord, got.a_won, got.a_points, got.bombs)


def test_the_command_writes_the_deals_and_compares_a_run_with_itself(tmp_path, capsys):
    path = tmp_path / "r.legs.tsv"
    assert main(["arena", "easy", "random", "--decks", "3", "--jobs", "1", "--seed", "5",
                 "--legs", str(path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert len(read_legs([path]).legs) == 6
    assert main(["compare", str(path), "--to", str(tmp_path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["decks"] == 3 and result["runs"]["second"]["files"] == [str(path)]
    both = result["rows"]["both"]
    assert both["first"] == both["second"] == report["wp"]
    assert both["diff"] == 0 and both["se"] == 0 and both["only_first"] == 0
    assert main(["compare", str(path), "--to", str(path)]) == 0
    text = capsys.readouterr().out
    assert "3 decks played by both (seed 5, play mode, classic)" in text
    assert f"first:  easy against random ({path})" in text
    assert "the two runs won and lost the very same deals" in text


def test_a_run_in_parts_is_read_as_one(tmp_path):
    for first in (0, 2):
        spec = ArenaSpec("easy", "random", decks=2, seed=4, first_deck=first)
        legs: list = []
        run_arena(spec, legs_out=legs)
        write_legs(tmp_path / f"part{first}.legs.tsv", spec, legs)
    assert read_legs([tmp_path]).decks == [0, 1, 2, 3]
    assert read_legs([tmp_path / "part2.legs.tsv"]).decks == [2, 3]


def test_the_difference_and_its_interval():
    first = run_of(([(True, True)] * 6 + [(False, True)] * 4) * 2)
    second = run_of(([(True, True)] * 3 + [(False, False)] * 7) * 2)
    c = compare(first, second)
    assert (c.decks, c.split) == (20, 14)
    assert (c.both.first, c.both.second) == (16 / 20, 6 / 20)
    assert c.both.diff == pytest.approx(0.5)
    assert (c.both.only_first, c.both.only_second) == (20, 0)
    assert 0 < c.both.ci[0] < 0.5 < c.both.ci[1] < 1
    landlord = c.by_role["landlord"]
    assert (landlord.first, landlord.second, landlord.only_first) == (0.6, 0.3, 6)
    assert c.by_role["peasants"].diff == pytest.approx(0.7)
    assert c.verdict == "the first wins more: the interval excludes 0"
    # landlord +2 or -2, peasants +1 or -1 (run_of): the first's decks +3 (12) and -1 (8),
    # the second's +3 (6) and -3 (14), over 40 deals
    assert c.points.first == pytest.approx(0.7) and c.points.second == pytest.approx(-0.6)
    assert c.points.ci[0] < 1.3 < c.points.ci[1]
    assert "A's points per deal: first +0.700, second -0.600, difference +1.300" in \
        format_comparison(c)
    assert compare(second, first).verdict.startswith("the second wins more")
    assert "a true difference of 0.01 would show half the time" in format_comparison(c)


def test_a_few_decks_give_a_wide_interval_and_no_verdict():
    """One deck, decks that all differ alike, or differences that cancel within each deck
    give an interval of real width within -1..1, and no verdict."""
    one = compare(run_of([(True, True)]), run_of([(True, False)]))
    alike = compare(run_of([(True, True)] * 5), run_of([(True, False)] * 5))
    cancel = compare(run_of([(True, False)] * 5), run_of([(False, True)] * 5))
    for c in (one, alike, cancel):
        low, high = c.both.ci
        assert -1 <= low <= c.both.diff <= high <= 1
        assert high - low > 0.3
        assert c.verdict.startswith("too few decks to tell")
    assert one.decks == 1 and "1 deck played by both" in format_comparison(one)
    assert cancel.split == 0 and cancel.both.diff == 0
    assert cancel.by_role["landlord"].diff == 1 and cancel.by_role["peasants"].diff == -1
    assert "would show" not in format_comparison(alike)


def full_run(decks: list[list[tuple[bool, bool]]], **about: str) -> Run:
    """A full-mode run: each deck's two deals as (A's side the landlord, won)."""
    legs = {(d, leg): Leg(landlord, won, 1 if won else -1, 0)
            for d, deals in enumerate(decks) for leg, (landlord, won) in enumerate(deals)}
    return Run({**ABOUT, "mode": "full", **about}, legs)


def test_in_full_mode_a_role_is_compared_by_deck_and_deals_of_two_roles_are_counted():
    """Where the auction gave A's side the landlord in both deals of a deck, the role's row
    is as wide as the whole (a deck's deals are one sample, not two); deals where the two
    runs' auctions gave A's side different roles are in neither row, and said so."""
    first = full_run([[(True, True), (True, True)]] * 10 + [[(True, False), (True, False)]] * 10)
    second = full_run([[(True, False), (True, False)]] * 20)
    c = compare(first, second)
    assert c.by_role["landlord"].ci == c.both.ci and "peasants" not in c.by_role
    moved = compare(full_run([[(True, True), (False, True)]] * 12),
                    full_run([[(False, False), (False, True)]] * 12))
    assert moved.role_differs == 12
    assert moved.by_role["peasants"].deals == 12 and "landlord" not in moved.by_role
    assert "12 deals where A's side held the landlord in one run and not the other" in \
        format_comparison(moved)


@given(st.lists(st.tuples(st.booleans(), st.booleans(), st.booleans(), st.booleans()),
                min_size=1, max_size=40))
def test_the_difference_is_the_deals_only_one_run_won(decks):
    first = run_of([(a, b) for a, b, _, _ in decks])
    second = run_of([(c, d) for _, _, c, d in decks])
    c = compare(first, second)
    deals = 2 * len(decks)
    assert c.both.deals == deals
    assert c.both.diff == pytest.approx((c.both.only_first - c.both.only_second) / deals)
    for d in (c.both, *c.by_role.values()):
        low, high = d.ci
        assert -1 <= low <= d.diff <= high <= 1 and d.se >= 0
    assert sum(d.deals for d in c.by_role.values()) == deals and c.role_differs == 0


def test_only_the_decks_both_played_are_compared():
    first = run_of([(True, True)] * 5)
    second = run_of([(False, False)] * 5, first_deck=3)
    c = compare(first, second)
    assert c.decks == 2 and c.both.diff == 1.0
    with pytest.raises(LegsError, match="no deck in common"):
        compare(first, run_of([(True, True)], first_deck=9))


@pytest.mark.parametrize("key", ["seed", "mode", "rules"])
def test_runs_on_other_decks_are_not_compared(key):
    with pytest.raises(LegsError, match=f"other decks \\({key} "):
        compare(run_of([(True, True)]), run_of([(True, True)], **{key: "other"}))


def test_another_opponent_is_compared_on_the_same_decks():
    c = compare(run_of([(True, False)]), run_of([(True, False)], a="z", b="w"))
    assert c.both.diff == 0


def write(path, text):
    path.write_text(text)
    return path


HEAD = ("# a=x\tb=y\tseed=1\tmode=play\trules=classic\n"
        "deck\tleg\ta_landlord\ta_won\ta_points\tbombs\n")


@pytest.mark.parametrize("text, words", [
    ("", "is not a legs file"),
    ("deck\tleg\n", "is not a legs file"),
    ("# a=x\tseed=1\ndeck\tleg\ta_landlord\ta_won\ta_points\tbombs\n", "lacks b, mode, rules"),
    (HEAD + "1\t0\t1\t1\n", "line 3: six whole numbers"),
    (HEAD + "1\t0\t1\tyes\t2\t0\n", "line 3: six whole numbers"),
    (HEAD + "1\t2\t1\t1\t2\t0\n", "line 3: a deck from 0, a leg 0 or 1"),
    (HEAD + "-1\t0\t1\t1\t2\t0\n", "a deck from 0"),
    (HEAD + "1\t0\t1\t1\t2\t0\n1\t0\t1\t0\t-2\t0\n", "line 4: deck 1 leg 0 a second time"),
    (HEAD + "1_0\t0\t1\t1\t2\t0\n", "six whole numbers"),
    (HEAD + "1\t0\t1\t1\t2\t0" + "9" * 80 + "\n", r"six whole numbers.*\.\.\.$"),
    (HEAD, "no deals in it"),
    (HEAD.replace("seed=1", "seed=1\tx"), "not key=value fields, each once: 'x'"),
    (HEAD.replace("seed=1", "seed=1\tseed=2"), "each once: 'seed=2'"),
])
def test_a_bad_legs_file_is_named_with_its_fault(tmp_path, text, words):
    with pytest.raises(LegsError, match=words):
        read_legs([write(tmp_path / "f.legs.tsv", text)])


def test_a_legs_file_may_begin_with_a_byte_order_mark(tmp_path):
    path = tmp_path / "bom.legs.tsv"
    path.write_bytes(b"\xef\xbb\xbf" + (HEAD + "1\t0\t1\t1\t2\t0\n").encode())
    assert read_legs([path]).about["a"] == "x"


def test_files_of_two_runs_or_two_outcomes_are_refused(tmp_path):
    a = write(tmp_path / "a.tsv", HEAD + "1\t0\t1\t1\t2\t0\n")
    other_run = write(tmp_path / "b.tsv", HEAD.replace("a=x", "a=z") + "2\t0\t1\t1\t2\t0\n")
    with pytest.raises(LegsError, match="another run"):
        read_legs([a, other_run])
    again = write(tmp_path / "c.tsv", HEAD + "1\t0\t1\t0\t-2\t0\n")
    with pytest.raises(LegsError, match=r"deck 1 leg 0 has another outcome in .*a\.tsv"):
        read_legs([a, again])
    assert len(read_legs([a, a]).legs) == 1  # the same file twice says nothing new


def test_files_naming_one_bot_two_ways_are_one_run(tmp_path):
    """``master:styles=1`` and ``master`` are one bot since styles is the default: their
    files read as one run, named once; another setting is another run."""
    named = write(tmp_path / "a.tsv", HEAD.replace("a=x", "a=master:styles=1")
                  + "1\t0\t1\t1\t2\t0\n")
    spelled = write(tmp_path / "b.tsv", HEAD.replace("a=x", "a=strongest:styles=true")
                    + "2\t0\t1\t1\t2\t0\n")
    for files in ([named, spelled], [spelled, named]):
        run = read_legs(files)
        assert run.about["a"] == "master" and len(run.legs) == 2
    other = write(tmp_path / "c.tsv", HEAD.replace("a=x", "a=master:styles=0")
                  + "3\t0\t1\t1\t2\t0\n")
    with pytest.raises(LegsError, match="another run"):
        read_legs([named, spelled, other])


@pytest.mark.parametrize("argv, words", [
    (["compare", "/nonexistent.legs.tsv", "--to", "/nonexistent.legs.tsv"], "cannot read"),
    (["arena", "easy", "random", "--legs", "/nonexistent/folder/r.legs.tsv"],
     "--legs: there is no folder /nonexistent/folder"),
    (["arena", "easy", "random", "--legs", "/"], "--legs: / is a folder"),
    (["arena", "easy", "random", "--seed", "1\tx", "--legs", "/tmp/r.legs.tsv"],
     "cannot name a seed with a tab or a line break"),
])
def test_command_errors_are_one_line(capsys, argv, words):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def test_a_folder_without_legs_files_and_a_binary_file_are_named(tmp_path, capsys):
    assert main(["compare", str(tmp_path), "--to", str(tmp_path)]) == 2
    assert "no *.legs.tsv file in this folder" in capsys.readouterr().err
    binary = tmp_path / "x.legs.tsv"
    binary.write_bytes(b"\xff\xfe\x00")
    assert main(["compare", str(binary), "--to", str(binary)]) == 2
    assert "is not a legs file (not UTF-8 text)" in capsys.readouterr().err


def test_the_usage_printed_is_the_order_that_works(capsys):
    with pytest.raises(SystemExit):
        main(["compare", "--help"])
    assert "usage: dizhu compare FIRST... --to SECOND... [--json]" in capsys.readouterr().out


BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def script(name: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(BENCHMARKS / name), *args],
                          capture_output=True, text=True, timeout=120)


def test_the_oracle_bound_plays_the_arenas_decks_with_the_true_hands(tmp_path):
    """Told every hand, ``expert`` plays the same decks as the arena (the oracle checks
    each view's own hand against the deck it was told), and its run compares with the
    arena's deal by deal."""
    told = tmp_path / "told.legs.tsv"
    done = script("oracle_bound.py", "expert", "easy", "--decks", "2", "--first-deck", "5",
                  "--seed", "3", "--legs", str(told))
    assert done.returncode == 0, done.stderr
    assert "expert (A) vs easy (B), play mode, 2 duplicate decks, seed 3" in done.stdout
    run = read_legs([told])
    assert run.about["a"] == "expert (told every hand)" and run.decks == [5, 6]
    plain = tmp_path / "plain.legs.tsv"
    assert main(["arena", "expert", "easy", "--decks", "2", "--first-deck", "5", "--seed",
                 "3", "--jobs", "1", "--legs", str(plain)]) == 0
    assert compare(run, read_legs([plain])).decks == 2
    for args, words in ((["hard", "easy"], "does not search imagined deals"),
                        (["expert", "expert"], "A and B are the same bot"),
                        (["strongest", "master"], "A and B are the same bot"),
                        (["expert", "easy", "--legs", "/nonexistent/o.legs.tsv"],
                         "--legs: cannot write"),
                        (["expert", "easy", "--first-deck", "-1"], "a whole number of 0")):
        refused = script("oracle_bound.py", *args, "--decks", "1")
        assert refused.returncode == 2 and words in refused.stderr, args
        assert "Traceback" not in refused.stderr


def test_the_inference_quality_weighs_each_view_against_the_true_hands():
    done = script("inference_quality.py", "expert", "easy", "--decks", "1", "--deals", "20",
                  "--slips", "0.3,0.05")
    assert done.returncode == 0, done.stderr
    rows = [line.split("|")[1:-1] for line in done.stdout.splitlines()
            if line.startswith("| landlord") or line.startswith("| peasants")]
    assert {(r[0].strip(), r[1].strip()) for r in rows} == {
        (role, model) for role in ("landlord", "peasants")
        for model in ("uniform", "slip 0.3", "slip 0.05")}
    for row in rows:
        misplaced, effective = float(row[3]), float(row[4])
        assert 0 <= misplaced <= 34 and 1 <= effective <= 20
        if row[1].strip() == "uniform":
            assert effective == 20
    refused = script("inference_quality.py", "expert", "easy", "--slips", "0.3,2")
    assert refused.returncode == 2 and "each slip is above 0 and at most 1" in refused.stderr
