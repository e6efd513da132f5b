"""The compiled core's push, pop and legal plays of a Position against the pure-Python ones
(``dizhu.position.PURE_METHODS``): random walks of pushes, refused pushes and pops on
positions of every ruleset give the same states, keys, counters, returns and errors."""

from __future__ import annotations

import random
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dizhu import core
from dizhu.cards import ranks_of_cards
from dizhu.combos import PASS, Kind, Play
from dizhu.position import PURE_METHODS, Position, compiled_methods
from dizhu.rulesets import find_ruleset, names
from tests.test_core import copy_of, resident_bytes

COMPILED = compiled_methods()
pytestmark = pytest.mark.skipif(COMPILED is None, reason=core.MISSING)

RULESETS = [find_ruleset(name) for name in names()] + [
    find_ruleset(name, distinct_kickers=True) for name in names() if name != "four"]
OTHER_PASS = Play(Kind.PASS, 0, -1, 0)
"""A pass that is not ``PASS``: equal to it, another object."""


def state(pos: Position) -> tuple:
    """Everything a position holds, its undo stack included (plays by text and id)."""
    undo = [(seat, play.text, play.id, top_id, top_seat, passes)
            for seat, play, top_id, top_seat, passes in pos._undo]
    return (pos.text(), pos.key(), pos.outcome_key(), list(pos.hands), list(pos.left),
            list(pos.plays_made), pos.bombs, pos.rockets, pos.winner, pos.to_move, pos.top_id,
            pos.top_seat, pos.passes, pos.is_over, pos.landlord_won, undo)


def outcome(method, *args) -> tuple:
    """What a call did: what it returned, or the error's type and message."""
    try:
        return ("returned", method(*args))
    except (ValueError, IndexError) as e:
        return ("raised", type(e), str(e))


def same_outcome(pure: tuple, compiled: tuple, what: str) -> None:
    assert compiled[0] == pure[0], what
    if pure[0] == "raised":
        assert compiled == pure, what
    else:
        assert compiled[1] is pure[1], what  # the very object (a pop's play, or None)


def dealt(rules, rng: random.Random) -> Position:
    deck = rules.faces()
    rng.shuffle(deck)
    size, seats = rules.hand_size, rules.seats
    hands = [ranks_of_cards(deck[i * size:(i + 1) * size]) for i in range(seats)]
    landlord = rng.randrange(seats)
    hands[landlord] += ranks_of_cards(deck[seats * size:])
    return Position(rules, hands, landlord)


def candidates(rules, pos: Position, legal: list, rng: random.Random) -> list:
    """Plays to try: legal ones, copies of them (not the universe's objects), passes, any
    play of the universe (mostly not held or not beating) and a play of another ruleset."""
    universe = rules.universe.all_plays()
    other = find_ruleset("four" if rules.name != "four" else "classic").universe.all_plays()
    tries = [rng.choice(legal)] if legal else []
    tries += [copy_of(rng.choice(legal))] if legal and rng.random() < 0.2 else []
    tries += [rng.choice((PASS, OTHER_PASS)), rng.choice(universe), rng.choice(other)]
    return tries


def walk(rules, seed: int, steps: int) -> None:
    """The same random walk on two equal positions, one on each core's methods."""
    rng = random.Random(seed)
    pure = dealt(rules, rng)
    compiled = pure.copy()
    for step in range(steps):
        what = f"{rules.describe()} seed {seed} step {step}: {state(pure)[0]}"
        legal = PURE_METHODS["legal_plays"](pure)
        got = COMPILED["legal_plays"](compiled)
        assert [p.text for p in got] == [p.text for p in legal], what
        assert all(a is b for a, b in zip(got, legal, strict=True)), what
        if rng.random() < 0.25 or pure.is_over:
            same_outcome(outcome(PURE_METHODS["pop"], pure),
                         outcome(COMPILED["pop"], compiled), f"pop, {what}")
        else:
            for play in candidates(rules, pure, legal, rng):
                same_outcome(outcome(PURE_METHODS["push"], pure, play),
                             outcome(COMPILED["push"], compiled, play), f"{play}, {what}")
                assert state(compiled) == state(pure), f"{play}, {what}"
                if pure._undo:
                    assert compiled.last_play is pure.last_play, what
        assert state(compiled) == state(pure), what


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: r.describe())
def test_cores_push_and_pop_alike_on_random_walks(rules):
    @settings(max_examples=40, deadline=None)
    @given(st.integers(0, 2**32 - 1))
    def check(seed):
        walk(rules, seed, 150)

    check()


def test_the_compiled_methods_are_the_positions_own_when_the_compiled_core_runs():
    expected = COMPILED if core.NAME == "compiled" else PURE_METHODS
    for name, method in expected.items():
        assert Position.__dict__[name] is method
    assert Position.legal_actions is Position.legal_plays


def test_refusals_read_as_on_the_pure_core():
    rules = find_ruleset("classic")
    for play, message in [(PASS, "you lead this trick: a leader may not pass"),
                          (rules.parse_play("pair 22"), "you hold"),
                          (rules.parse_play("bomb 3333"), "you hold")]:
        pos = Position.from_text("33445/6789TT/JQKA22 0 0 -", rules)
        with pytest.raises(ValueError, match=message):
            COMPILED["push"](pos, play)
        assert pos.text() == "33445/6789TT/JQKA22 0 0 -" and not pos._undo
    pos = Position.from_text("3/4/- 0 - 2:single:5 0:0:1,1,1", rules)
    with pytest.raises(ValueError, match="the deal is over"):
        COMPILED["push"](pos, rules.parse_play("single 3"))
    with pytest.raises(IndexError, match="no play to take back"):
        COMPILED["pop"](pos)


def test_no_reference_leaks_in_many_pushes_and_pops():
    """After many walks pushed and popped back, every play and int has as many references
    as before, and the process's memory has not grown."""
    rules = find_ruleset("classic")
    rng = random.Random(7)
    lines = []
    for _ in range(30):
        pos, line = dealt(rules, rng), []
        while not pos.is_over:
            line.append(rng.choice(COMPILED["legal_plays"](pos)))
            COMPILED["push"](pos, line[-1])
        lines.append((pos, line))
    plays = [PASS, *rules.universe.all_plays()]
    watched = [*plays, *range(-1, 21)]
    for pos, line in lines:  # back to the start, then once round: pools filled
        for _ in line:
            COMPILED["pop"](pos)
    push_and_pop(lines, 1)
    before, rss = sum(map(sys.getrefcount, watched)), resident_bytes()
    push_and_pop(lines, 300)
    assert sum(map(sys.getrefcount, watched)) == before
    assert resident_bytes() - rss < 4 << 20


def push_and_pop(lines: list[tuple[Position, list[Play]]], times: int) -> None:
    """Push each line on its position and pop it back, ``times`` times."""
    push, pop, legal = COMPILED["push"], COMPILED["pop"], COMPILED["legal_plays"]
    for _ in range(times):
        for pos, line in lines:
            for play in line:
                push(pos, play)
                legal(pos)
            for _ in line:
                pop(pos)
