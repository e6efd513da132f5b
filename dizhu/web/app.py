"""The game server: the lobby's JSON API, invitations, the table's WebSocket and the page
itself. The server is authoritative: the tables it holds (:mod:`.hub`) check every action
with the session layer before any page hears of it."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..bots.registry import PYTHON, strongest_level
from ..match import DEAL_LIMITS, POINT_TARGETS
from ..reasons import Reason, reason_of
from ..record import RecordError
from ..rules import RuleSet
from ..rulesets import find_ruleset, names
from ..session import (
    CLOCKS,
    LEVELS,
    ActionError,
    MatchSession,
    NewMatch,
    Store,
)
from ..session import form_of as settings_form
from ..session.form import bad_form
from ..session.store import WAIT
from ..words import catalog
from .coaching import Coaching, CoachingError
from .hub import IDLE, Hub, Room, log, not_saved, said
from .intents import Intents, intent_of
from .messages import MessageError, read_message
from .peer import Peer
from .puzzles import puzzle_routes, puzzle_summary
from .replay import replay_frames
from .rooms import AWAY, dead_link, invitation, is_local, links, seat_by

STATIC = Path(__file__).parent / "static"
MAX_UPLOAD = 1 << 20
"""The longest record a page may upload to replay (bytes)."""
MAX_FORM = 1 << 14
"""The longest body of a new match's form or of a name (bytes): far more than either."""
STATUS_WAIT = 30.0
"""The longest ``/api/status?loaded=N`` waits."""

def ruleset_json(rules: RuleSet) -> dict[str, Any]:
    """What the lobby shows of a ruleset: its names, seats and options."""
    return {"name": rules.name, "title": rules.title, "chinese": rules.chinese,
            "summary": rules.summary, "seats": rules.seats, "hand_size": rules.hand_size,
            "kitty_size": rules.kitty_size, "auction": rules.auction.name,
            "options": [{"name": o, "note": catalog("en")[f"option.note.{o}"]}
                        for o in rules.option_names]}


async def body_of(request: Request, limit: int) -> bytes | None:
    """The request's body, or ``None`` if it is longer than ``limit`` bytes (read no
    further than that) or the client went away before sending it all."""
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > limit:
        return None
    chunks, size = [], 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                return None
            chunks.append(chunk)
    except ClientDisconnect:
        return None
    return b"".join(chunks)


async def form_of(request: Request, empty: Any = None) -> Any:
    """A form's JSON (``MAX_FORM`` bytes at most), or the refusal to answer instead;
    ``empty``, where not ``None``, stands for a request without a body."""
    raw = await body_of(request, MAX_FORM)
    if raw is None:
        too_long = f"the request is longer than any form ({MAX_FORM} bytes)"
        return refused(Reason("bad_form", too_long, detail=too_long), status=413)
    if empty is not None and not raw.strip():
        return empty
    try:
        return json.loads(raw)
    except ValueError:
        not_json = "the request is not JSON"
        return refused(Reason("bad_form", not_json, detail=not_json))


def refused(error: BaseException | str, prefix: str = "", status: int = 400) -> JSONResponse:
    """An HTTP refusal: ``{"error": words, "reason": {...}}`` (see :func:`said`)."""
    found = said(error)
    return JSONResponse({"error": prefix + found["message"],
                         **({"reason": found["reason"]} if "reason" in found else {})},
                        status_code=status)


