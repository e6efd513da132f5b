# ruff: noqa: F811 (tests take the fixtures imported from .browsing as arguments)
"""The page's layout measured in a real browser, at 1280 x 800 and at 390 x 844 by touch:
nothing needed below the fold, nothing wider than its box (scrollWidth past clientWidth),
no element outside the screen or outside its dialog, no text cut or wrapped where it must
stand whole."""

import json
import re

import pytest

from dizhu.combos import Kind
from dizhu.session import MatchSession, NewMatch, Store

from .browsing import (  # noqa: F401 (fixtures)
    CATALOGS,
    LAYOUTS,
    SHEET_SHOWN,
    Person,
    away_server,
    browser,
    close_pages,
    deals_played_out,
    fresh_server,
    landlord_to_lead,
    seeded_match,
    server,
    wait_dealt,
    watch_link,
)
from .deals import leading_with
from .test_browser_play import hidden_but_shown, toggle_count

OVERFLOWING = """(selector) => [...document.querySelectorAll(selector)]
    .filter(e => e.getClientRects().length && e.scrollWidth > e.clientWidth + 1)
    .map(e => (e.id || e.className) + ': ' + e.textContent.slice(0, 40))"""

OUTSIDE = """([selector, within]) => [...document.querySelectorAll(selector)]
    .filter(e => e.getClientRects().length).filter(e => {
        const r = e.getBoundingClientRect();
        const box = within ? e.closest(within).getBoundingClientRect()
            : {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
        return r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5
            || r.bottom > box.bottom + 0.5;
    }).map(e => (e.id || e.className) + ': ' + e.textContent.slice(0, 40))"""

LINES = """(selector) => { const e = document.querySelector(selector);
    const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
    const tops = new Set();
    while (walker.nextNode()) {
        const range = document.createRange(); range.selectNodeContents(walker.currentNode);
        for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
    }
    return tops.size; }"""


def overflowing(page, selector: str) -> list[str]:
    """Elements drawn narrower than their content (cut, or scrolled sideways)."""
    return page.evaluate(OVERFLOWING, selector)


def outside(page, selector: str, within: str | None = None) -> list[str]:
    """Elements not wholly inside the screen (or inside their ``within`` ancestor)."""
    return page.evaluate(OUTSIDE, [selector, within])


def lines(page, selector: str) -> int:
    """How many lines the element's text takes."""
    return page.evaluate(LINES, selector)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_lobby_starts_a_match_without_scrolling(browser, server, lang):
    """Defect 7: at 1280 x 800 "Start match" is on the screen as the lobby opens (and no
    part of the page marked hidden shows)."""
    person = Person(browser, server, lang=lang)
    person.goto_lobby()
    assert outside(person.page, "#start-match") == []
    assert hidden_but_shown(person.page) == []


def test_the_hosts_hand_stays_on_the_screen_with_the_invitations_open(browser, server):
    """Defect 7: the invitations open, every card of the host's hand is on the screen."""
    person = Person(browser, server)
    person.start_match(bots=["friend", "friend"])
    page = person.page
    page.wait_for_selector("#invite[open]")
    assert outside(page, "#hand .card") == []
    assert outside(page, "#controls") == []


@LAYOUTS
def test_the_pattern_picker_and_the_count_strip_fit_with_the_hand(browser, server, how):
    """Defect 7: the count strip open and a pattern chosen, the picker's steps, the
    controls and every card stay on the screen at 1280 x 800 (on a phone, once scrolled
    to the hand, without sideways scrolling); the turn's badge stands on one line."""
    person = landlord_to_lead(browser, server, **how)
    page = person.page
    toggle_count(person, False)
    person.click("#pattern-toggle")
    person.click("#pattern button[data-kind='single']")
    person.click("#hand .card.offered >> nth=0")
    if how.get("phone"):
        page.locator("#pattern").scroll_into_view_if_needed()
        assert outside(page, "#pattern .steps") == []
    else:
        for selector in ("#hand .card", "#pattern", "#controls", "#count-strip"):
            assert outside(page, selector) == [], selector
    assert overflowing(page, "body, #count-strip, #pattern, #felt") == []
    assert lines(page, "#seat-0 .turn-mark") == 1


