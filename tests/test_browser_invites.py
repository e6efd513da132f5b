# ruff: noqa: F811 (tests take the fixtures imported from .browsing as arguments)
"""Friends' tables as people meet them: every control of a seat box within reach on a
phone, the score sheets of the last deal closing when someone starts the next (the words
saying so staying until the person's own first move, however fast the computers are), names in
the viewer's language, the invitations folding away once everyone sits, a taken seat's
link opened by someone else, links pasted with stray characters, a friend's page that
never shows the host's lobby, names that cannot reverse the words around them."""

import os
from pathlib import Path

import pytest

from dizhu.auction import Bid
from dizhu.session import MatchSession, NewMatch, Store
from dizhu.view import seat_view

from .browsing import (  # noqa: F401 (fixtures)
    SHEET_SHOWN,
    Person,
    away_server,
    browser,
    close_pages,
    plain,
)
from .test_browser_friends import TURN, join, play_until, turn
from .test_web_rooms import lan_or_skip
from .webserver import Server


@pytest.fixture(scope="module")
def server(away_server):
    """A server where a seat may be handed to a computer after 1 s without a page."""
    return away_server


BOXES = """() => [...document.querySelectorAll('.seat')].map((box) => {
    const b = box.getBoundingClientRect();
    const outside = [...box.querySelectorAll('.seat-head, .seat-line, .marks, .presence, .turn, '
                                             + '.presence > *')]
      .filter((e) => e.getClientRects().length)
      .map((e) => [e.className, e.getBoundingClientRect()])
      .filter(([, r]) => r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5
                         || r.left < b.left - 0.5 || r.right > b.right + 0.5)
      .map(([name]) => name);
    return [box.id, outside];
})"""

UNDER = """(selector) => {
    const e = document.querySelector(selector);
    e.scrollIntoView({block: 'nearest'});
    const r = e.getBoundingClientRect();
    const under = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return Boolean(under && under.closest(selector) === e);
}"""


def shot(person: Person, name: str) -> None:
    """A screenshot to look at, when ``DIZHU_SHOTS`` names a folder for them."""
    folder = os.environ.get("DIZHU_SHOTS")
    if folder:
        person.page.screenshot(path=str(Path(folder) / f"{name}.png"))


def inside_their_boxes(page) -> None:
    """Every line of every seat box lies inside the box."""
    boxes = page.evaluate(BOXES)
    assert all(not outside for _, outside in boxes), boxes


def reachable(person: Person, selector: str) -> None:
    """The control, scrolled to, is the element under a finger at its centre (in one look:
    a new state may draw the seat box again at any moment)."""
    assert person.page.evaluate(UNDER, selector), selector


@pytest.mark.parametrize(("width", "ruleset", "lang"), [
    (390, "classic", "en"), (360, "classic", "zh"), (390, "four", "zh"), (360, "four", "en")])
def test_a_seat_box_holds_its_presence_line_and_its_button_on_a_phone(browser, server, width,
                                                                       ruleset, lang):
    ann = Person(browser, server, phone=True, width=width, lang=lang)
    bots = ["friend", "friend"] + (["easy"] if ruleset == "four" else [])
    ann.start_match(ruleset=ruleset, bots=bots)
    page = ann.page
    page.wait_for_selector("#seat-2 .presence .away")  # nobody took seat 2 yet
    inside_their_boxes(page)
    bo = join(browser, server, page.input_value("#invite-1"), "Bo")
    page.wait_for_function("document.querySelector('#seat-1 .name').textContent === 'Bo'")
    bo.close()
    page.wait_for_selector("#hand-over-1")
    inside_their_boxes(page)
    reachable(ann, "#hand-over-1")
    ann.click("#hand-over-1")
    page.wait_for_selector("#take-back-1")
    inside_their_boxes(page)
    reachable(ann, "#take-back-1")
    shot(ann, f"seat-box-{width}-{ruleset}-{lang}")
    assert not ann.errors


