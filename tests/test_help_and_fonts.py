# ruff: noqa: F811 (tests take the fixtures imported from .browsing as arguments)
"""The help page, the page's own font, its sounds and drawn icons.

First without a browser: every example the help draws is checked against the engine (each
combination is what it says, each "beats" holds, each auction and worked score is what the
rules give) and the help's words exist in both languages. Then in Debian's Chromium against
a real server, at 1280x800 and 390x844, in English and Chinese: the help of each ruleset
shows its combinations as cards and its scoring examples, with no untranslated key; the
language and the ruleset switch; "Dizhu CJK" is loaded and draws the brand 斗地主; every
sound can be asked for without an error, and the mute switch is remembered."""

import json
import re
from itertools import pairwise
from pathlib import Path

import pytest

from dizhu import beats, find_ruleset
from dizhu.auction import BID, CALL_BID, PASS_BID, ROB_BID
from dizhu.cards import parse_card
from dizhu.combos import Kind
from dizhu.scoring import score_deal

from .browsing import (  # noqa: F401 (fixtures)
    browser,
    server,
)

STATIC = Path(__file__).resolve().parents[1] / "dizhu" / "web" / "static"
HELP = json.loads((STATIC / "help" / "help.json").read_text())
TEXTS = {code: json.loads((STATIC / "help" / f"{code}.json").read_text()) for code in ("en", "zh")}
CATALOGS = {code: json.loads((STATIC / "i18n" / f"{code}.json").read_text())
            for code in ("en", "zh")}
RULESETS = ["classic", "rob", "four"]
FACT = re.compile(r"\{(\w+)\}")
CJK = re.compile("[\u4e00-\u9fff]")


def field(ruleset: str, name: str):
    """A ruleset's data, following a reference to another ruleset's ("combos": "classic")."""
    value = HELP[ruleset][name]
    return HELP[value][name] if isinstance(value, str) else value


def ranks(rules, cards: list[str]) -> int:
    for card in cards:
        parse_card(card)  # a real card text
    return rules.parse_ranks("".join(card[0] for card in cards))


def play_of(rules, cards: list[str], kind: str | None = None):
    """The cards as a play of ``kind`` (or their only reading)."""
    plays = rules.readings(ranks(rules, cards))
    if kind is not None:
        plays = [p for p in plays if p.kind.label == kind]
    assert len(plays) == 1, (cards, kind, plays)
    return plays[0]


# ------------------------------------------------------------------ the help's words

def test_the_help_speaks_both_languages_with_the_same_keys_and_facts():
    en, zh = TEXTS["en"], TEXTS["zh"]
    assert set(en) == set(zh), set(en) ^ set(zh)
    assert all(k.startswith("help.") for k in en)
    assert not {k for k in en if set(FACT.findall(en[k])) != set(FACT.findall(zh[k]))}
    assert all(v.strip() for words in TEXTS.values() for v in words.values())
    assert not set(en) & set(CATALOGS["en"]), "the help's keys and the page's differ"
    for key in ("help.link", "sound.label", "sound.on", "sound.off"):
        assert key in CATALOGS["en"] and key in CATALOGS["zh"]
    # the Chinese words are Chinese: only seat letters and English names may lack it
    english = [k for k, v in zh.items() if not CJK.search(v)]
    allowed = ("help.seat.", "help.kind.", "help.stake")
    assert all(k.startswith(allowed) for k in english), english


def test_every_kind_of_every_ruleset_has_its_words():
    for name in RULESETS:
        for kind in find_ruleset(name).kinds:
            label = kind.label
            for key in (f"kind.{label}.also", f"combo.{label}", f"combo.{label}.beats"):
                assert f"help.{key}" in TEXTS["en"] or f"help.{name}.{key}" in TEXTS["en"], key


# ------------------------------------------------------------------ the help against the engine

@pytest.mark.parametrize("name", RULESETS)
def test_the_help_shows_the_deal_of_the_ruleset(name):
    rules = find_ruleset(name)
    data = HELP[name]
    assert data["seats"] == rules.seats
    assert (data["hand"], data["kitty"]) == (rules.hand_size, rules.kitty_size)
    mains = [play_of(rules, [c]).main for c in field(name, "ladder")]
    assert mains == sorted(mains)
    ladder = field(name, "ladder")
    assert len({c[0] for c in ladder}) == 15


