"""Reasons: every refusal carries a code and its facts, for the page to say in any language."""

import re
from pathlib import Path

import pytest

from dizhu.cards import InvalidCardsError, parse_ranks
from dizhu.combos import InvalidPlayError, Play, parse_play
from dizhu.deal import Deal, IllegalActionError, play_from_cards
from dizhu.reasons import REASONS, Reason, reason_of
from dizhu.rulesets import find_ruleset

PACKAGE = Path(__file__).resolve().parents[1] / "dizhu"
USED = re.compile(r'Reason\(\s*"([a-z_]+)"')


def codes_in_the_package() -> set[str]:
    return {code for path in PACKAGE.rglob("*.py") for code in USED.findall(path.read_text())}


def test_every_code_is_listed_and_every_listed_code_is_used():
    used = codes_in_the_package()
    assert used <= set(REASONS), used - set(REASONS)
    assert set(REASONS) <= used, set(REASONS) - used
    with pytest.raises(KeyError, match="no reason 'whatever'"):
        Reason("whatever", "some words")


def test_a_reason_is_its_english_words_with_a_code_and_facts():
    reason = Reason("not_higher", "single 3 is not higher than single 4", play="single 3",
                    top="single 4")
    assert reason == "single 3 is not higher than single 4" and isinstance(reason, str)
    assert reason.to_json() == {"code": "not_higher", "text": str(reason),
                                "params": {"play": "single 3", "top": "single 4"}}


def illegal(deal: Deal, action) -> Reason:
    with pytest.raises(IllegalActionError) as refused:
        deal.push(action)
    found = reason_of(refused.value)
    assert found is not None and found == str(refused.value)
    return found


def test_the_engine_refuses_with_codes_and_facts():
    deal = Deal.shuffled(seed=12, opening=0)
    assert illegal(deal, Play.parse("single 3")).code == "auction_on"
    deal.push(find_ruleset().auction.answers[3])  # bid 3
    assert illegal(deal, parse_play("pass")).code == "leader_may_not_pass"
    lead = deal.legal_actions()[0]
    deal.push(lead)
    assert lead.kind.label == "single"
    pair = next(p for p in deal.rules.generator.lead(deal.hands[1]) if p.kind.label == "pair")
    wrong = illegal(deal, pair)
    assert (wrong.code, wrong.params) == ("wrong_kind", {
        "play": pair.text, "kind": "pair", "top_kind": "single"})
    with pytest.raises(IllegalActionError) as refused:
        play_from_cards(deal, parse_ranks("45"))
    assert reason_of(refused.value).code == "not_a_combination"
    assert reason_of(refused.value).params == {"cards": "45"}


@pytest.mark.parametrize("call, code, params", [
    (lambda: parse_ranks("33Z"), "unknown_card", {"char": "Z", "text": "33Z"}),
    (lambda: parse_ranks("33333"), "too_many_of_rank", {"n": 5, "rank": "3", "most": 4}),
    (lambda: parse_play("banana 3"), "unknown_kind", {"text": "banana"}),
    (lambda: parse_play("pair 34"), "not_a_legal_kind", {"cards": "34", "kind": "pair"}),
])
def test_card_and_play_texts_refuse_with_codes(call, code, params):
    with pytest.raises((InvalidCardsError, InvalidPlayError)) as refused:
        call()
    reason = reason_of(refused.value)
    assert (reason.code, reason.params) == (code, params)


@pytest.mark.parametrize("ruleset, wild, text", [
    ("laizi", "T", "pair TB"), ("laizi", "8", "rocket 8R"), ("tiandi", "59", "triple 59B"),
])
def test_a_wild_card_with_a_joker_is_refused_saying_it_never_stands_for_one(ruleset, wild,
                                                                           text):
    """``pair TB`` with wild T was refused as "TB is not a legal pair with the wild ranks
    T", leaving the player to guess why: the refusal says a wild card never stands for a
    joker, in English and in the page's words."""
    from dizhu.actions import parse_action
    from dizhu.cards import parse_rank
    from dizhu.words import say_reason

    rules = find_ruleset(ruleset)
    with pytest.raises(InvalidPlayError) as refused:
        parse_action(text, rules, tuple(parse_rank(r) for r in wild))
    reason = reason_of(refused.value)
    kind, cards = text.split()
    assert (reason.code, reason.params) == ("wild_not_joker", {"cards": cards, "kind": kind})
    assert str(reason).endswith("a wild card stands for any rank 3 to 2, never a joker")
    assert "never a joker" in say_reason(reason, "en")
    assert "不能当大小王" in say_reason(reason, "zh")
    with pytest.raises(InvalidPlayError) as plain:  # no joker: no word of jokers
        parse_action(f"{kind} 34", rules, tuple(parse_rank(r) for r in wild))
    assert reason_of(plain.value).code == "not_a_legal_kind"


def test_selected_wild_and_joker_cards_are_refused_saying_a_wild_card_is_never_a_joker():
    """Selecting a wild T and the black joker said only "TB is not a combination": the
    refusal says why, a wild card never stands for a joker; cards without a joker do not."""
    from dizhu.cards import parse_rank
    from dizhu.words import say_reason

    rest = [c for c in range(54) if c not in (28, 52)]
    landlord = [28, 52, *rest[:18]]  # Ts and the black joker among them
    deal = Deal.at_play([landlord[:17], rest[18:35], rest[35:52]], landlord[17:], landlord=0,
                        rules=find_ruleset("laizi"), wild=(parse_rank("T"),))
    with pytest.raises(IllegalActionError) as refused:
        play_from_cards(deal, parse_ranks("TB"))
    reason = reason_of(refused.value)
    assert (reason.code, reason.params) == ("no_combination_wild_joker", {"cards": "TB"})
    assert str(reason) == "TB is not a combination: a wild card stands for any rank 3 to 2, " \
        "never a joker"
    assert "不能当大小王" in say_reason(reason, "zh")
    with pytest.raises(IllegalActionError) as plain:
        play_from_cards(deal, parse_ranks("34"))
    assert reason_of(plain.value).code == "not_a_combination"