def test_the_next_deal_closes_everyones_score_sheet_of_the_last(browser, server):
    ann = Person(browser, server)
    ann.start_match(bots=["friend", "easy"])
    bo = join(browser, server, ann.page.input_value("#invite-1"), "Bo", phone=True)
    sheets_open = "document.querySelector('#sheet-dialog[open]') !== null"
    play_until([ann, bo], lambda: all(p.page.evaluate(sheets_open) for p in (ann, bo)), 180)
    assert ann.state()["match"]["deal_index"] == 0
    bo.click("#sheet-next")
    for person in (ann, bo):  # nobody's page stays on the last deal's sheet
        person.page.wait_for_function("document.body.dataset.deal === '1'")
        person.page.wait_for_selector("#sheet-dialog", state="hidden")
    assert ann.page.text_content("#message") == "The next deal has started."
    shot(ann, "next-deal-desktop-en")
    play_until([ann, bo], lambda: turn(ann) == "play" or turn(bo) == "play", 60)
    assert not ann.errors and not bo.errors


def friends_first_deal_played(store: Store, seed: str) -> MatchSession:
    """A match of Ann, a friend's seat and an easy computer, dealt from ``seed``, whose
    first deal the store played out (each person's seat its last legal action)."""
    new = NewMatch(player="Ann", mode="deals", target=5, bots=("friend", "easy"))
    table = MatchSession.create(store, new, seed)
    while not table.match.scored_deals:
        if not table.play_due():
            seat = next(s for s in (0, 1) if table.view_for_decision(s).legal)
            table.submit(seat, table.view_for_decision(seat).legal[-1])
    return table


def second_deal_opened_by_a_bid_of_3(tmp_path) -> str:
    """A seed whose second deal the computer opens by bidding 3 (so it leads at once)."""
    store = Store(tmp_path / "seeds.sqlite3")
    try:
        for n in range(60):
            table = friends_first_deal_played(store, f"opens-{n}")
            table.next_deal()
            table.play_due()
            history = seat_view(table.deal, 0).history
            table.close()
            if history and history[0].seat == 2 and history[0].action == Bid("3"):
                return f"opens-{n}"
    finally:
        store.close()
    raise AssertionError("no seed of 60 has the computer open the second deal with 3")


def test_the_next_deal_s_notice_stays_until_the_person_acts(browser, server, tmp_path):
    """The computer bids 3 and leads the moment a friend starts the next deal: the words
    saying so stay until the person's own first play, not only through the auction."""
    store = Store(server.db)
    try:
        table = friends_first_deal_played(store, second_deal_opened_by_a_bid_of_3(tmp_path))
        match_id = table.id
        table.close()
    finally:
        store.close()
    ann = Person(browser, server, lang="zh")
    ann.open_match(match_id)
    ann.page.wait_for_selector(SHEET_SHOWN)
    bo = join(browser, server, ann.page.input_value("#invite-1"), "Bo", phone=True)
    bo.page.wait_for_selector(SHEET_SHOWN)
    bo.click("#sheet-next")
    ann.page.wait_for_function("document.body.dataset.deal === '1'")
    ann.page.wait_for_function(f"({TURN})() === 'play'")  # the computer led
    assert ann.state()["view"]["phase"] == "play"
    assert ann.page.text_content("#message") == "下一局已经开始。"
    shot(ann, "next-deal-notice-zh")
    ann.play_turn()
    ann.page.wait_for_function("document.querySelector('#message').textContent === ''")
    assert not ann.errors and not bo.errors


