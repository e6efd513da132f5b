"""The game server: the lobby's JSON API, the table's WebSocket and the page itself.

The server is authoritative. Each table is driven by one task: a computer seat to move
thinks for a short pause (in a worker thread), its action is checked, stored and then sent.
A person's message is checked the same way; a refusal comes back as a readable message.
Every state message carries the match's version (the number of events accepted so far);
the page asks for a resync when it sees a gap, and on every reconnect.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..deal import AmbiguousPlayError
from ..match import DEAL_LIMITS, POINT_TARGETS
from ..reasons import Reason, reason_of
from ..record import RecordError
from ..rules import RuleSet
from ..rulesets import find_ruleset
from ..rulesets import names as ruleset_names
from ..session import (
    CLOCKS,
    LEVELS,
    ActionError,
    MatchSession,
    NewMatch,
    Store,
    play_json,
)
from .messages import MessageError, read_message
from .peer import Peer
from .replay import replay_frames
from .rooms import AWAY, Presence, dead_link, invitation, is_local, links, seat_by

STATIC = Path(__file__).parent / "static"
MAX_UPLOAD = 1 << 20
IDLE = 300.0
"""Seconds a match nobody uses stays loaded."""
log = logging.getLogger("dizhu.web")

LEVEL_NOTES = {
    "easy": "plays plainly: the lowest play that fits, rarely bombs",
    "normal": "plans its hand, keeps its 2s and jokers, peasants play together",
    "hard": "normal, plus card counting and an exact endgame",
    "expert": "imagines the hidden hands and plays each choice out (about 1 s a move)",
}


OPTION_NOTES = {
    "doubling": "peasants may double once the kitty is shown; the landlord may redouble",
    "distinct_kickers": "an airplane's single wings and four-with-two's kickers differ in rank",
}


def ruleset_json(rules: RuleSet) -> dict[str, Any]:
    """What the lobby shows of a ruleset: its names, seats and options."""
    return {"name": rules.name, "title": rules.title, "chinese": rules.chinese,
            "summary": rules.summary, "seats": rules.seats, "hand_size": rules.hand_size,
            "kitty_size": rules.kitty_size, "auction": rules.auction.name,
            "options": [{"name": o, "note": OPTION_NOTES[o]} for o in rules.option_names]}


class Room:
    """A loaded table, the pages watching it and the task that plays its computer seats."""

    def __init__(self, table: MatchSession, away: float = AWAY) -> None:
        self.table = table
        self.lock = asyncio.Lock()
        self.peers: set[Peer] = set()
        self.presence = Presence(table.people, away)
        self.away_timers: set[asyncio.Task] = set()
        """Each tells the pages when a seat has been away long enough to be handed over."""
        self.driver: asyncio.Task | None = None
        self.clock: asyncio.Task | None = None
        """The turn clock running for the person's turn (at ``clock_version``)."""
        self.used = time.monotonic()
        """When a page or a request last used this match."""
        self.clock_version = -1
        self.clock_deadline = 0.0

    def clock_left(self) -> float | None:
        """Seconds left on the turn clock of the person to move (all of them when it is
        about to start), or ``None`` when no person has a clock now."""
        table = self.table
        if not table.clock or table.person_to_move() is None:
            return None
        if self.clock is None or self.clock.done() or self.clock_version != table.version:
            return float(table.clock)
        return max(0.0, self.clock_deadline - asyncio.get_running_loop().time())

    def busy(self) -> bool:
        """Whether a computer player or a turn clock is at work on this match."""
        return any(task is not None and not task.done() for task in (self.driver, self.clock))

    def stop(self) -> None:
        """Stop the room's tasks (the match is abandoned or unloaded, or the server stops)."""
        for task in (self.driver, self.clock, *self.away_timers):
            if task is not None:
                task.cancel()

    def message(self, seat: int | None) -> dict[str, Any]:
        """The state message for the page of ``seat`` (``None``: a spectator)."""
        left = self.clock_left()
        return {"type": "state", "version": self.table.version,
                "state": self.table.state(seat),
                "clock": {"seconds": self.table.clock,
                          "left": None if left is None else round(left, 1)},
                "seats": self.presence.to_json()}

    async def broadcast(self) -> None:
        """Queue the state for every page, once no action is being stored."""
        async with self.lock:
            self.tell()

    def tell(self) -> None:
        """Queue the state for every page, each its own seat's (never waits on a page: see
        :mod:`.peer`). The caller holds :attr:`lock` with every event stored, so that no
        page hears of an event the database might still lose."""
        texts: dict[int | None, str] = {}
        for peer in list(self.peers):
            if not peer.open:
                self.peers.discard(peer)
                continue
            if peer.seat not in texts:
                texts[peer.seat] = json.dumps(self.message(peer.seat), ensure_ascii=False)
            peer.offer(texts[peer.seat])
            if not peer.open:
                self.peers.discard(peer)


