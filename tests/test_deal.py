import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dizhu.auction import BID, CALL_BID, DOUBLE, NO_DOUBLE, PASS_BID, ROB_BID
from dizhu.cards import card_rank, format_ranks, parse_ranks, ranks_of_cards, size
from dizhu.combos import BOMB_KINDS, PASS, Kind, Play
from dizhu.deal import (
    AmbiguousPlayError,
    Deal,
    IllegalActionError,
    Phase,
    deal_cards,
    play_from_cards,
)
from dizhu.movegen import lead_plays
from dizhu.position import Position
from dizhu.rules import CLASSIC, RuleSet
from dizhu.rulesets import find_ruleset
from dizhu.scoring import score_deal
from dizhu.wild import WildMoves
from tests.strategies import seeds

DOUBLING = CLASSIC.with_options(doubling=True)


STATE = [name for name in Deal.__slots__
         if name not in ("_floor", "chosen", "suit_seed", "_suits", "_result", "position",
                         "_legal", "_push", "version")]
POSITION_STATE = [name for name in Position.__slots__ if not name.startswith("_")]
"""Every attribute of a deal, and of its position (the undo stack, a copy's floor, how
suits were chosen, the memos of the suits and the result and the history's version that
names them aside: the suits played are in the snapshot)."""


def snapshot(deal: Deal) -> dict:
    """Every attribute of the deal and of its position, as what they mean: with wild cards
    a position's moves by their ruleset and wild ranks, and its top by its play, not by the
    id those moves numbered it with (a long-running process may make a wild rank's moves
    afresh, :func:`dizhu.wild.wild_moves`, and number the same play otherwise)."""
    out = {name: (list(v) if isinstance(v, list) else v)
           for name in STATE for v in [getattr(deal, name)]}
    out |= {f"position.{name}": (list(v) if isinstance(v, list) else v)
            for name in POSITION_STATE for v in [getattr(deal.position, name)]}
    moves = deal.position.moves
    if isinstance(moves, WildMoves):
        out["position.moves"] = (moves.combos, moves.distinct, moves.wild, moves.core)
        top = deal.position.top
        out["position.top_id"] = None if top is None else (top.kind, top.cards, top.stands_for)
    out["suits"] = deal.suited_history()
    return out


def play_randomly(deal: Deal, rng: random.Random, limit: int = 500) -> None:
    for _ in range(limit):
        if deal.is_over:
            return
        deal.push(rng.choice(deal.legal_actions()))
    raise AssertionError("a deal did not end")


# ----------------------------------------------------------------- auction

def test_a_bid_of_three_ends_the_auction_and_the_landlord_takes_the_kitty():
    deal = Deal.shuffled(seed=1, opening=2)
    kitty = deal.kitty
    hand = deal.hands[2]
    deal.push(BID[3])
    assert deal.phase is Phase.PLAY
    assert deal.landlord == 2 and deal.to_move == 2
    assert deal.hands[2] == hand + kitty and deal.left == [17, 17, 20]


def test_all_pass_throws_the_deal_in():
    deal = Deal.shuffled(seed=2, opening=0)
    for _ in range(3):
        deal.push(BID[0])
    assert deal.phase is Phase.THROWN_IN and deal.is_over
    assert deal.legal_actions() == [] and deal.result is None


def test_bids_must_rise_and_every_seat_answers_once():
    deal = Deal.shuffled(seed=3, opening=1)
    deal.push(BID[1])
    deal.push(BID[0])
    assert deal.legal_actions() == [BID[0], BID[2], BID[3]]
    with pytest.raises(IllegalActionError, match="higher than 1"):
        deal.push(BID[1])
    assert not deal.is_legal(BID[1]) and deal.is_legal(BID[2])
    deal.push(BID[2])
    assert deal.phase is Phase.PLAY and deal.landlord == 0 and deal.auction_state.stake == 2


def test_actions_of_the_wrong_phase_or_seat_are_refused():
    deal = Deal.shuffled(seed=4, opening=0)
    with pytest.raises(IllegalActionError, match="auction"):
        deal.push(Play.parse("single 3"))
    with pytest.raises(IllegalActionError, match="seat 0's turn"):
        deal.push(BID[1], seat=1)


