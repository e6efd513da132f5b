"""The terminal game, driven by keys alone through Textual's pilot, headless, on a real
SQLite file: what is played at the table is what the database keeps."""

import asyncio
import re
import sys

import pytest
from rich.cells import cell_len
from rich.text import Text
from textual.widgets import Footer, OptionList, Static

from dizhu.actions import action_from_json
from dizhu.cards import RANKS, UNIT, card_rank, count_of
from dizhu.combos import PASS, Kind
from dizhu.deal import Phase
from dizhu.patterns import shapes
from dizhu.session import CREATOR, MatchSession, NewMatch, Store
from dizhu.tui.app import DizhuApp
from dizhu.tui.dialogs import ChooseScreen, PatternScreen, SheetScreen
from dizhu.tui.entry import cards_entered, typed_ranks
from dizhu.tui.render import card_label, trick_text
from dizhu.tui.start import Choices, NewMatchScreen, StartScreen
from dizhu.tui.table import TableScreen
from dizhu.words import face, kind_name, seat_names

SIZE = (120, 40)
AIRPLANE_SEED = "t5654"
"""A match seed whose first deal opens at seat 0, whose hand and kitty hold TTTJJJQQQKKK."""


def run(test) -> None:
    asyncio.run(test())


def at_the_table(tmp_path, test, size=SIZE, seed: str = AIRPLANE_SEED, **kw) -> None:
    """Run ``test(app, pilot)`` on the terminal game (at ``size``), its database holding one
    match of ``seed`` (:func:`seeded`, with ``kw``)."""
    db = tmp_path / "game.sqlite3"
    seeded(db, seed, **kw)

    async def main():
        app = DizhuApp(db, pause=0)
        async with app.run_test(size=size) as pilot:
            await test(app, pilot)

    run(main)


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
            assert "Stake 倍数" in sheet and "Match: 1 of 5 deals" in sheet
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
    async def test(app, pilot):
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
        assert reloaded(app.db, session.id).state(CREATOR) == session.state(CREATOR)

    at_the_table(tmp_path, test)


def test_cards_that_read_two_ways_ask_which_play(tmp_path):
    async def test(app, pilot):
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

    at_the_table(tmp_path, test)


def test_an_illegal_typed_play_says_why_and_changes_nothing(tmp_path):
    async def test(app, pilot):
        table = await landlord_to_lead(pilot)
        session = table.session
        before, state = session.version, session.state(CREATOR)
        await type_text(pilot, "tj")
        await pilot.press("enter")
        assert message(table) == "✗ 10 J is not a combination"
        await pilot.press("escape")  # clears the entry line, stays at the table
        await pilot.press("enter")  # a leader passing: the engine's reason
        assert message(table) == "✗ You lead this trick: you cannot pass"
        await type_text(pilot, "bb")
        await pilot.press("enter")
        assert message(table).startswith("✗ ")
        assert "Traceback" not in message(table)
        assert session.version == before and session.state(CREATOR) == state
        assert reloaded(app.db, session.id).version == before
        assert isinstance(app.screen, TableScreen)

    at_the_table(tmp_path, test)


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
            await pilot.press("escape", "escape")  # back to the start screen: the match is kept
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
    async def test(app, pilot):
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
            assert f"{face(RANKS[rank])}:{n}" in text
        await pilot.press("c")
        assert not strip.display

    at_the_table(tmp_path, test)


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


# ----------------------------------------------------------------- words, widths, keys

ENGINE_ID = re.compile(r"\b[a-z]+_[a-z_]+\b")
"""An engine name such as ``triple_single``: never shown where the page shows words."""
SIZES = [(80, 24), (120, 40)]
RULESETS = [("classic", 2), ("rob", 2), ("four", 3)]


def as_text(content) -> Text:
    return Text.from_markup(content) if isinstance(content, str) else content


def visible(screen) -> str:
    """Every text a screen's Statics and option lists show, and their boxes' titles."""
    parts = [as_text(w.content).plain for w in screen.query(Static) if w.display]
    parts += [str(w.border_title) for w in screen.query(Static) if w.border_title]
    for listing in screen.query(OptionList):
        parts += [as_text(o.prompt).plain for o in listing.options]
    return "\n".join(parts)