class Hub:
    """The store, the loaded tables and the pace of the computer players.

    A match is loaded when a page or a request needs it and unloaded once nobody has used
    it for ``idle`` seconds (it is in SQLite: loading it again replays its events), so the
    server's memory follows the matches being played, not every match ever opened.
    """

    def __init__(self, store: Store, pause: float, idle: float = IDLE,
                 away: float = AWAY) -> None:
        self.store = store
        self.pause = pause
        self.idle = idle
        self.away = away
        self.rooms: dict[int, Room] = {}

    def room(self, match_id: int) -> Room | None:
        room = self.rooms.get(match_id)
        if room is None:
            table = MatchSession.load(self.store, match_id)
            if table is None:
                return None
            room = self.rooms[match_id] = Room(table, self.away)
        room.used = time.monotonic()
        return room

    def unload_idle(self) -> int:
        """Unload the matches nobody watches and nothing plays that have been idle for
        ``idle`` seconds; returns how many were unloaded."""
        now = time.monotonic()
        idle = [match_id for match_id, room in self.rooms.items()
                if not room.peers and not room.busy() and now - room.used >= self.idle]
        for match_id in idle:
            self.rooms.pop(match_id).stop()
        return len(idle)

    async def sweep(self) -> None:
        """Unload idle matches now and then, for the life of the server."""
        while True:
            await asyncio.sleep(max(1.0, self.idle / 4))
            self.unload_idle()

    async def arrive(self, room: Room, peer: Peer) -> None:
        """A page opened the table: every page hears who is at the table now."""
        room.peers.add(peer)
        room.presence.arrive(peer.seat)
        await room.broadcast()

    async def leave(self, room: Room, peer: Peer) -> None:
        """A page went away: the others hear it now, and again once its seat has been away
        long enough to be handed to a computer player."""
        room.peers.discard(peer)
        room.presence.leave(peer.seat)
        await room.broadcast()
        timer = asyncio.create_task(self._tell_away(room))
        room.away_timers.add(timer)
        timer.add_done_callback(room.away_timers.discard)

    async def _tell_away(self, room: Room) -> None:
        await asyncio.sleep(room.presence.away + 0.1)
        await room.broadcast()

    def kick(self, room: Room) -> None:
        """Start the room's driver unless it is running (it starts the turn clock when it
        is the person's turn)."""
        if room.driver is None or room.driver.done():
            room.driver = asyncio.create_task(self.drive(room))

    def start_clock(self, room: Room) -> None:
        """Run the turn clock for the person's turn now, if the match has one (once per
        turn: the version names the turn); stop a clock of an earlier turn."""
        table = room.table
        if room.clock is not None and room.clock_version == table.version and \
                not room.clock.done():
            return
        if room.clock is not None:
            room.clock.cancel()
            room.clock = None
        if table.clock and table.person_to_move() is not None:
            room.clock_version = table.version
            room.clock_deadline = asyncio.get_running_loop().time() + table.clock
            room.clock = asyncio.create_task(self.run_clock(room, table.version))

    async def run_clock(self, room: Room, version: int) -> None:
        """When the person's time runs out, act for them (pass, no double, or the first
        hint when leading) and go on."""
        table = room.table
        await asyncio.sleep(table.clock)
        async with room.lock:
            seat = table.person_to_move()
            if table.version != version or seat is None:
                return
            try:
                table.submit(seat, table.timeout_action(seat), by_clock=True)
                await stored(table)
            except (ActionError, sqlite3.Error):
                log.exception("match %s: the turn clock could not act", table.id)
                return
            room.tell()
        self.kick(room)

    async def drive(self, room: Room) -> None:
        """Play the computer seats (and the person's seat on auto-play) until the person
        is to act or the match is over."""
        table = room.table
        try:
            while True:
                async with room.lock:
                    pending = table.pending()
                    if pending is None:
                        self.start_clock(room)
                        return
                    kind, seat = pending
                    version = table.version
                    if kind == "act":  # the player and what it sees, as they are now
                        player = table.player_of(seat)
                        view = table.view_for_decision(seat)
                pause = self.pause * table.pace
                await asyncio.sleep(pause if kind == "act" else pause * 2)
                if table.version != version:
                    continue  # the person changed something during the pause: look again
                action = None
                if kind == "act":
                    action = await asyncio.to_thread(table.decide, player, view)
                async with room.lock:
                    if table.version != version:
                        continue  # the person changed something meanwhile: look again
                    if action is None:
                        table.next_deal()
                    else:
                        table.submit(seat, action)
                    await stored(table)
                    room.tell()
        except asyncio.CancelledError:
            raise
        except Exception as e:
            log.exception("match %s: the computer player failed", table.id)
            failed = {"type": "error", "message": f"a computer player failed ({e}); reload the "
                      "page to try again"}
            for peer in list(room.peers):
                peer.send(failed)

    async def handle(self, room: Room, peer: Peer, message: dict[str, Any]) -> None:
        """One message from a page (already checked by :func:`.read_message`)."""
        table = room.table
        kind = message["type"]
        seat = peer.seat
        if kind == "sync":
            async with room.lock:
                peer.send(room.message(seat))
            return
        try:
            if seat is None:
                raise ActionError(Reason("spectator", "a spectator watches: only the people "
                                         "at the table act"))
            if kind == "hint":
                async with room.lock:
                    plays = [play_json(p) for p in table.hints(seat)]
                    version = table.version
                peer.send({"type": "hints", "version": version, "plays": plays})
                return
            async with room.lock:
                if message.get("version", table.version) != table.version:
                    raise StaleMessage(Reason("stale", "that answered an older state of the "
                                              "table: look again"))
                if kind == "act":
                    table.person_acts(seat, message["action"])
                elif kind == "next":
                    table.next_deal(seat)
                else:  # auto-play for this seat, or (the creator) for one left empty
                    target = message.get("seat", seat)
                    room.presence.hand_over(seat, target)
                    table.set_autoplay(target, message["bot"])
                await stored(table)
                room.tell()
        except AmbiguousPlayError as e:
            peer.send({"type": "choose", **said(e), "options": [play_json(p) for p in e.options]})
            return
        except StaleMessage as e:  # the page missed a change: it gets the state again
            peer.send({"type": "error", "stale": True, **said(e)})
            async with room.lock:
                peer.send(room.message(seat))
            return
        except ActionError as e:
            peer.send({"type": "error", **said(e)})
            return
        except sqlite3.Error as e:
            log.exception("match %s: an action could not be stored", table.id)
            peer.send({"type": "error", **said(Reason(
                "not_saved", f"that could not be saved ({e}); nothing changed: try again"))})
            return
        self.kick(room)


