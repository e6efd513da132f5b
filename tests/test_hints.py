"""Hints for a person (issue 9, defect 11): the first hints never break a bomb or the rocket
(a play that takes some of a bomb's cards, or one joker of the rocket) unless it goes out;
such plays come only after every other, for a person who asks for more hints."""

import pytest

from dizhu.bots.hints import Hinter, breaks_a_bomb
from dizhu.cards import RANKS, card_rank
from dizhu.combos import Play
from dizhu.deal import Deal
from dizhu.rulesets import find_ruleset
from dizhu.view import seat_view


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
