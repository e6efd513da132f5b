"""Naming a play by its pattern in the terminal, by keys alone: every kind with kickers or
wings, in each ruleset that has it, is named rank by rank and played (the same plays the
browser tests name)."""

import pytest

from dizhu.cards import RANKS
from dizhu.patterns import naming, shapes
from dizhu.rulesets import find_ruleset
from dizhu.tui.app import DizhuApp
from dizhu.tui.dialogs import PatternScreen
from dizhu.tui.table import TableScreen

from .deals import WINGED, leading_with
from .test_tui import SIZE, landlord_to_lead, last_of_mine, message, run, seeded


def key_of(rank: int) -> str:
    """The key that types a rank (0 for ten)."""
    return "0" if RANKS[rank] == "T" else RANKS[rank].lower()


@pytest.mark.parametrize("ruleset, kind", WINGED, ids=[f"{r}-{k.label}" for r, k in WINGED])
def test_naming_a_pattern_with_wings_plays_it(tmp_path, ruleset, kind):
    seed, play = leading_with(ruleset, kind)
    rules = find_ruleset(ruleset)
    named = naming(play, rules.combos)
    db = tmp_path / "game.sqlite3"
    seeded(db, seed, ruleset=ruleset, bots=("easy",) * (rules.seats - 1))

    async def test():
        app = DizhuApp(db, pause=0)
        async with app.run_test(size=SIZE) as pilot:
            table = await landlord_to_lead(pilot)
            await pilot.press("n")
            assert isinstance(app.screen, PatternScreen)
            kinds = [s.kind for s in shapes(rules.combos)]
            await pilot.press(*["down"] * kinds.index(kind), "enter")
            await pilot.press(key_of(named.main))
            chain = app.screen.shape.chain(rules.combos)
            if chain:
                await pilot.press(*["down"] * (named.length - chain[0]), "enter")
            await pilot.press(*map(key_of, named.wings))
            await pilot.pause()
            assert isinstance(app.screen, TableScreen), message(table)
            assert last_of_mine(table.session)[0] == play

    run(test)
