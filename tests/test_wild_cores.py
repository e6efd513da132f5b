"""Wild cards on both cores: the compiled generator (``dizhu._ccore.WildGenerator``) against
the pure-Python :class:`~dizhu.wild.WildMoves` on random hands, tops and wild ranks, for
``laizi`` (one wild rank) and ``tiandi`` (two), with and without distinct kickers: the same
plays (kind, physical cards, main rank, length, what they stand for) in the same order, for
``lead``, ``covering``, ``follow``, ``legal``, ``legal_ids``, ``ids``, ``readings`` and
``play_of``. Each generator numbers its own plays (``WildPlays`` is per process and per
generator), so ids are compared through the plays they name."""

from __future__ import annotations

import copy
import random
import sys
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dizhu import core
from dizhu.cards import (
    BLACK_JOKER,
    FULL_DECK,
    RED_JOKER,
    TWO,
    UNIT,
    deck_faces,
    parse_ranks,
    ranks_of_cards,
)
from dizhu.combos import NO_ID, PASS, Kind, Play
from dizhu.rulesets import find_ruleset
from dizhu.wild import WildMoves, parse_wild_play, wild_moves

from .strategies import rank_multisets

pytestmark = pytest.mark.skipif(core.COMPILED is None, reason=core.MISSING)

LAIZI, TIANDI = find_ruleset("laizi"), find_ruleset("tiandi")
_MOVES: dict[tuple, tuple[WildMoves, WildMoves]] = {}


def both(rules, wild: tuple[int, ...], distinct: bool) -> tuple[WildMoves, WildMoves]:
    """The pure and the compiled moves of ``wild`` (each with its own plays), kept."""
    key = (rules.name, wild, distinct)
    if key not in _MOVES:
        _MOVES[key] = (WildMoves(rules.combos, distinct, wild, compiled=False),
                       WildMoves(rules.combos, distinct, wild, compiled=True))
    return _MOVES[key]


def sig(plays: list[Play]) -> list[tuple]:
    """What must agree of each play, in order."""
    return [(p.kind, p.cards, p.main, p.length, p.stands_for, p.distinct_ok, p.doubling)
            for p in plays]


def named(moves: WildMoves, ids: list[int], base: int = 0) -> list[tuple]:
    """The plays that ids name (the pass as ``None``)."""
    return [None if i == NO_ID else (moves.universe.tops[i - base].kind,
                                     moves.universe.tops[i - base].cards) for i in ids]


@st.composite
def deals(draw, most: int = 14) -> tuple:
    """A ruleset with wild cards, its wild ranks, the distinct-kickers option and a hand
    of up to ``most`` natural cards and up to four wild cards (the pure generator's time
    grows fast with them: ``tiandi`` with eight takes it a good part of a second)."""
    rules = draw(st.sampled_from([LAIZI, TIANDI]))
    wild = tuple(draw(st.permutations(range(TWO + 1)))[:rules.wild_ranks])
    natural = FULL_DECK - sum(4 * UNIT[w] for w in wild)
    hand = draw(rank_multisets(natural, draw(st.integers(0, most))))
    left = draw(st.integers(0, 4))
    for w in wild:
        held = draw(st.integers(0, left))
        hand += held * UNIT[w]
        left -= held
    return rules, wild, draw(st.booleans()), hand


def own_plays(moves: WildMoves, plays: list[Play]) -> None:
    """Every play handed out is its generator's one object of its kind and cards."""
    for p in plays:
        if p.kind is not Kind.PASS:
            assert moves.universe.tops[p.id] is p
            assert moves.universe.by_key[p.kind, p.cards] is p