@pytest.mark.parametrize("how", [{"lang": "en"}, {"phone": True, "lang": "zh"},
                                 {"phone": True, "lang": "en"}],
                         ids=["desktop-en", "phone-zh", "phone-en"])
def test_a_landlords_seat_and_the_stake_line_show_whole(browser, server, how):
    """Defect 4: as landlord at the lead (every chip of the stake line shown: the stake,
    the person's own, the bid, spring and anti-spring possible), nothing of the stake line
    or of the person's seat is cut or outside its box: "your turn" and the turn clock
    whole, each on one line."""
    for _ in range(20):  # the clock is the person's: their turn as landlord
        person = Person(browser, server, **how)
        person.start_match(clock=30)
        person.bid_through(3)
        if person.page.locator("#seat-0 .role.landlord").count():
            break
        person.close()
    page = person.page
    page.wait_for_selector("#seat-0 .clock:not([hidden])")
    assert page.locator("#stake .chip").count() == 5
    assert overflowing(page, "#stake, #stake .chip, #seat-0 *") == []
    assert outside(page, "#stake .chip", "#stake") == []
    parts = "#seat-0 .seat-head, #seat-0 .seat-line, #seat-0 .turn > *"
    assert outside(page, parts, "#seat-0") == []
    assert lines(page, "#seat-0 .turn-mark") == 1 and lines(page, "#seat-0 .clock") == 1
    assert not person.errors


FACES_ON_OTHERS = """() => {
    const boxes = [...document.querySelectorAll('#felt .seat')];
    const meets = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
        && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    return [...document.querySelectorAll('#felt .seat .avatar')].flatMap(face => {
        const r = face.getBoundingClientRect();
        const own = face.closest('.seat');
        return boxes.filter(b => b !== own && meets(r, b.getBoundingClientRect()))
            .map(b => own.id + ' on ' + b.id)
            .concat([...document.querySelectorAll('#felt .seat .avatar')]
                .filter(f => f !== face && meets(r, f.getBoundingClientRect()))
                .map(f => own.id + ' on the face of ' + f.closest('.seat').id));
    }); }"""


@pytest.mark.parametrize("ruleset", ["classic", "four"])
def test_no_seat_face_covers_another_seat(browser, server, ruleset):
    """A seat's face sits beside or in its own box, never on another seat's box or face,
    at 1280 x 800 with the table alone and with How to play open beside it."""
    person = Person(browser, server)
    person.start_match(ruleset=ruleset)
    page = person.page
    wait_dealt(page)
    assert page.evaluate(FACES_ON_OTHERS) == []
    person.click("#help-link")
    page.wait_for_selector("#help-panel:not([hidden])")
    assert page.evaluate(FACES_ON_OTHERS) == []


STATUS_CLEAR = """() => {
    const status = document.querySelector('#status');
    if (!status.textContent || !status.getClientRects().length) return [];
    const said = status.textContent + (document.body.classList.contains('help-open')
        ? ' (How to play open)' : '');
    const wrong = [];
    const cut = status.scrollWidth > status.clientWidth + 1
        || status.scrollHeight > status.clientHeight + 1;
    if (cut) wrong.push(said + ': cut');
    const felt = document.querySelector('#felt').getBoundingClientRect();
    const meets = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
        && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const others = [...document.querySelectorAll('#felt .seat, #felt .seat .avatar, #kitty, '
        + '#felt .spot .cards, #felt .spot .play-label, #felt .spot .bubble')]
        .filter((e) => e.getClientRects().length);
    const range = document.createRange();
    range.selectNodeContents(status);
    for (const r of [...range.getClientRects()].filter((r) => r.width > 0)) {
        const out = r.left < felt.left || r.right > felt.right || r.top < felt.top
            || r.bottom > felt.bottom;
        if (out) wrong.push(said + ': outside the felt');
        for (const other of others.filter((e) => meets(r, e.getBoundingClientRect()))) {
            wrong.push(`${said}: over ${other.closest('[id]').id} ${other.className}`);
        }
    }
    return wrong;
}"""

