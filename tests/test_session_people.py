"""Several people at one match, spectators, and the store's seats: on a real SQLite file."""

import json
import random
import sqlite3

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dizhu.deal import Phase
from dizhu.reasons import reason_of
from dizhu.session import CREATOR, FRIEND, ActionError, MatchSession, NewMatch, Store
from dizhu.session.form import person_name

from .webserver import check_frames


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "game.sqlite3")
    yield s
    s.close()


def with_friends(store, bots=(FRIEND, "easy"), ruleset="classic", **kw) -> MatchSession:
    return MatchSession.create(store, NewMatch(player="Ann", bots=tuple(bots), ruleset=ruleset,
                                               **kw))


def frame(session: MatchSession, seat: int | None) -> str:
    """The state message's text as the server sends it (see ``Room.message``)."""
    return f'{{"type": "state", "version": {session.version}, ' \
           f'"state": {session.state_text(seat)}}}'



def test_each_person_seat_has_its_own_secret_and_sits_by_it(store):
    session = with_friends(store, bots=(FRIEND, FRIEND))
    assert session.people == (0, 1, 2) and session.free_seats() == [1, 2]
    tokens = [session.token_of(seat) for seat in session.people]
    assert len(set(tokens)) == 3 and all(len(t) >= 20 for t in tokens)
    assert [session.seat_of(t) for t in tokens] == [0, 1, 2]
    assert session.seat_of("guess") is None and session.seat_of(tokens[1][:-1]) is None
    assert [store.seat_of(t) for t in tokens] == [(session.id, s) for s in (0, 1, 2)]
    assert session.sit(1, "  Bo   Li  ") == "Bo Li"
    assert session.sit(2, "   ") == ""  # no name: a page calls them by their seat
    assert session.names() == ["Ann", "Bo Li", ""] and session.free_seats() == []
    again = MatchSession.load(store, session.id)
    assert again.names() == session.names() and again.free_seats() == []
    assert [again.token_of(s) for s in again.people] == tokens
    computer = with_friends(store)
    with pytest.raises(ActionError) as refused:
        computer.sit(2, "Cy")
    assert reason_of(refused.value).code == "not_a_person_seat"


def test_the_session_waits_for_whichever_person_is_to_move(store):
    """Nobody plays a person's seat but that person: the session waits for them, refuses
    another seat's action, and a deal over waits for one of them to deal again."""
    session = with_friends(store)
    session.sit(1, "Bo")
    rng = random.Random(3)
    waited = set()
    while len(session.match.scored_deals) < 2:
        if session.play_due():
            continue
        seat = session.person_to_move()
        if seat is None:  # a deal over: a person deals the next one
            assert session.deal.phase is Phase.OVER and session.pending() is None
            session.next_deal(rng.choice(session.people))
            continue
        waited.add(seat)
        assert session.pending() is None
        other = next(s for s in session.people if s != seat)
        with pytest.raises(ActionError) as refused:
            session.person_acts(other, {"pass": True})
        assert reason_of(refused.value).code in ("not_your_turn", "cannot_pass_lead")
        legal = session.view_for_decision(seat).legal
        session.submit(seat, rng.choice(legal))
    assert waited == {0, 1}
    results = store.db.execute("SELECT seat, person, role, points FROM results "
                               "ORDER BY number, seat").fetchall()
    assert {(r[0], r[1]) for r in results} == {(0, "Ann"), (1, "Bo")}
    for number, deal in enumerate(session.match.scored_deals, 1):
        for seat, person in ((0, "Ann"), (1, "Bo")):
            row = store.db.execute("SELECT person, role, points FROM results WHERE number = ? "
                                   "AND seat = ?", (number, seat)).fetchone()
            assert row == (person, "landlord" if deal.landlord == seat else "peasant",
                           deal.result.scores[seat])
    bo = store.statistics("Bo")
    assert bo["deals"] == 2 and bo["landlord"]["points"] + bo["peasant"]["points"] == \
        sum(d.result.scores[1] for d in session.match.scored_deals)


