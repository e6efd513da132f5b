# ruff: noqa: F811 (tests take the fixtures imported from .browsing as arguments)
"""The puzzles (残局) in a real Chromium, at 1280 x 800 with a mouse in English and at
390 x 844 by touch in Chinese: reached from the lobby, filtered, one failed then retried
and solved (a three-seat one, then a two-hand one), a play taken back, the solution
stepped through, bad input answered with a clear message, and the solved mark still there
after the server restarts."""

from dizhu.puzzles import load_puzzles

from .browsing import (  # noqa: F401 (fixtures)
    CATALOGS,
    LAYOUTS,
    Person,
    browser,
    close_pages,
    fits_width,
    fresh_server,
    server,
    shorthand_shown,
    untranslated,
)


def words(person: Person, key: str, **facts) -> str:
    """The catalog's words of ``key`` in the person's language, facts filled in."""
    text = CATALOGS["zh" if person.page.evaluate("document.documentElement.lang") == "zh-CN"
                    else "en"][key]
    for name, value in facts.items():
        text = text.replace(f"{{{name}}}", str(value))
    return text


def open_list(person: Person) -> None:
    """From the lobby to the puzzles' list."""
    person.page.goto(person.server.url + "/")
    person.page.wait_for_selector("#open-puzzles")
    person.click("#open-puzzles")
    person.page.wait_for_selector("#puzzle-list .puzzle-item")


def open_puzzle(person: Person, key: str) -> None:
    """From the lobby, through the list, to puzzle ``key``."""
    open_list(person)
    person.page.locator(f"#puzzle-{key}").scroll_into_view_if_needed()
    person.click(f"#puzzle-{key}")
    person.page.wait_for_selector("#puzzle-board .puzzle-seat")


def version(person: Person) -> int:
    return int(person.page.evaluate("+(document.getElementById('puzzle').dataset.version || 0)"))


def acting(person: Person, *clicks: str) -> None:
    """Click, then wait for the server's answer: the puzzle drawn again, or a refusal."""
    before = version(person)
    person.page.evaluate("document.getElementById('puzzle-message').textContent = ''")
    for selector in clicks:
        person.click(selector)
    person.page.wait_for_function(
        f"+(document.getElementById('puzzle').dataset.version || 0) > {before} || "
        "document.querySelector('#puzzle-message.error')")


def select(person: Person, ranks: str) -> None:
    """Select cards of ``ranks`` in the hand to play (a click, or a tap, on each corner)."""
    cards = person.page.eval_on_selector_all("#puzzle-hand .card",
                                             "cs => cs.map(c => [c.dataset.card, c.dataset.index])")
    taken: set[str] = set()
    for rank in ranks:
        index = next(i for card, i in cards if card[0] == rank and i not in taken)
        taken.add(index)
        selector = f"#puzzle-hand .card[data-index='{index}']"
        if person.phone:
            person.page.tap(selector, position={"x": 8, "y": 14})
        else:
            person.page.click(selector, position={"x": 8, "y": 14})
    assert person.page.locator("#puzzle-hand .card.selected").count() == len(ranks)


def play(person: Person, ranks: str) -> None:
    select(person, ranks)
    acting(person, "#puzzle-play")
    assert not person.page.is_visible("#puzzle-message.error"), \
        person.page.text_content("#puzzle-message")


def hand(person: Person) -> list[str]:
    return person.page.eval_on_selector_all("#puzzle-hand .card",
                                            "cs => cs.map(c => c.dataset.card)")


def end_text(person: Person) -> str:
    person.page.wait_for_selector("#puzzle-end:not([hidden])")
    return person.page.text_content("#puzzle-end")


def check_words(person: Person) -> None:
    """Nothing left in English or in the engine's shorthand on a Chinese page; the page
    no wider than the screen."""
    if person.phone:
        assert untranslated(person.page) == []
        assert shorthand_shown(person.page) == []
    fits_width(person.page)