@pytest.mark.parametrize("name", RULESETS)
def test_every_combination_is_drawn_with_what_it_beats(name):
    rules = find_ruleset(name)
    combos = field(name, "combos")
    assert [c["kind"] for c in combos] == [k.label for k in rules.kinds]
    assert len(combos) == {"classic": 14, "rob": 14, "four": 10}[name]
    for combo in combos:
        for example in combo["examples"]:
            play_of(rules, example, combo["kind"])
        assert combo["beats"]
        for high, low in combo["beats"]:
            top = rules.readings(ranks(rules, low))
            assert top, low
            assert all(beats(play_of(rules, high, combo["kind"]), t) for t in top), (high, low)


@pytest.mark.parametrize("name", RULESETS)
def test_the_limits_are_what_the_engine_says(name):
    rules = find_ruleset(name)
    for limit in field(name, "limits"):
        assert f"help.{limit['key']}" in TEXTS["en"], limit["key"]
        if "valid" in limit:
            assert bool(rules.readings(ranks(rules, limit["cards"]))) == limit["valid"]
        if "kinds" in limit:
            found = sorted(p.kind.label for p in rules.readings(ranks(rules, limit["cards"])))
            assert found == sorted(limit["kinds"])
        if "beats" in limit:
            high, low = (rules.readings(ranks(rules, c)) for c in limit["beats"])
            assert len(high) == len(low) == 1
            assert beats(high[0], low[0]) == limit["result"]


@pytest.mark.parametrize("name", RULESETS)
def test_the_bomb_ladder_climbs_and_says_what_doubles(name):
    rules = find_ruleset(name)
    ladder = [play_of(rules, step["cards"]) for step in field(name, "bomb_ladder")]
    assert ladder[-1].kind is Kind.ROCKET
    assert all(p.kind in (Kind.BOMB, Kind.ROCKET) for p in ladder)
    assert all(beats(high, low) and not beats(low, high) for low, high in pairwise(ladder))
    assert [p.doubling for p in ladder] == [s["doubles"] for s in field(name, "bomb_ladder")]


ANSWERS = {"pass": PASS_BID, "decline": PASS_BID, "norob": PASS_BID, "call": CALL_BID,
           "rob": ROB_BID}


def answer(step):
    return BID[step["n"]] if step["say"] == "bid" else ANSWERS[step["say"]]


@pytest.mark.parametrize("name", RULESETS)
def test_the_auction_examples_end_as_the_rules_say(name):
    rules = find_ruleset(name)
    for example in field(name, "auction"):
        bids = [(s["seat"], answer(s)) for s in example["steps"]]
        assert [s for s, _ in bids] == [s["seat"] for s in example["steps"]]
        state = rules.auction.state(rules.seats, example["steps"][0]["seat"], bids)
        assert state.over
        if example.get("thrown_in"):
            assert state.thrown_in
        else:
            assert (state.landlord, state.stake) == (example["landlord"], example["stake"])
        for k in range(1, len(bids)):  # each answer was one that seat could give
            before = rules.auction.state(rules.seats, bids[0][0], bids[:k])
            assert before.to_move == bids[k][0] and bids[k][1] in before.legal


def auction_of(rules, steps, bids):
    """Where the auction of a worked example stands: "A wins the auction with a bid of 2"
    (the others' passes left out) is an auction that ended so; call and rob are answered
    one by one."""
    won = [s for s in steps if s["say"] == "bid"]
    if won:
        assert len(won) == 1 and won[0]["n"] in rules.auction.stakes(rules.seats)
        return rules.auction.ended(won[0]["seat"], won[0]["n"])
    return rules.auction.state(rules.seats, bids[0][0], bids)