async def stored(table: MatchSession) -> None:
    """Wait (holding the room's lock) until the match's last event is committed, together
    with the events of other matches that came meanwhile; if it could not be, the event is
    taken back and the error raised. Only then may the pages hear of it."""
    if table.writing is not None:
        with contextlib.suppress(Exception):
            await asyncio.shield(asyncio.wrap_future(table.writing))
        table.settle()


class StaleMessage(Exception):
    """A message that answered an older version of the table than the current one."""


def said(error: BaseException | str) -> dict[str, Any]:
    """How a refusal is sent: its English ``message`` and, when it has one, the ``reason``
    (code and facts) a page says in its own language."""
    reason = reason_of(error)
    message = str(error)
    return {"message": message, "reason": reason.to_json()} if reason else {"message": message}


def refused(error: BaseException | str, prefix: str = "", status: int = 400) -> JSONResponse:
    """An HTTP refusal: ``{"error": words, "reason": {...}}`` (see :func:`said`)."""
    found = said(error)
    return JSONResponse({"error": prefix + found["message"],
                         **({"reason": found["reason"]} if "reason" in found else {})},
                        status_code=status)


def same_origin(headers) -> bool:
    """Whether a request comes from this server's own page (or from no page at all, like a
    script): another web site open in the browser must not reach the game."""
    origin = headers.get("origin")
    if origin is None:
        return True
    return urlsplit(origin).netloc == headers.get("host", "")


FOREIGN = "requests from other web pages are refused"
NO_SUCH_MATCH = Reason("no_such_match", "there is no such match")
LOCAL_ONLY = Reason("local_only", "only the computer that runs the game may do that: "
                    "friends open their invitation")


