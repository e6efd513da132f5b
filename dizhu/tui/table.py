"""The table: one match being played, the person at seat 0 against computer players.

Keys are read here and handed to the session as the same entries the browser page sends;
the session checks each with the engine and stores it before it counts. Computer players
think in a worker thread after a short pause; their action is applied on this thread only
if the match has not moved meanwhile.
"""

from __future__ import annotations

import sqlite3
import time
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.events import Key, Resize
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..auction import Bid
from ..coach import Hint
from ..combos import Play
from ..deal import Action, AmbiguousPlayError, Phase
from ..patterns import PatternChoices
from ..session import CREATOR, ActionError, MatchSession
from ..view import SeatView
from ..words import say_reason, seat_names, why_words
from .dialogs import ChooseScreen, PatternScreen, SheetScreen
from .entry import RANK_KEYS, SEPARATORS, cards_entered, marked, not_a_rank
from .render import (
    cards_text,
    count_strip_text,
    play_words,
    seats_text,
    sheet_text,
    stake_text,
    trick_text,
    wild_text,
)

AUTOPLAY_LEVEL = "normal"
"""The computer player that takes the person's seat on auto-play."""
SHORT = 32
"""Screens of fewer lines draw each box as a rule with its title (no bottom edge), so the
table fits 80x24 with the count strip open."""


