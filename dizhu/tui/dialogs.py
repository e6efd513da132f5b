"""Questions the table asks over itself: name a pattern, choose a reading, read the score
sheet."""

from __future__ import annotations

from typing import Any, ClassVar, TypeVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.events import Key, Resize
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ..cards import RANKS, count_of, format_ranks
from ..combos import Kind, Play
from ..deal import Deal
from ..patterns import PatternChoices, Shape, shapes
from ..rules import RuleSet
from ..session import ActionError
from ..words import cards_text, face, kind_words
from .entry import not_a_rank, typed_ranks
from .render import play_name

Answer = TypeVar("Answer")


class Question(ModalScreen[Answer]):
    """A question over the table with a list of answers, the list as long as the screen
    leaves room for (it scrolls beyond)."""

    AROUND = 10
    """The lines the dialog's border, question, margins, message and keys take."""

    def on_resize(self, event: Resize) -> None:
        self.query_one("#answers").styles.max_height = max(3, event.size.height - self.AROUND)


GROUPS = {1: "single", 2: "pair", 3: "triple", 4: "four"}
"""What the cards of one rank of a pattern's main part are called, by their number."""


def rank_question(shape: Shape, chain: bool) -> str:
    """The question for a pattern's rank in the words of its shape: a run's lowest rank
    (of its triples, where wings go with them), the rank of the triple or the four that
    kickers go with, or plainly which rank."""
    if chain:
        return f"The lowest rank of its {GROUPS[shape.body]}s?" if shape.wings \
            else "Its lowest rank?"
    return f"The rank of its {GROUPS[shape.body]}?" if shape.wings else "Which rank?"


class PatternScreen(Question[dict[str, Any] | None]):
    """Name a play by its pattern: the kind, its rank (a chain's lowest), a chain's length
    (a bomb's size with two packs), then each wing or kicker; dismissed with the session's
    ``pattern`` entry, or ``None``."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, rules: RuleSet, choices: PatternChoices) -> None:
        """``choices``: what the seat may name now (from its legal plays): each step offers
        only the answers that lead to one of them."""
        super().__init__()
        self.rules = rules
        self.choices = choices
        self.shape: Shape | None = None
        self.pattern: dict[str, Any] = {}
        self.step = "kind"
        self.offered: list[int] = []
        """The ranks the current question about ranks offers."""

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(id="question")
            yield OptionList(id="answers")
            yield Static(id="said")
            yield Static(Text("↑↓ and Enter (or type a rank) · Esc cancels", style="dim"))

    def on_mount(self) -> None:
        self.ask_kind()

    def ask(self, question: str, options: list[Option]) -> None:
        said = Text("Name a pattern", style="bold")
        if self.pattern:
            said.append("  " + self.named(), style="cyan")
        said.append(f"\n{question}")
        self.query_one("#question", Static).update(said)
        self.query_one("#said", Static).update("")
        answers = self.query_one("#answers", OptionList)
        answers.set_options(options)
        answers.highlighted = 0
        answers.focus()

    def named(self) -> str:
        """The answers so far, in words: ``triple with a single 三带一 · 8``, ``straight
        顺子 · from 8 · 5 ranks``."""
        pattern = self.pattern
        parts = [kind_words(pattern["kind"])]
        if "main" in pattern:
            chain = self.shape is not None and self.shape.chain(self.rules.combos)
            parts.append(f"from {face(pattern['main'])}" if chain else face(pattern["main"]))
        if "length" in pattern:
            parts.append(f"{pattern['length']} ranks")
        if "size" in pattern:
            parts.append(f"{pattern['size']} cards")
        if pattern.get("wings"):
            parts.append("with " + cards_text("".join(pattern["wings"])))
        return " · ".join(parts)

    def ask_kind(self) -> None:
        options = []
        playable = self.choices.kinds()
        for shape in shapes(self.rules.combos, bool(self.rules.wild_ranks)):
            label = shape.kind.label
            prompt = Text(kind_words(label), style="" if shape.kind in playable else "dim")
            options.append(Option(prompt, id=label))
        self.ask("Which pattern? (dimmed: none of it can be played now)", options)

    def ask_rank(self, question: str, ranks: list[int]) -> None:
        self.offered = ranks
        self.ask(question, [Option(face(RANKS[r]), id=RANKS[r]) for r in ranks])

    def answers(self) -> dict[str, Any]:
        """The answers so far as :meth:`PatternChoices.fitting` takes them."""
        p = self.pattern
        return {"kind": Kind.from_label(p["kind"]), "main": RANKS.index(p["main"]),
                "length": p.get("length", 1), "size": p.get("size"),
                "wings": tuple(RANKS.index(r) for r in p.get("wings", []))}

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.answer(str(event.option_id))

    def on_key(self, event: Key) -> None:
        """A typed rank answers a question about ranks; a key that is no rank, or a rank
        not held, is answered with a word."""
        char = event.character or ""
        if self.step not in ("main", "wing") or len(char) != 1 or not char.isprintable():
            return
        event.stop()
        try:
            ranks = typed_ranks(char)
        except ActionError:
            self.say(not_a_rank(char))
            return
        wanted = next((r for r in self.offered if count_of(ranks, r)), None)
        if wanted is None:
            self.say(f"{cards_text(format_ranks(ranks))} cannot be named here: choose one of "
                     "the ranks listed")
            return
        self.answer(RANKS[wanted])

    def say(self, words: str) -> None:
        self.query_one("#said", Static).update(Text(f"✗ {words}", style="bold red"))

    def answer(self, value: str) -> None:
        """Take one answer and ask the next question (or finish)."""
        if self.step == "kind":
            kind = Kind.from_label(value)
            self.shape = next(s for s in shapes(self.rules.combos, bool(self.rules.wild_ranks))
                              if s.kind is kind)
            self.pattern = {"kind": value}
            if kind is Kind.ROCKET:
                self.dismiss(self.pattern)
                return
            self.step = "main"
            mains = self.choices.mains(kind)
            if not mains:
                self.say(f"none of {kind_words(value)} can be played now: choose another")
                self.step = "kind"
                return
            self.ask_rank(rank_question(self.shape, self.shape.chain(self.rules.combos)
                                        is not None), mains)
        elif self.step == "main":
            self.pattern["main"] = value
            self.after_main()
        elif self.step == "size":
            self.pattern["size"] = int(value)
            self.dismiss(self.pattern)
        elif self.step == "length":
            self.pattern["length"] = int(value)
            self.ask_wings()
        else:
            self.pattern.setdefault("wings", []).append(value)
            self.ask_wings()

    def after_main(self) -> None:
        shape = self.shape
        combos = self.rules.combos
        kind, main = shape.kind, RANKS.index(self.pattern["main"])
        smallest, biggest = combos.bomb_sizes
        if shape.chain(combos):
            self.step = "length"
            self.ask("How long is the run?", [Option(f"{n} ranks", id=str(n))
                                              for n in self.choices.lengths(kind, main)])
        elif kind is Kind.BOMB and smallest < biggest:
            self.step = "size"
            self.ask("How many cards?", [Option(f"{n} cards", id=str(n))
                                         for n in self.choices.sizes(kind, main, 1)])
        else:
            self.ask_wings()

    def ask_wings(self) -> None:
        need = self.shape.wing_count(int(self.pattern.get("length", 1)))
        have = len(self.pattern.get("wings", []))
        if have >= need:
            self.dismiss(self.pattern)
            return
        self.step = "wing"
        what = "wing" if self.shape.chain(self.rules.combos) else "kicker"
        each = "single" if self.shape.wing == 1 else "pair"
        self.ask_rank(f"{what.capitalize()} {have + 1} of {need} ({each}): which rank?",
                      self.choices.next_wings(**self.answers()))

    def action_cancel(self) -> None:
        self.dismiss(None)


class ChooseScreen(Question[Play | None]):
    """Cards that read two ways: which play is meant."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, options: list[Play]) -> None:
        super().__init__()
        self.question = question
        self.options = options

    def compose(self) -> ComposeResult:
        with Vertical(id="dialog"):
            yield Static(Text(self.question, style="bold"))
            yield OptionList(*[Option(self.option_words(p), id=str(i))
                               for i, p in enumerate(self.options)], id="answers")
            yield Static(Text("↑↓ and Enter · Esc cancels", style="dim"))

    def on_mount(self) -> None:
        self.query_one("#answers", OptionList).focus()

    @staticmethod
    def option_words(play: Play) -> str:
        """A reading in words: its kind and cards, and with wild cards standing for other
        ranks, what they stand for (``6 6 7 7 → soft bomb 软炸 7 7 7 7``)."""
        if play.stands_for != play.cards:
            return f"{cards_text(play.ranks)}  →  {play_name(play)}"
        return f"{play_name(play)}   {cards_text(play.ranks)}"

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.options[int(event.option_id)])

    def action_cancel(self) -> None:
        self.dismiss(None)


