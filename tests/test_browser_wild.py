# ruff: noqa: F811 (tests take the fixtures imported from .browsing as arguments)
"""The wild-card rulesets in a real browser, at 1280 x 800 with a mouse and at 390 x 844
by touch, in English and in Chinese: the wild rank on the table and a mark on every wild
card, a selection with two readings asked and each answer played, a pattern filled with a
wild card, a whole deal played to its end with the bomb classes on the sheet; no text
wider than a phone, no untranslated word, no hidden card in any frame, and no frame that
names ``laizi``'s rank before the auction ends."""

import json
import re

import pytest

from dizhu.actions import action_text
from dizhu.cards import RANKS, card_text, format_ranks
from dizhu.combos import Kind
from dizhu.patterns import naming
from dizhu.rulesets import find_ruleset
from dizhu.session import CREATOR, MatchSession, Store

from .browsing import (  # noqa: F401 (fixtures)
    CATALOGS,
    Person,
    browser,
    close_pages,
    fits_width,
    seeded_match,
    server,
    untranslated,
)
from .wild_tables import (
    facing_a_wild_top,
    leading_table,
    readings_of_one_set,
    run_from_a_missing_rank,
)

SHOTS = pytest.mark.parametrize("ruleset, how", [
    ("laizi", {"lang": "en"}), ("laizi", {"phone": True, "lang": "zh"}),
    ("tiandi", {"lang": "zh"}), ("tiandi", {"phone": True, "lang": "en"})],
    ids=["laizi-desktop-en", "laizi-phone-zh", "tiandi-desktop-zh", "tiandi-phone-en"])
"""Each ruleset at both sizes, the four pairs of size and language between them."""


def made(server, ruleset: str, wanted=readings_of_one_set):
    """A match on the server's database in which the person leads a hand with what the
    test wants (:func:`.wild_tables.leading_table`): its id, the wild ranks (letters), the
    person's cards (texts) and what was wanted."""
    store = Store(server.db)
    try:
        table, found = leading_table(store, ruleset, wanted)
        answer = (table.id, "".join(RANKS[r] for r in table.deal.wild),
                  [card_text(c) for c in table.deal.held_cards(CREATOR)], found)
        table.close()
        return answer
    finally:
        store.close()


def opened(browser, server, match_id: int, how: dict) -> Person:
    person = Person(browser, server, **how)
    person.open_match(match_id)
    person.page.wait_for_selector("#hand .card")
    assert person.wait_turn_or_end() == "play"
    return person


def pick(ranks: int, hand: list[str]) -> list[str]:
    """Cards of ``hand`` making these rank counts, lowest first."""
    picked = []
    for card in hand:
        rank = RANKS.index(card[0])
        if (ranks >> 4 * rank) & 15 > sum(c[0] == card[0] for c in picked):
            picked.append(card)
    return picked


def shows_the_wild_rank(person: Person, wild: str, words: dict) -> None:
    """The table names the wild ranks, every wild card in the hand is marked (and its
    screen-reader name says so), and the count strip marks the rank."""
    page = person.page
    assert page.get_attribute("#match-info .wild-rank", "data-wild") == wild
    info = page.text_content("#match-info .wild-rank")
    if len(wild) == 1:
        assert info.endswith(words["wild.one"].format(rank=wild.replace("T", "10")))
    else:
        assert "10" in info or all(r in info for r in wild)
    hand = person.hand()
    marked = page.eval_on_selector_all("#hand .card.wild", "cs => cs.map(c => c.dataset.card)")
    assert marked == [c for c in hand if c[0] in wild] and marked
    label = page.get_attribute(f"#hand .card[data-card='{marked[0]}']", "aria-label")
    assert label.endswith(words["card.wild_named"].format(card="").strip(", ")) or \
        words["card.wild_named"].split("{card}")[1].strip(", ") in label
    cells = page.eval_on_selector_all("#count-strip .count-cell.wild-rank",
                                      "cs => cs.map(c => c.dataset.rank)")
    assert sorted(cells) == sorted(wild)


