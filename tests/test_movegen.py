import hashlib
import json
from collections import Counter
from functools import cache
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from dizhu import core
from dizhu.cards import contains, format_ranks, parse_ranks
from dizhu.combos import BOMB_KINDS, CLASSIC_KINDS, PASS, Kind, beats, parse_play, reading_of
from dizhu.movegen import MoveGenerator, follow_plays, lead_plays, legal_plays
from dizhu.perft import divide, perft
from dizhu.position import Position
from dizhu.record import replay
from dizhu.rulesets import find_ruleset
from tests.reference import reference_plays
from tests.strategies import rank_multisets, split_deck

DATA = Path(__file__).parent / "data"
PERFT = json.loads((DATA / "perft.json").read_text())
PERFT_FOUR = json.loads((DATA / "perft_four.json").read_text())
PERFT_ROB = json.loads((DATA / "perft_rob.json").read_text())
FOUR = find_ruleset("four")


def lines_of(plays):
    return sorted(p.text for p in plays)


def test_shared_move_vectors(cases_dir):
    rows = (cases_dir / "moves.tsv").read_text().splitlines()
    assert len(rows) >= 40
    wrong = []
    for number, row in enumerate(rows, 1):
        hand, after, distinct, count, digest = row.split("\t")
        top = None if after == "-" else parse_play(after)
        lines = lines_of(legal_plays(parse_ranks(hand), top, distinct == "1"))
        got = hashlib.sha256("\n".join(lines).encode()).hexdigest()
        if (len(lines), got) != (int(count), digest):
            full = cases_dir / "moves_full" / f"{number:03d}.txt"
            expected = set(full.read_text().splitlines())
            wrong.append(f"row {number} {hand} after {after}: missing "
                         f"{sorted(expected - set(lines))}, extra {sorted(set(lines) - expected)}")
    assert not wrong, "\n".join(wrong)


def _check_plays(hand, top, distinct, plays):
    texts = [p.text for p in plays]
    assert len(texts) == len(set(texts)), "duplicate plays"
    assert (PASS in plays) == (top is not None)
    for play in plays:
        if play.is_pass:
            continue
        assert contains(hand, play.cards)
        same = reading_of(play.cards, play.kind, distinct)
        assert same is not None and same.main == play.main and same.length == play.length
        assert top is None or beats(play, top)


@given(split_deck((20, 17)), st.booleans(), st.randoms(use_true_random=False))
def test_generated_plays_are_legal(hands, distinct, rng):
    leader, follower = hands
    leads = lead_plays(leader, distinct)
    _check_plays(leader, None, distinct, leads)
    top = rng.choice(leads)
    _check_plays(follower, top, distinct, follow_plays(follower, top, distinct))


@given(split_deck((12, 12)), st.booleans(), st.randoms(use_true_random=False))
def test_generator_equals_brute_force(hands, distinct, rng):
    mine, other = hands
    assert set(lines_of(lead_plays(mine, distinct))) == reference_plays(mine, None, distinct)
    top = rng.choice(lead_plays(other, distinct))
    assert set(lines_of(follow_plays(mine, top, distinct))) == \
        reference_plays(mine, top, distinct)


def test_brute_force_on_hands_rich_in_airplanes_and_bombs():
    for hand in ("333444555666777B", "3333444455556666", "33344455566677789TJQ",
                 "444555666777888999", "3334445556667777", "2222333444BR"):
        cards = parse_ranks(hand)
        for distinct in (False, True):
            assert set(lines_of(lead_plays(cards, distinct))) == \
                reference_plays(cards, None, distinct), (hand, distinct)


def test_rocket_and_bombs_answer_everything():
    hand = parse_ranks("3333BR")
    top = parse_play("straight 3456789TJQKA")
    assert lines_of(follow_plays(hand, top)) == ["bomb 3333", "pass", "rocket BR"]
    assert lines_of(follow_plays(hand, parse_play("bomb 4444"))) == ["pass", "rocket BR"]
    assert lines_of(follow_plays(hand, parse_play("rocket BR"))) == ["pass"]


def test_per_kind_counts_of_fixed_positions():
    problems = []
    for pos in PERFT["moves"]:
        top = parse_play(pos["top"]) if pos["top"] else None
        plays = legal_plays(parse_ranks(pos["hand"]), top, pos["distinct"])
        got = Counter(p.kind.label for p in plays)
        expected = Counter(pos["counts"])
        if got != expected:
            diff = {k: (expected[k], got[k]) for k in set(got) | set(expected)
                    if got[k] != expected[k]}
            problems.append(f"{pos['hand']} after {pos['top']}: kind (expected, got) {diff}")
    assert not problems, "\n".join(problems)
    assert sum(sum(p["counts"].values()) for p in PERFT["moves"]) > 2000


