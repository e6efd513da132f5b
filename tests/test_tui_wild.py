"""The terminal game plays ``laizi`` and ``tiandi`` by keys, headless, on a real SQLite file:
the start screen offers them, the title names the wild ranks and every wild card is marked,
cards that read several ways ask which, a pattern is filled with a wild card, and the score
sheet names the bomb classes."""

import pytest

from dizhu.cards import RANKS, card_rank, count_of, format_ranks
from dizhu.combos import Kind
from dizhu.deal import Phase
from dizhu.patterns import naming, shapes
from dizhu.session import CREATOR, MatchSession, Store
from dizhu.tui.app import DizhuApp
from dizhu.tui.dialogs import ChooseScreen, PatternScreen, SheetScreen
from dizhu.tui.start import NewMatchScreen
from dizhu.tui.table import TableScreen
from dizhu.words import cards_text, kind_name, why_words

from .test_tui import (
    SIZE,
    answer_auction,
    last_of_mine,
    message,
    run,
    settle,
    shown,
    type_text,
)
from .wild_tables import (
    leading_table,
    new_wild,
    readings_of_one_set,
    run_from_a_missing_rank,
)


def made(path, ruleset: str, wanted=readings_of_one_set):
    """A match stored at ``path`` in which the person leads a hand with what is wanted."""
    store = Store(path)
    table, found = leading_table(store, ruleset, wanted)
    table.close()
    store.close()
    return found


