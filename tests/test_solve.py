"""The exact solver (dizhu.solve): against a brute-force minimax on small positions of every
ruleset, compiled against pure, its line replayed, its budgets."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dizhu.solve
from dizhu import core
from dizhu.combos import Play
from dizhu.position import Position
from dizhu.rules import CLASSIC
from dizhu.rulesets import FOUR, ROB
from dizhu.solve import Solution, Solver, end_points, solve
from dizhu.solve.played_down import played_down as solve_played_down
from tests.solving import brute_force, kicker_positions, same_play_positions, small_positions

RULESETS = [CLASSIC, ROB, FOUR, CLASSIC.with_options(distinct_kickers=True)]
CORES = [pytest.param(False, id="python"),
         pytest.param(True, id="compiled", marks=pytest.mark.skipif(
             core.COMPILED is None, reason=f"compiled core: {core.MISSING}"))]

compiled_only = pytest.mark.skipif(core.COMPILED is None,
                                   reason=f"compiled core: {core.MISSING}")


def position(text: str, rules=CLASSIC) -> Position:
    return Position.from_text(text, rules)


def texts(plays) -> set[str]:
    return {p.text for p in plays}


def replayed(pos: Position, answer: Solution) -> Position:
    """The position at the end of the answer's line, every play checked by ``push``."""
    end = Position(pos.rules, list(pos.hands), pos.landlord, pos.to_move, pos.top,
                   pos.top_seat)
    end.plays_made, end.bombs, end.rockets = list(pos.plays_made), pos.bombs, pos.rockets
    for play in answer.line:
        end.push(play)
    return end


def check_line(pos: Position, answer: Solution) -> None:
    """The line, replayed with push, ends the play with the winner and points claimed."""
    end = replayed(pos, answer)
    assert end.is_over
    assert end.landlord_won == answer.landlord_wins
    assert end_points(end) == (answer.bombs, answer.rockets, answer.spring,
                               answer.anti_spring)


# --------------------------------------------------------------------------- examples


@pytest.mark.parametrize("compiled", CORES)
def test_the_rocket_then_the_last_card_wins_with_spring(compiled):
    answer = Solver(compiled=compiled).solve(position("3BR/4/5 0 0 -"))
    assert answer.solved and answer.winner == "landlord"
    # the single jokers win too: nothing beats the red joker, then the black one is led
    assert texts(answer.winning_plays) == {"rocket BR", "single B", "single R"}
    # the most the landlord can win: the rocket doubles and the peasants never play
    assert [p.text for p in answer.line] == ["rocket BR", "pass", "pass", "single 3"]
    assert (answer.rockets, answer.spring, answer.multiplier) == (1, True, 4)


@pytest.mark.parametrize("compiled", CORES)
def test_two_low_singles_against_a_higher_single_lose(compiled):
    answer = Solver(compiled=compiled).solve(position("34/5/6 0 0 -"))
    assert answer.winner == "peasants"
    assert answer.winning_plays == ()


@pytest.mark.parametrize("compiled", CORES)
def test_a_pair_escapes_singles_but_not_when_a_peasant_leads(compiled):
    solver = Solver(compiled=compiled)
    assert solver.solve(position("33/A/2 0 0 -")).winner == "landlord"
    answer = solver.solve(position("33/A/2 0 1 -"))
    assert answer.winner == "peasants"
    assert texts(answer.winning_plays) == {"single A"}


@pytest.mark.parametrize("compiled", CORES)
def test_three_peasants_are_one_team(compiled):
    solver = Solver(FOUR, compiled=compiled)
    assert solver.solve(position("BB/3/4/5 0 1 -", FOUR)).winner == "peasants"
    assert solver.solve(position("BB/3/4/5 0 0 -", FOUR)).winner == "landlord"


@pytest.mark.parametrize("compiled", CORES)
def test_the_winner_bombs_when_it_can_afford_to(compiled):
    # the landlord wins either way; the bomb first doubles the stake, and no peasant
    # ever plays: spring doubles it again
    answer = Solver(compiled=compiled).solve(position("66663/4/5 0 0 -"))
    assert answer.winner == "landlord"
    assert (answer.bombs, answer.spring, answer.multiplier) == (1, True, 4)
    check_line(position("66663/4/5 0 0 -"), answer)


@pytest.mark.parametrize("compiled", CORES)
def test_anti_spring_counts_when_the_landlord_led_only_once(compiled):
    pos = position("345/6/7 0 1 -")
    pos.plays_made = [1, 0, 0]  # the landlord's opening lead
    answer = Solver(compiled=compiled).solve(pos)
    assert answer.winner == "peasants" and answer.anti_spring and answer.multiplier == 2
    pos.plays_made = [2, 0, 0]
    answer = Solver(compiled=compiled).solve(pos)
    assert not answer.anti_spring and answer.multiplier == 1


