import dataclasses

import pytest

from dizhu.auction import BID, CALL_BID, PASS_BID, ROB_BID
from dizhu.cards import FULL_DECK
from dizhu.combos import Kind
from dizhu.rules import CLASSIC, OPTIONS, RuleSet
from dizhu.rulesets import RULESETS, find_ruleset, names, register_ruleset, rules_from_json
from dizhu.rulesets.four import FOUR
from dizhu.rulesets.rob import ROB


def test_classic_is_the_default():
    assert find_ruleset() is CLASSIC
    assert find_ruleset("Classic") is CLASSIC
    assert CLASSIC.options() == {"doubling": False, "distinct_kickers": False}
    assert set(OPTIONS) == set(CLASSIC.options())
    assert names() == ["classic", "rob", "four", "laizi", "tiandi"]


def test_options_make_a_new_frozen_ruleset():
    rules = find_ruleset("classic", doubling=True)
    assert rules.doubling and not CLASSIC.doubling
    assert rules.describe() == "classic (doubling)"
    assert rules != CLASSIC and rules == CLASSIC.with_options(doubling=True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.doubling = False  # type: ignore[misc]


def test_unknown_names_and_options_are_refused():
    with pytest.raises(ValueError, match="unknown ruleset 'poker'; the rulesets are classic"):
        find_ruleset("poker")
    with pytest.raises(ValueError, match="unknown ruleset option"):
        CLASSIC.with_options(wild_cards=True)
    with pytest.raises(ValueError, match="distinct_kickers means nothing in four"):
        FOUR.with_options(distinct_kickers=True)


def test_rulesets_are_behaviour_each_a_small_subclass():
    assert isinstance(ROB, RuleSet) and isinstance(FOUR, RuleSet)
    assert ROB.combos is CLASSIC.combos and ROB.auction is not CLASSIC.auction
    assert (FOUR.seats, FOUR.hand_size, FOUR.kitty_size, FOUR.packs) == (4, 25, 8, 2)
    assert FOUR.deck == 2 * FULL_DECK and FOUR.deck_size == 108 == len(FOUR.faces())
    assert FOUR.landlord_size == 33 and CLASSIC.landlord_size == 20
    assert Kind.TRIPLE_SINGLE not in FOUR.kinds and Kind.FOUR_TWO_PAIRS not in FOUR.kinds
    assert FOUR.option_names == ("doubling",) and FOUR.options() == {"doubling": False}
    # a ruleset and its options are one value: equal rulesets compare equal, others not
    assert find_ruleset("rob", doubling=True) == ROB.with_options(doubling=True) != ROB


def test_the_universe_and_generator_are_built_once_per_family():
    assert ROB.generator is CLASSIC.generator and ROB.universe is CLASSIC.universe
    assert FOUR.generator is find_ruleset("four", doubling=True).generator
    assert CLASSIC.with_options(distinct_kickers=True).generator is not CLASSIC.generator
    assert len(CLASSIC.universe.by_key) == 27_854


def test_auction_answers_and_stakes():
    assert CLASSIC.auction.answers == BID
    assert ROB.auction.answers == (PASS_BID, CALL_BID, ROB_BID)
    assert CLASSIC.auction.stakes(3) == (1, 2, 3) and ROB.auction.stakes(3) == (1, 2, 4, 8)


def test_count_strip_marks_follow_the_ruleset():
    full = (4,) * 13 + (1, 1)
    assert CLASSIC.count_marks(full) == (tuple(range(13)), True)
    assert CLASSIC.count_marks((3,) * 13 + (1, 0)) == ((), False)
    # four: a bomb while four or more of a rank are unseen; the rocket needs all four jokers
    assert FOUR.count_marks((4,) + (3,) * 12 + (2, 2)) == ((0,), True)
    assert FOUR.count_marks((8,) * 13 + (2, 1)) == (tuple(range(13)), False)


def test_rules_read_from_records_and_requests():
    assert rules_from_json(None) is CLASSIC
    assert rules_from_json({"name": "four", "doubling": True}) == FOUR.with_options(doubling=True)
    with pytest.raises(ValueError, match="true or false"):
        rules_from_json({"name": "rob", "doubling": "yes"})
    with pytest.raises(ValueError, match="must be an object"):
        rules_from_json("four")


def test_a_variant_is_added_by_registering():
    @dataclasses.dataclass(frozen=True)
    class Quick(RuleSet):
        name = "quick"

    variant = Quick()
    register_ruleset(variant, "q")
    try:
        assert find_ruleset("Q") is variant and "quick" in names()
    finally:
        RULESETS.pop("quick")
        RULESETS.pop("q")
