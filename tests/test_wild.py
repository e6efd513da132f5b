"""Wild cards (docs/rules.md, Wild cards; ``laizi`` and ``tiandi``): the engine's readings,
comparisons and moves against a brute-force reference (every substitution of the wild
cards, read by classic's definition), perft counts of small positions, and positions that
play a deal out on either core."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from dizhu import core
from dizhu.cards import (
    FULL_DECK,
    TWO,
    UNIT,
    count_of,
    deck_faces,
    format_ranks,
    parse_ranks,
    ranks_of_cards,
    size,
)
from dizhu.combos import Kind
from dizhu.perft import perft
from dizhu.position import PURE_METHODS, IllegalActionError, Position, compiled_methods
from dizhu.rulesets import find_ruleset
from dizhu.solve import Solver
from dizhu.wild import WildMoves

from .strategies import rank_multisets
from .wild_reference import (
    reference_best,
    reference_landlord_wins,
    reference_moves,
    reference_perft,
    reference_readings,
    reference_stands_for,
)

LAIZI, TIANDI = find_ruleset("laizi"), find_ruleset("tiandi")


@st.composite
def wild_ranks(draw, rules=None) -> tuple:
    """A ruleset with wild cards and its wild ranks."""
    rules = rules or draw(st.sampled_from([LAIZI, TIANDI]))
    wild = tuple(draw(st.permutations(range(TWO + 1)))[:rules.wild_ranks])
    return rules, wild


def wild_count(cards: int, wild: tuple[int, ...]) -> int:
    return sum(count_of(cards, w) for w in wild)


def readings_of(plays) -> dict[str, tuple[int, int]]:
    return {p.kind.label: (p.main, p.length) for p in plays}


@settings(max_examples=150, deadline=None)
@given(wild_ranks(), st.integers(1, 8), st.booleans(), st.data())
def test_readings_are_every_substitutions_strongest(drawn, n, distinct, data):
    rules, wild = drawn
    cards = data.draw(rank_multisets(FULL_DECK, n))
    assume(wild_count(cards, wild) <= 4)
    moves = rules.with_options(distinct_kickers=distinct).moves(wild)
    assert readings_of(moves.readings(cards)) == reference_readings(cards, wild, distinct)


CORES = (False, True) if core.COMPILED is not None else (False,)


@settings(max_examples=150, deadline=None)
@given(wild_ranks(), st.integers(1, 8), st.booleans(), st.data())
def test_each_reading_stands_for_what_a_person_expects(drawn, n, distinct, data):
    """Of a kind's strongest readings, the one whose wild cards stand for their own rank
    where the rules allow it, else the nearest ranks (the reference's words), on each core;
    whether it may be read with distinct kickers is the set's, not the reading's."""
    rules, wild = drawn
    cards = data.draw(rank_multisets(FULL_DECK, n))
    assume(0 < wild_count(cards, wild) <= 4 and wild_count(cards, wild) < size(cards))
    expected = reference_stands_for(cards, wild, distinct)
    for compiled in CORES:
        moves = WildMoves(rules.combos, distinct, wild, compiled)
        got = {p.kind.label: (p.stands_for, p.distinct_ok) for p in moves.readings(cards)}
        assert got == expected, compiled


@pytest.mark.parametrize("name, wild, distinct, cards, kind, reads_as", [
    ("laizi", "8", False, "3338", "triple_single", "3338"),  # the kicker as itself
    ("laizi", "8", False, "33388", "triple_pair", "33388"),
    ("laizi", "8", False, "33344488", "airplane_singles", "33344488"),
    ("laizi", "8", True, "33344488", "airplane_singles", "33344478"),  # distinct: nearest
    ("laizi", "8", False, "3334445588", "airplane_pairs", "3334445588"),
    ("laizi", "8", False, "33344888", "four_two_pairs", "33334488"),  # one 8 as the 3
    ("laizi", "8", False, "3333T8", "four_two_singles", "33338T"),
    ("laizi", "8", True, "333388", "four_two_singles", "333378"),
    ("laizi", "8", False, "3888", "triple_single", "3222"),  # the strongest main first
    ("laizi", "8", False, "45688", "straight", "45678"),  # the strongest: top, not bottom
    ("laizi", "8", False, "TJQK8", "straight", "TJQKA"),
    ("tiandi", "5T", False, "335T", "triple_single", "333T"),  # the 5 nearer the 3
    ("tiandi", "5T", False, "3335T", "triple_pair", "33355"),  # as near: the lower
])
def test_readings_of_wild_kickers(name, wild, distinct, cards, kind, reads_as):
    rules = find_ruleset(name).with_options(distinct_kickers=distinct)
    ranks = tuple(_rank(w) for w in wild)
    for compiled in CORES:
        moves = WildMoves(rules.combos, distinct, ranks, compiled)
        play = moves.play_of(Kind.from_label(kind), parse_ranks(cards))
        assert play is not None and format_ranks(play.stands_for) == reads_as, compiled


@settings(max_examples=60, deadline=None)
@given(wild_ranks(), st.integers(1, 6), st.integers(1, 5), st.booleans(), st.data())
def test_moves_leading_and_following_are_the_references(drawn, n, top_n, distinct, data):
    rules, wild = drawn
    hand = data.draw(rank_multisets(FULL_DECK, n))
    assume(wild_count(hand, wild) <= 3)
    moves = rules.with_options(distinct_kickers=distinct).moves(wild)
    lead = moves.lead(hand)
    texts = [p.text for p in lead]
    assert len(texts) == len(set(texts)), "one move per kind and cards"
    expected = reference_moves(hand, wild, None, distinct)
    assert {p.text: (p.kind.label, p.main, p.size) for p in lead} == expected
    top_cards = data.draw(rank_multisets(FULL_DECK, top_n))
    tops = moves.readings(top_cards)
    assume(tops)
    top = data.draw(st.sampled_from(tops))
    follow = moves.follow(hand, top)
    assert follow[0].is_pass
    expected = reference_moves(hand, wild, (top.kind.label, top.main, top.size), distinct)
    assert {p.text for p in follow} == set(expected)


@settings(max_examples=40, deadline=None)
@given(wild_ranks(), st.integers(1, 12), st.data())
def test_action_keys_name_each_move_once_and_keep_classic_ids(drawn, n, data):
    """A move's key (its combination's id, what its wild cards stand for, how many are of
    the first wild rank) names it alone among a hand's moves; a move without wild cards
    keeps its classic id."""
    rules, wild = drawn
    hand = data.draw(rank_multisets(FULL_DECK, n))
    moves = rules.moves(wild)
    plays = moves.lead(hand)
    keys = [moves.action_key(p) for p in plays]
    assert len(set(keys)) == len(keys)
    classic = rules.generator
    for play, (combination, stood, _) in zip(plays, keys, strict=True):
        assert combination >= 0
        if not wild_count(play.cards, wild):
            assert (combination, stood) == (classic.play_of(play.kind, play.cards).id, 0)


def test_the_bomb_classes_in_order():
    moves = LAIZI.moves((_rank("8"),))
    chain = [LAIZI.parse_play(t, (_rank("8"),)) for t in
             ("triple_single 2228", "soft_bomb 3338", "soft_bomb KKK8", "bomb 3333",
              "bomb 2222", "wild_bomb 8888", "rocket BR")]
    for low, high in itertools.pairwise(chain):
        assert moves.beats(high, low) and not moves.beats(low, high), (high.text, low.text)
    for bomb in chain[1:]:
        assert moves.beats(bomb, chain[0])
        assert bomb.doubling
    assert [p.kind for p in chain[1:4:2]] == [Kind.SOFT_BOMB, Kind.BOMB]


def test_tiandi_wild_bombs_compare_by_rank():
    wild = (_rank("5"), _rank("J"))
    moves = TIANDI.moves(wild)
    fives, jacks = (TIANDI.parse_play(f"wild_bomb {r * 4}", wild) for r in "5J")
    assert moves.beats(jacks, fives) and not moves.beats(fives, jacks)
    assert not moves.readings(parse_ranks("55JJ"))
    assert [p.reading for p in moves.readings(parse_ranks("555J"))] == ["triple_single:5:1"]


SMALL_POSITIONS = [  # (ruleset, wild ranks, hands, depth, perft), the landlord seat 0
    # leading: counted by the engine and the reference alike
    ("laizi", "8", ["3458", "6688", "79TB"], 6, 534),
    ("laizi", "3", ["3345", "3JQK", "5A2R"], 6, 586),
    ("laizi", "8", ["345688", "66789T", "8JQKAB"], 6, 6621),
    ("tiandi", "5J", ["5557JJ", "3399TT", "JKKA2R"], 6, 1567),
]


@pytest.mark.parametrize("name, wild, hands, depth, count", SMALL_POSITIONS)
def test_perft_of_small_positions(name, wild, hands, depth, count):
    rules = find_ruleset(name)
    ranks = tuple(_rank(w) for w in wild)
    dealt = [parse_ranks(h) for h in hands]
    pos = Position(rules, dealt, 0, wild=ranks)
    got = perft(pos, depth)
    assert got == count == reference_perft(dealt, ranks, 0, None, -1, 0, depth)


@pytest.mark.parametrize("name, wild, hands", [
    ("laizi", "8", ["3458", "6688", "79TB"]), ("laizi", "3", ["3345", "3JQK", "5A2R"]),
    ("tiandi", "5J", ["55J7", "899T", "JKA2"]), ("laizi", "8", ["34588", "6689T", "8JQAB"])])
def test_the_solver_reads_wild_cards(name, wild, hands):
    """Who wins with best play, as a search of every line of the reference finds it; the
    compiled solver hands a position with wild cards to the pure search."""
    rules = find_ruleset(name)
    ranks = tuple(_rank(w) for w in wild)
    dealt = [parse_ranks(h) for h in hands]
    expected = reference_landlord_wins(tuple(dealt), ranks, 0, 0)
    for compiled in (False, True) if core.COMPILED is not None else (False,):
        solution = Solver(rules, compiled=compiled).solve(Position(rules, dealt, 0, wild=ranks))
        assert solution.solved and solution.landlord_wins == expected
        assert solution.core == "python"
        end = Position(rules, dealt, 0, wild=ranks)
        for play in solution.line:
            end.push(play)
        assert end.is_over and (end.winner == 0) == expected


@pytest.mark.parametrize("name, wild, hands, doublings", [
    ("laizi", "8", ["4448", "55", "66"], 2),  # the soft bomb 4448 out at once: spring too
    ("laizi", "8", ["44488", "5", "6"], 2),  # the soft bomb 4448, then the 8
    ("laizi", "8", ["4448BR", "5", "6"], 3),
    ("tiandi", "5J", ["777J", "3", "4"], 2),
    ("laizi", "8", ["3458", "6688", "79TB"], None),
    ("laizi", "3", ["3345", "3JQK", "5A2R"], None),
    ("tiandi", "5J", ["55J7", "899T", "JKA2"], None),
])
def test_the_solver_counts_every_class_of_bomb_in_the_points(name, wild, hands, doublings):
    """The doublings of best play (the winner makes the most, the loser the fewest) as a
    search of every line of the reference finds them: a soft bomb doubles as a hard one
    does, so the winner plays it where it can."""
    rules = find_ruleset(name)
    ranks = tuple(_rank(w) for w in wild)
    dealt = [parse_ranks(h) for h in hands]
    won, most = reference_best(tuple(dealt), ranks, 0, 0, (0, 0, 0))
    assert doublings is None or most == doublings
    for compiled in (False, True) if core.COMPILED is not None else (False,):
        solution = Solver(rules, compiled=compiled).solve(
            Position(rules, dealt, 0, wild=ranks), points=True)
        assert solution.solved and solution.landlord_wins == won
        assert solution.doublings == most, (hands, solution.line)


def _rank(letter: str) -> int:
    return "3456789TJQKA2".index(letter)


@pytest.mark.parametrize("rules", [LAIZI, TIANDI, LAIZI.with_options(distinct_kickers=True)],
                         ids=str)
def test_positions_play_a_deal_out_and_take_it_back(rules):
    """Random legal plays to the end of a deal, the ids agreeing with the plays, bombs of
    every class counted, and every play taken back; with the compiled core the position's
    C methods hand a wild ruleset's plays (no fixed universe) to the Python ones."""
    rng = random.Random(7)
    classes: set[Kind] = set()
    for _ in range(4):
        faces = deck_faces(1)
        rng.shuffle(faces)
        hands = [ranks_of_cards(faces[:20]), ranks_of_cards(faces[20:37]),
                 ranks_of_cards(faces[37:])]
        wild = tuple(rng.sample(range(TWO + 1), rules.wild_ranks))
        pos = Position(rules, hands, 0, wild=wild)
        assert isinstance(pos.moves, WildMoves) and pos.wild == wild
        pushed = bombs = 0
        while not pos.is_over:
            plays = pos.legal_plays()
            assert [p.id for p in plays] == pos.legal_ids()
            play = rng.choice(plays)
            assert pos.why_illegal(play) is None
            pos.push(play)
            pushed += 1
            if play.kind in (Kind.SOFT_BOMB, Kind.BOMB, Kind.WILD_BOMB):
                bombs += 1
                classes.add(play.kind)
            assert pos.top is None or pos.top is pos.moves.universe.tops[pos.top_id]
        assert pos.bombs == bombs
        for _ in range(pushed):
            pos.pop()
        assert pos.hands == hands and pos.top_id == -1 and pos.bombs == 0
    assert core.NAME in ("compiled", "python")


