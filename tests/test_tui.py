"""The terminal game, driven by keys alone through Textual's pilot, headless, on a real
SQLite file: what is played at the table is what the database keeps."""

import asyncio
import sys

import pytest

from dizhu.actions import action_from_json
from dizhu.cards import RANKS, UNIT, card_rank, count_of
from dizhu.combos import PASS, Kind
from dizhu.deal import Phase
from dizhu.patterns import shapes
from dizhu.session import CREATOR, MatchSession, NewMatch, Store
from dizhu.tui.app import DizhuApp
from dizhu.tui.dialogs import ChooseScreen, PatternScreen, SheetScreen
from dizhu.tui.entry import cards_entered, typed_ranks
from dizhu.tui.start import NewMatchScreen, StartScreen
from dizhu.tui.table import TableScreen

SIZE = (120, 40)
AIRPLANE_SEED = "t5654"
"""A match seed whose first deal opens at seat 0, whose hand and kitty hold TTTJJJQQQKKK."""


def run(test) -> None:
    asyncio.run(test())


def table_of(app) -> TableScreen | None:
    return next((s for s in app.screen_stack if isinstance(s, TableScreen)), None)


async def settle(pilot) -> TableScreen | None:
    """Let the computer players move until the person is asked something (or the deal is
    over)."""
    app = pilot.app
    for _ in range(1000):
        await app.workers.wait_for_complete()
        await pilot.pause()
        table = table_of(app)
        if table is None or (not table.thinking and table.session.pending() is None):
            return table
    raise AssertionError("the computer players never stopped")


def seeded(path, seed: str, **kw) -> int:
    """A stored match with a chosen seed (as the web lobby would create it, but seeded)."""
    store = Store(path)
    new = NewMatch(**{"player": "Ann", "mode": "deals", "target": 5, "bots": ("easy", "easy"),
                      **kw})
    match_id = MatchSession.create(store, new, seed=seed).id
    store.close()
    return match_id


async def open_first_listed(pilot) -> TableScreen:
    """From the start screen: the first unfinished match listed (below "new match")."""
    assert isinstance(pilot.app.screen, StartScreen)
    await pilot.press("down", "enter")
    return await settle(pilot)


async def landlord_to_lead(pilot) -> TableScreen:
    """From the start screen: the seeded match resumed, where seat 0 opens the auction;
    the person bids 3, takes the kitty and is to lead."""
    await pilot.pause()
    await open_first_listed(pilot)
    await pilot.press("3")
    return await settle(pilot)


async def type_text(pilot, text: str) -> None:
    await pilot.press(*[{" ": "space"}.get(ch, ch) for ch in text])


def message(table: TableScreen) -> str:
    return table.message.plain


def shown(widget) -> str:
    """The text a Static shows."""
    return widget.content.plain


def last_of_mine(session: MatchSession):
    """The person's last action of the deal: (action, its cards)."""
    return [(a, cards) for seat, a, cards in session.deal.suited_history() if seat == CREATOR][-1]


def reloaded(path, match_id: int) -> MatchSession:
    return MatchSession.load(Store(path), match_id)


async def answer_auction(pilot, table: TableScreen, bid: str = "3",
                         double: bool = False) -> None:
    """Bid (or call and rob) when it is the person's turn in the auction, then double or
    not."""
    view = table.view
    tokens = [getattr(a, "token", None) for a in view.legal]
    if view.phase is Phase.DOUBLING:
        await pilot.press("d" if double else "p")
    elif bid in tokens:
        await pilot.press(bid)
    elif "call" in tokens or "rob" in tokens:
        await pilot.press("y")
    else:
        await pilot.press("p")