@settings(max_examples=600, deadline=None)
@given(deals())
def test_leads_covering_readings_and_play_of_agree(dealt):
    """(``legal_ids`` and ``ids`` of the pure side are its leads' ids: read from them.)"""
    rules, wild, distinct, hand = dealt
    pure, compiled = both(rules, wild, distinct)
    lead, expected = compiled.lead(hand), pure.lead(hand)
    assert sig(lead) == sig(expected)
    own_plays(compiled, lead)
    assert all(a is b for a, b in zip(compiled.lead(hand), lead, strict=True))
    assert compiled.legal(hand) == lead
    ids = named(pure, [p.id for p in expected])
    assert named(compiled, compiled.legal_ids(hand)) == ids
    assert named(compiled, compiled.ids(hand, -1, 7), 7) == ids
    if hand:
        assert sig(compiled.covering(hand)) == sig(pure.covering(hand))
        some = lead[len(lead) // 2].cards if lead else hand
        assert sig(compiled.readings(some)) == sig(pure.readings(some))
        for p in lead[::7]:
            assert compiled.play_of(p.kind, p.cards) is p
            assert sig([pure.play_of(p.kind, p.cards)]) == sig([p])


@settings(max_examples=1200, deadline=None)
@given(deals(), st.data())
def test_follows_legal_and_ids_agree_on_every_kind_of_top(dealt, data):
    """Tops of every kind: read from random cards (bombs of each class, the rocket, plays
    of wild cards alone among them), taken from the compiled side's own plays, as copies
    (read by their attributes) and as the pure side's objects."""
    rules, wild, distinct, hand = dealt
    pure, compiled = both(rules, wild, distinct)
    top_cards = data.draw(deals(8).map(lambda d: d[3]).filter(bool), "top cards")
    tops = pure.readings(top_cards)
    if not tops:
        return
    theirs = data.draw(st.sampled_from(tops), "top")
    mine = compiled.play_of(theirs.kind, theirs.cards)
    assert sig([mine]) == sig([theirs])
    expected = sig(pure.follow(hand, theirs))
    follow = compiled.follow(hand, mine)
    assert sig(follow) == expected
    assert follow[0] is PASS
    own_plays(compiled, follow)
    assert sig(compiled.follow(hand, copy.copy(mine))) == expected
    assert sig(compiled.follow(hand, theirs)) == expected
    assert sig(compiled.legal(hand, mine)) == expected
    assert named(compiled, compiled.legal_ids(hand, mine)) == \
        named(pure, pure.legal_ids(hand, theirs))
    assert named(compiled, compiled.ids(hand, mine.id, 100), 100) == \
        named(pure, pure.ids(hand, theirs.id, 100), 100)


def test_bomb_classes_and_wild_cards_alone_on_both_cores():
    """Wild 8 (laizi) and 5, J (tiandi): soft < hard < wild bomb < rocket, and wild cards
    alone read as they are, on a hand that holds every class."""
    for rules, wild, hand in ((LAIZI, (5,), "88883333444BR"),
                              (TIANDI, (2, 8), "5555J999966BR")):
        pure, compiled = both(rules, wild, False)
        cards = parse_ranks(hand)
        lead = compiled.lead(cards)
        assert sig(lead) == sig(pure.lead(cards))
        kinds = {p.kind for p in lead}
        assert {Kind.SOFT_BOMB, Kind.BOMB, Kind.WILD_BOMB, Kind.ROCKET} <= kinds
        alone = [p for p in lead if not p.cards & ~compiled._wild_mask]
        assert alone and all(p.stands_for == p.cards for p in alone)
        for top in lead[::4]:
            assert sig(compiled.follow(cards, top)) == \
                sig(pure.follow(cards, pure.play_of(top.kind, top.cards)))
        rocket = compiled.play_of(Kind.ROCKET, UNIT[RED_JOKER] + UNIT[BLACK_JOKER])
        assert [p.kind for p in compiled.follow(cards, rocket)] == [Kind.PASS]


def test_plays_made_by_either_side_are_one_object():
    """A play the pure code made first (``_plays`` of the same generator) is the one the
    compiled generator hands out, and the other way round."""
    moves = WildMoves(TIANDI.combos, False, (0, 9), compiled=True)
    hand, other = parse_ranks("3345QQQKA2"), parse_ranks("33QQ6789T")
    made = moves._plays(hand, None)
    assert all(a is b for a, b in zip(moves.lead(hand), made, strict=True))
    lead = moves.lead(other)
    assert all(a is b for a, b in zip(moves._plays(other, None), lead, strict=True))
    assert len(moves.universe.plays) == len(moves.universe.by_key)


def test_threads_share_a_compiled_generator():
    """Threads meeting new plays at once number each once."""
    moves = WildMoves(LAIZI.combos, False, (6,), compiled=True)
    rng = random.Random(5)
    hands = []
    for _ in range(40):
        faces = deck_faces(1)
        rng.shuffle(faces)
        hands.append(ranks_of_cards(faces[:20]))
    seen: list[list] = []

    def work() -> None:
        seen.append([moves.lead(h) for h in hands])

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for lists in seen[1:]:
        assert all(a == b and all(x is y for x, y in zip(a, b, strict=True))
                   for a, b in zip(lists, seen[0], strict=True))
    keys = [(p.kind, p.cards) for p in moves.universe.plays]
    assert len(keys) == len(set(keys))
    assert [p.id for p in moves.universe.plays] == list(range(len(keys)))


def test_hands_led_again_and_after_the_memo_forgets_lead_the_same_plays():
    """The compiled generator keeps the leads of hands with wild cards it met (a few
    thousand hands at most): a hand led again, and again after it forgot them all, leads the same
    objects in the same order, and its covering and ids agree with them."""
    moves = WildMoves(LAIZI.combos, False, (8,), compiled=True)
    rng = random.Random(11)
    natural = [r for r in range(RED_JOKER + 1) if r != 8]
    hands: list[int] = []
    while len(hands) < 1700:  # more than the memo keeps: it forgets them all once at least
        hand = rng.randint(1, 2) * UNIT[8]
        for r in rng.sample(natural, 5):
            hand += UNIT[r]
        if hand not in hands:
            hands.append(hand)
    first = [moves.lead(h) for h in hands[:50]]
    for h in hands:
        moves.lead(h)
    for hand, lead in zip(hands[:50], first, strict=True):
        for again in (moves.lead(hand), moves.lead(hand)):
            assert all(a is b for a, b in zip(again, lead, strict=True))
        low = hand & -hand
        field = 15 << (low.bit_length() - 1) // 4 * 4
        assert moves.covering(hand) == [p for p in lead if p.cards & field]
        assert moves.ids(hand, -1, 3) == [p.id + 3 for p in lead]
    pure = WildMoves(LAIZI.combos, False, (8,), compiled=False)
    assert sig(moves.lead(hands[7])) == sig(pure.lead(hands[7]))
    moves.compiled.forget()  # made again: the same objects
    assert all(a is b for a, b in zip(moves.lead(hands[0]), first[0], strict=True))


def test_the_ruleset_moves_use_the_core_that_runs():
    moves = LAIZI.moves((4,))
    assert moves is wild_moves(LAIZI.combos, False, (4,))
    assert moves.core == core.NAME
    assert (moves.compiled is not None) == (core.NAME == "compiled")


def test_bad_hands_and_tops_are_clear_errors():
    compiled = both(LAIZI, (3,), False)[1]
    with pytest.raises(ValueError, match="rank counts"):
        compiled.lead(-1)
    with pytest.raises(ValueError, match="lowest card"):
        compiled.covering(0)
    with pytest.raises(ValueError, match="no play id"):
        compiled.ids(parse_ranks("77"), 10**6)


def test_generating_leaves_reference_counts_as_they_were():
    moves = WildMoves(TIANDI.combos, False, (3, 10), compiled=True)
    hand = parse_ranks("34566789TTKA22B")
    lead = moves.lead(hand)
    top = moves.play_of(Kind.PAIR, parse_ranks("99"))
    before = [sys.getrefcount(p) for p in lead]
    for _ in range(2000):
        moves.lead(hand)
        moves.follow(hand, top)
        moves.covering(hand)
        moves.ids(hand, top.id, 5)
    assert [sys.getrefcount(p) for p in lead] == before


@pytest.mark.parametrize("top_text", ["airplane_singles 33344457", "airplane_pairs 3334446677",
                                      "airplane_singles 333444555679", "airplane 333444",
                                      "four_two_pairs 33334455", "triple_pair 33344"])
def test_winged_tops_are_followed_alike_within_the_wild_cards_held(top_text):
    """The base generator's budget cuts winged airplanes early when following too: hands
    rich in triples with none to four wild cards, on both cores."""
    for rules, wild, hand in ((LAIZI, (8,), "5666777888TTJJ"), (LAIZI, (8,), "56677TTTJJQK2"),
                              (TIANDI, (8, 12), "566677788TTJJ22"),
                              (TIANDI, (8, 12), "6677888TJQQKKK22")):
        pure, compiled = both(rules, wild, False)
        theirs = parse_wild_play(top_text, pure)
        cards = parse_ranks(hand)
        expected = sig(pure.follow(cards, theirs))
        assert sig(compiled.follow(cards, compiled.play_of(theirs.kind, theirs.cards))) == \
            expected
        assert sig(pure.lead(cards)) == sig(compiled.lead(cards))
