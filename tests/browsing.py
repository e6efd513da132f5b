"""What the browser tests share: Debian's Chromium driven by Playwright, a real server, and
a person at the page who clicks (or taps, on a phone) the way a person does.

A test module takes the fixtures by importing them (``from .browsing import browser,
server``). Every page a test opens is closed after it; every WebSocket frame a page
receives can be checked for other seats' hidden cards.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from dizhu.rulesets import find_ruleset
from dizhu.session import MatchSession, NewMatch, Store

from .webserver import Server, check_frames

CHROMIUMS = (Path("/usr/bin/chromium-headless-shell"), Path("/usr/bin/chromium"))
"""Debian's Chromium: its headless shell (the same engine without the desktop browser
around it: a third of the processor time to open and close a page), else the browser."""
CHROMIUM = next((path for path in CHROMIUMS if path.exists()), CHROMIUMS[-1])
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
LAYOUTS = pytest.mark.parametrize("how", [{"lang": "en"}, {"phone": True, "lang": "zh"}],
                                  ids=["desktop-en", "phone-zh"])
"""A test at 1280 x 800 with a mouse in English, and at 390 x 844 by touch in Chinese."""
STATIC = Path(__file__).resolve().parents[1] / "dizhu" / "web" / "static"
CATALOGS = {name: json.loads((STATIC / "i18n" / f"{name}.json").read_text())
            for name in ("en", "zh")}

OPEN: list[Person] = []
"""The people of the running test, closed after it."""


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        pytest.fail("Debian's headless Chromium is needed for the browser tests: apt-get "
                    "install chromium-headless-shell (the README's test command does it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One server for a module's tests (each starts its own matches)."""
    s = Server(tmp_path_factory.mktemp("db") / "game.sqlite3").start()
    yield s
    s.stop()


@pytest.fixture(scope="module")
def away_server(tmp_path_factory):
    """One server for a module's tests where a seat with no page open may be handed to a
    computer after 1 s (rather than 20)."""
    s = Server(tmp_path_factory.mktemp("away") / "game.sqlite3", away=1.0).start()
    yield s
    s.stop()
    assert not s.troubles(), s.output()


@pytest.fixture
def fresh_server(tmp_path):
    """A server of its own, for a test that restarts it or reads the whole lobby."""
    s = Server(tmp_path / "game.sqlite3").start()
    yield s
    s.stop()


@pytest.fixture(autouse=True)
def close_pages():
    yield
    while OPEN:
        OPEN.pop().close()

SHEET_SHOWN = "#sheet-dialog[open] .match-sheet .sheet-totals"
"""A finished match's score sheet, open, with its totals."""


