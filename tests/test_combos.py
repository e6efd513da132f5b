from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dizhu.cards import RANKS, deck_faces, parse_ranks, ranks_of_cards
from dizhu.combos import (
    NO_ID,
    PASS,
    Combination,
    InvalidPlayError,
    Kind,
    Play,
    beats,
    parse_play,
    reading_of,
    readings,
)
from dizhu.rulesets import FOUR
from dizhu.universe import UNIVERSE
from tests.strategies import hands


def load_classify(cases_dir):
    rows = []
    for line in (cases_dir / "classify.tsv").read_text().splitlines():
        cards, distinct, expected = line.split("\t")
        rows.append((cards, distinct == "1", expected))
    return rows


def test_shared_classify_vectors(cases_dir):
    rows = load_classify(cases_dir)
    assert len(rows) > 100
    wrong = []
    for cards, distinct, expected in rows:
        found = readings(parse_ranks(cards, deck=None), distinct)
        got = ",".join(sorted(p.reading for p in found)) or "invalid"
        if got != expected:
            wrong.append(f"{cards} distinct={distinct}: expected {expected}, got {got}")
    assert not wrong, "\n".join(wrong)


def test_universe_sizes():
    # every combination one deck allows, by kind (distinct_kickers off)
    sizes = Counter(p.kind for p in UNIVERSE.all_plays())
    assert sizes == {
        Kind.SINGLE: 15, Kind.PAIR: 13, Kind.TRIPLE: 13, Kind.BOMB: 13, Kind.ROCKET: 1,
        Kind.STRAIGHT: 36, Kind.PAIR_CHAIN: 52, Kind.AIRPLANE: 45,
        Kind.TRIPLE_SINGLE: 182, Kind.TRIPLE_PAIR: 156,
        Kind.FOUR_TWO_SINGLES: 1326, Kind.FOUR_TWO_PAIRS: 858,
        Kind.AIRPLANE_SINGLES: 22205, Kind.AIRPLANE_PAIRS: 2939,
    }
    assert len(UNIVERSE.by_key) == sum(sizes.values())


def test_four_universe_sizes():
    # two packs: bombs of 4 to 8 cards, pairs of jokers, longer chains, no single kickers;
    # airplanes with pair wings: C(15-n, n) wing sets less those with both joker pairs
    sizes = Counter(p.kind for p in FOUR.universe.all_plays())
    assert sizes == {
        Kind.SINGLE: 15, Kind.PAIR: 15, Kind.TRIPLE: 13, Kind.BOMB: 13 * 5, Kind.ROCKET: 1,
        Kind.STRAIGHT: 36, Kind.PAIR_CHAIN: 55, Kind.AIRPLANE: 65, Kind.TRIPLE_PAIR: 13 * 14,
        Kind.AIRPLANE_PAIRS: 847 + 2100 + 2646 + 1568 + 343,
    }
    assert len(FOUR.universe.by_key) == sum(sizes.values())


def test_four_universe_agrees_with_the_rule_book():
    for play in FOUR.universe.all_plays():
        same = FOUR.reading_of(play.cards, play.kind)
        assert same is not None and (same.main, same.length) == (play.main, play.length), play
        assert [p.kind for p in FOUR.readings(play.cards)] == [play.kind]  # one kind each
        assert play.doubling == (play.kind is Kind.ROCKET or
                                 (play.kind is Kind.BOMB and play.size >= 6))


@given(st.lists(st.sampled_from(deck_faces(2)), max_size=20))
def test_every_four_reading_is_in_the_four_universe(faces):
    cards = ranks_of_cards(faces)
    for play in FOUR.readings(cards):
        assert FOUR.universe.by_key[play.kind, play.cards].main == play.main


def test_universe_agrees_with_the_rule_book():
    for play in UNIVERSE.all_plays():
        same = reading_of(play.cards, play.kind)
        assert same is not None, play
        assert (same.main, same.length, same.distinct_ok) == \
            (play.main, play.length, play.distinct_ok), play
        assert (reading_of(play.cards, play.kind, True) is not None) == play.distinct_ok


@given(hands(max_size=20))
def test_every_reading_is_in_the_universe(cards):
    for play in readings(cards):
        assert UNIVERSE.by_key[play.kind, play.cards].main == play.main


@given(hands(max_size=20))
def test_distinct_readings_are_a_subset(cards):
    loose = {p.text: p.main for p in readings(cards)}
    for play in readings(cards, True):
        assert loose[play.text] == play.main


