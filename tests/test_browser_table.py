# ruff: noqa: F811 (tests take the fixtures imported from .browsing as arguments)
"""The table as a card game, in a real browser: the defects a new player hit (issue 9) and
what a card-game player expects, at 1280 x 800 with a mouse and at 390 x 844 by touch, in
English and in Chinese."""

import json
import re
import subprocess
import sys

import pytest

from .browsing import (  # noqa: F401 (fixtures)
    Person,
    browser,
    close_pages,
    fits_width,
    landlord_to_lead,
    server,
    shorthand_shown,
    untranslated,
)
from .deals import tamper_first_play
from .webserver import Server

DESKTOP_EN = {"lang": "en"}
PHONE_ZH = {"phone": True, "lang": "zh"}
PHONE_EN = {"phone": True, "lang": "en"}
SIZES = pytest.mark.parametrize("how", [DESKTOP_EN, PHONE_ZH], ids=["desktop-en", "phone-zh"])


@pytest.fixture(scope="module")
def slow_server(tmp_path_factory):
    """Computer players that think 0.3 s, for what a person does between their moves."""
    s = Server(tmp_path_factory.mktemp("slow") / "game.sqlite3", pause=0.3).start()
    yield s
    s.stop()


def until_following(person: Person) -> None:
    """Play on until the person is to follow a trick (so that Pass is theirs to press)."""
    person.bid_through()
    for _ in range(60):
        assert person.wait_turn_or_end() == "play", "the deal ended before the person followed"
        if person.page.is_enabled("#pass"):
            return
        person.play_turn()
    raise AssertionError("the person never followed a trick")


def test_game_keys_work_whatever_was_clicked_last(browser, slow_server):
    """Defect 2: Space passes (and Enter plays) even when the auto-play checkbox, the sort
    button or the hint button was clicked last; the control keeps its state."""
    person = Person(browser, slow_server)
    person.start_match()
    page = person.page
    until_following(person)
    page.click("#sort-button")  # focus stays on the button
    assert page.get_attribute("#sort-button", "data-sort") == "count"
    before = len(person.acts_sent())
    page.keyboard.press(" ")
    page.wait_for_function("!document.querySelector('#seat-0.to-move')")
    assert [m["action"] for m in person.acts_sent()[before:]] == [{"play": "pass"}]
    assert page.get_attribute("#sort-button", "data-sort") == "count"
    page.click("#sort-button")
    # auto-play on and off while the computers think: the checkbox has the focus
    page.click("#autoplay")
    page.click("#autoplay")
    page.wait_for_function("!document.querySelector('#autoplay').checked")
    autoplays = [m for m in person.sent if m["type"] == "autoplay"]
    assert autoplays[-1] == {"type": "autoplay", "bot": None}
    assert page.evaluate("document.activeElement.id") == "autoplay"
    if person.wait_turn_or_end() != "play":
        return
    acts = len(person.acts_sent())
    following = page.is_enabled("#pass")
    page.keyboard.press(" ")
    if following:
        page.wait_for_function("!document.querySelector('#seat-0.to-move')")
        assert [m["action"] for m in person.acts_sent()[acts:]] == [{"play": "pass"}]
    else:  # the person leads: Space says so, and does not touch the checkbox
        assert page.text_content("#message") == "You lead this trick: you cannot pass"
    assert not page.is_checked("#autoplay")
    assert [m for m in person.sent if m["type"] == "autoplay"] == autoplays
    # Enter plays after a click on Hint (it does not ask for another hint)
    if person.wait_turn_or_end() == "play" and page.is_enabled("#pass") and \
            page.is_visible("#hint"):
        page.click("#hint")
        page.wait_for_function("document.querySelector('#message').textContent !== ''")
        if page.locator("#hand .card.selected").count():
            acts = len(person.acts_sent())
            hints = sum(m["type"] == "hint" for m in person.sent)
            page.keyboard.press("Enter")
            page.wait_for_function("!document.querySelector('#seat-0.to-move') || "
                                   "document.querySelector('#message.error')")
            sent = person.acts_sent()[acts:]
            assert len(sent) == 1 and "cards" in sent[0]["action"], sent
            assert sum(m["type"] == "hint" for m in person.sent) == hints
    assert not person.errors


