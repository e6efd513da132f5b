"""The game server for real: a child process on 127.0.0.1, its HTTP API and WebSocket,
a crash and a restart. Raw WebSocket frames are checked for other seats' hidden cards."""

import json
import re
import time
import urllib.error
import urllib.request

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect

from dizhu.cards import card_text
from dizhu.coach.explain import WHY
from dizhu.deal import Deal
from dizhu.record import deal_to_record
from dizhu.session import CREATOR, MatchSession, Store
from dizhu.words import catalog

from .deals import finished
from .webserver import Server, check_frames

SUITED = re.compile(r'"([3-9TJQKA2][shcd])"')


@pytest.fixture(params=["full"])
def server(tmp_path, request):
    s = Server(tmp_path / "game.sqlite3", sync=request.param).start()
    yield s
    s.stop()


def http(server, path, body=None, timeout=10):
    data = None if body is None else (body if isinstance(body, bytes) else
                                      json.dumps(body).encode())
    request = urllib.request.Request(server.url + path, data=data)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def new_match(server, ruleset: str = "classic", **settings):
    computers = 3 if ruleset == "four" else 2
    status, body = http(server, "/api/matches", {"player": "Ann", "mode": "deals",
                                                 "target": 5, "bots": ["easy"] * computers,
                                                 "ruleset": ruleset, **settings})
    assert status == 200, body
    return body["id"]


def table_url(server, match_id) -> str:
    """The table's socket for its creator's seat (the lobby gives the creator its token)."""
    status, body = http(server, f"/api/matches/{match_id}/invitations")
    assert status == 200, body
    return f"{server.ws_url}/ws/{match_id}?seat={body['token']}"


def receive(ws, kind="state", timeout=20):
    """Messages until one of ``kind`` arrives (returns it)."""
    while True:
        message = json.loads(ws.recv(timeout=timeout))
        if message["type"] == kind:
            return message


def test_lobby_and_new_match_form(server):
    status, lobby = http(server, "/api/lobby")
    assert status == 200
    assert [level["name"] for level in lobby["levels"]] == ["easy", "normal", "hard", "expert",
                                                              "master"]
    assert lobby["deal_limits"] == [5, 10, 20] and lobby["point_targets"] == [25, 50, 100]
    assert [r["name"] for r in lobby["rulesets"]] == ["classic", "rob", "four", "laizi", "tiandi"]
    assert lobby["rulesets"][2]["seats"] == 4 and lobby["rulesets"][1]["chinese"] == "抢地主"
    english = catalog("en")  # one text for the lobby's notes: the page's English words
    assert all(level["note"] == english[f"level.note.{level['name']}"]
               for level in lobby["levels"])
    assert all(option["note"] == english[f"option.note.{option['name']}"]
               for ruleset in lobby["rulesets"] for option in ruleset["options"])
    form = {"ruleset": "classic", "mode": "deals", "target": 10, "bots": ["easy", "easy"]}
    status, body = http(server, "/api/matches", {**form, "target": 7})
    assert status == 400 and "5, 10, 20" in body["error"]
    status, body = http(server, "/api/matches", {})
    assert status == 400 and "field 'ruleset' is missing" in body["error"]
    status, body = http(server, "/api/matches", b"not json")
    assert status == 400 and "not JSON" in body["error"]
    match_id = new_match(server)
    status, lobby = http(server, "/api/lobby")
    assert [m["id"] for m in lobby["unfinished"]] == [match_id]
    status, body = http(server, f"/api/matches/{match_id}/deals/0/record")
    assert status == 404 and "played out" in body["error"]
    status, body = http(server, "/api/replay", b'{"format": "dizhu-deal"}')
    assert status == 400 and "does not replay" in body["error"]


def test_bad_messages_get_readable_answers(server):
    match_id = new_match(server)
    with connect(table_url(server, match_id)) as ws:
        receive(ws)
        ws.send("{nonsense")
        error = receive(ws, "error")
        assert "not a JSON message" in error["message"]
        assert error["reason"]["code"] == "bad_message"
        ws.send(json.dumps({"type": "dance"}))
        error = receive(ws, "error")
        assert "unknown message" in error["message"]
        assert "unknown message" in error["reason"]["params"]["detail"]
        ws.send(json.dumps({"type": "act", "version": 0, "action": {"play": "pair 33"}}))
        assert receive(ws, "error")["message"]
    with connect(f"{server.ws_url}/ws/99999?seat=whatever") as ws:
        message = receive(ws, "error")
        assert message["fatal"] and "no such match" in message["message"]
        assert message["reason"]["code"] == "no_such_match"


