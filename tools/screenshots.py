"""Take the README's screenshots: the lobby, a deal in progress, a score sheet, the phone
width and a four-player table.

    python3 tools/screenshots.py            # writes docs/lobby.png, docs/table.png, ...

Runs a real server on a temporary database and drives Debian's Chromium with Playwright,
as the browser tests do. Chinese labels need a CJK font (e.g. Debian's fonts-wqy-microhei).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.browsing import ARGS, CHROMIUM, Person, landlord_to_lead  # noqa: E402
from tests.webserver import Server  # noqa: E402

DOCS = ROOT / "docs"


def main() -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        server = Server(Path(tmp) / "game.sqlite3", pause=0.05).start()
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            person = Person(browser, server, width=1100, height=820)
            page = person.page
            page.goto(server.url + "/")
            page.fill("#player-name", "Ann")
            page.wait_for_selector("#bot-1 option", state="attached")
            page.select_option("#bot-2", "hard")
            page.check("#opt-doubling")
            page.evaluate("window.scrollTo(0, 0)")
            page.screenshot(path=str(DOCS / "lobby.png"), full_page=True)
            person.start_match(deals="10", bots=("normal", "hard"), doubling=True)
            person.bid_through(3)
            for _ in range(3):
                if person.wait_turn_or_end() != "play":
                    break
                person.play_turn()
            person.wait_turn_or_end()
            page.keyboard.press("c")
            if page.is_enabled("#pass"):
                page.click("#hint")
            else:
                person.click("#hand .card >> nth=0")
            page.wait_for_timeout(300)
            page.screenshot(path=str(DOCS / "table.png"))
            page.keyboard.press("c")
            while person.wait_turn_or_end() == "play":
                person.play_turn()
            page.wait_for_selector("#sheet-dialog[open]")
            page.screenshot(path=str(DOCS / "score-sheet.png"))
            phone = Person(browser, server, width=390, height=844)
            phone.page.goto(page.url)
            phone.page.wait_for_selector("#hand .card")
            phone.page.keyboard.press("Escape")
            phone.page.screenshot(path=str(DOCS / "phone.png"))
            four = landlord_to_lead(browser, server, ruleset="four", width=1280)
            four.page.set_viewport_size({"width": 1280, "height": 900})
            for _ in range(4):
                if four.wait_turn_or_end() != "play":
                    break
                four.play_turn()
            four.wait_turn_or_end()
            four.page.keyboard.press("c")
            if four.page.is_enabled("#pass"):
                four.page.click("#hint")
            else:
                four.click("#hand .card >> nth=0")
            four.page.wait_for_timeout(300)
            four.page.screenshot(path=str(DOCS / "four.png"))
        finally:
            browser.close()
            server.stop()
    names = ("lobby", "table", "score-sheet", "phone", "four")
    print("wrote", ", ".join(f"docs/{n}.png" for n in names))


if __name__ == "__main__":
    main()