WATCH_STATUS = """(check) => {
    window.statusWrong = [];
    const look = () => requestAnimationFrame(() => window.statusWrong.push(...eval(check)()));
    new MutationObserver(look).observe(document.querySelector('#status'),
                                       {childList: true, characterData: true, subtree: true});
}"""


def status_wrong(person: Person) -> list[str]:
    """What is wrong with the status line now, with How to play closed and open."""
    page = person.page
    wrong = page.evaluate(STATUS_CLEAR)
    person.click("#help-link")
    page.wait_for_selector("#help-panel:not([hidden])")
    wrong += page.evaluate(STATUS_CLEAR)
    person.click("#help-panel-close")
    page.wait_for_selector("#help-panel", state="hidden")
    return wrong + page.evaluate(STATUS_CLEAR)


@pytest.mark.parametrize(("ruleset", "lang"),
                         [("classic", "en"), ("rob", "zh"), ("four", "en"), ("four", "zh")])
def test_the_status_line_stands_whole_clear_of_the_seats(browser, server, ruleset, lang):
    """Defect 3: at 1280 x 800 the status line ran under the right-hand seat's face and
    box ("Nothing in your hand beats trip…", reaching x = 966 to 1256), and with How to
    play open beside the table only "Nothing" showed. Through a whole deal, every status
    the person reads stands whole inside the felt, clear of every seat box, face, the
    kitty and the plays, with How to play closed and open beside the table; at each of the
    person's turns and at the deal's end both are looked at, and every other status as it
    comes. (Each ruleset's statuses in one language at least: the four seats' table in
    both.)"""
    person = Person(browser, server, lang=lang)
    person.start_match(ruleset=ruleset)
    page = person.page
    page.evaluate(WATCH_STATUS, STATUS_CLEAR)
    wrong = []
    while (state := person.wait_turn_or_end()) != "over":
        wrong += status_wrong(person)
        if state == "play":
            person.play_turn()
        else:
            person.bid_through()
    # the deal's end, once its score sheet (which opens over the table) is closed
    page.wait_for_selector("#sheet-dialog[open]")
    page.keyboard.press("Escape")
    page.wait_for_selector("#sheet-dialog:not([open])", state="attached")
    wrong += status_wrong(person)
    wrong += page.evaluate("window.statusWrong")
    assert sorted(set(wrong)) == []
    assert not person.errors


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_four_players_name_a_pattern_with_the_count_open_without_scrolling(browser, server,
                                                                           lang):
    """Defect 4: four at 1280 x 800 needed scrolling: the page was 827 px tall with nothing
    open; with Count open the hand ended at 810, and the picker's kinds and its length and
    wings line stood at 814 to 880. Nothing open, the page fits the screen; Count open and
    a pattern with wings chosen, every card, the controls, the kinds and the steps do."""
    seed, _ = leading_with("four", Kind.AIRPLANE_PAIRS)
    person = Person(browser, server, lang=lang)
    person.open_match(seeded_match(server, "four", seed))
    person.bid_through(3)
    page = person.page
    wait_dealt(page)
    assert page.evaluate("document.documentElement.scrollHeight") <= 800
    toggle_count(person, False)
    person.click("#pattern-toggle")
    person.click("#pattern button[data-kind='airplane_pairs']")
    person.click("#hand .card.offered >> nth=0")
    page.wait_for_selector("#pattern .steps .wings")
    for selector in ("#count-strip", "#felt", "#controls", "#hand .card", "#pattern .kinds",
                     "#pattern .steps"):
        assert outside(page, selector) == [], selector
    assert overflowing(page, "body, #count-strip, #pattern, #felt") == []
    assert not person.errors


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_four_players_on_a_short_phone_keep_the_hand_on_the_screen(browser, server, lang):
    """At 360 x 740 (a small phone, by touch) a table of four ran 82 px past the screen's
    end: the hand's second row stood below it. Now the page fits the screen while bidding
    and while playing, every card of the hand on it, the tools on one line that scrolls
    sideways (the only thing that may)."""
    seed, _ = leading_with("four", Kind.AIRPLANE_PAIRS)
    person = Person(browser, server, width=360, height=740, phone=True, lang=lang)
    person.open_match(seeded_match(server, "four", seed))
    page = person.page
    wait_dealt(page)
    for phase in ("auction", "play"):
        if phase == "play":
            person.bid_through(3)
            wait_dealt(page)
        assert page.evaluate("document.documentElement.scrollHeight") <= 740, phase
        for selector in ("#felt", "#controls", "#hand .card"):
            assert outside(page, selector) == [], (phase, selector)
        assert overflowing(page, "body, #felt, #hand, #controls") == [], phase
        assert lines(page, "#tools") == 1, phase
    assert not person.errors