@SHOTS
def test_two_readings_are_asked_and_each_answer_is_played(browser, server, ruleset, how,
                                                         tmp_path):
    words = CATALOGS[how["lang"]]
    answers = None
    for answer in range(2):
        match_id, wild, hand, (ranks, plays) = made(server, ruleset)
        answers = answers or len(plays)
        person = opened(browser, server, match_id, how)
        page = person.page
        shows_the_wild_rank(person, wild, words)
        selected = pick(ranks, hand)
        for card in selected:
            person.click(f"#hand .card[data-card='{card}']")
        person.click("#play")
        page.wait_for_selector("#choose-dialog[open]")
        options = page.eval_on_selector_all("#choose-options button",
                                            "bs => bs.map(b => b.textContent)")
        assert len(options) == len(plays) == answers
        page.screenshot(path=str(tmp_path / f"choose-{ruleset}-{answer}.png"))
        fits_width(page)
        if how["lang"] == "zh":
            assert not untranslated(page)
        person.watch_spot(0)
        before = person.version()
        person.click(f"#choose-options button >> nth={answer}")
        page.wait_for_function(f"+document.body.dataset.version > {before}")
        played = person.last_play()
        assert played["play"] == plays[answer].text and sorted(played["cards"]) == sorted(selected)
        shown = person.spot_shown()
        assert sorted(shown["cards"]) == sorted(selected)
        kind = words[f"kind.{plays[answer].kind.label}"]
        assert shown["label"].startswith(kind)
        assert shown["wild"] == sum(c[0] in wild for c in selected)
        page.screenshot(path=str(tmp_path / f"played-{ruleset}-{answer}.png"))
        fits_width(page)
        if how["lang"] == "zh":
            assert not untranslated(page)
        assert person.check_frames(match_id) > 0
        assert not person.errors
        person.close()


def straight_with_a_wild_card(table):
    """A straight the person may lead only with a wild card standing for another rank,
    whose lowest card is natural."""
    legal = table.deal.legal_plays()
    natural = {p.stands_for for p in legal if p.kind is Kind.STRAIGHT and p.stands_for == p.cards}
    for play in legal:
        if play.kind is Kind.STRAIGHT and play.stands_for not in natural and \
                play.main not in table.deal.wild and (play.cards >> 4 * play.main) & 15:
            return play
    return None


@SHOTS
def test_a_named_pattern_is_filled_with_a_wild_card(browser, server, ruleset, how):
    words = CATALOGS[how["lang"]]
    match_id, wild, _, play = made(server, ruleset, straight_with_a_wild_card)
    person = opened(browser, server, match_id, how)
    page = person.page
    named = naming(play, find_ruleset(ruleset).combos, tuple(RANKS.index(r) for r in wild))
    person.click("#pattern-toggle")
    person.click("#pattern button[data-kind='straight']")
    person.click(f"#hand .card[data-card^='{RANKS[named.main]}'] >> nth=0")
    if page.locator("#pattern-length").count():
        page.select_option("#pattern-length", str(named.length))
    chosen = sorted(page.eval_on_selector_all("#hand .card.named",
                                              "cs => cs.map(c => c.dataset.card)"))
    assert len(chosen) == play.size and any(c[0] in wild for c in chosen)
    person.watch_spot(0)
    person.acting("#play")
    assert not page.is_visible("#message.error"), page.text_content("#message")
    played = person.last_play()
    assert played["play"].startswith("straight ") and sorted(played["cards"]) == chosen
    assert played["as"] != played["play"].split()[1]
    shown = person.spot_shown()
    assert shown["label"].startswith(words["kind.straight"]) and \
        re.sub(r"\s", "", shown["label"]).endswith(played["as"].replace("T", "10"))
    assert shown["wild"] >= 1
    fits_width(page)
    if how["lang"] == "zh":
        assert not untranslated(page)
    assert person.check_frames(match_id) > 0
    assert not person.errors


