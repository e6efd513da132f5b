import dataclasses

import pytest

from dizhu.rules import CLASSIC, OPTIONS, RULESETS, RuleSet, find_ruleset, register_ruleset


def test_classic_is_the_default():
    assert find_ruleset() is CLASSIC
    assert find_ruleset("Classic") is CLASSIC
    assert CLASSIC.options() == {"doubling": False, "distinct_kickers": False}
    assert set(OPTIONS) == set(CLASSIC.options())


def test_options_make_a_new_frozen_ruleset():
    rules = find_ruleset("classic", doubling=True)
    assert rules.doubling and not CLASSIC.doubling
    assert rules.describe() == "classic (doubling)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.doubling = False  # type: ignore[misc]


def test_unknown_names_and_options_are_refused():
    with pytest.raises(ValueError, match="unknown ruleset"):
        find_ruleset("poker")
    with pytest.raises(ValueError, match="unknown ruleset option"):
        CLASSIC.with_options(wild_cards=True)


def test_a_variant_is_added_by_registering():
    variant = RuleSet(name="test-variant", max_bid=2)
    register_ruleset(variant, "tv")
    try:
        assert find_ruleset("tv") is variant
    finally:
        RULESETS.pop("test-variant")
        RULESETS.pop("tv")
