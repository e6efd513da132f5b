"""Hints for a person (issue 9, defect 11): the first hints never break a bomb or the rocket
(a play that takes some of a bomb's cards, or one joker of the rocket) unless it goes out;
such plays come only after every other, for a person who asks for more hints."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dizhu.bots.hints import Hinter, breaks_a_bomb
from dizhu.cards import BLACK_JOKER, RANKS, RED_JOKER, TWO, UNIT, card_rank, count_of
from dizhu.combos import BOMB_KINDS, Kind, Play
from dizhu.deal import Deal, deal_cards
from dizhu.rulesets import find_ruleset
from dizhu.view import seat_view
from tests.strategies import rank_multisets, seeds


def leading_with(ranks: str, ruleset: str = "classic") -> Deal:
    """A deal where seat 0, the landlord, holds exactly ``ranks`` (20 or 33 cards) and leads."""
    rules = find_ruleset(ruleset)
    pool = rules.faces()
    mine = []
    for rank in ranks:
        card = next(c for c in pool if RANKS[card_rank(c)] == rank)
        pool.remove(card)
        mine.append(card)
    size = rules.hand_size
    hands = [mine[:size]] + [pool[i * size:(i + 1) * size] for i in range(rules.seats - 1)]
    kitty = mine[size:] + pool[(rules.seats - 1) * size:]
    return Deal.at_play(hands, kitty[:rules.kitty_size], landlord=0, rules=rules)


def test_the_first_hint_keeps_a_bomb_whole():
    deal = leading_with("33334567899TTJQKKA2B")
    hints = Hinter().hints(seat_view(deal, 0))
    assert hints[0].text != "four_two_singles 333345"
    hand = deal.hands[0]
    breaking = [breaks_a_bomb(p, hand, deal.rules) for p in hints]
    assert any(breaking) and not breaking[0]
    first_breaking = breaking.index(True)
    assert all(breaking[first_breaking:]), "every bomb-breaking hint comes after the others"


@pytest.mark.parametrize("play, expected", [
    ("four_two_singles 333345", True),
    ("single 3", True),
    ("bomb 3333", False),
    ("straight 56789", False),
    ("single B", False),  # the small joker alone, without the big one: no rocket to break
])
def test_what_breaks_a_bomb(play, expected):
    hand = find_ruleset().parse_ranks("33334567899TTJQKKA2B")
    assert breaks_a_bomb(Play.parse(play), hand, find_ruleset()) is expected


def test_the_rocket_and_two_pack_bombs():
    four = find_ruleset("four")
    hand = four.parse_ranks("33333456BBRR")
    assert breaks_a_bomb(four.parse_play("single B"), hand, four)
    assert not breaks_a_bomb(four.parse_play("rocket BBRR"), hand, four)
    assert breaks_a_bomb(four.parse_play("triple 333"), hand, four)
    assert not breaks_a_bomb(four.parse_play("bomb 3333"), hand, four)
    # a play that goes out breaks nothing
    assert not breaks_a_bomb(four.parse_play("pair 33"), four.parse_ranks("33"), four)


# ------------------------------------------------------------------ wild cards

LAIZI, TIANDI = find_ruleset("laizi"), find_ruleset("tiandi")


def strongest_bombs(hand: int, wild: tuple[int, ...]) -> dict[int, int]:
    """The test's own reading of RULES.md, Wild cards: by main rank the strongest bomb class
    one pack's ``hand`` can make (1 soft, 2 hard, 3 wild; the rocket under -1)."""
    wilds = sum(count_of(hand, w) for w in wild)
    found = {}
    for rank in range(TWO + 1):
        held = count_of(hand, rank)
        if rank in wild:
            if held == 4:
                found[rank] = 3
        elif held == 4:
            found[rank] = 2
        elif held and held + wilds >= 4:
            found[rank] = 1
    if count_of(hand, BLACK_JOKER) and count_of(hand, RED_JOKER):
        found[-1] = 4
    return found


@st.composite
def wild_hands(draw):
    """A ruleset with wild cards, its wild ranks drawn and a hand rich in wild cards."""
    rules = draw(st.sampled_from([LAIZI, TIANDI]))
    wild = tuple(draw(st.lists(st.integers(0, TWO), min_size=rules.wild_ranks,
                               max_size=rules.wild_ranks, unique=True)))
    hand = draw(rank_multisets(rules.deck, draw(st.integers(1, 12))))
    for w in wild:  # most draws hold a few wild cards
        hand += min(draw(st.integers(0, 4)), 4 - count_of(hand, w)) * UNIT[w]
    return rules, wild, hand


@settings(max_examples=60, deadline=None)
@given(wild_hands())
def test_a_play_breaks_a_bomb_when_the_rest_cannot_make_one_as_strong(drawn):
    rules, wild, hand = drawn
    before = strongest_bombs(hand, wild)
    for play in rules.moves(wild).lead(hand):
        after = strongest_bombs(hand - play.cards, wild)
        expected = play.kind not in BOMB_KINDS and play.kind is not Kind.ROCKET \
            and play.cards != hand \
            and any(after.get(rank, 0) < cls for rank, cls in before.items())
        assert breaks_a_bomb(play, hand, rules, wild) is expected, play.text


@pytest.mark.parametrize("hand, play, expected", [
    ("77783", "single 3", False),
    ("77783", "single 7", True),  # the soft bomb 7778 is gone
    ("77783", "single 8", True),
    ("77783", "triple 777", True),
    ("77783", "soft_bomb 7778", False),
    ("77778", "single 8", False),  # the hard bomb 7777 stays
    ("77778", "single 7", True),  # 7778 is only a soft bomb
    ("8888K", "single K", True),  # K888 is a soft bomb of kings too
    ("8888K", "single 8", True),  # the wild bomb
    ("45888", "single 4", True),  # 4888 and 5888 cannot both be played
])
def test_what_breaks_a_bomb_with_wild_eights(hand, play, expected):
    wild = LAIZI.parse_wild("8")
    assert breaks_a_bomb(LAIZI.parse_play(play, wild), LAIZI.parse_ranks(hand), LAIZI,
                         wild) is expected


@settings(max_examples=25, deadline=None)
@given(seeds, st.sampled_from(["laizi", "tiandi"]))
def test_wild_hints_keep_the_bombs_the_hand_can_make(seed, ruleset):
    rng = random.Random(seed)
    rules = find_ruleset(ruleset)
    hands, kitty = deal_cards(rng, rules)
    wild = tuple(rng.sample(range(TWO + 1), rules.wild_ranks))
    deal = Deal.at_play(hands, kitty, landlord=0, rules=rules, wild=wild)
    view = seat_view(deal, 0)
    hints = Hinter().hints(view)
    breaking = [breaks_a_bomb(p, deal.hands[0], rules, view.wild) for p in hints]
    assert breaking == sorted(breaking), "every bomb-breaking hint comes after the others"