def test_the_last_trick_label_leaves_the_kitty_in_view(browser, server):
    """Defect 7: "Last trick" is said where it covers nothing, not over "Kitty"."""
    person = landlord_to_lead(browser, server)
    page = person.page
    for _ in range(40):  # until a trick has cleared
        assert person.wait_turn_or_end() == "play"
        if sum(bool(e.get("lead")) for e in person.state()["view"]["history"]) >= 2:
            break
        person.play_turn()
    page.keyboard.press("l")
    page.wait_for_selector("#past-label:not([hidden])")
    label, kitty = person.box("#past-label"), person.box("#kitty")
    apart = (label["x"] + label["width"] <= kitty["x"] or kitty["x"] + kitty["width"] <= label["x"]
             or label["y"] + label["height"] <= kitty["y"]
             or kitty["y"] + kitty["height"] <= label["y"])
    assert apart, (label, kitty)


@pytest.fixture(scope="module")
def four_finished(browser, server):
    """A match of four played to its end by auto-play: its id and its spectators' link."""
    person = Person(browser, server)
    match_id = person.start_match(ruleset="four")
    person.page.click("#autoplay")
    person.page.wait_for_selector("#sheet-new", timeout=180_000)
    watch = person.page.input_value("#invite-watch") if person.page.locator(
        "#invite-watch").count() else None
    person.close()
    return match_id, watch


@pytest.mark.parametrize("who", ["creator", "spectator"])
@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_score_sheet_of_four_fits_its_dialog(browser, server, four_finished, who, phone):
    """Defect 4: the match table of a four-player match, with Replay and Record on every
    row, fits the dialog at 1280 px and on a phone, for the creator and a spectator: no
    column past the dialog, no link cut or hidden."""
    from dizhu.session import Store

    match_id, _ = four_finished
    person = Person(browser, server, phone=phone)
    if who == "creator":
        person.open_match(match_id)
    else:
        store = Store(server.db)
        secret = store.db.execute("SELECT secret FROM watch WHERE match_id = ?",
                                  (match_id,)).fetchone()[0]
        store.close()
        person.page.goto(f"{server.url}/#/watch/{secret}")
    page = person.page
    page.wait_for_selector("#sheet-dialog[open] .match-sheet")
    page.evaluate("document.querySelector('.match-table').scrollIntoView()")
    assert overflowing(page, ".match-table, .match-sheet th, .match-sheet .links > *") == []
    links = page.locator(".match-sheet tbody .links > *")
    assert links.count() == 2 * 5 and all(links.nth(i).is_visible() for i in range(links.count()))
    assert outside(page, ".match-sheet", "dialog") == []
    assert outside(page, ".match-sheet tbody .links > *", "dialog") == []
    assert json.loads(json.dumps(page.evaluate("scrollX"))) == 0
    assert not person.errors


SHEET_COLUMNS = """() => {
    const sheet = document.querySelector('.match-sheet');
    const heads = [...sheet.querySelectorAll('thead th.col-seat')];
    const mine = heads.findIndex((h) => h.classList.contains('col-mine'));
    return [...sheet.querySelectorAll('tbody tr')].flatMap((row) =>
        [...row.children].filter((cell) => cell.getClientRects().length).flatMap((cell) => {
            const r = cell.getBoundingClientRect();
            const middle = (r.left + r.right) / 2;
            const under = heads.findIndex((h) => {
                const b = h.getBoundingClientRect();
                return b.left <= middle && middle <= b.right;
            });
            const seat = [...row.querySelectorAll('.col-seat')].indexOf(cell);
            const said = (row.className || 'deal') + ' ' + cell.textContent.trim();
            const wrong = [];
            if (seat >= 0 && under !== seat) wrong.push(`${said}: column ${under}, not ${seat}`);
            if (seat < 0 && under >= 0) wrong.push(`${said}: under the column of seat ${under}`);
            if (cell.classList.contains('col-mine') && under !== mine) {
                wrong.push(`${said}: marked as the viewer's column`);
            }
            return wrong;
        }));
}"""


