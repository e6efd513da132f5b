"""Friends at the table and spectators, for real: a server process, invitations, each
seat's socket opened by its secret, the watch link, a seat handed to a computer while its
person is away, and the rules of ``--lan`` (the lobby only for the machine itself)."""

import base64
import contextlib
import json
import os
import socket
import struct
import urllib.error
import urllib.request

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.sync.client import connect

from dizhu.session import MatchSession, Store
from dizhu.web.serve import ServeError, lan_address

from .test_web_hardening import frames as malformed
from .test_web_server import http, receive
from .webserver import Server, check_frames


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(tmp_path_factory.mktemp("rooms") / "game.sqlite3", away=1.0).start()
    yield s
    s.stop()
    assert not s.troubles(), s.output()


def with_friends(server, bots=("friend", "easy"), **form) -> dict:
    """A new match with friends' seats: the creation answer (id, token, invitations, watch)."""
    status, body = http(server, "/api/matches", {"player": "Ann", "mode": "deals",
                                                 "target": 5, "bots": list(bots),
                                                 "ruleset": "classic", **form})
    assert status == 200, body
    return body


def secret(link: str) -> str:
    return link.rsplit("/", 1)[1]


def seat_url(server, match_id, token) -> str:
    return f"{server.ws_url}/ws/{match_id}?seat={token}"


def watch_url(server, made) -> str:
    return f"{server.ws_url}/ws/{made['id']}?watch={secret(made['watch'])}"


def checked(server, match_id, frames_by_seat) -> int:
    store = Store(server.db)
    try:
        return sum(check_frames(store, match_id, frames, seat)
                   for seat, frames in frames_by_seat.items())
    finally:
        store.close()


def stored(server, match_id) -> tuple[list, dict]:
    store = Store(server.db)
    try:
        return store.load(match_id).events, MatchSession.load(store, match_id).state(None)
    finally:
        store.close()


def test_invitations_open_their_seat_and_nothing_else(server):
    made = with_friends(server, bots=("friend", "friend"))
    match_id = made["id"]
    tokens = [made["token"], *(secret(i["link"]) for i in made["invitations"])]
    watch = secret(made["watch"])
    assert [i["seat"] for i in made["invitations"]] == [1, 2]
    assert len({*tokens, watch}) == 4 and all(len(t) >= 20 for t in [*tokens, watch])
    assert made["invitations"][0]["link"] == f"{server.url}/#/join/{tokens[1]}"
    assert made["lan"] is False
    # an invitation: what it opens, then its person sits down under a name
    status, info = http(server, f"/api/join/{tokens[1]}")
    assert status == 200 and (info["match"], info["seat"], info["person"]) == (match_id, 1, None)
    assert info["creator"] == "Ann" and info["names"] == ["Ann", None, None]
    assert info["watch"] == watch  # for someone who finds the seat taken and would watch
    status, info = http(server, f"/api/join/{tokens[1]}", {"name": "  Bo  "})
    assert status == 200 and info["person"] == "Bo"
    status, info = http(server, f"/api/join/{tokens[1]}", {"nom": "Bo"})
    assert status == 400 and info["reason"]["code"] == "bad_form"
    for wrong in ("not-a-token", tokens[1] + "x", tokens[1][:-1]):
        status, refused = http(server, f"/api/join/{wrong}")
        assert status == 404 and refused["reason"]["code"] == "dead_link"
        status, refused = http(server, f"/api/watch/{wrong}")
        assert status == 404 and refused["reason"]["code"] == "dead_link"
    assert http(server, f"/api/watch/{watch}") == (200, {"match": match_id})
    assert http(server, f"/api/watch/{tokens[0]}")[0] == 404  # a seat's token watches nothing
    # the lobby gives the creator their seat again (resuming), and the same links
    status, again = http(server, f"/api/matches/{match_id}/invitations")
    assert status == 200 and again["token"] == tokens[0] and again["watch"] == made["watch"]
    assert again["invitations"][0]["person"] == "Bo"
    # each socket gets its own seat's view; a spectator's has no hand
    frames = {0: [], 1: [], 2: [], None: []}
    with connect(seat_url(server, match_id, tokens[0])) as ann, \
            connect(seat_url(server, match_id, tokens[1])) as bo, \
            connect(seat_url(server, match_id, tokens[2])) as cy, \
            connect(watch_url(server, made)) as watcher:
        sockets = {0: ann, 1: bo, 2: cy, None: watcher}
        for seat, ws in sockets.items():
            message = receive(ws)
            frames[seat].append(json.dumps(message))
            assert message["state"]["match"]["seat"] == seat
            assert len(message["state"]["view"]["hand"]) == (0 if seat is None else 17)
        hands = [receive(ws)["state"]["view"]["hand"] for ws in (ann, bo, cy)]
        assert len({tuple(h) for h in hands}) == 3
        # the person to move plays a bid from their own socket; everyone hears of it
        state = json.loads(frames[0][-1])
        to_move = state["state"]["waiting_for"]
        version = state["version"]
        sockets[to_move].send(json.dumps({"type": "act", "version": version,
                                          "action": {"bid": "pass"}}))
        for seat, ws in sockets.items():
            while (message := receive(ws))["version"] == version:
                frames[seat].append(json.dumps(message))
            frames[seat].append(json.dumps(message))
            assert message["state"]["view"]["history"][-1]["seat"] == to_move
        # presence: every seat is at the table, one spectator watches
        assert message["seats"] == {"present": [0, 1, 2], "twice": [], "away": [],
                                    "away_in": {}, "watching": 1}
        watcher.send(json.dumps({"type": "act", "version": version + 1,
                                 "action": {"bid": "pass"}}))
        assert receive(watcher, "error")["reason"]["code"] == "spectator"
    # a reconnect with the same token takes the seat back; a bad secret is refused
    with connect(seat_url(server, match_id, tokens[1])) as bo:
        message = receive(bo)
        frames[1].append(json.dumps(message))
        assert message["state"]["match"]["seat"] == 1 and message["state"]["view"]["hand"] == \
            hands[1]
        assert message["seats"]["twice"] == []
        # the same link opened in a second browser: both of its pages are told
        with connect(seat_url(server, match_id, tokens[1])) as second:
            assert receive(second)["seats"]["twice"] == [1]
            while (message := receive(bo))["seats"]["twice"] != [1]:
                pass
        while (message := receive(bo))["seats"]["twice"]:
            pass
    for query in ("", "?seat=", f"?seat={tokens[1][:-1]}", "?watch=nothing",
                  f"?watch={tokens[1]}", "?seat=%E2%98%83", f"?seat={'x' * 5000}"):
        with connect(f"{server.ws_url}/ws/{match_id}{query}") as ws:
            refused = receive(ws, "error")
            assert refused["fatal"] and refused["reason"]["code"] == "no_seat", query
    other = with_friends(server)
    with connect(seat_url(server, other["id"], tokens[1])) as ws:  # another match's token
        assert receive(ws, "error")["reason"]["code"] == "no_seat"
    assert checked(server, match_id, frames) >= 10


