"""The loaded tables: each match being played with the pages that watch it, and the task
that plays its computer seats.

Each table is driven by one task: a computer seat to move thinks for a short pause (in a
worker thread), its action is checked, stored and then sent. A person's message is checked
the same way; a refusal comes back as a readable message. Every state message carries the
match's version (the number of events accepted so far); a page asks for a resync when it
sees a gap, and on every reconnect. No page hears of an event before it is committed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import sqlite3
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from ..coach import coached
from ..deal import AmbiguousPlayError, Phase
from ..reasons import Reason, reason_of
from ..session import ActionError, MatchSession, Store, play_json
from ..view import seat_view
from .peer import Peer
from .rooms import AWAY, Presence
from .thinking import Thinking
from .wakeups import Wakeups

IDLE = 300.0
"""Seconds a match nobody uses stays loaded."""
SHEET_READING = 6
"""Under auto-play the next deal comes after this many pauses (4.8 s at the default
pause): the time to read the last deal's score sheet..."""
READING = 5.0
"""...and at least this many seconds on a server paced for people (a pause of
:data:`PEOPLE_PAUSE` or more: a quick pause is no reason to read faster), longer at a
slow pace; the sheet's Next deal goes on at once for whoever has read it."""
PEOPLE_PAUSE = 0.1
"""The shortest pause of a server paced for people (tests and benchmarks pause less)."""


def reading_time(pause: float, pace: float) -> float:
    """Seconds the score sheet stays under auto-play before the next deal (see
    :data:`READING`): ``pause`` the server's, ``pace`` the match's factor on it."""
    least = READING if pause >= PEOPLE_PAUSE else 0.0
    return max(SHEET_READING * pause, least) * max(pace, 1.0)
