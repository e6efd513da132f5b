# ruff: noqa: F811 (tests take the fixtures imported from .browsing as arguments)
"""The table's tools during a deal, in a real browser at 1280 x 800 with a mouse and the
keyboard and at 390 x 844 by touch: the count strip, auto-play to the end of a deal, the
rules beside the table, the seats' names and what they say."""

import pytest

from dizhu.session import CREATOR, MatchSession, NewMatch, Store

from .browsing import (  # noqa: F401 (fixtures)
    LAYOUTS,
    Person,
    browser,
    close_pages,
    landlord_to_lead,
    seeded_match,
    server,
    wait_dealt,
)
from .test_browser_friends import join, play_until
from .webserver import Server

PERSON_OPENS = "3"
"""A seed whose first deal the person at seat 0 opens: their auction comes before any
computer's (tests/test_browser_play.py::test_the_seed_lets_the_person_open checks it)."""


def hidden_but_shown(page) -> list[str]:
    """Elements marked hidden that a stylesheet still shows."""
    return page.evaluate("""() => [...document.querySelectorAll('[hidden]')]
        .filter(e => getComputedStyle(e).display !== 'none')
        .map(e => e.id || e.className || e.tagName)""")


def strip_counts(page) -> list[list]:
    return page.eval_on_selector_all("#count-strip .count-cell", """cs => cs.map(c =>
        [c.dataset.rank, +c.querySelector('b').textContent])""")


def strip_shows_the_last_state(person: Person) -> list[list]:
    """The strip's counts once the page has drawn the last state it received (the computers
    may play on while a test looks: it waits for the page to catch up, 10 s at most)."""
    for _ in range(100):
        shown = strip_counts(person.page)
        if shown == person.state()["view"]["count_strip"]["unseen"]:
            return shown
        person.page.wait_for_timeout(100)
    raise AssertionError(f"the strip shows {shown}, the last state "
                         f"{person.state()['view']['count_strip']['unseen']}")


def toggle_count(person: Person, key: bool) -> None:
    if key:
        person.page.keyboard.press("c")
    else:
        person.click("#count-button")


@LAYOUTS
def test_the_count_strip_closes_and_counts_right_when_opened_again(browser, server, how):
    """Defect 2: Count (or C) opens the strip and closes it again; closed, it keeps up with
    the play, so that opened again later it counts what has been played since."""
    person = landlord_to_lead(browser, server, **how)
    page = person.page
    keys = not how.get("phone")
    toggle_count(person, False)
    assert page.is_visible("#count-strip")
    strip_shows_the_last_state(person)
    toggle_count(person, keys)
    assert not page.is_visible("#count-strip")
    assert page.get_attribute("#count-button", "aria-pressed") == "false"
    assert hidden_but_shown(page) == []
    played = len(person.state()["view"]["history"])
    for _ in range(30):  # play on until cards of others have been played too
        if person.wait_turn_or_end() != "play":
            break
        person.play_turn()
        history = person.state()["view"]["history"][played:]
        if sum(len(e["cards"]) for e in history if e["seat"] != 0) >= 3:
            break
    toggle_count(person, keys)
    assert page.is_visible("#count-strip")
    unseen = strip_shows_the_last_state(person)
    assert sum(n for _, n in unseen) < 54 - 20  # cards were played meanwhile
    assert not person.errors


@LAYOUTS
def test_auto_play_to_the_end_of_a_deal_shows_its_score_sheet(browser, server, how):
    """Defect 8: with auto-play on, the deal's score sheet opens when the deal ends (the
    next deal then begins by itself, and the sheet gives way to it)."""
    person = Person(browser, server, **how)
    person.start_match()
    page = person.page
    page.evaluate("""() => { window.sheets = [];
        const dialog = document.getElementById('sheet-dialog');
        new MutationObserver(() => { if (dialog.open) sheets.push([+document.body.dataset.deal,
            document.getElementById('table').dataset.phase,
            document.querySelector('#sheet-body .deal-sheet h2').textContent]); })
            .observe(dialog, {attributes: true, attributeFilter: ['open']}); }""")
    person.click("#autoplay")
    page.wait_for_function("window.sheets.length > 0", timeout=60_000)
    deal, phase, heading = page.evaluate("sheets[0]")
    assert phase == "over"  # the first deal played out (one thrown in has no sheet)
    assert ("Deal 1:" in heading) if how["lang"] == "en" else ("第1局" in heading), heading
    page.wait_for_function(f"+document.body.dataset.deal > {deal}", timeout=30_000)
    assert not person.errors


@pytest.fixture
def friends_server(tmp_path):
    """A server of its own where a seat may be handed to a computer after 1 s without a page."""
    s = Server(tmp_path / "game.sqlite3", away=1.0).start()
    yield s
    s.stop()


def seat_names(page) -> list[str]:
    return page.evaluate("""() => [...document.querySelectorAll('#felt .seat')]
        .sort((a, b) => a.id.localeCompare(b.id)).map(s => s.querySelector('.name').textContent)""")


def cut_names(page) -> list[str]:
    """Seat names drawn shorter than they are (an ellipsis instead of their end)."""
    return page.evaluate("""() => [...document.querySelectorAll('#felt .seat .name')]
        .filter(n => n.scrollWidth > n.clientWidth + 1).map(n => n.textContent)""")


