"""The terminal game's review, driven by keys: from a played-out deal's score sheet, ``r``
opens the review of the person's decisions; it deepens to 64 imagined deals a decision,
then says the all-hands answer; Esc goes back to the sheet."""

from __future__ import annotations

from dizhu.session import CREATOR, MatchSession, Store
from dizhu.tui.app import DizhuApp
from dizhu.tui.dialogs import SheetScreen
from dizhu.tui.review import ReviewScreen

from .test_tui import ENGINE_ID, played_out, run, settle, visible


def test_the_score_sheet_opens_the_review_of_the_deal(tmp_path):
    db = tmp_path / "game.sqlite3"
    match_id = played_out(db, "review-keys", 1)
    store = Store(db)
    deal = MatchSession.load(store, match_id).match.deals[0]
    store.close()
    steps = [step for step, (seat, _) in enumerate(deal.history, 1) if seat == CREATOR]

    async def main():
        app = DizhuApp(db, pause=0)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("down", "enter")  # the match, resting on its score sheet
            await settle(pilot)
            if not isinstance(app.screen, SheetScreen):
                await pilot.press("s")
            assert isinstance(app.screen, SheetScreen)
            assert "r: review the deal" in visible(app.screen)
            await pilot.press("r")
            screen = app.screen
            assert isinstance(screen, ReviewScreen)
            for _ in range(600):
                await app.workers.wait_for_complete()
                await pilot.pause()
                if "All hands open:" in visible(screen):
                    break
            text = visible(screen)
            assert "Analysed with 64 imagined deals a decision." in text
            assert "All hands open:" in text
            lines = text.splitlines()
            for step in steps:
                assert any(line.split()[:1] == [str(step)] for line in lines), step
            assert not ENGINE_ID.search(text), text
            await pilot.press("escape")
            assert isinstance(app.screen, SheetScreen)

    run(main)
