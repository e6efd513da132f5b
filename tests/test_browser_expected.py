# ruff: noqa: F811 (tests take the fixtures imported from .browsing as arguments)
"""What a player expects of a Dou Dizhu table, as the apps people play every day do it: one
tap "Can't beat" (要不起), "one card left" (报单) and "two cards left" (报双) called out, the
jokers by their names, the big cards to the left, playing again in one click, a deal dealt
and seats with faces. In a real browser, at 1280 x 800 with a mouse and at 390 x 844 by
touch, in English and in Chinese."""

import json
import re
from itertools import pairwise

import pytest

from .browsing import (  # noqa: F401 (fixtures)
    CATALOGS,
    STATIC,
    Person,
    browser,
    close_pages,
    fresh_server,
    plain,
    server,
)

DESKTOP_EN = {"lang": "en"}
PHONE_ZH = {"phone": True, "lang": "zh"}
SIZES = pytest.mark.parametrize("how", [DESKTOP_EN, PHONE_ZH], ids=["desktop-en", "phone-zh"])


def words(how: dict, key: str) -> str:
    """The catalog's words for ``key`` in the language of ``how``, up to its first fact."""
    return CATALOGS[how.get("lang", "en")][key].split("{")[0]


def until_cannot_beat(person: Person) -> dict:
    """Play deals (the lowest card when leading, the first hint when following) until the
    person is to follow a trick nothing in their hand beats; returns that state's view."""
    page = person.page
    for _ in range(400):
        state = person.wait_turn_or_end()
        if state == "over":
            if person.state()["match"]["finished"]:
                raise AssertionError("the match ended before the person could not beat a play")
            page.wait_for_selector("#sheet-next")
            person.acting("#sheet-next")
        elif state in ("auction", "doubling"):
            person.bid_through()
        else:
            view = person.state()["view"]
            if view["cannot_beat"]:
                return view
            person.play_turn()
    raise AssertionError("the person was never unable to beat a play")


@SIZES
def test_one_tap_cannot_beat(browser, server, how):
    """Nothing in the hand beats the trick: the server says so, and the page at once (no
    hint asked): one "Can't beat" button (要不起), Play out of the way, the cards not
    selectable; Hint (H) says why without asking the server, and Enter or a tap passes,
    once."""
    person = Person(browser, server, **how)
    person.start_match(deals="20")
    page = person.page
    view = until_cannot_beat(person)
    hints_before = sum(m["type"] == "hint" for m in person.sent)
    assert page.is_visible("#pass") and "primary" in page.get_attribute("#pass", "class")
    assert page.text_content("#pass") == CATALOGS[how["lang"]]["btn.cannot_beat"]
    for hidden in ("#play", "#clear", "#pattern-toggle"):
        assert not page.is_visible(hidden), hidden
    assert plain(page.text_content("#status")).startswith(words(how, "status.cannot_beat"))
    assert view["legal"] == [{"play": "pass"}]
    person.click("#hand .card >> nth=0")
    assert page.locator("#hand .card.selected").count() == 0
    page.keyboard.press("h")
    assert plain(page.text_content("#message")).startswith(words(how, "hint.cannot_beat"))
    page.evaluate("document.getElementById('message').textContent = ''")
    person.click("#hint")
    assert plain(page.text_content("#message")).startswith(words(how, "hint.cannot_beat"))
    assert sum(m["type"] == "hint" for m in person.sent) == hints_before
    acts = len(person.acts_sent())
    if how.get("phone"):
        person.acting("#pass")
    else:
        before = person.version()
        page.keyboard.press("Enter")
        page.wait_for_function(f"+document.body.dataset.version > {before}")
    assert [m["action"] for m in person.acts_sent()[acts:]] == [{"play": "pass"}]
    assert not page.is_visible("#message.error")
    assert not person.errors


HELP_TEXTS = {code: json.loads((STATIC / "help" / f"{code}.json").read_text())
              for code in ("en", "zh")}


