"""The puzzles' progress and own puzzles in the game's database: a real SQLite file, written
by one store and read by another opened after it; a database of the schema before them
gains their tables when opened, its matches untouched."""

import sqlite3

import pytest

from dizhu.puzzles import find_puzzle, own_puzzle
from dizhu.session import MatchSession, NewMatch, Store
from dizhu.session.puzzle_store import Progress, own_key
from dizhu.session.store import VERSION

SOLUTION_30 = [step.play for step in find_puzzle(30).solution]


@pytest.fixture
def path(tmp_path):
    return tmp_path / "game.sqlite3"


def reopened(path, write):
    """Write with one store, closed; read with a fresh one."""
    store = Store(path)
    try:
        write(store)
    finally:
        store.close()
    return Store(path)


def test_a_new_person_has_no_progress(path):
    store = Store(path)
    try:
        assert store.progress("Ann", "30") == Progress()
        assert store.all_progress("Ann") == {}
    finally:
        store.close()


def test_tries_and_the_shortest_solving_line_survive_reopening(path):
    longer = ["single 5", *SOLUTION_30]  # not a real line: the store keeps what it is given

    def tries(store):
        store.record_try("Ann", "30", ["pair QQ", "pass"], solved=False)
        store.record_try("Ann", "30", longer, solved=True)
        store.record_try("Ann", "30", SOLUTION_30, solved=True)
        store.record_try("Ann", "30", longer, solved=True)  # longer: the kept one stays
        store.record_try("Bob", "1", ["pair JJ"], solved=False)

    store = reopened(path, tries)
    try:
        ann = store.progress("Ann", "30")
        assert ann.attempts == 4 and ann.solved
        assert ann.best == tuple(SOLUTION_30)
        assert ann.first_solved is not None
        assert store.all_progress("Ann") == {"30": ann}
        bob = store.progress("Bob", "1")
        assert (bob.attempts, bob.solved, bob.first_solved, bob.best) == (1, False, None, None)
        assert store.progress("Ann", "1") == Progress()
    finally:
        store.close()


def test_the_first_solve_keeps_its_moment(path):
    store = Store(path)
    try:
        store.record_try("Ann", "1", ["a", "b", "c"], solved=True)
        first = store.progress("Ann", "1").first_solved
        store.record_try("Ann", "1", ["a"], solved=True)
        again = store.progress("Ann", "1")
        assert again.first_solved == first and again.best == ("a",)
    finally:
        store.close()


def test_own_puzzles_are_kept_per_person_with_their_proof(path):
    made = own_puzzle("445QQ/9TJQK2/888TT 0 0 -", "classic", 0, "win",
                      {"en": "Mine", "zh": "我的"})
    spring = own_puzzle("3BR/4/5 0 0 -", "classic", 0, "spring", "Rocket")
    kept = {}

    def add(store):
        kept["ann"] = store.add_own_puzzle("Ann", made)
        kept["bob"] = store.add_own_puzzle("Bob", spring)

    store = reopened(path, add)
    try:
        assert kept["ann"].id != kept["bob"].id
        person, found = store.own_puzzle(kept["ann"].id)
        assert person == "Ann"
        assert found.to_json() == {**made.to_json(), "id": kept["ann"].id}
        assert [p.id for p in store.own_puzzles("Ann")] == [kept["ann"].id]
        assert store.own_puzzles("Bob")[0].goal.value == "spring"
        assert store.own_puzzles("Cid") == []
        assert store.own_puzzle(999) is None
        assert found.check(found.solution_plays()).solved  # it plays as it was proved
        assert own_key(found.id) == f"own-{found.id}"
    finally:
        store.close()


def test_a_database_before_the_puzzles_gains_their_tables(path):
    store = Store(path)
    match = MatchSession.create(store, NewMatch(player="Ann"), "seed")
    match_id = match.id
    match.close()
    store.db.execute("DROP TABLE puzzle_progress")
    store.db.execute("DROP TABLE own_puzzles")
    store.db.execute("PRAGMA user_version = 5")
    store.close()
    store = Store(path)
    try:
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == VERSION == 6
        store.record_try("Ann", "2", ["pass"], solved=False)
        assert store.progress("Ann", "2").attempts == 1
        assert store.load(match_id).player == "Ann"
    finally:
        store.close()
    tables = {name for (name,) in sqlite3.connect(path).execute(
        "SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"puzzle_progress", "own_puzzles", "matches"} <= tables