def test_doubling_phase_order():
    deal = Deal.shuffled(seed=5, opening=1, rules=DOUBLING)
    deal.push(BID[3])
    assert deal.phase is Phase.DOUBLING and deal.to_move == 2
    assert deal.legal_actions() == [NO_DOUBLE, DOUBLE]
    deal.push(NO_DOUBLE)
    assert deal.to_move == 0
    deal.push(DOUBLE)
    assert deal.to_move == 1  # the landlord may redouble
    deal.push(DOUBLE)
    assert deal.phase is Phase.PLAY and deal.to_move == 1
    assert deal.doubled == [True, False, False] and deal.redoubled


def test_no_redouble_question_when_nobody_doubles():
    deal = Deal.shuffled(seed=5, opening=1, rules=DOUBLING)
    deal.push(BID[3])
    deal.push(NO_DOUBLE)
    deal.push(NO_DOUBLE)
    assert deal.phase is Phase.PLAY and deal.to_move == 1


# ----------------------------------------------------------------- play

def test_leader_may_not_pass_and_plays_must_be_held_and_beat():
    deal = Deal.shuffled(seed=6, opening=0)
    deal.push(BID[3])
    with pytest.raises(IllegalActionError, match="may not pass"):
        deal.push(PASS)
    missing = next(r for r in "3456789TJQKA2BR" if r not in format_ranks(deal.hands[0]))
    with pytest.raises(IllegalActionError, match="you hold"):
        deal.push(Play.parse(f"single {missing}"))
    low = deal.legal_actions()[0]
    deal.push(low)
    pair = next(p for p in lead_plays(deal.hands[1]) if p.kind is Kind.PAIR)
    with pytest.raises(IllegalActionError, match="trick needs a single"):
        deal.push(pair)


def test_a_forged_play_is_refused():
    deal = Deal.shuffled(seed=6, opening=0)
    deal.push(BID[3])
    forged = Play(Play.parse("pair 33").kind, deal.hands[0] & 0xF, 0, 1)
    assert deal.why_illegal(forged) is not None


def test_two_passes_clear_the_trick():
    deal = Deal.shuffled(seed=7, opening=0)
    deal.push(BID[3])
    first = deal.legal_actions()[0]
    deal.push(first)
    deal.push(PASS)
    deal.push(PASS)
    assert deal.top is None and deal.to_move == 0
    assert PASS not in deal.legal_actions()


def _cards_of(ranks: str, pool: list[int]) -> list[int]:
    out = []
    for ch in ranks:
        card = next(c for c in pool if format_ranks(ranks_of_cards([c])) == ch)
        pool.remove(card)
        out.append(card)
    return out


def _scripted(landlord: str, first: str, second: str) -> Deal:
    pool = list(range(54))
    hands = [_cards_of(landlord, pool), _cards_of(first, pool), _cards_of(second, pool)]
    kitty = hands[0][17:]
    hands[0] = hands[0][:17]
    return Deal.at_play(hands, kitty, landlord=0, bid=2)


def test_spring():
    deal = _scripted("33334444555566667778", "899TTJJQQKKAA2222", "B R789TJQKA89TJQKA"
                     .replace(" ", ""))
    for play in ("bomb 3333", "bomb 4444", "bomb 5555", "bomb 6666", "triple_single 7778"):
        deal.push(Play.parse(play))
        if not deal.is_over:
            deal.push(PASS)
            deal.push(PASS)
    sheet = deal.result
    assert sheet.spring and not sheet.anti_spring and sheet.landlord_won
    assert sheet.bombs == 4 and sheet.stake == 2 << 5
    assert sheet.scores == (2 * 64, -64, -64)


def test_anti_spring():
    deal = _scripted("33334444555566667778", "899TTJJQQKKAA2222", "BR789TJQKA89TJQKA")
    deal.push(Play.parse("single 3"))
    deal.push(Play.parse("single 2"))
    for play in ("single 2", "single 2", "single 2", "pair AA", "pair KK", "pair QQ",
                 "pair JJ", "pair TT", "pair 99", "single 8"):
        deal.push(PASS)
        deal.push(PASS)
        deal.push(Play.parse(play))
    sheet = deal.result
    assert sheet.anti_spring and not sheet.spring and not sheet.landlord_won
    assert sheet.stake == 4 and sheet.scores == (-8, 4, 4)