def turn_mark(page, seat: int) -> str:
    return page.text_content(f"#seat-{seat} .turn-mark")


def test_every_page_names_a_seat_alike_and_says_who_the_table_waits_for(browser,
                                                                         friends_server):
    """Defect 6: the same name for the same seat on every page (a computer seat by its
    number, not by where it sits from the viewer), names drawn whole, a friend's seat that
    nobody sits at or whose page is closed "waiting" (not "thinking…"), a friend at the
    table "their turn"."""
    server = friends_server
    ann = Person(browser, server)
    ann.start_match(ruleset="four", bots=["friend", "easy", "friend"])
    bo = join(browser, server, ann.page.input_value("#invite-1"), "Bo", phone=True)
    names = ["Ann", "Bo", "Bot 3 · easy", "Seat 4 · free"]
    for person in (ann, bo):
        person.page.wait_for_function(
            "document.querySelector('#seat-1 .name').textContent === 'Bo'")
        assert seat_names(person.page) == names
        assert cut_names(person.page) == []
    waiting = lambda seat: lambda: ann.state()["waiting_for"] == seat  # noqa: E731
    play_until([ann, bo], waiting(3))
    for person in (ann, bo):
        person.page.wait_for_function("document.querySelector('#seat-3 .turn-mark')")
        assert turn_mark(person.page, 3) == "waiting"
    ann.page.wait_for_selector("#hand-over-3")
    ann.click("#hand-over-3")
    play_until([ann, bo], waiting(1))
    ann.page.wait_for_function("document.querySelector('#seat-1 .turn-mark')")
    assert turn_mark(ann.page, 1) == "their turn"
    bo.close()
    ann.page.wait_for_function(
        "document.querySelector('#seat-1 .turn-mark').textContent === 'waiting'")
    assert not ann.errors


def test_the_reconnecting_notice_goes_once_connected_again(browser, friends_server):
    """Defect 6: what the page said while the server was away ("Not connected to the
    server: reconnecting…", after a bid tried meanwhile) goes once it is connected again."""
    server = friends_server
    person = Person(browser, server)
    person.open_match(seeded_match(server, "classic", PERSON_OPENS))
    page = person.page
    assert person.wait_turn_or_end() == "auction"

    def meanwhile():
        page.wait_for_selector("#connection", state="visible")
        person.click("#bid-pass")  # the page cannot send it, and says why
        assert page.text_content("#message") == "Not connected to the server: reconnecting…"

    server.restart(meanwhile)
    page.wait_for_selector("#connection", state="hidden", timeout=30_000)
    page.wait_for_function("document.querySelector('#message').textContent === ''")
    assert person.wait_turn_or_end() == "auction"
    person.acting("#bid-pass")
    assert not page.is_visible("#message.error")


def covered(page, selector: str) -> bool:
    """Whether something else is on top of the element's centre."""
    return page.evaluate("""(s) => { const e = document.querySelector(s);
        const r = e.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !(top && e.contains(top)); }""", selector)


@LAYOUTS
def test_how_to_play_opens_beside_the_table_and_the_deal_goes_on(browser, server, how):
    """Defect 5: "How to play" during a deal with a turn clock opens the rules of the
    table's ruleset beside the table (over it on a phone, with the way back): the page stays
    at the table, on the same connection, and the person plays on."""
    person = Person(browser, server, **how)
    sockets = []
    person.page.on("websocket", lambda ws: sockets.append(ws))
    person.start_match(ruleset="four", clock=30)
    page = person.page
    address = page.url
    assert person.wait_turn_or_end() in ("auction", "play")  # a computer may have bid 3 first
    person.click("#help-link")
    page.wait_for_selector("#help-panel:not([hidden])")
    frame = page.frame_locator("#help-frame")
    frame.locator("body[data-ready='1'][data-ruleset='four']").wait_for()
    assert frame.locator("h1").text_content().startswith(
        "How to play" if how["lang"] == "en" else "玩法说明")
    assert page.url == address and len(sockets) == 1
    if how.get("phone"):  # the help covers the table: back to it, the deal as it was
        assert covered(page, "#hand")
        person.click("#help-panel-close")
        assert not page.is_visible("#help-panel")
    else:  # beside the table: the hand and the controls stay in view and work
        wait_dealt(page)
        for selector in ("#hand", "#controls", "#felt", "#seat-0"):
            assert not covered(page, selector), selector
        panel = person.box("#help-panel")
        assert person.box("#felt")["x"] + person.box("#felt")["width"] <= panel["x"]
    person.bid_through()
    assert person.wait_turn_or_end() in ("play", "over")
    assert page.url == address and len(sockets) == 1
    assert not page.is_visible("#connection")
    assert not person.errors


def test_the_seed_lets_the_person_open(tmp_path):
    store = Store(tmp_path / "game.sqlite3")
    try:
        table = MatchSession.create(store, NewMatch(player="Ann", mode="deals", target=5,
                                                    bots=("easy", "easy")), PERSON_OPENS)
        assert table.deal.to_move == CREATOR
    finally:
        store.close()