def test_the_jokers_have_their_players_names_in_every_text():
    """大王 and 小王 in Chinese, "big joker" and "small joker" in English, in every text the
    page and its help show: no "black" or "red" joker anywhere."""
    for code, names in (("en", ("small joker", "big joker")), ("zh", ("小王", "大王"))):
        words = CATALOGS[code]
        assert (words["rank.B"].lower(), words["rank.R"].lower()) == names
        assert (words["count.joker.B"].lower(), words["count.joker.R"].lower()) == names
        texts = [*words.values(), *HELP_TEXTS[code].values()]
        wrong = [t for t in texts if re.search(r"(black|red) jokers?|[黑红]王", t, re.I)]
        assert not wrong, wrong
    assert "small joker" in HELP_TEXTS["en"]["help.cards.2"]


@SIZES
def test_the_jokers_are_named_on_the_cards_and_wherever_a_card_is_written(browser, server,
                                                                          how):
    """A joker in the hand says its name on its face (大王 / 小王 written down its corner; in
    English JOKER, with BIG or SMALL under its star) and to a screen reader; the count
    strip, a play's words and a card's name use the same names."""
    lang = how["lang"]
    words = CATALOGS[lang]
    for _ in range(30):
        person = Person(browser, server, **how)
        person.start_match()
        jokers = [c for c in person.hand() if c in ("B", "R")]
        if jokers:
            break
        person.close()
    else:
        raise AssertionError("no hand held a joker")
    page = person.page
    for joker in jokers:
        card = f"#hand .card[data-card={joker}]"
        assert page.get_attribute(card, "aria-label") == words[f"rank.{joker}"]
        face = page.eval_on_selector(f"{card} svg", "s => [...s.querySelectorAll('text')]"
                                     ".map(t => t.textContent).join('')")
        assert face == words[f"card.corner.{joker}"].replace(" ", "") + \
            words[f"card.label.{joker}"].replace(" ", ""), face
        assert ("王" in face) if lang == "zh" else ("JOKER" in face)
    said = page.evaluate("""async () => {
        const w = await import('/static/words.js');
        const i = await import('/static/i18n.js');
        return [w.actionWords({play: 'rocket BR'}), i.cardName('B'), i.cardName('R'),
                i.playText('single R'), i.cardsText('BR')];
    }""")
    b, r = words["rank.B"], words["rank.R"]
    assert said == [f"{words['kind.rocket']} {b} {r}", b, r, f"{words['kind.single']} {r}",
                    f"{b} {r}"]
    person.bid_through()
    person.click("#count-button")
    for joker in ("B", "R"):
        assert page.text_content(f".count-cell[data-rank={joker}] .count-rank") == \
            words[f"count.joker.{joker}"]
    assert not person.errors


RANKS = "3456789TJQKA2BR"


@SIZES
def test_the_big_cards_are_on_the_left_and_the_order_is_a_remembered_choice(browser, server,
                                                                            how):
    """The hand is ordered big cards first, on the left, as the apps do; Sort offers the
    count (biggest groups first) and small cards first, and the choice is remembered."""
    person = Person(browser, server, **how)
    person.start_match()
    page = person.page
    dealt = person.state()["view"]["hand"]

    def ranks() -> list[int]:
        return [RANKS.index(card[0]) for card in person.hand()]

    assert page.get_attribute("#sort-button", "data-sort") == "big"
    assert page.text_content("#sort-button") == CATALOGS[how["lang"]]["tools.sort_big"]
    assert ranks() == sorted(ranks(), reverse=True) and sorted(person.hand()) == sorted(dealt)
    person.click("#sort-button")
    assert page.get_attribute("#sort-button", "data-sort") == "count"
    counts = [(ranks().count(r), r) for r in ranks()]
    assert counts == sorted(counts, reverse=True)
    person.click("#sort-button")
    assert page.get_attribute("#sort-button", "data-sort") == "small"
    assert person.hand() == dealt  # the server's order: small cards first
    page.reload()
    page.wait_for_selector("#hand .card")
    assert page.get_attribute("#sort-button", "data-sort") == "small"
    assert person.hand() == dealt
    person.click("#sort-button")
    assert page.get_attribute("#sort-button", "data-sort") == "big"
    assert not person.errors