@LAYOUTS
def test_a_puzzle_failed_then_retried_and_solved(browser, server, how):
    person = Person(browser, server, **how)
    page = person.page
    open_list(person)
    page.select_option("#puzzle-ruleset", "classic")
    page.select_option("#puzzle-difficulty", "1")
    wanted = [p.id for p in load_puzzles() if p.ruleset == "classic" and p.difficulty == 1]
    shown = page.eval_on_selector_all("#puzzle-list .puzzle-item a", "as => as.map(a => a.id)")
    assert shown == [f"puzzle-{n}" for n in wanted] and 13 in wanted
    check_words(person)
    person.click("#puzzle-13")
    page.wait_for_selector("#puzzle-hand .card")
    assert page.text_content("#puzzle-goal").startswith(words(person, "puzzle.goal.spring"))
    assert sorted(hand(person)) == sorted(["5s", "Qs", "Qh"])
    play(person, "5")  # the peasant beats it: the spring is lost
    assert end_text(person).startswith(words(person, "puzzle.failed.spring"))
    assert page.is_hidden("#puzzle-controls")
    check_words(person)
    acting(person, "#puzzle-retry")
    assert page.is_hidden("#puzzle-end") and len(hand(person)) == 3
    play(person, "QQ")
    assert page.text_content("#puzzle-message").startswith(
        words(person, "puzzle.answered", plays="")[:4])
    play(person, "5")
    assert end_text(person) == words(person, "puzzle.solved", n=4)
    check_words(person)
    page.goto(server.url + "/#/puzzles")
    page.wait_for_selector("#puzzle-list li.solved #puzzle-13")
    assert page.text_content("#puzzle-13 .solved-mark") == words(person, "puzzles.solved")
    two_hands(person)
    three_peasants(person)
    assert not person.errors


def three_peasants(person: Person) -> None:
    """A `four` puzzle of the peasants (49): the goal says the person plays the three."""
    page = person.page
    page.goto(person.server.url + "/#/puzzle/49")
    page.wait_for_selector("#puzzle-hand .card")
    assert page.text_content("#puzzle-goal").endswith(words(person, "puzzle.side.peasants_three"))


def two_hands(person: Person) -> None:
    """A two-hand puzzle (duel, 71: the peasant to win against the landlord's 922) from
    the list's filter: two seats on the table, a wrong pair failed (the landlord's twos
    beat it, the peasant passes, the 9 goes out), then the straight and the queens solve
    it."""
    page = person.page
    page.select_option("#puzzle-ruleset", "duel")
    page.select_option("#puzzle-difficulty", "")
    shown = page.eval_on_selector_all("#puzzle-list .puzzle-item a", "as => as.map(a => a.id)")
    assert shown == [f"puzzle-{p.id}" for p in load_puzzles() if p.ruleset == "duel"]
    person.click("#puzzle-71")
    page.wait_for_selector("#puzzle-hand .card")
    assert page.get_attribute("#puzzle-board", "data-seats") == "2"
    assert page.locator("#puzzle-board .puzzle-seat").count() == 2
    assert page.text_content("#puzzle-goal").endswith(words(person, "puzzle.side.peasant"))
    assert sorted(hand(person)) == sorted(["Ts", "Js", "Qs", "Qh", "Qc", "Ks", "As"])
    play(person, "QQ")  # the landlord's twos answer: pass, and its 9 goes out
    acting(person, "#puzzle-pass")
    assert end_text(person).startswith(words(person, "puzzle.failed.other_out"))
    check_words(person)
    acting(person, "#puzzle-retry")
    play(person, "TJQKA")
    play(person, "QQ")
    assert end_text(person) == words(person, "puzzle.solved", n=3)
    check_words(person)


@LAYOUTS
def test_undo_takes_back_a_play_and_the_answers_to_it(browser, server, how):
    """Puzzle 1: the peasants, both played by the person: seat 3 leads, seat 1 follows."""
    person = Person(browser, server, **how)
    page = person.page
    open_puzzle(person, "1")
    assert page.is_disabled("#puzzle-undo")
    assert page.locator("#puzzle-seat-2.to-move").count() == 1
    play(person, "JJ")
    assert page.locator("#puzzle-seat-0.to-move").count() == 1  # the partner's turn
    assert page.is_enabled("#puzzle-pass")
    acting(person, "#puzzle-undo")
    assert page.locator("#puzzle-seat-2.to-move").count() == 1
    assert sorted(hand(person)) == sorted(["3h", "Js", "Jh"]) and page.is_disabled("#puzzle-undo")
    play(person, "JJ")
    acting(person, "#puzzle-pass")
    play(person, "3")
    assert end_text(person) == words(person, "puzzle.solved", n=4)
    check_words(person)
    acting(person, "#puzzle-undo")  # after the end too: the last play taken back
    assert page.is_hidden("#puzzle-end") and hand(person) == ["3h"]
    assert not person.errors