def test_scoring_examples_of_the_rule_book():
    # bid 3 and one bomb, landlord wins: each peasant pays 6, the landlord gets 12
    sheet = score_deal(landlord=0, landlord_won=True, bid=3, bombs=1, rockets=0,
                       spring=False, anti_spring=False)
    assert sheet.scores == (12, -6, -6) and sheet.stake == 6 and sheet.multiplier == 2
    # bid 2, one peasant doubles, the landlord redoubles, peasants win: +8, +2, -10
    sheet = score_deal(landlord=0, landlord_won=False, bid=2, bombs=0, rockets=0,
                       spring=False, anti_spring=False, doubled=(False, True, False),
                       redoubled=True)
    assert sheet.scores == (-10, 8, 2)


@given(st.integers(1, 3), st.integers(0, 4), st.integers(0, 1), st.booleans(), st.booleans(),
       st.tuples(st.booleans(), st.booleans()), st.booleans(), st.integers(0, 2))
def test_scores_sum_to_zero(bid, bombs, rockets, won, spring, doubles, redoubled, landlord):
    doubled = [False] * 3
    peasants = [s for s in range(3) if s != landlord]
    for seat, d in zip(peasants, doubles, strict=True):
        doubled[seat] = d
    sheet = score_deal(landlord=landlord, landlord_won=won, bid=bid, bombs=bombs,
                       rockets=rockets, spring=spring and won, anti_spring=spring and not won,
                       doubled=tuple(doubled), redoubled=redoubled and any(doubles))
    assert sum(sheet.scores) == 0
    assert sheet.scores[landlord] != 0
    if not any(doubles):
        assert sheet.scores[landlord] == (2 if won else -2) * sheet.stake


# ----------------------------------------------------------------- whole deals

RULESETS = ["classic", "rob", "four"]
DEALT = [*RULESETS, "laizi", "tiandi"]
"""Every ruleset a deal plays (the wild ones' legal plays are the position's alone)."""


def ruleset_with(name: str, doubling: bool, distinct: bool = False) -> RuleSet:
    options = {"doubling": doubling}
    if name != "four":
        options["distinct_kickers"] = distinct
    return find_ruleset(name, **options)


@given(seeds, st.booleans(), st.booleans(), st.sampled_from(DEALT))
def test_random_deals_end_properly(seed, doubling, distinct, ruleset):
    rules = ruleset_with(ruleset, doubling, distinct)
    rng = random.Random(seed)
    deal = Deal.shuffled(seed, rules=rules)
    play_randomly(deal, rng)
    if deal.phase is Phase.THROWN_IN:
        assert deal.landlord == -1 and all(b.is_pass for _, b in deal.history)
        return
    sheet = deal.result
    assert sum(sheet.scores) == 0 and len(sheet.scores) == rules.seats
    assert deal.hands[deal.winner] == 0 and deal.left[deal.winner] == 0
    assert sheet.landlord_won == (deal.winner == deal.landlord)
    played = sum(a.cards for _, a in deal.history if isinstance(a, Play))
    assert size(played) + sum(deal.left) == rules.deck_size
    assert all(size(h) == n for h, n in zip(deal.hands, deal.left, strict=True))
    doubling_plays = [a for _, a in deal.history if isinstance(a, Play) and a.doubling]
    assert sheet.bombs + sheet.rockets == len(doubling_plays)
    bombs = [a for _, a in deal.history if isinstance(a, Play) and a.kind in BOMB_KINDS]
    assert sheet.bombs_played == len(bombs)  # doubling or not (four's small bombs)
    if rules.wild_ranks:  # every class of bomb doubles: soft, hard and wild
        assert sheet.bombs == len(bombs)
    assert sheet.to_json()["bombs_played"] == len(bombs)
    if rules.auction.name == "rob":
        robs = sum(1 for _, a in deal.history if a == ROB_BID)
        assert sheet.robs == robs and sheet.bid == 2 ** robs
    without_doubling = sheet.stake * (rules.seats - 1)
    if not any(sheet.doubled):
        assert sheet.scores[sheet.landlord] == (1 if sheet.landlord_won else -1) * \
            without_doubling