def test_people_without_names_are_called_by_their_seat_in_each_pages_language(browser, server):
    ann = Person(browser, server, lang="zh")
    ann.goto_lobby()
    assert ann.page.get_attribute("#player-name", "placeholder") == "可不填"
    ann.start_match(bots=["friend", "friend"], name="")
    watch = ann.page.input_value("#invite-watch")
    link = ann.page.input_value("#invite-1")
    bo = Person(browser, server, lang="zh")
    bo.page.goto(link)
    bo.page.wait_for_selector("#join-name")
    assert plain(bo.page.text_content("#join-text")).startswith("玩家1邀请你")
    assert "我" not in bo.page.get_attribute("#join-name", "placeholder")
    bo.page.fill("#join-name", "   ")
    bo.click("#join-sit")
    bo.page.wait_for_selector("#hand .card")
    cy = Person(browser, server)  # a spectator, in English
    cy.page.goto(watch)
    cy.page.wait_for_selector("#watching")
    names = "[0, 1].map((s) => document.querySelector(`#seat-${s} .name`).textContent)"
    for person, words in ((ann, ["玩家1", "玩家2"]), (bo, ["玩家1", "玩家2"]),
                          (cy, ["Player 1", "Player 2"])):
        person.page.wait_for_function(f"{names}.join() === {','.join(words)!r}")
    assert ann.page.text_content("#invite-body").count("玩家2") == 1
    shot(ann, "no-names-zh")
    ann.goto_lobby()
    assert plain(ann.page.locator("#unfinished li").first.text_content()).startswith("玩家1 · ")
    assert not any(p.errors for p in (ann, bo, cy))


FITS = """() => ['#hand .card', '#controls'].map((s) => {
    const r = document.querySelector(s).getBoundingClientRect();
    return [s, r.bottom <= innerHeight];
}).concat([...document.querySelectorAll('.keys')].filter((e) => e.getClientRects().length)
  .map((e) => ['.keys', e.getBoundingClientRect().bottom <= innerHeight]))"""


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_invitations_fold_away_as_the_last_friend_sits(browser, server, phone):
    ann = Person(browser, server, phone=phone)
    ann.start_match(bots=["friend", "easy"])
    page = ann.page
    page.wait_for_selector("#invite[open]")
    join(browser, server, page.input_value("#invite-1"), "Bo")
    page.wait_for_selector("#invite:not([open])")  # at once, without a reload
    assert page.text_content("#invite summary") == "Everyone is seated: the invitations"
    page.evaluate("scrollTo(0, 0)")
    fits = page.evaluate(FITS)
    shot(ann, f"invitations-folded-{'phone' if phone else 'desktop'}")
    assert all(inside for _, inside in fits), fits
    ann.click("#invite summary")  # the links are still there for whoever needs them
    page.wait_for_selector("#invite-1", state="visible")


def test_a_taken_seats_link_asks_who_opens_it(browser, server):
    ann = Person(browser, server)
    ann.start_match(bots=["friend", "easy"])
    link = ann.page.input_value("#invite-1")
    bo = join(browser, server, link, "Bo")
    ann.page.wait_for_selector("#invite:not([open])")
    ann.click("#invite summary")
    assert plain(ann.page.text_content(".invite-label")) == \
        "Bo sits here: this link is theirs (it brings them back to their seat)"
    # Bo again, in the same browser: straight back to his seat
    bo.page.reload()
    bo.page.wait_for_selector("#hand .card")
    assert bo.page.is_hidden("#elsewhere")
    # someone else opens Bo's link: asked first, and may watch instead
    cy = Person(browser, server, lang="zh")
    cy.page.goto(link)
    cy.page.wait_for_selector("#join-me")
    assert plain(cy.page.text_content("#join-text")) == "Bo已入座。你是Bo吗？"
    assert cy.page.is_hidden("#join-name") and cy.page.locator("#hand .card").count() == 0
    shot(cy, "seat-taken-zh")
    cy.click("#join-watch")
    cy.page.wait_for_selector("#watching")
    assert cy.page.locator("#hand .card").count() == 0 and cy.state()["match"]["seat"] is None
    # Bo himself on another computer: he says so, and both of his pages are told
    bo_too = Person(browser, server, phone=True)
    bo_too.page.goto(link)
    bo_too.click("#join-me")
    bo_too.page.wait_for_selector("#hand .card")
    for page in (bo.page, bo_too.page):
        page.wait_for_selector("#elsewhere", state="visible")
    assert bo.page.text_content("#elsewhere") == \
        "This seat is also open in another browser or tab: both can play it."
    shot(bo_too, "seat-open-twice-phone")
    bo_too.close()
    bo.page.wait_for_selector("#elsewhere", state="hidden")
    assert not any(p.errors for p in (ann, bo, cy))


