"""Take the README's screenshot of the terminal game: a deal in progress, the count strip
open and a hint on the entry line.

    python3 tools/tui_screenshot.py         # writes docs/tui.svg

Runs the real program headless (Textual's pilot) on a temporary database, with a match of
a fixed seed and no pause for the computer players: the same keys give the same picture.
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dizhu.session import CREATOR, MatchSession, NewMatch, Store  # noqa: E402
from dizhu.tui.app import DizhuApp  # noqa: E402
from dizhu.tui.table import TableScreen  # noqa: E402

SEED = "table21"
"""Seat 0 opens the auction of the first deal; a rocket has just cleared a trick."""
TURNS = 3
"""The person's plays before the picture."""
SIZE = (110, 36)


async def shoot(db: Path, out: Path) -> None:
    store = Store(db)
    new = NewMatch(player="You", mode="deals", target=10, bots=("normal", "hard"))
    MatchSession.create(store, new, seed=SEED)
    store.close()
    app = DizhuApp(db, pause=0)
    async with app.run_test(size=SIZE) as pilot:
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
        out.write_text(app.export_screenshot(title="dizhu tui"), encoding="utf-8")


def main() -> None:
    out = ROOT / "docs" / "tui.svg"
    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(shoot(Path(tmp) / "game.sqlite3", out))
    print(f"wrote {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