def at_the_table(path, test) -> None:
    async def main():
        app = DizhuApp(path, pause=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("down", "enter")  # the match listed first
            table = await settle(pilot)
            await test(app, pilot, table)

    run(main)


def typed(ranks: int) -> str:
    """Rank counts as a person types them (ten as 0)."""
    return "".join(RANKS[r].replace("T", "0") * ((ranks >> 4 * r) & 15) for r in range(15))


@pytest.mark.parametrize("ruleset", ["laizi", "tiandi"])
def test_the_start_screen_offers_the_wild_rulesets(tmp_path, ruleset):
    async def main():
        app = DizhuApp(tmp_path / "game.sqlite3", pause=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("enter")
            assert isinstance(app.screen, NewMatchScreen)
            rulesets = [value for value, _ in app.screen.query_one("#choices").rows()[0][2]]
            assert rulesets == ["classic", "rob", "four", "laizi", "tiandi"]
            await pilot.press(*["right"] * (3 if ruleset == "laizi" else 4), "enter")
            table = await settle(pilot)
            assert table.session.rules.name == ruleset
            title = shown(table.query_one("#title"))
            wild = table.session.deal.wild
            if ruleset == "laizi" and not wild:  # the person has an auction turn to take
                assert "wild 癞子: drawn after the auction" in title
            elif ruleset == "laizi":  # a computer player opened with 3: the auction is over
                assert f"wild 癞子 {RANKS[wild[0]].replace('T', '10')}*" in title
            else:
                sky = RANKS[table.session.deal.wild[0]]
                assert f"sky 天 {sky.replace('T', '10')}*" in title

    run(main)


@pytest.mark.parametrize("ruleset", ["laizi", "tiandi"])
@pytest.mark.parametrize("answer", [0, 1])
def test_wild_cards_are_marked_and_two_readings_are_asked(tmp_path, ruleset, answer):
    db = tmp_path / "game.sqlite3"
    ranks, plays = made(db, ruleset)

    async def test(app, pilot, table):
        session = table.session
        wild = session.deal.wild
        title = shown(table.query_one("#title"))
        assert all(f"{RANKS[w].replace('T', '10')}*" in title for w in wild)
        hand = table.query_one("#hand").content
        held = [c for c in session.deal.held_cards(CREATOR) if card_rank(c) in wild]
        assert hand.plain.count("*") == len(held) > 0
        await pilot.press("c")
        assert "wild 癞子" in shown(table.query_one("#strip"))
        await type_text(pilot, typed(ranks))
        await pilot.press("enter")
        assert isinstance(app.screen, ChooseScreen)
        assert "_" not in app.screen.question and "soft bomb" in app.screen.question
        options = [p.text for p in app.screen.options]
        assert sorted(options) == sorted(p.text for p in plays)
        index = options.index(plays[answer].text)
        await pilot.press(*["down"] * index, "enter")
        action, _ = last_of_mine(session)
        assert action == plays[answer]
        trick = shown(table.query_one("#trick"))
        assert trick.count("*") >= sum((ranks >> 4 * w) & 15 for w in wild)
        if action.stands_for != action.cards:
            assert " ".join(r.replace("T", "10") for r in ranks_of(action.stands_for)) in trick

    at_the_table(db, test)


def ranks_of(ranks: int) -> list[str]:
    """Rank counts as their letters, one per card."""
    return [RANKS[r] for r in range(15) for _ in range((ranks >> 4 * r) & 15)]


def straight_with_a_wild_card(table):
    legal = table.deal.legal_plays()
    natural = {p.stands_for for p in legal if p.kind is Kind.STRAIGHT and p.stands_for == p.cards}
    for play in legal:
        if play.kind is Kind.STRAIGHT and play.stands_for not in natural:
            return play
    return None


async def name_a_run(app, pilot, table, play, typed_main: bool = False):
    """Name ``play`` (a chain) by keys: its pattern, its lowest rank (chosen from the list,
    or typed), its length; the person's action it made."""
    session = table.session
    named = naming(play, session.rules.combos, session.deal.wild)
    kinds = [s.kind for s in shapes(session.rules.combos, True)]
    assert kinds[-2:] == [Kind.SOFT_BOMB, Kind.WILD_BOMB]
    await pilot.press("n")
    assert isinstance(app.screen, PatternScreen)
    await pilot.press(*["down"] * kinds.index(play.kind), "enter")
    mains = app.screen.offered
    assert named.main in mains
    if typed_main:
        await pilot.press(RANKS[named.main].replace("T", "0").lower())
    else:
        await pilot.press(*["down"] * mains.index(named.main), "enter")
    assert app.screen.step == "length", app.screen.query_one("#said").render()
    lengths = app.screen.choices.lengths(play.kind, named.main)
    await pilot.press(*["down"] * lengths.index(named.length), "enter")
    await pilot.pause()
    assert isinstance(app.screen, TableScreen), table.message.plain
    action, _ = last_of_mine(session)
    assert action.kind is play.kind and action.stands_for == play.stands_for
    return action


def test_a_pattern_named_by_keys_is_filled_with_a_wild_card(tmp_path):
    db = tmp_path / "game.sqlite3"
    play = made(db, "laizi", straight_with_a_wild_card)

    async def test(app, pilot, table):
        action = await name_a_run(app, pilot, table, play)
        assert action.stands_for != action.cards

    at_the_table(db, test)


@pytest.mark.parametrize("ruleset", ["laizi", "tiandi"])
def test_a_run_from_a_rank_held_only_as_a_wild_card_is_named_by_keys(tmp_path, ruleset):
    """A run whose lowest rank the hand holds no card of (a wild card stands for it): the
    picker lists that rank among the lowest ranks, as the engine's plays have it, and
    typing it names it too."""
    db = tmp_path / "game.sqlite3"
    play = made(db, ruleset, run_from_a_missing_rank)

    async def test(app, pilot, table):
        assert not count_of(table.session.deal.position.hands[CREATOR], play.main)
        await name_a_run(app, pilot, table, play, typed_main=True)

    at_the_table(db, test)


@pytest.mark.parametrize("ruleset", ["laizi", "tiandi"])
def test_a_whole_deal_by_keys_ends_with_the_bomb_classes_named(tmp_path, ruleset):
    db = tmp_path / "game.sqlite3"
    store = Store(db)
    new_wild(store, ruleset, "keys", "easy").close()
    store.close()

    async def test(app, pilot, table):
        session = table.session
        while not isinstance(app.screen, SheetScreen):
            view = table.view
            if view.phase is not Phase.PLAY:
                await answer_auction(pilot, table)
            else:
                await pilot.press("h", "enter")
                if isinstance(app.screen, ChooseScreen):
                    await pilot.press("enter")
                if not session.hints(CREATOR) and table.view.phase is Phase.PLAY \
                        and session.person_to_move() == CREATOR:
                    await pilot.press("p")
            table = await settle(pilot)
        sheet = app.screen.sheet.plain
        for words in ("Soft bombs 软炸", "Hard bombs 硬炸", "Wild bombs 纯癞子炸", "Rocket"):
            assert words in sheet, sheet
        assert "Bombs 炸弹" not in sheet
        if session.deal.bombs:
            assert "bomb ×2" in shown(table.query_one("#title"))
        again = MatchSession.load(Store(db), session.id)
        assert again.state(CREATOR) == session.state(CREATOR)

    at_the_table(db, test)


def a_hint_with_wild_cards(table):
    """The first of the person's hints whose wild cards stand for other ranks: (its place
    among the hints, how many there are, the play)."""
    hints = table.hints(CREATOR)
    for index, play in enumerate(hints):
        if play.stands_for != play.cards:
            return index, len(hints), play
    return None


@pytest.mark.parametrize("ruleset", ["laizi", "tiandi"])
def test_a_hint_with_wild_cards_says_its_cards_and_then_what_they_stand_for(tmp_path, ruleset):
    """The hint's line names the kind, the cards it plays, then what its wild cards stand
    for, ``as`` between: the two lists of ranks never run together."""
    db = tmp_path / "game.sqlite3"
    made(db, ruleset, a_hint_with_wild_cards)

    async def test(app, pilot, table):
        await pilot.press("h")  # the hints, the coach's first: find one with wild cards
        plays, count = table.hint_plays, len(table.hint_plays)
        index = next(i for i, p in enumerate(plays) if p.stands_for != p.cards)
        play = plays[index]
        await pilot.press(*["h"] * index)
        kind = kind_name(play.kind.label)
        cards = cards_text(play.ranks)
        stood = cards_text(format_ranks(play.stands_for))
        coach = table.hint_why
        why = "" if index else f" · chance to win {coach.chance:.0%}: " \
            f"{why_words(coach.why.code, coach.why.params)}"
        assert message(table) == (f"Hint {index + 1} of {count}: {kind} "
                                  f"{kind_name(play.kind.label, 'zh')} {cards} as {stood}"
                                  f"{why} · Enter plays it, h the next")

    at_the_table(db, test)
