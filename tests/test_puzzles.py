"""The endgame puzzles: every shipped puzzle proved (its goal forced, its solution line
legal and reaching the goal, each claimed unique step unique), and the goal search against
a brute force and the solver on small random positions."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dizhu.combos import BOMB_KINDS, Kind, Play
from dizhu.position import Position
from dizhu.puzzles import (
    Goal,
    GoalSearch,
    Puzzle,
    PuzzleError,
    defence,
    find_puzzle,
    forced,
    forcing_plays,
    load_puzzles,
    read_puzzles,
)
from dizhu.rules import CLASSIC
from dizhu.rulesets import FOUR, LAIZI, ROB
from dizhu.solve import Solver
from dizhu.solve.goals import LONGEST, TooBig
from tests.solving import legal, small_positions

PUZZLES = load_puzzles()


# --------------------------------------------------------------------------- the collection

THREE_SEAT = [p for p in PUZZLES if p.ruleset != "duel"]
TWO_HANDS = [p for p in PUZZLES if p.ruleset == "duel"]


def test_the_collection_is_large_numbered_and_rising():
    """Two series, each rising from difficulty 1 to 5: the three-seat one (four in
    ``four``) numbered from 1, the two-hand one after it."""
    ids = [p.id for p in PUZZLES]
    assert len(THREE_SEAT) >= 60 and ids == list(range(1, len(PUZZLES) + 1))
    assert PUZZLES == THREE_SEAT + TWO_HANDS and len(THREE_SEAT) == 70
    for series in (THREE_SEAT, TWO_HANDS):
        levels = [p.difficulty for p in series]
        assert levels == sorted(levels) and set(levels) == {1, 2, 3, 4, 5}
        assert set(Goal) == {p.goal for p in series}
    assert {p.ruleset for p in THREE_SEAT} == {"classic", "rob", "four", "laizi", "tiandi"}
    assert {p.side for p in THREE_SEAT} == {"landlord", "peasants"}
    for puzzle in PUZZLES:
        assert not re.search("[\u4e00-\u9fff]", puzzle.title["en"])
        assert re.search("[\u4e00-\u9fff]", puzzle.title["zh"])
    assert len({p.title["en"] for p in PUZZLES}) == len(PUZZLES)


def test_the_two_hand_puzzles_pit_the_landlord_against_one_peasant():
    assert len(TWO_HANDS) >= 12 and TWO_HANDS[0].id == 71
    for puzzle in TWO_HANDS:
        start = puzzle.start()
        assert start.seats == 2 and start.landlord == 0 and all(start.left)
        assert puzzle.title["en"].startswith("Two hands · ")
        assert puzzle.title["zh"].startswith("二人 · ")
    assert {p.side for p in TWO_HANDS} == {"landlord", "peasant"}


def test_harder_puzzles_hold_more_cards_and_longer_lines():
    def mean(level, measure):
        found = [measure(p) for p in THREE_SEAT if p.difficulty == level]
        return sum(found) / len(found)

    cards = lambda p: sum(p.start().left)  # noqa: E731
    assert mean(5, cards) > mean(1, cards) + 4
    assert mean(5, lambda p: len(p.solution)) > mean(1, lambda p: len(p.solution))


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: f"{p.id}-{p.ruleset}-{p.goal.value}")
def test_every_puzzle_is_proved(puzzle: Puzzle):
    """Its position reads back as written; the goal is forced from it; the solution line is
    legal and reaches the goal against the defence it records, every play of the side
    along it keeping the goal forced; where a step claims to be unique every other play
    of the seat fails the goal; the first step claims it."""
    start = puzzle.start()
    assert start.text() == puzzle.position and start.to_move == puzzle.seat
    search = GoalSearch(start, puzzle.goal, puzzle.seat)
    assert search.forced(start)
    assert puzzle.solution[0].unique
    pos = start.copy()
    for step in puzzle.solution:
        play = puzzle.read(pos, step.play)
        if search.ours(pos):
            assert search.forces(pos, play), step
            if step.unique:
                others = [p for p in pos.legal_plays() if p != play]
                assert others and not any(search.forces(pos, p) for p in others), step
        else:
            assert not step.unique
            assert search.allowed(pos, play)
        pos.push(play)
    assert pos.is_over and search.reached(pos)
    check = puzzle.check(puzzle.solution_plays())
    assert check.solved and check.failure is None and check.lost_at is None


def test_the_shipped_files_round_trip():
    from importlib import resources

    folder = resources.files("dizhu.puzzles") / "data"
    for entry in folder.iterdir():
        text = entry.read_text(encoding="utf-8")
        assert [p.to_json() for p in read_puzzles(text)] == json.loads(text)


# --------------------------------------------------------------------------- checking lines

def test_a_wrong_first_play_is_lost_at_once_and_the_defence_refutes_it():
    puzzle = next(p for p in PUZZLES if p.goal is Goal.WIN and len(p.start().legal_plays()) > 2)
    pos = puzzle.start()
    search = puzzle.search()
    right = puzzle.read(pos, puzzle.solution[0].play)
    wrong = next(p for p in pos.legal_plays() if p != right)
    line = [wrong]
    pos.push(wrong)
    while not pos.is_over:  # the side keeps trying its first play; the defence refutes
        play = pos.legal_plays()[0] if search.ours(pos) else search.defence(pos)
        line.append(play)
        pos.push(play)
    check = puzzle.check(line)
    assert not check.solved and check.lost_at == 0 and not check.forced
    assert check.failure == "the other side went out first"


def test_a_bomb_breaks_no_bomb_and_a_card_breaks_spring():
    pos = Position.from_text("3BR/4/5 0 0 -")
    no_bomb = Puzzle(0, "classic", pos.text(), 0, Goal.NO_BOMB, 1, {"en": "", "zh": ""}, ())
    check = no_bomb.check(["rocket BR"])
    assert check.failure and "rocket" in check.failure and not check.forced
    spring = Puzzle(0, "classic", pos.text(), 0, Goal.SPRING, 1, {"en": "", "zh": ""}, ())
    check = spring.check(["single 3", "single 4"])
    assert check.lost_at == 0 and "single 4" in check.failure
    assert spring.check(["single B", "pass", "pass", "single R"]).forced


def test_illegal_lines_and_bad_files_are_refused_with_a_reason():
    puzzle = PUZZLES[0]
    with pytest.raises(PuzzleError, match="play 1"):
        puzzle.check(["pass"])
    with pytest.raises(PuzzleError):
        puzzle.check(["single"])
    with pytest.raises(PuzzleError, match="no puzzle 9999"):
        find_puzzle(9999)
    with pytest.raises(PuzzleError, match="JSON list"):
        read_puzzles("{}")
    with pytest.raises(PuzzleError, match="missing or bad field"):
        read_puzzles('[{"id": 1}]')
    bad = puzzle.to_json() | {"goal": "fly"}
    with pytest.raises(PuzzleError, match="unknown goal 'fly'"):
        read_puzzles(json.dumps([bad]))
    bad = puzzle.to_json() | {"seat": (puzzle.seat + 1) % 3}
    with pytest.raises(PuzzleError, match="not to move"):
        read_puzzles(json.dumps([bad]))


def test_the_defence_holds_out_longest_and_refutes_when_it_can():
    pos = Position.from_text("3BR/4/5 0 0 -")
    search = GoalSearch(pos, Goal.WIN)
    assert search.resistance(pos) == 4  # rocket, pass, pass, 3
    pos.push(Play.parse("single 3"))
    assert defence(pos, Goal.WIN, 0).text == "single 4"
    assert GoalSearch(pos, Goal.WIN, 0).resistance(pos) == LONGEST
    pos = Position.from_text("33/4/55 0 0 -")  # the pair wins at once, the 3 loses
    search = GoalSearch(pos, Goal.WIN)
    assert [p.text for p in search.forcing_plays(pos)] == ["pair 33"]
    with pytest.raises(ValueError, match="not to move"):
        search.defence(pos)


def test_a_search_over_its_limit_says_so():
    pos = Position.from_text("3579JKA/468TQA2/34567 0 0 -")
    with pytest.raises(TooBig):
        GoalSearch(pos, Goal.WIN, limit=5).forced(pos)


# --------------------------------------------------------------------------- against brute force

def goal_by_brute_force(rules, hands, landlord, to_move, top, top_seat, passes,
                        side_landlord: bool, goal: Goal) -> bool:
    """Whether the side forces ``goal``, by walking every line with the reference move
    generator, the goal judged on the whole line (no memo, no pruning)."""
    seats = len(hands)
    ours = (to_move == landlord) == side_landlord
    results = []
    for play in legal(rules, hands[to_move], top):
        bomb = play.kind in BOMB_KINDS or play.kind is Kind.ROCKET
        if ours and goal is Goal.NO_BOMB and bomb:
            results.append(False)
            continue
        if not ours and goal is Goal.SPRING and not play.is_pass:
            results.append(False)
            continue
        if play.is_pass:
            if passes + 1 == seats - 1:
                results.append(goal_by_brute_force(rules, hands, landlord, top_seat, None, -1,
                                                   0, side_landlord, goal))
            else:
                results.append(goal_by_brute_force(rules, hands, landlord,
                                                   (to_move + 1) % seats, top, top_seat,
                                                   passes + 1, side_landlord, goal))
            continue
        after = hands[:]
        after[to_move] -= play.cards
        if not after[to_move]:
            results.append(ours)
            continue
        results.append(goal_by_brute_force(rules, after, landlord, (to_move + 1) % seats,
                                           play, to_move, 0, side_landlord, goal))
    return any(results) if ours else all(results)


SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@SETTINGS
@given(st.sampled_from([CLASSIC, ROB, FOUR]).flatmap(
    lambda rules: small_positions(rules, most=3, total=7, bomb=True)),
       st.sampled_from(list(Goal)), st.booleans())
def test_the_goal_search_agrees_with_brute_force(pos: Position, goal: Goal, landlord: bool):
    seat = pos.landlord if landlord else (pos.landlord + 1) % pos.seats
    passes = pos.passes if pos.top is not None else 0
    expected = goal_by_brute_force(pos.rules, list(pos.hands), pos.landlord, pos.to_move,
                                   pos.top, pos.top_seat, passes, landlord, goal)
    assert forced(pos, goal, seat) == expected


@SETTINGS
@given(st.sampled_from([CLASSIC, FOUR]).flatmap(
    lambda rules: small_positions(rules, most=4, total=11, bomb=True)))
def test_win_is_the_solvers_answer_and_the_other_goals_imply_it(pos: Position):
    answer = Solver(pos.rules, memory=1 << 12, compiled=False).solve(pos, points=False)
    assert forced(pos, Goal.WIN, pos.landlord) == answer.landlord_wins
    assert set(forcing_plays(pos, Goal.WIN)) == set(answer.winning_plays)
    for goal in (Goal.SPRING, Goal.NO_BOMB):
        for seat in range(pos.seats):
            if forced(pos, goal, seat):
                assert forced(pos, Goal.WIN, seat)
    mover = forcing_plays(pos, Goal.SPRING) + forcing_plays(pos, Goal.NO_BOMB)
    assert set(mover) <= set(answer.winning_plays)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_positions(CLASSIC, most=3, total=6))
def test_wild_positions_are_searched_as_the_solver_does(pos: Position):
    """The same hands with 8 wild, in laizi."""
    wild = Position(LAIZI, list(pos.hands), pos.landlord, pos.to_move, wild=(5,))
    answer = Solver(LAIZI).solve(wild, points=False)
    assert forced(wild, Goal.WIN, wild.landlord) == answer.landlord_wins
    assert set(forcing_plays(wild, Goal.WIN)) == set(answer.winning_plays)


def test_the_search_leaves_the_position_as_it_was():
    puzzle = PUZZLES[-1]
    pos = puzzle.start()
    GoalSearch(pos, puzzle.goal).resistance(pos)
    assert pos.text() == puzzle.position and not pos._undo


def test_the_docstrings_examples_run():
    import doctest

    import dizhu.puzzles
    import dizhu.solve.goals

    for module in (dizhu.solve.goals, dizhu.puzzles):
        failed, tried = doctest.testmod(module)
        assert tried and not failed, module.__name__
