"""The play phase as a position: text both ways, push and pop, any number of seats."""

import random
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dizhu.actions import action_ids
from dizhu.cards import parse_ranks
from dizhu.combos import CLASSIC_COMBOS, PASS, Kind, Play
from dizhu.deal import Deal, deal_cards
from dizhu.movegen import MoveGenerator
from dizhu.position import IllegalActionError, InvalidPositionError, Position
from dizhu.rules import RuleSet
from dizhu.rulesets import find_ruleset, names
from tests.strategies import seeds

RULESETS = ["classic", "rob", "four"]


def state(pos: Position) -> tuple:
    return (pos.text(), tuple(pos.left), tuple(pos.plays_made), pos.bombs, pos.rockets,
            pos.passes, pos.winner)


def random_line(seed: int, ruleset: str, steps: int) -> tuple[Position, list[Play]]:
    """A position at the start of play, and a random line of legal plays from it."""
    rules = find_ruleset(ruleset)
    rng = random.Random(seed)
    hands, kitty = deal_cards(rng, rules)
    deal = Deal.at_play(hands, kitty, landlord=seed % rules.seats, rules=rules)
    pos = Position(rules, deal.hands, deal.landlord)
    line = []
    probe = pos.copy()
    for _ in range(steps):
        if probe.is_over:
            break
        play = rng.choice(probe.legal_plays())
        probe.push(play)
        line.append(play)
    return pos, line


@given(seeds, st.sampled_from(RULESETS), st.integers(0, 120))
def test_push_and_pop_restore_every_state(seed, ruleset, steps):
    pos, line = random_line(seed, ruleset, steps)
    states = [state(pos)]
    for play in line:
        pos.push(play)
        states.append(state(pos))
    for expected in reversed(states[:-1]):
        pos.pop()
        assert state(pos) == expected
    with pytest.raises(IndexError):
        pos.pop()


@given(seeds, st.sampled_from(RULESETS), st.integers(0, 120))
def test_text_reads_back_to_the_same_play(seed, ruleset, steps):
    """Written and read back, a position has the same text, the same legal plays and the
    same future: the rest of the line plays out alike from both."""
    rules = find_ruleset(ruleset)
    pos, line = random_line(seed, ruleset, steps + 10)
    for play in line[:steps]:
        pos.push(play)
    again = Position.from_text(pos.text(), rules)
    assert again.text() == pos.text() and again.passes == pos.passes
    assert again.legal_plays() == pos.legal_plays()
    for play in line[steps:]:
        pos.push(play)
        again.push(play)
        assert again.text() == pos.text() and again.winner == pos.winner


@given(seeds, st.sampled_from(names()), st.booleans())
def test_legal_ids_are_the_ids_of_the_legal_plays_in_order(seed, ruleset, distinct):
    """At every step of a random deal (every ruleset, with and without distinct kickers),
    ``legal_ids()`` lists the ids of ``legal_plays()`` in their order (the pass -1), with a
    base the action ids of :mod:`dizhu.actions` (with wild cards, whose action ids are a
    formula, each legal play is the play its action id names in this position), and
    nothing once the play is over."""
    rules = find_ruleset(ruleset)
    if distinct and "distinct_kickers" in rules.option_names:
        rules = rules.with_options(distinct_kickers=True)
    rng = random.Random(seed)
    hands, kitty = deal_cards(rng, rules)
    deal = Deal.at_play(hands, kitty, landlord=seed % rules.seats, rules=rules,
                        suit_seed=seed)
    pos = Position(rules, deal.hands, deal.landlord, wild=deal.wild)
    ids = action_ids(rules)
    base = ids.id_of(PASS) + 1
    while not pos.is_over:
        plays = pos.legal_plays()
        assert pos.legal_ids() == [p.id for p in plays]
        if rules.wild_ranks:
            assert all(ids.play(ids.id_of(p), pos) is p for p in plays if not p.is_pass)
        else:
            assert pos.legal_ids(base) == [ids.id_of(p) for p in plays]
        pos.push(rng.choice(plays))
    assert pos.legal_ids() == [] == pos.legal_plays()