DEAD = "This invitation does not open any table: ask for a new link."


def test_links_pasted_with_stray_characters_open_and_dead_links_say_so(browser, server):
    ann = Person(browser, server)
    ann.start_match(bots=["friend", "easy"])
    link = ann.page.input_value("#invite-1")
    watch = ann.page.input_value("#invite-watch")
    # as a chat may leave them: a slash, punctuation, an escaped bracket after the secret
    bo = Person(browser, server)
    for tail in ("/", "!!", "%3E", ").", "%3Cbr%3E"):
        bo.page.goto(ann.server.url + "/")  # from elsewhere each time
        bo.page.goto(link + tail)
        bo.page.wait_for_selector("#join-name")
        assert bo.page.url == link, tail
    bo.page.fill("#join-name", "Bo")
    bo.click("#join-sit")
    bo.page.wait_for_selector("#hand .card")
    cy = Person(browser, server)
    cy.page.goto(watch + "/")
    cy.page.wait_for_selector("#watching")
    # a secret that opens nothing (mistyped, cut, run on): one message, no form
    base = link.rsplit("/", 1)[0]
    for wrong in (link + "x", link[:-1], base + "/!!", f"{base}/", watch + "x",
                  watch.rsplit("/", 1)[0] + "/nothing"):
        dan = Person(browser, server, phone=True)
        dan.page.goto(wrong)
        dan.page.wait_for_function("(dead) => document.querySelector('#join-error')"
                                   ".textContent === dead", arg=DEAD)
        assert dan.page.is_hidden("#join-fields") and dan.page.is_hidden("#join-claim"), wrong
        assert dan.page.is_hidden("#lobby") and dan.page.is_hidden("#table"), wrong
        if wrong == link + "x":
            shot(dan, "dead-link-phone")
        dan.close()
    assert not any(p.errors for p in (ann, bo, cy))


def test_a_friend_on_another_machine_is_never_offered_the_lobby(browser, tmp_path):
    address = lan_or_skip()
    lan = Server(tmp_path / "game.sqlite3", lan=True).start()
    try:
        ann = Person(browser, lan)
        ann.start_match(bots=["friend", "easy"])
        link = ann.page.input_value("#invite-1")
        assert link.startswith(f"http://{address}:")  # the network address: not loopback
        bo = join(browser, lan, link, "Bo", phone=True)
        here = link.split("#", 1)[1]
        for way in ("home link", "#/", "#/lobby!!"):
            if way == "home link":
                bo.click("#home-link")
            else:
                bo.page.goto(link.split("#", 1)[0] + way)
            bo.page.wait_for_selector("#remote", state="visible")
            assert bo.page.is_hidden("#lobby") and bo.page.is_hidden("#new-match"), way
            assert bo.page.get_attribute("#remote-link", "href") == f"#{here}", way
        shot(bo, "remote-lobby-phone")
        bo.click("#remote-link")
        bo.page.wait_for_selector("#hand .card")
        assert not ann.errors and not bo.errors
    finally:
        lan.stop()
    assert "Traceback" not in lan.output()


