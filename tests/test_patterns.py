"""Naming a play by pattern: every combination one deck allows can be named, and a wrong
naming is refused with a reason."""

import pytest

from dizhu.cards import UNIT, count_of, parse_ranks
from dizhu.combos import InvalidPlayError, Kind, Play
from dizhu.patterns import SHAPES, compose
from dizhu.universe import UNIVERSE


def naming(play: Play) -> tuple[Kind, int, int, tuple[int, ...]]:
    """Pattern, lowest rank of the main run, length and wing ranks of a play."""
    shape = SHAPES[play.kind]
    body = sum(UNIT[r] for r in range(play.main, play.main + play.length)) * shape.body
    rest = play.cards - body
    wings = tuple(r for r in range(15) for _ in range(count_of(rest, r) // max(shape.wing, 1)))
    return play.kind, play.main, play.length, wings


def test_every_play_of_the_universe_can_be_named():
    named = 0
    for play in UNIVERSE.all_plays():
        if play.kind is Kind.ROCKET:
            assert compose(Kind.ROCKET, 0) == play
            continue
        kind, main, length, wings = naming(play)
        assert compose(kind, main, length, wings) == play
        named += 1
    assert named == len(UNIVERSE.by_key) - 1


def test_the_table_keeps_the_strongest_reading():
    # 444 555 666 named from 4 with wings 7 7 7 is the airplane 555666777 with wings 444
    play = compose(Kind.AIRPLANE_SINGLES, 1, 3, (4, 4, 4))
    assert play.main == 2 and play.cards == parse_ranks("444555666777")


def test_distinct_kickers_option():
    assert compose(Kind.FOUR_TWO_SINGLES, 5, 1, (0, 0)).cards == parse_ranks("338888")
    with pytest.raises(InvalidPlayError, match="not a legal four_two_singles"):
        compose(Kind.FOUR_TWO_SINGLES, 5, 1, (0, 0), distinct_kickers=True)


@pytest.mark.parametrize(("kind", "main", "length", "wings", "message"), [
    (Kind.STRAIGHT, 0, 4, (), "runs 5 to 12 ranks, not 4"),
    (Kind.STRAIGHT, 9, 5, (), "cannot start at Q and run 5 ranks"),
    (Kind.PAIR, 1, 2, (), "has no length"),
    (Kind.TRIPLE_SINGLE, 0, 1, (), "takes 1 kicker, not 0"),
    (Kind.AIRPLANE_PAIRS, 0, 2, (5,), "takes 2 wings, not 1"),
    (Kind.PAIR, 13, 1, (), "BB is not a legal pair"),
    (Kind.TRIPLE_SINGLE, 0, 1, (0,), "3333 is not a legal triple_single"),
])
def test_wrong_namings_say_why(kind, main, length, wings, message):
    with pytest.raises(InvalidPlayError, match=message):
        compose(kind, main, length, wings)
