"""Take the README's screenshots: the lobby, a deal in progress, a score sheet, the end of
a match, a four-player table, a phone, the table in Chinese; a deal's review; and the
puzzles' (a try at a desktop, the solution on a phone in Chinese) for docs/puzzles.md.

    python3 tools/screenshots.py                  # every one: docs/lobby.png, ...
    python3 tools/screenshots.py --only review    # some: game, review, puzzles

Runs a real server on a temporary database and drives Debian's Chromium with Playwright,
as the browser tests do: desktops at 1280 x 800, phones at 390 x 844 with touch. The page
ships its own Chinese font, so the Chinese shots look the same on any machine.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dizhu.interrupt import run_script  # noqa: E402
from tests.browsing import ARGS, CHROMIUM, Person, landlord_to_lead  # noqa: E402
from tests.webserver import Server  # noqa: E402

DOCS = ROOT / "docs"
SHOTS = {"game": ("lobby", "table", "score-sheet", "match-end", "four", "phone", "table-zh",
                  "phone-zh"),
         "review": ("review",), "puzzles": ("puzzle", "puzzle-phone-zh")}


def a_few_turns(person: Person, turns: int = 3) -> None:
    """Answer the auction, play a few turns, and stop on the person's turn with a hint
    (or a card) selected."""
    person.bid_through(3)
    for _ in range(turns):
        if person.wait_turn_or_end() != "play":
            return
        person.play_turn()
    if person.wait_turn_or_end() != "play":
        return
    if person.page.is_enabled("#pass"):
        person.click("#hint")
        person.page.wait_for_function("document.querySelector('#message').textContent !== ''")
    else:
        person.click("#hand .card >> nth=0")
    person.page.wait_for_timeout(700)  # the last play has arrived, a cleared trick has gone


def review_shot(browser, server) -> None:
    """A deal played to its end, its replay's review: the graph, the decision at its worst
    mark (or the middle one), the all-hands answer."""
    person = Person(browser, server)
    page = person.page
    person.start_match(bots=("normal", "hard"))
    person.bid_through(3)
    person.play_deal()
    page.wait_for_selector("#sheet-dialog[open]")
    page.click("button[data-replay]")
    page.wait_for_selector("#replay-dialog[open]")
    person.click("#replay-review")
    page.wait_for_function("!document.querySelector('#review-progress').classList"
                           ".contains('busy') && document.querySelector('#review-all-hands')"
                           ".textContent.length > 0", timeout=180_000)
    points = page.locator(".review-point.mark-blunder, .review-point.mark-mistake, "
                          ".review-point.mark-inaccuracy, .review-point")
    points.first.click()
    page.screenshot(path=str(DOCS / "review.png"))


def puzzle_shots(browser, server: Server) -> None:
    """Puzzle 30 at a desktop, its first play made and answered; puzzle 13's solution at
    its first step on a phone in Chinese."""
    person = Person(browser, server)
    page = person.page
    page.goto(server.url + "/#/puzzle/30")
    page.wait_for_selector("#puzzle-hand .card")
    for card in page.eval_on_selector_all("#puzzle-hand .card[data-card^='4']",
                                          "cs => cs.map(c => c.dataset.index)"):
        page.click(f"#puzzle-hand .card[data-index='{card}']", position={"x": 8, "y": 14})
    page.click("#puzzle-play")
    page.wait_for_selector("#puzzle-message:not(:empty)")
    page.click("#puzzle-hand .card[data-card='5s']", position={"x": 8, "y": 14})
    page.screenshot(path=str(DOCS / "puzzle.png"), full_page=True)
    phone = Person(browser, server, phone=True, lang="zh")
    phone.page.goto(server.url + "/#/puzzle/13")
    phone.page.wait_for_selector("#puzzle-hand .card")
    phone.page.tap("#puzzle-solution")
    phone.page.wait_for_selector("#puzzle-step:not([hidden])")
    phone.page.tap("#solution-next")
    phone.page.screenshot(path=str(DOCS / "puzzle-phone-zh.png"))


def main() -> None:
    import argparse

    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default=",".join(SHOTS), help="some of " + ", ".join(SHOTS))
    only = set(parser.parse_args().only.split(","))
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        server = Server(Path(tmp) / "game.sqlite3", pause=0.05).start()
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            if "review" in only:
                review_shot(browser, server)
            if "puzzles" in only:
                puzzle_shots(browser, server)
            if "game" in only:
                game_shots(browser, server)
        finally:
            browser.close()
            server.stop()
    print("wrote", ", ".join(f"docs/{n}.png" for group in SHOTS if group in only
                             for n in SHOTS[group]))


def game_shots(browser, server: Server) -> None:
    """The game's: the lobby, a deal, its sheet, a match's end, four players, phones,
    Chinese."""
    # the lobby, the whole of it
    person = Person(browser, server)
    page = person.page
    person.goto_lobby()
    page.fill("#player-name", "Ann")
    page.select_option("#bot-2", "hard")
    page.check("#opt-doubling")
    page.screenshot(path=str(DOCS / "lobby.png"), full_page=True)
    # a deal in progress, the count strip open, then its score sheet
    person.start_match(deals="10", bots=("normal", "hard"), doubling=True)
    a_few_turns(person)
    page.keyboard.press("c")
    page.screenshot(path=str(DOCS / "table.png"))
    page.keyboard.press("c")
    page.keyboard.press("Escape")  # the card or hint selected for the picture
    person.play_deal()
    page.wait_for_selector("#sheet-dialog[open]")
    page.screenshot(path=str(DOCS / "score-sheet.png"))
    # the end of a match: five deals played by auto-play
    ended = Person(browser, server)
    ended.start_match(bots=("normal", "hard"))
    ended.page.click("#autoplay")
    ended.page.wait_for_selector("#sheet-new", timeout=180_000)
    ended.page.screenshot(path=str(DOCS / "match-end.png"))
    # four players, the landlord's 33 cards
    four = landlord_to_lead(browser, server, ruleset="four")
    a_few_turns(four, 4)
    four.page.screenshot(path=str(DOCS / "four.png"))
    # a phone, by touch
    phone = Person(browser, server, phone=True)
    phone.start_match()
    a_few_turns(phone)
    phone.page.screenshot(path=str(DOCS / "phone.png"))
    # Chinese, at a desktop and on a phone
    zh = Person(browser, server, lang="zh")
    zh.start_match(bots=("normal", "hard"))
    a_few_turns(zh)
    zh.page.screenshot(path=str(DOCS / "table-zh.png"))
    zh_phone = Person(browser, server, phone=True, lang="zh")
    zh_phone.start_match(ruleset="rob")
    a_few_turns(zh_phone)
    zh_phone.page.screenshot(path=str(DOCS / "phone-zh.png"))


if __name__ == "__main__":
    run_script(main)