class Person:
    """A page at the table, with the frames it received and the messages it sent.

    ``phone``: a 390 x 844 touch screen (``width`` may narrow it) where every click is a
    tap; ``lang``: the browser's language (the page starts in it); ``motion``: "reduce"
    for a person who asked for less movement."""

    def __init__(self, browser, server, width=None, height=None, phone=False, lang="en",
                 motion="no-preference"):
        self.server = server
        self.phone = phone
        size = dict(PHONE if phone else DESKTOP)
        if width:
            size["width"] = width
        if height:
            size["height"] = height
        self.context = browser.new_context(
            viewport=size, has_touch=phone, is_mobile=phone, reduced_motion=motion,
            locale="zh-CN" if lang == "zh" else "en-US")
        self.page = self.context.new_page()
        self.page.set_default_timeout(20_000)
        self.frames: list[str] = []
        self.sent: list[dict] = []
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("websocket", self._watch)
        OPEN.append(self)

    def _watch(self, ws) -> None:
        ws.on("framereceived", lambda payload: self.frames.append(payload))
        ws.on("framesent", lambda payload: self.sent.append(json.loads(payload)))

    def close(self) -> None:
        """Close the page (and forget it: the test's end need not close it again)."""
        self.context.close()
        if self in OPEN:
            OPEN.remove(self)

    @property
    def width(self) -> int:
        return self.page.viewport_size["width"]

    def goto_lobby(self) -> None:
        """Open the lobby with the new match's settings shown (after a first match, Play
        now stands first and the settings are a click away)."""
        self.page.goto(self.server.url + "/")
        self.page.wait_for_selector("#ruleset-classic", state="attached")
        if self.page.is_hidden("#new-match"):
            self.click("#choose-settings")
        self.page.wait_for_selector("#ruleset-classic")

    def start_match(self, deals="5", bots=None, doubling=False, ruleset="classic", clock=None,
                    name="Ann"):
        """Start a match from the lobby; ``bots``: a strength per computer seat (easy)."""
        page = self.page
        self.goto_lobby()
        page.fill("#player-name", name)
        self.click(f"#ruleset-{ruleset}")
        self.click(f"#len-deals-{deals}")
        selects = page.locator("#bot-seats select")
        bots = bots or ["easy"] * selects.count()
        assert selects.count() == len(bots)
        for seat, level in enumerate(bots, 1):
            page.select_option(f"#bot-{seat}", level)
        if doubling:
            self.click("#opt-doubling")
        if clock is not None:
            page.select_option("#clock", str(clock))
        self.click("#start-match")
        page.wait_for_selector("#hand .card")
        return int(re.search(r"#/match/(\d+)", page.url).group(1))

    def open_match(self, match_id: int) -> None:
        """Open a match made on this machine as its creator (the lobby's way back to it)."""
        self.page.goto(f"{self.server.url}/#/match/{match_id}")
        self.page.wait_for_function("document.body.dataset.version")

    def open_finished_match(self, match_id: int) -> None:
        """Open a finished match as its creator: the page shows its score sheet."""
        self.open_match(match_id)
        self.page.wait_for_selector(SHEET_SHOWN)

    def hand(self) -> list[str]:
        return self.page.eval_on_selector_all("#hand .card", "els => els.map(e => e.dataset.card)")

    def click(self, selector: str) -> None:
        """Click like a person (a tap on a phone): a card of the fanned hand on its corner,
        the part of it that shows."""
        where = {"position": {"x": 8, "y": 14}} if "#hand .card" in selector else {}
        if self.phone:
            self.page.tap(selector, **where)
        else:
            self.page.click(selector, **where)

    def click_twice(self, selector: str) -> None:
        """Two taps in a row on a phone, as fast as a finger; a double click with a mouse."""
        box = self.box(selector)
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        if self.phone:
            self.page.touchscreen.tap(x, y)
            self.page.touchscreen.tap(x, y)
        else:
            self.page.mouse.dblclick(x, y)

    def version(self) -> int:
        return int(self.page.evaluate("document.body.dataset.version || -1"))

    def acting(self, *clicks: str) -> None:
        """Click, then wait until the server accepted something (or refused with a reason)."""
        before = self.version()
        for selector in clicks:
            self.click(selector)
        self.page.wait_for_function(
            f"+(document.body.dataset.version || -1) > {before} || "
            "document.querySelector('#message.error')")

    def wait_turn_or_end(self) -> str:
        """Wait until the person is asked something ("auction", "doubling", "play"), or the
        deal is over ("over"); read in one look at the page, while no action is on its way
        (the computers' turns between may take long on a busy machine)."""
        return self.page.wait_for_function("""() => {
            const q = (s) => document.querySelector(s);
            if (q('#controls.busy')) return null;
            if (q('#sheet-dialog[open]') || q('#next-deal') || q('#show-sheet')) return 'over';
            if (!q('.seat.mine.to-move')) return null;
            if (q('#controls button[id^=bid-]')) return 'auction';
            if (q('#double-no')) return 'doubling';
            return q('#play') ? 'play' : null;
        }""", timeout=60_000).json_value()

    def bid_through(self, bid=3):
        """Answer the auction (the highest legal bid up to ``bid``; in the rob auction,
        call and never rob) until play starts."""
        while (state := self.wait_turn_or_end()) in ("auction", "doubling"):
            if state == "doubling":
                self.acting("#double-no")
            else:
                tokens = [*map(str, range(bid, 0, -1)), "call", "pass"]
                token = next(t for t in tokens if self.page.is_visible(f"#bid-{t}"))
                self.acting(f"#bid-{token}")
        return state

    def play_turn(self) -> None:
        """Lead the first card of the hand by clicking it, or follow with the first hint (or pass;
        "Can't beat" when nothing in the hand beats the trick)."""
        page = self.page
        if page.is_visible("#pass.cannot-beat"):
            self.acting("#pass")
        elif page.is_enabled("#pass"):
            self.click("#hint")
            page.wait_for_function("document.querySelector('#message').textContent !== ''")
            hinted = page.locator("#hand .card.selected").count()
            self.acting("#play" if hinted else "#pass")
        else:
            self.acting("#hand .card >> nth=0", "#play")
        assert not page.is_visible("#message.error"), page.text_content("#message")

    def play_deal(self) -> None:
        """Answer the auction and play the deal out."""
        while (state := self.wait_turn_or_end()) != "over":
            if state == "auction":
                self.bid_through()
            elif state == "doubling":
                self.acting("#double-no")
            else:
                self.play_turn()

    def check_frames(self, match_id: int, seat: int | None = 0) -> int:
        """Check every state frame this page received as ``seat``'s (``None``: a
        spectator's): see :func:`.webserver.check_frames`."""
        store = Store(self.server.db)
        try:
            return check_frames(store, match_id, self.frames, seat)
        finally:
            store.close()

    def state(self) -> dict:
        """The last state the page received."""
        for text in reversed(self.frames):
            message = json.loads(text)
            if message.get("type") == "state":
                return message["state"]
        raise AssertionError("no state received")

    def last_play(self, seat: int = 0) -> dict:
        """The last play or pass of ``seat`` in the deal (from the frames received)."""
        plays = [e for e in self.state()["view"]["history"] if e["seat"] == seat and "play" in e]
        return plays[-1]

    def watch_spot(self, seat: int = 0) -> None:
        """From now on, note every play the spot in front of ``seat`` shows (its label, its
        cards and how many of them are marked wild), so that a play is seen even when nobody
        follows it and the trick clears before the test looks."""
        self.page.evaluate("""(seat) => {
            const spot = document.getElementById(`play-${seat}`);
            const seen = window.spotSeen = [];
            const note = () => {
                const label = spot.querySelector('.shown .play-label');
                if (!label) return;
                const cards = [...spot.querySelectorAll('.shown .card')].map((c) => c.dataset.card);
                const wild = spot.querySelectorAll('.shown .card.wild').length;
                const last = seen[seen.length - 1];
                if (!last || last.label !== label.textContent || last.cards.join() !== cards.join()
                    || last.wild !== wild)
                    seen.push({ label: label.textContent, cards, wild });
            };
            new MutationObserver(note).observe(spot, { childList: true, subtree: true });
        }""", seat)

    def spot_shown(self) -> dict:
        """The last play the watched spot showed: ``{"label", "cards", "wild"}`` (waits for
        one)."""
        return self.page.wait_for_function(
            "window.spotSeen && window.spotSeen.length ? "
            "window.spotSeen[window.spotSeen.length - 1] : null").json_value()

    def acts_sent(self) -> list[dict]:
        return [m for m in self.sent if m.get("type") in ("act", "next")]

    def box(self, selector: str) -> dict:
        return self.page.locator(selector).bounding_box()