def test_thousands_of_random_deals():
    rng = random.Random(2026)
    outcomes = {Phase.OVER: 0, Phase.THROWN_IN: 0}
    for seed in range(3000):
        deal = Deal.shuffled(seed)
        play_randomly(deal, rng)
        outcomes[deal.phase] += 1
        if deal.phase is Phase.OVER:
            assert sum(deal.result.scores) == 0
    assert outcomes[Phase.OVER] > 2800 and outcomes[Phase.THROWN_IN] > 0


@given(seeds, st.booleans(), st.sampled_from(DEALT))
def test_push_pop_restores_every_state(seed, doubling, ruleset):
    rules = ruleset_with(ruleset, doubling)
    rng = random.Random(seed)
    deal = Deal.shuffled(seed, rules=rules)
    states = [snapshot(deal)]
    while not deal.is_over:
        action = rng.choice(deal.legal_actions())
        deal.push(action)
        states.append(snapshot(deal))
    while deal.history:
        states.pop()
        deal.pop()
        assert snapshot(deal) == states[-1]


def test_four_scores_the_landlord_against_three_peasants():
    four = find_ruleset("four")
    sheet = score_deal(landlord=2, landlord_won=True, bid=2, bombs=1, rockets=0, spring=False,
                       anti_spring=False, seats=4)
    assert sheet.stake == 4 and sheet.scores == (-4, -4, 12, -4)
    assert four.parse_play("bomb 33333").doubling is False
    assert four.parse_play("bomb 333333").doubling is True
    assert four.parse_play("rocket BBRR").doubling is True


def test_four_small_bombs_do_not_double_the_stake():
    four = find_ruleset("four")
    pool = four.faces()
    hands = [_cards_of(ranks, pool) for ranks in ("3333344444555555667788899",
                                                     "TTJJQQKKAA22TJQKA29TJQKA2",
                                                     "9TJQKA23456789TJQKA2BBRR6")]
    hands.append(pool[:25])
    deal = Deal.at_play(hands, pool[25:], landlord=0, rules=four)
    for text in ("bomb 33333", "bomb 4444", "bomb 555555"):
        assert deal.to_move == 0
        deal.push(four.parse_play(text))
        for _ in range(3):
            deal.push(PASS)
    assert (deal.bombs, deal.rockets) == (1, 0)  # only the six-card bomb doubles


def test_four_doubling_asks_the_three_peasants_then_the_landlord():
    four = find_ruleset("four", doubling=True)
    deal = Deal.shuffled(seed=5, opening=1, rules=four)
    deal.push(BID[3])
    assert deal.phase is Phase.DOUBLING and deal.landlord == 1
    order = []
    for answer in (NO_DOUBLE, DOUBLE, NO_DOUBLE):
        order.append(deal.to_move)
        deal.push(answer)
    assert order == [2, 3, 0] and deal.to_move == 1
    deal.push(DOUBLE)
    assert deal.phase is Phase.PLAY and deal.doubled == [False, False, False, True]


def test_rob_deal_stake_doubles_per_rob():
    rob = find_ruleset("rob")
    deal = Deal.shuffled(seed=8, opening=0, rules=rob)
    for answer in (CALL_BID, ROB_BID, PASS_BID, ROB_BID):
        deal.push(answer)
    assert deal.phase is Phase.PLAY and deal.landlord == 0
    assert (deal.auction_state.stake, deal.auction_state.robs) == (4, 2)
    with pytest.raises(IllegalActionError, match="the play has begun"):
        deal.push(ROB_BID)
    deal.pop()
    assert deal.phase is Phase.AUCTION and deal.to_move == 0 and deal.landlord == -1
    assert deal.legal_actions() == [PASS_BID, ROB_BID]
    with pytest.raises(IllegalActionError, match="bid 2 is not an answer now: answer pass or rob"):
        deal.push(BID[2])


def test_a_deal_checks_its_cards():
    four = find_ruleset("four")
    faces = four.faces()
    with pytest.raises(ValueError, match="each of the 54 cards 2 times"):
        Deal([faces[:25], faces[25:50], faces[50:75], faces[74:99]], faces[99:107], 0, four)
    with pytest.raises(ValueError, match="four needs 4 hands"):
        Deal([faces[:25]] * 3, faces[:8], 0, four)


def test_copy_shares_nothing_mutable():
    deal = Deal.shuffled(seed=9)
    deal.push(BID[3])
    clone = deal.copy()
    clone.push(clone.legal_actions()[0])
    assert snapshot(deal) != snapshot(clone)
    assert len(deal.history) == 1 and deal.left[deal.landlord] == 20