@pytest.mark.parametrize("ruleset", ["classic", "rob", "four"])
@pytest.mark.parametrize("who", ["player", "spectator"])
def test_every_total_of_the_score_sheet_stands_under_its_seat(browser, server, ruleset, who):
    """On a phone the Landlord column is left out, but the Total row's label still spanned
    it: each total stood one column to the right ("Total -4 2 2": -4 under the second
    seat, the last total under the links), and so did the viewer's own highlight. Every
    cell of every row, the totals too, stands under its own seat's column (and no cell of
    another column under a seat's), at 390 x 844 in Chinese and at 1280 x 800."""
    match_id = deals_played_out(server, ruleset)
    person = Person(browser, server, phone=True, lang="zh" if who == "player" else "en")
    page = person.page
    if who == "player":
        person.open_match(match_id)
    else:
        page.goto(watch_link(server, match_id))
    page.wait_for_selector(SHEET_SHOWN)
    assert page.evaluate(SHEET_COLUMNS) == []
    page.set_viewport_size({"width": 1280, "height": 800})
    assert page.evaluate(SHEET_COLUMNS) == []
    assert not person.errors


@pytest.mark.parametrize("ruleset", ["classic", "laizi", "tiandi"])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_match_table_of_the_score_sheet_is_whole_at_1280(browser, server, ruleset, lang):
    """At 1280 x 800 the score sheet's match table against two computers (their names the
    longest a lobby gives) showed its record link cut at the dialog's edge, to be scrolled
    to: every column stands whole in the dialog, nothing to scroll."""
    store = Store(server.db)
    try:
        for n in range(20):  # a computer the landlord: its name in the Landlord column too
            table = MatchSession.create(store, NewMatch(
                player="Ann", mode="deals", target=5, ruleset=ruleset,
                bots=("normal", "normal")), f"sheet-{n}")
            while not table.deal.is_over:
                if not table.play_due():
                    table.submit(0, table.view_for_decision(0).legal[-1])
            match_id, landlord = table.id, table.deal.landlord
            table.close()
            if landlord != 0:
                break
    finally:
        store.close()
    person = Person(browser, server, lang=lang)
    person.open_finished_match(match_id)
    page = person.page
    table = page.eval_on_selector("#sheet-dialog .match-table",
                                  "e => [e.scrollWidth, e.clientWidth]")
    assert table[0] <= table[1], table
    record = person.box("#sheet-dialog .match-table a[download], #sheet-dialog .match-table a")
    dialog = person.box("#sheet-dialog")
    assert record["x"] + record["width"] <= dialog["x"] + dialog["width"]
    assert not person.errors


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_reconnecting_notice_keeps_the_phone_header_on_one_line(browser, server, lang):
    """Tester's defect 7: on a phone "正在重新连接…" wrapped over three lines and the header
    grew from about 44 to 78 px. While the server is away the notice stands on one line,
    whole, in the brand's place, and the header keeps its height."""
    person = Person(browser, server, phone=True, lang=lang)
    person.start_match()
    page = person.page
    height = person.box(".bar")["height"]
    seen = {}

    def meanwhile():
        page.wait_for_selector("#connection", state="visible")
        seen["height"] = person.box(".bar")["height"]
        seen["lines"] = lines(page, "#connection")
        seen["cut"] = overflowing(page, ".bar, .bar *") + outside(page, ".bar *")

    server.restart(meanwhile)
    assert seen == {"height": height, "lines": 1, "cut": []}
    page.wait_for_selector("#connection", state="hidden", timeout=30_000)
    assert not person.errors