@SHOTS
def test_a_run_from_a_rank_held_only_as_a_wild_card_is_named(browser, server, ruleset, how):
    """A run may start at a rank the hand holds no card of (a wild card stands for it): the
    picker offers its lowest rank by name, as the engine's plays have it, and the hand
    marks the run's cards, the wild ones among them."""
    match_id, wild, _, play = made(server, ruleset, run_from_a_missing_rank)
    person = opened(browser, server, match_id, how)
    page = person.page
    named = naming(play, find_ruleset(ruleset).combos, tuple(RANKS.index(r) for r in wild))
    person.click("#pattern-toggle")
    person.click(f"#pattern button[data-kind='{play.kind.label}']")
    assert not page.locator(f"#hand .card[data-card^='{RANKS[named.main]}']").count()
    assert page.locator("#pattern-main").count(), "no way to name a rank the hand lacks"
    offered = page.eval_on_selector_all("#pattern-main option", "os => os.map(o => o.value)")
    assert RANKS[named.main] in offered
    page.select_option("#pattern-main", RANKS[named.main])
    if page.locator("#pattern-length").count():
        page.select_option("#pattern-length", str(named.length))
    chosen = sorted(page.eval_on_selector_all("#hand .card.named",
                                              "cs => cs.map(c => c.dataset.card)"))
    assert len(chosen) == play.size and any(c[0] in wild for c in chosen), chosen
    person.watch_spot(0)
    person.acting("#play")
    assert not page.is_visible("#message.error"), page.text_content("#message")
    played = person.last_play()
    assert played["play"].split()[0] == play.kind.label and sorted(played["cards"]) == chosen
    assert played["as"] == format_ranks(play.stands_for)  # the run named, from its lowest rank
    fits_width(page)
    if how["lang"] == "zh":
        assert not untranslated(page)
    assert person.check_frames(match_id) > 0
    assert not person.errors


def stood_for(words: dict, ranks: str) -> str:
    """What a play's wild cards stood for, as the page words it after the play: ``as 4 5 6
    7 8`` (English), ``（当作 4 5 6 7 8）`` (Chinese)."""
    return words["play.as_from"].format(play="", cards=" ".join(
        r.replace("T", "10") for r in ranks)).strip()


def a_hint_with_wild_cards(table):
    """The first of the person's hints whose wild cards stand for other ranks (and that
    holds no joker), as (its place among the hints, the play)."""
    for index, play in enumerate(table.hints(CREATOR)):
        if play.stands_for != play.cards and not set(play.text) & set("BR"):
            return index, play
    return None


@SHOTS
def test_a_hint_says_what_its_wild_cards_stand_for(browser, server, ruleset, how):
    words = CATALOGS[how["lang"]]
    match_id, _, _, _ = made(server, ruleset, a_hint_with_wild_cards)
    person = opened(browser, server, match_id, how)
    page = person.page

    def next_hint() -> str:
        before = page.text_content("#message")
        person.click("#hint")
        page.wait_for_function("(before) => document.querySelector('#message').textContent "
                               "!== before", arg=before)
        return page.text_content("#message")

    said = next_hint()  # the hints come, the coach's order first: find one with wild cards
    plays = [json.loads(f) for f in person.frames if '"hints"' in f][-1]["plays"]
    index = next(i for i, p in enumerate(plays)
                 if p.get("as") and not set(p["text"]) & set("BR"))
    for _ in range(index):
        said = next_hint()
    assert said.startswith(words["hint.n_of"].split("{n}")[0]), said
    words_as = stood_for(words, plays[index]["as"])
    # the first hint goes on to say why it is good; the others end with what they stand for
    assert said.endswith(words_as) if index else words_as in said, said
    fits_width(page)
    if how["lang"] == "zh":
        assert not untranslated(page)
    assert not person.errors