@LAYOUTS
def test_the_solution_is_shown_step_by_step(browser, server, how):
    person = Person(browser, server, **how)
    page = person.page
    open_puzzle(person, "30")
    acting(person, "#puzzle-solution")
    assert page.is_visible("#puzzle-step") and page.is_hidden("#puzzle-controls")
    assert page.is_disabled("#solution-prev")
    steps = []
    while page.is_enabled("#solution-next"):
        acting(person, "#solution-next")
        steps.append(page.text_content("#puzzle-step"))
    assert len(steps) == 7
    assert words(person, "puzzle.unique") in steps[0]
    assert page.locator(".puzzle-seat#puzzle-seat-0 .out").count() == 1  # the landlord is out
    check_words(person)
    acting(person, "#solution-close")
    assert page.is_hidden("#puzzle-step") and len(hand(person)) == 5
    assert not person.errors


def test_bad_input_is_answered_and_the_page_stays_usable(browser, server):
    person = Person(browser, server)
    page = person.page
    open_puzzle(person, "30")
    acting(person, "#puzzle-play")  # nothing selected
    assert page.text_content("#puzzle-message") == words(person, "puzzle.select_first")
    select(person, "5Q")
    acting(person, "#puzzle-play")
    assert page.text_content("#puzzle-message") == "5 Q is not a combination"
    assert page.is_disabled("#puzzle-pass")  # the leader may not pass
    person.click("#puzzle-clear")
    assert page.locator("#puzzle-hand .card.selected").count() == 0
    page.click("#lang-zh")  # the page speaks Chinese from now on, the try as it was
    page.wait_for_function("document.documentElement.lang === 'zh-CN'")
    assert page.text_content("#puzzle-goal").startswith(CATALOGS["zh"]["puzzle.goal.win"])
    assert untranslated(page) == [] and len(hand(person)) == 5
    page.click("#lang-en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    select(person, "44")
    page.keyboard.press("Escape")
    assert page.locator("#puzzle-hand .card.selected").count() == 0
    select(person, "44")
    before = version(person)
    page.keyboard.press("Enter")
    page.wait_for_function(f"+document.getElementById('puzzle').dataset.version > {before}")
    assert len(hand(person)) == 3
    play(person, "QQ")
    play(person, "5")
    assert end_text(person) == words(person, "puzzle.solved", n=7)
    for key in ("999", "own-77"):
        page.goto(f"{server.url}/#/puzzle/{key}")
        page.wait_for_selector("#puzzle-message.error")
        assert page.text_content("#puzzle-message") == words(
            person, "puzzle.load_failed", error=words(person, "reason.no_such_puzzle"))
    assert not person.errors


def test_the_solved_mark_stays_after_the_server_restarts(browser, fresh_server):
    person = Person(browser, fresh_server)
    page = person.page
    open_puzzle(person, "1")
    play(person, "JJ")
    acting(person, "#puzzle-pass")
    play(person, "3")
    assert end_text(person) == words(person, "puzzle.solved", n=4)
    fresh_server.restart()
    open_list(person)
    page.wait_for_selector("#puzzle-list li.solved #puzzle-1")
    assert page.locator("#puzzle-list li.solved").count() == 1
    person.click("#puzzle-1")
    page.wait_for_selector("#puzzle-facts .solved-mark")
    page.goto(fresh_server.url + "/")
    page.wait_for_selector("#puzzles-solved:not([hidden])")
    assert page.text_content("#puzzles-solved") == words(person, "lobby.puzzles_solved", n=1,
                                                          of=len(load_puzzles()))
    assert not person.errors


def test_an_own_puzzle_is_added_from_the_list_and_a_bad_one_refused(browser, fresh_server):
    person = Person(browser, fresh_server)
    page = person.page
    open_list(person)
    person.click("#own-puzzle summary")
    page.fill("#own-position", "34/5/6 0 0 -")
    page.fill("#own-title", "Lost already")
    person.click("#own-add")
    page.wait_for_selector("#own-message.error")
    assert page.text_content("#own-message") == words(person, "reason.puzzle_not_forced")
    page.fill("#own-position", "445QQ/9TJQK2/888TT 0 0 -")
    page.fill("#own-title", "My endgame")
    person.click("#own-add")
    page.wait_for_selector("#own-message:not(.error):has-text('My endgame')")
    assert page.text_content("#puzzle-own-1 .puzzle-name") == "My endgame"
    person.click("#puzzle-own-1")
    page.wait_for_selector("#puzzle-hand .card")
    assert page.text_content("#puzzle-title") == "Your puzzle 1 · My endgame"
    play(person, "44")
    play(person, "QQ")
    play(person, "5")
    assert end_text(person) == words(person, "puzzle.solved", n=7)
    assert not person.errors
