"""The wild-card rulesets at a table, on a real SQLite file: the form takes them, a
person's selection with several readings asks which, a named pattern is filled with wild
cards, the views say what each play stood for, the score sheet names the bomb classes,
and no view names ``laizi``'s rank before the auction ends."""

import json
import random

import pytest

from dizhu.cards import (
    UNIT,
    card_text,
    count_of,
    format_ranks,
    parse_card,
    ranks_of_cards,
)
from dizhu.combos import Kind
from dizhu.deal import AmbiguousPlayError, Phase
from dizhu.patterns import naming
from dizhu.rulesets import names, offered_ruleset
from dizhu.session import CREATOR, MatchSession, NewMatch, Store
from dizhu.session.entry import action_of

from .wild_tables import leading_table, new_wild, person_leads

FORM = {"mode": "deals", "target": 10, "bots": ["normal", "normal"]}


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "game.sqlite3")
    yield s
    s.close()


@pytest.mark.parametrize("ruleset", ["laizi", "tiandi"])
def test_the_form_takes_the_wild_rulesets(ruleset):
    assert NewMatch.from_json({**FORM, "ruleset": ruleset}).ruleset == ruleset
    assert ruleset in names()
    assert offered_ruleset(ruleset).name == ruleset


def cards_of(table, ranks: int) -> list[str]:
    """The person's suited cards of these rank counts."""
    picked, left = [], ranks
    for card in table.deal.held_cards(CREATOR):
        rank = card // 4 if card < 52 else 13 + card - 52
        if count_of(left, rank):
            picked.append(card)
            left -= UNIT[rank]
    return [card_text(c) for c in picked]


@pytest.mark.parametrize("ruleset", ["laizi", "tiandi"])
def test_a_selection_with_several_readings_asks_and_each_answer_plays(store, ruleset):
    table, (ranks, plays) = leading_table(store, ruleset)
    selected = cards_of(table, ranks)
    assert ranks_of_cards([parse_card(c) for c in selected]) == ranks
    with pytest.raises(AmbiguousPlayError) as asked:
        action_of(table.deal, CREATOR, {"cards": selected})
    assert sorted(p.kind for p in asked.value.options) == [p.kind for p in plays]
    for play in plays:  # each answer: the kind and the very cards; the engine reads them
        deal = table.deal.copy()
        action, cards = action_of(deal, CREATOR, {"play": play.text, "cards": selected})
        assert action == play and action.stands_for == play.stands_for
        assert format_ranks(ranks_of_cards(cards)) == format_ranks(ranks)
    table.person_acts(CREATOR, {"play": plays[-1].text, "cards": selected})
    shown = table.state(CREATOR)["view"]["history"][-1]
    assert shown["play"] == plays[-1].text and sorted(shown["cards"]) == sorted(selected)
    if plays[-1].stands_for != plays[-1].cards:
        assert shown["as"] == format_ranks(plays[-1].stands_for)


def wild_single_in_a_run(table):
    """A straight the person may lead that a wild card fills (standing for another rank)."""
    for play in table.deal.legal_plays():
        if play.kind is Kind.STRAIGHT and play.stands_for != play.cards:
            return play
    return None


@pytest.mark.parametrize("ruleset", ["laizi", "tiandi"])
def test_a_named_pattern_is_filled_with_a_wild_card(store, ruleset):
    table, play = leading_table(store, ruleset, wild_single_in_a_run)
    facts = table.state(CREATOR)["view"]["pattern_plays"]
    wild = table.deal.wild
    named = naming(play, table.rules.combos, wild)
    main = named.to_json()[0]
    assert [main, named.length, None, ""] in [p[:4] for p in facts["straight"]]
    marked = cards_of(table, play.cards)
    pattern = {"kind": "straight", "main": main, "length": named.length}
    action, cards = action_of(table.deal, CREATOR, {"pattern": pattern, "cards": marked})
    assert action == play and [card_text(c) for c in cards] == marked
    fewest, _ = action_of(table.deal, CREATOR, {"pattern": pattern})  # no cards marked
    assert fewest.stands_for == play.stands_for
    assert sum(count_of(fewest.cards, w) for w in wild) <= \
        sum(count_of(play.cards, w) for w in wild)
    table.person_acts(CREATOR, {"pattern": pattern, "cards": marked})
    assert table.state(CREATOR)["view"]["history"][-1]["play"] == action.text


def test_no_view_names_the_laizi_rank_before_the_auction_ends(store):
    table = new_wild(store, "laizi", "early")
    texts = [table.state_text(seat) for seat in (0, 1, 2, None)]
    rank = table.deal.wild_draw[0]
    for text in texts:
        assert json.loads(text)["view"]["wild"] == ""
    person_leads(table)
    if table.deal.phase is Phase.PLAY:
        assert json.loads(table.state_text(CREATOR))["view"]["wild"] == \
            "3456789TJQKA2"[rank]


def test_tiandi_shows_the_sky_before_the_auction(store):
    table = new_wild(store, "tiandi", "sky")
    assert json.loads(table.state_text(CREATOR))["view"]["wild"] == \
        "3456789TJQKA2"[table.deal.wild_draw[0]]


@pytest.mark.parametrize("ruleset", ["laizi", "tiandi"])
def test_the_score_sheet_names_the_bomb_classes(store, ruleset):
    rng = random.Random(3)
    for n in range(40):
        table = new_wild(store, ruleset, f"sheet-{n}", "easy")
        while not table.deal.is_over:
            if not table.play_due():
                view = table.view_for_decision(CREATOR)
                bombs = [a for a in view.legal if getattr(a, "kind", None) in
                         (Kind.SOFT_BOMB, Kind.BOMB, Kind.WILD_BOMB, Kind.ROCKET)]
                table.submit(CREATOR, bombs[0] if bombs else rng.choice(view.legal))
        if table.deal.phase is not Phase.OVER:
            continue
        sheet = table.state(CREATOR)["match"]["sheets"][-1]
        kinds = sheet["bomb_kinds"]
        assert list(kinds) == ["soft_bomb", "bomb", "wild_bomb", "rocket"]
        assert sum(kinds.values()) == sheet["bombs"] + sheet["rockets"]
        if sum(kinds.values()):
            return
    raise AssertionError("no deal played a bomb")


def test_a_classic_sheet_and_view_are_as_before(store):
    classic = MatchSession.create(store, NewMatch(player="Ann", target=5))
    state = classic.state(CREATOR)
    assert "wild" not in state["view"] and state["match"]["wild_ranks"] == 0
    assert [p["kind"] for p in state["match"]["patterns"]][-1] == "rocket"