@pytest.mark.parametrize("play, top, result", [
    ("single 4", "single 3", True),
    ("single 3", "single 3", False),
    ("single R", "single B", True),
    ("triple_single 9994", "triple_single 8883", True),
    ("triple_pair 99944", "triple_single 8883", False),
    ("straight 45678", "straight 34567", True),
    ("straight 456789", "straight 34567", False),
    ("bomb 3333", "straight 3456789TJQKA", True),
    ("bomb 3333", "bomb 4444", False),
    ("bomb 5555", "bomb 4444", True),
    ("rocket BR", "bomb 2222", True),
    ("bomb 2222", "rocket BR", False),
    ("four_two_singles 555567", "four_two_singles 344445", True),
    ("four_two_singles 555567", "bomb 3333", False),
    ("bomb 3333", "four_two_pairs 22553333", True),
    ("airplane_singles 444555666777", "airplane_singles 333444555666", True),
    ("airplane_singles 333444555678", "airplane_singles 33344456", False),
])
def test_beats(play, top, result):
    assert beats(parse_play(play), parse_play(top)) is result


def test_the_strongest_reading_holds_on_the_table():
    # docs/rules.md: airplane_singles 333444555666 on the table has main rank 4
    top = parse_play("airplane_singles 333444555666")
    assert top.main == 1 and top.length == 3
    assert not beats(parse_play("airplane_singles 444555666789"), top)
    assert beats(parse_play("airplane_singles 555666777389"), top)


def test_nothing_beats_after_a_pass_and_pass_beats_nothing():
    assert not beats(PASS, parse_play("single 3"))


@pytest.mark.parametrize("text, words", [
    ("pair 34", "not a legal pair"),
    ("straight 33", "it reads as pair"),
    ("banana 3", "unknown combination kind"),
    ("pair", "write KIND CARDS"),
    ("pair 3x", "unknown card"),
    ("", "empty play"),
])
def test_bad_plays_say_why(text, words):
    with pytest.raises(InvalidPlayError, match=words):
        parse_play(text)


def test_play_text_round_trips():
    for text in ("pass", "pair 33", "rocket BR", "airplane 333444"):
        play = parse_play(text)
        assert str(play) == text
        assert eval(repr(play), {"Play": Play}) == play


def test_distinct_option_in_parsing():
    assert parse_play("four_two_singles 444455").distinct_ok is False
    with pytest.raises(InvalidPlayError):
        parse_play("four_two_singles 444455", distinct_kickers=True)


@pytest.mark.parametrize("ruleset", ["classic", "four"])
def test_the_universe_holds_one_object_per_play_id(ruleset):
    """A play's id is its index in the universe, whose object it is: plays of one kind and
    physical cards are one move, one object."""
    from dizhu.rulesets import find_ruleset

    universe = find_ruleset(ruleset).universe
    plays = universe.all_plays()
    assert [p.id for p in plays] == list(range(len(plays)))
    assert all(universe.plays[p.id] is p and universe.by_key[p.kind, p.cards] is p
               for p in plays)
    assert PASS.id == NO_ID and Play.parse("pair 33").id == NO_ID


@given(hands())
def test_a_play_is_a_combination_and_the_cards_it_takes(cards):
    """Without wild cards a play takes from the hand the very ranks its combination stands
    for; its identity is its kind and physical cards, its reading the combination's."""
    for play in readings(cards):
        combination = play.combination
        assert isinstance(combination, Combination) and not isinstance(combination, Play)
        assert (combination.kind, combination.main, combination.length) == \
            (play.kind, play.main, play.length)
        assert combination.cards == play.stands_for == play.cards
        assert combination.reading == play.reading
        assert Play.of(combination) == play and Play.of(combination).combination == combination


def test_a_play_may_stand_for_other_ranks_than_it_takes():
    """A play whose physical cards differ from what they stand for (a wild 8 read as a 7 in
    77+8): its identity is its cards, its combination what they stand for."""
    combination = Combination(Kind.TRIPLE, parse_ranks("777"), RANKS.index("7"))
    play = Play.of(combination, parse_ranks("778"))
    assert play.text == "triple 778" and play.ranks == "778" and play.reading == "triple:7:1"
    assert play.stands_for == parse_ranks("777") and play.size == 3
    assert play.combination == combination and play != Play.of(combination)
