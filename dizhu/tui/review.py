"""The terminal game's review of a finished deal (:mod:`dizhu.coach`): the person's
decisions rated, deepening while it is open (8, 24, then 64 imagined deals a decision),
then the all-hands answer. Opened with ``r`` from the score sheet; Esc goes back."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static
from textual.worker import get_current_worker

from ..actions import Action
from ..auction import Bid, Double
from ..coach import all_hands, deepening
from ..coach.review import DEPTHS
from ..coach.text import all_hands_lines, review_lines
from ..deal import Deal
from .render import play_words


def action_words(action: Action) -> str:
    """An action as the terminal game says it (kinds by their names, as the page names
    them)."""
    if isinstance(action, Bid):
        return "pass (auction)" if action.is_pass else action.text
    if isinstance(action, Double) or action.is_pass:
        return action.text
    return play_words(action)


class ReviewScreen(ModalScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "close", "Back")]

    def __init__(self, deal: Deal, seat: int) -> None:
        super().__init__()
        self.deal, self.seat = deal, seat
        self.lines: list[str] = []
        self.status = f"Analysing with {DEPTHS[0]} imagined deals a decision …"

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog", classes="sheet"):
            yield Static(Text("Review of the deal", style="bold underline"))
            yield Static(Text(self.status, style="dim"), id="review-status")
            with VerticalScroll(id="sheet"):
                yield Static("", id="review-body")
            yield Static(Text("Esc: back to the score sheet", style="dim"))

    def on_mount(self) -> None:
        self.query_one("#sheet").focus()
        self.run_worker(self.analyse, thread=True, exclusive=True)

    def analyse(self) -> None:
        """The review, deeper each round, then the all-hands answer (in a worker thread)."""
        worker = get_current_worker()
        deal = self.deal
        for rated in deepening(deal, [self.seat]):
            if worker.is_cancelled:
                return
            deeper = [d for d in DEPTHS if d > rated.samples]
            status = (f"Analysed with {rated.samples} imagined deals a decision; deepening "
                      f"to {deeper[0]} …") if deeper else \
                f"Analysed with {rated.samples} imagined deals a decision."
            self.lines = review_lines(rated, deal.landlord, deal.rules.name, action_words)
            self.app.call_from_thread(self.show, status, self.lines)
        answer = all_hands(deal)
        if not worker.is_cancelled:
            self.app.call_from_thread(self.show, status, [*self.lines, "",
                                                          *all_hands_lines(answer)])

    def show(self, status: str, lines: list[str]) -> None:
        self.status = status
        self.query_one("#review-status", Static).update(Text(status, style="dim"))
        self.query_one("#review-body", Static).update(Text("\n".join(lines)))

    def action_close(self) -> None:
        self.workers.cancel_all()
        self.dismiss(None)