def test_a_person_who_gives_no_name_is_stored_without_one(server):
    """No name is kept as none (empty), never as words of one language ("You", "Player
    2"): each page calls that person by their seat in its own language."""
    status, made = http(server, "/api/matches", {"mode": "deals", "target": 5, "ruleset":
                                                 "classic", "bots": ["friend", "friend"]})
    assert status == 200, made
    tokens = [secret(i["link"]) for i in made["invitations"]]
    status, info = http(server, f"/api/join/{tokens[0]}")
    assert info["creator"] == "" and info["names"] == ["", None, None]
    assert http(server, f"/api/join/{tokens[0]}", {"name": " \t "})[1]["person"] == ""
    status, info = http(server, f"/api/join/{tokens[1]}", {"name": ""})
    assert status == 200 and info["person"] == "" and info["names"] == ["", "", ""]
    assert http(server, "/api/lobby")[1]["player"] == ""


def test_a_seat_left_empty_is_handed_to_a_computer_and_taken_back(server):
    made = with_friends(server)
    match_id, bo = made["id"], secret(made["invitations"][0]["link"])
    http(server, f"/api/join/{bo}", {"name": "Bo"})
    with connect(seat_url(server, match_id, made["token"])) as ann:
        state = receive(ann)
        with connect(seat_url(server, match_id, bo)) as friend:
            receive(friend)
            ann.send(json.dumps({"type": "autoplay", "bot": "easy", "seat": 1}))
            refused = receive(ann, "error")["reason"]
            assert refused["code"] == "seat_present" and refused["params"]["seat"] == 1
            friend.send(json.dumps({"type": "autoplay", "bot": "easy", "seat": 0}))
            assert receive(friend, "error")["reason"]["code"] == "not_creator"
        # Bo left: the pages hear it at once, and again once the seat may be handed over
        while (state := receive(ann))["seats"]["away"] != [1]:
            pass
        assert state["seats"]["present"] == [0]
        ann.send(json.dumps({"type": "autoplay", "bot": "easy", "seat": 1}))
        while (state := receive(ann))["state"]["match"]["autoplays"] != {"1": "easy"}:
            pass
        # the computer plays Bo's seat: the match goes on without him
        ann.send(json.dumps({"type": "autoplay", "bot": "easy"}))
        start = state["version"]
        while (state := receive(ann))["version"] < start + 8:
            pass
        ann.send(json.dumps({"type": "autoplay", "bot": None}))
        # Bo comes back and takes his seat back
        with connect(seat_url(server, match_id, bo)) as friend:
            state = receive(friend)
            assert state["state"]["match"]["autoplay"] == "easy"
            friend.send(json.dumps({"type": "autoplay", "bot": None}))
            while (state := receive(friend))["state"]["match"]["autoplay"] is not None:
                pass
            assert "1" not in state["state"]["match"]["autoplays"]
    store = Store(server.db)
    try:
        seats = {seat for seat, event in store.load(match_id).events if "autoplay" in event}
    finally:
        store.close()
    assert seats == {0, 1}