def played_out(path, seed: str, deals: int, **kw) -> int:
    """A stored match whose first ``deals`` deals are played out (the person's seat on
    auto-play meanwhile), resting on the score sheet of the last."""
    match_id = seeded(path, seed, **kw)
    store = Store(path)
    session = MatchSession.load(store, match_id)
    session.set_autoplay(CREATOR, "easy")
    while len(session.match.scored_deals) < deals or session.deal.phase is not Phase.OVER:
        session.play_due()
    session.set_autoplay(CREATOR, None)
    store.close()
    return match_id


def fits(screen) -> None:
    """Nothing on ``screen`` scrolls or is cut: every widget lies within it, every line of
    text within its widget, and the footer shows every key."""
    assert screen.max_scroll_y == 0 and screen.max_scroll_x == 0, screen.virtual_size
    for widget in screen.query("*"):
        if not widget.display or not widget.region:
            continue
        assert screen.region.contains_region(widget.region), widget
        if isinstance(widget, (Footer, OptionList)) or widget.id in ("dialog", "sheet"):
            assert widget.max_scroll_x == 0, widget
    for widget in screen.query(Static):
        if widget.display:
            wanted = as_text(widget.content).wrap(widget.app.console,
                                                  max(1, widget.content_region.width))
            assert len(wanted) <= widget.content_region.height, (widget, wanted)


async def a_trick_on_the_table(pilot, size) -> TableScreen:
    """The person, landlord, led; the other seats answered: the person to play again."""
    table = await landlord_to_lead(pilot)
    for _ in range(10):
        if table.view.phase is Phase.PLAY:
            break
        await answer_auction(pilot, table, double=True)
        table = await settle(pilot)
    await pilot.press("h", "enter")
    return await settle(pilot)


def test_one_esc_on_an_empty_line_asks_and_a_second_leaves(tmp_path):
    async def test(app, pilot):
        table = await landlord_to_lead(pilot)
        await type_text(pilot, "33")
        await pilot.press("escape")  # clears the line
        assert table.typed == "" and app.screen is table
        await pilot.press("escape")  # asks
        assert app.screen is table and "Esc again leaves the table" in message(table)
        await pilot.press("c")  # any other key: the question is gone
        await pilot.press("escape")
        assert app.screen is table
        await pilot.press("escape")
        assert isinstance(app.screen, StartScreen)

    at_the_table(tmp_path, test)


@pytest.mark.parametrize("key", ["x", "3", "enter", "c", "p"])
def test_a_key_that_answers_the_leave_prompt_does_nothing_else(tmp_path, key):
    """Any key but Esc answers "Esc again leaves the table" by staying: it is not typed,
    played, refused or taken as a command as well."""
    async def test(app, pilot):
        table = await landlord_to_lead(pilot)
        strip = table.query_one("#strip")
        before, shown_strip = table.session.version, strip.display
        await pilot.press("escape")
        assert "Esc again leaves the table" in message(table)
        await pilot.press(key)
        assert app.screen is table and table.typed == ""
        assert message(table) == "", message(table)
        assert table.session.version == before and strip.display == shown_strip
        await pilot.press("escape")  # asks again: the answer was taken
        assert app.screen is table and "Esc again leaves the table" in message(table)

    at_the_table(tmp_path, test)


def test_letters_that_are_not_ranks_are_answered(tmp_path):
    async def test(app, pilot):
        table = await open_first_listed(pilot)
        await pilot.press("x")  # the auction: no ranks to type
        assert message(table).startswith("✗ x does nothing in the auction")
        await pilot.press("3")
        table = await settle(pilot)
        await type_text(pilot, "3x")
        assert table.typed == "3"
        assert message(table) == ("✗ x is not a rank: 3-9, 10 (0, T), J, Q, K, A, 2, "
                                  "B (small joker 小王), R (big joker 大王)")
        await pilot.press("3")  # the next rank typed clears the message
        assert table.typed == "33" and message(table) == ""
        assert isinstance(app.screen, TableScreen)

    at_the_table(tmp_path, test)