@SHOTS
def test_a_wild_play_to_beat_is_named_with_what_it_stood_for(browser, server, ruleset, how):
    words = CATALOGS[how["lang"]]
    store = Store(server.db)
    try:
        table = facing_a_wild_top(store, ruleset)
        match_id, top = table.id, table.deal.top
        table.close()
    finally:
        store.close()
    person = Person(browser, server, **how)
    person.open_match(match_id)
    page = person.page
    page.wait_for_selector("#pass.cannot-beat")
    stood = stood_for(words, format_ranks(top.stands_for))
    status = page.text_content("#status")
    assert status.startswith(words["status.cannot_beat"].split("{play}")[0]), status
    assert status.endswith(stood), status
    person.click("#hint")
    page.wait_for_function("document.querySelector('#message').textContent !== ''")
    said = page.text_content("#message")
    assert said.startswith(words["hint.cannot_beat"].split("{play}")[0]), said
    assert stood + words["hint.cannot_beat"].split("{play}")[1] in said, said
    fits_width(page)
    if how["lang"] == "zh":
        assert not untranslated(page)
    assert not person.errors


CARDS_MARKED = "cs => cs.map(c => [c.dataset.card, c.classList.contains('wild')])"


def play_on(person: Person) -> None:
    """Lead the first card, or follow with the first hint, or pass; a play that reads
    several ways is answered with the first reading offered."""
    page = person.page
    if page.is_visible("#pass.cannot-beat"):
        person.acting("#pass")
        return
    if page.is_enabled("#pass"):
        person.click("#hint")
        page.wait_for_function("document.querySelector('#message').textContent !== ''")
        if not page.locator("#hand .card.selected").count():
            person.acting("#pass")
            return
    else:
        person.click("#hand .card >> nth=0")
    before = person.version()
    person.click("#play")
    page.wait_for_function(f"+(document.body.dataset.version || -1) > {before} || "
                           "document.querySelector('#choose-dialog[open]') || "
                           "document.querySelector('#message.error')")
    if page.is_visible("#choose-dialog"):
        person.click("#choose-options button >> nth=0")
        page.wait_for_function(f"+(document.body.dataset.version || -1) > {before}")
    assert not page.is_visible("#message.error"), page.text_content("#message")


@SHOTS
def test_a_whole_deal_ends_with_the_bomb_classes_on_the_sheet(browser, server, ruleset, how,
                                                              tmp_path):
    words = CATALOGS[how["lang"]]
    person = Person(browser, server, **how)
    match_id = person.start_match(ruleset=ruleset, bots=["normal", "normal"])
    page = person.page
    if ruleset == "laizi":  # the computers may end the auction before the person bids
        shown = page.get_attribute("#match-info .wild-rank", "data-wild")
        assert shown == "" or person.state()["view"]["landlord"] >= 0
    while (state := person.wait_turn_or_end()) != "over":
        if state == "auction":
            person.bid_through()
        elif state == "doubling":
            person.acting("#double-no")
        else:
            play_on(person)
    page.wait_for_selector("#sheet-dialog[open]")
    sheet = page.text_content("#sheet-dialog .deal-sheet")
    for kind in ("soft_bomb", "bomb", "wild_bomb"):
        assert page.locator(f"#sheet-dialog .row-{kind}").count() == 1
        assert words[f"sheet.class.{kind}"] in sheet
    assert words["sheet.rocket"] in sheet
    page.screenshot(path=str(tmp_path / f"sheet-{ruleset}.png"))
    fits_width(page)
    if how["lang"] == "zh":
        assert not untranslated(page)
    final = person.state()["view"]
    wild = final["wild"]
    assert len(wild) == (1 if ruleset == "laizi" else 2)
    revealed = page.eval_on_selector_all(".revealed .card", CARDS_MARKED)
    assert all(marked == (card[0] in wild) for card, marked in revealed)
    page.click("#sheet-dialog button[data-replay='0']")
    page.wait_for_selector("#replay-dialog[open] .replay-seat .card")
    page.click("#replay-last")
    cards = page.eval_on_selector_all("#replay-board .card", CARDS_MARKED)
    assert cards and all(marked == (card[0] in wild) for card, marked in cards)
    stake = page.text_content(".replay-stake")
    assert words["wild.one" if ruleset == "laizi" else "wild.sky_ground"].split("{")[0] in stake
    page.screenshot(path=str(tmp_path / f"replay-{ruleset}.png"))
    page.click("#replay-close")
    assert person.check_frames(match_id) > 0
    if ruleset == "laizi":  # no frame names the rank before the auction ends
        for text in person.frames:
            message = json.loads(text)
            if message.get("type") == "state" and message["state"]["view"]["landlord"] < 0:
                assert message["state"]["view"]["wild"] == ""
    assert not person.errors