def landlord_to_lead(browser, server, ruleset="classic", setup=None, **person) -> Person:
    """A new match in which the person bid 3 and so leads (a computer seat bidding 3 first
    is rare: then another match is started); ``setup(page)`` runs before each start."""
    for _ in range(20):
        someone = Person(browser, server, **person)
        if setup:
            setup(someone.page)
        someone.start_match(ruleset=ruleset)
        someone.bid_through(3)
        if someone.page.locator("#seat-0 .role.landlord").count():
            return someone
        someone.close()
    raise AssertionError("the person never became the landlord")


def seeded_match(server, ruleset: str, seed: str, name: str = "Ann") -> int:
    """A match made on the server's database with a seed of the test's choosing (the lobby
    draws a fresh one), against easy computer players; returns its id."""
    seats = find_ruleset(ruleset).seats
    store = Store(server.db)
    try:
        new = NewMatch(player=name, mode="deals", target=5, ruleset=ruleset,
                       bots=("easy",) * (seats - 1))
        return MatchSession.create(store, new, seed).id
    finally:
        store.close()


def deals_played_out(server, ruleset: str, deals: int = 1, seed: str = "played") -> int:
    """A match made on the server's database whose first ``deals`` deals were played out
    there (the computers' moves for every seat but the person's, the person's the first
    legal action): opened, it shows its score sheet. Returns its id."""
    match_id = seeded_match(server, ruleset, seed)
    store = Store(server.db)
    try:
        table = MatchSession.load(store, match_id)
        while len(table.match.scored_deals) < deals:
            if table.deal.is_over:
                table.next_deal()
            elif not table.play_due():
                table.submit(0, table.view_for_decision(0).legal[-1])
        table.close()
        return match_id
    finally:
        store.close()