def test_the_terminal_says_patterns_and_jokers_in_the_pages_words(tmp_path):
    """Every pattern in the dialog, the trick, the hints and the refusals is named as the
    page names it (its catalogs, in English with the Chinese beside), never by the engine's
    name; the jokers are the small and the big joker."""
    async def test(app, pilot):
        table = await landlord_to_lead(pilot)
        await pilot.press("n")
        dialog = app.screen
        assert isinstance(dialog, PatternScreen)
        kinds = [s.kind for s in shapes(table.session.rules.combos)]
        said = [o.prompt.plain.split() for o in dialog.query_one(OptionList).options]
        assert said == [[*kind_name(k.label).split(), kind_name(k.label, "zh")]
                        for k in kinds]
        await pilot.press(*["down"] * kinds.index(Kind.TRIPLE_SINGLE), "enter")
        assert "triple with a single 三带一" in visible(app.screen)
        assert not ENGINE_ID.search(visible(app.screen)), visible(app.screen)
        await pilot.press("escape")
        await pilot.press("h")
        assert not ENGINE_ID.search(message(table))
        await pilot.press("escape")  # the hint off the entry line
        await type_text(pilot, "br")
        await pilot.press("enter")
        assert message(table) == "✗ You do not hold small joker big joker"
        await pilot.press("escape", "h", "enter")
        table = await settle(pilot)
        assert not ENGINE_ID.search(visible(table)), visible(table)

    at_the_table(tmp_path, test)


def test_a_joker_is_shown_with_its_name():
    assert card_label(52).plain == "B小王" and card_label(53).plain == "R大王"
    assert card_label(28).plain == "10♠"


@pytest.mark.parametrize("name", ["Ann", "小明", "王小明的朋友们一起来斗地主吧来吧来吧来"])
def test_the_score_sheet_lines_up_by_display_width_and_lists_every_deal(tmp_path, name):
    db = tmp_path / "game.sqlite3"
    played_out(db, "sheet1", 3, player=name, doubling=True)

    async def test():
        app = DizhuApp(db, pause=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            table = await open_first_listed(pilot)
            await pilot.press("s")
            sheet = app.screen
            assert isinstance(sheet, SheetScreen)
            fits(sheet)
            lines = sheet.sheet.plain.splitlines()
            session = table.session
            # the deal's part: a grid of labels and values, each cell in its column
            head = next(i for i, line in enumerate(lines) if line.startswith("Match"))
            grid = [starts(line) for line in lines[1:head] if line.strip()]
            assert len(grid) >= 4 and max(map(len, grid)) == 4, lines[:head]
            assert all(cells == grid[0][:len(cells)] for cells in grid), lines[:head]
            # the match's table: a row per deal played and the totals, right edges aligned
            table_lines = lines[head + 1:]
            header, *rows = [line for line in table_lines if line.strip()]
            played = [d for d in session.match.deals if d.phase is Phase.OVER]
            assert len(rows) >= len(played) + 1
            edges = ends(header)[-session.rules.seats - 1:]
            for n, deal in enumerate(played, 1):
                row = next(r for r in rows if r.split()[0] == str(n))
                assert ends(row)[-session.rules.seats - 1:] == edges, (header, row)
                assert [int(x) for x in row.split()[-session.rules.seats:]] == \
                    list(deal.result.scores)
            total = next(r for r in rows if r.strip().startswith("Total"))
            assert ends(total)[-session.rules.seats:] == edges[1:]
            assert [int(x) for x in total.split()[-session.rules.seats:]] == \
                session.match.totals

    run(test)


def starts(line: str) -> list[int]:
    """The display columns where each cell of ``line`` (text set apart by two spaces or
    more) starts."""
    out, column = [], 0
    for i, ch in enumerate(line):
        if ch != " " and (not out or line[i - 2:i] == "  "):
            out.append(column)
        column += cell_len(ch)
    return out


def ends(line: str) -> list[int]:
    """The display columns where each cell of ``line`` (text set apart by two spaces or
    more) ends."""
    out, column = [], 0
    for i, ch in enumerate(line):
        column += cell_len(ch)
        if ch != " " and line[i + 1:i + 3] in ("", " ", "  "):
            out.append(column)
    return out


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("ruleset", "computers"), RULESETS)
def test_the_table_fits_the_terminal_with_the_count_strip_open(tmp_path, size, ruleset,
                                                               computers):
    async def test(app, pilot):
        table = await a_trick_on_the_table(pilot, size)
        await pilot.press("c")
        await pilot.pause()
        assert table.query_one("#strip").display
        fits(table)
        seats = table.query_one("#seats")
        assert seats.content_region.height == table.session.rules.seats  # a line each
        await type_text(pilot, "33")
        await pilot.press("h")
        await pilot.pause()
        fits(table)

    at_the_table(tmp_path, test, size=size, ruleset=ruleset, bots=("easy",) * computers,
                 doubling=True, player="王小明的朋友们一起来斗地主吧来吧来吧来")