def test_held_cards_follow_the_plays():
    rng = random.Random(3)
    deal = Deal.shuffled(seed=3)
    play_randomly(deal, rng)
    for seat in range(3):
        assert ranks_of_cards(deal.held_cards(seat)) == deal.hands[seat]
    suited = [c for _, _, cards in deal.suited_history() for c in cards]
    assert len(suited) == len(set(suited))
    assert all(card_rank(c) >= 0 for c in suited)


def _landlord_holding(ranks: str) -> Deal:
    pool = list(range(54))
    mine = _cards_of(ranks, pool)
    return Deal.at_play([mine[:17], pool[:17], pool[17:34]], mine[17:], landlord=0)


def test_selected_cards_with_two_readings_ask_the_leader_to_choose():
    deal = _landlord_holding("44455566677789TJQKA2")
    with pytest.raises(AmbiguousPlayError, match="airplane or airplane_singles") as info:
        play_from_cards(deal, parse_ranks("444555666777"))
    assert {p.text for p in info.value.options} == {
        "airplane 444555666777", "airplane_singles 444555666777"}
    assert play_from_cards(deal, parse_ranks("44455")).kind is Kind.TRIPLE_PAIR


def test_selected_cards_take_the_reading_that_fits_the_trick():
    pool = list(range(54))
    landlord = _cards_of("33344455567899TQK2BR", pool)
    follower = _cards_of("JJJQQQKKKAAATT222", pool)
    deal = Deal.at_play([landlord[:17], follower, pool[:17]], landlord[17:], landlord=0)
    deal.push(Play.parse("airplane_singles 333444555678"))
    # JJJQQQKKKAAA is an airplane or an airplane_singles; only the latter fits the trick
    assert play_from_cards(deal, parse_ranks("JJJQQQKKKAAA")).text == \
        "airplane_singles JJJQQQKKKAAA"
    with pytest.raises(IllegalActionError, match="not a combination"):
        play_from_cards(deal, parse_ranks("45"))


def test_selected_cards_that_do_not_beat_say_why():
    deal = _landlord_holding("33344455566678TJQKA2")
    deal.push(Play.parse("single 2"))
    held = format_ranks(deal.hands[1])
    with pytest.raises(IllegalActionError, match="not higher than single 2"):
        play_from_cards(deal, parse_ranks(held[0]))
    pair = next(r * 2 for r in held if held.count(r) >= 2)
    with pytest.raises(IllegalActionError, match="the trick needs a single"):
        play_from_cards(deal, parse_ranks(pair))


def test_a_copy_cannot_take_back_what_came_before_it():
    deal = Deal.shuffled(seed=10)
    deal.push(BID[3])
    clone = deal.copy()
    with pytest.raises(IndexError, match="no action to take back"):
        clone.pop()


@given(seeds, st.booleans(), st.sampled_from(RULESETS))
def test_one_answer_to_what_is_legal_in_a_deal_and_in_its_position(seed, doubling, ruleset):
    """``legal_plays`` is the plays of ``legal_actions`` (none outside the play phase) and
    ``why_illegal_play`` is ``why_illegal``, for a deal in every phase and for the bare
    position of its play: whatever is asked, one answer."""
    rules = ruleset_with(ruleset, doubling)
    rng = random.Random(seed)
    deal = Deal.shuffled(seed, rules=rules)
    other_bids = [*BID, CALL_BID, ROB_BID, PASS_BID, DOUBLE, NO_DOUBLE]
    while True:
        legal = deal.legal_actions()
        assert deal.legal_plays() == [a for a in legal if isinstance(a, Play)]
        mover = deal.to_move if deal.to_move >= 0 else 0
        tried = [*rules.generator.lead(deal.hands[mover])[:40], PASS, *other_bids,
                 *rules.generator.lead(deal.hands[(mover + 1) % rules.seats])[:10]]
        for action in tried:
            why = deal.why_illegal(action)
            assert (why is None) == (action in legal), (action, why)
            if isinstance(action, Play):
                assert deal.why_illegal_play(action) == why
        if deal.phase is Phase.PLAY or deal.phase is Phase.OVER:
            pos = Position(rules, deal.hands, deal.landlord, deal.to_move, deal.top,
                           deal.top_seat)
            assert pos.legal_actions() == pos.legal_plays() == deal.legal_plays()
            for action in tried:
                assert pos.why_illegal(action) == deal.why_illegal(action)
                if isinstance(action, Play):
                    assert pos.why_illegal_play(action) == deal.why_illegal(action)
        if deal.is_over:
            break
        deal.push(rng.choice(legal))


