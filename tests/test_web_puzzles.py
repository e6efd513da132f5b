"""The puzzles' routes on a real server (a child process on 127.0.0.1): the list with a
person's progress, a try played against the defence, counted once it ends and kept across
a restart, the solution, an own puzzle added; bad input answered with a reason, never a
traceback."""

import json
import urllib.error
import urllib.request

import pytest

from dizhu.puzzles import find_puzzle, load_puzzles
from dizhu.session.puzzle_play import side_requests

from .webserver import Server

SOLVE_30 = [{"seat": 0, "cards": ["4s", "4h"]}, {"seat": 0, "play": "pair QQ"},
            {"seat": 0, "play": "single 5"}]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(tmp_path_factory.mktemp("db") / "game.sqlite3").start()
    yield s
    s.stop()
    assert s.troubles() == []


def http(server, path, body=None, headers=None):
    data = None if body is None else (body if isinstance(body, bytes) else
                                      json.dumps(body).encode())
    request = urllib.request.Request(server.url + path, data=data, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def play(server, key, plays, person="Ann"):
    return http(server, f"/api/puzzles/{key}/play", {"plays": plays, "person": person})


def test_the_list_has_every_shipped_puzzle_and_the_persons_progress(server):
    status, body = http(server, "/api/puzzles?person=Lister")
    assert status == 200 and body["person"] == "Lister"
    puzzles = body["puzzles"]
    assert [p["key"] for p in puzzles] == [str(p.id) for p in load_puzzles()]
    first = puzzles[0]
    assert first["progress"] is None and first["own"] is False
    assert set(first["title"]) == {"en", "zh"} and 1 <= first["difficulty"] <= 5
    assert {r["name"] for r in body["rulesets"]} >= {p["ruleset"] for p in puzzles}
    play(server, "30", SOLVE_30, person="Lister")
    status, body = http(server, "/api/puzzles?person=Lister")
    solved = {p["key"]: p["progress"] for p in body["puzzles"] if p["progress"]}
    assert list(solved) == ["30"] and solved["30"]["solved"] and solved["30"]["attempts"] == 1


def test_a_puzzle_opens_at_its_start_with_every_hand(server):
    status, body = http(server, "/api/puzzles/30?person=Opener")
    assert status == 200
    frame = body["frame"]
    assert [len(s["hand"]) for s in frame["seats"]] == [5, 6, 5]
    assert frame["to_move"] == 0 and frame["ours_to_move"] and not frame["may_pass"]
    assert body["end"] is None and body["puzzle"]["goal"] == "win"
    assert body["puzzle"]["progress"] == {"attempts": 0, "solved": False,
                                          "first_solved": None, "best": None}


def test_a_two_hand_puzzle_opens_with_two_seats_and_is_solved(server):
    status, listing = http(server, "/api/puzzles?person=Duo")
    assert {"name": "duel", "title": "Two hands", "chinese": "二人", "seats": 2} in \
        listing["rulesets"]
    puzzle = next(p for p in load_puzzles() if p.ruleset == "duel")
    status, body = http(server, f"/api/puzzles/{puzzle.id}?person=Duo")
    frame = body["frame"]
    assert status == 200 and [s["seat"] for s in frame["seats"]] == [0, 1]
    assert [s["role"] for s in frame["seats"]] == ["landlord", "peasant"]
    assert [len(s["hand"]) for s in frame["seats"]] == puzzle.start().left
    status, body = play(server, str(puzzle.id), side_requests(puzzle), person="Duo")
    assert status == 200 and body["end"]["solved"], body
    status, body = http(server, "/api/puzzles/own", {
        "person": "Duo", "position": "33A/KK 0 0 -", "ruleset": "duel", "seat": 0,
        "goal": "win", "title": "Ace first"})
    assert status == 200 and body["puzzle"]["ruleset"] == "duel", body


def test_a_try_is_answered_by_the_defence_and_counted_once_it_ends(server):
    status, body = play(server, "30", SOLVE_30[:1], person="Ben")
    assert status == 200 and body["end"] is None
    assert [e["play"] for e in body["frame"]["history"]] == ["pair 44", "pass", "pass"]
    assert body["puzzle"]["progress"]["attempts"] == 0
    status, body = play(server, "30", [{"seat": 0, "play": "pair QQ"}], person="Ben")
    assert body["end"] is None  # the goal slipped away, the try goes on
    status, body = play(server, "30", SOLVE_30, person="Ben")
    assert body["end"] == {"solved": True, "why": None, "slipped": None, "plies": 7}
    progress = body["puzzle"]["progress"]
    assert progress["solved"] and progress["attempts"] == 1
    assert progress["best"] == [s.play for s in find_puzzle(30).solution]


def test_a_failed_try_says_why_and_counts(server):
    status, body = play(server, "13", [{"seat": 0, "play": "single 5"}], person="Cy")
    assert status == 200
    assert body["end"] == {"solved": False, "why": "spring", "slipped": "single 5", "plies": 3}
    assert body["puzzle"]["progress"]["attempts"] == 1
    assert not body["puzzle"]["progress"]["solved"]


@pytest.mark.parametrize(("path", "body", "status", "code"), [
    ("/api/puzzles/30/play", {"plays": [{"seat": 2, "play": "single 8"}]}, 400,
     "not_your_turn"),
    ("/api/puzzles/30/play", {"plays": [{"seat": 0, "cards": ["Qs", "5s"]}]}, 400,
     "not_a_combination"),
    ("/api/puzzles/30/play", {"plays": [{"seat": 0, "play": "pass"}]}, 400,
     "leader_may_not_pass"),
    ("/api/puzzles/30/play", {"plays": [*SOLVE_30, {"seat": 0, "play": "pass"}]}, 400,
     "puzzle_ended"),
    ("/api/puzzles/30/play", {"plays": {"seat": 0}}, 400, "puzzle_request"),
    ("/api/puzzles/30/play", [1, 2], 400, "puzzle_request"),
    ("/api/puzzles/30/play", {"plays": [], "person": 7}, 400, "puzzle_request"),
    ("/api/puzzles/30/play", b"{not json", 400, "bad_form"),
    ("/api/puzzles/999/play", {"plays": []}, 404, "no_such_puzzle"),
    ("/api/puzzles/own-999/play", {"plays": []}, 404, "no_such_puzzle"),
    ("/api/puzzles/nothing/play", {"plays": []}, 404, "no_such_puzzle"),
])
def test_bad_input_is_refused_with_a_reason(server, path, body, status, code):
    got, answer = http(server, path, body)
    assert got == status, answer
    assert answer["reason"]["code"] == code and answer["error"]


@pytest.mark.parametrize("path", ["/api/puzzles/0", "/api/puzzles/871", "/api/puzzles/own-x",
                                  "/api/puzzles/999/solution"])
def test_an_unknown_puzzle_is_not_found(server, path):
    status, body = http(server, path)
    assert status == 404 and body["reason"]["code"] == "no_such_puzzle"


def test_another_web_page_cannot_play(server):
    status, _ = http(server, "/api/puzzles/30/play", {"plays": []},
                     headers={"Origin": "http://elsewhere.example"})
    assert status == 403


def test_the_solution_steps_through_the_proved_line(server):
    status, body = http(server, "/api/puzzles/30/solution")
    assert status == 200
    steps = [f["step"] for f in body["frames"]]
    assert steps[0] is None
    assert [s["play"] for s in steps[1:]] == [s.play for s in find_puzzle(30).solution]
    assert body["frames"][-1]["over"]


def test_an_own_puzzle_is_proved_then_listed_and_played(server):
    status, body = http(server, "/api/puzzles/own", {
        "person": "Dee", "position": "445QQ/9TJQK2/888TT 0 0 -", "ruleset": "classic",
        "seat": 0, "goal": "win", "title": "My blunder"})
    assert status == 200, body
    key = body["key"]
    assert key.startswith("own-") and body["puzzle"]["own"]
    assert body["puzzle"]["title"] == {"en": "My blunder", "zh": "My blunder"}
    status, listing = http(server, "/api/puzzles?person=Dee")
    assert listing["puzzles"][-1]["key"] == key
    status, other = http(server, "/api/puzzles?person=Eve")
    assert key not in [p["key"] for p in other["puzzles"]]
    status, played = play(server, key, SOLVE_30, person="Dee")
    assert played["end"]["solved"] and played["puzzle"]["progress"]["solved"]


@pytest.mark.parametrize(("form", "code"), [
    ({"position": "34/5/6 0 0 -", "seat": 0, "goal": "win", "title": "t"},
     "puzzle_not_forced"),
    ({"position": "34/5/6 0 0 -", "seat": 1, "goal": "win", "title": "t"},
     "puzzle_not_to_move"),
    ({"position": "34/5", "seat": 0, "goal": "win", "title": "t"}, "puzzle_position"),
    ({"position": "34/5/6 0 0 -", "seat": 0, "goal": "lose", "title": "t"}, "puzzle_goal"),
    ({"position": "34/5/6 0 0 -", "seat": 0, "goal": "win", "title": "t",
      "ruleset": "bridge"}, "puzzle_ruleset"),
    ({"position": "34/5/6 0 0 -", "seat": 0, "goal": "win", "title": ""}, "puzzle_title"),
    ({"position": "34/5/6 0 0 -", "seat": "0", "goal": "win", "title": "t"},
     "puzzle_request"),
    ({"position": 5, "seat": 0, "goal": "win", "title": "t"}, "puzzle_request"),
])
def test_an_own_puzzle_is_refused_with_its_reason(server, form, code):
    status, body = http(server, "/api/puzzles/own", {"person": "Dee", **form})
    assert status == 400 and body["reason"]["code"] == code, body


def test_progress_survives_a_restart(tmp_path):
    server = Server(tmp_path / "game.sqlite3").start()
    try:
        assert play(server, "30", SOLVE_30, person="Fay")[1]["end"]["solved"]
        server.restart()
        _, body = http(server, "/api/puzzles?person=Fay")
        progress = next(p["progress"] for p in body["puzzles"] if p["key"] == "30")
        assert progress["solved"] and progress["attempts"] == 1
    finally:
        server.stop()