class SheetScreen(ModalScreen[bool]):
    """A deal's score sheet; Enter goes on (the next deal, or the start screen once the
    match is over), Esc goes back to the table. A long match's table scrolls (↑↓)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "go_on", "Go on"),
                                             Binding("escape", "close", "The table"),
                                             Binding("r", "review", "Review")]
    WIDTH = 90
    """The dialog's widest, in cells."""
    FRAME = 5
    """The cells its border, padding and scroll bar take from a line."""
    AROUND = 4
    """The lines its border, title and keys take from the screen's."""

    def __init__(self, sheet: Text, finished: bool, deal: Deal | None = None,
                 seat: int = 0) -> None:
        super().__init__()
        self.sheet = sheet
        self.finished = finished
        self.deal, self.seat = deal, seat
        """The deal to review with ``r`` (as ``seat`` saw it), if any."""

    def compose(self) -> ComposeResult:
        after = ("Enter: back to the start screen" if self.finished
                 else "Enter: the next deal") + " · Esc: look at the table" + \
            (" · r: review the deal" if self.deal is not None else "")
        with Vertical(id="dialog", classes="sheet"):
            yield Static(Text("Score sheet", style="bold underline"))
            with VerticalScroll(id="sheet"):
                yield Static(self.sheet)
            yield Static(Text(after, style="dim"))

    def on_mount(self) -> None:
        self.query_one("#sheet").focus()

    def on_resize(self, event: Resize) -> None:
        self.query_one("#sheet").styles.max_height = max(3, event.size.height - self.AROUND)

    def action_go_on(self) -> None:
        self.dismiss(True)

    def action_review(self) -> None:
        if self.deal is not None:
            from .review import ReviewScreen  # the coach loads with the first review
            self.app.push_screen(ReviewScreen(self.deal, self.seat))

    def action_close(self) -> None:
        self.dismiss(False)
