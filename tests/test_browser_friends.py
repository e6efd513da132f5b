# ruff: noqa: F811 (tests take the fixtures imported from .browsing as arguments)
"""Friends at one table, each in their own browser: the invitation, each page showing only
its own hand (every frame checked for its seat), a spectator who sees no hidden card, a
friend who leaves (their seat handed to a computer) and comes back, and the server killed
mid-deal with every page picking the match up again; one friend on a phone."""

import time

import pytest

from .browsing import Person, browser, close_pages, plain  # noqa: F401 (fixtures)
from .webserver import Server

TURN = """() => {
    const q = (s) => document.querySelector(s);
    if (q('#table[hidden]') || q('#controls.busy')) return null;
    if (q('#sheet-dialog[open]') || q('#next-deal') || q('#show-sheet')) return 'over';
    if (!q('.seat.mine.to-move')) return null;
    if (q('#controls button[id^=bid-]')) return 'auction';
    if (q('#double-no')) return 'doubling';
    return q('#play') ? 'play' : null;
}"""


@pytest.fixture
def server(tmp_path):
    """A server of its own (a test kills it), where a seat may be handed to a computer
    after 1 s without a page."""
    s = Server(tmp_path / "game.sqlite3", away=1.0).start()
    yield s
    s.stop()
    assert not s.troubles(), s.output()


def turn(person: Person) -> str | None:
    """What the person is asked now, in one look (``None``: nothing)."""
    return person.page.evaluate(f"({TURN})()")


def step(person: Person, asked: str) -> None:
    """Answer what the person is asked: the highest bid, no double, or a play."""
    if asked == "auction":
        token = next(t for t in ("3", "2", "1", "call", "pass")
                     if person.page.is_visible(f"#bid-{t}"))
        person.acting(f"#bid-{token}")
    elif asked == "doubling":
        person.acting("#double-no")
    else:
        person.play_turn()


def play_until(people: list[Person], done, seconds: float = 90) -> None:
    """Each person answers when asked, until ``done()``. The turns are read before
    ``done()`` is asked, so a turn answered was already there when ``done()`` said no: a
    turn that arrives after it waits for the next look."""
    deadline = time.monotonic() + seconds
    while True:
        asked = [(p, turn(p)) for p in people]
        if done():
            return
        assert time.monotonic() < deadline, "the table stopped"
        mover = next(((p, a) for p, a in asked if a in ("auction", "doubling", "play")), None)
        if mover is None:
            time.sleep(0.1)
        else:
            step(*mover)


def plays_made(person: Person) -> int:
    state = person.state()
    if state["view"]["phase"] != "play":
        return 0
    return sum(1 for e in state["view"]["history"] if "play" in e)


def join(browser, server, link: str, name: str, **person) -> Person:
    """A friend opens their invitation and sits down under ``name``."""
    friend = Person(browser, server, **person)
    friend.page.goto(link)
    friend.page.wait_for_selector("#join-name")
    friend.page.fill("#join-name", name)
    friend.click("#join-sit")
    friend.page.wait_for_selector("#hand .card")
    return friend


def shows_only_its_hand(person: Person, seat: int) -> None:
    """The page is drawn from its own seat (at the bottom) and holds its own cards only."""
    page = person.page
    assert page.get_attribute(f"#seat-{seat}", "data-place") == "me"
    assert page.locator(".seat.mine").count() == 1
    assert page.get_attribute(".seat.mine", "id") == f"seat-{seat}"
    page.wait_for_function("([v, n]) => +document.body.dataset.version >= v && "
                           "document.querySelectorAll('#hand .card').length === n",
                           arg=[person.version(), len(person.state()["view"]["hand"])])
    assert sorted(person.hand()) == sorted(person.state()["view"]["hand"])


