"""The start screen: unfinished matches to resume, and the form of a new match."""

from __future__ import annotations

import time
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ..match import DEAL_LIMITS, POINT_TARGETS
from ..rulesets import find_ruleset, names
from ..session import LEVELS, NewMatch
from ..words import cells, fit, level_choice, opponents, pad, person_name, place_label

NEW = "new"


def match_line(row: dict[str, Any]) -> Text:
    """An unfinished match as the start screen lists it, in two lines short enough for an
    80-column terminal: ``#3  classic 经典 · 2 of 10 deals · 12-01 18:30``, then who
    plays as the lobby says it (the person's name cut to fit; a friend by the name they
    sat under): ``Host against 小明 and easy``."""
    settings = row["settings"]
    rules = find_ruleset(settings.get("ruleset", "classic"))
    played = row["deals_played"]
    pace = (f"{played} of {settings['target']} deals" if settings["mode"] == "deals"
            else f"race to {settings['target']}, {played} played")
    when = time.strftime("%m-%d %H:%M", time.localtime(row["updated"]))
    line = Text(f"#{row['id']:<4}", style="bold")
    line.append(f" {rules.name} {rules.chinese} · {pace}")
    line.append(f"  {when}", style="dim")
    against = opponents(settings["bots"], row.get("people", {}))
    line.append(f"\n      {fit(person_name(row['player'], 0), 24)} against {against}",
                style="dim")
    return line


class StartScreen(Screen):
    """Unfinished matches from the database, and a new match."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("n", "new", "New match"),
                                             Binding("q", "app.quit", "Quit")]

    def compose(self) -> ComposeResult:
        yield Static(Text.assemble(("dizhu", "bold"), " 斗地主 · Dou Dizhu in the terminal\n",
                                   ("Choose a match to resume, or start a new one.", "dim")),
                     id="banner")
        yield OptionList(id="matches")
        yield Footer()

    def on_mount(self) -> None:
        self.fill()

    def on_screen_resume(self) -> None:
        self.fill()

    def fill(self) -> None:
        """List the unfinished matches (the newest first) below "new match"."""
        options = [Option(Text("New match …", style="bold green"), id=NEW)]
        for row in self.app.store.matches(finished=False):
            options.append(Option(match_line(row), id=str(row["id"])))
        listing = self.query_one("#matches", OptionList)
        listing.set_options(options)
        listing.highlighted = 0
        listing.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_id == NEW:
            self.action_new()
        else:
            self.app.resume(int(event.option_id))

    def action_new(self) -> None:
        self.app.push_screen(NewMatchScreen(self.app.default_ruleset))


class Choices(Widget, can_focus=True):
    """The new match's settings, one per line: up and down choose a setting, left and right
    its value, Enter starts the match."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", "Setting", show=False),
        Binding("down", "move(1)", "Setting", show=False),
        Binding("left", "change(-1)", "Value", show=False),
        Binding("right", "change(1)", "Value", show=False),
        Binding("enter", "start", "Start the match"),
    ]
    row = reactive(0)
    version = reactive(0)

    class Start(Message):
        """The person asked to start the match these settings describe."""

        def __init__(self, new: NewMatch) -> None:
            super().__init__()
            self.new = new

    def __init__(self, ruleset: str, player: str, **kw: Any) -> None:
        super().__init__(**kw)
        self.player = player
        self.values: dict[str, Any] = {"ruleset": ruleset, "mode": "deals", "deals": 10,
                                       "points": 50, "doubling": False,
                                       "distinct_kickers": False}
        self.values.update({f"seat{s}": "normal" for s in range(1, 4)})

    def rows(self) -> list[tuple[str, str, list[tuple[Any, str]]]]:
        """(key, label, [(value, shown)]) for each setting of the form as it stands."""
        rules = find_ruleset(self.values["ruleset"])
        mode = self.values["mode"]
        out: list[tuple[str, str, list[tuple[Any, str]]]] = [
            ("ruleset", "Ruleset", [(n, n) for n in names()]),
            ("mode", "Match", [("deals", "a number of deals"), ("points", "a race to points")]),
            (mode, "Length", [(n, f"{n} {mode}") for n in
                              (DEAL_LIMITS if mode == "deals" else POINT_TARGETS)]),
        ]
        levels = [(level, level_choice(level)) for level in LEVELS]
        out += [(f"seat{s}", place_label(s, rules.seats), levels) for s in range(1, rules.seats)]
        for option, label in (("doubling", "Doubling"), ("distinct_kickers", "Distinct kickers")):
            if option in rules.option_names:
                out.append((option, label, [(False, "off"), (True, "on")]))
        return out

    def new_match(self) -> NewMatch:
        """The new match the form describes."""
        v = self.values
        rules = find_ruleset(v["ruleset"])
        options = {k: bool(v[k]) and k in rules.option_names
                   for k in ("doubling", "distinct_kickers")}
        return NewMatch(player=self.player, mode=v["mode"], target=v[v["mode"]],
                        bots=tuple(v[f"seat{s}"] for s in range(1, rules.seats)),
                        ruleset=rules.name, **options)

    def render(self) -> Text:
        out = Text()
        rows = self.rows()
        width = max(cells(label) for _, label, _ in rows)
        room = self.content_region.width or 78
        for i, (key, label, options) in enumerate(rows):
            here = i == self.row
            out.append("▶ " if here else "  ", style="bold yellow")
            out.append(pad(label, width), style="bold" if here else "")
            used = width + 2
            for n, (value, shown) in enumerate(options):
                chosen = value == self.values[key]
                style = ("reverse bold" if here else "bold underline") if chosen else "dim"
                piece = cells(shown) + 2 + (1 if n else 0)
                if n and used + piece > room:  # the rest of the values on the next line
                    out.append("\n" + " " * (width + 2))
                    used, piece = width + 2, piece - 1
                else:
                    out.append(" " if n else "")
                out.append(f" {shown} ", style=style)
                used += piece
            out.append("\n")
        rules = find_ruleset(self.values["ruleset"])  # the ruleset chosen, in its words
        about = f"{rules.name} {rules.chinese}: {rules.summary}"
        out.append(fit(about, max(20, self.content_region.width or 76)), style="cyan")
        out.append("\n")
        out.append("\n↑↓ choose a setting · ←→ change it · Enter starts the match · "
                   "Esc goes back", style="dim")
        return out

    def action_move(self, step: int) -> None:
        self.row = (self.row + step) % len(self.rows())

    def action_change(self, step: int) -> None:
        key, _, options = self.rows()[self.row]
        values = [value for value, _ in options]
        here = values.index(self.values[key]) if self.values[key] in values else 0
        self.values[key] = values[(here + step) % len(values)]
        self.row = min(self.row, len(self.rows()) - 1)
        self.version += 1

    def action_start(self) -> None:
        self.post_message(self.Start(self.new_match()))


class NewMatchScreen(Screen):
    """The settings of a new match: ruleset, deals or points, a level per computer seat,
    the options of the ruleset."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "app.pop_screen", "Back")]

    def __init__(self, ruleset: str) -> None:
        super().__init__()
        self.ruleset = ruleset

    def compose(self) -> ComposeResult:
        yield Static(Text("A new match", style="bold"), id="banner")
        yield Choices(self.ruleset, self.app.player_name(), id="choices")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(Choices).focus()

    def on_choices_start(self, message: Choices.Start) -> None:
        self.app.pop_screen()
        self.app.start(message.new)
