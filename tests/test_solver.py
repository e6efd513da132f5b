from dizhu.bots.inference import consistent
from dizhu.bots.solver import Solver, splits
from dizhu.cards import parse_ranks
from dizhu.combos import Play


def hands(*texts):
    return tuple(parse_ranks(t) for t in texts)


def test_the_rocket_then_the_last_card_wins():
    solver = Solver(landlord=0)
    assert solver.landlord_wins(hands("3BR", "4", "5"), 0, None, -1, 0) is True


def test_two_low_singles_against_a_higher_single_lose():
    solver = Solver(landlord=0)
    assert solver.landlord_wins(hands("34", "5", "6"), 0, None, -1, 0) is False


def test_a_pair_escapes_singles():
    solver = Solver(landlord=0)
    assert solver.landlord_wins(hands("33", "A", "2"), 0, None, -1, 0) is True
    # the same with the peasants to lead: the first peasant goes out at once
    assert solver.landlord_wins(hands("33", "A", "2"), 1, None, -1, 0) is False


def test_the_solver_answers_for_a_given_play():
    solver = Solver(landlord=0)
    position = (hands("3BR", "4", "5"), 0, None, -1, 0)
    assert solver.after(*position, Play.parse("rocket BR")) is True
    assert solver.after(*position, Play.parse("single 3")) is False


def test_the_node_limit_gives_up_cleanly():
    solver = Solver(landlord=0)
    position = hands("3579J", "468TQ", "KKA22")
    assert solver.landlord_wins(position, 0, None, -1, 0, limit=3) is None
    assert solver.landlord_wins(position, 0, None, -1, 0) is not None


def test_splits_cover_every_way_once():
    unseen = [0] * 15
    unseen[0], unseen[1] = 2, 1  # 3 3 4
    found = splits(unseen, 1)
    assert sorted(found) == sorted([(parse_ranks("3"), parse_ranks("34")),
                                    (parse_ranks("4"), parse_ranks("33"))])


def test_a_pass_suggests_no_higher_play_of_that_kind():
    assert consistent(parse_ranks("345"), [Play.parse("single 6")])
    assert not consistent(parse_ranks("39"), [Play.parse("single 6")])
    assert consistent(parse_ranks("3333"), [Play.parse("single 6")])  # bombs aside