@pytest.mark.parametrize("size", SIZES)
def test_every_screen_fits_the_terminal(tmp_path, size):
    db = tmp_path / "game.sqlite3"
    four = played_out(db, "sheet1", 2, player="小明", ruleset="four", bots=("easy",) * 3,
                      doubling=True)
    classic = seeded(db, AIRPLANE_SEED, player="小明")

    async def resume(pilot, match_id: int) -> None:
        assert isinstance(pilot.app.screen, StartScreen)
        ids = [o.id for o in pilot.app.screen.query_one(OptionList).options]
        await pilot.press(*["down"] * ids.index(str(match_id)), "enter")
        await settle(pilot)

    async def test():
        app = DizhuApp(db, pause=0)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            fits(app.screen)  # the start screen
            listing = app.screen.query_one(OptionList)
            lines = [line for o in listing.options for line in as_text(o.prompt).plain.split("\n")]
            assert all(cell_len(line) <= listing.scrollable_content_region.width - 2
                       for line in lines), lines  # no line wraps
            await pilot.press("enter")
            assert isinstance(app.screen, NewMatchScreen)
            fits(app.screen)
            await pilot.press("right", "right")  # four: four seats to choose
            await pilot.pause()
            fits(app.screen)
            form = app.screen.query_one(Choices)
            lines = form.render().plain.splitlines()
            assert all(cell_len(line) <= form.content_region.width for line in lines), lines
            await pilot.press("escape")
            await resume(pilot, four)  # resting on its score sheet
            await pilot.press("s")
            assert isinstance(app.screen, SheetScreen)
            fits(app.screen)
            await pilot.press("enter")  # the next deal
            await settle(pilot)
            await pilot.press("escape", "escape")
            await resume(pilot, classic)
            await pilot.press("3")
            await settle(pilot)
            await pilot.press("n")
            assert isinstance(app.screen, PatternScreen)
            fits(app.screen)
            await pilot.press("down", "down", "down", "enter", "x")  # which rank? not x
            assert "✗ x is not a rank" in visible(app.screen)
            fits(app.screen)
            await pilot.press("escape")
            await type_text(pilot, "10 10 10 jjjqqqkkk")
            await pilot.press("enter")
            assert isinstance(app.screen, ChooseScreen)
            fits(app.screen)

    run(test)


def test_a_long_trick_shows_its_latest_plays_in_the_lines_it_has(tmp_path):
    db = tmp_path / "game.sqlite3"
    store = Store(db)
    session = MatchSession.load(store, seeded(db, "long", ruleset="four",
                                              bots=("easy",) * 3))
    session.set_autoplay(CREATOR, "easy")
    view = session.view_for_decision(CREATOR)
    while len(view.trick) < 7:
        assert session.play_due()
        view = session.view_for_decision(CREATOR)
    names = seat_names(session)
    for rows in (3, 5, 8):
        lines = trick_text(session, view, rows).plain.splitlines()
        assert len(lines) <= rows
        last = view.trick[-1]
        assert lines[-1].strip().startswith(names[last.seat])
        if len(view.trick) + 1 > rows:
            hidden = len(view.trick) - (len(lines) - 2)
            assert f"… {hidden} earlier in this trick" in lines[1]
    assert "earlier" not in trick_text(session, view).plain
    store.close()


ZERO_BASED = re.compile(r"(?i)\bseat \d\b(?! ·)")
"""A seat by the engine's number (``seat 0``), never shown to a person."""


