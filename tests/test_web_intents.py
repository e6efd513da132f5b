"""One intent, one match: the lobby names each of its intents (the lobby shown, Play now or
a new match asked for), and the server makes one match for it however often it is asked,
even twice at once (a double click, a request sent again)."""

import json
import threading

import pytest

from dizhu.session import Store

from .test_web_server import http
from .webserver import Server

FORM = {"player": "Ann", "mode": "deals", "target": 5, "bots": ["easy", "easy"],
        "ruleset": "classic"}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    s = Server(tmp_path_factory.mktemp("db") / "game.sqlite3").start()
    yield s
    s.stop()


def at_once(server, path: str, bodies: list) -> list[tuple[int, dict]]:
    """The answers to ``bodies`` posted to ``path`` together, each from a thread of its
    own released at the same moment."""
    start = threading.Barrier(len(bodies))
    answers: list = [None] * len(bodies)

    def ask(i: int) -> None:
        start.wait()
        answers[i] = http(server, path, bodies[i])

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(len(bodies))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def unfinished(server) -> int:
    store = Store(server.db)
    try:
        return len(store.matches(finished=False, limit=1000))
    finally:
        store.close()


@pytest.mark.parametrize(("path", "body"), [("/api/matches/now", {}), ("/api/matches", FORM)],
                         ids=["play-now", "new-match"])
def test_an_intent_asked_for_at_once_makes_one_match(server, path, body):
    """Tester's item 8: a double click on Play now made two matches (the page followed the
    second, the first was left unfinished). Four requests of one intent at once make one
    match, and each answer leads to it; another intent makes another."""
    before = unfinished(server)
    answers = at_once(server, path, [{**body, "intent": "lobby-1-" + path}] * 4)
    assert [status for status, _ in answers] == [200] * 4, answers
    assert len({answer["id"] for _, answer in answers}) == 1, answers
    assert len({answer["token"] for _, answer in answers}) == 1, answers
    assert unfinished(server) == before + 1
    status, other = http(server, path, {**body, "intent": "lobby-2-" + path})
    assert status == 200 and other["id"] != answers[0][1]["id"]
    assert unfinished(server) == before + 2


def test_an_intent_is_a_short_text(server):
    """An intent that is not a short text is refused with the form's reason."""
    for intent in (7, "x" * 200, None):
        status, answer = http(server, "/api/matches/now", {"intent": intent})
        assert status == 400 and answer["reason"]["code"] == "bad_form", answer
    status, answer = http(server, "/api/matches/now", json.dumps({"intent": "a"}).encode()[:-1])
    assert status == 400 and answer["reason"]["code"] == "bad_form", answer