RETRY = (0.25, 4.0)
"""Seconds a table waits before it tries again to store a move the database refused (the
first wait, and the longest: each doubles the one before)."""
log = logging.getLogger("dizhu.web")


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
        self.told_away: list[int] = []
        """The seats the pages last heard were away long enough to be handed over."""

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

    def stop(self) -> list[asyncio.Task]:
        """Stop the room's tasks and its outside programs (the match is abandoned or
        unloaded, or the server stops); returns the tasks stopped, for whoever must wait
        until they are done."""
        tasks = [task for task in (self.driver, self.clock, *self.away_timers)
                 if task is not None and not task.done()]
        for task in tasks:
            task.cancel()
        self.table.close()
        return tasks

    def message(self, seat: int | None) -> str:
        """The state message for the page of ``seat`` (``None``: a spectator), as JSON:
        ``{"type": "state", "version", "state", "clock", "seats"}`` with the session's own
        text of the state spliced in (see :meth:`MatchSession.state_text`)."""
        left = self.clock_left()
        clock = json.dumps({"seconds": self.table.clock,
                            "left": None if left is None else round(left, 1)})
        seats = json.dumps(self.presence.to_json(), ensure_ascii=False)
        return f'{{"type": "state", "version": {self.table.version}, ' \
               f'"state": {self.table.state_text(seat)}, "clock": {clock}, "seats": {seats}}}'

    async def broadcast(self) -> None:
        """Queue the state for every page, once no action is being stored."""
        async with self.lock:
            self.tell()

    def tell(self) -> None:
        """Queue the state for every page, each its own seat's (never waits on a page: see
        :mod:`.peer`). The caller holds :attr:`lock` with every event stored, so that no
        page hears of an event the database might still lose."""
        texts: dict[int | None, str] = {}
        self.told_away = self.presence.gone_seats()
        for peer in list(self.peers):
            if not peer.open:
                self.peers.discard(peer)
                continue
            if peer.seat not in texts:
                texts[peer.seat] = self.message(peer.seat)
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
        self.thinking = Thinking()
        """Where the computer players think (the event loop never waits on it)."""
        self.wakeups = Wakeups()
        self.loaded_changes = asyncio.Event()
        """Set (and replaced) whenever a match is loaded or unloaded."""

    async def close(self) -> None:
        """Stop every table's tasks and wait until they are done, then the computer
        players' thinking, its worker processes ended (the server stops)."""
        tasks = [task for room in self.rooms.values() for task in room.stop()]
        await asyncio.gather(*tasks, return_exceptions=True)
        await asyncio.to_thread(self.thinking.close)

    def room(self, match_id: int) -> Room | None:
        """The loaded match, loaded now if it is not (``None``: no such match)."""
        room = self.rooms.get(match_id)
        if room is None:
            table = MatchSession.load(self.store, match_id)
            if table is None:
                return None
            room = self.opened(table)
        room.used = time.monotonic()
        return room

    def opened(self, table: MatchSession) -> Room:
        """Hold a match just made or loaded."""
        room = self.rooms[table.id] = Room(table, self.away)
        self._loaded_changed()
        return room

    def _loaded_changed(self) -> None:
        self.loaded_changes.set()
        self.loaded_changes = asyncio.Event()

    async def until_loaded(self, count: int, within: float) -> None:
        """Return once ``count`` matches are loaded, or after ``within`` seconds."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(within):
                while len(self.rooms) != count:
                    await self.loaded_changes.wait()

    def unload_idle(self) -> int:
        """Unload the matches nobody watches and nothing plays that have been idle for
        ``idle`` seconds; returns how many were unloaded."""
        now = time.monotonic()
        idle = [match_id for match_id, room in self.rooms.items()
                if not room.peers and not room.busy() and now - room.used >= self.idle]
        for match_id in idle:
            self.rooms.pop(match_id).stop()
        if idle:
            self._loaded_changed()
        return len(idle)

    async def sweep(self) -> None:
        """Unload idle matches now and then, for the life of the server."""
        while True:
            await asyncio.sleep(max(1.0, self.idle / 4))
            self.unload_idle()

    async def arrive(self, room: Room, peer: Peer) -> None:
        """A page opened the table: its seat, if handed to a computer while its person was
        away, is theirs again; every page hears who is at the table now, and again once a
        seat nobody has taken yet (or left) may be handed to a computer player."""
        room.presence.arrive(peer.seat)
        await self.take_back(room, peer.seat)  # before the page hears anything
        room.peers.add(peer)
        await room.broadcast()
        if room.presence.to_json()["away_in"]:
            self._tell_away_later(room)

    async def take_back(self, room: Room, seat: int | None) -> None:
        """A person back at their seat, which was handed to a computer while they were
        away, plays it again (a move it cannot store now is left to them: their page
        offers to switch auto-play off)."""
        try:
            async with room.lock:
                if not room.table.returned(seat):
                    return
                await stored(room.table, self.wakeups)
                room.tell()
        except (ActionError, sqlite3.Error) as e:
            log.warning("match %s: seat %s could not be given back (%s)", room.table.id,
                        seat, e)
            return
        self.kick(room)

    async def leave(self, room: Room, peer: Peer) -> None:
        """A page went away: the others hear it now, and again once its seat has been away
        long enough to be handed to a computer player."""
        room.peers.discard(peer)
        room.presence.leave(peer.seat)
        await room.broadcast()
        self._tell_away_later(room)

    def _tell_away_later(self, room: Room) -> None:
        timer = asyncio.create_task(self._tell_away(room))
        room.away_timers.add(timer)
        timer.add_done_callback(room.away_timers.discard)

    async def _tell_away(self, room: Room) -> None:
        await asyncio.sleep(room.presence.away + 0.1)
        if room.presence.gone_seats() != room.told_away:  # a seat may be handed over now
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
        retry = RETRY[0]
        while True:
            async with room.lock:
                seat = table.person_to_move()
                if table.version != version or seat is None:
                    return
                try:
                    done = await self.commit(room, partial(
                        table.submit, seat, table.timeout_action(seat), by_clock=True),
                        "the turn clock's")
                except ActionError:
                    log.exception("match %s: the turn clock could not act", table.id)
                    return
            if done:
                break
            await asyncio.sleep(retry)
            retry = min(retry * 2, RETRY[1])
        self.kick(room)

    async def commit(self, room: Room, act: Callable[[], None], whose: str) -> bool:
        """Under the room's lock: ``act`` (an action submitted to the table), its commit
        waited for, the pages told. False if the database could not store it (locked by
        another program, say): it is taken back and a line logged, and the caller tries
        again a little later, by itself."""
        try:
            act()
            await stored(room.table, self.wakeups)
        except sqlite3.Error as e:
            log.warning("match %s: %s move could not be stored (%s); trying again shortly",
                        room.table.id, whose, e)
            return False
        room.tell()
        return True

    async def drive(self, room: Room) -> None:
        """Play the computer seats (and the person's seat on auto-play) until the person
        is to act or the match is over. A move the database could not store is tried
        again a little later (:data:`RETRY`)."""
        table = room.table
        retry = RETRY[0]
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
                await asyncio.sleep(pause if kind == "act" else
                                    reading_time(self.pause, table.pace)
                                    if table.deal.phase is Phase.OVER else pause * 2)
                if table.version != version:
                    continue  # the person changed something during the pause: look again
                action = None
                if kind == "act":
                    action = await self.wakeups.wait(
                        self.thinking.decide(table, seat, player, view))
                async with room.lock:
                    if table.version != version:
                        continue  # the person changed something meanwhile: look again
                    act = table.next_deal if action is None else partial(table.submit, seat,
                                                                          action)
                    done = await self.commit(room, act, "a computer's")
                if not done:
                    await asyncio.sleep(retry)
                retry = RETRY[0] if done else min(retry * 2, RETRY[1])
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
                peer.offer(room.message(seat))
            return
        try:
            if seat is None:
                raise ActionError(Reason("spectator", "a spectator watches: only the people "
                                         "at the table act"))
            if kind == "hint":
                async with room.lock:
                    view = seat_view(table.deal, seat)
                    plays = table.hints(seat)
                    version = table.version
                ranked, explained = await asyncio.to_thread(coached, view, plays)
                peer.send({"type": "hints", "version": version,
                           "plays": [play_json(p) for p in ranked],
                           **({} if explained is None else {
                               "chance": round(explained.chance, 3),
                               "why": explained.why.to_json()})})
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
                    table.set_autoplay(target, message["bot"], by=seat)
                await stored(table, self.wakeups)
                room.tell()
        except AmbiguousPlayError as e:
            peer.send({"type": "choose", **said(e), "options": [play_json(p) for p in e.options]})
            return
        except StaleMessage as e:  # the page missed a change: it gets the state again
            peer.send({"type": "error", "stale": True, **said(e)})
            async with room.lock:
                peer.offer(room.message(seat))
            return
        except ActionError as e:
            peer.send({"type": "error", **said(e)})
            return
        except sqlite3.Error as e:
            log.warning("match %s: an action could not be stored (%s)", table.id, e)
            peer.send({"type": "error", **said(not_saved(e))})
            return
        self.kick(room)


async def stored(table: MatchSession, wakeups: Wakeups) -> None:
    """Wait (holding the room's lock) until the match's last event is committed, together
    with the events of other matches that came meanwhile; if it could not be, the event is
    taken back and the error raised. Only then may the pages hear of it. A database that
    another program keeps locked longer than the store's ``wait`` has the event withdrawn
    unwritten (:class:`~dizhu.session.writer.StoreBusy`), so that the table is free again."""
    write = table.writing
    if write is not None:
        try:
            async with asyncio.timeout(table.store.wait):
                await wakeups.until_done(write)
        except TimeoutError:
            if not write.withdraw():  # being written now: it will not be long
                await wakeups.until_done(write)
        table.settle()


def not_saved(error: BaseException) -> Reason:
    """The refusal of a request the database could not store (nothing of it was)."""
    return Reason("not_saved", f"that could not be saved ({error}); nothing changed: "
                  "try again")


class StaleMessage(Exception):
    """A message that answered an older version of the table than the current one."""


def said(error: BaseException | str) -> dict[str, Any]:
    """How a refusal is sent: its English ``message`` and, when it has one, the ``reason``
    (code and facts) a page says in its own language."""
    reason = reason_of(error)
    message = str(error)
    return {"message": message, "reason": reason.to_json()} if reason else {"message": message}