def unsaved(error: sqlite3.Error) -> JSONResponse:
    """The answer to a request the database could not store (locked by another program
    longer than the store waits, say): 503, nothing of it stored, try again."""
    log.warning("a request could not be stored (%s)", error)
    return refused(not_saved(error), status=503)


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
               idle: float = IDLE, lan: bool = False, away: float = AWAY,
               programs: dict[str, str] | None = None, sync: str = "full",
               wait: float = WAIT) -> Starlette:
    """The game as an ASGI application on a database file. ``hosts``: the host names the
    server answers to (any, when not given); requests naming another host are refused, so
    that a site that points its name at this address (DNS rebinding) cannot use the game.
    ``lan``: the server is reachable from the local network; the lobby, making, abandoning
    and resuming matches are then only for the machine itself (see :mod:`.rooms`), and
    invitations name ``app.state.base`` (the address friends reach). ``programs``: outside
    programs (the bot protocol) offered in the lobby beside the levels, by name. ``sync``:
    how commits reach the disk (:data:`dizhu.session.writer.SYNC`). ``wait``: seconds a
    write waits for a database another program holds locked before it is refused (503, or
    a table's move tried again later by itself)."""
    programs = programs or {}
    store = Store(db_path, grouped=True, sync=sync, wait=wait)
    hub = Hub(store, pause, idle, away)
    coaching = Coaching()
    intents = Intents()

    def not_local(request: Request) -> Response | None:
        """A refusal for a request from another machine, on a server on the network."""
        if lan and not is_local(request.client):
            return refused(LOCAL_ONLY, status=403)
        return None

    def host_only(request: Request) -> Response | None:
        """A refusal for a request the host's own page did not make: one from another web
        site, or (on a server on the network) from another machine."""
        if not same_origin(request.headers):
            return JSONResponse({"error": FOREIGN}, status_code=403)
        return not_local(request)

    async def hosts_form(request: Request, empty: Any = None) -> Any:
        """The JSON form a request of the host's own page sent (:func:`form_of`), or why
        it is refused (a response)."""
        if (refusal := host_only(request)) is not None:
            return refusal
        return await form_of(request, empty)

    def hosts_room(request: Request) -> Room | Response:
        """The match a request of the host's own page names, or why not."""
        if (refusal := host_only(request)) is not None:
            return refusal
        room = room_of(request)
        return refused(NO_SUCH_MATCH, status=404) if room is None else room

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
        last = store.last_settings()
        return JSONResponse({
            "player": player or "",
            "last": None if last is None else {"player": last[0], "settings": last[1]},
            "levels": [*({"name": n, "note": catalog("en")[f"level.note.{n}"]} for n in LEVELS),
                       *({"name": n, "note": f"a Python bot: {command}"
                          if command.startswith(PYTHON) else f"a program: {command}"}
                         for n, command in programs.items())],
            "strongest": strongest_level(),
            "deal_limits": list(DEAL_LIMITS), "point_targets": list(POINT_TARGETS),
            "clocks": list(CLOCKS),
            "rulesets": [ruleset_json(find_ruleset(name)) for name in names()],
            "unfinished": store.matches(finished=False),
            "finished": store.matches(finished=True, limit=20),
            "stats": store.statistics(player),
            "puzzles": puzzle_summary(store, player or ""),
        })

    def made(request: Request, table: MatchSession) -> Response:
        """The answer to a new match: its id, the creator's seat and the links to give."""
        if table.id not in hub.rooms:
            hub.opened(table)
        answer = {**links(table, base_of(request)), "lan": lan}
        if lan and answer["invitations"]:
            print(f"match {table.id}: friends join at",
                  *(i["link"] for i in answer["invitations"]),
                  f"(spectators: {answer['watch']})", flush=True)
        return JSONResponse({"id": table.id, **answer})

    async def new_match(request: Request) -> Response:
        form = await hosts_form(request)
        if isinstance(form, Response):
            return form
        try:
            intent = intent_of(form) if isinstance(form, dict) else None
            new = NewMatch.from_json(form, programs)
        except ActionError as e:
            return refused(e)
        return await create(request, new, intent)

    async def create(request: Request, new: NewMatch, intent: str | None) -> Response:
        """Make a match as ``new`` asks, once for ``intent`` (:mod:`.intents`), and answer
        with its links (stored by the writer: a thread waits for it, the event loop does
        not)."""
        try:
            table = await intents.once(
                intent, lambda: asyncio.to_thread(MatchSession.create, store, new))
        except sqlite3.Error as e:
            return unsaved(e)
        return made(request, table)

    async def play_now(request: Request) -> Response:
        """The lobby's Play now: a match like the last one made here (its settings and its
        creator, kept in the store across restarts), or the form's defaults."""
        form = await hosts_form(request, empty={})
        if isinstance(form, Response):
            return form
        last = store.last_settings()
        try:
            intent = intent_of(form) if isinstance(form, dict) else None
            if form:
                raise bad_form("Play now takes nothing but its 'intent'")
            new = NewMatch.from_json(settings_form(*last), programs) if last else NewMatch()
        except ActionError as e:
            return refused(e)
        return await create(request, new, intent)

    async def play_again(request: Request) -> Response:
        """After a match: the next one, with its settings and its people, made once (every
        page of the match is told the way to it)."""
        room = hosts_room(request)
        if isinstance(room, Response):
            return room
        table = room.table
        try:
            async with room.lock:
                if table.again is None:
                    new = NewMatch.from_json(settings_form(table.player, table.settings),
                                             programs)
                    await asyncio.to_thread(table.play_again, new)  # stored by the writer
                    room.tell()
                again = table.again.id
        except ActionError as e:
            in_play = getattr(reason_of(e), "code", "") == "match_in_play"
            return refused(e, status=409 if in_play else 400)
        except sqlite3.Error as e:
            return unsaved(e)
        following = hub.room(again)
        if following is None:  # pragma: no cover (the store has just made it)
            return refused(NO_SUCH_MATCH, status=404)
        return made(request, following.table)

    async def invitations(request: Request) -> Response:
        """The creator's seat and the links to give friends and spectators (resuming)."""
        room = hosts_room(request)
        if isinstance(room, Response):
            return room
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
            data = await form_of(request)
            if isinstance(data, Response):
                return data
            if not isinstance(data, dict) or type(data.get("name")) is not str:
                words = "a person sits down with a name: {\"name\": \"...\"}"
                return refused(Reason("bad_form", words, detail=words))
            async with room.lock:
                try:
                    await asyncio.to_thread(table.sit, seat, data["name"])
                except sqlite3.Error as e:
                    return unsaved(e)
                room.tell()
        return JSONResponse(invitation(table, seat))

    async def watch(request: Request) -> Response:
        """The watch link: the match it opens."""
        match_id = store.watched(request.path_params["secret"])
        if match_id is None:
            return refused(dead_link(), status=404)
        return JSONResponse({"match": match_id})

    async def abandon(request: Request) -> Response:
        room = hosts_room(request)
        if isinstance(room, Response):
            return room
        try:
            async with room.lock:
                await asyncio.to_thread(room.table.abandon)
                room.stop()
                room.tell()
        except ActionError as e:
            return refused(e, status=409)
        except sqlite3.Error as e:
            return unsaved(e)
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

    async def uploaded_record(request: Request) -> Any:
        """The JSON of a record file the host's page sent, or a refusal (a response)."""
        if (refusal := host_only(request)) is not None:
            return refusal
        body = await body_of(request, MAX_UPLOAD)
        if body is None:
            return refused(Reason("record_too_large", "that file is too large to be a deal "
                                  "record"))
        try:
            return json.loads(body)
        except (json.JSONDecodeError, UnicodeDecodeError):
            return refused(Reason("record_not_json", "that file is not a JSON deal record"))

    async def uploaded_replay(request: Request) -> Response:
        found = await uploaded_record(request)
        if isinstance(found, Response):
            return found
        try:
            return JSONResponse({"frames": replay_frames(found), "record": found})
        except RecordError as e:
            return refused(e, "that record does not replay: ")

    async def deal_review(request: Request) -> Response:
        found = await finished_record(request)
        if isinstance(found, Response):
            return found
        return await coached(request, found)

    async def uploaded_review(request: Request) -> Response:
        found = await uploaded_record(request)
        if isinstance(found, Response):
            return found
        return await coached(request, found)

    async def coached(request: Request, record: Any) -> Response:
        """The review (``?seat=S&deals=D``) or, with ``?what=all_hands``, the all-hands
        answer of a finished deal's record."""
        query = request.query_params
        try:
            if query.get("what") == "all_hands":
                return JSONResponse(await coaching.all_hands(record))
            return JSONResponse(await coaching.review(record, query.get("seat", "0"),
                                                      query.get("deals", "8")))
        except CoachingError as e:
            return refused(e)
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
            await peer.shut()
            await hub.leave(room, peer)

    async def status(request: Request) -> Response:
        """How many matches are loaded and pages open; ``?loaded=N``: answered once N
        matches are loaded (or after :data:`STATUS_WAIT` seconds), for a script waiting
        for matches to be unloaded."""
        if (refusal := not_local(request)) is not None:
            return refusal
        loaded = request.query_params.get("loaded", "")
        if loaded.isdigit():
            await hub.until_loaded(int(loaded), STATUS_WAIT)
        return JSONResponse({"loaded_matches": len(hub.rooms),
                             "pages": sum(len(room.peers) for room in hub.rooms.values())})

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        sweeper = asyncio.create_task(hub.sweep())
        yield
        sweeper.cancel()
        await hub.close()
        await asyncio.gather(sweeper, *(peer.shut() for room in hub.rooms.values()
                                        for peer in room.peers), return_exceptions=True)
        store.close()

    app = Starlette(routes=[
        Route("/", index),
        Route("/api/lobby", lobby),
        Route("/api/status", status),
        Route("/api/matches", new_match, methods=["POST"]),
        Route("/api/matches/now", play_now, methods=["POST"]),
        Route("/api/matches/{match_id}/again", play_again, methods=["POST"]),
        Route("/api/matches/{match_id}/abandon", abandon, methods=["POST"]),
        Route("/api/matches/{match_id}/invitations", invitations),
        Route("/api/join/{token}", join, methods=["GET", "POST"]),
        Route("/api/watch/{secret}", watch),
        Route("/api/matches/{match_id}/deals/{index}/record", record),
        Route("/api/matches/{match_id}/deals/{index}/replay", deal_replay),
        Route("/api/replay", uploaded_replay, methods=["POST"]),
        Route("/api/matches/{match_id}/deals/{index}/review", deal_review),
        Route("/api/review", uploaded_review, methods=["POST"]),
        *puzzle_routes(store, not_local, refused, hosts_form),
        WebSocketRoute("/ws/{match_id}", table_socket),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ], lifespan=lifespan,
        middleware=[Middleware(TrustedHostMiddleware, allowed_hosts=hosts)] if hosts else [])
    app.state.hub = hub
    return app