@pytest.mark.parametrize("name", RULESETS)
def test_the_worked_scores_are_what_the_scoring_gives(name):
    rules = find_ruleset(name)
    examples = field(name, "scoring")
    assert len(examples) >= 3
    for example in examples:
        steps = example["steps"]
        assert f"help.example.{name}.{example['id']}" in TEXTS["en"]
        bids = []
        bombs = rockets = 0
        spring = anti_spring = redoubled = False
        doubled = [False] * rules.seats
        winner = None
        for k, step in enumerate(steps):
            say = step["say"]
            if say == "bid" or say in ANSWERS:
                bids.append((step["seat"], answer(step)))
            if say in ("bomb", "bomb_small", "rocket"):
                play = play_of(rules, step["cards"])
                assert play.kind is (Kind.ROCKET if say == "rocket" else Kind.BOMB)
                assert play.doubling == (say != "bomb_small")
                bombs += say == "bomb"
                rockets += say == "rocket"
            spring |= say == "spring"
            anti_spring |= say == "anti_spring"
            redoubled |= say == "redouble"
            if say == "double":
                doubled[step["seat"]] = True
            if say in ("landlord_wins", "peasants_win"):
                winner = say
                assert k == len(steps) - 1
                assert (step["seat"] == example["landlord"]) == (say == "landlord_wins")
            if "stake" in step:
                stake = auction_of(rules, steps, bids).stake
                doublings = bombs + rockets + spring + anti_spring
                assert step["stake"] == stake << doublings, (example["id"], step)
        state = auction_of(rules, steps, bids)
        assert state.over and state.landlord == example["landlord"]
        sheet = score_deal(landlord=example["landlord"], landlord_won=winner == "landlord_wins",
                           bid=state.stake, bombs=bombs, rockets=rockets, spring=spring,
                           anti_spring=anti_spring, doubled=tuple(doubled), redoubled=redoubled,
                           seats=rules.seats, robs=state.robs)
        assert list(sheet.scores) == example["scores"], example["id"]
        settle = {int(s): f for s, f in example["settle"].items()}
        assert sorted(settle) == [s for s in range(rules.seats) if s != example["landlord"]]
        for seat, factors in settle.items():
            product = 1
            for f in factors:
                product *= f
            assert product == abs(example["scores"][seat])


def test_the_strategy_hand_goes_out_in_the_plays_it_shows():
    rules = find_ruleset("classic")
    plan = HELP["classic"]["strategy"]
    for group in plan["good"]:
        play_of(rules, group["cards"], group["kind"])
    cards = [c for g in plan["good"] for c in g["cards"]]
    assert len(cards) == len(set(cards)) == rules.hand_size
    assert len(plan["loose"]) == len(set(plan["loose"])) == rules.hand_size
    assert all(field(name, "strategy") == plan for name in RULESETS)


# ------------------------------------------------------------------ in the browser

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
ALL_KEYS = set(CATALOGS["en"]) | set(TEXTS["en"])


def open_page(browser, server, size="desktop", language="en",
              path="/static/help.html#/help/classic"):
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height},
                                  has_touch=size == "phone", is_mobile=size == "phone")
    context.add_init_script(f"if (!localStorage.getItem('dizhu.language')) "
                            f"localStorage.setItem('dizhu.language', '{language}')")
    page = context.new_page()
    page.set_default_timeout(20_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + path)
    return page, errors


def wait_help(page, ruleset):
    page.wait_for_selector(f"body[data-ready='1'][data-ruleset='{ruleset}']")
    page.wait_for_function(f"document.querySelector('#help').dataset.ruleset === '{ruleset}'")


TEXT_NODES = """() => {
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode.textContent.trim();
    if (text) out.push(text);
  }
  for (const el of document.querySelectorAll('[title], [aria-label]')) {
    for (const a of ['title', 'aria-label']) if (el.getAttribute(a)) out.push(el.getAttribute(a));
  }
  return out;
}"""