def test_every_person_may_hand_their_seat_to_a_computer_and_take_it_back(store):
    session = with_friends(store, bots=(FRIEND, FRIEND))
    session.set_autoplay(2, "easy")
    assert session.autoplay == {2: "easy"}
    with pytest.raises(ActionError) as refused:
        session.set_autoplay(1, "nobody")
    assert reason_of(refused.value).code == "autoplay_levels" and session.autoplay == {2: "easy"}
    while session.deal.to_move != 2 and session.person_to_move() is not None:
        seat = session.person_to_move()
        session.submit(seat, session.view_for_decision(seat).legal[0])
    if session.deal.to_move == 2 and not session.deal.is_over:
        assert session.pending() == ("act", 2) and session.person_to_move() is None
        with pytest.raises(ActionError) as refused:
            session.person_acts(2, {"pass": True})
        assert reason_of(refused.value).code == "autoplay_on"
    assert MatchSession.load(store, session.id).autoplay == {2: "easy"}
    session.set_autoplay(2, None)
    assert session.autoplay == {} and MatchSession.load(store, session.id).autoplay == {}


def test_a_match_of_people_on_auto_play_deals_on_by_itself(store):
    session = with_friends(store, bots=(FRIEND, FRIEND), target=5)
    for seat in session.people:
        session.set_autoplay(seat, "easy")
    steps = 0
    while session.play_due():
        steps += 1
    assert session.match.finished and steps > 50


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), ruleset=st.sampled_from(["classic", "rob", "four"]))
def test_no_seat_and_no_spectator_is_shown_a_card_it_may_not_know(tmp_path_factory, seed,
                                                                  ruleset):
    """Every state of a match, as each person's seat and a spectator would receive it,
    names no card that only another seat (or the unturned kitty) holds."""
    store = Store(tmp_path_factory.mktemp("db") / "game.sqlite3")
    try:
        bots = (FRIEND, "easy") if ruleset != "four" else (FRIEND, "easy", FRIEND)
        session = with_friends(store, bots=bots, ruleset=ruleset)
        rng = random.Random(seed)
        frames: dict[int | None, list[str]] = {seat: [] for seat in (*session.people, None)}
        while len(session.match.deals) < 3 and not session.match.finished:
            for seat, seen in frames.items():
                seen.append(frame(session, seat))
            if session.play_due():
                continue
            seat = session.person_to_move()
            if seat is None:
                session.next_deal(seat=rng.choice(session.people))
            else:
                session.submit(seat, rng.choice(session.view_for_decision(seat).legal))
        for seat, seen in frames.items():
            assert check_frames(store, session.id, seen, seat) == len(seen)
        watcher = session.state(None)
        assert watcher["match"]["seat"] is None and watcher["view"]["legal"] == []
    finally:
        store.close()


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), ruleset=st.sampled_from(["classic", "rob", "four"]))
def test_the_state_text_is_the_state_encoded(tmp_path_factory, seed, ruleset):
    """The state's text, its shared part encoded once while it stays the same, is always
    what encoding the state gives, for every seat and a spectator, through deals dealt,
    played out and thrown in, people sitting down, auto-play on and off, and an abandon."""
    store = Store(tmp_path_factory.mktemp("db") / "game.sqlite3")
    try:
        bots = (FRIEND, "easy") if ruleset != "four" else (FRIEND, "easy", FRIEND)
        session = with_friends(store, bots=bots, ruleset=ruleset, target=5, doubling=True)
        rng = random.Random(seed)
        seats = (*session.people, None)
        for _ in range(400):
            for seat in seats:
                assert session.state_text(seat) == json.dumps(session.state(seat),
                                                              ensure_ascii=False)
            if session.match.finished:
                break
            roll = rng.random()
            if roll < 0.03 and session.free_seats():
                session.sit(rng.choice(session.free_seats()), rng.choice(["Bo", "", "川"]))
            elif roll < 0.06:
                seat = rng.choice(session.people)
                session.set_autoplay(seat, None if seat in session.autoplay else "easy")
            elif session.play_due():
                continue
            elif (seat := session.person_to_move()) is None:
                session.next_deal(seat=rng.choice(session.people))
            else:
                session.submit(seat, rng.choice(session.view_for_decision(seat).legal))
        if not session.match.finished:
            session.abandon()
        for seat in seats:
            assert session.state_text(seat) == json.dumps(session.state(seat),
                                                          ensure_ascii=False)
    finally:
        store.close()


def test_a_spectator_may_only_watch(store):
    session = with_friends(store)
    state = session.state(None)
    assert state["view"]["hand"] == [] and state["view"]["seat"] == -1
    assert state["match"]["autoplay"] is None