def test_names_cannot_reverse_the_words_they_are_shown_in(browser, server):
    ann = Person(browser, server)
    ann.start_match(bots=["friend", "friend"], name="\u202eAnn")
    page = ann.page
    bo = join(browser, server, page.input_value("#invite-1"), "\u200b")  # shows nothing
    join(browser, server, page.input_value("#invite-2"), "دانا")  # right to left
    names = "[0, 1, 2].map((s) => document.querySelector(`#seat-${s} .name`).textContent)"
    page.wait_for_function(f"{names}.join() === 'Ann,Player 2,دانا'")
    bo.page.wait_for_function(f"{names}.join() === 'Ann,Player 2,دانا'")
    assert page.eval_on_selector("#seat-2 .name", "e => getComputedStyle(e).unicodeBidi") == \
        "isolate"
    page.click("#invite summary")
    labels = page.eval_on_selector_all(".invite-label", "ls => ls.map((l) => l.textContent)")
    assert labels[1].startswith("\u2068دانا\u2069 sits here"), labels
    shot(ann, "bidi-names-desktop-en")
    assert not ann.errors and not bo.errors


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_an_invitation_shows_every_character_of_its_link(browser, server, phone):
    """An underscore of a token was cut off below the link's box, so a link read aloud or
    copied by hand lost it: each link's line is tall enough for its letters' descent."""
    ann = Person(browser, server, phone=phone)
    ann.start_match(bots=["friend", "easy"])
    page = ann.page
    page.wait_for_selector("#invite[open]")
    heights = page.eval_on_selector_all(".invite-link", """links => links.map((link) => {
        const style = getComputedStyle(link);
        return [parseFloat(style.lineHeight), parseFloat(style.fontSize)];
    })""")
    assert heights and all(line >= 1.3 * size for line, size in heights), heights


WORDS = {
    "en": ("you may hand it to a computer in ",
           "against one normal bot and a friend not seated yet", "against Bo and one normal bot"),
    "zh": ("秒后可交给电脑代打", "对手：一个普通电脑、一位待入座的好友和一个简单电脑",
           "对手：Bo、一个普通电脑和一个简单电脑"),
}


@pytest.mark.parametrize(("lang", "phone", "ruleset"),
                         [("en", False, "classic"), ("zh", True, "four")])
def test_the_creator_sees_when_a_seat_may_be_handed_over_and_the_lobby_names_friends(
        browser, tmp_path, lang, phone, ruleset):
    """A seat just left said only "away": its button came 20 s later with no word of it.
    Now the creator's page says in how many seconds the seat may go to a computer. The
    lobby's list said "against friend and normal"; it now names the friend who sat, or
    says the seat still waits for one."""
    soon_words, waiting, named = WORDS[lang]
    more = ["easy"] if ruleset == "four" else []
    s = Server(tmp_path / "game.sqlite3", away=30.0).start()
    try:
        ann = Person(browser, s, lang=lang, phone=phone)
        ann.start_match(bots=["friend", "normal", *more], ruleset=ruleset)
        page = ann.page
        bo = join(browser, s, page.input_value("#invite-1"), "Bo")
        page.wait_for_function("document.querySelector('#seat-1 .name').textContent === 'Bo'")
        bo.close()
        soon = page.wait_for_selector("#seat-1 .presence-soon").text_content()
        assert soon_words in soon and 0 < int("".join(filter(str.isdigit, soon))) <= 30
        assert page.locator("#hand-over-1").count() == 0
        inside_their_boxes(page)
        shot(ann, f"hand-over-soon-{lang}-{ruleset}")
        ann.start_match(bots=["normal", "friend", *more], ruleset=ruleset)  # nobody comes
        ann.goto_lobby()
        page.wait_for_selector("#unfinished button.resume")
        page.locator("#unfinished").scroll_into_view_if_needed()
        shot(ann, f"lobby-friends-{lang}-{ruleset}")
        entries = [e.replace("\u2068", "").replace("\u2069", "")
                   for e in page.locator("#unfinished li .match-text").all_text_contents()]
        assert any(waiting in e for e in entries) and any(named in e for e in entries), entries
        assert not ann.errors and not bo.errors
    finally:
        s.stop()
    assert not s.troubles(), s.output()
