# ruff: noqa: F811 (tests take the fixtures imported from .browsing as arguments)
"""How the table behaves over time, in a real browser against a real server: what a
tester found after the last round of fixes. Marks that enter with a movement make it once
however often their box is drawn again; the way the page remembers the count strip; the
help's words fit the table it is opened from."""

import json
import re

from dizhu.scoring import score_deal

from .browsing import (  # noqa: F401 (fixtures)
    LAYOUTS,
    Person,
    browser,
    close_pages,
    server,
)
from .test_web_intents import unfinished

DRAWN_TWICE = """async ([state, selector, animation]) => {
    // the seat box of seat 1 drawn from ``state``, and once its mark has moved a while,
    // drawn again from the same state (as the table does for every message): how far the
    // mark's movement had gone before, and where the new box's mark takes it up (ms)
    const board = await import('/static/board.js');
    const names = state.match.names.map((n, i) => n || `seat ${i}`);
    const progress = () => {
        const node = document.querySelector(selector);
        const a = node && node.getAnimations().find((x) => x.animationName === animation);
        return a && a.currentTime !== null ? a.currentTime - a.effect.getTiming().delay : null;
    };
    board.renderSeat(state, 1, names);
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const start = performance.now();  // a mark that never moves fails the test, in 10 s
    while (!(progress() > 200)) {
        if (performance.now() - start > 10000) return [progress(), null];
        await frame();
    }
    const before = progress();
    board.renderSeat(state, 1, names);
    await frame();
    return [before, progress()];
}"""


def _computer_seat(person: Person, **view) -> dict:
    """The last state with seat 1 (a computer's) changed as ``view`` says: a state the
    person's page takes, drawn while the person is asked something, or the deal is over
    (nothing else comes then: a computer seat may have bid 3 before the person's turn)."""
    person.wait_turn_or_end()
    state = json.loads(json.dumps(person.state()))
    state["view"].update(view)
    return state


@LAYOUTS
def test_a_cards_left_badge_makes_its_entrance_once(browser, server, how):
    """Tester's item 5: the 报单/报双 badge enters once when a seat comes down to two cards or
    one, and stays still while the seat's box is drawn again for every new state (it
    started its entrance again on each: a big faded label, flickering)."""
    person = Person(browser, server, **how)
    person.start_match()
    state = _computer_seat(person, phase="play", cards_left=[17, 2, 17])
    before, after = person.page.evaluate(DRAWN_TWICE, [state, "#seat-1 .alert", "alert-in"])
    assert after is not None and after >= before, (before, after)
    assert not person.errors


def test_a_thinking_seat_pulses_on_through_a_redraw(browser, server):
    """The same for the mark of a computer seat that thinks: its slow pulse goes on where
    it was when the seat's box is drawn again in the same turn."""
    person = Person(browser, server)
    person.start_match()
    state = _computer_seat(person, to_move=1)
    before, after = person.page.evaluate(DRAWN_TWICE, [state, "#seat-1 .turn-mark", "pulse"])
    assert after is not None and after >= before, (before, after)
    assert not person.errors


@LAYOUTS
def test_a_thrown_in_deal_is_named_as_the_deal_dealt_again(browser, server, how):
    """Tester's item 9: while a thrown-in deal is dealt again the match line read "Deal
    (redeal) of 5" (第（重发）局（共5局）): the number went missing into the pattern. It names
    the deal that is dealt again, in both languages and both kinds of match."""
    person = Person(browser, server, **how)
    person.start_match()
    state = person.state()
    zh = how.get("lang") == "zh"
    lines = person.page.evaluate("""async (match) => {
        const board = await import('/static/board.js');
        const line = (m) => { board.renderInfo({ match: m }, ''); return document
            .querySelector('#match-info .length').textContent; };
        const thrown = { ...match, deal_number: null, scored: 2 };
        return [line({ ...thrown, mode: 'deals', target: 5 }),
                line({ ...thrown, mode: 'points', target: 100 })];
    }""", state["match"])
    assert lines == (["第3局（共5局）（重发）", "先到100分 · 第3局（重发）"] if zh else
                     ["Deal 3 of 5 (redeal)", "Race to 100 · deal 3 (redeal)"]), lines


@LAYOUTS
def test_play_now_clicked_twice_makes_one_match(browser, server, how):
    """Tester's item 8: a double click on Play now made two matches (the page landed on the
    second, the first stayed unfinished in the lobby). The page asks once, and the
    match it lands on is the only one made."""
    person = Person(browser, server, **how)
    page = person.page
    asked = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith("/api/matches/now") else 0)
    person.start_match()  # Play now stands in the lobby once a match was made
    # the table opens when the address changes, a moment after the answer: a tap in that
    # moment found Play now ready again (a fast finger on a slow machine asked twice)
    page.add_init_script("""addEventListener("hashchange", () => {
        window.playNowWaited = document.getElementById("play-now").disabled; });""")
    page.goto(server.url + "/")
    page.wait_for_selector("#play-now")
    before = unfinished(server)
    person.click_twice("#play-now")
    page.wait_for_selector("#hand .card")
    assert len(asked) == 1, asked
    assert page.evaluate("window.playNowWaited") is True
    assert unfinished(server) == before + 1
    assert not person.errors


@LAYOUTS
def test_sit_down_clicked_twice_sits_down_once(browser, server, how):
    """The same for a friend's invitation: Sit down clicked twice asked twice (the table
    opened for the first answer, then again for the second). The page asks once."""
    ann = Person(browser, server)
    ann.start_match(bots=["friend", "easy"])
    ann.page.wait_for_selector("#invite[open]")
    link = ann.page.input_value("#invite-1")
    friend = Person(browser, server, **how)
    page = friend.page
    asked = []
    page.on("request", lambda r: asked.append(r.method) if "/api/join/" in r.url else 0)
    page.goto(link)
    page.wait_for_selector("#join-name")
    page.fill("#join-name", "Bo")
    friend.click_twice("#join-sit")
    page.wait_for_selector("#hand .card")
    assert asked.count("POST") == 1, asked
    assert ann.state()["match"]["names"][1] == "Bo"
    assert not friend.errors


