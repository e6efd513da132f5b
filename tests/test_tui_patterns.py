"""Naming a play by its pattern in the terminal, by keys alone: every kind with kickers or
wings, in each ruleset that has it, is named rank by rank and played (the same plays the
browser tests name)."""

import pytest
from textual.widgets import OptionList

from dizhu.cards import RANKS
from dizhu.combos import Kind
from dizhu.patterns import PatternChoices, naming, shapes
from dizhu.rulesets import find_ruleset, names
from dizhu.tui.app import DizhuApp
from dizhu.tui.dialogs import PatternScreen
from dizhu.tui.table import TableScreen
from dizhu.words import face

from .deals import WINGED, leading_with
from .test_tui import SIZE, landlord_to_lead, last_of_mine, message, run, seeded


def key_of(rank: int) -> str:
    """The key that types a rank (0 for ten)."""
    return "0" if RANKS[rank] == "T" else RANKS[rank].lower()


def name_and_play(tmp_path, ruleset: str, kind: Kind, answer) -> None:
    """The creator leads a deal in which it can play ``kind``, opens the pattern screen,
    chooses the kind and gives the rest by ``answer(pilot, app, choices, named)`` (a
    coroutine, ``named`` the longest such play's naming); then that play is on the table."""
    seed, play = leading_with(ruleset, kind)
    rules = find_ruleset(ruleset)
    db = tmp_path / "game.sqlite3"
    seeded(db, seed, ruleset=ruleset, bots=("easy",) * (rules.seats - 1))

    async def test():
        app = DizhuApp(db, pause=0)
        async with app.run_test(size=SIZE) as pilot:
            table = await landlord_to_lead(pilot)
            choices = PatternChoices.of(table.view.legal, rules.combos)
            await pilot.press("n")
            assert isinstance(app.screen, PatternScreen)
            kinds = [s.kind for s in shapes(rules.combos)]
            await pilot.press(*["down"] * kinds.index(kind), "enter")
            await answer(pilot, app, choices, naming(play, rules.combos))
            await pilot.pause()
            assert isinstance(app.screen, TableScreen), message(table)
            assert last_of_mine(table.session)[0] == play

    run(test)


def offered(app) -> list[str]:
    """The answers the pattern screen offers now, by id."""
    answers = app.screen.query_one("#answers", OptionList)
    return [answers.get_option_at_index(i).id for i in range(answers.option_count)]


@pytest.mark.parametrize("ruleset, kind", WINGED, ids=[f"{r}-{k.label}" for r, k in WINGED])
def test_naming_a_pattern_with_wings_plays_it(tmp_path, ruleset, kind):
    async def answer(pilot, app, choices, named):
        await pilot.press(key_of(named.main))
        if app.screen.shape.chain(app.screen.rules.combos):
            await pilot.press(*["down"] * offered(app).index(str(named.length)), "enter")
        await pilot.press(*map(key_of, named.wings))

    name_and_play(tmp_path, ruleset, kind, answer)


@pytest.mark.parametrize("ruleset, kind", [("classic", Kind.AIRPLANE_SINGLES),
                                           ("four", Kind.AIRPLANE_PAIRS)])
def test_the_picker_offers_only_what_the_hand_can_make(tmp_path, ruleset, kind):
    """Each step lists only the ranks, lengths and wings that lead to a legal play: the
    main ranks of the kind the hand can play, the lengths of runs it holds from that rank,
    the wings that still complete one (as the browser's picker does, from the engine)."""
    async def answer(pilot, app, choices, named):
        assert offered(app) == [RANKS[r] for r in choices.mains(kind)]
        await pilot.press(key_of(named.main))
        lengths = choices.lengths(kind, named.main)
        assert offered(app) == [str(n) for n in lengths]
        await pilot.press(*["down"] * lengths.index(named.length), "enter")
        wings: tuple[int, ...] = ()
        for wing in named.wings:
            assert offered(app) == [RANKS[r] for r in choices.next_wings(
                kind, named.main, named.length, named.size, wings)]
            await pilot.press(key_of(wing))
            wings += (wing,)

    name_and_play(tmp_path, ruleset, kind, answer)


QUESTIONS = {
    Kind.SINGLE: "Which rank?", Kind.PAIR: "Which rank?", Kind.TRIPLE: "Which rank?",
    Kind.BOMB: "Which rank?",
    Kind.TRIPLE_SINGLE: "The rank of its triple?", Kind.TRIPLE_PAIR: "The rank of its triple?",
    Kind.FOUR_TWO_SINGLES: "The rank of its four?", Kind.FOUR_TWO_PAIRS: "The rank of its four?",
    Kind.STRAIGHT: "Its lowest rank?", Kind.PAIR_CHAIN: "Its lowest rank?",
    Kind.AIRPLANE: "Its lowest rank?",
    Kind.AIRPLANE_SINGLES: "The lowest rank of its triples?",
    Kind.AIRPLANE_PAIRS: "The lowest rank of its triples?",
}
"""What the pattern screen asks first of each kind: a run only where the kind has one, the
part the kickers or wings go with where it has them."""
HAND = {1: "333344445555666677BR", 2: "3333344445555666677BR"}
"""A hand (by packs) that can play every pattern of its ruleset but the two-pack rocket."""


@pytest.mark.parametrize("ruleset", names())
def test_the_pattern_questions_ask_for_what_each_kind_has(tmp_path, ruleset):
    rules = find_ruleset(ruleset)
    hand = rules.parse_ranks(HAND[rules.packs])
    choices = PatternChoices.of(list(rules.generator.legal(hand, None)), rules.combos)
    kinds = [s.kind for s in shapes(rules.combos)]

    async def test():
        app = DizhuApp(tmp_path / "game.sqlite3", pause=0)
        async with app.run_test(size=SIZE) as pilot:
            for kind in kinds:
                if kind is Kind.ROCKET:
                    continue
                app.push_screen(PatternScreen(rules, choices))
                await pilot.pause()
                await pilot.press(*["down"] * kinds.index(kind), "enter")
                asked = app.screen.query_one("#question").content.plain.splitlines()
                assert asked[-1] == QUESTIONS[kind], (kind, asked)
                main = face(RANKS[choices.mains(kind)[0]])
                await pilot.press("enter")  # the lowest rank offered
                if isinstance(app.screen, PatternScreen):  # asked more: the answers so far
                    said = app.screen.query_one("#question").content.plain.splitlines()[0]
                    chain = app.screen.shape.chain(rules.combos) is not None
                    assert said.split(" · ")[1] == (f"from {main}" if chain else main), said
                    await pilot.press("escape")

    run(test)