@pytest.mark.parametrize("ruleset", ["classic", "four"])
def test_no_frame_shows_another_seats_cards_over_a_whole_match(server, ruleset):
    match_id = new_match(server, ruleset)
    frames = []
    with connect(table_url(server, match_id)) as ws:
        frames.append(ws.recv(timeout=20))
        ws.send(json.dumps({"type": "autoplay", "bot": "easy"}))
        while True:
            text = ws.recv(timeout=30)
            frames.append(text)
            message = json.loads(text)
            if message["type"] == "state" and message["state"]["match"]["finished"]:
                break
    store = Store(server.db)
    states = [m for m in map(json.loads, frames) if m["type"] == "state"]
    versions = [m["version"] for m in states]
    assert versions == sorted(versions)
    assert versions[-1] == MatchSession.load(store, match_id).version
    assert check_frames(store, match_id, frames) > 100
    # the check can fail: a frame that names a card only another seat holds is caught
    first = json.loads(frames[0])
    table = MatchSession.load(store, match_id, upto=first["version"])
    other = card_text(table.deal.held_cards(1)[0])
    first["state"]["view"]["bids"] = [[1, other]]
    with pytest.raises(AssertionError):
        check_frames(store, match_id, [json.dumps(first)])
    store.close()


@pytest.mark.parametrize("server", ["full", "normal"], indirect=True)
def test_a_crash_and_restart_resume_the_match_where_it_was(server):
    """Killed mid-deal and started again, the server resumes the match where it was, with
    each move synced to the disk (``--sync full``) or left to the system to write out
    (``--sync normal``: that too survives the server crashing)."""
    match_id = new_match(server)
    with connect(table_url(server, match_id)) as ws:
        state = receive(ws)
        while state["state"]["waiting_for"] != CREATOR or \
                state["state"]["view"]["phase"] != "play":
            view = state["state"]["view"]
            if state["state"]["waiting_for"] == CREATOR:
                # bid 3 when asked, to reach the play
                ws.send(json.dumps({"type": "act", "version": state["version"],
                                    "action": {"bid": view["legal"][-1]["bid"]}}))
            state = receive(ws)
            if state["state"]["view"]["phase"] == "thrown_in":
                pytest.fail("the auction cannot be thrown in once the person bids 3")
    server.restart()
    with connect(table_url(server, match_id)) as ws:
        again = receive(ws)
    assert again["version"] == state["version"]
    assert again["state"] == state["state"]


def test_other_web_pages_cannot_reach_the_game(server):
    match_id = new_match(server)
    with pytest.raises(InvalidStatus) as refused:
        connect(table_url(server, match_id), origin="http://evil.example")
    assert refused.value.response.status_code == 403
    request = urllib.request.Request(server.url + "/api/matches", data=b"{}",
                                     headers={"Origin": "http://evil.example"})
    with pytest.raises(urllib.error.HTTPError) as forbidden:
        urllib.request.urlopen(request, timeout=10)
    assert forbidden.value.code == 403
    # the game's own page is welcome
    with connect(table_url(server, match_id), origin=server.url) as ws:
        assert receive(ws)["version"] == 0


def test_abandoning_a_match(server):
    match_id = new_match(server)
    with connect(table_url(server, match_id)) as ws:
        receive(ws)
        request = urllib.request.Request(f"{server.url}/api/matches/{match_id}/abandon",
                                         data=b"", headers={"Origin": "http://evil.example"})
        with pytest.raises(urllib.error.HTTPError) as forbidden:
            urllib.request.urlopen(request, timeout=10)
        assert forbidden.value.code == 403
        status, body = http(server, f"/api/matches/{match_id}/abandon", b"")
        assert status == 200 and body == {"abandoned": match_id}
        state = receive(ws)
        while not state["state"]["match"]["abandoned"]:
            state = receive(ws)
        ws.send(json.dumps({"type": "act", "version": state["version"], "action": {"bid": 0}}))
        assert "abandoned" in receive(ws, "error")["message"]
    status, body = http(server, f"/api/matches/{match_id}/abandon", b"")
    assert status == 409 and "over already" in body["error"]
    status, lobby = http(server, "/api/lobby")
    assert lobby["unfinished"] == [] and lobby["finished"][0]["abandoned"]


def test_auto_play_switched_off_during_the_pause_gives_the_seat_back(tmp_path):
    """Issue 9, defect 4: switching auto-play off while the computer was pausing for the
    person's seat said "a computer player failed" and logged a traceback. Auto-play is
    switched off at once (the computer pauses three seconds first, time enough on a busy
    machine for the page's next message), the person bids, and the next computer's move
    comes from the same pausing driver once it has looked again."""
    server = Server(tmp_path / "game.sqlite3", pause=3.0).start()
    try:
        match_id = new_match(server)
        with connect(table_url(server, match_id)) as ws:
            state = receive(ws)
            while state["state"]["waiting_for"] != CREATOR:
                state = receive(ws, timeout=30)
            ws.send(json.dumps({"type": "autoplay", "bot": "easy"}))
            assert receive(ws)["state"]["match"]["autoplay"] == "easy"
            ws.send(json.dumps({"type": "autoplay", "bot": None}))  # within the pause
            state = receive(ws)
            assert state["state"]["match"]["autoplay"] is None
            assert state["state"]["waiting_for"] == CREATOR
            view = state["state"]["view"]
            ws.send(json.dumps({"type": "act", "version": state["version"],
                                "action": view["legal"][0]}))  # a bid, or a play
            messages = [json.loads(ws.recv(timeout=20)) for _ in range(2)]
        assert [m["type"] for m in messages] == ["state", "state"], messages
        assert messages[1]["version"] == state["version"] + 2  # a computer's move
    finally:
        server.stop()
    assert not server.troubles(), server.output()