def test_one_intent_one_action(browser, server):
    """Defect 5: a double click on Play, on No double, or on Next deal sends once, and no
    error follows."""
    person = landlord_to_lead(browser, server)
    page = person.page
    person.click("#hand .card >> nth=0")
    page.dblclick("#play")
    page.wait_for_function("document.querySelectorAll('#hand .card').length === 19")
    page.wait_for_timeout(150)
    plays = [m for m in person.acts_sent() if "cards" in m["action"]]
    assert len(plays) == 1
    assert not page.is_visible("#message.error")
    # No double: the person passes the auction and is asked to double as a peasant
    for _ in range(10):
        doubler = Person(browser, server)
        doubler.start_match(doubling=True)
        while (state := doubler.wait_turn_or_end()) == "auction":
            doubler.acting("#bid-pass")
        if state == "doubling":
            break
        doubler.close()
    else:
        raise AssertionError("the person was never asked to double")
    doubler.page.dblclick("#double-no")
    doubler.page.wait_for_function("!document.querySelector('#double-no')")
    doubler.page.wait_for_timeout(150)
    doubles = [m for m in doubler.acts_sent() if "double" in m["action"]]
    assert [m["action"] for m in doubles] == [{"double": False}]
    assert not doubler.page.is_visible("#message.error")
    assert not person.errors and not doubler.errors


@pytest.mark.parametrize("lang, names", [
    ("en", ["Ann", "Bot 2 · normal", "Bot 3 · normal"]),
    ("zh", ["Ann", "电脑2·普通", "电脑3·普通"]),
])
def test_every_seat_has_its_own_name(browser, server, lang, names):
    """Defect 3: two computer seats of one strength are told apart by their number, in the
    seats (with their scores), the status line and the score sheet's columns."""
    person = Person(browser, server, lang=lang)
    person.start_match(bots=["normal", "normal"])
    page = person.page
    seats = page.eval_on_selector_all("#felt .seat .name", "ns => ns.map(n => n.textContent)")
    assert seats == names
    scores = page.eval_on_selector_all("#felt .seat .score", "ss => ss.map(s => s.textContent)")
    assert scores == (["0 pts"] * 3 if lang == "en" else ["0分"] * 3)
    page.click("#sheet-button")
    columns = page.eval_on_selector_all(".match-sheet thead .col-seat .full",
                                        "cs => cs.map(c => c.textContent)")
    assert columns == names
    page.keyboard.press("Escape")
    statuses = set()
    page.expose_function("noteStatus", lambda text: statuses.add(text))
    page.evaluate("""() => new MutationObserver(() => noteStatus(document.querySelector('#status')
        .textContent)).observe(document.querySelector('#status'), {childList: true, subtree: true,
        characterData: true})""")
    person.play_deal()
    named = {n for n in names[1:] if any(n in s for s in statuses)}
    assert named == set(names[1:]), statuses
    assert not person.errors


def layout(page) -> dict:
    """Where the table's fixed parts are."""
    return page.evaluate("""() => Object.fromEntries(['match-info', 'tools', 'stake', 'felt',
        'controls', 'hand', 'kitty', 'status', 'seat-0', 'seat-1', 'seat-2'].map(id => {
        const r = document.getElementById(id).getBoundingClientRect();
        return [id, [Math.round(r.left), Math.round(r.top), Math.round(r.width),
                     id === 'hand' ? 0 : Math.round(r.height)]];
    }))""")


@pytest.mark.parametrize("how", [DESKTOP_EN, PHONE_ZH, PHONE_EN],
                         ids=["desktop-en", "phone-zh", "phone-en"])
def test_nothing_moves_between_phases_and_the_stake_is_the_persons(browser, server, how):
    """Defect 8: the stake line, the tools, the seats, the controls and the hand keep their
    places from the auction to the doubling and the play; the stake line shows the
    person's own stake."""
    for _ in range(20):  # a computer seat bidding 3 before the person or all passing: again
        person = Person(browser, server, **how)
        person.start_match(doubling=True)
        page = person.page
        seen = {}
        while (state := person.wait_turn_or_end()) != "over":
            seen.setdefault(state, layout(page))
            if state == "play":
                break
            if state == "auction":
                token = next(t for t in ("3", "2", "1", "pass") if page.is_visible(f"#bid-{t}"))
                person.acting(f"#bid-{token}")
            else:
                person.acting("#double-no")
        if "auction" in seen and "play" in seen:
            break
        person.close()
    assert "auction" in seen and "play" in seen
    first = seen["auction"]
    for phase, places in seen.items():
        moved = {k: (first[k], v) for k, v in places.items() if v != first[k]}
        assert not moved, (phase, moved)
    view = person.state()["view"]
    mine = page.text_content("#stake .stake-mine")
    assert re.search(rf"\b{view['stake']['mine']}$", mine), mine
    fits_width(page)
    assert not person.errors


