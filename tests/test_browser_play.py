# ruff: noqa: F811 (tests take the fixtures imported from .browsing as arguments)
"""The table's tools during a deal, in a real browser at 1280 x 800 with a mouse and the
keyboard and at 390 x 844 by touch: the count strip, auto-play to the end of a deal, the
rules beside the table, the seats' names and what they say."""

from .browsing import (  # noqa: F401 (fixtures)
    LAYOUTS,
    Person,
    browser,
    close_pages,
    landlord_to_lead,
    server,
)


def hidden_but_shown(page) -> list[str]:
    """Elements marked hidden that a stylesheet still shows."""
    return page.evaluate("""() => [...document.querySelectorAll('[hidden]')]
        .filter(e => getComputedStyle(e).display !== 'none')
        .map(e => e.id || e.className || e.tagName)""")


def strip_counts(page) -> list[list]:
    return page.eval_on_selector_all("#count-strip .count-cell", """cs => cs.map(c =>
        [c.dataset.rank, +c.querySelector('b').textContent])""")


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
    assert strip_counts(page) == person.state()["view"]["count_strip"]["unseen"]
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
    unseen = person.state()["view"]["count_strip"]["unseen"]
    assert strip_counts(page) == unseen
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