# ----------------------------------------------------------------- from a position

@settings(max_examples=60, deadline=None)
@given(seeds, st.sampled_from(["classic", "rob", "four"]), st.data())
def test_a_deal_from_a_position_plays_as_the_deal_it_was_taken_from(seed, ruleset, data):
    """A moment of a random deal, as a position (hands, landlord, seat to move, top): the
    deal made from it offers the same actions at every step of the rest of the play and
    ends the same way; what is in no hand is set aside and seen by every seat."""
    from dizhu.position import Position
    from dizhu.view import seat_view

    rules = find_ruleset(ruleset)
    rng = random.Random(seed)
    whole = Deal.at_play(*deal_cards_of(rules, rng), landlord=seed % rules.seats, rules=rules)
    play_randomly(whole, rng)
    back = data.draw(st.integers(1, len(whole.history)))
    rest = [whole.pop() for _ in range(back)][::-1]
    position = Position(rules, whole.hands[:], whole.landlord, whole.to_move, whole.top,
                        whole.top_seat)
    deal = Deal.from_position(Position.from_text(position.text(), rules))
    assert (deal.hands, deal.to_move, deal.top, deal.landlord) == \
        (whole.hands, whole.to_move, whole.top, whole.landlord)
    on_top = 0 if deal.top is None else deal.top.cards
    assert deal.top is None or deal.top_seat == whole.top_seat
    assert deal.set_aside == rules.deck - sum(deal.hands) - on_top
    for action in rest:
        assert deal.legal_actions() == whole.legal_actions()
        for seat in range(rules.seats):
            unseen = seat_view(deal, seat).count_strip().unseen
            assert sum(unseen) == sum(deal.left) - deal.left[seat]
        deal.push(action)
        whole.push(action)
    assert deal.is_over and deal.winner == whole.winner
    with pytest.raises(IndexError):
        while True:
            deal.pop()
    assert (deal.hands, deal.to_move, deal.top) == (position.hands, position.to_move, position.top)


def deal_cards_of(rules, rng):
    from dizhu.deal import deal_cards
    return deal_cards(rng, rules)


def test_a_deal_from_a_position_counts_what_the_position_shows():
    from dizhu.position import Position
    from dizhu.record import RecordError, deal_to_record
    from dizhu.view import seat_view

    deal = Deal.from_position(Position.from_text("33445/6789TT/JQKA22 0 2 0:pair:44"), bid=3)
    assert [format_ranks(h) for h in deal.hands] == ["33445", "6789TT", "JQKA22"]
    assert deal.history == [(0, Play.parse("pair 44")), (1, PASS)]
    assert deal.plays_made == [2, 1, 1]  # before the top, every seat had played
    assert deal.auction_state.stake == 3 and deal.to_move == 2
    view = seat_view(deal, 2)
    assert [a.held for a in view.history] == [7, 6]  # the cards each held as it acted
    assert view.trick == view.history and view.set_aside == deal.set_aside
    fresh = Deal.from_position(Position.from_text("3/4/5 1 1 -"))
    assert fresh.plays_made == [1, 1, 1] and fresh.history == []
    full = Deal.shuffled(2)
    whole = Deal.from_position(Position(CLASSIC, [full.hands[0] + full.kitty, *full.hands[1:]],
                                        landlord=0))
    assert whole.plays_made == [0, 0, 0] and whole.set_aside == 0  # a spring is possible
    with pytest.raises(RecordError, match="position"):
        deal_to_record(deal)
    for text, bid, why in (("3/4/- 0 - 1:single:5", 1, "over"),
                           ("3/4/5 0 0 -", 4, "stake"),
                           ("3456789TJQKA2BR334/4/5 1 1 -", 1,
                            "seat 0 holds 18 cards, and a peasant is dealt 17")):
        with pytest.raises(ValueError, match=why):
            Deal.from_position(Position.from_text(text), bid=bid)