def watch_link(server, match_id: int) -> str:
    """The spectators' link of a match."""
    store = Store(server.db)
    try:
        secret = store.db.execute("SELECT secret FROM watch WHERE match_id = ?",
                                  (match_id,)).fetchone()[0]
    finally:
        store.close()
    return f"{server.url}/#/watch/{secret}"


def sheet_scores(page) -> list[int]:
    """The points of each seat in the score sheet's first deal."""
    return page.eval_on_selector_all(
        ".match-sheet tbody tr:first-child td",
        "tds => tds.slice(3, tds.length - 1).map(t => +t.textContent)")


READABLE = 16
"""The narrowest strip of a fanned card (px) that shows its rank and suit whole."""


def wait_dealt(page) -> None:
    """Wait until the cards of a new deal have come to the hand (while they fly from the
    table they pass over whatever lies between, and take no tap until the hand is dealt)."""
    page.wait_for_function("!document.querySelector('#hand.dealing') && "
                           "[...document.querySelectorAll('#hand .card')].every((c) => "
                           "c.getAnimations().every((a) => a.playState === 'finished'))")


def fits_width(page) -> None:
    """Assert the page is no wider than the screen (no sideways scrolling), naming what
    passes the screen's right edge when it is."""
    wide = page.evaluate("""() => document.documentElement.scrollWidth <= innerWidth ? [] :
        [...document.querySelectorAll('body *')].filter((e) => e.getClientRects().length &&
          e.getBoundingClientRect().right > innerWidth + 0.5)
        .map((e) => e.tagName.toLowerCase()
          + (e.id ? `#${e.id}` : '') + [...e.classList].map((c) => `.${c}`).join('')
          + ` right=${Math.round(e.getBoundingClientRect().right)}`).slice(0, 12)""")
    assert not wide, wide


def all_cards_reachable(page) -> int:
    """How many cards of the hand show their corner inside the screen, at least READABLE
    px of it, and are the card under a finger there (asserting all of them are), with no
    sideways scrolling; once the cards of a new deal have come to the hand."""
    wait_dealt(page)
    hits = page.evaluate("""() => [...document.querySelectorAll('#hand .card')].map(c => {
        const r = c.getBoundingClientRect();
        const next = c.nextElementSibling;
        const strip = (next ? next.getBoundingClientRect().left : r.right) - r.left;
        const under = document.elementFromPoint(r.left + 6, r.top + 12);
        return [c.dataset.card, Boolean(under && under.closest('.card') === c && r.left >= 0
          && r.right <= innerWidth && r.top >= 0 && r.top + 12 <= innerHeight), strip];
    })""")
    assert all(ok and strip >= READABLE for _, ok, strip in hits), hits
    fits_width(page)
    assert page.evaluate("scrollX") == 0
    return len(hits)


SHORTHAND = re.compile(r"\b(?=[3-9TJQKA2BR]*[TJQKABR])[3-9TJQKA2BR]{2,}\b|\b[3-9TJQKA2][shcd]\b|"
                       r"\b[a-z]+_[a-z_]+\b")
"""Engine shorthand a player must never read: ranks run together ("9TJQK"), card codes
("Ts"), kind names with underscores ("four_two_singles")."""


def plain(text: str) -> str:
    """Words as read, without the invisible marks that isolate the names in them."""
    return text.replace("\u2068", "").replace("\u2069", "")


def shorthand_shown(page) -> list[str]:
    return SHORTHAND.findall(page.evaluate("document.body.innerText"))


ALLOWED_LATIN = {"dizhu", "English", "Ann", "JOKER", "Esc", "json"}
"""Latin words a Chinese page may show: the game's name, the language switch, the player's
name, the jokers' faces, key names, a file's extension."""


def untranslated(page) -> list[str]:
    """Visible words of a page in Chinese that are not Chinese: catalog keys, and any word
    of the English catalog (outside the few names it may show)."""
    text = page.evaluate("document.body.innerText")
    keys = [k for k in CATALOGS["en"] if re.search(rf"(?<![\w.]){re.escape(k)}(?![\w.])", text)]
    english = {w.lower() for v in CATALOGS["en"].values() for w in re.findall(r"[A-Za-z]{3,}", v)}
    words = [w for w in re.findall(r"[A-Za-z]{2,}", text)
             if w not in ALLOWED_LATIN and (w.lower() in english or len(w) >= 3)]
    return keys + words