SPEECH = """
window.spoken = [];
const synth = { speak(u) { window.spoken.push([u.text, u.lang]); }, cancel() {},
                getVoices() { return []; }, speaking: false, pending: false };
Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
if (!window.SpeechSynthesisUtterance) {
  window.SpeechSynthesisUtterance = class { constructor(text) { this.text = text; } };
}
"""
"""Speech synthesis as a browser gives it, recording what the page says (a headless browser
has no voice)."""


def alerts_due(frames: list[str]) -> list[tuple[int, int]]:
    """(seat, cards left) each time a seat came down to two cards or one during play, in
    the order the page received the states."""
    states = [json.loads(f) for f in frames]
    states = [m for m in states if m["type"] == "state"]
    due = []
    for before, after in pairwise(states):
        b, a = before["state"], after["state"]
        if after["version"] <= before["version"] or \
                b["match"]["deal_index"] != a["match"]["deal_index"] or \
                a["view"]["phase"] != "play":
            continue
        pairs = zip(b["view"]["cards_left"], a["view"]["cards_left"], strict=True)
        for seat, (was, now) in enumerate(pairs):
            if now in (1, 2) and now < was:
                due.append((seat, now))
    return due


@pytest.mark.parametrize("how, muted", [(DESKTOP_EN, False), (PHONE_ZH, False),
                                        (DESKTOP_EN, True)],
                         ids=["desktop-en", "phone-zh", "desktop-en-muted"])
def test_one_card_left_and_two_cards_left_are_called_out(browser, server, how, muted):
    """A seat down to two cards or one says so on its box (报双 / 报单, "Two left" / "Last
    card") for as long as it holds them, and the page calls it out: a sound of its own and,
    where the browser can speak, the words ("Two cards left") in the page's language;
    nothing is heard with the sounds muted."""
    lang = how["lang"]
    words = CATALOGS[lang]
    person = Person(browser, server, **how)
    page = person.page
    page.add_init_script(SPEECH)
    if muted:
        page.add_init_script("localStorage.setItem('dizhu.muted', '1')")
    cues: list[str] = []
    page.expose_function("noteCue", lambda name: cues.append(name))
    page.add_init_script("document.addEventListener('cue', e => noteCue(e.detail))")
    person.start_match(deals="10")
    shown = 0
    for _ in range(600):
        state = person.wait_turn_or_end()
        if state == "over":
            if alerts_due(person.frames):
                break
            page.wait_for_selector("#sheet-next")
            person.acting("#sheet-next")
            continue
        if state != "play":
            person.bid_through()
            continue
        view = person.state()["view"]
        for seat, left in enumerate(view["cards_left"]):
            alert = page.locator(f"#seat-{seat} .alert")
            if left in (1, 2):
                key = "seat.one_left" if left == 1 else "seat.two_left"
                assert alert.text_content() == words[key]
                shown += 1
            else:
                assert alert.count() == 0
        person.play_turn()
    due = alerts_due(person.frames)
    assert due, "no seat came down to two cards or one"
    heard = [c for c in cues if c in ("one_left", "two_left")]
    assert heard == ["one_left" if left == 1 else "two_left" for _, left in due]
    said = [words["speech.one_left" if left == 1 else "speech.two_left"] for _, left in due]
    spoken = page.evaluate("window.spoken")
    voice = "zh-CN" if lang == "zh" else "en-US"
    assert spoken == ([] if muted else [[w, voice] for w in said])
    assert page.locator(".seat .alert").count() == 0  # the deal is over
    assert not person.errors