def check_perft(position, fixture: dict) -> None:
    """Perft as the fixture says; on a mismatch, the counts by first action that differ."""
    nodes = perft(position, fixture["depth"])
    if nodes != fixture["nodes"]:
        mine, theirs = divide(position, fixture["depth"]), fixture["divide"]
        diff = {a: (theirs.get(a), mine.get(a)) for a in set(mine) | set(theirs)
                if mine.get(a) != theirs.get(a)}
        raise AssertionError(f"{position.text()}: perft {nodes} != {fixture['nodes']}; "
                             f"(expected, got) by first action: {diff}")


def test_perft_of_fixed_positions():
    for pos in PERFT["perft"]:
        deal = replay(pos["record"])
        assert [format_ranks(h) for h in deal.hands] == pos["hands"]
        check_perft(deal, pos)


def test_every_kind_appears_in_the_fixtures():
    kinds = {k for pos in PERFT["moves"] for k in pos["counts"]}
    assert kinds == {"pass"} | {k.label for k in CLASSIC_KINDS}
    four_kinds = {k for pos in PERFT_FOUR["moves"] for k in pos["counts"]}
    assert four_kinds == {k.label for k in FOUR.kinds} | {"pass"}


# --------------------------------------------------------------------------- four


@settings(max_examples=150)
@given(split_deck((12, 12), packs=2), st.randoms(use_true_random=False))
def test_four_generator_equals_brute_force(hands, rng):
    mine, other = hands
    combos = FOUR.combos
    gen = FOUR.generator
    assert set(lines_of(gen.lead(mine))) == reference_plays(mine, None, combos=combos)
    top = rng.choice(gen.lead(other))
    assert set(lines_of(gen.follow(mine, top))) == reference_plays(mine, top, combos=combos)


def test_four_brute_force_on_hands_rich_in_bombs_and_joker_pairs():
    gen = FOUR.generator
    for hand in ("33333333BBRR", "3333344444555", "333444555666BB", "22222222BBRR",
                 "3334445566BBRR", "33344455566677"):
        cards = FOUR.parse_ranks(hand)
        assert set(lines_of(gen.lead(cards))) == \
            reference_plays(cards, None, combos=FOUR.combos), hand


def test_four_bombs_beat_by_size_then_rank():
    gen = FOUR.generator
    hand = FOUR.parse_ranks("33333444455555BBRR")
    # five 2s: only a bigger bomb (none here) or the rocket
    assert lines_of(gen.follow(hand, FOUR.parse_play("bomb 22222"))) == ["pass", "rocket BBRR"]
    # four 2s: any bomb of five cards
    assert lines_of(gen.follow(hand, FOUR.parse_play("bomb 2222"))) == \
        ["bomb 33333", "bomb 55555", "pass", "rocket BBRR"]
    assert lines_of(gen.follow(hand, FOUR.parse_play("bomb 4444"))) == \
        ["bomb 33333", "bomb 5555", "bomb 55555", "pass", "rocket BBRR"]
    assert lines_of(gen.follow(hand, FOUR.parse_play("rocket BBRR"))) == ["pass"]


def test_four_per_kind_counts_of_fixed_positions():
    problems = []
    for pos in PERFT_FOUR["moves"]:
        top = FOUR.parse_play(pos["top"]) if pos["top"] else None
        plays = FOUR.generator.legal(FOUR.parse_ranks(pos["hand"]), top)
        got = Counter(p.kind.label for p in plays)
        if got != Counter(pos["counts"]):
            problems.append(f"{pos['hand']} after {pos['top']}: {dict(got)} != {pos['counts']}")
    assert not problems, "\n".join(problems)


def test_four_perft_of_fixed_positions():
    for pos in PERFT_FOUR["perft"]:
        check_perft(Position.from_text(pos["position"], FOUR), pos)


def test_rob_perft_from_the_first_answer():
    """Whole rob deals: every auction path the rule book allows, then the landlord's lead
    with the kitty in hand (the reference plays the auction as docs/rules.md words it)."""
    for pos in PERFT_ROB["perft"]:
        deal = replay(pos["record"])
        assert deal.rules.name == "rob" and not deal.history
        assert perft(deal, pos["depth"]) == pos["nodes"], deal.opening


@cache
def generator(ruleset: str, compiled: bool) -> MoveGenerator:
    return MoveGenerator(find_ruleset(ruleset).combos, compiled=compiled)


@settings(max_examples=50, deadline=None)
@given(st.sampled_from(["classic", "rob", "four"]), st.data())
def test_the_bombs_of_a_hand_are_the_bombs_and_rocket_among_its_leads(ruleset, data):
    """``bombs(hand)`` finds without the rest exactly the leads that are bombs or the
    rocket, on each core that runs."""
    rules = find_ruleset(ruleset)
    hand = data.draw(rank_multisets(rules.deck, data.draw(st.integers(1, rules.hand_size + 3))))
    for compiled in {False, core.NAME == "compiled"}:
        moves = generator(ruleset, compiled)
        bombs = moves.bombs(hand)
        assert len(bombs) == len(set(bombs))
        assert set(bombs) == {p for p in moves.lead(hand)
                              if p.kind in BOMB_KINDS or p.kind is Kind.ROCKET}
