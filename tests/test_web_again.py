"""Playing again and Play now against a real server: after a match, one request makes the
next with the same settings and people, every page of the match is told its own way to it;
the lobby's Play now starts a match like the last one made, after a restart too."""

import urllib.error
import urllib.request

from websockets.sync.client import connect

from .test_web_rooms import seat_url, secret, watch_url
from .test_web_server import http, receive
from .webserver import Server

FORM = {"player": "Ann", "ruleset": "rob", "mode": "deals", "target": 10,
        "bots": ["friend", "hard"], "pace": "fast", "clock": 20}


def test_playing_again_and_play_now(tmp_path):
    server = Server(tmp_path / "game.sqlite3").start()
    try:
        status, lobby = http(server, "/api/lobby")
        assert lobby["last"] is None
        status, made = http(server, "/api/matches", FORM)
        assert status == 200, made
        match_id, bo = made["id"], secret(made["invitations"][0]["link"])
        assert http(server, f"/api/join/{bo}", {"name": "Bo"})[0] == 200
        status, lobby = http(server, "/api/lobby")
        assert lobby["last"]["player"] == "Ann"
        assert {k: lobby["last"]["settings"][k] for k in FORM if k != "player"} == \
            {k: v for k, v in FORM.items() if k != "player"}
        status, refused = http(server, f"/api/matches/{match_id}/again", {})
        assert status == 409 and refused["reason"]["code"] == "match_in_play"
        with connect(seat_url(server, match_id, bo)) as friend, \
                connect(watch_url(server, made)) as spectator:
            assert receive(friend)["state"]["match"]["again"] is None
            receive(spectator)
            assert http(server, f"/api/matches/{match_id}/abandon", {})[0] == 200
            status, again = http(server, f"/api/matches/{match_id}/again", {})
            assert status == 200, again
            assert http(server, f"/api/matches/{match_id}/again", {})[1] == again  # once
            told = until_again(friend)
            assert told == {"match": again["id"],
                            "token": secret(again["invitations"][0]["link"])}
            assert until_again(spectator) == {"match": again["id"],
                                              "watch": secret(again["watch"])}
        assert again["invitations"][0]["person"] == "Bo" and again["id"] != match_id
        with connect(seat_url(server, again["id"], told["token"])) as friend:
            state = receive(friend)["state"]
            assert state["match"]["seat"] == 1 and state["match"]["names"][:2] == ["Ann", "Bo"]
            assert state["match"]["ruleset"] == "rob" and state["match"]["clock"] == 20
        # a page of another web site may not play again, nor play now
        request = urllib.request.Request(f"{server.url}/api/matches/now", data=b"{}",
                                         headers={"Origin": "http://elsewhere.example"})
        try:
            urllib.request.urlopen(request, timeout=10)
            raise AssertionError("another site started a match")
        except urllib.error.HTTPError as e:
            assert e.code == 403
        # Play now, after a restart: a match like the last one made (the one played again)
        server.restart()
        status, now = http(server, "/api/matches/now", {})
        assert status == 200, now
        assert now["id"] not in (match_id, again["id"])
        assert now["invitations"][0]["person"] is None  # a new match: the friend is invited
        status, lobby = http(server, "/api/lobby")
        settings = lobby["last"]["settings"]
        assert {k: settings[k] for k in FORM if k != "player"} == \
            {k: v for k, v in FORM.items() if k != "player"}
        assert [m["id"] for m in lobby["unfinished"]][:2] == [now["id"], again["id"]]
    finally:
        server.stop()
    assert not server.troubles(), server.output()


def until_again(ws) -> dict:
    """The way to the next match, from the first state that tells it."""
    while True:
        again = receive(ws)["state"]["match"]["again"]
        if again is not None:
            return again