@SIZES
def test_play_again_in_one_click_with_the_same_settings_and_seats(browser, server, how):
    """At the end of a match the creator's Play again (the sheet's first button) starts the
    next match with the same settings and the same people at their seats; the friend's
    page offers the way to it as soon as it is made, one click to their seat there."""
    lang = how["lang"]
    ann = Person(browser, server, **how)
    first = ann.start_match(bots=["friend", "hard"])
    link = ann.page.input_value("#invite-1")
    bo = Person(browser, server, lang=lang)
    bo.page.goto(link)
    bo.page.wait_for_selector("#join-name")
    bo.page.fill("#join-name", "Bo")
    bo.click("#join-sit")
    bo.page.wait_for_selector("#hand .card")
    for person in (ann, bo):
        person.click("#autoplay")
    for person in (ann, bo):
        person.page.wait_for_selector("#sheet-dialog[open]", timeout=120_000)
        person.page.wait_for_function("document.body.dataset.deal && "
                                      "document.querySelector('#show-sheet')")
    assert ann.state()["match"]["finished"]
    page = ann.page
    page.wait_for_selector("#sheet-new")
    assert page.text_content("#sheet-new") == CATALOGS[lang]["btn.play_again"]
    assert page.evaluate("document.activeElement.id") == "sheet-new"
    assert bo.page.locator("#sheet-new").count() == 0
    assert plain(bo.page.text_content(".again-note")).startswith("Ann")
    ann.click("#sheet-new")
    page.wait_for_function(f"location.hash !== '#/match/{first}'")
    page.wait_for_function("document.body.dataset.deal === '0'")
    second = ann.state()["match"]
    assert second["id"] != first and second["names"][:2] == ["Ann", "Bo"]
    assert second["bots"] == [None, "hard"] and second["seat"] == 0
    # the friend's page: the way on, one click to their seat at the next match
    bo.page.wait_for_selector("#sheet-new")
    assert bo.page.text_content("#sheet-new") == CATALOGS[lang]["btn.play_again"]
    bo.click("#sheet-new")
    bo.page.wait_for_function("location.hash.startsWith('#/join/') && "
                              "document.body.dataset.deal === '0'")
    bo.page.wait_for_selector("#hand .card")
    assert bo.state()["match"]["id"] == second["id"] and bo.state()["match"]["seat"] == 1
    assert bo.page.is_hidden("#join")
    assert not ann.errors and not bo.errors


@SIZES
def test_play_now_in_the_lobby_starts_a_match_like_the_last_after_a_restart(browser,
                                                                            fresh_server, how):
    """The lobby's Play now starts a match with the last match's settings (kept in the
    store: a restart keeps them), said in words beside it; the settings are one click away.
    Before any match there is nothing to play like: the form stands alone."""
    lang = how["lang"]
    person = Person(browser, fresh_server, **how)
    page = person.page
    person.goto_lobby()
    assert page.is_hidden("#quick") and page.is_visible("#start-match")
    person.start_match(ruleset="rob", deals="10", bots=["hard", "easy"])
    fresh_server.restart()
    page.goto(fresh_server.url + "/")
    page.wait_for_selector("#play-now")
    assert page.is_hidden("#new-match") and page.is_visible("#choose-settings")
    what = plain(page.text_content("#quick-what"))
    assert CATALOGS[lang]["ruleset.rob"] in what and what.startswith(
        CATALOGS[lang]["lobby.last_match"].split("{")[0]), what
    box = page.locator("#play-now").bounding_box()
    assert box["y"] + box["height"] <= page.viewport_size["height"]  # in view at once
    person.click("#choose-settings")
    assert page.is_visible("#start-match") and page.is_hidden("#choose-settings")
    person.click("#play-now")
    page.wait_for_selector("#hand .card")
    match = person.state()["match"]
    assert (match["ruleset"], match["mode"], match["target"]) == ("rob", "deals", 10)
    assert match["bots"] == ["hard", "easy"] and match["names"][0] == "Ann"
    assert not person.errors


