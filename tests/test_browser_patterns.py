# ruff: noqa: F811 (tests take the fixtures imported from .browsing as arguments)
"""Naming a play by its pattern in a real browser, at 1280 x 800 with a mouse and at
390 x 844 by touch: every kind with kickers or wings is named rank by rank and lands on the
table, and the picker offers only what the hand can make (the server says what)."""

from collections import Counter

import pytest

from dizhu.cards import RANKS
from dizhu.combos import Kind, Play
from dizhu.patterns import SHAPES, Naming, naming
from dizhu.rulesets import find_ruleset
from dizhu.session import MatchSession, Store

from .browsing import (  # noqa: F401 (fixtures)
    CATALOGS,
    LAYOUTS,
    Person,
    browser,
    close_pages,
    seeded_match,
    server,
)
from .deals import WINGED, leading_with


def card_of(rank: int) -> str:
    return f"#hand .card[data-card^='{RANKS[rank]}'] >> nth=0"


def name_pattern(person: Person, named: Naming) -> None:
    """Name a play as a person does: the pattern button, the lowest card of the main run,
    the run's length, then each wing or kicker by a card of its rank. At each step the
    hand marks the cards the answers so far put on the table: the main run's, then each
    wing's as it is chosen."""
    shape = SHAPES[named.kind]
    person.click("#pattern-toggle")
    person.click(f"#pattern button[data-kind='{named.kind.label}']")
    assert marked(person.page) == Counter()
    person.click(card_of(named.main))
    if person.page.locator("#pattern-length").count():
        person.page.select_option("#pattern-length", str(named.length))
    if person.page.locator("#pattern-size").count():
        person.page.select_option("#pattern-size", str(named.size))
    body = named.size or shape.body
    expected = Counter({RANKS[r]: body for r in range(named.main, named.main + named.length)})
    assert marked(person.page) == expected
    for rank in named.wings:
        person.click(card_of(rank))
        expected[RANKS[rank]] += shape.wing
        assert marked(person.page) == expected


def marked(page) -> Counter:
    """The hand's cards marked as named, by rank."""
    return Counter(page.eval_on_selector_all("#hand .card.named",
                                             "cs => cs.map(c => c.dataset.card[0])"))


def marked_cards(page) -> list[str]:
    return sorted(page.eval_on_selector_all("#hand .card.named",
                                            "cs => cs.map(c => c.dataset.card)"))


def leading(browser, server, ruleset: str, kind: Kind, how: dict):
    """A person who leads a deal in which their hand can play ``kind``, and its longest
    play of that kind."""
    seed, play = leading_with(ruleset, kind)
    person = Person(browser, server, **how)
    person.open_match(seeded_match(server, ruleset, seed))
    person.bid_through(3)
    assert person.wait_turn_or_end() == "play"
    return person, play


@LAYOUTS
@pytest.mark.parametrize("ruleset, kind", WINGED, ids=[f"{r}-{k.label}" for r, k in WINGED])
def test_naming_a_pattern_with_wings_plays_it(browser, server, ruleset, kind, how):
    """Defect 1: the pattern, its lowest rank, its length, then its kickers or wings one
    rank at a time; Play puts exactly that play on the table (the server once refused the
    message as nested too deep). Once every wing is chosen the picker says so, not "click
    cards to add" (tester's defect 13). Tester's defect 2: the hand marked only the main run's
    lowest rank and every card of each wing's rank ("from 5 length 2, wings A 9": 555
    marked, not 666, and both aces and both 9s); now it marks the main run and the wings
    chosen, and the cards marked are the very cards that go to the table."""
    person, play = leading(browser, server, ruleset, kind, how)
    page = person.page
    named = naming(play, find_ruleset(ruleset).combos)
    assert named.wings
    name_pattern(person, named)
    words = page.text_content("#pattern .steps .wings")
    assert "click cards to add" not in words and "点牌添加" not in words, words
    n = len(named.wings)
    assert words.endswith(CATALOGS[how["lang"]]["pattern.all_chosen"]
                          .format(n=n, need=n) + ("）" if how["lang"] == "zh" else ")")), words
    chosen = marked_cards(page)
    person.watch_spot(0)
    person.acting("#play")
    assert not page.is_visible("#message.error"), page.text_content("#message")
    assert person.last_play()["play"] == play.text
    shown = person.spot_shown()
    assert shown["label"] == CATALOGS[how["lang"]][f"kind.{kind.label}"]
    assert len(shown["cards"]) == play.size and sorted(shown["cards"]) == chosen
    assert not person.errors


UNWINGED = [("classic", Kind.STRAIGHT), ("classic", Kind.PAIR_CHAIN), ("four", Kind.BOMB),
            ("classic", Kind.ROCKET)]


@pytest.mark.parametrize("ruleset, kind", UNWINGED, ids=[f"{r}-{k.label}" for r, k in UNWINGED])
def test_the_hand_marks_a_named_run_whole(browser, server, ruleset, kind):
    """Tester's defect 2: for "straight from 8 length 5" the hand marked only the 8. The
    whole run (a two-pack bomb: as many cards as its size; the rocket: both jokers) is
    marked, and those very cards go to the table."""
    person, play = leading(browser, server, ruleset, kind, {"lang": "en"})
    page = person.page
    if kind is Kind.ROCKET:
        person.click("#pattern-toggle")
        person.click("#pattern button[data-kind='rocket']")
        assert marked(page) == Counter({"B": 1, "R": 1})
    else:
        name_pattern(person, naming(play, find_ruleset(ruleset).combos))
    assert len(chosen := marked_cards(page)) == play.size
    person.watch_spot(0)
    person.acting("#play")
    assert person.last_play()["play"] == play.text
    assert sorted(person.spot_shown()["cards"]) == chosen
    assert not person.errors


