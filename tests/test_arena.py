import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dizhu.arena import ArenaSpec, Times, run_arena, summarize_times
from dizhu.bots.external import NOTES, TROUBLES
from dizhu.cli import main
from dizhu.reports import format_report, merge_reports, read_report
from dizhu.rulesets import find_ruleset
from dizhu.stats import mean_ci, paired_wilson_ci, wilson_ci

KEYS = {"wp", "wp_ci", "adp", "adp_ci", "decks", "landlord", "peasants"}


def without_timing(report: dict) -> dict:
    return {k: v for k, v in report.items() if k not in ("seconds", "jobs", "decision_ms")}


@pytest.mark.parametrize("mode", ["play", "full"])
def test_results_do_not_depend_on_jobs(mode):
    spec = ArenaSpec("easy", "random", decks=12, seed="jobs", mode=mode)
    one, two = run_arena(spec, jobs=1), run_arena(spec, jobs=2)
    assert without_timing(one) == without_timing(two)
    assert one["decision_ms"]["a"]["decisions"] == two["decision_ms"]["a"]["decisions"]


def test_random_against_itself_is_even_and_the_landlord_wins_about_a_third():
    report = run_arena(ArenaSpec("random", "random", decks=400, seed=20240), jobs=2)
    assert set(report) >= KEYS
    assert report["wp_ci"][0] <= report["wp"] <= report["wp_ci"][1]
    assert 0.42 < report["wp"] < 0.58
    assert 0.27 < report["landlord"]["wp"] < 0.43
    # A's side as landlord and as peasants on the same decks: the two legs mirror
    assert report["landlord"]["deals"] == report["peasants"]["deals"] == 400


def test_play_mode_scores_follow_the_protocol():
    report = run_arena(ArenaSpec("random", "random", decks=50, seed=3))
    # each deal is worth 2 * 2^bombs to A's side, won or lost
    assert report["landlord"]["adp"] != 0
    assert abs(report["adp"] - (report["landlord"]["adp"] + report["peasants"]["adp"]) / 2) \
        < 1e-9


def test_full_mode_reports_bids_and_landlords():
    report = run_arena(ArenaSpec("normal", "easy", decks=30, seed=4, mode="full"))
    full = report["full"]
    assert 0 < full["a_bid_rate"] <= 1 and 0 <= full["a_landlord_rate"] <= 1
    assert report["landlord"]["deals"] + report["peasants"]["deals"] == 60


def test_intervals():
    mean, (lo, hi) = mean_ci([1, 0, 1, 0])
    assert mean == 0.5 and lo < 0.5 < hi
    lo, hi = wilson_ci(0, 10)
    assert lo == 0.0 and 0.2 < hi < 0.35
    assert wilson_ci(5, 10)[0] < 0.5 < wilson_ci(5, 10)[1]


@given(st.lists(st.sampled_from([0.0, 0.5, 1.0]), min_size=1, max_size=40))
def test_a_win_rate_interval_stays_within_zero_and_one(values):
    """Per-deck win rates of paired legs: the interval holds the mean and stays in 0..1
    (a normal interval over two decks went to [0.260, 1.240])."""
    mean, (lo, hi) = paired_wilson_ci(values, 2)
    assert 0.0 <= lo <= mean <= hi <= 1.0


def test_for_many_decks_the_win_rate_interval_is_the_normal_one():
    values = [0.0, 0.5, 0.5, 1.0, 0.5, 1.0] * 400
    _, normal = mean_ci(values)
    _, wilson = paired_wilson_ci(values, 2)
    assert wilson == pytest.approx(normal, abs=1e-3)


def test_two_decks_no_longer_give_an_interval_above_one():
    report = run_arena(ArenaSpec("normal", "random", decks=2, seed=1))
    assert 0.0 <= report["wp_ci"][0] <= report["wp"] <= report["wp_ci"][1] <= 1.0


def test_four_seats_a_against_three_b_then_the_reverse():
    rules = find_ruleset("four")
    report = run_arena(ArenaSpec("easy", "random", decks=6, seed="four", rules=rules))
    assert report["seats"] == 4 and report["rules"] == "four"
    assert report["landlord"]["deals"] == report["peasants"]["deals"] == 6
    # play mode: the landlord wins or loses the stake from each of the three peasants
    assert round(report["landlord"]["adp"] * 6) % 3 == 0
    full = run_arena(ArenaSpec("easy", "random", decks=4, seed="four", rules=rules,
                               mode="full"))
    assert full["landlord"]["deals"] + full["peasants"]["deals"] == 8