def test_seats_are_named_as_the_page_names_them(tmp_path):
    """The start list, the new match's form, the seats, the trick and the refusals name
    seats as the browser does: people by name (a friend by the name they sat under),
    computers as "Bot N · level" (N from 1), the form's seats by where they sit."""
    db = tmp_path / "game.sqlite3"
    store = Store(db)
    friends = MatchSession.create(store, NewMatch(player="Host", target=5,
                                                  bots=("friend", "easy")), seed=AIRPLANE_SEED)
    friends.sit(1, "小明")
    MatchSession.create(store, NewMatch(player="Host", target=5, bots=("hard", "friend")))
    MatchSession.create(store, NewMatch(player="Ann", target=5, ruleset="four",
                                        bots=("easy", "normal", "hard")))
    store.close()

    async def test():
        app = DizhuApp(db, pause=0)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            listed = visible(app.screen)
            assert "Ann against one easy bot, one normal bot and one hard bot" in listed, listed
            assert "Host against one hard bot and a friend not seated yet" in listed, listed
            assert "Host against 小明 and one easy bot" in listed, listed
            await pilot.press("enter")  # the new match's form
            form = app.screen.query_one(Choices).render().plain
            assert "Seat 2 · right (plays after you)" in form, form
            assert "Seat 3 · left (plays before you)" in form, form
            await pilot.press("right", "right")  # four
            await pilot.pause()
            form = app.screen.query_one(Choices).render().plain
            for label in ("Seat 2 · right (plays after you)", "Seat 3 · across",
                          "Seat 4 · left (plays before you)"):
                assert label in form, form
            await pilot.press("escape")
            ids = [o.id for o in app.screen.query_one(OptionList).options]
            await pilot.press(*["down"] * ids.index(str(friends.id)), "enter")
            table = await settle(pilot)
            seats = [line[2:].split("  ")[0] for line in
                     shown(table.query_one("#seats")).splitlines()]
            assert seats == ["Host (you)", "小明", "Bot 3 · easy"], seats
            await pilot.press("3")  # the landlord at once, to lead
            table = await settle(pilot)
            assert "Nothing on the table: you lead" in shown(table.query_one("#trick"))
            assert not ZERO_BASED.search(visible(table)), visible(table)

    run(test)


def test_a_computer_that_leads_is_named_on_the_table(tmp_path):
    db = tmp_path / "game.sqlite3"
    store = Store(db)
    for n in range(50):
        session = MatchSession.load(store, seeded(db, f"lead{n}", bots=("easy", "hard")))
        session.set_autoplay(CREATOR, "easy")
        while session.deal.phase is not Phase.PLAY:
            session.play_due()
        if session.deal.landlord != CREATOR:
            break
    view = session.view_for_decision(CREATOR)
    bot = {1: "Bot 2 · easy", 2: "Bot 3 · hard"}[view.to_move]
    assert f"Nothing on the table: {bot} leads" in trick_text(session, view).plain
    store.close()


def test_every_line_of_the_trick_fits_the_table(tmp_path):
    """At 80 columns (76 cells inside the box) no play of a four-player trick wraps: the
    seats are named in full where every line fits, by number (``Bot 2``) where not."""
    from dizhu.words import cells, short_seat_names
    db = tmp_path / "game.sqlite3"
    store = Store(db)
    longest = 0
    for n in range(6):
        session = MatchSession.load(store, seeded(db, f"wide{n}", ruleset="four",
                                                  bots=("easy", "normal", "hard")))
        session.set_autoplay(CREATOR, "easy")
        while session.deal.phase is not Phase.OVER and session.play_due():
            view = session.view_for_decision(CREATOR)
            full = trick_text(session, view, width=116).plain.splitlines()
            for width in (76, 116):
                lines = trick_text(session, view, width=width).plain.splitlines()
                assert all(cells(line) <= width for line in lines), lines
                for rows in (5, 8):
                    assert len(trick_text(session, view, rows, width).plain.splitlines()) \
                        <= rows
                longest = max(longest, *map(cells, full))
            names = [line.split("  ")[1] for line in full if line.startswith("  ")
                     and line[2] not in " …"]
            everyone = seat_names(session) + short_seat_names(session)
            assert all(name.rstrip() in everyone for name in names), names
    assert longest > 76, "no trick was wider than an 80-column table"
    store.close()