def played_bidding_low(server, ruleset: str) -> int:
    """A match whose first deal was played out on the server's database, the person
    bidding 1 (so the auction has a stake before it ends) and otherwise taking the last
    legal action, the computers their own: opened, it shows its score sheet."""
    match_id = seeded_match(server, ruleset, "played")
    store = Store(server.db)
    try:
        table = MatchSession.load(store, match_id)
        while not table.deal.is_over:
            if not table.play_due():
                legal = table.view_for_decision(0).legal
                table.submit(0, next((a for a in legal if action_text(a) == "bid 1"), legal[-1]))
        table.close()
        return match_id
    finally:
        store.close()


@pytest.mark.parametrize("ruleset, lang", [("tiandi", "en"), ("tiandi", "zh"), ("classic", "en")])
def test_the_sheet_signs_its_totals_and_the_replay_says_sky_and_ground(browser, server,
                                                                       ruleset, lang):
    """The score sheet's total row read ``48`` under deal rows of ``+48``; a tiandi
    replay's stake line read ``Wild 5 7`` (``Wild 5`` before the ground is drawn) where
    the table says ``5 (sky) · 7 (ground)``. Totals are signed as the deals are, and the
    replay names sky and ground in the table's words, in both languages."""
    words = CATALOGS[lang]
    match_id = played_bidding_low(server, ruleset)
    person = Person(browser, server, lang=lang)
    person.open_finished_match(match_id)
    page = person.page
    deal = page.eval_on_selector_all(".match-sheet tbody tr:first-child td.col-seat",
                                     "tds => tds.map(t => t.textContent)")
    totals = page.eval_on_selector_all(".match-sheet .sheet-totals th.col-seat",
                                       "ths => ths.map(t => t.textContent)")
    assert totals == deal and any(x.startswith("+") for x in totals), (deal, totals)
    if ruleset == "classic":
        return
    sky, ground = (r.replace("T", "10") for r in person.state()["view"]["wild"])
    page.click("#sheet-dialog button[data-replay='0']")
    page.wait_for_selector("#replay-dialog[open] .replay-seat .card")
    stakes = []
    while True:
        if page.locator(".replay-stake").count():
            stakes.append(page.text_content(".replay-stake"))
        if page.is_disabled("#replay-next"):
            break
        page.click("#replay-next")
    both = words["wild.sky_ground"].format(sky=sky, ground=ground)
    assert both in stakes[-1], stakes[-1]
    before = [s for s in stakes if both not in s]
    assert before, "the ground is drawn when the auction ends, after a bid"
    assert all(words["wild.sky"].format(rank=sky) in s for s in before), before
    assert not person.errors


@pytest.mark.parametrize("how", [{"lang": "en"}, {"phone": True, "lang": "zh"}],
                         ids=["desktop-en", "phone-zh"])
def test_the_lobby_offers_both_wild_rulesets_and_their_help(browser, server, how, tmp_path):
    words = CATALOGS[how["lang"]]
    person = Person(browser, server, **how)
    person.goto_lobby()
    page = person.page
    for ruleset in ("laizi", "tiandi"):
        label = page.text_content(f"label:has(#ruleset-{ruleset})")
        assert words[f"ruleset.{ruleset}"] in label
        assert words[f"ruleset.summary.{ruleset}"] in label
    person.click("#ruleset-tiandi")
    page.screenshot(path=str(tmp_path / "lobby.png"), full_page=True)
    fits_width(page)
    if how["lang"] == "zh":
        assert not untranslated(page)
    assert "#/help/tiandi" in page.evaluate(
        "[...document.querySelectorAll('a')].map(a => a.href).join(' ')")
    assert not person.errors