def finished_match(browser, server, how) -> Person:
    """A match of five deals played to its end by auto-play, the page watching."""
    person = Person(browser, server, **how)
    person.start_match()
    person.page.click("#autoplay")
    person.page.wait_for_selector("#sheet-new", timeout=120_000)
    return person


def in_view(page, selector) -> bool:
    """Whether the element is wholly on the screen and not scrolled out of its dialog."""
    return page.evaluate(f"""() => {{
        const e = document.querySelector({json.dumps(selector)});
        const r = e.getBoundingClientRect();
        const d = e.closest('dialog, .dialog-body');
        const box = d ? d.getBoundingClientRect() : {{top: 0, bottom: innerHeight}};
        return r.width > 0 && r.top >= Math.max(0, box.top) - 1 && r.bottom <= Math.min(innerHeight,
            box.bottom) + 1 && r.left >= 0 && r.right <= innerWidth;
    }}""")


@SIZES
def test_the_end_of_a_match(browser, server, how):
    """Defect 6 and the end of a match as an occasion: the sheet opens with the focus on
    its way on, the winner, the totals, a chart of the running totals and the buttons in
    view without scrolling; Enter starts another match like it."""
    person = finished_match(browser, server, how)
    page = person.page
    match = person.state()["match"]
    assert match["finished"]
    assert page.evaluate("document.activeElement.id") == "sheet-new"
    for selector in (".winners", ".end-totals", "#sheet-new", "#sheet-lobby", ".totals-chart"):
        assert in_view(page, selector), selector
    assert page.locator(".totals-chart polyline").count() == 3
    chips = page.eval_on_selector_all(".end-total b", "bs => bs.map(b => +b.textContent)")
    assert sorted(chips) == sorted(match["totals"])
    winners = page.text_content(".winners")
    said = {"en": ("wins the match", "share the win"),
            "zh": ("赢得了比赛", "并列获胜")}[how["lang"]]
    assert any(words in winners for words in said), winners
    if how.get("phone"):  # the sheet fits the phone: deal, stake and own column in view,
        # each deal's landlord marked in its seat's column
        for selector in (".match-sheet thead .col-deal", ".match-sheet thead .col-mine",
                         ".match-sheet thead .col-stake"):
            box = page.locator(selector).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= person.width, selector
        assert page.locator(".match-sheet tbody .landlord-cell").count() == len(match["sheets"])
        fits_width(page)
        assert untranslated(page) == []
    old = page.url
    page.keyboard.press("Enter")
    page.wait_for_function(f"location.href !== {json.dumps(old)}")
    page.wait_for_function("document.body.dataset.deal === '0'")  # the new match's state came
    page.wait_for_selector("#hand .card")
    assert person.state()["match"]["deal_number"] == 1
    assert not person.errors


@SIZES
def test_a_refused_record_is_said_beside_the_file_chooser(browser, server, tmp_path, how):
    """Defect 7: the message of a refused upload stands next to the file chooser, on the
    screen, in the person's language."""
    bad = tmp_path / "bad.json"
    bad.write_text("this is not a record")
    person = Person(browser, server, **how)
    page = person.page
    person.goto_lobby()
    page.locator("#record-file").scroll_into_view_if_needed()
    page.set_input_files("#record-file", str(bad))
    page.wait_for_function("document.querySelector('#record-error').textContent !== ''")
    chooser = person.box("#record-file")
    said = person.box("#record-error")
    assert 0 <= said["y"] - (chooser["y"] + chooser["height"]) < 40
    assert in_view(page, "#record-error")
    text = page.text_content("#record-error")
    assert ("not a deal record" in text) if how["lang"] == "en" else ("这不是牌局记录" in text)
    assert page.text_content("#lobby-error") == ""