# ------------------------------------------------------------------ malformed, stale, out of turn

def acts(version):
    """Acts that answer the current ``version``: refused from a seat not to move, and (for
    the seat to move) in the wrong phase."""
    return st.builds(lambda a: json.dumps({"type": "act", "version": version, "action": a}),
                     st.sampled_from([{"bid": 3}, {"bid": "pass"}, {"pass": True},
                                      {"cards": ["3s"]}, {"double": True},
                                      {"play": "single 3"}]))


def message_for(version, seat, to_move):
    """What a page of ``seat`` (``None``: a spectator) sends that must change nothing."""
    stale = st.builds(lambda v, a: json.dumps({"type": "act", "version": v, "action": a}),
                      st.sampled_from([version - 1, version + 1, 999999]),
                      st.sampled_from([{"bid": 3}, {"pass": True}, {"bid": "pass"}]))
    others = [malformed, stale,
              st.just(json.dumps({"type": "next", "version": version})),
              st.builds(lambda s, b: json.dumps({"type": "autoplay", "seat": s, "bot": b}),
                        st.sampled_from([0, 1, 2, 3, -1, 7]).filter(lambda s: s != seat),
                        st.sampled_from(["easy", None, "nobody"]))]
    if seat is None:
        others.append(acts(version))
        others.append(st.just(json.dumps({"type": "autoplay", "bot": "easy"})))
    elif seat != to_move:
        others.append(acts(version))
    return st.one_of(others)


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_nothing_any_page_sends_out_of_turn_changes_the_table(server, data):
    """Malformed, stale and out-of-turn messages from every seat and from a spectator, over
    real sockets: each is refused, the stored events do not change, and no page is shown a
    card it may not know; the server never logs a traceback (checked at the end)."""
    made = getattr(server, "fuzz_made", None)
    if made is None:  # three people, nobody moves but them: only they could change it
        made = server.fuzz_made = with_friends(server, bots=("friend", "friend"))
        for i in made["invitations"]:
            http(server, f"/api/join/{secret(i['link'])}", {"name": f"P{i['seat']}"})
    match_id = made["id"]
    tokens = [made["token"], *(secret(i["link"]) for i in made["invitations"])]
    before = stored(server, match_id)
    urls = {seat: seat_url(server, match_id, token) for seat, token in enumerate(tokens)}
    urls[None] = watch_url(server, made)
    received = {seat: [] for seat in urls}
    with contextlib.ExitStack() as stack:
        sockets = {seat: stack.enter_context(connect(url)) for seat, url in urls.items()}
        first = {seat: receive(ws) for seat, ws in sockets.items()}
        for seat, message in first.items():
            received[seat].append(json.dumps(message))
        version, to_move = first[0]["version"], first[0]["state"]["waiting_for"]
        sends = data.draw(st.lists(st.sampled_from(list(urls)).flatmap(
            lambda s: st.tuples(st.just(s), message_for(version, s, to_move))),
            min_size=1, max_size=8))
        for seat, text in sends:
            ws = sockets[seat]
            ws.send(text)
            while (reply := json.loads(ws.recv(timeout=20)))["type"] != "error":
                if reply["type"] == "state":
                    received[seat].append(json.dumps(reply))
            if reply.get("stale"):  # the state comes again
                received[seat].append(json.dumps(receive(ws)))
        for seat, ws in sockets.items():
            ws.send(json.dumps({"type": "sync"}))
            received[seat].append(json.dumps(last := receive(ws)))
            assert last["version"] == version
    assert stored(server, match_id) == before
    checked(server, match_id, received)


# ------------------------------------------------------------------ a page that stops reading

