"""``dizhu review RECORD``: the text and the JSON of a finished deal's review, and bad
input answered with a message (exit status 2), never a traceback."""

from __future__ import annotations

import json

import pytest

from dizhu.cli import main
from dizhu.deal import Deal
from dizhu.record import deal_to_json
from tests.deals import finished


@pytest.fixture(scope="module")
def record(tmp_path_factory):
    path = tmp_path_factory.mktemp("review") / "deal.json"
    path.write_text(deal_to_json(finished("cli-review")), encoding="utf-8")
    return path


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_json_lists_every_decision_of_each_seat_asked_and_the_all_hands_answer(
        capsys, record):
    code, out, _ = run(capsys, "review", str(record), "--seat", "1", "--seat", "2",
                       "--deals", "6", "--budget", "3", "--json")
    assert code == 0
    data = json.loads(out)
    deal = finished("cli-review")
    made = [s for s, _ in deal.history if s in (1, 2)]
    assert [d["seat"] for d in data["review"]["decisions"]] == made
    for d in data["review"]["decisions"]:
        assert d["loss"] >= 0 and 0 <= d["chance"] <= 1
        assert any(a.get("play", a.get("bid", a.get("double"))) ==
                   d.get("play", d.get("bid", d.get("double"))) for a in d["alternatives"])
    assert data["all_hands"]["positions"] > 0
    assert data["all_hands"]["winner"] in ("landlord", "peasants")


def test_the_text_has_a_line_per_decision_and_the_all_hands_answer(capsys, record):
    code, out, _ = run(capsys, "review", str(record), "--deals", "6", "--budget", "2")
    assert code == 0
    deal = finished("cli-review")
    steps = [i for i, (s, _) in enumerate(deal.history, 1) if s == 0]
    lines = out.splitlines()
    for step in steps:
        assert any(line.split()[:1] == [str(step)] for line in lines), step
    assert "All hands open:" in out and "Marks:" in out


@pytest.mark.parametrize("argv, words", [
    (["--seat", "3"], "--seat is a seat of the deal: 0 to 2, not 3"),
    (["--deals", "0"], "--deals is 1 to 1000, not 0"),
    (["--budget", "-1"], "--budget is 0 to 3600 seconds"),
])
def test_bad_options_get_a_message(capsys, record, argv, words):
    code, _, err = run(capsys, "review", str(record), *argv)
    assert code == 2 and words in err and "Traceback" not in err


def test_bad_files_get_a_message(capsys, tmp_path):
    missing = tmp_path / "nothing.json"
    code, _, err = run(capsys, "review", str(missing))
    assert code == 2 and "cannot read" in err
    garbage = tmp_path / "garbage.json"
    garbage.write_text("{not json", encoding="utf-8")
    code, _, err = run(capsys, "review", str(garbage))
    assert code == 2 and "not a deal record" in err
    unfinished = tmp_path / "unfinished.json"
    deal = Deal.shuffled("unfinished")
    unfinished.write_text(deal_to_json(deal), encoding="utf-8")
    code, _, err = run(capsys, "review", str(unfinished))
    assert code == 2 and "not finished" in err
