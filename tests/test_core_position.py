"""The compiled core's push, pop and legal plays of a Position, and push and legal actions
of a Deal, against the pure-Python ones (``PURE_METHODS`` of dizhu.position and dizhu.deal):
random walks of pushes, refused pushes and pops on positions and deals of every ruleset
give the same states, keys, counters, histories, returns and errors."""

from __future__ import annotations

import random
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dizhu import core
from dizhu.cards import ranks_of_cards
from dizhu.combos import PASS, Kind, Play
from dizhu.deal import PURE_METHODS as DEAL_PURE
from dizhu.deal import Deal, Phase
from dizhu.deal import compiled_methods as deal_methods
from dizhu.position import PURE_METHODS, Position, compiled_methods
from dizhu.rulesets import find_ruleset, names
from tests.test_core import copy_of, resident_bytes

COMPILED = compiled_methods()
DEAL_COMPILED = deal_methods()
pytestmark = pytest.mark.skipif(COMPILED is None, reason=core.MISSING)

RULESETS = [find_ruleset(name) for name in names()] + [
    find_ruleset(name, distinct_kickers=True) for name in names() if name != "four"] + [
    find_ruleset("duel")]
"""Every ruleset offered, and ``duel``: no deal plays it, but its positions run on both
cores (two seats: a trick clears after one pass)."""
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
    hands[landlord] += ranks_of_cards(deck[seats * size:seats * size + rules.kitty_size])
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
    compiled = core.NAME == "compiled"
    for cls, methods in ((Position, COMPILED if compiled else PURE_METHODS),
                         (Deal, DEAL_COMPILED if compiled else DEAL_PURE)):
        for name, method in methods.items():
            assert cls.__dict__[name] is method
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


def deal_state(deal: Deal) -> tuple:
    return (deal.phase, deal.to_move, deal.text(), deal.key(), deal.is_over,
            [(seat, str(action)) for seat, action in deal.history], state(deal.position))


def deal_walk(rules, seed: int, steps: int) -> None:
    """The same random walk on two equal deals (their auction included), one on each
    core's push, legal actions and is_over; both pop with Deal.pop."""
    rng = random.Random(seed)
    pure = Deal.shuffled(seed, rules=rules)
    compiled = Deal.shuffled(seed, rules=rules)
    universe = rules.universe.all_plays()
    for step in range(steps):
        what = f"{rules.describe()} seed {seed} step {step}: {deal_state(pure)}"
        legal = DEAL_PURE["legal_actions"](pure)
        got = DEAL_COMPILED["legal_actions"](compiled)
        assert [str(a) for a in got] == [str(a) for a in legal], what
        assert DEAL_COMPILED["is_over"].__get__(compiled) is DEAL_PURE["is_over"].fget(pure)
        if pure.is_over or (pure.history and rng.random() < 0.2):
            same_outcome(outcome(pure.pop), outcome(compiled.pop), f"pop, {what}")
            continue
        tries = [rng.choice(legal), rng.choice(legal), PASS, rng.choice(universe)]
        if rng.random() < 0.3:
            tries.append(copy_of(rng.choice(universe)))
        for action in tries:
            seat = rng.choice((None, None, pure.to_move, (pure.to_move + 1) % rules.seats))
            args = (action,) if seat is None else (action, seat)
            same_outcome(outcome(DEAL_PURE["push"], pure, *args),
                         outcome(DEAL_COMPILED["push"], compiled, *args), f"{args}, {what}")
            assert deal_state(compiled) == deal_state(pure), f"{args}, {what}"


@pytest.mark.parametrize("rules", RULESETS[:3], ids=lambda r: r.describe())
def test_deals_push_alike_on_random_walks(rules):
    @settings(max_examples=30, deadline=None)
    @given(st.integers(0, 2**32 - 1))
    def check(seed):
        deal_walk(rules, seed, 200)

    check()


def test_a_deal_takes_suited_cards_and_keywords_as_on_the_pure_core():
    deal = Deal.shuffled(3)
    while deal.phase is not Phase.PLAY:
        DEAL_COMPILED["push"](deal, deal.legal_actions()[-1])
    play = next(p for p in deal.legal_actions() if p.size == 1)
    card = next(c for c in deal.held_cards(deal.to_move) if ranks_of_cards([c]) == play.cards)
    with pytest.raises(ValueError, match="are not the play"):
        DEAL_COMPILED["push"](deal, play, cards=[card, card])
    with pytest.raises(TypeError):
        DEAL_COMPILED["push"](deal, play, deal.to_move, [card], "more")
    DEAL_COMPILED["push"](deal, play, seat=deal.to_move, cards=[card])
    assert deal.chosen == {len(deal.history) - 1: (card,)}