FACE_ON_WORDS = """() => [...document.querySelectorAll('#felt .seat .avatar')].flatMap(face => {
    const f = face.getBoundingClientRect();
    const own = face.closest('.seat');
    const meets = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
        && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const walker = document.createTreeWalker(own, NodeFilter.SHOW_TEXT);
    const hit = [];
    while (walker.nextNode()) {
        const node = walker.currentNode;
        if (face.contains(node) || !node.textContent.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        if ([...range.getClientRects()].some((r) => r.width > 0 && meets(r, f))) {
            hit.push(own.id + ': ' + node.textContent.trim());
        }
    }
    return hit.concat([...own.querySelectorAll('button')]
        .filter((b) => meets(b.getBoundingClientRect(), f)).map((b) => own.id + ': ' + b.id));
})"""


@LAYOUTS
@pytest.mark.parametrize("ruleset", ["classic", "four"])
def test_a_seat_face_covers_none_of_its_own_words(browser, away_server, how, ruleset):
    """Tester's defect 11: on a phone the face of a friend's seat handed to a computer hid
    the first character of "电脑（普通）代打". No seat's face covers any word or button of its
    own box: the friend's seat invited, then played by a computer."""
    person = Person(browser, away_server, **how)
    person.start_match(bots=["friend", "easy", "easy"][:3 if ruleset == "four" else 2],
                       ruleset=ruleset)
    page = person.page
    wait_dealt(page)
    assert page.evaluate(FACE_ON_WORDS) == []
    person.click("#hand-over-1")
    page.wait_for_selector("#take-back-1")
    assert page.evaluate(FACE_ON_WORDS) == []
    assert not person.errors


BUTTONS_WRAPPED = """() => [...document.querySelectorAll('.match-list li button')].filter((b) => {
    const range = document.createRange();
    range.selectNodeContents(b);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0)
        .map((r) => Math.round(r.top))).size > 1;
}).map((b) => b.textContent)"""

LOBBY_WORDS = {"en": ("against three easy bots", "against two normal bots and one easy bot",
                      "Invitation for the friend at Seat 2"),
               "zh": ("对手：三个简单电脑", "对手：两个普通电脑和一个简单电脑",
                      "2号位好友的邀请链接")}


@LAYOUTS
def test_the_lobby_speaks_the_pages_language_in_its_own_words(browser, fresh_server, how):
    """Tester's defect 20: in Chinese the record's file chooser still said "Choose File /
    No file chosen" (the browser's words); three opponents read "简单和简单和简单"; the
    finished match's "计分表" button wrapped onto two lines on the phone; an invitation
    was labelled "Invitation for Seat 2 · free". The chooser is a button in the page's
    words (the browser's own input hidden behind it), computers of one level are said once
    with their number, every row button stands on one line, and an invitation names the
    seat it is for."""
    lang = how["lang"]
    words = CATALOGS[lang]
    three, mixed, invitation = LOBBY_WORDS[lang]
    deals_played_out(fresh_server, "classic", deals=5)  # a finished match
    person = Person(browser, fresh_server, **how)
    person.start_match(ruleset="four")
    person.start_match(bots=["normal", "normal", "easy"], ruleset="four")
    person.start_match(bots=["friend", "easy"])
    page = person.page
    assert plain(page.text_content(".invite-label")) == invitation
    person.goto_lobby()
    page.wait_for_selector("#finished li button")
    finished = plain(page.text_content("#finished li .match-text small"))
    totals = finished.split(" · ")[1].split(" / ")  # signed as the score sheet signs them
    assert all(re.fullmatch(r"\+[1-9]\d*|-[1-9]\d*|0", x) for x in totals), finished
    entries = [plain(e) for e in page.locator("#unfinished li .match-text").all_text_contents()]
    assert any(three in e for e in entries) and any(mixed in e for e in entries), entries
    assert page.evaluate(BUTTONS_WRAPPED) == []
    chooser = page.locator("label.file")
    chooser.scroll_into_view_if_needed()
    assert page.text_content("label.file .file-button") == words["lobby.choose_file"]
    assert page.eval_on_selector("#record-file", "e => e.getBoundingClientRect().width") <= 1
    assert not person.errors


def plain(text: str) -> str:
    """Text without the isolation marks that keep names apart."""
    return text.replace("\u2068", "").replace("\u2069", "")