DEALT = """
window.dealt = [];
new MutationObserver(() => {
  const hand = document.getElementById('hand');
  if (!hand || !hand.classList.contains('dealing')) return;
  const deal = document.body.dataset.deal;
  if (window.dealt.some((d) => d.deal === deal)) return;
  const cards = [...hand.querySelectorAll('.card')];
  const moving = cards.flatMap((c) => c.getAnimations());
  window.dealt.push({
    deal, cards: cards.length, moving: moving.length,
    hats: [...document.querySelectorAll('#felt .seat svg.avatar')].map((f) => f.dataset.hat),
    properties: [...new Set(moving.flatMap((a) => a.effect.getKeyframes()
      .flatMap((k) => Object.keys(k))))],
    ends: Math.max(...moving.map((a) => a.effect.getComputedTiming().endTime)),
  });
}).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
"""
"""What the page's hand does as a deal is dealt: its cards' animations, as they start."""

FACES = """() => [...document.querySelectorAll('#felt .seat')].map((box) => {
  const face = box.querySelector('svg.avatar');
  const r = face ? face.getBoundingClientRect() : null;
  return face && { seat: box.id, look: face.dataset.look, hat: face.dataset.hat,
                   mood: face.dataset.mood, shown: r.width >= 20 && face.checkVisibility(),
                   box: [r.left, r.top, r.right, r.bottom] };
})"""


def overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@SIZES
def test_a_deal_is_dealt_and_the_seats_have_faces(browser, server, how):
    """Each deal's cards come to the hand one after another (a short animation of transform
    and opacity alone, under a second); each seat has a face drawn by the page (no image is
    fetched), its own, wearing the landlord's hat or the peasant's straw hat once the
    landlord is known and smiling or not at the end of the deal."""
    person = Person(browser, server, **how)
    page = person.page
    page.add_init_script(DEALT)
    images = []
    page.on("request", lambda r: images.append(r.url) if r.resource_type == "image" else None)
    person.start_match(bots=["expert", "easy"])
    page.wait_for_function("window.dealt.length === 1")
    first = page.evaluate("window.dealt[0]")
    assert first["deal"] == "0" and first["moving"] == first["cards"] == 17, first
    assert set(first["properties"]) <= {"transform", "opacity", "offset", "easing",
                                        "composite", "computedOffset"}, first
    assert first["ends"] <= 1000
    assert first["hats"] == ["none"] * 3, first  # nobody is landlord as the cards come
    faces = page.evaluate(FACES)
    phone = how.get("phone")
    for face in faces:
        mine = face["seat"] == "seat-0"
        assert face["shown"] is not (phone and mine), face  # a phone shows the others'
    assert len({f["look"] for f in faces}) == 3
    if not phone:  # beside the boxes, on nothing the table shows
        others = page.evaluate("""() => {
            const range = document.createRange();
            range.selectNodeContents(document.getElementById('status'));
            const parts = [...document.querySelectorAll('#kitty > *, #felt .seat, #stake .chip,'
                + ' #felt .spot .shown > *')].map((e) => e.getBoundingClientRect());
            return [...parts, range.getBoundingClientRect()].filter((r) => r.width)
                .map((r) => [r.left, r.top, r.right, r.bottom]);
        }""")
        assert not any(overlaps(f["box"], o) for f in faces for o in others)
    person.bid_through()
    view = person.state()["view"]
    hats = {f["seat"]: f["hat"] for f in page.evaluate(FACES)}
    assert hats == {f"seat-{s}": "landlord" if s == view["landlord"] else "peasant"
                    for s in range(3)}
    person.play_deal()
    result = person.state()["view"]["result"]
    moods = {f["seat"]: f["mood"] for f in page.evaluate(FACES)}
    assert moods == {f"seat-{s}": "won" if result["scores"][s] > 0 else "lost"
                     for s in range(3)}
    page.wait_for_selector("#sheet-next")
    person.acting("#sheet-next")
    page.wait_for_function("window.dealt.length === 2")
    assert page.evaluate("window.dealt[1].deal") == "1"
    assert images == [] and page.locator("img").count() == 0
    assert not person.errors


def test_no_dealing_with_less_movement_asked(browser, server):
    person = Person(browser, server, motion="reduce")
    page = person.page
    page.add_init_script(DEALT)
    person.start_match()
    person.bid_through()
    assert page.evaluate("window.dealt") == []
    assert page.evaluate("document.getAnimations().length") == 0
    assert not person.errors
