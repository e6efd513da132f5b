import pytest
from hypothesis import given
from hypothesis import strategies as st

from dizhu.cards import (
    DECK_SIZE,
    FULL_DECK,
    RANKS,
    UNIT,
    InvalidCardsError,
    SuitedCards,
    card_rank,
    card_text,
    contains,
    count_of,
    counts,
    deck_faces,
    fits_deck,
    format_ranks,
    from_counts,
    parse_card,
    parse_rank,
    parse_ranks,
    ranks_of_cards,
    size,
)
from tests.strategies import hands


@pytest.mark.parametrize("text, canonical", [
    ("3", "3"), ("10", "T"), ("t j q k a", "TJQKA"), ("2 2 3", "322"),
    ("BR", "BR"), ("r b", "BR"), ("10 10 10 9", "9TTT"), ("3,4, 5", "345"),
    ("", ""), ("0 0 j", "TTJ"), ("100", "TT"), ("T0", "TT"),
])
def test_parse_is_tolerant_and_output_canonical(text, canonical):
    assert format_ranks(parse_ranks(text)) == canonical


@given(st.lists(st.integers(0, 14), min_size=1, max_size=20), st.randoms())
def test_one_reader_reads_ranks_however_a_person_types_them(ranks, rnd):
    """Every way of writing a rank (any case, ``T``, ``10`` or ``0`` for ten), parted by
    spaces or commas or not at all, reads as the same ranks, in the hand and one by one."""
    ways = {r: [RANKS[r], RANKS[r].lower()] for r in range(15)}
    ways[RANKS.index("T")] += ["10", "0"]
    words = [rnd.choice(ways[r]) for r in ranks]
    text = "".join(w + rnd.choice(["", " ", ","]) for w in words)
    expected = 0
    for r in ranks:
        expected += UNIT[r]
    assert parse_ranks(text, None) == expected
    assert [parse_rank(w) for w in words] == ranks


@pytest.mark.parametrize("text", ["1", "33", "", "Z", "BR", "11"])
def test_one_rank_is_one_rank(text):
    with pytest.raises(InvalidCardsError, match="no rank"):
        parse_rank(text)


@pytest.mark.parametrize("text, words", [
    ("33Z", "unknown card 'Z'"),
    ("33333", "5 3s"),
    ("BB", "2 small jokers"),
    ("3X", r"B and R for the small and big jokers"),
    ("1", "unknown card '1'"),
])
def test_bad_cards_say_what_is_wrong(text, words):
    with pytest.raises(InvalidCardsError, match=words):
        parse_ranks(text)
    assert issubclass(InvalidCardsError, ValueError)


def test_over_deck_sets_can_be_read_for_classifying():
    assert count_of(parse_ranks("33333", deck=None), 0) == 5
    assert not fits_deck(parse_ranks("BB", deck=None))


def test_full_deck():
    assert size(FULL_DECK) == DECK_SIZE
    assert format_ranks(FULL_DECK) == "".join(r * 4 for r in RANKS[:13]) + "BR"
    assert ranks_of_cards(range(DECK_SIZE)) == FULL_DECK


@given(hands(max_size=54))
def test_counts_round_trip(hand):
    assert from_counts(counts(hand)) == hand
    assert parse_ranks(format_ranks(hand)) == hand
    assert size(hand) == sum(counts(hand)) == len(format_ranks(hand))


@given(hands(max_size=54), hands(max_size=54))
def test_contains_is_the_sub_multiset_test(a, b):
    expected = all(x >= y for x, y in zip(counts(a), counts(b), strict=True))
    assert contains(a, b) == expected


@given(st.integers(0, DECK_SIZE - 1))
def test_suited_cards_round_trip(card):
    assert parse_card(card_text(card)) == card
    assert parse_card(card_text(card, symbols=True)) == card


def test_suited_notation():
    assert card_text(0) == "3s" and card_text(0, symbols=True) == "3♠"
    assert parse_card("10h") == parse_card("Th") == 4 * 7 + 1
    assert card_rank(52) == 13 and card_rank(53) == 14
    with pytest.raises(InvalidCardsError):
        parse_card("2x")


def test_suited_cards_give_up_the_cards_asked_for():
    held = SuitedCards([52, 4, 2, 1, 0])
    assert held.holds([2, 52]) and not held.holds([2, 2]) and not held.holds([53])
    assert held.take([2, 52]) == [2, 52] and held.cards() == [0, 1, 4]
    held.add([53, 3])
    assert held.cards() == [0, 1, 3, 4, 53]


def test_two_packs_hold_each_face_twice():
    held = SuitedCards(deck_faces(2))
    assert len(held.cards()) == 108 and held.holds([0, 0, 53, 53]) and not held.holds([0] * 3)
    assert ranks_of_cards(deck_faces(2)) == 2 * FULL_DECK
    with pytest.raises(InvalidCardsError, match="9 3s in '333333333': the deck has eight"):
        parse_ranks("333333333", 2 * FULL_DECK)
    with pytest.raises(InvalidCardsError, match=r"3 small jokers.*the deck has two"):
        parse_ranks("BBB", 2 * FULL_DECK)


@given(st.lists(st.integers(0, 8), min_size=15, max_size=15),
       st.lists(st.integers(0, 8), min_size=15, max_size=15))
def test_contains_holds_up_to_eight_of_a_rank(a, b):
    assert contains(from_counts(a), from_counts(b)) == all(
        x >= y for x, y in zip(a, b, strict=True))


def test_a_seeded_choice_of_suits_depends_only_on_the_cards_of_that_rank():
    """Which 7 a play takes is chosen among the 7s held, by the key: what else is held
    changes nothing, and over many keys every 7 held is taken sometimes."""
    sevens = [16, 18, 19]  # 7♠ 7♣ 7♦
    seen = set()
    for key in range(200):
        a = SuitedCards([*sevens, 0, 5, 52]).take_chosen(parse_ranks("7"), key)
        b = SuitedCards([*sevens, 44, 45, 46, 47]).take_chosen(parse_ranks("7"), key)
        assert a == b
        seen.add(a[0])
    assert seen == set(sevens)
