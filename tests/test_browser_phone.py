# ruff: noqa: F811 (tests take the fixtures imported from .browsing as arguments)
"""The game on a phone, by touch alone: every card of the biggest hands in reach at 360 px,
a swipe that selects without taking cards out of reach, and a whole match played in
Chinese with nothing left in English or in the engine's shorthand."""

import json

from .browsing import (  # noqa: F401 (fixtures)
    Person,
    all_cards_reachable,
    browser,
    close_pages,
    fits_width,
    landlord_to_lead,
    server,
    shorthand_shown,
    untranslated,
)


def swipe(page, y: float, x0: float, x1: float, steps: int = 12) -> None:
    """A finger drawn across the screen from (x0, y) to (x1, y)."""
    cdp = page.context.new_cdp_session(page)
    point = lambda x: [{"x": x, "y": y}]  # noqa: E731
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": point(x0)})
    for i in range(1, steps + 1):
        cdp.send("Input.dispatchTouchEvent",
                 {"type": "touchMove", "touchPoints": point(x0 + (x1 - x0) * i / steps)})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def test_a_landlords_20_cards_at_360_px_by_touch(browser, server):
    """Defect 1: at 360 px every card of a 20-card hand shows its corner on the screen and
    takes a tap; a swipe across the hand selects the cards it crosses and leaves every
    card where it was."""
    person = landlord_to_lead(browser, server, phone=True, width=360, height=780)
    page = person.page
    assert len(person.hand()) == 20
    assert all_cards_reachable(page) == 20
    for index in range(20):
        page.tap(f"#hand .card[data-index='{index}']", position={"x": 6, "y": 12})
    assert page.locator("#hand .card.selected").count() == 20
    person.click("#clear")
    assert page.locator("#hand .card.selected").count() == 0
    before = page.eval_on_selector_all(
        "#hand .card", "cs => cs.map(c => Math.round(c.getBoundingClientRect().left))")
    row = person.box("#hand .hand-row >> nth=-1")
    swipe(page, row["y"] + row["height"] * 0.5, row["x"] + 4, row["x"] + row["width"] * 0.6)
    assert page.locator("#hand .card.selected").count() >= 3
    assert all_cards_reachable(page) == 20
    after = page.eval_on_selector_all(
        "#hand .card", "cs => cs.map(c => Math.round(c.getBoundingClientRect().left))")
    assert after == before
    assert page.evaluate("document.getElementById('hand').scrollLeft") == 0
    assert not person.errors


def test_a_landlords_33_cards_at_360_px_by_touch(browser, server):
    """Defect 1: a four-player landlord's 33 cards, all in reach at 360 px."""
    person = landlord_to_lead(browser, server, ruleset="four", phone=True, width=360, height=780)
    page = person.page
    assert len(person.hand()) == 33
    assert page.locator("#hand .hand-row").count() == 2
    assert all_cards_reachable(page) == 33
    for index in (0, 16, 17, 32):
        page.tap(f"#hand .card[data-index='{index}']", position={"x": 6, "y": 12})
    selected = page.eval_on_selector_all("#hand .card.selected",
                                         "cs => cs.map(c => +c.dataset.index)")
    assert sorted(selected) == [0, 16, 17, 32]
    assert not person.errors


def check_words(page, where: str) -> None:
    """Nothing shown in English, as a catalog key or in the engine's shorthand."""
    assert untranslated(page) == [], where
    assert shorthand_shown(page) == [], where


def test_a_whole_match_at_phone_width_by_touch_in_chinese(browser, server):
    """A match of five deals at 390 x 844, every move a tap: the lobby, the auction, the
    play, the score sheet, a replay, the history and the end of the match, all in Chinese;
    every frame checked for hidden cards."""
    person = Person(browser, server, phone=True, lang="zh")
    page = person.page
    person.goto_lobby()
    check_words(page, "lobby")
    match_id = person.start_match(bots=["easy", "normal"])
    check_words(page, "auction")
    deals = 0
    looked = set()
    while True:
        state = person.wait_turn_or_end()
        if state == "auction":
            token = next(t for t in ("3", "2", "1", "pass") if page.is_visible(f"#bid-{t}"))
            person.acting(f"#bid-{token}")
        elif state == "doubling":
            person.acting("#double-no")
        elif state == "play":
            if "play" not in looked:
                check_words(page, "play")
                looked.add("play")
            if page.is_enabled("#pass"):
                person.click("#hint")
                page.wait_for_function("document.querySelector('#message').textContent !== ''")
                if "hint" not in looked:
                    check_words(page, "a hint")
                    looked.add("hint")
                hinted = page.locator("#hand .card.selected").count()
                person.acting("#play" if hinted else "#pass")
            else:
                person.acting("#hand .card >> nth=0", "#play")
            if "history" not in looked and len(person.state()["view"]["history"]) > 8:
                person.click("#history-button")
                page.wait_for_selector("#history-dialog[open]")
                check_words(page, "the history")
                person.click("#history-close")
                looked.add("history")
        else:
            page.wait_for_selector("#sheet-dialog[open]")
            deals += 1
            assert page.evaluate("document.activeElement.id") in ("sheet-next", "sheet-new")
            if page.is_visible("#sheet-new"):
                break
            if deals == 1:
                check_words(page, "the score sheet")
                person.click("button[data-replay]")
                page.wait_for_selector("#replay-dialog[open]")
                person.click("#replay-next")
                person.click("#replay-last")
                check_words(page, "the replay")
                person.click("#replay-close")
            person.click("#sheet-next")
            page.wait_for_function("!document.querySelector('#sheet-dialog[open]')")
    assert deals == person.state()["match"]["scored"] >= 5
    check_words(page, "the end of the match")
    for selector in (".winners", "#sheet-new", "#sheet-lobby", ".match-sheet thead .col-mine"):
        box = person.box(selector)
        assert box["y"] >= 0 and box["y"] + box["height"] <= 844, selector
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, selector
    fits_width(page)
    person.click("#sheet-lobby")
    page.wait_for_selector("#lobby:not([hidden])")
    check_words(page, "the lobby after the match")
    assert person.check_frames(match_id) > 50
    assert not person.errors
    assert not [m for m in person.sent if m["type"] not in ("act", "next", "hint", "sync")], \
        json.dumps(person.sent[-3:])
