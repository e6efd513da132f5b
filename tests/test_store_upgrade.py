"""A database written before actions had one JSON form still opens: its stored actions are
rewritten in the codec's form, once, and every match plays on as it was."""

import json
import random
import shutil
import sqlite3
from pathlib import Path

from dizhu.actions import current_form, decode_action
from dizhu.rulesets import find_ruleset
from dizhu.session import CREATOR, MatchSession, Store
from dizhu.session.store import VERSION

BEFORE = Path(__file__).parent / "data" / "before" / "store-v4.sqlite3"


def _events(path: Path) -> list[tuple[int, int, int, dict]]:
    db = sqlite3.connect(path)
    try:
        return [(m, v, s, json.loads(e)) for m, v, s, e in db.execute(
            "SELECT match_id, version, seat, event FROM events ORDER BY match_id, version")]
    finally:
        db.close()


def _rules(store: Store, match_id: int):
    return find_ruleset(store.load(match_id).settings["ruleset"])


def test_a_version_4_store_is_rewritten_in_the_codecs_form(tmp_path):
    path = tmp_path / "game.sqlite3"
    shutil.copy(BEFORE, path)
    before = _events(path)
    assert any(e.get("pass") is True for *_, e in before)  # the fixture has the old forms
    assert any(isinstance(e.get("cards"), str) for *_, e in before)
    store = Store(path)
    try:
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == VERSION == 6
        after = _events(path)
        assert [row[:3] for row in after] == [row[:3] for row in before]
        for (match_id, _, _, old), (_, _, _, new) in zip(before, after, strict=True):
            if not any(k in old for k in ("bid", "double", "play", "pass")):
                assert new == old  # next deal, auto-play: left as they were
                continue
            assert "pass" not in new and "with" not in new
            assert not isinstance(new.get("cards"), str) and current_form(new) == new
            rules = _rules(store, match_id)
            assert decode_action(new, rules) == decode_action(old, rules)
            assert new.get("clock") == old.get("clock")
    finally:
        store.close()
    Store(path).close()
    assert _events(path) == after  # opening it again changes nothing


def test_the_matches_of_a_version_4_store_play_on(tmp_path):
    path = tmp_path / "game.sqlite3"
    shutil.copy(BEFORE, path)
    store = Store(path)
    try:
        done = MatchSession.load(store, 1)
        assert done.match.finished and done.match.deals[-1].is_over
        assert store.statistics("Ann")["deals"] == 5
        going = MatchSession.load(store, 2)
        assert not going.match.finished and going.rules.name == "rob"
        rng = random.Random(2)
        while len(going.match.deals) < 2:
            if going.play_due():
                continue
            if going.deal.is_over:
                going.next_deal()
            else:
                going.submit(CREATOR, rng.choice(going.view_for_decision(CREATOR).legal))
        state = going.state()
    finally:
        store.close()
    store = Store(path)
    try:
        assert MatchSession.load(store, 2).state() == state
    finally:
        store.close()