@SIZES
def test_a_tampered_record_names_the_seat_as_the_table_does(browser, server, tmp_path, how):
    """A record whose play was changed to cards the seat never held is refused with the
    seat named as the page names seats (Seat 2 / 2号位), not "you" nor a bare number."""
    path = tmp_path / "deal.json"
    subprocess.run([sys.executable, "-m", "dizhu", "play", "--seed", "3", "--record",
                    str(path)], check=True, capture_output=True)
    record = json.loads(path.read_text())
    _, seat = tamper_first_play(record)
    path.write_text(json.dumps(record))
    person = Person(browser, server, **how)
    page = person.page
    person.goto_lobby()
    page.locator("#record-file").scroll_into_view_if_needed()
    page.set_input_files("#record-file", str(path))
    page.wait_for_function("document.querySelector('#record-error').textContent !== ''")
    text = page.text_content("#record-error").replace("\u2068", "").replace("\u2069", "")
    named = f"Seat {seat + 1} does not hold" if how["lang"] == "en" else f"{seat + 1}号位"
    assert named in text, text
    assert not re.search(rf"(^|[^\w号]){seat} (does not|没有)", text), text


@SIZES
def test_sorting_the_hand_and_the_kittys_cards(browser, server, how):
    """The landlord's hand marks the kitty's cards; sorting by count puts the biggest
    groups first, and the choice is remembered."""
    person = landlord_to_lead(browser, server, **how)
    page = person.page
    kitty = page.eval_on_selector_all("#kitty .card", "cs => cs.map(c => c.dataset.card)")
    marked = page.eval_on_selector_all("#hand .card.from-kitty",
                                       "cs => cs.map(c => c.dataset.card)")
    assert sorted(marked) == sorted(kitty) and len(kitty) == 3
    by_rank = person.hand()
    person.click("#sort-button")
    shown = person.hand()
    assert sorted(shown) == sorted(by_rank)
    assert page.get_attribute("#sort-button", "data-sort") == "count"
    counts = [sum(c[0] == card[0] for c in shown) for card in shown]
    assert counts == sorted(counts, reverse=True)
    page.reload()
    page.wait_for_selector("#hand .card")
    assert person.hand() == shown
    person.click("#sort-button")  # small cards first, then back to big cards first
    person.click("#sort-button")
    assert person.hand() == by_rank
    assert not person.errors


def test_the_last_trick_the_history_and_movement(browser, server):
    """The last trick can be seen again (L) and the deal's history read during play; plays
    travel to the table and a trick clears visibly."""
    person = Person(browser, server)
    person.start_match()
    page = person.page
    page.evaluate("""() => { window.moves = {arrive: 0, leaving: 0};
        new MutationObserver(records => { for (const r of records) {
            if (r.type === 'attributes' && r.target.classList.contains('arrive')) moves.arrive++;
            for (const n of r.addedNodes) {
                if (n.classList && n.classList.contains('leaving')) moves.leaving++;
            }
        }}).observe(document.getElementById('felt'), {subtree: true, childList: true,
            attributes: true, attributeFilter: ['class']}); }""")
    person.bid_through()
    for _ in range(80):
        if person.wait_turn_or_end() != "play":
            break
        view = person.state()["view"]
        if len(tricks_of(view)) >= 2 and view["trick"]:
            break
        person.play_turn()
    view = person.state()["view"]
    tricks = tricks_of(view)
    previous = tricks[-2] if view["trick"] else tricks[-1]
    page.keyboard.press("l")
    assert page.get_attribute("#last-button", "aria-pressed") == "true"
    for seat in range(3):
        entries = [e for e in previous if e["seat"] == seat]
        shown = page.eval_on_selector_all(f"#play-{seat} .shown.past .card",
                                          "cs => cs.map(c => c.dataset.card)")
        assert shown == (entries[-1]["cards"] if entries else []), seat
    page.keyboard.press("l")
    assert page.locator(".shown.past").count() == 0
    page.click("#history-button")
    sections = page.locator("#history-body .history-trick")
    assert sections.count() == len(tricks)
    first = page.eval_on_selector_all("#history-body .history-trick >> nth=0 >> li .who",
                                      "ws => ws.map(w => w.textContent)")
    names = ["Ann", "Bot 2 · easy", "Bot 3 · easy"]
    assert first == [names[e["seat"]] for e in tricks[0]]
    assert "auction" in page.text_content("#history-body").lower()
    page.keyboard.press("Escape")
    moves = page.evaluate("moves")
    assert moves["arrive"] > 0 and moves["leaving"] > 0, moves
    assert not person.errors


