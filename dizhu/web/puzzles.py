"""The puzzles' routes: the list with a person's progress, a puzzle's table, a try played
against the perfect defence (the page sends the person's plays; the server replays them
and answers with the defence's), the solution step by step, and a person's own puzzle
added (proved by the goal search first). The person is the lobby's player identity: the
``person`` the page names, else the last player of a match made here.

Everything the puzzles compute runs in a thread, one computation at a time (a search
remembers what it settled and is shared by every try at its puzzle); the store's reads on
the event loop, its writes waited for in a thread.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from ..deal import AmbiguousPlayError
from ..puzzles import Puzzle, PuzzleError, find_puzzle, load_puzzles, own_puzzle
from ..reasons import Reason
from ..rulesets import find_ruleset, names
from ..session import ActionError, Store, play_json
from ..session.puzzle_play import PuzzleTry, puzzle_json, solution_frames
from ..session.puzzle_store import OWN, own_key
from .hub import said

NAME_LENGTH = 24
"""The longest person's name (as the lobby's)."""
KEPT = 32
"""Own puzzles kept loaded (with their searches) at most."""

NO_SUCH_PUZZLE = Reason("no_such_puzzle", "there is no such puzzle")

Guard = Callable[[Request], Response | None]
Answer = Callable[..., Any]


def bad_request(detail: str) -> ActionError:
    return ActionError(Reason("puzzle_request", f"the server could not read that request: "
                              f"{detail}", detail=detail))


def puzzle_routes(store: Store, not_local: Guard,
                  refused: Callable[..., JSONResponse],
                  hosts_form: Callable[..., Any]) -> list[Route]:
    """The routes, on ``store``; ``not_local`` refuses a request the host's own page did not
    make (the lobby's rules); ``refused`` as the app's; ``hosts_form``
    the JSON form of a request of the host's own page, or why it is refused."""
    lock = threading.Lock()
    loaded: OrderedDict[str, Puzzle] = OrderedDict()

    async def computed(work: Callable[[], Any]) -> Any:
        def locked() -> Any:
            with lock:
                return work()
        return await asyncio.to_thread(locked)

    def person_of(given: Any) -> str:
        if given is None:
            return store.last_player() or ""
        if not isinstance(given, str) or len(given) > NAME_LENGTH:
            raise bad_request(f"a person is a name of at most {NAME_LENGTH} characters")
        return given.strip()

    def puzzle_of(key: str) -> Puzzle:
        """The puzzle ``key`` names (a shipped one's number, ``own-N``)."""
        try:
            if key.isdigit():
                return find_puzzle(int(key))
            if key.startswith(OWN) and key[len(OWN):].isdigit():
                if key in loaded:
                    loaded.move_to_end(key)
                    return loaded[key]
                found = store.own_puzzle(int(key[len(OWN):]))
                if found is not None:
                    loaded[key] = found[1]
                    while len(loaded) > KEPT:
                        loaded.popitem(last=False)
                    return found[1]
        except PuzzleError:
            pass
        raise ActionError(NO_SUCH_PUZZLE)

    def entry(puzzle: Puzzle, key: str, person: str) -> dict[str, Any]:
        return {**puzzle_json(puzzle, key), "progress": store.progress(person, key).to_json()}

    async def listing(request: Request) -> Response:
        if (refusal := not_local(request)) is not None:
            return refusal
        try:
            person = person_of(request.query_params.get("person"))
        except ActionError as e:
            return refused(e)
        progress = store.all_progress(person)
        shipped = [(p, str(p.id)) for p in load_puzzles()]
        own = [(p, own_key(p.id)) for p in store.own_puzzles(person)]
        return JSONResponse({
            "person": person,
            "rulesets": [{"name": n, "title": find_ruleset(n).title,
                          "chinese": find_ruleset(n).chinese, "seats": find_ruleset(n).seats}
                         for n in names(every=True)],  # duel too: its positions play
            "puzzles": [{**puzzle_json(p, key),
                         "progress": progress[key].to_json() if key in progress else None}
                        for p, key in shipped + own]})

    async def opened(request: Request) -> Response:
        """A puzzle at its start (a new try)."""
        if (refusal := not_local(request)) is not None:
            return refusal
        key = request.path_params["key"]
        try:
            person = person_of(request.query_params.get("person"))
            puzzle = puzzle_of(key)
        except ActionError as e:
            return refused(e, status=404 if reason_code(e) == "no_such_puzzle" else 400)
        attempt = await computed(lambda: PuzzleTry(puzzle, []))
        return JSONResponse({"puzzle": entry(puzzle, key, person), "frame": attempt.frame(),
                             "end": None, "plies": 0})

    async def played(request: Request) -> Response:
        """The person's plays so far (the last one new, or one taken back): the table after
        the defence's answers, and how the try ended once it has (counted in the store)."""
        form = await hosts_form(request)
        if isinstance(form, Response):
            return form
        key = request.path_params["key"]
        try:
            if not isinstance(form, dict):
                raise bad_request("send {\"plays\": [...], \"person\": \"...\"}")
            person = person_of(form.get("person"))
            puzzle = puzzle_of(key)
            plays = form.get("plays")

            def tried() -> tuple[PuzzleTry, dict[str, Any], dict[str, Any] | None]:
                attempt = PuzzleTry(puzzle, plays)
                return attempt, attempt.frame(), attempt.end_json()

            attempt, shown, end = await computed(tried)
        except AmbiguousPlayError as e:
            return JSONResponse({"choose": {**said(e), "options": [
                play_json(p) for p in e.options]}})
        except ActionError as e:
            return refused(e, status=404 if reason_code(e) == "no_such_puzzle" else 400)
        if end is not None:
            line = [play.text for play in attempt.line]
            try:
                await asyncio.to_thread(store.record_try, person, key, line, end["solved"])
            except sqlite3.Error as e:
                return refused(Reason("not_saved", f"that could not be saved ({e}); nothing "
                                      "changed: try again"), status=503)
        return JSONResponse({"puzzle": entry(puzzle, key, person), "frame": shown,
                             "end": end, "plies": len(attempt.line)})

    async def solution(request: Request) -> Response:
        if (refusal := not_local(request)) is not None:
            return refusal
        try:
            puzzle = puzzle_of(request.path_params["key"])
        except ActionError as e:
            return refused(e, status=404)
        return JSONResponse({"frames": await computed(lambda: solution_frames(puzzle))})

    async def add_own(request: Request) -> Response:
        """A person's own puzzle: ``{position, ruleset, seat, goal, title, person}``; the
        puzzle made (its ``key``), or why it is refused."""
        form = await hosts_form(request)
        if isinstance(form, Response):
            return form
        try:
            if not isinstance(form, dict):
                raise bad_request("send the puzzle as a JSON object")
            person = person_of(form.get("person"))
            fields = {name: form.get(name) for name in
                      ("position", "ruleset", "seat", "goal", "title")}
            if not isinstance(fields["seat"], int) or isinstance(fields["seat"], bool):
                raise bad_request("a puzzle's seat is a number")
            if not isinstance(fields["position"], str) or not isinstance(fields["title"],
                                                                         str | dict):
                raise bad_request("a puzzle's position and title are texts")
            made = await computed(lambda: own_puzzle(
                fields["position"], str(fields["ruleset"] or "classic"), fields["seat"],
                str(fields["goal"] or "win"), fields["title"]))
        except (ActionError, PuzzleError) as e:
            return refused(e)
        try:
            stored = await asyncio.to_thread(store.add_own_puzzle, person, made)
        except sqlite3.Error as e:
            return refused(Reason("not_saved", f"that could not be saved ({e}); nothing "
                                  "changed: try again"), status=503)
        key = own_key(stored.id)
        return JSONResponse({"key": key, "puzzle": entry(stored, key, person)})

    return [
        Route("/api/puzzles", listing),
        Route("/api/puzzles/own", add_own, methods=["POST"]),
        Route("/api/puzzles/{key}", opened),
        Route("/api/puzzles/{key}/play", played, methods=["POST"]),
        Route("/api/puzzles/{key}/solution", solution),
    ]


def puzzle_summary(store: Store, person: str) -> dict[str, int]:
    """What the lobby says of the puzzles: how many are shipped, and how many of them the
    person solved."""
    solved = sum(p.solved for key, p in store.all_progress(person).items() if key.isdigit())
    return {"shipped": len(load_puzzles()), "solved": solved}


def reason_code(error: BaseException) -> str:
    found = error.args[0] if error.args else None
    return getattr(found, "code", "")