@LAYOUTS
def test_the_picker_asks_for_a_run_only_where_the_pattern_has_one(browser, server, how):
    """Tester's defect 22: "single: click the lowest card of its main run". A chain asks
    for the lowest card of its main run; a single, pair, triple or bomb for one of its
    cards; a triple or four with kickers for a card of its triple or four; the same in
    the message that says what to do next."""
    words = CATALOGS[how["lang"]]
    seed, _ = leading_with("classic", Kind.AIRPLANE_SINGLES)
    person = Person(browser, server, **how)
    person.open_match(seeded_match(server, "classic", seed))
    person.bid_through(3)
    page = person.page
    person.click("#pattern-toggle")
    run = words["pattern.first_run"]
    for kind, part in [("single", "rank"), ("pair", "rank"), ("triple", "rank"),
                       ("bomb", "rank"), ("triple_single", "triple"), ("triple_pair", "triple"),
                       ("four_two_singles", "four"), ("straight", "run"), ("pair_chain", "run"),
                       ("airplane", "run"), ("airplane_pairs", "run")]:
        person.click(f"#pattern button[data-kind='{kind}']")
        steps = page.text_content("#pattern .steps > span >> nth=0")  # then the rank chooser
        assert steps == words["pattern.step_click"].format(
            kind=words[f"kind.{kind}"], what=words[f"pattern.first_{part}"]), steps
        assert (run in steps) == (part == "run"), steps
        message = page.text_content("#message")
        assert message in (words["pattern.now_click"].format(what=words[f"pattern.first_{part}"]),
                           words["pattern.none_of_kind"].format(kind=words[f"kind.{kind}"]))
    assert not person.errors


def engine_namings(server, match_id: int, kind: Kind) -> list[Naming]:
    """How each legal play of ``kind`` of the person to move is named (the engine's word)."""
    store = Store(server.db)
    try:
        table = MatchSession.load(store, match_id)
        combos = table.rules.combos
        return [naming(p, combos) for p in table.deal.legal_actions()
                if isinstance(p, Play) and p.kind is kind]
    finally:
        store.close()


def offered(page) -> set[str]:
    """The ranks of the hand's cards the picker offers to click now."""
    return set(page.eval_on_selector_all("#hand .card.offered",
                                         "cs => cs.map(c => c.dataset.card[0])"))


@LAYOUTS
def test_the_pattern_picker_offers_only_what_the_hand_can_make(browser, server, how):
    """Defect 7: the picker offers the main ranks, the lengths and the wings of the plays
    the hand can make, as the server sends them; a card it does not offer is refused with
    a reason, and nothing is chosen."""
    seed, play = leading_with("classic", Kind.AIRPLANE_SINGLES)
    match_id = seeded_match(server, "classic", seed)
    person = Person(browser, server, **how)
    person.open_match(match_id)
    person.bid_through(3)
    page = person.page
    namings = engine_namings(server, match_id, Kind.AIRPLANE_SINGLES)
    person.click("#pattern-toggle")
    person.click("#pattern button[data-kind='airplane_singles']")
    mains = {RANKS[n.main] for n in namings}
    assert offered(page) == mains
    other = next(c for c in person.hand() if c[0] not in mains)
    person.click(f"#hand .card[data-card='{other}']")
    assert page.is_visible("#message.error")
    assert page.locator("#hand .card.named").count() == 0
    named = naming(play, find_ruleset("classic").combos)
    person.click(card_of(named.main))
    lengths = sorted({n.length for n in namings if n.main == named.main})
    assert page.eval_on_selector_all("#pattern-length option", "os => os.map(o => +o.value)") \
        == lengths
    page.select_option("#pattern-length", str(named.length))
    chosen: list[int] = []
    for rank in named.wings:
        fits = [n for n in namings if (n.main, n.length) == (named.main, named.length)
                and not Counter(chosen) - Counter(n.wings)]
        left = {w for n in fits for w in Counter(n.wings) - Counter(chosen)}
        assert offered(page) == {RANKS[w] for w in left}
        person.click(card_of(rank))
        chosen.append(rank)
    assert offered(page) == set()
    person.acting("#play")
    assert person.last_play()["play"] == play.text
    assert not person.errors


@LAYOUTS
def test_play_before_the_kicker_says_what_is_missing_as_a_person_would(browser, server, how):
    """Naming a triple with a single and pressing Play before choosing the kicker said "A
    triple with a single of 1 ranks takes 1 kickers or wings, not 0" (``1连的三带一要带1个，
    不是0个``): it says the one kicker the triple takes, in the page's language."""
    words = CATALOGS[how["lang"]]
    person, play = leading(browser, server, "classic", Kind.TRIPLE_SINGLE, how)
    page = person.page
    person.click("#pattern-toggle")
    person.click("#pattern button[data-kind='triple_single']")
    person.click(card_of(naming(play, find_ruleset("classic").combos).main))
    person.acting("#play")
    said = page.text_content("#message.error")
    assert said == words["reason.kickers_needed.one"].format(
        kind=words["kind.triple_single"], m=0), said
    assert person.wait_turn_or_end() == "play"