def tricks_of(view) -> list[list[dict]]:
    """The deal's tricks (the last one is the current trick when one is open)."""
    plays = [e for e in view["history"] if "play" in e]
    tricks: list[list[dict]] = []
    passes = 0
    for e in plays:
        if not tricks or (e["play"] != "pass" and passes >= view["rules"]["seats"] - 1):
            tricks.append([])
            passes = 0
        tricks[-1].append(e)
        passes = passes + 1 if e["play"] == "pass" else 0
    return tricks


def test_less_movement_when_asked(browser, server):
    """With prefers-reduced-motion, plays appear and tricks clear without animation."""
    person = Person(browser, server, motion="reduce")
    person.start_match()
    page = person.page
    person.bid_through()
    page.evaluate("""() => { window.animated = 0; new MutationObserver(records => {
        for (const r of records) for (const n of [r.target, ...r.addedNodes]) {
            const c = n.classList;
            if (c && (c.contains('arrive') || c.contains('leaving'))) animated++;
        }}).observe(document.getElementById('felt'),
                    {subtree: true, childList: true, attributes: true}); }""")
    for _ in range(8):
        if person.wait_turn_or_end() != "play":
            break
        person.play_turn()
    assert page.evaluate("animated") == 0
    assert not person.errors


def test_the_turn_clock(browser, server):
    """Off by default; set in the lobby, it counts the person's turn down."""
    person = Person(browser, server)
    person.goto_lobby()
    page = person.page
    assert page.input_value("#clock") == "0"
    offered = page.eval_on_selector_all("#clock option", "os => os.map(o => +o.value)")
    assert offered == [0, 10, 20, 30]
    person.start_match(clock=20)
    assert person.state()["match"]["clock"] == 20
    person.wait_turn_or_end()
    clock = page.locator("#seat-0 .clock")
    first = int(re.match(r"\d+", clock.text_content()).group())
    assert 15 <= first <= 20
    page.wait_for_function(  # the clock ticks down: wait for its next second, not a fixed time
        "first => parseInt(document.querySelector('#seat-0 .clock').textContent) < first",
        arg=first, timeout=5000)
    other = Person(browser, server)
    other.start_match()
    other.wait_turn_or_end()
    assert other.page.locator("#seat-0 .clock:not([hidden])").count() == 0
    assert not person.errors


def test_the_language_switch_at_the_table(browser, server):
    """English / 中文 at any time: the table is said again at once, and remembered."""
    person = Person(browser, server)
    person.start_match()
    page = person.page
    person.wait_turn_or_end()
    page.click("#lang-zh")
    page.wait_for_function("document.documentElement.lang === 'zh-CN'")
    assert page.text_content("#count-button") == "记牌器"
    assert "第1局" in page.text_content("#match-info")
    assert untranslated(page) == []
    page.reload()
    page.wait_for_selector("#hand .card")
    assert page.text_content("#tools #history-button") == "出牌记录"
    page.click("#lang-en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert page.text_content("#count-button") == "Count"
    assert not shorthand_shown(page)
    assert not person.errors


def test_sounds_follow_the_play_and_the_mute_switch_is_remembered(browser, server):
    """A sound for every play, pass, bomb and rocket, for the person's turn and for the end
    of the deal (won or lost); the tools' mute switch is remembered."""
    person = Person(browser, server)
    person.start_match()
    page = person.page
    cues: list[str] = []
    page.expose_function("noteCue", lambda name: cues.append(name))
    page.evaluate("document.addEventListener('cue', e => noteCue(e.detail))")
    seen = len(person.state()["view"]["history"])
    person.play_deal()
    page.wait_for_function("document.querySelector('#sheet-dialog[open]')")
    page.wait_for_timeout(100)
    view = person.state()["view"]
    plays = [e["play"] for e in view["history"][seen:] if "play" in e]
    expected = ["pass" if p == "pass" else p.split()[0] if p.split()[0] in ("bomb", "rocket")
                else "play" for p in plays]
    calls = ("turn", "win", "lose", "one_left", "two_left", "deal")  # not plays
    assert [c for c in cues if c not in calls] == expected
    assert "turn" in cues
    assert cues[-1] == ("win" if view["result"]["scores"][0] > 0 else "lose")
    page.keyboard.press("Escape")
    assert page.get_attribute("#sound-button", "aria-pressed") == "false"
    page.click("#sound-button")
    assert page.get_attribute("#sound-button", "aria-pressed") == "true"
    page.reload()
    page.wait_for_function("document.body.dataset.version")
    assert page.get_attribute("#sound-button", "aria-pressed") == "true"
    assert not person.errors