@given(seeds, st.sampled_from(["classic", "rob", "four"]))
def test_a_deal_wraps_its_position(seed, ruleset):
    """A deal is not a position: it holds one (seated landlord, plays, takebacks all go
    through it) and answers what it answers; taking the auction back unseats the landlord."""
    rules = find_ruleset(ruleset)
    deal = Deal.shuffled(seed=seed, rules=rules)
    position = deal.position
    assert isinstance(position, Position) and not isinstance(deal, Position)
    dealt = list(position.hands)
    rng = random.Random(seed)
    while deal.phase is not Phase.PLAY and not deal.is_over:
        deal.push(rng.choice(deal.legal_actions()))
    if deal.is_over:  # thrown in
        return
    assert deal.position is position and position.landlord == deal.landlord >= 0
    for _ in range(6):
        if not deal.is_over:
            deal.push(rng.choice(deal.legal_actions()))
    assert deal.hands is position.hands and deal.text() == position.text()
    assert (deal.top, deal.top_seat, deal.plays_made) == \
        (position.top, position.top_seat, position.plays_made)
    assert deal.to_move == position.to_move
    while deal.history:
        deal.pop()
    assert position.landlord == -1 and position.hands == dealt and deal.landlord == -1


# ----------------------------------------------------------------- wild ranks

LAIZI, TIANDI = find_ruleset("laizi"), find_ruleset("tiandi")


@pytest.mark.parametrize("rules", [LAIZI, TIANDI, LAIZI.with_options(doubling=True)], ids=str)
def test_a_deal_draws_its_wild_ranks_before_and_when_the_auction_ends(rules):
    """``tiandi`` draws its first wild rank before the auction, ``laizi`` none; the rest
    are drawn when the auction ends (before the doubling), taken back with its end, and a
    deal thrown in draws nothing more. The position reads plays with those drawn."""
    before = rules.wild_before_auction
    ended = thrown = 0
    for seed in range(40):
        rng = random.Random(seed)
        deal = Deal.shuffled(seed, rules=rules)
        draw = deal.wild_draw
        assert len(draw) == len(set(draw)) == rules.wild_ranks and all(0 <= r <= 12 for r in draw)
        while not deal.is_over and deal.landlord < 0:
            assert deal.wild == draw[:before] == deal.position.wild
            deal.push(rng.choice(deal.legal_actions()))
        if deal.phase is Phase.THROWN_IN:
            thrown += 1
            assert deal.wild == draw[:before]
            continue
        ended += 1
        assert deal.wild == draw and deal.position.wild == draw
        deal.pop()
        assert deal.landlord == -1 and deal.wild == draw[:before]
    assert ended > 30 and thrown > 0


@pytest.mark.parametrize("rules", [LAIZI, TIANDI], ids=str)
def test_a_seeded_deal_draws_the_same_wild_ranks(rules):
    """The wild ranks come from the deal's seed: the same seed, the same ranks; over many
    seeds every rank of 3..2 is drawn (and no joker), first and last alike."""
    firsts, lasts = set(), set()
    for seed in range(300):
        draw = Deal.shuffled(seed, rules=rules).wild_draw
        assert Deal.shuffled(seed, rules=rules).wild_draw == draw
        firsts.add(draw[0])
        lasts.add(draw[-1])
    assert firsts == lasts == set(range(13))
    state = random.getstate()
    Deal.shuffled(1, rules=rules)
    assert random.getstate() == state  # the global generator is never used


def test_wild_ranks_given_to_a_deal_are_checked():
    hands, kitty = deal_cards(random.Random(1), LAIZI)
    assert Deal(hands, kitty, 0, LAIZI, wild=(5,)).wild_draw == (5,)
    for wild, words in (((13,), "not B"), ((), "one wild rank, not 0"), ((3, 4), "not 2")):
        with pytest.raises(ValueError, match=words):
            Deal(hands, kitty, 0, LAIZI, wild=wild)
    with pytest.raises(ValueError, match="classic has no wild cards"):
        Deal(hands, kitty, 0, CLASSIC, wild=(5,))
    deal = Deal.at_play(hands, kitty, 1, 2, TIANDI, wild=(3, 9))
    assert deal.wild == (3, 9) and deal.phase is Phase.PLAY
