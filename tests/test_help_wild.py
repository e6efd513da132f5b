# ruff: noqa: F811 (tests take the fixtures imported from .browsing as arguments)
"""How to play for the wild-card rulesets: every example of wild cards reads as the help
says (the engine with the example's wild ranks), the bomb classes climb soft < hard < wild
< rocket and each doubles; in Chromium, at both sizes and in both languages, the section
on wild cards draws its examples with the wild cards marked."""

from itertools import pairwise

import pytest

from dizhu.cards import parse_card
from dizhu.combos import Kind
from dizhu.rulesets import find_ruleset

from .browsing import browser, server  # noqa: F401 (fixtures)
from .test_help_and_fonts import (
    CJK,
    HELP,
    SIZES,
    TEXT_NODES,
    TEXTS,
    open_page,
    untranslated,
    wait_help,
)

WILD = ["laizi", "tiandi"]


def moves(name: str):
    rules = find_ruleset(name)
    wild = rules.parse_wild(HELP[name]["wild"]["ranks"], drawn=True)
    return rules, rules.moves(wild)


def readings(name: str, cards: list[str]):
    rules, found = moves(name)
    for card in cards:
        parse_card(card)
    return found.readings(rules.parse_ranks("".join(c[0] for c in cards)))


@pytest.mark.parametrize("name", WILD)
def test_every_wild_example_reads_as_the_help_says(name):
    examples = HELP[name]["wild"]["examples"]
    assert len(examples) >= 5 and any(not e["kinds"] for e in examples)
    for example in examples:
        found = readings(name, example["cards"])
        assert sorted(p.kind.label for p in found) == sorted(example["kinds"]), example
        if "as" in example:
            (play,) = found
            rules, _ = moves(name)
            assert play.stands_for == rules.parse_ranks(example["as"]), example


@pytest.mark.parametrize("name", WILD)
def test_the_bomb_classes_climb_and_each_doubles(name):
    ladder = HELP[name]["bomb_ladder"]
    plays = []
    for step in ladder:
        (play,) = [p for p in readings(name, step["cards"]) if p.kind.label == step["kind"]]
        plays.append(play)
        assert play.doubling and step["doubles"]
    _, found = moves(name)
    assert all(found.beats(high, low) and not found.beats(low, high)
               for low, high in pairwise(plays))
    kinds = [p.kind for p in plays]
    assert kinds[0] is Kind.SOFT_BOMB and kinds[-1] is Kind.ROCKET
    assert {Kind.SOFT_BOMB, Kind.BOMB, Kind.WILD_BOMB} <= set(kinds)


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("ruleset", WILD)
def test_the_help_draws_the_wild_cards_section(browser, server, ruleset, language, size,
                                               tmp_path):
    page, errors = open_page(browser, server, size, language, f"/static/help.html#/help/{ruleset}")
    wait_help(page, ruleset)
    sections = page.eval_on_selector_all(".help-section", "els => els.map(e => e.id)")
    assert sections.index("help-wild") == sections.index("help-auction") + 1
    wild = HELP[ruleset]["wild"]["ranks"]
    items = page.eval_on_selector_all(
        "#help-wild .help-wild li",
        "els => els.map(e => [...e.querySelectorAll('.card')].map(c => "
        "[c.dataset.card, c.classList.contains('wild')]))")
    assert len(items) == len(HELP[ruleset]["wild"]["examples"])
    assert all(marked == (card[0] in wild) for item in items for card, marked in item)
    assert any(marked for item in items for _, marked in item)
    bombs = page.eval_on_selector_all("#help-bombs .help-bomb",
                                      "els => els.map(e => e.dataset.kind)")
    assert bombs == [s["kind"] for s in HELP[ruleset]["bomb_ladder"]]
    combos = page.eval_on_selector_all("#help-combos .card.wild", "els => els.length")
    assert combos == 0  # the classic examples mark no card
    texts = page.evaluate(TEXT_NODES)
    assert not untranslated(texts)
    paragraphs = page.eval_on_selector_all("#help-wild p", "els => els.map(e => e.textContent)")
    if language == "zh":
        assert all(CJK.search(p) for p in paragraphs)
    words = TEXTS[language]  # every wild rank is wild at once: "5 and J", never "5 or J"
    named = words["help.wild.and"].join(r.replace("T", "10") for r in wild)
    assert words["help.wild.2"].format(wild=named) in paragraphs
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(tmp_path / f"help-{ruleset}-{language}-{size}.png"))
    assert not errors
    page.context.close()
