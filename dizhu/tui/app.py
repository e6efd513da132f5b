"""``dizhu tui``: the game in the terminal, on the same database as the browser game."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from textual.app import App

from ..session import MatchSession, NewMatch, Store
from .start import StartScreen
from .table import TableScreen

CSS = """
#banner { padding: 1 2; height: auto; }
#matches { height: 1fr; margin: 0 2; }
#choices { height: auto; padding: 0 0 0 1; }
#title { padding: 0 1; height: auto; }
#seats, #trick, #strip, #hand { border: round $primary-darken-2; padding: 0 1; height: auto; }
#trick { height: 1fr; min-height: 4; }
.-short #seats, .-short #trick, .-short #strip, .-short #hand {
    border: none; border-top: solid $primary-darken-2; }
#entry { padding: 0 1; height: auto; }
#message { padding: 0 1; height: auto; min-height: 1; }
#dialog { width: 90; max-width: 100%; height: auto; max-height: 100%; border: thick $primary;
          background: $surface; padding: 0 1; }
#answers { height: auto; margin: 1 0; }
#sheet { height: auto; scrollbar-size-vertical: 1; }
ModalScreen { align: center middle; }
"""


class DizhuApp(App):
    """The start screen, then a table per match played."""

    TITLE = "dizhu"
    CSS = CSS
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, db: str | Path, pause: float = 0.5, ruleset: str = "classic") -> None:
        super().__init__()
        self.db = Path(db)
        self.store = Store(db)
        self.pause = pause
        self.default_ruleset = ruleset

    def on_mount(self) -> None:
        self.push_screen(StartScreen())

    def on_unmount(self) -> None:
        self.store.close()

    def player_name(self) -> str:
        """The name new matches are created under: the last one used on this database."""
        return self.store.last_player() or "You"

    def start(self, new: NewMatch) -> None:
        """Create a match and sit down at it."""
        self.open(MatchSession.create(self.store, new))

    def resume(self, match_id: int) -> None:
        """Sit down again at an unfinished match, exactly as its stored events left it."""
        try:
            session = MatchSession.load(self.store, match_id)
        except (ValueError, sqlite3.Error) as e:  # a match this version cannot replay
            self.notify(f"match {match_id} cannot be opened: {e}", severity="error")
            return
        if session is None:
            self.notify(f"there is no match {match_id}", severity="error")
            return
        self.open(session)

    def open(self, session: MatchSession) -> None:
        self.push_screen(TableScreen(session, self.pause))

    @property
    def table(self) -> TableScreen | None:
        """The table being played, if the screen shows one."""
        return self.screen if isinstance(self.screen, TableScreen) else None