def test_the_command_prints_json(capsys):
    assert main(["arena", "easy", "random", "--decks", "3", "--jobs", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report) >= KEYS and report["decks"] == 3


def test_the_command_refuses_unknown_bots(capsys):
    assert main(["arena", "easy", "grandmaster", "--decks", "3"]) == 2
    assert "unknown bot 'grandmaster'" in capsys.readouterr().err


def test_rlcard_rule_agent_plays_through_the_adapter():
    pytest.importorskip("rlcard")
    report = run_arena(ArenaSpec("rlcard-rule", "random", decks=30, seed=1))
    assert report["wp"] > 0.8


def test_a_run_in_parts_pools_to_the_whole_run():
    whole = run_arena(ArenaSpec("easy", "random", decks=10, seed="parts"))
    parts = [run_arena(ArenaSpec("easy", "random", decks=4, seed="parts")),
             run_arena(ArenaSpec("easy", "random", decks=6, seed="parts", first_deck=4))]
    pooled = merge_reports(parts)
    assert pooled["decks"] == 10
    for key in ("wp", "adp", "wp_ci", "adp_ci", "bombs_per_deal"):
        assert pooled[key] == pytest.approx(whole[key]), key
    for role in ("landlord", "peasants"):
        assert pooled[role]["wins"] == whole[role]["wins"]
        assert pooled[role]["adp_ci"] == pytest.approx(whole[role]["adp_ci"])
    with pytest.raises(ValueError, match="overlap"):
        merge_reports([parts[0], parts[0]])


def test_parts_naming_one_bot_two_ways_pool_and_other_bots_do_not():
    """A setting made the default between two parts (``master:styles=1`` then ``master``)
    leaves one bot named two ways: the parts pool, under the one name, keeping both."""
    first = run_arena(ArenaSpec("easy", "random", decks=2, seed="names"))
    second = run_arena(ArenaSpec("easy", "random", decks=2, seed="names", first_deck=2))
    default, spelled = "easy:memo_limit=100000", "easy:memo_limit=0100000"
    for names in ((default, spelled), (spelled, default)):  # whichever part comes first
        pooled = merge_reports([{**first, "a": names[0]}, {**second, "a": names[1]}])
        assert pooled["a"] == "easy" and pooled["named"] == {"a": sorted(names)}
    assert pooled["decks"] == 4 and "named" not in merge_reports([first, second])
    third = run_arena(ArenaSpec("easy", "random", decks=1, seed="names", first_deck=4))
    again = merge_reports([pooled, third])  # a pooled report pooled again keeps the names
    assert again["decks"] == 5 and again["named"] == {"a": sorted([*names, "easy"])}
    with pytest.raises(ValueError, match="not of one run: their A bots are easy and "
                                         "easy:memo_limit=5"):
        merge_reports([{**first, "a": "easy:memo_limit=5"}, second])
    with pytest.raises(ValueError, match="their seeds are"):
        merge_reports([{**first, "seed": "other"}, second])


def test_a_full_mode_run_in_parts_pools_its_bids_and_points():
    """The auction's figures (who bid, who became landlord, points, deals thrown in) pool
    too: they were dropped, so a pooled full-mode report had no bidding table."""
    spec = {"bot_a": "easy", "bot_b": "normal", "seed": "bids", "mode": "full"}
    whole = run_arena(ArenaSpec(decks=7, **spec))
    parts = [run_arena(ArenaSpec(decks=3, **spec)),
             run_arena(ArenaSpec(decks=4, first_deck=3, **spec))]
    pooled = merge_reports(parts)
    assert pooled["full"].keys() == whole["full"].keys()
    for key, value in whole["full"].items():
        assert pooled["full"][key] == pytest.approx(value), key
    assert "bids: A" in format_report(pooled)
    assert "full" not in merge_reports([run_arena(ArenaSpec("easy", "random", decks=1))])


def test_the_troubles_of_a_program_pool_over_the_parts():
    one = {"a": {kind: 0 for kind in TROUBLES}, "b": {kind: 0 for kind in TROUBLES},
           **{note: {"a": 0, "b": 0} for note in NOTES}, "log": []}
    first, second = json.loads(json.dumps(one)), json.loads(json.dumps(one))
    kind, note = TROUBLES[0], NOTES[0]
    first["a"][kind], second["a"][kind], second[note]["b"] = 2, 3, 1
    first["log"], second["log"] = ["first"], ["second"]
    base = run_arena(ArenaSpec("random", "random", decks=2, seed="t"))
    later = run_arena(ArenaSpec("random", "random", decks=2, seed="t", first_deck=2))
    pooled = merge_reports([{**base, "troubles": first}, {**later, "troubles": second}])
    assert pooled["troubles"]["a"][kind] == 5 and pooled["troubles"][note]["b"] == 1
    assert pooled["troubles"]["log"] == ["first", "second"]


BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def script(name: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(BENCHMARKS / name), *args], capture_output=True,
                          text=True, timeout=120)