def test_a_deal_in_play_is_a_position():
    deal = Deal.shuffled(seed=5, opening=0)
    deal.push(deal.legal_actions()[-1])  # the top bid: landlord at once
    lead = deal.legal_actions()[0]
    deal.push(lead)
    text = deal.text()
    assert text.endswith(f" 0 1 0:single:{lead.ranks} 0:0:1,0,0")
    assert len(text.split()[0].split("/")) == 3
    assert Position.from_text(text).legal_plays() == deal.legal_actions()


def test_a_trick_clears_after_every_other_seat_passes():
    four = find_ruleset("four")
    pos = Position.from_text("33/44/55/66 0 0 -", four)
    pos.push(Play.parse("single 3", combos=four.combos))
    for seat in (1, 2):
        pos.push(PASS)
        assert pos.top is not None and pos.to_move == seat + 1
    pos.push(PASS)
    assert pos.top is None and pos.to_move == 0
    assert pos.text() == "3/44/55/66 0 0 - 0:0:1,0,0,0"


def test_a_finished_play_has_a_winner_and_no_seat_to_move():
    pos = Position.from_text("3/4/5 0 0 -")
    pos.push(Play.parse("single 3"))
    assert pos.is_over and pos.landlord_won and pos.text() == "-/4/5 0 - 0:single:3 0:0:1,0,0"
    assert Position.from_text(pos.text()).landlord_won is True
    assert pos.legal_plays() == []


def test_plays_are_checked():
    pos = Position.from_text("3344/5/6 0 0 -")
    with pytest.raises(IllegalActionError, match="a leader may not pass"):
        pos.push(PASS)
    with pytest.raises(IllegalActionError, match="you hold 3344, not 55"):
        pos.push(Play.parse("pair 55"))
    pos.push(Play.parse("pair 33"))
    with pytest.raises(IllegalActionError, match="the trick needs a pair"):
        pos.push(Play.parse("single 5"))


@pytest.mark.parametrize("text, ruleset, words", [
    ("33/44 0 0 -", "classic", "classic has 3 seats, the position gives 2 hands"),
    ("33/44/55 0 0", "classic", "four fields"),
    ("33/44/55 0 0 - 0:0:1,0", "classic", "the plays of each of the 3 seats"),
    ("33/44/55 0 0 - x:0:0,0,0", "classic", "BOMBS:ROCKETS:PLAYS"),
    ("33/44/55 3 0 -", "classic", "landlord must be a seat 0..2, not '3'"),
    ("33/44/55 0 x -", "classic", "seat to move must be a seat 0..2"),
    ("33/44/5X 0 0 -", "classic", "hands: unknown card 'X'"),
    ("3333/33/55 0 0 -", "classic", "more cards than the deck has"),
    ("33/44/55 0 1 1:pair:77", "classic", "cannot be on top of the trick"),
    ("33/44/55 0 1 0:pair:34", "classic", "top: 34 is not a legal pair"),
    ("33/44/55 0 1 0:pass", "classic", "the top of a trick is a play, not a pass"),
    ("-/44/55 0 1 -", "classic", "'-' exactly when a hand is empty"),
    ("-/-/55 0 - 0:single:3", "classic", "at most one hand is empty"),
    ("33/44/55/66 0 1 0:triple_single:7778", "four", "not a legal triple_single"),
])
def test_bad_text_says_why(text, ruleset, words):
    with pytest.raises(InvalidPositionError, match=words):
        Position.from_text(text, find_ruleset(ruleset))


class _AnySingle(MoveGenerator):
    """A variant's moves: singles are the only combination, and any single beats any."""

    def __init__(self) -> None:
        super().__init__(CLASSIC_COMBOS)
        lead = self.lead
        self.lead = lambda hand: [p for p in lead(hand) if p.kind is Kind.SINGLE]
        self.follow = lambda hand, top: [PASS, *self.lead(hand)]

    @staticmethod
    def beats(play: Play, top: Play) -> bool:
        return play.kind is Kind.SINGLE and top.kind is Kind.SINGLE

    def play_of(self, kind: Kind, cards: int) -> Play | None:
        return super().play_of(kind, cards) if kind is Kind.SINGLE else None