def test_the_turn_clock_acts_for_a_person_whose_time_runs_out(server):
    """Issue 9: an optional turn clock, set in the lobby (off by default). When the person's
    time runs out the clock passes (or, leading, plays the first hint) for them."""
    status, body = http(server, "/api/matches", {"ruleset": "classic", "mode": "deals",
                                                 "target": 5, "bots": ["easy"] * 2, "clock": 1})
    assert status == 400 and "the turn clock is 0 (none) or 3 to 120 seconds" in body["error"]
    match_id = new_match(server, clock=3)
    with connect(table_url(server, match_id)) as ws:
        message = receive(ws)
        while message["state"]["waiting_for"] != CREATOR:
            message = receive(ws, timeout=30)
        assert message["state"]["match"]["clock"] == 3
        assert 0 < message["clock"]["left"] <= 3
        version = message["version"]
        started = time.monotonic()
        message = receive(ws, timeout=10)  # nobody answers: the clock does
        assert message["version"] == version + 1 and time.monotonic() - started > 2
    store = Store(server.db)
    seat, event = store.load(match_id).events[version]
    store.close()
    assert seat == CREATOR and event.get("clock") is True
    assert event.get("bid") == "pass" or event.get("pass") or "play" in event


def test_no_clock_by_default(server):
    match_id = new_match(server)
    with connect(table_url(server, match_id)) as ws:
        message = receive(ws)
        assert message["state"]["match"]["clock"] == 0 and message["clock"]["left"] is None


def test_a_hint_ranks_the_plays_by_the_coach_and_says_why_the_first_is_good(server):
    """The person bids 3 (and so leads); asked for a hint on the turn to play, the server
    answers with every legal play, the coach's first, its chance to win and why."""
    match_id = new_match(server)
    with connect(table_url(server, match_id)) as ws:
        while True:
            message = receive(ws)
            view, version = message["state"]["view"], message["version"]
            if view["to_move"] != view["seat"]:
                continue
            if view["phase"] == "auction":
                best = max(view["legal"], key=lambda a: a["bid"].isdigit() and int(a["bid"]))
                ws.send(json.dumps({"type": "act", "version": version, "action": best}))
            elif view["phase"] == "doubling":
                ws.send(json.dumps({"type": "act", "version": version,
                                    "action": {"double": False}}))
            elif view["phase"] == "play":
                break
        ws.send(json.dumps({"type": "hint", "version": version}))
        hints = receive(ws, "hints")
    assert hints["version"] >= version  # (a presence or clock change may come between)
    legal = {a["play"] for a in view["legal"]} - {"pass"}
    plays = [p["text"] for p in hints["plays"]]  # a pass only first, when it is the best
    assert set(plays) - {"pass"} == legal and "pass" not in plays[1:]
    assert 0 <= hints["chance"] <= 1
    why = hints["why"]
    assert why["code"] in WHY and why["text"] and isinstance(why["params"], dict)


def test_a_review_refuses_bad_requests_with_readable_reasons(server):
    """The review of a record: refused for a record that is no record, a deal not played to
    its end, a seat or a depth out of range; answered for a finished deal."""
    deal = finished("server-review")
    record = deal_to_record(deal)
    status, body = http(server, "/api/review?seat=1&deals=8", record)
    assert status == 200 and {d["seat"] for d in body["decisions"]} == {1}
    for query, code in (("seat=3&deals=8", "review_seat"), ("seat=x&deals=8", "review_seat"),
                        ("seat=0&deals=9", "review_depth")):
        status, body = http(server, f"/api/review?{query}", record)
        assert status == 400 and body["reason"]["code"] == code, body
    unfinished = deal_to_record(Deal.shuffled("unfinished"))
    status, body = http(server, "/api/review?seat=0&deals=8", unfinished)
    assert status == 400 and body["reason"]["code"] == "review_unfinished"
    status, body = http(server, "/api/review", b"{nonsense")
    assert status == 400 and body["reason"]["code"] == "record_not_json"
    status, body = http(server, "/api/review?what=all_hands", [1, 2])
    assert status == 400 and body["reason"]["code"] == "record_format"
    status, body = http(server, "/api/review?what=all_hands", record, timeout=60)
    assert status == 200 and body["positions"] > 0