def client_frame(text: str) -> bytes:
    """A masked WebSocket text frame, as a browser sends it."""
    data, mask = text.encode(), os.urandom(4)
    head = bytes([0x81, 0x80 | len(data)]) if len(data) < 126 else \
        bytes([0x81, 0x80 | 126]) + struct.pack(">H", len(data))
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


def test_a_friend_whose_page_stops_reading_holds_up_nothing(server):
    """A friend's page hands its seat to a computer, then never reads again: it is closed
    when its queue fills, and the creator's table plays on to the end of the match."""
    made = with_friends(server, target=10)
    match_id, bo = made["id"], secret(made["invitations"][0]["link"])
    http(server, f"/api/join/{bo}", {"name": "Bo"})
    stalled = socket.socket()
    stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    stalled.connect(("127.0.0.1", server.port))
    key = base64.b64encode(os.urandom(16)).decode()
    stalled.sendall((f"GET /ws/{match_id}?seat={bo} HTTP/1.1\r\n"
                     f"Host: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
                     f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                     "Sec-WebSocket-Version: 13\r\n\r\n").encode())
    assert b"101" in stalled.recv(1024)
    stalled.sendall(client_frame(json.dumps({"type": "autoplay", "bot": "easy"})))
    try:
        versions = []  # each message within 15 s: the table never waits on the stalled page
        with connect(seat_url(server, match_id, made["token"])) as ann:
            receive(ann)
            ann.send(json.dumps({"type": "autoplay", "bot": "easy"}))
            while not (message := receive(ann, timeout=15))["state"]["match"]["finished"]:
                versions.append(message["version"])
        assert versions == sorted(versions) and versions[-1] > 100
    finally:
        stalled.close()


# ------------------------------------------------------------------ --lan

def lan_or_skip() -> str:
    try:
        return lan_address()
    except ServeError:
        pytest.skip("this machine has no address on a local network")


def test_on_the_network_friends_reach_only_their_invitations(tmp_path):
    """``dizhu serve --lan``: a request from another machine (here: to the network address,
    which is not loopback) reaches invitations, its seat's socket, the watch link and its
    match's finished deals, never the lobby; the machine itself has everything."""
    address = lan_or_skip()
    lan = Server(tmp_path / "game.sqlite3", lan=True).start()
    try:
        made = with_friends(lan, bots=("friend", "friend"))
        assert made["lan"] is True
        remote = f"http://{address}:{lan.port}"
        assert made["invitations"][0]["link"].startswith(f"{remote}/#/join/")
        assert made["watch"].startswith(f"{remote}/#/watch/")
        match_id, bo = made["id"], secret(made["invitations"][0]["link"])

        def ask(path, body=None, base=remote, headers=None):
            data = None if body is None else json.dumps(body).encode()
            request = urllib.request.Request(base + path, data=data, headers=headers or {})
            try:
                with urllib.request.urlopen(request, timeout=10) as answer:
                    return answer.status, json.loads(answer.read())
            except urllib.error.HTTPError as e:
                text = e.read()
                return e.code, json.loads(text) if text.startswith(b"{") else text

        form = {"mode": "deals", "target": 5, "bots": ["easy", "easy"], "ruleset": "classic"}
        for path, body in (("/api/lobby", None), ("/api/matches", form), ("/api/status", None),
                           (f"/api/matches/{match_id}/invitations", None),
                           (f"/api/matches/{match_id}/abandon", {})):
            status, refused = ask(path, body)
            assert status == 403 and refused["reason"]["code"] == "local_only", path
            if body is None:
                assert ask(path, base=lan.url)[0] == 200  # the machine itself may
        assert ask(f"/api/join/{bo}", {"name": "Bo"})[1]["person"] == "Bo"
        assert ask(f"/api/watch/{secret(made['watch'])}") == (200, {"match": match_id})
        status, refused = ask(f"/api/matches/{match_id}/deals/0/replay")
        assert status == 404 and "no seat" in refused["error"]
        status, refused = ask(f"/api/matches/{match_id}/deals/0/replay?seat={bo}")
        assert status == 404 and "played out" in refused["error"]  # its own match: allowed
        status, _ = ask("/api/lobby", headers={"Host": f"rebind.example:{lan.port}"})
        assert status == 400
        with connect(f"ws://{address}:{lan.port}/ws/{match_id}?seat={bo}") as ws:
            assert receive(ws)["state"]["match"]["seat"] == 1
        with connect(f"ws://{address}:{lan.port}/ws/{match_id}") as ws:
            assert receive(ws, "error")["reason"]["code"] == "no_seat"
    finally:
        lan.stop()
    assert "friends join at" in lan.output() and "Traceback" not in lan.output()