@dataclass(frozen=True)
class _AnySingleRules(RuleSet):
    name = "any-single"

    def moves(self, wild: tuple[int, ...] = ()) -> MoveGenerator:
        return _ANY_SINGLE


_ANY_SINGLE = _AnySingle()


def test_a_variant_reads_compares_and_generates_its_own_way():
    """What a ruleset's moves say is what a position, a deal and the ruleset's own
    questions answer: a variant overrides them, not only its data."""
    rules = _AnySingleRules()
    pos = Position.from_text("445/3/66 0 0 -", rules)
    assert [p.text for p in pos.legal_plays()] == ["single 4", "single 5"]
    with pytest.raises(IllegalActionError):
        pos.push(Play.parse("pair 44"))  # a combination of classic, not of the variant
    pos.push(Play.parse("single 5"))
    assert pos.why_illegal(Play.parse("single 3")) is None  # lower, and it beats here
    pos.push(Play.parse("single 3"))
    assert pos.is_over and pos.winner == 1
    assert rules.beats(Play.parse("single 3"), Play.parse("single A"))
    assert [p.text for p in rules.legal_plays(parse_ranks("3344"))] == ["single 3", "single 4"]
    assert rules.readings(parse_ranks("44")) == []
    deal = Deal.at_play(*deal_cards(random.Random(3), rules), landlord=0, rules=rules)
    assert {p.kind for p in deal.legal_actions()} == {Kind.SINGLE}


def test_the_state_is_ints_and_the_counters_are_in_key_and_text():
    """The top is an id of the universe; the scoring counters are part of the state: of
    the key (a tuple of ints) and of the text (a fifth field, read back)."""
    rules = find_ruleset("classic")
    pos = Position.from_text("3333A/44/55 0 0 - 0:0:2,1,1", rules)
    assert pos.plays_made == [2, 1, 1] and pos.bombs == pos.rockets == 0 and pos.wild == ()
    quiet = pos.key()
    pos.push(Play.parse("bomb 3333"))
    assert pos.top is rules.universe.plays[pos.top_id] and pos.top.text == "bomb 3333"
    assert pos.text() == "A/44/55 0 1 0:bomb:3333 1:0:3,1,1"
    again = Position.from_text(pos.text(), rules)
    assert (again.bombs, again.plays_made, again.key()) == (1, [3, 1, 1], pos.key())
    assert all(type(x) is int for x in pos.key())
    pos.pop()
    assert pos.key() == quiet and pos.text() == "3333A/44/55 0 0 - 0:0:2,1,1"
    bombed = Position.from_text("3333A/44/55 0 0 - 1:0:2,1,1", rules)
    assert bombed.key() != quiet and bombed.outcome_key() == pos.outcome_key()
    assert Position.from_text("3333A/44/55 0 0 -").key() != quiet  # spring: no one played


def test_a_play_of_another_rulesets_universe_is_refused_not_a_crash():
    """A bot may hand back a play object of another ruleset (its id numbers another
    universe, past the end of this one's): the position refuses it as it refuses any play
    the seat cannot make, with the engine's error, never an ``IndexError``."""
    import copy

    from dizhu.position import IllegalActionError

    deal = Deal.shuffled(seed=1, opening=0)
    while deal.phase.name != "PLAY":
        deal.push(deal.legal_actions()[-1])
    for play in (deal.legal_actions()[0], deal.rules.universe.all_plays()[-1]):
        foreign = copy.copy(play)  # the same cards, numbered by a larger universe
        foreign.id = len(deal.rules.universe.all_plays()) + 5
        if deal.why_illegal(play) is None:
            deal.push(foreign)  # read as this universe's own play
            assert deal.position.last_play is play
            deal.pop()
        else:
            with pytest.raises(IllegalActionError):
                deal.push(foreign)


def test_a_variant_without_bombs_holds_none():
    """``bombs`` asks the variant's own moves: one whose only plays are singles holds no
    bomb, even in a hand of four of a rank and both jokers."""
    hand = parse_ranks("3333BR")
    assert _ANY_SINGLE.bombs(hand) == []
    assert [p.text for p in find_ruleset("classic").moves().bombs(hand)] == \
        ["bomb 3333", "rocket BR"]
