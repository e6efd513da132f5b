"""``duel``: two hands (二人), for positions only. Its positions (legal plays, a trick
cleared after one pass, the winner), both cores on them, the solver against the reference
brute force and the goal search against a two-hand brute force of its own; and every
place that deals, offers or lists rulesets refusing or leaving it out."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dizhu import core
from dizhu.cli import main
from dizhu.combos import BOMB_KINDS, PASS, Kind, Play
from dizhu.deal import Deal
from dizhu.position import InvalidPositionError, Position
from dizhu.puzzles import Goal, GoalSearch, forced, forcing_plays
from dizhu.rulesets import DUEL, find_ruleset, names, offered_ruleset
from dizhu.solve import Solver
from tests.solving import brute_force, legal, small_positions

COMPILED = (False, True) if core.COMPILED is not None else (False,)


def position(text: str) -> Position:
    return Position.from_text(text, DUEL)


def texts(plays) -> list[str]:
    return [p.text for p in plays]


# --------------------------------------------------------------------------- the ruleset

def test_two_seats_with_the_classic_combinations_for_positions_only():
    assert find_ruleset("duel") is DUEL is find_ruleset("two-hands")
    assert (DUEL.seats, DUEL.combos, DUEL.generator) == (2, find_ruleset().combos,
                                                         find_ruleset().generator)
    assert not DUEL.dealt and not DUEL.offered
    assert "duel" not in names() and names(every=True)[-1] == "duel"
    with pytest.raises(ValueError, match="duel is for positions only"):
        offered_ruleset("duel")


def test_no_deal_is_dealt_but_a_play_starts_at_a_position():
    with pytest.raises(ValueError, match="no deal of duel: it is for positions"):
        Deal.shuffled(1, rules=DUEL)
    deal = Deal.from_position(position("345/66 0 1 0:single:2"))
    assert deal.to_move == 1 and texts(deal.legal_actions()) == ["pass"]
    for text in ("pass", "single 3", "single 6", "pass", "single 6"):
        deal.push(DUEL.parse_play(text))
    assert deal.result.landlord_won is False and deal.result.scores == (-1, 1)


# --------------------------------------------------------------------------- positions

def test_legal_plays_follow_the_classic_rules_with_two_hands():
    pos = position("33445/6789TJ 0 0 -")
    assert "pair_chain 334455" not in texts(pos.legal_plays())
    assert texts(pos.legal_plays())[:3] == ["single 3", "single 4", "single 5"]
    pos.push(DUEL.parse_play("pair 44"))
    assert pos.to_move == 1 and texts(pos.legal_plays()) == ["pass"]
    assert position("33/789TJ 1 1 0:pair:33").landlord == 1  # either seat may be the landlord


def test_a_trick_clears_after_the_one_other_seat_passes():
    pos = position("3A/KK 0 0 -")
    pos.push(DUEL.parse_play("single A"))
    assert pos.top.text == "single A" and pos.to_move == 1
    pos.push(PASS)
    assert pos.top is None and pos.to_move == 0 and pos.passes == 0
    assert pos.text() == "3/KK 0 0 - 0:0:1,0"
    with pytest.raises(ValueError, match="a leader may not pass"):
        pos.push(PASS)


def test_the_first_empty_hand_wins_for_its_side():
    pos = position("3A/K 0 0 -")
    pos.push(DUEL.parse_play("single 3"))
    pos.push(DUEL.parse_play("single K"))
    assert pos.is_over and pos.winner == 1 and pos.landlord_won is False
    assert pos.text() == "A/- 0 - 1:single:K 0:0:1,1" and pos.legal_plays() == []
    pos.pop()
    pos.pop()
    pos.push(DUEL.parse_play("single A"))
    pos.push(PASS)
    pos.push(DUEL.parse_play("single 3"))
    assert pos.winner == 0 and pos.landlord_won


@pytest.mark.parametrize(("text", "words"), [
    ("3/4/5 0 0 -", "duel has 2 seats, the position gives 3 hands"),
    ("3/- 0 0 -", "the seat to move is '-' exactly when a hand is empty"),
    ("-/- 0 - -", "at most one hand is empty"),
    ("3/4 2 0 -", "the landlord must be a seat 0..1"),
    ("3/4 0 0 0:single:5", "the seat to move cannot be on top"),
    ("3/4 0 0 - 0:0:1,1,1", "the plays of each of the 2 seats"),
])
def test_positions_of_other_shapes_are_refused_saying_why(text, words):
    with pytest.raises(InvalidPositionError, match=words):
        position(text)


# --------------------------------------------------------------------------- search

SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@SETTINGS
@given(st.data())
def test_both_solvers_agree_with_the_brute_force(data):
    """Winner, winning plays and points (spring: the peasant plays no card) of both cores."""
    pos = data.draw(small_positions(DUEL, most=3, total=6, bomb=True))
    best, winning = brute_force(pos)
    for compiled in COMPILED:
        answer = Solver(DUEL, compiled=compiled).solve(pos)
        assert answer.solved and answer.landlord_wins == best.landlord_wins
        assert set(texts(answer.winning_plays)) == winning
        assert answer.doublings == pos.bombs + pos.rockets + best.doublings
        end = pos.copy()
        for play in answer.line:
            end.push(play)
        assert end.is_over and end.landlord_won == answer.landlord_wins


@cache
def two_hands(mine: int, theirs: int, top: Play | None, landlord: bool, goal: Goal,
              side: bool) -> bool:
    """Whether the side (``side``: the landlord's) forces ``goal`` when the hand ``mine``
    (the landlord's when ``landlord``) is to move against ``theirs`` with ``top`` to beat,
    written for two hands: a pass hands the lead to the other hand, and an empty hand
    ends the play. Every line is walked with the reference plays (no shared search)."""
    ours = landlord == side
    results = []
    for play in legal(DUEL, mine, top):
        if ours and goal is Goal.NO_BOMB and (play.kind in BOMB_KINDS
                                              or play.kind is Kind.ROCKET):
            continue  # the side may not bomb
        if not ours and goal is Goal.SPRING and not play.is_pass:
            results.append(False)  # the other side played a card
        elif play.is_pass:
            results.append(two_hands(theirs, mine, None, not landlord, goal, side))
        elif play.cards == mine:
            results.append(ours)
        else:
            results.append(two_hands(theirs, mine - play.cards, play, not landlord, goal, side))
    return any(results) if ours else all(results)


@SETTINGS
@given(st.data(), st.sampled_from(list(Goal)), st.booleans())
def test_the_goal_search_agrees_with_a_two_hand_brute_force(data, goal, landlord):
    pos = data.draw(small_positions(DUEL, most=4, total=9, bomb=True))
    mover = pos.to_move
    seat = pos.landlord if landlord else 1 - pos.landlord
    expected = two_hands(pos.hands[mover], pos.hands[1 - mover], pos.top,
                         mover == pos.landlord, goal, landlord)
    assert forced(pos, goal, seat) == expected
    if seat == mover:  # each forcing play: the goal forced once it is made
        search = GoalSearch(pos, goal)
        for play in forcing_plays(pos, goal):
            assert search.forces(pos, play)


@pytest.mark.skipif(core.COMPILED is None, reason=f"compiled core: {core.MISSING}")
@settings(max_examples=40, deadline=None)
@given(st.data())
def test_the_cores_agree_on_bigger_two_hand_positions(data):
    pos = data.draw(small_positions(DUEL, most=9, total=18, bomb=True))
    pure = Solver(DUEL, compiled=False).solve(pos)
    compiled = Solver(DUEL, compiled=True).solve(pos)
    assert (compiled.landlord_wins, set(texts(compiled.winning_plays)), compiled.doublings) \
        == (pure.landlord_wins, set(texts(pure.winning_plays)), pure.doublings)


@pytest.mark.skipif(core.COMPILED is None, reason=f"compiled core: {core.MISSING}")
@settings(max_examples=40, deadline=None)
@given(st.data(), st.randoms(use_true_random=False))
def test_a_play_from_a_two_hand_position_runs_alike_on_both_cores(data, rng):
    """What a puzzle's try does (a deal from the position): the compiled core's push and
    legal actions of a Deal against the pure ones, to the end of the play."""
    from dizhu.deal import PURE_METHODS as DEAL_PURE
    from dizhu.deal import compiled_methods
    from tests.test_core_position import deal_state

    compiled_core = compiled_methods()
    start = data.draw(small_positions(DUEL, most=8, total=16, bomb=True))
    pure, compiled = Deal.from_position(start), Deal.from_position(start)
    while not pure.is_over:
        legal = DEAL_PURE["legal_actions"](pure)
        assert texts(compiled_core["legal_actions"](compiled)) == texts(legal)
        play = rng.choice(legal)
        DEAL_PURE["push"](pure, play)
        compiled_core["push"](compiled, play)
        assert deal_state(compiled) == deal_state(pure)
    assert compiled.result == pure.result


# --------------------------------------------------------------------------- the commands

def run(capsys, *argv):
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_dizhu_solve_reads_a_two_hand_position(capsys):
    code, out, err = run(capsys, "solve", "33A/KK 0 0 -", "--ruleset", "duel", "--line")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "landlord" and sorted(lines[1:3]) == ["single 3", "single A"]
    # a line of best play (the cores may choose different ones among equals): legal from
    # the position, the landlord out at its end, no doubling
    assert lines[4] == "points: no doubling: the stake ×1"
    position = Position.from_text("33A/KK 0 0 -", find_ruleset("duel"))
    for step in lines[3].removeprefix("line: ").split(", "):
        seat, play = step.split(" ", 1)
        assert int(seat) == position.to_move
        position.push(position.rules.parse_play(play))
    assert position.is_over and position.winner == 0
    code, out, _ = run(capsys, "moves", "33A", "--ruleset", "duel", "--after", "single K")
    assert (code, out.splitlines()) == (0, ["pass", "single A"])


@pytest.mark.parametrize("argv", [["play", "--ruleset", "duel"],
                                  ["auction", "--ruleset", "duel", "pass", "1"],
                                  ["tui", "--ruleset", "duel"],
                                  ["arena", "random", "random", "--ruleset", "duel"]])
def test_the_games_and_the_bot_tools_refuse_it_saying_why(capsys, argv):
    code, _, err = run(capsys, *argv)
    assert code == 2 and "duel" in err and "Traceback" not in err
    assert "position" in err


def test_the_learning_environments_refuse_it_saying_why():
    from dizhu.env.core import rules_of

    with pytest.raises(ValueError, match="duel is for positions only"):
        rules_of("duel", {})
