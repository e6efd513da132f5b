from dizhu.bots.inference import consistent
from dizhu.bots.solver import Solver
from dizhu.cards import parse_ranks
from dizhu.combos import Play
from dizhu.movegen import CLASSIC
from dizhu.position import Position
from dizhu.rulesets import FOUR


def position(text: str, rules=None) -> Position:
    return Position.from_text(text) if rules is None else Position.from_text(text, rules)


def test_the_rocket_then_the_last_card_wins():
    assert Solver().landlord_wins(position("3BR/4/5 0 0 -")) is True


def test_two_low_singles_against_a_higher_single_lose():
    assert Solver().landlord_wins(position("34/5/6 0 0 -")) is False


def test_a_pair_escapes_singles():
    assert Solver().landlord_wins(position("33/A/2 0 0 -")) is True
    # the same with the peasants to lead: the first peasant goes out at once
    assert Solver().landlord_wins(position("33/A/2 0 1 -")) is False


def test_the_solver_answers_for_a_given_play_and_leaves_the_position_as_it_was():
    start = position("3BR/4/5 0 0 -")
    solver = Solver()
    assert solver.after(start, Play.parse("rocket BR")) is True
    assert solver.after(start, Play.parse("single 3")) is False
    assert start.text() == "3BR/4/5 0 0 -"


def test_the_node_limit_gives_up_cleanly():
    start = position("3579J/468TQ/KKA22 0 0 -")
    assert Solver().landlord_wins(start, limit=3) is None
    assert start.text() == "3579J/468TQ/KKA22 0 0 -"
    assert Solver().landlord_wins(start) is not None


def test_three_peasants_are_one_team():
    # a peasant to lead goes out at once with its last card
    assert Solver().landlord_wins(position("BB/3/4/5 0 1 -", FOUR)) is False
    # with the landlord to lead, the pair of small jokers goes out at once
    assert Solver().landlord_wins(position("BB/3/4/5 0 0 -", FOUR)) is True


def test_a_pass_suggests_no_higher_play_of_that_kind():
    assert consistent(parse_ranks("345"), [Play.parse("single 6")], CLASSIC)
    assert not consistent(parse_ranks("39"), [Play.parse("single 6")], CLASSIC)
    assert consistent(parse_ranks("3333"), [Play.parse("single 6")], CLASSIC)  # bombs aside