def create_app(db_path: str | Path, pause: float = 0.8, hosts: list[str] | None = None,
               idle: float = IDLE, lan: bool = False, away: float = AWAY) -> Starlette:
    """The game as an ASGI application on a database file. ``hosts``: the host names the
    server answers to (any, when not given); requests naming another host are refused, so
    that a site that points its name at this address (DNS rebinding) cannot use the game.
    ``lan``: the server is reachable from the local network; the lobby, making, abandoning
    and resuming matches are then only for the machine itself (see :mod:`.rooms`), and
    invitations name ``app.state.base`` (the address friends reach)."""
    store = Store(db_path, grouped=True)
    hub = Hub(store, pause, idle, away)

    def not_local(request: Request) -> Response | None:
        """A refusal for a request from another machine, on a server on the network."""
        if lan and not is_local(request.client):
            return refused(LOCAL_ONLY, status=403)
        return None

    def base_of(request: Request) -> str:
        return getattr(request.app.state, "base", None) or str(request.base_url)

    def room_of(request: Request) -> Room | None:
        try:
            return hub.room(int(request.path_params["match_id"]))
        except ValueError:
            return None

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def lobby(request: Request) -> Response:
        if (refusal := not_local(request)) is not None:
            return refusal
        player = store.last_player()
        return JSONResponse({
            "player": player or "",
            "levels": [{"name": n, "note": LEVEL_NOTES[n]} for n in LEVELS],
            "deal_limits": list(DEAL_LIMITS), "point_targets": list(POINT_TARGETS),
            "clocks": list(CLOCKS),
            "rulesets": [ruleset_json(find_ruleset(name)) for name in ruleset_names()],
            "unfinished": store.matches(finished=False),
            "finished": store.matches(finished=True, limit=20),
            "stats": store.statistics(player),
        })

    async def new_match(request: Request) -> Response:
        if not same_origin(request.headers):
            return JSONResponse({"error": FOREIGN}, status_code=403)
        if (refusal := not_local(request)) is not None:
            return refusal
        try:
            data = await request.json()
            table = MatchSession.create(store, NewMatch.from_json(data))
        except ActionError as e:
            return refused(e)
        except ValueError:
            not_json = "the request is not JSON"
            return refused(Reason("bad_form", not_json, detail=not_json))
        hub.rooms[table.id] = Room(table, hub.away)
        made = {**links(table, base_of(request)), "lan": lan}
        if lan and made["invitations"]:
            print(f"match {table.id}: friends join at", *(i["link"] for i in made["invitations"]),
                  f"(spectators: {made['watch']})", flush=True)
        return JSONResponse({"id": table.id, **made})

    async def invitations(request: Request) -> Response:
        """The creator's seat and the links to give friends and spectators (resuming)."""
        if not same_origin(request.headers):
            return JSONResponse({"error": FOREIGN}, status_code=403)
        if (refusal := not_local(request)) is not None:
            return refusal
        room = room_of(request)
        if room is None:
            return refused(NO_SUCH_MATCH, status=404)
        return JSONResponse({"id": room.table.id, **links(room.table, base_of(request)),
                             "lan": lan})

    async def join(request: Request) -> Response:
        """An invitation: what it opens (GET), or its person sitting down (POST)."""
        if not same_origin(request.headers):
            return JSONResponse({"error": FOREIGN}, status_code=403)
        found = store.seat_of(request.path_params["token"])
        room = None if found is None else hub.room(found[0])
        if room is None:
            return refused(dead_link(), status=404)
        table, seat = room.table, found[1]
        if request.method == "POST":
            try:
                data = await request.json()
            except ValueError:
                data = None
            if not isinstance(data, dict) or type(data.get("name")) is not str:
                words = "a person sits down with a name: {\"name\": \"...\"}"
                return refused(Reason("bad_form", words, detail=words))
            async with room.lock:
                table.sit(seat, data["name"])
                room.tell()
        return JSONResponse(invitation(table, seat))

    async def watch(request: Request) -> Response:
        """The watch link: the match it opens."""
        match_id = store.watched(request.path_params["secret"])
        if match_id is None:
            return refused(dead_link(), status=404)
        return JSONResponse({"match": match_id})

    async def abandon(request: Request) -> Response:
        if not same_origin(request.headers):
            return JSONResponse({"error": FOREIGN}, status_code=403)
        if (refusal := not_local(request)) is not None:
            return refusal
        room = room_of(request)
        if room is None:
            return refused(NO_SUCH_MATCH, status=404)
        try:
            async with room.lock:
                room.table.abandon()
                room.stop()
                room.tell()
        except ActionError as e:
            return refused(e, status=409)
        return JSONResponse({"abandoned": room.table.id})

    async def finished_record(request: Request) -> dict[str, Any] | Response:
        try:
            match_id = int(request.path_params["match_id"])
            index = int(request.path_params["index"])
        except ValueError:
            return JSONResponse({"error": "no such deal"}, status_code=404)
        room = hub.room(match_id)
        if room is None:
            return JSONResponse({"error": f"no match {match_id}"}, status_code=404)
        try:
            if lan and not is_local(request.client):  # friends: of their own match only
                seat_by(room.table, request.query_params)
            async with room.lock:  # never a deal whose last play is still being stored
                return room.table.deal_record(index)
        except ActionError as e:
            return JSONResponse({"error": str(e)}, status_code=404)

    async def record(request: Request) -> Response:
        found = await finished_record(request)
        if isinstance(found, Response):
            return found
        name = f"dizhu-match{request.path_params['match_id']}-deal" \
               f"{int(request.path_params['index']) + 1}.json"
        return Response(json.dumps(found, ensure_ascii=False, indent=1),
                        media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def deal_replay(request: Request) -> Response:
        found = await finished_record(request)
        if isinstance(found, Response):
            return found
        return JSONResponse({"frames": replay_frames(found), "record": found})

    async def uploaded_replay(request: Request) -> Response:
        if not same_origin(request.headers):
            return JSONResponse({"error": FOREIGN}, status_code=403)
        if (refusal := not_local(request)) is not None:
            return refusal
        body = await request.body()
        if len(body) > MAX_UPLOAD:
            too_large = "that file is too large to be a deal record"
            return refused(Reason("not_a_record", too_large, detail=too_large))
        try:
            found = json.loads(body)
            return JSONResponse({"frames": replay_frames(found), "record": found})
        except (json.JSONDecodeError, UnicodeDecodeError):
            not_json = "that file is not a JSON deal record"
            return refused(Reason("not_a_record", not_json, detail=not_json))
        except RecordError as e:
            return refused(e, "that record does not replay: ")

    async def table_socket(ws: WebSocket) -> None:
        if not same_origin(ws.headers):
            await ws.close(code=1008, reason=FOREIGN)
            return
        await ws.accept()
        try:
            match_id = int(ws.path_params["match_id"])
        except ValueError:
            match_id = -1
        room = hub.room(match_id)
        try:
            if room is None:
                raise ActionError(NO_SUCH_MATCH)
            seat = seat_by(room.table, ws.query_params)
        except ActionError as e:
            await ws.send_json({"type": "error", **said(e), "fatal": True})
            await ws.close()
            return
        peer = Peer(ws, seat)
        try:
            await hub.arrive(room, peer)
            hub.kick(room)
            while peer.open:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                try:
                    message = read_message(frame.get("text", frame.get("bytes")))
                except MessageError as e:
                    peer.send({"type": "error", **said(Reason(
                        "bad_message", f"the server could not read that message: {e}",
                        detail=str(e)))})
                    continue
                await hub.handle(room, peer, message)
        except (WebSocketDisconnect, RuntimeError):  # the page went away mid-receive
            pass
        finally:
            peer.close()
            await hub.leave(room, peer)

    async def status(request: Request) -> Response:
        if (refusal := not_local(request)) is not None:
            return refusal
        return JSONResponse({"loaded_matches": len(hub.rooms),
                             "pages": sum(len(room.peers) for room in hub.rooms.values())})

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        sweeper = asyncio.create_task(hub.sweep())
        yield
        sweeper.cancel()
        for room in hub.rooms.values():
            room.stop()
        store.close()

    app = Starlette(routes=[
        Route("/", index),
        Route("/api/lobby", lobby),
        Route("/api/status", status),
        Route("/api/matches", new_match, methods=["POST"]),
        Route("/api/matches/{match_id}/abandon", abandon, methods=["POST"]),
        Route("/api/matches/{match_id}/invitations", invitations),
        Route("/api/join/{token}", join, methods=["GET", "POST"]),
        Route("/api/watch/{secret}", watch),
        Route("/api/matches/{match_id}/deals/{index}/record", record),
        Route("/api/matches/{match_id}/deals/{index}/replay", deal_replay),
        Route("/api/replay", uploaded_replay, methods=["POST"]),
        WebSocketRoute("/ws/{match_id}", table_socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ], lifespan=lifespan,
        middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=hosts)] if hosts else [])
    app.state.hub = hub
    return app

