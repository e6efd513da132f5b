"""The coach: chances from a seat's view, the review of a finished deal, the all-hands
answer and the hints that explain."""

from __future__ import annotations

import json

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from dizhu.cards import card_rank, card_text, parse_card
from dizhu.coach import Analyst, Rated, all_hands, coached, hint, review
from dizhu.coach.explain import WHY, Why, why
from dizhu.coach.review import THRESHOLDS, mark_of, rewound
from dizhu.combos import PASS
from dizhu.deal import Deal
from dizhu.position import Position
from dizhu.record import deal_to_record, replay
from dizhu.rulesets import find_ruleset
from dizhu.solve import Solver
from dizhu.view import seat_view
from tests.deals import finished


def at(text: str, ruleset: str = "classic"):
    """The view of the seat to move in the position ``text`` (Position.text's form)."""
    position = Position.from_text(text, find_ruleset(ruleset))
    deal = Deal.from_position(position)
    return seat_view(deal, position.to_move)


def play_of(view, text: str):
    return next(p for p in view.legal if p.text == text)


# chances


def test_in_an_endgame_the_winning_plays_have_chance_one_and_the_losing_zero():
    """The landlord holds 355, each peasant a 4: leading the 3 lets a peasant out with its
    4; the pair or a single 5 first wins (every hidden card is known by rank here)."""
    view = at("355/4/4 0 0 -")
    rated = {r.action.text: r.chance for r in Analyst(samples=4).rate(view)}
    assert rated == {"pair 55": 1.0, "single 5": 1.0, "single 3": 0.0}


def test_an_endgame_is_solved_with_the_root_budget_not_a_playout_s(monkeypatch):
    """The coach solves every imagined endgame for every play with five times the bots'
    budget for a solve at the root (100,000 positions), not the smaller one a playout's
    solve gives up at."""
    asked = []
    real = Solver.solve

    def solve(self, pos, **kw):
        asked.append(kw["nodes"])
        return real(self, pos, **kw)

    monkeypatch.setattr(Solver, "solve", solve)
    Analyst(samples=4).rate(at("355/4/4 0 0 -"))
    assert asked and set(asked) == {100_000}


def test_auction_and_doubling_answers_are_worth_their_chance_against_an_even_one():
    deal = finished("auction")
    walk = replay(deal_to_record(deal))
    for _ in walk.history[:]:
        walk.pop()
    analyst = Analyst(samples=8)
    rated = analyst.rate(seat_view(walk, walk.to_move))
    by_token = {r.action.token: r for r in rated}
    p = by_token["3"].chance
    assert 0 <= p <= 1 and by_token["pass"].worth == 0.5
    assert all(r.worth == p for t, r in by_token.items() if t != "pass")
    assert rated[0].action.token == ("3" if p >= 0.5 else "pass")  # the highest bid first


# the review


@pytest.fixture(scope="module")
def deal():
    return finished("review-1")


def test_every_decision_of_the_seat_is_rated_with_the_action_taken_among_the_rated(deal):
    rated = review(deal, [0, 1], samples=8)
    for seat in (0, 1):
        made = [(s, a) for s, a in deal.history if s == seat]
        assert [(d.seat, d.action) for d in rated.of(seat)] == made
    for d in rated.decisions:
        assert d.chosen in d.rated and d.best is d.rated[0]
        assert all(0 <= r.chance <= 1 for r in d.rated)
        assert d.loss == pytest.approx(max(0.0, d.best.worth - d.chosen.worth))
        assert d.mark == mark_of(d.loss)
        assert [r.worth for r in d.rated] == sorted((r.worth for r in d.rated), reverse=True)
    data = json.loads(json.dumps(rated.to_json()))
    assert data["thresholds"] == {name: at for name, at in THRESHOLDS}
    assert len(data["decisions"]) == len(rated.decisions)


@given(st.floats(0, 1))
def test_marks_follow_the_thresholds(loss):
    expected = "blunder" if loss >= 0.2 else "mistake" if loss >= 0.1 else \
        "inaccuracy" if loss >= 0.05 else None
    assert mark_of(loss) == expected


def swap_unplayed(deal: Deal, seat: int) -> dict:
    """The deal's record with one card of each other seat, never played nor from the
    kitty, swapped between them: what ``seat`` sees is the same at every step."""
    record = deal_to_record(deal)
    head = record["events"][0]
    hands = [h.split() for h in head["hands"]]
    kitty = set(head["kitty"].split())
    left = [{card_text(c) for c in deal.held_cards(s)} for s in range(deal.seats)]
    a, b = (s for s in range(deal.seats) if s != seat)
    mine = [c for c in hands[a] if c in left[a] and c not in kitty]
    theirs = [c for c in hands[b] if c in left[b] and c not in kitty]
    pair = next(((x, y) for x in mine for y in theirs
                 if card_rank(parse_card(x)) != card_rank(parse_card(y))), None)
    if pair is None:
        return None
    x, y = pair
    hands[a][hands[a].index(x)] = y
    hands[b][hands[b].index(y)] = x
    head["hands"] = [" ".join(h) for h in hands]
    return record


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 10_000))
def test_a_review_uses_no_card_its_seat_could_not_see(n):
    """Two deals that differ only in cards the reviewed seat never saw get the same
    ratings, decision by decision."""
    deal = finished(f"hidden-{n}")
    other = swap_unplayed(deal, 0)
    assume(other is not None)
    twin = replay(other)
    assert twin.dealt != deal.dealt and twin.history == deal.history
    first = review(deal, [0], samples=6, analyst=Analyst(samples=6, budget=60))
    second = review(twin, [0], samples=6, analyst=Analyst(samples=6, budget=60))
    assert first.decisions
    assert [d.rated for d in first.decisions] == [d.rated for d in second.decisions]


