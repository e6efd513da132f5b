"""The server against bad input and bad peers (issue 10, hardening), for real: a server
process on 127.0.0.1, raw WebSocket frames, a page that stops reading."""

import base64
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

from dizhu.session import CREATOR, MatchSession, Store

from .test_web_server import http, new_match, receive, table_url
from .webserver import Server, check_frames


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(tmp_path_factory.mktemp("hardening") / "game.sqlite3").start()
    yield s
    s.terminate()  # all it was sent is dealt with before it exits: then its log is read
    assert not s.troubles(), s.output()


def state_of(server, match_id) -> tuple[int, dict]:
    store = Store(server.db)
    try:
        table = MatchSession.load(store, match_id)
        return table.version, table.state()
    finally:
        store.close()


frames = st.one_of(
    st.binary(max_size=40),
    st.text(max_size=40),
    st.just("[" * 3000),
    st.just('{"type": "act", "action": {"bid": 1e400}}'),
    st.just('{"type": "act", "action": {"bid": 1.5}}'),
    st.just('{"type": "act", "action": ["bid", 2]}'),
    st.just('{"type": "autoplay", "bot": 7}'),
    st.just('{"type": "autoplay", "bot": "normal:fits=abc"}'),
    st.just('{"type": "act", "version": 999999, "action": {"play": "rocket BR"}}'),
    st.just('{"type": "act", "version": 999999, "action": {"pass": true}}'),
    st.just('{"type": "next", "version": 999999}'),
    st.builds(lambda a: json.dumps({"type": "act", "version": 999999, "action": a}),
              st.dictionaries(st.sampled_from(["bid", "double", "cards", "play", "pattern"]),
                              st.one_of(st.integers(), st.text(max_size=6), st.booleans(),
                                        st.lists(st.text(max_size=3), max_size=3)),
                              min_size=1, max_size=2)),
)


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(frames, min_size=1, max_size=6))
def test_bad_stale_and_out_of_turn_messages_change_nothing(server, sent):
    """Whatever a page sends that is malformed, stale or not its turn: an error comes back,
    the socket stays open, the table does not move, and no frame names a hidden card."""
    match_id = getattr(server, "fuzz_match", None)
    if match_id is None:  # one match, waiting for the person: nothing else moves it
        match_id = server.fuzz_match = new_match(server)
        with connect(table_url(server, match_id)) as ws:
            while receive(ws, timeout=30)["state"]["waiting_for"] != CREATOR:
                pass
    before = state_of(server, match_id)
    received = []
    with connect(table_url(server, match_id)) as ws:
        received.append(ws.recv(timeout=20))
        for frame in sent:
            ws.send(frame)
            reply = receive(ws, "error")  # each one is refused, the socket stays open
            if reply.get("stale"):  # an answer to an older state: the state comes again
                received.append(json.dumps(receive(ws)))
        ws.send(json.dumps({"type": "sync"}))
        received.append(json.dumps(receive(ws)))
    assert state_of(server, match_id) == before
    assert json.loads(received[-1])["version"] == before[0]
    store = Store(server.db)
    try:
        check_frames(store, match_id, received)
    finally:
        store.close()


def raw_websocket(server, match_id) -> socket.socket:
    """A page that opens the table's socket and then never reads from it."""
    path = table_url(server, match_id).split(str(server.port), 1)[1]
    sock = handshake(server, path, window=4096)  # a small window: it fills at once
    assert b"101" in sock.recv(1024)
    return sock


def test_a_page_that_stops_reading_holds_up_nothing(server):
    """Issue 10: a page that stopped reading froze its table for over a minute. Now its
    queue fills or its sends time out and it is closed; the table and the other page go on."""
    match_id = new_match(server, target=10)
    stalled = raw_websocket(server, match_id)
    try:
        versions = []  # each message within 15 s: the table never waits on the stalled page
        with connect(table_url(server, match_id)) as ws:
            receive(ws)
            ws.send(json.dumps({"type": "autoplay", "bot": "easy"}))
            while True:
                message = receive(ws, timeout=15)
                versions.append(message["version"])
                if message["state"]["match"]["finished"]:
                    break
        assert versions == sorted(versions) and len(versions) > 100, len(versions)
    finally:
        stalled.close()


