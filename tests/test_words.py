"""The words the terminal and the command line say: the browser page's own catalogs."""

import json
import random
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dizhu.combos import Kind
from dizhu.deal import Deal, IllegalActionError
from dizhu.reasons import REASONS, reason_of
from dizhu.rulesets import find_ruleset
from dizhu.words import (
    CATALOGS,
    LANGUAGES,
    card_name,
    cards_text,
    kind_name,
    listing,
    play_text,
    rank_name,
    say,
    say_reason,
)
from tests.strategies import seeds

ENGINE_ID = re.compile(r"\b[a-z]+_[a-z_]+\b")
REPEATED = re.compile(r"\b([a-z]+) \1\b|([\u4e00-\u9fff]{2,})\2")
"""A word said twice in a row ("the bomb bomb 3 3 3 3", "炸弹炸弹")."""


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_words_are_the_pages(language):
    page = json.loads((CATALOGS / f"{language}.json").read_text(encoding="utf-8"))
    for kind in Kind:
        assert kind_name(kind.label, language) == page[f"kind.{kind.label}"]
    assert rank_name("B", language) == page["rank.B"]
    assert rank_name("T", language) == "10" and rank_name("7", language) == "7"


def test_cards_and_plays_in_words():
    assert kind_name("triple_single") == "triple with a single"
    assert kind_name("triple_single", "zh") == "三带一"
    assert (rank_name("B"), rank_name("R")) == ("small joker", "big joker")
    assert (rank_name("B", "zh"), rank_name("R", "zh")) == ("小王", "大王")
    assert cards_text("TTJ") == "10 10 J"
    assert play_text("rocket BR") == "rocket small joker big joker"
    assert play_text("pass", "zh") == "不要"
    assert card_name("Th") == "10 of hearts" and card_name("R", "zh") == "大王"
    assert say("seat.cards", n=1) == "1 card" and say("seat.cards", n=2) == "2 cards"
    assert say("no.such.key") == "no.such.key"
    with pytest.raises(ValueError, match="no words in 'fr'"):
        say("kind.pair", "fr")


@given(seeds, st.sampled_from(["classic", "rob", "four"]), st.sampled_from(LANGUAGES))
def test_every_refusal_of_the_engine_is_said_in_words(seed, ruleset, language):
    """Plays a seat may not make, refused by the engine, said with every fact filled in
    and no engine name."""
    rng = random.Random(seed)
    deal = Deal.shuffled(seed, rules=find_ruleset(ruleset))
    said = set()
    while not deal.is_over:
        legal = deal.legal_actions()
        other = (deal.to_move + 1) % deal.rules.seats
        generator = deal.rules.generator
        tries = [*generator.lead(deal.hands[deal.to_move]), *generator.lead(deal.hands[other])]
        tries = rng.sample(tries, min(len(tries), 30))
        for action in [*tries, *deal.rules.auction.answers]:
            try:
                deal.push(action)
            except IllegalActionError as e:
                assert reason_of(e).code in REASONS
                words = say_reason(e, language)
                assert "{" not in words and not ENGINE_ID.search(words), words
                assert not REPEATED.search(words), words
                said.add(reason_of(e).code)
            else:
                deal.pop()
        deal.push(rng.choice(legal))


@pytest.mark.parametrize("language", LANGUAGES)
@given(st.lists(st.sampled_from(["easy", "normal", "hard", "小明", "Ann"]), max_size=5))
def test_a_list_reads_as_a_sentence(language, items):
    """``easy, normal and hard``: a comma between the items, "and" before the last."""
    comma, also = say("list.comma", language), say("list.and", language)
    said = listing(items, language)
    if len(items) < 2:
        assert said == "".join(items)
    else:
        head, last = said.rsplit(also, 1)
        assert last == items[-1] and head.split(comma) == items[:-1]


def test_opponents_are_counted_by_level_as_the_lobby_counts_them():
    """The terminal's start list says who plays the other seats as the lobby does: the
    computers of one level once with their number, a seated friend by name."""
    from dizhu.words import opponents
    assert opponents(["easy", "easy", "easy"], {}) == "three easy bots"
    assert opponents(["easy", "normal"], {}) == "one easy bot and one normal bot"
    assert opponents(["friend", "easy"], {"1": "小明"}) == "小明 and one easy bot"
    assert opponents(["friend", "friend"], {}, "zh") == "两位待入座的好友"
    assert opponents(["hard", "friend", "hard"], {"2": ""}, "zh") == "两个困难电脑和玩家3"