class TableScreen(Screen):
    """A match at the table: seats, trick, hand, the entry line and the keys to play."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "hint", "Hint"),
        Binding("p", "pass", "Pass"),
        Binding("n", "pattern", "Pattern"),
        Binding("c", "count", "Count"),
        Binding("s", "sheet", "Sheet"),
        Binding("o", "autoplay", "Auto-play"),
        Binding("d", "double", "Double", show=False),
        Binding("y", "yes", "Call/rob/double", show=False),
        Binding("escape", "leave", "Clear/leave"),
    ]
    KEYS = frozenset(b.key for b in BINDINGS)

    def __init__(self, session: MatchSession, pause: float = 0.5) -> None:
        super().__init__()
        self.session = session
        self.pause = pause
        self.typed = ""
        """The ranks typed so far."""
        self.hinted: tuple[str, Play] | None = None
        """The hint put on the entry line (the text it wrote, the play)."""
        self.hint_index = -1
        self.hint_plays: list[Play] = []
        self.hint_version = -1
        """The match's version the hints were asked at."""
        self.hint_why: Hint | None = None
        """The coach's explanation of the first hint."""
        self.message = Text()
        self.thinking = False
        self.closed = False
        self.sheet_seen = -1
        """The index of the last deal whose score sheet was shown."""
        self.leaving = False
        """Esc was pressed on an empty entry line: the next Esc leaves the table."""

    # ----------------------------------------------------------------- layout

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        yield Static(id="seats")
        yield Static(id="trick")
        yield Static(id="strip")
        yield Static(id="hand")
        yield Static(id="entry")
        yield Static(id="message")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#seats").border_title = "Seats"
        self.query_one("#trick").border_title = "Table"
        self.query_one("#hand").border_title = "Your hand"
        strip = self.query_one("#strip")
        strip.border_title = "Count strip: unseen cards"
        strip.display = False
        self.set_class(self.app.size.height < SHORT, "-short")
        deal = self.session.deal
        if deal.phase is Phase.OVER:  # resumed between deals: the sheet was read already
            self.sheet_seen = len(self.session.match.deals) - 1
        self.show()
        self.kick()

    def on_unmount(self) -> None:
        self.closed = True

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.height < SHORT, "-short")
        self.show()

    @property
    def view(self) -> SeatView:
        return self.session.view_for_decision(CREATOR)

    def show(self) -> None:
        """Draw the table as the session now stands."""
        session = self.session
        view = self.view
        rules = session.rules
        number = session.deal_numbers()[-1]
        pace = (f"deal {number or '-'} of {session.settings['target']}"
                if session.settings["mode"] == "deals"
                else f"deal {number or '-'}, race to {session.settings['target']}")
        title = Text(f"Match #{session.id}", style="bold")
        title.append(f" · {rules.name} {rules.chinese} · {pace} · ")
        if rules.wild_ranks:
            title.append(wild_text(view), style="bold magenta")
            title.append(" · ")
        title.append(stake_text(view, seat_names(session)), style="yellow")
        self.query_one("#title", Static).update(title)
        seats = self.query_one("#seats", Static)
        seats.update(seats_text(session, view, self.room(seats)))
        self.show_trick()
        self.call_after_refresh(self.show_trick)  # in the room the new layout leaves it
        strip = self.query_one("#strip", Static)
        if view.phase is Phase.AUCTION:
            strip.update(Text("The count strip opens once the landlord is known.", style="dim"))
        else:
            strip.update(count_strip_text(view.count_strip(), view.wild))
        hand = self.query_one("#hand", Static)
        hand.border_title = f"Your hand · {len(view.hand)} cards"
        hand.update(cards_text(view.hand, marked(view.hand, self.typed) if self.typed else set(),
                               view.wild))
        self.query_one("#entry", Static).update(self.prompt(view))
        self.query_one("#message", Static).update(self.message)
        if (view.phase is Phase.OVER and self.sheet_seen < len(session.match.deals) - 1
                and CREATOR not in session.autoplay):
            self.sheet_seen = len(session.match.deals) - 1
            self.action_sheet()

    def show_trick(self) -> None:
        """The trick, its latest plays in the lines its box has."""
        if self.closed or not self.is_mounted:
            return
        trick = self.query_one("#trick", Static)
        trick.update(trick_text(self.session, self.view, trick.content_region.height or None,
                                 self.room(trick)))

    def room(self, widget: Static) -> int:
        """The cells a line of ``widget`` has (its borders and padding taken off)."""
        width = widget.content_region.width or self.app.size.width - 4
        return max(20, width)

    def prompt(self, view: SeatView) -> Text:
        """What the person may do now, and the ranks typed so far."""
        session = self.session
        if session.match.finished:
            return Text("The match is over: s shows the last score sheet, Esc goes back to "
                        "the start screen.", style="bold")
        if view.phase is Phase.OVER:
            return Text("The deal is over: Enter deals the next one, s shows the score sheet.",
                        style="bold")
        if CREATOR in session.autoplay:
            return Text("Auto-play is on: o takes your seat back.", style="italic")
        if session.person_to_move() != CREATOR:
            return Text(f"{self.seat_name(view.to_move)} is thinking …", style="dim")
        legal = view.legal
        if view.phase is Phase.AUCTION:
            tokens = [a.token for a in legal if isinstance(a, Bid)]
            keys = {"1": "1", "2": "2", "3": "3", "call": "y call 叫地主", "rob": "y rob 抢地主",
                    "pass": "p or Enter: pass 不叫"}
            return Text("Your answer: " + " · ".join(keys[t] for t in tokens if t != "pass")
                        + (" · " + keys["pass"] if "pass" in tokens else ""), style="bold")
        if view.phase is Phase.DOUBLING:
            word = "redouble" if view.landlord == CREATOR else "double"
            return Text(f"Do you {word}? d or y: {word} 加倍 · p or Enter: no 不加倍",
                        style="bold")
        line = Text("> ", style="bold")
        line.append(self.typed, style="bold reverse" if self.typed else "")
        line.append("▏", style="blink")
        lead = view.top is None
        line.append("   " + ("you lead: " if lead else "")
                    + "type ranks (33, 10 10, BR) · Enter plays"
                    + ("" if lead else " · Enter alone passes"), style="dim")
        return line

    def seat_name(self, seat: int) -> str:
        """A seat's name as every page of the table gives it: ``Bot 2 · easy``, ``Ann``."""
        return seat_names(self.session)[seat]

    def say(self, words: str, error: bool = False) -> None:
        """Show ``words`` below the entry line (in place of any question there)."""
        self.leaving = False
        self.message = Text(("✗ " if error else "") + words,
                            style="bold red" if error else "green")
        self.query_one("#message", Static).update(self.message)

    # ----------------------------------------------------------------- the person

    def act(self, entered: dict[str, Any], cards: list[str] | None = None) -> bool:
        """Hand the person's entry to the session; say why if it is refused (nothing then
        changes), ask which play is meant if the cards read two ways."""
        try:
            self.session.person_acts(CREATOR, entered)
        except AmbiguousPlayError as e:
            sent = cards if cards is not None else entered.get("cards")
            question = say_reason(e, seat_name=self.seat_name)
            self.app.push_screen(ChooseScreen(question, e.options),
                                 callback=lambda play: self.chosen(play, sent))
            return False
        except ActionError as e:
            self.say(say_reason(e, seat_name=self.seat_name), error=True)
            return False
        except sqlite3.Error as e:
            self.say(f"that could not be saved ({e}); nothing changed: try again", error=True)
            return False
        self.typed = ""
        self.hinted = None
        self.message = Text()
        self.show()
        self.kick()
        return True

    def chosen(self, play: Play | None, cards: list[str] | None) -> None:
        if play is not None:
            self.act({"play": play.text, "cards": cards} if cards else {"play": play.text})

    def enter(self) -> None:
        """Enter: play the typed ranks (or the hint), pass with nothing typed, answer the
        auction's quiet answer, or deal the next hand once this one is over."""
        session = self.session
        view = self.view
        if session.match.finished:
            self.action_sheet()
            return
        if view.phase is Phase.OVER:
            self.next_deal()
            return
        if view.phase is Phase.AUCTION:
            self.act({"bid": "pass"})
        elif view.phase is Phase.DOUBLING:
            self.act({"double": False})
        elif not self.typed.strip():
            self.act({"play": "pass"})
        elif self.hinted is not None and self.hinted[0] == self.typed:
            play = self.hinted[1]
            try:
                cards = cards_entered(view.hand, play.ranks)
            except ActionError as e:
                self.say(say_reason(e, seat_name=self.seat_name), error=True)
                return
            self.act({"play": play.text, "cards": cards}, cards)
        else:
            try:
                cards = cards_entered(view.hand, self.typed)
            except ActionError as e:
                self.say(say_reason(e, seat_name=self.seat_name), error=True)
                return
            self.act({"cards": cards}, cards)

    def next_deal(self) -> None:
        try:
            self.session.next_deal(CREATOR)
        except (ActionError, sqlite3.Error) as e:
            self.say(say_reason(e, seat_name=self.seat_name), error=True)
            return
        self.message = Text()
        self.show()
        self.kick()

    def on_key(self, event: Key) -> None:
        """Ranks typed at the entry line, Enter, Backspace, Space, and the auction's digits;
        after "Esc again leaves the table", any other key stays and does nothing else."""
        key, char = event.key, event.character or ""
        phase = self.view.phase
        handled = True
        if self.leaving and key != "escape":  # it answers "Esc again leaves": stay, only
            self.leaving = False
            self.message = Text()
            self.query_one("#message", Static).update(self.message)
        elif key == "enter":
            self.enter()
        elif key == "backspace":
            self.typed = self.typed[:-1]
            self.show()
        elif phase is Phase.AUCTION and char in ("1", "2", "3"):
            self.act({"bid": char})
        elif phase is Phase.AUCTION and char.lower() == "r":
            self.act({"bid": "rob"})
        elif phase is Phase.PLAY and (char.lower() in RANK_KEYS or
                                      (char in SEPARATORS and self.typed)):
            self.typed += char
            self.message = Text()
            self.show()
        elif key == "space":
            self.action_pass()
        elif char.isprintable() and len(char) == 1 and key not in self.KEYS:
            self.say(self.no_such_key(char, phase), error=True)
        else:
            handled = False
        if handled:
            event.stop()
            event.prevent_default()

    def no_such_key(self, char: str, phase: Phase) -> str:
        """What to say of a key that does nothing here."""
        if phase is Phase.PLAY:
            return not_a_rank(char)
        if phase is Phase.AUCTION:
            return (f"{char} does nothing in the auction: answer with the keys the line "
                    "below the hand gives")
        if phase is Phase.DOUBLING:
            return f"{char} does nothing now: d or y doubles, p or Enter does not"
        return f"{char} does nothing now: Enter deals the next hand, s shows the score sheet"

    def action_pass(self) -> None:
        phase = self.view.phase
        if phase is Phase.AUCTION:
            self.act({"bid": "pass"})
        elif phase is Phase.DOUBLING:
            self.act({"double": False})
        elif phase is Phase.PLAY:
            self.typed = ""
            self.act({"play": "pass"})

    def action_double(self) -> None:
        self.act({"double": True})

    def action_yes(self) -> None:
        """Call, rob or double: whichever yes the question now has."""
        view = self.view
        if view.phase is Phase.DOUBLING:
            self.act({"double": True})
            return
        tokens = [a.token for a in view.legal if isinstance(a, Bid)]
        yes = next((t for t in ("call", "rob") if t in tokens), None)
        if yes is None:
            self.say("there is no call or rob to answer now: " + (
                "bid 1, 2 or 3" if view.phase is Phase.AUCTION else "it is not the auction"),
                error=True)
            return
        self.act({"bid": yes})

    def action_hint(self) -> None:
        """Put the next hint (best first, then round) on the entry line."""
        if self.session.person_to_move() != CREATOR or self.view.phase is not Phase.PLAY:
            self.say("hints are for your turn to play", error=True)
            return
        if self.hint_version != self.session.version:
            self.hint_plays, self.hint_why = self.session.coached_hints(CREATOR)
            self.hint_version = self.session.version
            self.hint_index = -1
        if not self.hint_plays:
            self.say("nothing you hold beats the trick: pass (p or Enter)")
            return
        self.hint_index = (self.hint_index + 1) % len(self.hint_plays)
        play = self.hint_plays[self.hint_index]
        self.typed = play.ranks
        self.hinted = (self.typed, play)
        why = self.hint_why
        coach = "" if why is None or self.hint_index else \
            f" · chance to win {why.chance:.0%}: {why_words(why.why.code, why.why.params)}"
        self.message = Text(f"Hint {self.hint_index + 1} of {len(self.hint_plays)}: "
                            f"{play_words(play)}{coach} · Enter plays "
                            "it, h the next", style="green")
        self.show()

    def action_pattern(self) -> None:
        view = self.view
        if self.session.person_to_move() != CREATOR or view.phase is not Phase.PLAY:
            self.say("name a pattern on your turn to play", error=True)
            return
        rules = self.session.rules
        choices = PatternChoices.of(view.legal, rules.combos, view.wild)
        self.app.push_screen(PatternScreen(rules, choices), callback=self.named)

    def named(self, pattern: dict[str, Any] | None) -> None:
        if pattern is not None:
            self.act({"pattern": pattern})

    def action_count(self) -> None:
        strip = self.query_one("#strip")
        strip.display = not strip.display

    def action_sheet(self) -> None:
        """The score sheet of the last deal played out (with the match standings)."""
        session = self.session
        done = [i for i, d in enumerate(session.match.deals) if d.phase is Phase.OVER]
        if not done:
            self.say("no deal of this match has been played out yet", error=True)
            return
        width = min(SheetScreen.WIDTH, self.app.size.width) - SheetScreen.FRAME
        self.app.push_screen(SheetScreen(sheet_text(session, done[-1], width),
                                         session.match.finished), callback=self.after_sheet)

    def after_sheet(self, go_on: bool | None) -> None:
        if not go_on:
            return
        if self.session.match.finished:
            self.app.pop_screen()
        elif self.session.deal.phase is Phase.OVER:
            self.next_deal()

    def action_autoplay(self) -> None:
        on = CREATOR in self.session.autoplay
        try:
            self.session.set_autoplay(CREATOR, None if on else AUTOPLAY_LEVEL)
        except (ActionError, sqlite3.Error) as e:
            self.say(str(e), error=True)
            return
        self.say("auto-play off: your seat is yours again" if on
                 else f"auto-play on: a {AUTOPLAY_LEVEL} computer player takes your seat")
        self.show()
        self.kick()

    def action_leave(self) -> None:
        """Esc clears the typed ranks; with nothing typed it asks, and a second Esc in a row
        goes back to the start screen (at once once the match is over); the match stays
        stored, to be resumed."""
        if self.typed:
            self.typed = ""
            self.hinted = None
            self.message = Text()
            self.show()
            return
        if not (self.leaving or self.session.match.finished):
            self.say("Esc again leaves the table (the match is kept: resume it from the "
                     "start screen); any other key stays")
            self.leaving = True
            return
        self.closed = True
        self.app.pop_screen()

    # ----------------------------------------------------------------- computer players

    def kick(self) -> None:
        """Start what is due without the person (a computer's move, a deal again after a
        throw-in) in a worker thread, after the pause."""
        if self.thinking or self.closed:
            return
        due = self.session.pending()
        if due is None:
            return
        kind, seat = due
        view = self.session.view_for_decision(seat) if kind == "act" else None
        self.thinking = True
        version = self.session.version
        self.run_worker(lambda: self.think(kind, seat, version, view), thread=True,
                        exit_on_error=False, group="computer")

    def think(self, kind: str, seat: int, version: int, view: SeatView | None) -> None:
        """In the worker: wait, decide, and hand the action to the screen's thread."""
        time.sleep(self.pause)
        try:
            action = None if view is None else self.session.decide_from(seat, view)
        except Exception as e:  # a computer player that fails is reported, not fatal
            self.app.call_from_thread(self.computer_failed, seat, e)
            return
        self.app.call_from_thread(self.computer_done, kind, seat, version, action)

    def computer_failed(self, seat: int, error: Exception) -> None:
        self.thinking = False
        self.say(f"{self.seat_name(seat)} failed ({error}); o hands your seat to "
                 "auto-play, Esc leaves (the match is kept)", error=True)

    def computer_done(self, kind: str, seat: int, version: int, action: Action | None) -> None:
        """Apply a computer's action if the match is where it was when it began thinking."""
        self.thinking = False
        if self.closed:
            return
        session = self.session
        if session.version == version and session.pending() == (kind, seat):
            thrown_in = session.deal.phase is Phase.THROWN_IN
            try:
                if action is None:
                    session.next_deal(seat)
                else:
                    session.submit(seat, action)
            except (ActionError, sqlite3.Error) as e:
                self.say(f"{self.seat_name(seat)}: {say_reason(e, seat_name=self.seat_name)}",
                         error=True)
                return
            if thrown_in:
                self.say("Nobody bid: the deal was thrown in and is dealt again.")
        self.show()
        self.kick()