@LAYOUTS
def test_four_sheet_says_the_bombs_played_and_which_doubled(browser, server, how):
    """Tester's item 17: in four, a deal with 2222, 8888, 3333 and 44444 played said "Bombs:
    none" (only bombs of six cards or more double there). The sheet says how many were
    played and how many of them doubled, in both languages; where every bomb doubles, it
    reads as before."""
    person = Person(browser, server, **how)
    person.start_match(ruleset="four")
    state = person.state()
    zh = how.get("lang") == "zh"
    rows = []
    for bombs, played in ((0, 4), (1, 3), (2, 2), (0, 0)):
        sheet = score_deal(landlord=1, landlord_won=True, bid=2, bombs=bombs, rockets=0,
                           spring=False, anti_spring=False, seats=4, bombs_played=played)
        state["view"].update(phase="over", result=sheet.to_json())
        rows.append(person.page.evaluate("""async (state) => {
            const sheet = await import('/static/sheet.js');
            const names = state.match.names.map((n, i) => n || `seat ${i}`);
            sheet.fillSheet(state, names, names, {});
            return [...document.querySelectorAll('#sheet-body .deal-sheet tr')]
                .find((tr) => tr.querySelector('th').textContent === (%s)).querySelector('td')
                .textContent;
        }""" % ("'炸弹'" if zh else "'Bombs'"), state))
    assert rows == (["打出4个，均未加倍（6张及以上才加倍）", "打出3个，6张及以上的1个加倍：×2",
                     "2 ×4", "无"] if zh else ["4 played, none doubled (only 6+ cards double)",
                                "3 played, 1 of 6+ cards doubled: ×2", "2 ×4", "none"]), rows


@LAYOUTS
def test_the_count_strip_stays_open_across_a_reload(browser, server, how):
    """Tester's item 18: the count strip, opened mid-deal, was closed again after a reload
    (the hand's order, Sort, was kept). It is remembered the same way, open and closed."""
    person = Person(browser, server, **how)
    page = person.page
    person.start_match()
    for opened in (True, False):
        person.click("#count-button")
        page.reload()
        page.wait_for_selector("#hand .card")
        assert page.is_visible("#count-strip") is opened
        assert page.get_attribute("#count-button", "aria-pressed") == str(opened).lower()
    assert not person.errors


@LAYOUTS
def test_how_to_play_fits_any_table(browser, server, how):
    """Tester's item 19: How to play said "At this table you play against computer players"
    (你的对手是电脑玩家) at a friends' table, and in four "the landlord against both of them".
    The help does not know the table it is opened from: it names every kind of opponent,
    and as many as the ruleset has."""
    person = Person(browser, server, **how)
    zh = how.get("lang") == "zh"
    for ruleset, others in (("classic", ("two others", "另外两人")),
                            ("rob", ("two others", "另外两人")),
                            ("four", ("three others", "另外三人"))):
        person.page.goto(f"{server.url}/static/help.html#/help/{ruleset}")
        person.page.wait_for_selector("#help-intro p:nth-of-type(2)")
        words = person.page.text_content("#help-intro p:nth-of-type(2)")
        assert ("朋友" if zh else "friends") in words, words
        assert ("电脑" if zh else "computer") in words, words
        assert others[zh] in words, (ruleset, words)


@LAYOUTS
def test_a_record_file_is_refused_and_replayed_in_the_pages_language(browser, server, how,
                                                                     tmp_path):
    """Tester's item 10: refusals of a record file read half in English on a Chinese page
    (这不是牌局记录：the record has no events), steps were counted from 0, and a record cut
    short replayed to its last step ("Bid 2") with no word that the deal goes on."""
    import random

    from dizhu.deal import Deal
    from dizhu.record import deal_to_record

    deal = Deal.shuffled(seed=11, opening=0)
    rng = random.Random(11)
    while not deal.is_over:
        deal.push(rng.choice(deal.legal_actions()))
    record = deal_to_record(deal)
    zh = how.get("lang") == "zh"
    person = Person(browser, server, **how)
    page = person.page
    person.goto_lobby()  # the lobby shows once the page has its words
    files = {"empty": {**record, "events": []}, "version": {**record, "version": 99},
             "short": {**record, "events": [{**record["events"][0], "hands": ["3s"] * 3}]}}
    for name, body in files.items():
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(body))
        page.evaluate("document.querySelector('#record-error').textContent = ''")
        page.set_input_files("#record-file", str(path))
        page.wait_for_function("document.querySelector('#record-error').textContent !== ''")
        said = page.text_content("#record-error")
        if zh:
            assert not re.search(r"[A-Za-z]{3,}", said), said
        assert "0" not in said.replace("10", ""), said  # no step 0
    cut = tmp_path / "cut.json"
    cut.write_text(json.dumps({**record, "events": record["events"][:3]}))
    page.set_input_files("#record-file", str(cut))
    page.wait_for_selector("#replay-dialog[open]")
    assert page.text_content("#replay-step") == ("第1步，共3步" if zh else "step 1 of 3")
    assert not page.locator(".replay-unfinished").count()
    page.click("#replay-last")
    assert page.locator(".replay-unfinished").count() == 1
    assert page.text_content(".replay-unfinished") == (
        "记录到此为止：这一局没有打完。" if zh else
        "The record stops here: the deal was not played to its end.")
    assert not person.errors