@pytest.mark.parametrize("compiled", CORES)
def test_the_points_cost_no_search_when_the_winner_can_double_no_more(compiled):
    # the landlord wins; no hand holds a bomb or the rocket, the peasants have played (no
    # spring) and anti-spring would need the peasants to win: the win is worth 1
    pos = position("3455578TJAA/9JK2/446778899QAA22B 2 2 1:triple_single:QQQ2")
    pos.plays_made = [2, 3, 1]
    winner = Solver(compiled=compiled).solve(pos, points=False)
    answer = Solver(compiled=compiled).solve(pos, nodes=20 * winner.nodes)
    assert winner.winner == "landlord"
    assert answer.solved and answer.multiplier == 1
    assert answer.nodes <= 2 * winner.nodes


@pytest.mark.parametrize("compiled", CORES)
def test_doublings_before_the_position_multiply_the_points(compiled):
    pos = position("3BR/4/5 0 0 -")
    pos.bombs, pos.rockets = 2, 0
    answer = Solver(compiled=compiled).solve(pos)
    assert (answer.bombs, answer.rockets, answer.doublings, answer.multiplier) == \
        (2, 1, 4, 16)


@pytest.mark.parametrize("compiled", CORES)
def test_a_finished_play_is_solved_at_once(compiled):
    answer = Solver(compiled=compiled).solve(position("-/4/5 0 - 0:single:3"))
    assert answer.solved and answer.winner == "landlord" and answer.line == ()


def test_solve_without_points_gives_the_winner_and_the_winning_plays_only():
    answer = solve(position("3BR/4/5 0 0 -"), points=False)
    assert answer.winner == "landlord" and texts(answer.winning_plays) >= {"rocket BR"}
    assert answer.line == () and answer.multiplier is None


def test_a_solver_is_for_one_ruleset():
    with pytest.raises(ValueError, match="this solver plays classic, not four"):
        Solver(CLASSIC).solve(position("BB/3/4/5 0 1 -", FOUR))


# --------------------------------------------------------------------------- brute force


def _agrees_with_brute_force(pos: Position) -> None:
    """Both cores give the brute force's winner, winning plays and points, leave the
    position as it was, and give a line that replays to what they claim; asked who wins
    only (``plays=False``), the same winner, points and line check, and no plays."""
    best, winning = brute_force(pos)
    for compiled in COMPILED:
        before = (pos.text(), list(pos.plays_made), pos.bombs, pos.rockets)
        answer = Solver(pos.rules, compiled=compiled).solve(pos)
        assert (pos.text(), list(pos.plays_made), pos.bombs, pos.rockets) == before
        assert answer.solved
        assert answer.landlord_wins == best.landlord_wins
        assert texts(answer.winning_plays) == winning
        assert answer.doublings == pos.bombs + pos.rockets + best.doublings
        check_line(pos, answer)
        who = Solver(pos.rules, compiled=compiled).solve(pos, plays=False)
        assert who.solved and who.landlord_wins == best.landlord_wins
        assert who.winning_plays == () and who.doublings == answer.doublings
        check_line(pos, who)


COMPILED = (False, True) if core.COMPILED is not None else (False,)
"""The cores to check: the compiled one where it is built (test_core.py requires it in
CI)."""


@pytest.mark.parametrize(("rules", "examples"), [
    (CLASSIC, 400), (ROB, 200), (FOUR, 300), (CLASSIC.with_options(distinct_kickers=True), 200),
], ids=["classic", "rob", "four", "classic-distinct"])
def test_the_solver_agrees_with_a_brute_force_minimax(rules, examples):
    @settings(max_examples=examples, deadline=None,
              suppress_health_check=[HealthCheck.too_slow])
    @given(data=st.data())
    def check(data):
        _agrees_with_brute_force(data.draw(small_positions(rules)))

    check()


@pytest.mark.parametrize("rules", [CLASSIC, FOUR], ids=lambda r: r.name)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_solver_agrees_with_a_brute_force_minimax_when_bombs_double(rules, data):
    """Small hands beside a bomb that doubles the stake (in four six cards or more)."""
    _agrees_with_brute_force(data.draw(small_positions(rules, most=2, total=5, bomb=True)))