def untranslated(texts: list[str]) -> list[str]:
    return [t for t in texts if t in ALL_KEYS or re.fullmatch(r"(help|sound|kind)\.[\w.]+", t)
            or re.search(r"\{\w+\}", t)]


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("language", ["en", "zh"])
@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_help_of_each_ruleset_draws_its_combinations_and_scores(browser, server, ruleset,
                                                                    language, size):
    page, errors = open_page(browser, server, size, language, f"/static/help.html#/help/{ruleset}")
    wait_help(page, ruleset)
    rules = find_ruleset(ruleset)
    kinds = page.eval_on_selector_all(".help-combo", "els => els.map(e => e.dataset.kind)")
    assert kinds == [k.label for k in rules.kinds]
    assert len(kinds) == {"classic": 14, "rob": 14, "four": 10}[ruleset]
    drawn = page.eval_on_selector_all(
        ".help-combo", "els => els.map(e => e.querySelectorAll('.help-examples .card svg').length)")
    assert all(n > 0 for n in drawn)
    examples = page.eval_on_selector_all(
        ".help-example",
        "els => els.map(e => [e.dataset.example, e.querySelectorAll('.help-scores tr').length])")
    assert examples == [[x["id"], rules.seats + 1] for x in field(ruleset, "scoring")]
    scores = page.eval_on_selector_all(".help-example td.score",
                                       "els => els.map(e => e.textContent)")
    expected = [n for x in field(ruleset, "scoring") for n in x["scores"]]
    assert scores == [f"+{n}" if n > 0 else f"\u2212{-n}" for n in expected]
    assert page.evaluate("document.documentElement.lang") == ("zh-CN" if language == "zh" else "en")
    texts = page.evaluate(TEXT_NODES)
    assert not untranslated(texts)
    paragraphs = page.eval_on_selector_all(".help-section p", "els => els.map(e => e.textContent)")
    assert len(paragraphs) > 30
    if language == "zh":
        assert all(CJK.search(p) for p in paragraphs), [p for p in paragraphs if not CJK.search(p)]
        assert page.text_content("h1").startswith("玩法说明")
    else:
        assert page.text_content("h1").startswith("How to play")
        assert not any(CJK.fullmatch(p) for p in paragraphs)
    assert page.get_attribute(f"#help-ruleset-{ruleset}", "aria-current") == "page"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert not errors
    page.context.close()


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_language_and_the_ruleset_switch_and_are_remembered(browser, server, size):
    page, errors = open_page(browser, server, size, "en")
    wait_help(page, "classic")
    assert page.text_content("#help-back") == "Back to the game"
    page.click("button[data-language='zh']")
    page.wait_for_function("document.querySelector('h1').textContent.startsWith('玩法说明')")
    assert page.text_content("#help-back") == "返回游戏"
    assert page.get_attribute("button[data-language='zh']", "aria-pressed") == "true"
    assert not untranslated(page.evaluate(TEXT_NODES))
    page.click("#help-ruleset-four")
    wait_help(page, "four")
    assert page.url.endswith("#/help/four")
    assert page.locator(".help-combo").count() == 10
    assert "四人斗地主" in page.text_content("h1")
    page.click("a[href='#/help/four/scoring']")
    page.wait_for_function("location.hash === '#/help/four/scoring'")
    top = page.evaluate("document.getElementById('help-scoring').getBoundingClientRect().top")
    assert top < 200
    page.reload()
    wait_help(page, "four")
    assert page.text_content("h1").startswith("玩法说明")
    page.click("button[data-language='en']")
    page.wait_for_function("document.querySelector('h1').textContent.startsWith('How to play')")
    assert not untranslated(page.evaluate(TEXT_NODES))
    assert not errors
    page.context.close()