LEGACY = """
CREATE TABLE matches (id INTEGER PRIMARY KEY, created REAL NOT NULL, updated REAL NOT NULL,
    player TEXT NOT NULL, settings TEXT NOT NULL, finished INTEGER NOT NULL DEFAULT 0,
    summary TEXT);
CREATE TABLE events (match_id INTEGER NOT NULL REFERENCES matches(id), version INTEGER NOT NULL,
    seat INTEGER NOT NULL, event TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (match_id, version));
CREATE TABLE deals (match_id INTEGER NOT NULL REFERENCES matches(id), number INTEGER NOT NULL,
    role TEXT NOT NULL, won INTEGER NOT NULL, points INTEGER NOT NULL,
    PRIMARY KEY (match_id, number));
"""


def test_a_database_of_one_person_matches_is_brought_up_to_date(tmp_path):
    """Matches stored before friends could sit keep their results and statistics, and
    resume with their creator at seat 0."""
    path = tmp_path / "old.sqlite3"
    store = Store(tmp_path / "new.sqlite3")
    session = with_friends(store, bots=("easy", "easy"), target=5)
    rng = random.Random(2)
    while not session.match.finished:
        if not session.play_due():
            seat = session.person_to_move()
            if seat is None:
                session.next_deal()
            else:
                session.submit(seat, rng.choice(session.view_for_decision(seat).legal))
    events = store.db.execute("SELECT * FROM events").fetchall()
    match = store.db.execute("SELECT * FROM matches").fetchone()
    results = store.db.execute("SELECT match_id, number, role, won, points FROM results")
    results = results.fetchall()
    expected = store.statistics("Ann")
    store.close()
    old = sqlite3.connect(path)
    old.executescript(LEGACY)
    old.execute("INSERT INTO matches VALUES (?, ?, ?, ?, ?, ?, ?)", match)
    old.executemany("INSERT INTO events VALUES (?, ?, ?, ?, ?)", events)
    old.executemany("INSERT INTO deals VALUES (?, ?, ?, ?, ?)", results)
    old.commit()
    old.close()
    migrated = Store(path)
    try:
        assert migrated.statistics("Ann") == expected and expected["deals"] >= 5
        assert migrated.statistics() == expected
        again = MatchSession.load(migrated, session.id)
        assert again.state() == session.state() and again.names()[CREATOR] == "Ann"
        assert migrated.seat_of(again.token_of(CREATOR)) == (session.id, CREATOR)
        tables = {r[0] for r in migrated.db.execute("SELECT name FROM sqlite_master")}
        assert "deals" not in tables
    finally:
        migrated.close()
    assert Store(path).statistics("Ann") == expected  # opening it again changes nothing


def test_a_database_without_spectators_secrets_gives_each_match_one(tmp_path):
    """Schema 2 had no watch secrets: opening it gives every match its own, once."""
    path = tmp_path / "game.sqlite3"
    store = Store(path)
    ids = [with_friends(store).id for _ in range(2)]
    store.db.execute("DROP TABLE watch")
    store.db.execute("PRAGMA user_version = 2")
    store.close()
    store = Store(path)
    try:
        secrets = [MatchSession.load(store, i).watch for i in ids]
        assert len(set(secrets)) == 2 and all(len(s) >= 20 for s in secrets)
        assert [store.watched(s) for s in secrets] == ids and store.watched("guess") is None
        session = MatchSession.load(store, ids[0])
        assert session.watches(secrets[0]) and not session.watches(secrets[1])
        assert not session.watches(session.token_of(CREATOR)) and not session.watches("☃")
    finally:
        store.close()
    again = Store(path)
    assert MatchSession.load(again, ids[1]).watch == secrets[1]  # opening again keeps it
    again.close()


@pytest.mark.parametrize(("typed", "kept"), [
    ("\u202eAnn", "Ann"),  # a right-to-left override would reverse what follows the name
    ("Bo\u2066\u2069 Li\u200d", "Bo Li"),
    ("\u200b", ""), ("\u200b \ufeff\u2060", ""),  # shows nothing: no name (the seat's)
    ("Cy\u2028Wu\u2029", "Cy Wu"), ("Dan\tLe\x00e", "Dan Lee"),
    ("دانا", "دانا"), ("李\u3000雷", "李 雷"),  # right-to-left letters and CJK stay
])
def test_a_name_keeps_no_control_or_format_character(store, typed, kept):
    assert person_name(typed) == kept
    session = with_friends(store)
    assert session.sit(1, typed) == kept and session.names()[1] == kept