def test_a_position_with_wild_ranks_reads_back_from_its_text():
    rules, wild = TIANDI, (_rank("5"), _rank("J"))
    pos = Position(rules, [parse_ranks("5557JJ"), parse_ranks("3399TT"), parse_ranks("JKKA2R")],
                   0, wild=wild)
    pos.push(rules.parse_play("soft_bomb 557J", wild))
    text = pos.text()
    assert text == "5J/3399TT/JKKA2R 0 1 0:soft_bomb:557J 1:0:1,0,0 wild:5J"
    again = Position.from_text(text, rules)
    assert again.text() == text and again.wild == wild and again.key() == pos.key()
    assert again.top.main == _rank("7") and again.top.kind is Kind.SOFT_BOMB
    for bad, words in (("wild:5B", "not B"), ("wild:55", "repeat"), ("wild:X", "rank letters"),
                       ("wild:5JQ", "tiandi has 2 wild ranks, not 3")):
        with pytest.raises(ValueError, match=words):
            Position.from_text(f"33/44/55 0 0 - {bad}", rules)
    with pytest.raises(ValueError, match="classic has no wild cards"):
        Position.from_text("33/44/55 0 0 - wild:8", find_ruleset("classic"))


@pytest.mark.skipif(core.COMPILED is None, reason=core.MISSING)
def test_the_compiled_position_methods_hand_wild_positions_to_python():
    """The C push, pop and legal plays work on a fixed universe's tuple of plays; a wild
    position's plays are a list, so they hand every call to the Python methods: the same
    plays, states and errors."""
    compiled = compiled_methods()
    rng = random.Random(3)
    wild = (_rank("5"), _rank("J"))
    hands = [parse_ranks(h) for h in ("5557JJ99", "3399TTQ", "JKKA2RQ")]
    mine, theirs = (Position(TIANDI, hands, 0, wild=wild) for _ in range(2))
    pushed = 0
    for _ in range(12):
        if mine.is_over:
            break
        pushed += 1
        plays = compiled["legal_plays"](mine)
        assert [p.text for p in plays] == [p.text for p in PURE_METHODS["legal_plays"](theirs)]
        play = rng.choice(plays)
        compiled["push"](mine, play)
        PURE_METHODS["push"](theirs, play)
        assert mine.text() == theirs.text() and mine.key() == theirs.key()
    with pytest.raises(IllegalActionError):
        compiled["push"](mine, TIANDI.parse_play("wild_bomb 5555", wild))
    for _ in range(pushed):
        assert compiled["pop"](mine).text == PURE_METHODS["pop"](theirs).text
    assert mine.text() == theirs.text()


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["laizi", "tiandi"]), st.data())
def test_the_bombs_of_a_wild_hand_are_the_bombs_and_rocket_among_its_leads(ruleset, data):
    """``bombs(hand)`` is exactly the leads of every bomb class (hard, soft, wild) and the
    rocket, in hands rich in wild cards, on each core that runs (in Python read from the
    base's bombs alone)."""
    rules = find_ruleset(ruleset)
    wild = tuple(data.draw(st.lists(st.integers(0, TWO), min_size=rules.wild_ranks,
                                    max_size=rules.wild_ranks, unique=True)))
    hand = data.draw(rank_multisets(rules.deck, data.draw(st.integers(1, 10))))
    for w in wild:
        hand += min(data.draw(st.integers(0, 4)), 4 - count_of(hand, w)) * UNIT[w]
    for compiled in {False, core.NAME == "compiled"}:
        moves = WildMoves(rules.combos, False, wild, compiled=compiled)
        bombs = moves.bombs(hand)
        assert len(bombs) == len(set(bombs))
        assert set(bombs) == {p for p in moves.lead(hand) if p.kind in
                              (Kind.BOMB, Kind.SOFT_BOMB, Kind.WILD_BOMB, Kind.ROCKET)}
