"""Playing again and the lobby's Play now, on a real SQLite file: the next match keeps the
settings and the people of the last, each page is shown only its own way to it, and the
store keeps both across a restart."""

import json
import sqlite3

import pytest

from dizhu.session import (
    FRIEND,
    ActionError,
    MatchSession,
    NewMatch,
    Store,
    form_of,
)
from dizhu.session.store import VERSION as STORE_VERSION


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "game.sqlite3")
    yield s
    s.close()


FORM = {"player": "Ann", "ruleset": "classic", "mode": "deals", "target": 5,
        "bots": [FRIEND, "hard"], "doubling": True, "pace": "fast", "clock": 20}


def played_out(table: MatchSession) -> None:
    """The match played to its end, every person's seat on auto-play."""
    for seat in table.people:
        table.set_autoplay(seat, "easy")
    while table.play_due():
        pass
    assert table.match.finished


def test_playing_again_keeps_the_settings_and_the_people(store):
    first = MatchSession.create(store, NewMatch.from_json(FORM))
    first.sit(1, "Bo")
    with pytest.raises(ActionError, match="still being played") as refused:
        first.play_again(NewMatch.from_json(form_of(first.player, first.settings)))
    assert refused.value.args[0].code == "match_in_play"
    played_out(first)
    assert first.state(1)["match"]["again"] is None
    again = first.play_again(NewMatch.from_json(form_of(first.player, first.settings)))
    assert first.play_again(NewMatch.from_json(FORM)) == again  # asked twice: one match
    second = MatchSession.load(store, again)
    kept = {k: v for k, v in second.settings.items() if k != "seed"}
    assert kept == {k: v for k, v in first.settings.items() if k != "seed"}
    assert second.settings["seed"] != first.settings["seed"]
    assert second.names()[:2] == ["Ann", "Bo"] and second.version == 0
    tokens = {seat: second.token_of(seat) for seat in second.people}
    assert set(tokens.values()).isdisjoint(first.token_of(s) for s in first.people)
    # each page hears of the next match with its own seat's secret only
    assert first.state(0)["match"]["again"] == {"match": again, "token": tokens[0]}
    assert first.state(1)["match"]["again"] == {"match": again, "token": tokens[1]}
    assert first.state(None)["match"]["again"] == {"match": again, "watch": second.watch}
    assert tokens[0] not in first.state_text(1) and tokens[1] not in first.state_text(None)
    assert json.loads(first.state_text(1)) == first.state(1)
    # the store keeps it: a restart finds the same way on
    reloaded = MatchSession.load(store, first.id)
    assert reloaded.again == first.again and reloaded.state(1) == first.state(1)
    assert store.seat_of(tokens[1]) == (again, 1)


def test_an_abandoned_match_is_played_again_with_a_seat_nobody_took_still_free(store):
    first = MatchSession.create(store, NewMatch.from_json({**FORM, "bots": [FRIEND, FRIEND]}))
    first.sit(2, "Cy")
    first.abandon()
    second = MatchSession.load(store, first.play_again(
        NewMatch.from_json(form_of(first.player, first.settings))))
    assert second.names() == ["Ann", None, "Cy"] and second.free_seats() == [1]
    assert not second.abandoned and not second.match.finished


def test_play_now_asks_for_the_last_match_made(store, tmp_path):
    assert store.last_settings() is None
    MatchSession.create(store, NewMatch.from_json({**FORM, "bots": ["easy", "easy"]}))
    last = MatchSession.create(store, NewMatch.from_json({**FORM, "player": "Di",
                                                          "ruleset": "four",
                                                          "bots": ["easy", FRIEND, "expert"]}))
    player, settings = store.last_settings()
    assert (player, settings) == ("Di", last.settings)
    again = NewMatch.from_json(form_of(player, settings))
    assert again == NewMatch.from_json({**FORM, "player": "Di", "ruleset": "four",
                                        "bots": ["easy", FRIEND, "expert"]})
    # a match stored before rulesets (and paces, clocks) were chosen asks for classic
    assert NewMatch.from_json(form_of("Ann", {"mode": "deals", "target": 10, "seed": "x",
                                              "bots": ["normal", "normal"],
                                              "doubling": False})) == \
        NewMatch(player="Ann")
    # an outside program the server no longer offers is refused, with its name
    with pytest.raises(ActionError, match="'mine'"):
        NewMatch.from_json(form_of("Ann", {**settings, "bots": ["mine", "easy", "easy"]}))


def test_a_database_of_schema_3_is_given_the_matches_played_again(tmp_path):
    path = tmp_path / "game.sqlite3"
    store = Store(path)
    first = MatchSession.create(store, NewMatch.from_json(FORM))
    store.db.execute("DROP TABLE again")
    store.db.execute("PRAGMA user_version = 3")
    store.close()
    store = Store(path)
    try:
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == STORE_VERSION
        first = MatchSession.load(store, first.id)
        assert first.again is None
        first.abandon()
        again = first.play_again(NewMatch.from_json(FORM))
        assert MatchSession.load(store, first.id).again.id == again
    finally:
        store.close()
    db = sqlite3.connect(path)
    with pytest.raises(sqlite3.IntegrityError):  # one match follows another once
        db.execute("INSERT INTO again VALUES (?, ?)", (first.id, first.id))
    db.close()


def test_the_next_match_is_dealt_afresh(store):
    """Playing again deals new cards (a fresh seed), never the last match's deals again."""
    first = MatchSession.create(store, NewMatch.from_json({**FORM, "bots": ["easy", "easy"]}))
    played_out(first)
    second = MatchSession.load(store, first.play_again(NewMatch.from_json(FORM)))
    assert second.deal.dealt != first.match.deals[0].dealt