def test_the_report_scripts_pool_and_tabulate_parts_written_to_files(tmp_path):
    spec = {"bot_a": "easy", "bot_b": "random", "seed": "files"}
    parts = [run_arena(ArenaSpec(decks=3, **spec)),
             run_arena(ArenaSpec(decks=2, first_deck=3, **spec))]
    paths = []
    for i, part in enumerate(parts):
        paths.append(tmp_path / f"easy-vs-random.part{i}.json")
        paths[-1].write_text(json.dumps(part))
    assert [read_report(path) for path in paths] == parts
    done = script("merge_reports.py", *map(str, paths))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(json.dumps(merge_reports(parts)))
    (tmp_path / "easy-vs-random.json").write_text(done.stdout)
    (tmp_path / "going.json").write_text("")  # a run still going is left out
    table = script("strength_table.py", str(tmp_path))
    assert table.returncode == 0, table.stderr
    rows = [line for line in table.stdout.splitlines() if line.startswith("| easy vs random |")]
    assert len(rows) == 1 and "| 5 |" in rows[0]


@pytest.mark.parametrize("text, said", [
    (None, "cannot be read"),
    ("", "empty"),
    ('{"a": "easy",', "not JSON (line 1"),
    ("[1, 2]", "not an arena report"),
    ('{"a": "easy", "b": "random"}', "lacks mode, seed"),
])
def test_a_file_that_is_no_report_is_named_with_what_is_wrong(tmp_path, text, said):
    path = tmp_path / "part.json"
    if text is not None:
        path.write_text(text)
    with pytest.raises(ValueError, match=re.escape(said)):
        read_report(path)
    done = script("merge_reports.py", str(path))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"merge_reports: {path}: ") and said in done.stderr
    if text:  # an empty file in a folder is a run still going, which the table leaves out
        table = script("strength_table.py", str(tmp_path))
        assert table.returncode == 1 and "Traceback" not in table.stderr
        assert said in table.stderr


def test_the_report_scripts_say_how_to_call_them(tmp_path):
    for name in ("merge_reports.py", "strength_table.py"):
        helped = script(name, "--help")
        assert helped.returncode == 0 and helped.stdout.startswith("usage:")
    bare = script("merge_reports.py")
    assert bare.returncode == 2 and "PART.json" in bare.stderr and "Traceback" not in bare.stderr
    nowhere = script("strength_table.py", str(tmp_path / "nowhere"))
    assert nowhere.returncode == 1 and "not a folder" in nowhere.stderr


TIMING = re.compile(r"decision time A: median (?:about )?([\d.,]+) ms, max ([\d.,]+) ms "
                    r"over (\d+) decisions")
SECONDS = re.compile(r"\b([\d.,]+) ?s with \d+ job")


def figure(text: str) -> float:
    return float(text.replace(",", ""))


def near(printed: float, value: float) -> bool:
    """Whether ``printed`` is ``value`` to three significant digits."""
    return abs(printed - value) <= 0.005 * value


@pytest.fixture(scope="module")
def one_deck() -> dict:
    return run_arena(ArenaSpec("random", "random", decks=1, seed=1))


def test_the_tester_s_timing_line_prints_its_max_above_its_median(one_deck):
    times = Times(a=[0.00000278] * 3 + [0.000045])  # seconds: 2.78 µs and 45 µs
    report = {**one_deck, "decision_ms": summarize_times(times)}
    line = TIMING.search(format_report(report))
    assert line is not None, format_report(report)
    assert line.groups() == ("0.00278", "0.0450", "4")  # was "median 0.003 ms, max 0.0 ms"


@settings(max_examples=200)
@given(st.lists(st.floats(1e-8, 100.0), min_size=1, max_size=30))
def test_every_decision_time_figure_is_printed_to_three_significant_digits(one_deck, seconds):
    report = {**one_deck, "decision_ms": summarize_times(Times(a=seconds))}
    line = TIMING.search(format_report(report))
    assert line is not None, format_report(report)
    median, most, count = figure(line[1]), figure(line[2]), int(line[3])
    assert count == len(seconds) and median <= most
    assert near(median, report["decision_ms"]["a"]["median"])
    assert near(most, max(seconds) * 1000)


def test_the_median_of_a_run_in_parts_says_it_is_the_parts(one_deck):
    parts = [run_arena(ArenaSpec("random", "random", decks=1, seed=1, first_deck=i))
             for i in (0, 1)]
    said = TIMING.search(format_report(merge_reports(parts)))
    assert said is not None and "median about" in said[0]
    assert "median about" not in format_report(one_deck)


def test_an_arena_and_a_tournament_print_the_time_they_took(one_deck, capsys):
    assert one_deck["seconds"] > 0  # a deck takes some time: was rounded to 0.0
    printed = SECONDS.search(format_report(one_deck))
    assert printed is not None and near(figure(printed[1]), one_deck["seconds"])
    assert main(["tournament", "random", "easy", "--decks", "1", "--jobs", "1"]) == 0
    printed = SECONDS.search(capsys.readouterr().out)
    assert printed is not None and figure(printed[1]) > 0