def rendered_fonts(page, selector: str) -> list[dict]:
    """The fonts Chromium really drew an element's text with (DevTools protocol)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument")["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    assert node, selector
    fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
    cdp.detach()
    return fonts


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("path", ["/", "/static/help.html#/help/classic"])
def test_the_page_font_is_loaded_and_draws_the_brand(browser, server, path, size):
    page, _ = open_page(browser, server, size, "en", path)
    page.wait_for_selector(".brand span")
    page.evaluate("document.fonts.ready")
    page.wait_for_function("[...document.fonts].some(f => f.family.replaceAll('\"', '') === "
                           "'Dizhu CJK' && f.status === 'loaded')")
    assert page.evaluate("document.fonts.check('16px \"Dizhu CJK\"', '斗地主')")
    assert page.evaluate("document.fonts.check('bold 16px \"Dizhu CJK\"', '斗地主底牌大王小王')")
    fonts = rendered_fonts(page, ".brand span")
    assert fonts and all(f["familyName"] == "Dizhu CJK" and f["isCustomFont"] for f in fonts), fonts
    if path == "/":
        link = page.get_attribute("#help-link", "href")
        assert link.startswith("/static/help.html#/help/")
    page.context.close()


def test_the_help_paragraphs_in_chinese_are_drawn_with_the_page_font(browser, server):
    page, _ = open_page(browser, server, "phone", "zh")
    wait_help(page, "classic")
    page.evaluate("document.fonts.ready")
    fonts = rendered_fonts(page, "#help-scoring p")
    chinese = [f for f in fonts if f["familyName"] == "Dizhu CJK"]
    assert chinese and all(f["isCustomFont"] for f in chinese)
    assert sum(f["glyphCount"] for f in chinese) > 10
    page.context.close()


SOUNDS = """async () => {
  const sound = await import('/static/sound.js');
  const results = {};
  for (const name of sound.SOUND_NAMES) results[name] = sound.playSound(name);
  return { names: sound.SOUND_NAMES, results, muted: sound.isMuted() };
}"""


def test_every_sound_can_be_made_and_mute_is_remembered(browser, server):
    page, errors = open_page(browser, server, "desktop", "en")
    wait_help(page, "classic")
    first = page.evaluate(SOUNDS)
    assert set(first["names"]) >= {"play", "pass", "bomb", "rocket", "win", "lose", "tick"}
    assert first["muted"] is False
    assert all(isinstance(v, bool) for v in first["results"].values())
    # after a gesture the audio runs: every sound is then really made (a recipe that threw
    # would answer false)
    page.mouse.click(5, 300)
    page.wait_for_timeout(300)
    made = page.evaluate(SOUNDS)["results"]
    running = page.evaluate("""async () => {
      const ctx = new AudioContext(); await ctx.resume().catch(() => {});
      const state = ctx.state; ctx.close(); return state; }""")
    if running == "running":
        assert all(made.values()), made
    # each sound is audible, short and not clipped (rendered offline)
    rendered = page.evaluate("""async () => {
      const sound = await import('/static/sound.js');
      const out = {};
      for (const name of sound.SOUND_NAMES) out[name] = await sound.renderSound(name);
      return out; }""")
    for name, got in rendered.items():
        assert 0.03 < got["peak"] < 1, (name, got)
        assert 0.02 < got["seconds"] < 1.5, (name, got)
    # the tool-bar button: its state, its words in the page's language
    button = page.evaluate("""async () => {
      const { soundButton } = await import('/static/sound.js');
      const b = soundButton(); document.body.append(b);
      return [b.getAttribute('aria-pressed'), b.title, b.getAttribute('aria-label'),
              b.querySelector('svg.icon') !== null];
    }""")
    assert button == ["false", CATALOGS["en"]["sound.on"], "Sounds", True]
    page.click("#sound-button")
    assert page.get_attribute("#sound-button", "aria-pressed") == "true"
    assert page.get_attribute("#sound-button", "title") == CATALOGS["en"]["sound.off"]
    muted = page.evaluate(
        "import('/static/sound.js').then(s => [s.isMuted(), s.playSound('bomb')])")
    assert muted == [True, False]
    page.click("button[data-language='zh']")
    page.wait_for_function("document.documentElement.lang === 'zh-CN'")
    assert page.get_attribute("#sound-button", "title") == CATALOGS["zh"]["sound.off"]
    page.reload()
    wait_help(page, "classic")
    assert page.evaluate(SOUNDS)["muted"] is True
    page.evaluate("import('/static/sound.js').then(s => s.setMuted(false))")
    page.reload()
    wait_help(page, "classic")
    assert page.evaluate(SOUNDS)["muted"] is False
    assert not errors
    page.context.close()


def test_sounds_never_throw_without_audio(browser, server):
    page, errors = open_page(browser, server, "phone", "en")
    page.add_init_script("delete window.AudioContext; delete window.webkitAudioContext;")
    page.reload()
    wait_help(page, "classic")
    assert page.evaluate("typeof window.AudioContext") == "undefined"
    result = page.evaluate(SOUNDS)
    assert result["results"] and not any(result["results"].values())
    page.evaluate("import('/static/sound.js').then(s => { s.setMuted(true); s.setMuted(false); "
                  "document.body.append(s.soundButton()); })")
    page.click("#sound-button")
    assert not errors
    page.context.close()


def test_the_drawn_icons(browser, server):
    page, errors = open_page(browser, server, "desktop", "en")
    wait_help(page, "classic")
    icons = page.evaluate("""async () => {
      const { icon, ICON_NAMES } = await import('/static/icons.js');
      const out = {};
      for (const name of ICON_NAMES) {
        const svg = icon(name);
        document.body.append(svg);
        const box = svg.getBBox();
        out[name] = [svg.getAttribute('aria-hidden'), svg.children.length,
                     box.width > 5 && box.height > 5];
      }
      let threw = false;
      try { icon('nothing'); } catch { threw = true; }
      return { out, threw };
    }""")
    assert {"first", "prev", "next", "last", "sound", "muted"} <= set(icons["out"])
    assert all(v == ["true", v[1], True] and v[1] > 0 for v in icons["out"].values())
    assert icons["threw"]
    assert not errors
    page.context.close()