def test_another_host_name_is_refused(server):
    """Issue 10: a page on another site that points its name at 127.0.0.1 (DNS rebinding)
    sent Host and Origin both its own, which passed the Origin check."""
    form = json.dumps({"ruleset": "classic", "mode": "deals", "target": 5,
                       "bots": ["easy", "easy"]}).encode()
    request = urllib.request.Request(server.url + "/api/matches", data=form, headers={
        "Host": "rebind.example", "Origin": "http://rebind.example"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 400
    for name in ("127.0.0.1", "localhost"):
        ok = urllib.request.Request(f"http://{name}:{server.port}/api/status")
        with urllib.request.urlopen(ok, timeout=10) as answer:
            assert answer.status == 200


def test_idle_matches_are_unloaded(tmp_path):
    """Issue 10: every match opened stayed loaded for the life of the process. (The test
    waits for the unloading itself, with ``?loaded=N``, not a guessed time.)"""
    quick = Server(tmp_path / "game.sqlite3", idle=1.0).start()
    try:
        ids = [new_match(quick) for _ in range(3)]
        with connect(table_url(quick, ids[0])) as ws:
            receive(ws)
            assert loaded(quick)["loaded_matches"] == 3
            assert loaded(quick, 1) == {"loaded_matches": 1, "pages": 1}  # the one watched
        assert loaded(quick, 0)["loaded_matches"] == 0
        with connect(table_url(quick, ids[1])) as ws:  # loaded again from the file
            assert receive(ws)["state"]["match"]["id"] == ids[1]
    finally:
        quick.stop()


def loaded(server, count: int | None = None) -> dict:
    """The server's status (once ``count`` matches are loaded, when given)."""
    wait = "" if count is None else f"?loaded={count}"
    with urllib.request.urlopen(f"{server.url}/api/status{wait}", timeout=40) as answer:
        return json.loads(answer.read())


def test_pages_that_vanish_leave_no_task_behind(tmp_path):
    """A page's writer was once left pending when its page went away (asyncio logged
    "Task was destroyed but it is pending!" for ``Peer._write``). Pages here go away in
    every way while their table plays: closed properly, cut off without a close frame,
    and stalled until the server closes them; the server logs nothing."""
    s = Server(tmp_path / "game.sqlite3").start()
    try:
        match_id = new_match(s, target=10)
        url = table_url(s, match_id)
        stalled = [raw_websocket(s, match_id) for _ in range(3)]
        with connect(url) as ws:
            receive(ws)
            ws.send(json.dumps({"type": "autoplay", "bot": "easy"}))
            for _ in range(12):
                with connect(url) as polite:
                    receive(polite)
                cut = raw_websocket(s, match_id)
                cut.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                cut.close()  # a reset: no close frame, no FIN
                receive(ws, timeout=15)
            while not receive(ws, timeout=15)["state"]["match"]["finished"]:
                pass
        for sock in stalled:
            sock.close()
        s.terminate()  # it waits for every page's task: one left behind, it never exits
    finally:
        s.stop()
    assert not s.troubles(), s.output()


def handshake(server, path: str, whole: bool = True, window: int = 0) -> socket.socket:
    """A socket that sends the table's WebSocket handshake (or only its first half);
    ``window``: its receive buffer's size, set before connecting."""
    sock = socket.socket()
    if window:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, window)
    sock.connect(("127.0.0.1", server.port))
    key = base64.b64encode(os.urandom(16)).decode()
    request = (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
               "Upgrade: websocket\r\nConnection: Upgrade\r\n"
               f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode()
    sock.sendall(request if whole else request[:len(request) // 2])
    return sock


def cut_sockets(server, match_id) -> None:
    """Pages that go away in every way a network cuts them: closed right after the
    handshake (before and after reading its answer), cut in the middle of a frame or of
    the handshake, reset."""
    path = table_url(server, match_id).split(str(server.port), 1)[1]
    for _ in range(4):
        handshake(server, path).close()
        sock = handshake(server, path)
        assert b"101" in sock.recv(1024)
        sock.close()
        sock = handshake(server, path)
        sock.recv(1024)
        sock.sendall(bytes([0x81, 0x80 | 100]) + os.urandom(4) + b"x" * 10)  # 10 of 100 bytes
        sock.close()
        handshake(server, path, whole=False).close()
        sock = handshake(server, path)
        sock.recv(1024)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        sock.close()


def test_pages_cut_off_in_every_way_let_the_server_stop_on_sigterm(tmp_path):
    """Issue 15, item 16: a socket closed right after its handshake, or cut mid-frame,
    left its page's tasks for good (a cancelled writer went on waiting for messages), and
    SIGTERM never stopped the server (it waits for every page's task): a service manager
    had to kill it, and its last commit never ran. Now the server exits on SIGTERM while a
    table plays, with its database closed cleanly (the log copied in and removed), every
    action a page heard of stored, and nothing logged."""
    s = Server(tmp_path / "game.sqlite3").start()
    try:
        match_id = new_match(s, target=20)
        cut_sockets(s, match_id)
        with connect(table_url(s, match_id)) as ws:
            receive(ws)
            ws.send(json.dumps({"type": "autoplay", "bot": "easy"}))
            heard = max(receive(ws, timeout=15)["version"] for _ in range(20))
            status = s.terminate(within=15)  # the table is playing: commits on their way
    finally:
        s.stop()
    assert status in (0, -15), s.output()
    assert not s.troubles(), s.output()
    assert not (tmp_path / "game.sqlite3-wal").exists()
    store = Store(tmp_path / "game.sqlite3")
    try:
        assert MatchSession.load(store, match_id).version >= heard
    finally:
        store.close()


def client_frame(payload: bytes, length: int | None = None, opcode: int = 0x1) -> bytes:
    """A page's frame (masked, final) carrying ``payload``; ``length``: the length its
    header announces, when it is not the payload's."""
    length = len(payload) if length is None else length
    if length < 126:
        head = bytes([0x80 | opcode, 0x80 | length])
    elif length < 1 << 16:
        head = bytes([0x80 | opcode, 0x80 | 126]) + struct.pack("!H", length)
    else:
        head = bytes([0x80 | opcode, 0x80 | 127]) + struct.pack("!Q", length)
    mask = os.urandom(4)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def upgraded(server, path: str) -> tuple[socket.socket, bytes]:
    """A socket through the table's WebSocket handshake (its answer read), and what came
    after the answer already."""
    sock = handshake(server, path)
    sock.settimeout(10)
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(4096)
    head, rest = data.split(b"\r\n\r\n", 1)
    assert b" 101 " in head.split(b"\r\n", 1)[0], head
    return sock, rest


def close_code(sock: socket.socket, data: bytes = b"", within: float = 10.0) -> int | None:
    """Read the server's frames (``data``: those read already) until it closes the socket:
    the code of its close frame (``None``: closed without one). A server that keeps the
    socket open fails the test after ``within`` seconds."""
    sock.settimeout(within)
    while True:
        while len(data) >= 2:
            length, start = data[1] & 0x7F, 2
            if length >= 126:
                size = 2 if length == 126 else 8
                if len(data) < 2 + size:
                    break
                length, start = int.from_bytes(data[2:2 + size], "big"), 2 + size
            if len(data) < start + length:
                break
            if data[0] & 0x0F == 0x8:
                return struct.unpack("!H", data[start:start + 2])[0] if length >= 2 else None
            data = data[start + length:]
        try:
            more = sock.recv(65536)
        except TimeoutError:
            raise AssertionError(f"the server kept the socket open {within:g} s") from None
        if not more:
            return None
        data += more


def test_frames_no_message_fits_are_refused_as_they_are_read(tmp_path):
    """Issue 15, items 17 and 20: a text frame that is not UTF-8 made the server log a
    traceback, and the transport read frames of up to 16 MiB (each kept in memory until it
    was whole) while the game refuses messages over 4 KiB. Now the first is refused with
    1007 and the second from its header with 1009, the table goes on, and the server's
    log stays empty."""
    s = Server(tmp_path / "game.sqlite3").start()
    try:
        match_id = new_match(s)
        path = table_url(s, match_id).split(str(s.port), 1)[1]
        for bad in (b"\xff\xfe", b'{"type": "sync"}\xc3', b"\xed\xa0\x80", "牌".encode()[:2]):
            sock, read = upgraded(s, path)
            sock.sendall(client_frame(bad))
            assert close_code(sock, read) == 1007
            sock.close()
        sock, read = upgraded(s, path)
        sock.sendall(client_frame(b"x" * 1000, length=15 << 20))  # 15 MiB announced
        assert close_code(sock, read) == 1009
        sock.close()
        with connect(table_url(s, match_id)) as ws:
            version = receive(ws)["version"]
            ws.send(json.dumps({"type": "sync"}))
            assert receive(ws)["version"] >= version  # its computer players may have moved
        s.terminate()
    finally:
        s.stop()
    assert not s.troubles(), s.output()


def announced(server, path: str, length: int, start: bytes = b"") -> tuple[int, dict]:
    """A POST whose head announces a body of ``length`` bytes, of which only ``start`` is
    sent: the server's answer (status and JSON)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=20) as sock:
        sock.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                     "Content-Type: application/json\r\nConnection: close\r\n"
                     f"Content-Length: {length}\r\n\r\n".encode() + start)
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), json.loads(body)


def test_requests_longer_than_any_form_are_refused_unread(server):
    """As with the frames: a new match's form or a name was read in whole, however long (a
    form of 2 MiB made a match, its name cut to 24 characters), and a record to replay was
    read in whole before its size was looked at. Now each is refused past its bound, from
    the length it announces, without reading it: 413 for a form, ``record_too_large`` for a
    record; a request cut off mid-body leaves no traceback (checked with the module's
    server's log)."""
    huge = {"player": "x" * (2 << 20), "ruleset": "classic", "mode": "deals", "target": 5,
            "bots": ["friend", "easy"]}
    status, body = http(server, "/api/matches", {**huge, "player": "Ann"})
    assert status == 200
    token = body["invitations"][0]["link"].rsplit("/", 1)[1]
    for path in ("/api/matches", f"/api/join/{token}"):
        status, body = announced(server, path, 2 << 20, b'{"player": "xxx')
        assert status == 413 and body["reason"]["code"] == "bad_form", (path, status, body)
    status, body = announced(server, "/api/replay", 2 << 20, b"[")
    assert status == 400 and body["reason"]["code"] == "record_too_large"
    with socket.create_connection(("127.0.0.1", server.port)) as cut:  # gone mid-body
        cut.sendall(f"POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                    "Content-Length: 100\r\n\r\n{\"player\"".encode())
    status, lobby = http(server, "/api/lobby")
    assert "x" * 24 not in [m["player"] for m in lobby["unfinished"]]
