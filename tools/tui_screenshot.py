"""Take the README's screenshot of the terminal game: a deal in progress, the count strip
open and a hint on the entry line.

    python3 tools/tui_screenshot.py                              # writes docs/tui.svg
    python3 tools/tui_screenshot.py --size 80x24 --out small.svg  # another size, elsewhere

Runs the real program headless (Textual's pilot) on a temporary database, with a match of
a fixed seed and no pause for the computer players: the same keys give the same picture.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dizhu.interrupt import run_script  # noqa: E402
from dizhu.session import CREATOR, MatchSession, NewMatch, Store  # noqa: E402
from dizhu.tui.app import DizhuApp  # noqa: E402
from dizhu.tui.table import TableScreen  # noqa: E402
from dizhu.words import cells  # noqa: E402

SEED = "table21"
"""Seat 0 opens the auction of the first deal; a rocket has just cleared a trick."""
TURNS = 3
"""The person's plays before the picture."""
SIZE = (110, 36)


SPAN = re.compile(r'(<text [^>]*?textLength=")([\d.]+)("[^>]*>)([^<]+)(</text>)')
"""A run of text in the SVG, and the length it is stretched to."""


def wide(svg: str) -> str:
    """The SVG with each run of text as long as the cells it takes: the exporter gives every
    character one cell, and a Chinese one takes two (its runs were squeezed)."""
    def stretch(m: re.Match) -> str:
        text = html.unescape(m[4])
        cell = float(m[2]) / len(text)
        return f"{m[1]}{round(cells(text) * cell, 1):g}{m[3]}{m[4]}{m[5]}"
    return SPAN.sub(stretch, svg)


async def shoot(db: Path, out: Path, size: tuple[int, int] = SIZE) -> None:
    store = Store(db)
    new = NewMatch(player="You", mode="deals", target=10, bots=("normal", "hard"))
    MatchSession.create(store, new, seed=SEED)
    store.close()
    app = DizhuApp(db, pause=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter", "3")  # resume the match; bid 3
        played = 0
        for _ in range(1000):
            await app.workers.wait_for_complete()
            await pilot.pause()
            table = app.screen
            assert isinstance(table, TableScreen), "the deal ended before the picture"
            if table.thinking or table.session.person_to_move() != CREATOR:
                continue
            if played == TURNS:
                break
            await pilot.press("h", "enter")
            played += 1
        await pilot.press("c", "h")
        await pilot.pause()
        out.write_text(wide(app.export_screenshot(title="dizhu tui")), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description="Take a screenshot of the terminal game.")
    parser.add_argument("--size", default=f"{SIZE[0]}x{SIZE[1]}", metavar="COLUMNSxLINES",
                        help=f"the terminal's size (default {SIZE[0]}x{SIZE[1]})")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "tui.svg",
                        help="the SVG to write (default docs/tui.svg)")
    args = parser.parse_args()
    try:
        columns, lines = (int(n) for n in args.size.lower().split("x"))
    except ValueError:
        parser.error(f"--size is COLUMNSxLINES, as in 80x24, not {args.size!r}")
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(shoot(Path(tmp) / "game.sqlite3", args.out, (columns, lines)))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    run_script(main)
