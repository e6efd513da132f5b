# ruff: noqa: F811 (tests take the fixtures imported from .browsing as arguments)
"""The review of a finished deal in a real browser, from the score sheet's replay: the
analysis deepens to 64 imagined deals a decision, the graph's points jump the replay to
their decision, the seat's view hides the other hands, the all-hands answer is said; at
1280x800 and at 390x844 (touch), in English and in Chinese. And a record file opened in
the lobby is reviewed the same way."""

import json

import pytest

from .browsing import (  # noqa: F401 (the fixtures)
    Person,
    browser,
    close_pages,
    deals_played_out,
    fits_width,
    server,
    shorthand_shown,
    untranslated,
)

ANALYSED = ("document.querySelector('#review-progress').textContent.includes('64') && "
            "!document.querySelector('#review-progress').classList.contains('busy') && "
            "document.querySelector('#review-all-hands').textContent.length > 0")


def open_review(person: Person) -> None:
    page = person.page
    page.click("button[data-replay]")
    page.wait_for_selector("#replay-dialog[open]")
    person.click("#replay-review")
    page.wait_for_function(ANALYSED, timeout=120_000)


@pytest.mark.parametrize("phone, lang", [(False, "en"), (True, "zh")])
def test_a_deal_reviewed_from_the_score_sheet(browser, server, phone, lang):
    match_id = deals_played_out(server, "classic", seed=f"review-{lang}")
    person = Person(browser, server, phone=phone, lang=lang)
    page = person.page
    person.open_finished_match(match_id)
    open_review(person)
    points = page.locator(".review-point")
    decisions = json.loads(page.evaluate(
        "fetch(location.pathname.replace(/[^/]*$/, '') + "
        f"'api/matches/{match_id}/deals/0/review?seat=0&deals=64')"
        ".then((r) => r.text())"))["decisions"]
    assert points.count() == len(decisions) > 0
    # a point clicked: the replay stands at that decision, which the note names
    chosen = decisions[len(decisions) // 2]
    person.click(f".review-point[data-step='{chosen['step']}']")
    shown = page.text_content("#replay-step")
    assert str(chosen["step"]) in shown
    assert str(chosen["step"]) in page.text_content("#review-note")
    # what the seat saw: the other two hands hidden (and the kitty in the auction); all
    # hands open: none
    in_auction = chosen["phase"] == "bid"
    assert page.locator(".replay-hidden").count() == 2 + in_auction
    person.click(".review-point[data-step='1']" if decisions[0]["step"] == 1 else "#replay-first")
    assert page.locator(".replay-kitty .replay-hidden").count() == 1
    person.click("#review-mode")
    assert page.locator(".replay-hidden").count() == 0
    assert page.text_content("#review-all-hands").strip()
    assert page.text_content("#review-summary").strip()
    if lang == "zh":
        assert not untranslated(page)
    assert not shorthand_shown(page)
    if phone:
        fits_width(page)
    assert not person.errors


def test_a_record_file_opened_in_the_lobby_is_reviewed_for_the_seat_chosen(
        browser, server, tmp_path):
    match_id = deals_played_out(server, "classic", seed="review-file")
    person = Person(browser, server)
    page = person.page
    person.open_finished_match(match_id)
    record = page.evaluate(
        f"fetch('/api/matches/{match_id}/deals/0/record').then((r) => r.text())")
    path = tmp_path / "deal.json"
    path.write_text(record, encoding="utf-8")
    person.goto_lobby()
    page.set_input_files("#record-file", str(path))
    page.wait_for_selector("#replay-dialog[open]")
    person.click("#replay-review")
    page.wait_for_function(ANALYSED, timeout=120_000)
    page.select_option("#review-seat", "2")
    page.wait_for_function(ANALYSED, timeout=120_000)
    seat_two = sum(1 for e in json.loads(record)["events"][1:] if e.get("seat") == 2)
    assert page.locator(".review-point").count() == seat_two
    assert not person.errors


@pytest.mark.parametrize("phone, lang", [(False, "zh"), (True, "en")])
def test_a_blunder_reviewed_becomes_a_puzzle_of_ones_own_in_one_click(browser, server, phone,
                                                                      lang):
    """Seed blunder-29's first deal: the person's play at step 12 throws away a win the
    peasants could force; the review offers it as a puzzle, made with one click and
    opened from the link."""
    match_id = deals_played_out(server, "classic", seed="blunder-29")
    person = Person(browser, server, phone=phone, lang=lang)
    page = person.page
    person.open_finished_match(match_id)
    open_review(person)
    person.click(".review-point[data-step='12']")
    assert page.locator(".review-note .review-mark.mark-blunder").count() == 1
    person.click("#review-puzzle")
    page.wait_for_selector("#review-puzzle-link")
    person.click("#review-puzzle-link")
    page.wait_for_selector("#puzzle-hand .card")
    assert "12" in page.text_content("body")  # its title names the step
    if lang == "zh":
        assert not untranslated(page)
    assert not person.errors