# the all-hands answer


def test_the_all_hands_answer_agrees_with_the_solver_and_the_result(deal):
    answer = all_hands(deal, seconds=8)
    solved = [m for m in answer.moments if m.solved]
    assert solved, "the last positions are small: some must be solved"
    last = answer.moments[-1]
    assert last.solved and (last.landlord_wins == (answer.winner == "landlord"))
    fresh = Solver(deal.rules)
    for m in solved[-6:]:
        position = Position.from_text(position_text(deal, m.step), deal.rules)
        assert fresh.solve(position, points=False).landlord_wins == m.landlord_wins
    if answer.change is not None:
        c = answer.change
        before = next(m for m in reversed(solved) if m.step <= c.since)
        after = next(m for m in solved if m.step > c.step)
        assert before.landlord_wins != after.landlord_wins
    data = json.loads(json.dumps(answer.to_json()))
    assert data["positions"] == len(answer.moments)
    assert answer.sentences()


def test_a_line_of_best_play_is_legal_and_wins_for_the_side_the_solver_names(deal):
    first = all_hands(deal, seconds=8).first_solved
    position = Position.from_text(position_text(deal, first.step), deal.rules)
    assert first.line
    for play in first.line:
        position.push(play)  # checked: each play legal where it is made
    assert first.whole == position.is_over
    if position.is_over:
        assert (position.winner == position.landlord) == first.landlord_wins


def position_text(deal: Deal, step: int) -> str:
    history, walk = rewound(deal)
    for i, (seat, action, cards) in enumerate(history, 1):
        if i == step:
            return walk.position.text()
        walk.push(action, seat, cards or None)
    raise AssertionError


# hints that explain


def rated(view, text: str, chance: float = 0.5) -> Rated:
    play = PASS if text == "pass" else play_of(view, text)
    return Rated(play, chance, chance, 8)


def test_why_names_each_reason_from_what_the_seat_sees():
    view = at("55/4/6 0 0 -")
    assert why(view, rated(view, "pair 55")) == Why("goes_out")
    # seat 1 holds 6677; the landlord (seat 0) one card; the partner 88: a higher pair
    # exists among the unseen cards, but the landlord cannot hold it
    view = at("3/6677/88 0 1 -")
    assert why(view, rated(view, "pair 66")) == Why(
        "cannot_follow", {"who": "landlord", "n": 1, "kind": "pair"})
    # nothing the unseen cards (3, 4) can make beats a pair
    view = at("3/6677/4 0 1 -")
    assert why(view, rated(view, "pair 77")).code == "unbeatable"
    # the partner (seat 2) played on top: a pass lets it stand
    view = at("9/3K/45 0 1 2:single:Q")
    assert why(view, rated(view, "pass")) == Why("partner_stands")
    # nothing beats the top: the pass is the only play
    view = at("9/34/5 0 1 2:single:2")
    assert why(view, rated(view, "pass")) == Why("only_play")


def test_a_play_that_keeps_the_bomb_says_so():
    view = at("3333456/7/8 0 0 -")
    runner_up = play_of(view, "bomb 3333")
    assert why(view, rated(view, "single 4"), runner_up).code == "keeps_bomb"
    assert why(view, rated(view, "single 3"), runner_up).code != "keeps_bomb"


def test_every_reason_has_words_in_both_languages_of_the_page():
    from dizhu.words import catalog
    for language in ("en", "zh"):
        words = catalog(language)
        assert all(f"why.{code}" in words for code in WHY), language
        assert {"why.side.landlord", "why.side.peasants"} <= set(words)


def test_the_hint_ranks_by_chance_and_explains_the_first():
    view = at("355/4/4 0 0 -")
    found = hint(view, Analyst(samples=4))
    assert found.play.text in ("pair 55", "single 5") and found.chance == 1.0
    assert found.ranked[-1].action.text == "single 3" and found.ranked[-1].chance == 0.0
    plays, explained = coached(view, list(reversed(view.legal)))
    assert plays[0] == explained.play and sorted(map(str, plays)) == \
        sorted(map(str, view.legal))
    assert explained.text.startswith(f"{found.play.text} (chance 1.00): ")