def test_a_friend_and_a_spectator_each_see_their_own_table(browser, server):
    ann = Person(browser, server)
    match_id = ann.start_match(bots=["friend", "easy"])
    page = ann.page
    page.wait_for_selector("#invite[open]")
    link = page.input_value("#invite-1")
    watch = page.input_value("#invite-watch")
    assert "/#/join/" in link and "/#/watch/" in watch
    assert ann.state()["match"]["names"][1] is None
    bo = join(browser, server, link, "Bo")
    page.wait_for_function("document.querySelector('#seat-1 .name').textContent === 'Bo'")
    cy = Person(browser, server)
    cy.page.goto(watch)
    cy.page.wait_for_selector("#watching")
    assert cy.page.locator("#hand .card").count() == 0
    assert not cy.page.is_visible("#autoplay")
    assert all(cy.page.locator(f"#seat-{s} .backs .card").count() for s in range(3))
    shows_only_its_hand(ann, 0)
    shows_only_its_hand(bo, 1)
    assert bo.page.get_attribute("#seat-0", "data-place") == "left"
    assert bo.page.get_attribute("#seat-2", "data-place") == "right"
    # the two people play from their own browsers until the play has begun
    play_until([ann, bo], lambda: plays_made(ann) >= 2)
    hand = bo.hand()
    first_page = bo
    bo.close()
    # Bo went away: Ann's page says so, then lets her hand his seat to a computer
    page.wait_for_selector("#seat-1 .presence .away")
    ann.click("#hand-over-1")
    page.wait_for_selector("#take-back-1")
    assert ann.state()["match"]["autoplays"] == {"1": "normal"}
    play_until([ann], lambda: plays_made(ann) >= 5 or ann.state()["view"]["phase"] == "over")
    # Bo opens his invitation again: he is back at his seat, his own again at once (the
    # computer Ann handed it to gives it back; he need not switch auto-play off)
    bo = Person(browser, server)
    bo.page.goto(link)  # from another browser: the page asks whether he is Bo
    bo.page.wait_for_selector("#join-me")
    assert plain(bo.page.text_content("#join-text")) == "Bo sits here. Are you Bo?"
    bo.click("#join-me")
    bo.page.wait_for_selector("#autoplay", state="attached")
    bo.page.wait_for_function("!document.querySelector('#autoplay').checked")
    assert not bo.page.is_visible("#autoplay-off")
    page.wait_for_selector("#take-back-1", state="detached")
    assert set(bo.hand()) <= set(hand)
    shows_only_its_hand(bo, 1)
    play_until([ann, bo], lambda: ann.state()["view"]["phase"] == "over")
    # the spectator's page may receive the deal's end after Ann's
    cy.page.wait_for_function(f"+document.body.dataset.version >= {ann.version()}")
    # Bo's first page may have seen as few as three states: the one it sat down to, a bid
    # of 3 that ended the auction, the landlord's first play (it closed before its own
    # play came back to it)
    for person, seat, least in ((ann, 0, 4), (first_page, 1, 2), (bo, 1, 4), (cy, None, 4)):
        assert person.check_frames(match_id, seat) >= least, seat
        assert not person.errors
    assert cy.state()["view"]["final_hands"]  # the deal played out: every hand is shown


def test_three_people_one_on_a_phone_through_a_server_crash(browser, server):
    ann = Person(browser, server)
    match_id = ann.start_match(bots=["friend", "friend"])
    links = [ann.page.input_value(f"#invite-{s}") for s in (1, 2)]
    bo = join(browser, server, links[0], "Bo", phone=True)
    cy = join(browser, server, links[1], "Cy")
    people = [ann, bo, cy]
    assert bo.width == 390
    for seat, person in enumerate(people):
        shows_only_its_hand(person, seat)
    play_until(people, lambda: plays_made(ann) >= 3)
    hands = [person.hand() for person in people]

    def down():
        """Every page says it is reconnecting while the server is away (after the restart a
        page may be back before it is looked at)."""
        for person in people:
            person.page.wait_for_selector("#connection", state="visible")

    server.restart(down)  # kill -9, then the same database
    for person in people:
        person.page.wait_for_selector("#connection", state="hidden", timeout=30_000)
    assert [person.hand() for person in people] == hands
    before = plays_made(ann)
    play_until(people, lambda: plays_made(ann) >= before + 3 or
               ann.state()["view"]["phase"] == "over")
    for seat, person in enumerate(people):
        shows_only_its_hand(person, seat)
        assert person.check_frames(match_id, seat) > 5
        assert not person.errors
