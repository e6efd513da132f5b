"""The bots' hand evaluation on both cores: the compiled search (``dizhu._ccore.HandCost``)
against the pure-Python :class:`~dizhu.bots.handeval.HandEvaluator` it replaces where it is
built, on hands where triples, bombs, chains and airplanes come often: the very same costs
(the same doubles, not nearly), splits, extra costs and plays needed, in every ruleset
without wild cards and with distinct kickers; and a hand that is not one is refused."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dizhu import core
from dizhu.bots.handeval import HandEvaluator, _compiled, evaluator_for
from dizhu.cards import parse_ranks
from dizhu.movegen import generator_of
from dizhu.rules import CLASSIC, RuleSet
from dizhu.rulesets import find_ruleset

from .strategies import rank_multisets

pytestmark = pytest.mark.skipif(core.COMPILED is None, reason=core.MISSING)

RULES = {"classic": CLASSIC, "distinct": CLASSIC.with_options(distinct_kickers=True),
         "four": find_ruleset("four")}
_PAIRS: dict[str, tuple[HandEvaluator, HandEvaluator]] = {}


def pair(rules: RuleSet) -> tuple[HandEvaluator, HandEvaluator]:
    """A new compiled and pure evaluator of ``rules`` (whichever core runs)."""
    compiled, pure = HandEvaluator(rules), HandEvaluator(rules)
    compiled._native = _compiled(generator_of(rules.combos, rules.distinct_kickers, True))
    pure._native = None
    return compiled, pure


def evaluators(name: str) -> tuple[HandEvaluator, HandEvaluator]:
    """The compiled and the pure evaluator of a ruleset, kept across examples (so the
    compiled one answers from what it remembers too, as in a bot)."""
    if name not in _PAIRS:
        _PAIRS[name] = pair(RULES[name])
    return _PAIRS[name]


@st.composite
def hands(draw) -> tuple[str, int, int]:
    """A ruleset, a hand of up to 20 cards (33 in four: a landlord's) and a part of it."""
    name = draw(st.sampled_from(sorted(RULES)))
    size = draw(st.integers(1, 33 if name == "four" else 20))
    hand = draw(rank_multisets(RULES[name].deck, size))
    part = draw(rank_multisets(hand, draw(st.integers(0, 8))))
    return name, hand, part


@settings(max_examples=400, deadline=None)
@given(hands())
def test_both_cores_cost_and_split_a_hand_alike(case):
    name, hand, part = case
    compiled, pure = evaluators(name)
    assert compiled.cost(hand) == pure.cost(hand)
    assert compiled.split(hand) == pure.split(hand)
    assert compiled.plays_needed(hand) == pure.plays_needed(hand)
    assert compiled.cost(hand - part) == pure.cost(hand - part)
    for play in pure.moves.covering(hand)[:6]:
        assert compiled.extra_cost(hand, play) == pure.extra_cost(hand, play)


def test_it_remembers_what_it_met_and_forgets_on_clear():
    compiled, pure = pair(CLASSIC)
    hand = parse_ranks("3 3 3 4 4 4 5 5 6 9")
    assert len(compiled) == 0 and compiled.cost(0) == 0.0 and compiled.split(0) == []
    assert compiled.cost(hand) == pure.cost(hand)
    assert len(compiled) == len(pure) - 1 > 1  # the pure memory starts with the empty hand
    compiled.clear()
    assert len(compiled) == 0 and compiled.cost(hand) == pure.cost(hand)


@pytest.mark.parametrize("bad", [-1, 1 << 60, "3 4 5", 2.5, 0xF, 0x9 << 4])
def test_a_value_that_is_not_a_hand_is_refused(bad):
    with pytest.raises((ValueError, TypeError)):
        pair(CLASSIC)[0].cost(bad)


@pytest.mark.skipif(core.NAME != "compiled", reason="the compiled core does not run")
def test_the_wild_evaluators_cost_their_virtual_hands_with_the_compiled_search():
    laizi = find_ruleset("laizi")
    wild = evaluator_for(laizi, (parse_ranks("8").bit_length() // 4,))
    assert wild._native is None and wild.classic._native is not None
    hand = parse_ranks("3 4 4 5 6 8 9")  # the 8 completes the straight 3 to 7
    assert wild.cost(hand) < HandEvaluator(laizi).cost(hand)