def test_a_whole_deal_by_keys_is_stored_as_played(tmp_path):
    db = tmp_path / "game.sqlite3"

    async def test():
        app = DizhuApp(db, pause=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("enter")  # "new match", the first line of the start screen
            assert isinstance(app.screen, NewMatchScreen)
            await pilot.press("down", "down", "right", "left", "left")  # 5 deals
            await pilot.press("down", "left", "down", "left")  # both computers easy
            await pilot.press("enter")
            table = await settle(pilot)
            session = table.session
            assert session.settings["target"] == 5 and session.settings["bots"] == ["easy"] * 2
            turn = 0
            while not isinstance(app.screen, SheetScreen):
                view = table.view
                assert session.person_to_move() == CREATOR
                if view.phase is not Phase.PLAY:
                    await answer_auction(pilot, table)
                else:
                    turn += 1
                    hints = session.hints(CREATOR)
                    if view.top is not None and turn % 3 == 0:
                        await pilot.press("p" if turn % 2 else "enter")  # a pass both ways
                    elif turn % 3 == 1 and hints:  # the best play's ranks typed, 10 as "10"
                        before = session.version
                        typed = hints[0].ranks.replace("T", "10 ")
                        await type_text(pilot, typed)
                        await pilot.press("enter")
                        if isinstance(app.screen, ChooseScreen):
                            await pilot.press("enter")
                        assert session.version > before, message(table)
                    else:
                        await pilot.press("h", "enter")
                table = await settle(pilot)
            sheet = app.screen.sheet.plain
            assert "stake" in sheet and "Match: 1 of 5 deals played" in sheet
            again = reloaded(db, session.id)
            assert again.version == session.version
            assert again.state(CREATOR) == session.state(CREATOR)
            stored = Store(db).load(session.id).events
            mine = [action_from_json(e, session.rules) if "pass" not in e else PASS
                    for seat, e in stored if seat == CREATOR]
            played = [a for seat, a, _ in session.deal.suited_history() if seat == CREATOR]
            assert mine == played
            await pilot.press("enter")  # the next deal
            assert len(session.match.deals) == 2 and session.version > again.version

    run(test)


def test_a_pattern_named_by_keys_is_played(tmp_path):
    db = tmp_path / "game.sqlite3"
    seeded(db, AIRPLANE_SEED)

    async def test():
        app = DizhuApp(db, pause=0)
        async with app.run_test(size=SIZE) as pilot:
            table = await landlord_to_lead(pilot)
            session = table.session
            hand = session.deal.hands[CREATOR]
            # a triple with a kicker, named: kind, lowest rank, kicker
            triple = next(r for r in range(len(RANKS)) if count_of(hand, r) >= 3)
            kicker = next(r for r in range(len(RANKS)) if count_of(hand, r) and r != triple)
            kinds = [s.kind for s in shapes(session.rules.combos)]
            await pilot.press("n")
            assert isinstance(app.screen, PatternScreen)
            await pilot.press(*["down"] * kinds.index(Kind.TRIPLE_SINGLE), "enter")
            await type_text(pilot, RANKS[triple].replace("T", "0"))
            await type_text(pilot, RANKS[kicker].replace("T", "0"))
            await pilot.pause()
            assert isinstance(app.screen, TableScreen), message(table)
            action, _ = last_of_mine(session)
            assert action.kind is Kind.TRIPLE_SINGLE
            assert action.cards == UNIT[triple] * 3 + UNIT[kicker]
            assert reloaded(db, session.id).state(CREATOR) == session.state(CREATOR)

    run(test)


def test_cards_that_read_two_ways_ask_which_play(tmp_path):
    db = tmp_path / "game.sqlite3"
    seeded(db, AIRPLANE_SEED)

    async def test():
        app = DizhuApp(db, pause=0)
        async with app.run_test(size=SIZE) as pilot:
            table = await landlord_to_lead(pilot)
            session = table.session
            before = session.version
            await type_text(pilot, "10 10 10 jjjqqqkkk")
            await pilot.press("enter")
            assert isinstance(app.screen, ChooseScreen)
            kinds = [p.kind for p in app.screen.options]
            assert set(kinds) == {Kind.AIRPLANE, Kind.AIRPLANE_SINGLES}
            assert session.version == before  # nothing played while the person chooses
            await pilot.press(*["down"] * kinds.index(Kind.AIRPLANE), "enter")
            action, cards = last_of_mine(session)
            assert action.kind is Kind.AIRPLANE and action.length == 4
            assert sorted(RANKS[card_rank(c)] for c in cards) == sorted("TTTJJJQQQKKK")

    run(test)


def test_an_illegal_typed_play_says_why_and_changes_nothing(tmp_path):
    db = tmp_path / "game.sqlite3"
    seeded(db, AIRPLANE_SEED)

    async def test():
        app = DizhuApp(db, pause=0)
        async with app.run_test(size=SIZE) as pilot:
            table = await landlord_to_lead(pilot)
            session = table.session
            before, state = session.version, session.state(CREATOR)
            await type_text(pilot, "tj")
            await pilot.press("enter")
            assert message(table) == "✗ TJ is not a combination"
            await pilot.press("escape")  # clears the entry line, stays at the table
            await pilot.press("enter")  # a leader passing: the engine's reason
            assert message(table) == "✗ you lead this trick: a leader may not pass"
            await type_text(pilot, "bb")
            await pilot.press("enter")
            assert message(table).startswith("✗ ")
            assert "Traceback" not in message(table)
            assert session.version == before and session.state(CREATOR) == state
            assert reloaded(db, session.id).version == before
            assert isinstance(app.screen, TableScreen)

    run(test)


def test_resume_from_the_start_screen_gives_the_same_state(tmp_path):
    db = tmp_path / "game.sqlite3"
    seeded(db, AIRPLANE_SEED)

    async def test():
        app = DizhuApp(db, pause=0)
        async with app.run_test(size=SIZE) as pilot:
            table = await landlord_to_lead(pilot)
            await pilot.press("h", "enter")
            table = await settle(pilot)
            state, version = table.session.state(CREATOR), table.session.version
            await pilot.press("escape")  # back to the start screen: the match is kept
            assert isinstance(app.screen, StartScreen)
            table = await open_first_listed(pilot)
            assert table.session.version == version
            assert table.session.state(CREATOR) == state
        app = DizhuApp(db, pause=0)  # the program started again
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            table = await open_first_listed(pilot)
            assert table.session.state(CREATOR) == state

    run(test)


def test_the_count_strip_opens_and_closes(tmp_path):
    db = tmp_path / "game.sqlite3"
    seeded(db, AIRPLANE_SEED)

    async def test():
        app = DizhuApp(db, pause=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            table = await open_first_listed(pilot)
            strip = table.query_one("#strip")
            assert not strip.display
            await pilot.press("c")
            assert strip.display
            assert "once the landlord is known" in shown(strip)
            await pilot.press("3")
            table = await settle(pilot)
            counts = table.view.count_strip()
            text = shown(strip)
            for rank, n in enumerate(counts.unseen):
                assert f"{RANKS[rank]}:{n}" in text
            await pilot.press("c")
            assert not strip.display

    run(test)


@pytest.mark.parametrize(("ruleset", "right", "seats"), [("rob", 1, 3), ("four", 2, 4)])
def test_rob_and_four_reach_the_play_with_doubling(tmp_path, ruleset, right, seats):
    db = tmp_path / "game.sqlite3"

    async def test():
        app = DizhuApp(db, pause=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await pilot.press("enter", *["right"] * right)
            await pilot.press("down", "down", *["down", "left"] * (seats - 1))
            await pilot.press("down", "right", "enter")  # doubling on
            table = await settle(pilot)
            session = table.session
            assert session.rules.name == ruleset and session.settings["bots"] == ["easy"] * (
                seats - 1)
            assert session.settings["doubling"]
            asked = False
            for _ in range(50):
                if table.view.phase is Phase.PLAY:
                    break
                asked = asked or table.view.phase is Phase.DOUBLING
                await answer_auction(pilot, table, bid="1", double=True)
                table = await settle(pilot)
            view = table.view
            assert view.phase is Phase.PLAY
            mine = shown(table.query_one("#seats")).splitlines()[CREATOR]
            assert ("doubles" in mine or "redoubles" in mine) == asked
            assert len(shown(table.query_one("#seats")).splitlines()) == seats
            assert len(view.hand) in (session.rules.hand_size,
                                      session.rules.hand_size + session.rules.kitty_size)
            stored = reloaded(db, session.id)
            assert stored.state(CREATOR) == session.state(CREATOR)

    run(test)


def test_typed_ranks_are_the_persons_own_cards():
    hand = (0, 1, 2, 28, 29, 52, 53)  # 3s 3h 3c 10s 10h B R
    assert typed_ranks("10 10") == typed_ranks("TT") == typed_ranks("0 0")
    assert cards_entered(hand, "33") == ["3s", "3h"]
    assert cards_entered(hand, "br") == ["B", "R"]
    assert cards_entered(hand, "10 10 3") == ["3s", "Ts", "Th"]
    with pytest.raises(ValueError, match="you hold 333TTBR, not 3333"):
        cards_entered(hand, "3333")
    with pytest.raises(ValueError, match="unknown card"):
        cards_entered(hand, "3x")


def test_the_command_line_refuses_in_words(monkeypatch, capsys, tmp_path):
    from dizhu.cli import main

    assert main(["tui", "--pause", "-1"]) == 2
    assert main(["tui", "--ruleset", "nine"]) == 2
    monkeypatch.delitem(sys.modules, "dizhu.tui.app")
    monkeypatch.setitem(sys.modules, "textual.app", None)  # as if Textual were missing
    assert main(["tui", "--db", str(tmp_path / "game.sqlite3")]) == 2
    said = capsys.readouterr().err
    assert "--pause is 0 to 60 seconds, not -1" in said and "unknown ruleset 'nine'" in said
    assert "the terminal game needs Textual: python3 -m pip install" in said