@pytest.mark.parametrize("rules", [CLASSIC, FOUR, CLASSIC.with_options(distinct_kickers=True)],
                         ids=["classic", "four", "classic-distinct"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_dropping_plays_for_lower_kickers_keeps_the_answers(rules, data):
    """A triple with a choice of single kickers, beside partners and opponents holding
    cards between them (docs/solver.md, "Kicker dominance")."""
    _agrees_with_brute_force(data.draw(kicker_positions(rules)))


@pytest.mark.parametrize("rules", [CLASSIC, FOUR], ids=lambda r: r.name)
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_solver_agrees_with_a_brute_force_minimax_where_chains_come_and_go(rules, data):
    """Hands of the ranks 3 to 8 only, where straights and pair chains are made and
    broken and ranks run out (the compiled search keys positions by the order of their
    ranks and the runs chains can still use: docs/solver.md, "Keys")."""
    _agrees_with_brute_force(data.draw(small_positions(rules, most=5, total=9, ranks=6)))


@pytest.mark.parametrize("rules", [CLASSIC, FOUR], ids=lambda r: r.name)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_dropping_plays_for_lower_ranks_keeps_the_answers(rules, data):
    """Singles or pairs of several ranks, beside other hands holding cards between them
    or not (docs/solver.md, "Dominance")."""
    _agrees_with_brute_force(data.draw(same_play_positions(rules)))


# --------------------------------------------------------------------------- compiled and pure


def played_down(rules, seed: int, total: int) -> Position:
    """A position of a seeded deal after random plays, with at most ``total`` cards left."""
    pos = solve_played_down(rules, seed, total)
    return pos if pos is not None else played_down(rules, seed + 1000, total)


@compiled_only
@pytest.mark.parametrize("rules", [CLASSIC, FOUR], ids=lambda r: r.name)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), total=st.integers(6, 14))
def test_compiled_and_pure_solvers_agree(rules, seed, total):
    pos = played_down(rules, seed, total)
    pure = Solver(rules, compiled=False).solve(pos)
    compiled = Solver(rules, compiled=True).solve(pos)
    assert (compiled.landlord_wins, texts(compiled.winning_plays), compiled.doublings) == \
        (pure.landlord_wins, texts(pure.winning_plays), pure.doublings)
    check_line(pos, compiled)
    check_line(pos, pure)


@pytest.mark.parametrize("compiled", CORES)
def test_answers_agree_after_push_and_pop(compiled):
    solver = Solver(compiled=compiled)
    for seed in range(8):
        pos = played_down(CLASSIC, seed, 12)
        first = solver.solve(pos)
        for play in pos.legal_plays():
            pos.push(play)
            if not pos.is_over:
                solver.solve(pos)
            pos.pop()
        again = Solver(compiled=compiled).solve(pos)
        assert (again.landlord_wins, texts(again.winning_plays), again.doublings) == \
            (first.landlord_wins, texts(first.winning_plays), first.doublings)
        # the line's first play is a winning play of the seat to move
        assert first.line[0] in first.winning_plays or not first.winning_plays


# --------------------------------------------------------------------------- budgets


@pytest.mark.parametrize("compiled", CORES)
def test_a_tiny_budget_gives_not_solved_never_a_wrong_answer(compiled):
    pos = played_down(CLASSIC, 3, 16)
    full = Solver(compiled=compiled).solve(pos)
    assert full.solved
    for nodes in (1, 2, 3, 5, 10, 30, 100, 300, 1000):
        answer = Solver(compiled=compiled).solve(pos, nodes=nodes)
        if answer.solved:
            assert (answer.landlord_wins, texts(answer.winning_plays), answer.doublings) == \
                (full.landlord_wins, texts(full.winning_plays), full.doublings)
            assert answer.nodes <= nodes
        else:
            assert answer.winner is None and answer.winning_plays == () and answer.line == ()
    assert not Solver(compiled=compiled).solve(pos, nodes=1).solved
    assert not Solver(compiled=compiled).solve(played_down(CLASSIC, 3, 54), seconds=0).solved


@pytest.mark.parametrize("compiled", CORES)
def test_the_budget_holds_for_solves_that_remember_earlier_ones(compiled):
    solver = Solver(compiled=compiled)
    pos = played_down(CLASSIC, 3, 16)
    assert not solver.solve(pos, nodes=5).solved
    full = solver.solve(pos)
    assert full.solved and full.nodes > 100
    assert solver.solve(pos, nodes=full.nodes // 10).solved  # remembered


def test_a_play_given_by_value_is_the_universe_s_own():
    answer = solve(position("3BR/4/5 0 0 -"))
    assert Play.parse("rocket BR") in answer.winning_plays


def test_the_examples_of_the_docs_hold():
    assert doctest.testmod(dizhu.solve).failed == 0
    docs = Path(__file__).resolve().parents[1] / "docs" / "solver.md"
    assert doctest.testfile(str(docs), module_relative=False).failed == 0


@compiled_only
def test_a_solver_reused_for_other_landlords_answers_as_a_fresh_one():
    """The compiled table outlives a solve: positions alike but for the landlord's seat
    are not one entry (a solver that had answered for other landlords once said the
    peasants win this one)."""
    solver = Solver(CLASSIC, compiled=True)
    for seed in range(30):
        for total in (22, 26):
            solver.solve(played_down(CLASSIC, seed, total), points=False)
    pos = played_down(CLASSIC, 2, 30)
    assert pos.landlord == 1
    reused = solver.solve(pos, points=False)
    fresh = Solver(CLASSIC, compiled=True).solve(pos, points=False)  # a table of its own
    assert reused.landlord_wins == fresh.landlord_wins is True
    assert texts(reused.winning_plays) == texts(fresh.winning_plays)
