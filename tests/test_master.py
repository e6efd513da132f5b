"""``master``: the solver at the end of its playouts and at the root, the budget kept, and
its bids and doubles from the learned chance to win."""

from __future__ import annotations

import math
import random
import time
from itertools import pairwise
from types import SimpleNamespace

import pytest

from dizhu.auction import BID, CALL_BID, DOUBLE, NO_DOUBLE, PASS_BID, ROB_BID
from dizhu.bots import expert as expert_module
from dizhu.bots.chance import (
    bid_by_chance,
    chance_for,
    double_by_chance,
    landlord_chance,
    landlord_views,
)
from dizhu.bots.expert import ExpertBot
from dizhu.bots.master import MasterBot
from dizhu.bots.registry import make_bot
from dizhu.bots.situation import Situation
from dizhu.cards import RANKS, TWO, count_of, parse_ranks, ranks_of_cards
from dizhu.deal import Deal, deal_cards
from dizhu.position import Position
from dizhu.rules import CLASSIC
from dizhu.rulesets import find_ruleset
from dizhu.solve import Solver
from dizhu.view import played_views, seat_view


def one_rank_endgame(rng: random.Random) -> Deal:
    """A deal whose play starts with the landlord (seat 0) to lead a few cards against two
    peasants who hold only cards of one rank between them: every card the landlord cannot
    see is known by its rank, so the one deal it can imagine is the real one."""
    rank = rng.randrange(TWO + 1)
    split = rng.choice([(1, 1), (1, 2), (2, 1), (2, 2), (1, 3), (3, 1)])
    others = [r for r in range(TWO + 1) if r != rank]
    landlord = parse_ranks(" ".join(RANKS[r] for r in sorted(rng.sample(others, 3) +
                                                              rng.sample(others, 2))))
    hands = [landlord, parse_ranks(" ".join(RANKS[rank] * split[0])),
             parse_ranks(" ".join(RANKS[rank] * split[1]))]
    return Deal.from_position(Position(CLASSIC, hands, landlord=0))


SPEC = "master:budget=10,solve_unseen=0"
"""``master`` with ``hard``'s endgame solver off: its own solver's path decides."""


def test_with_every_hidden_card_known_master_plays_a_winning_play():
    """In the endgames where some of the landlord's plays win and some lose, master (on its
    solver's path) picks one that wins."""
    checked = 0
    for seed in range(150):
        deal = one_rank_endgame(random.Random(seed))
        view = seat_view(deal, 0)
        answer = Solver(CLASSIC).solve(deal.position.copy(), points=False)
        if not answer.landlord_wins or len(answer.winning_plays) == len(view.legal):
            continue
        assert sum(view.cards_left) <= MasterBot.solve_cards
        assert make_bot(SPEC, seed=1).act(view) in answer.winning_plays
        checked += 1
    assert checked >= 10


def test_in_a_lost_endgame_hope_plays_what_wins_if_the_peasants_play_as_normal():
    """Where the solver finds the landlord lost whatever it plays, every play scores nothing
    and ``normal``'s choice stands; with ``hope`` the plays are scored by playouts of the
    ``normal`` policy without the solver, and master picks one that wins such a playout."""
    hoping = make_bot(SPEC + ",hope=1", seed=1)
    plain = make_bot(SPEC, seed=1)
    checked = differs = 0
    for seed in range(120):
        deal = one_rank_endgame(random.Random(seed))
        if Solver(CLASSIC).solve(deal.position.copy(), points=False).landlord_wins:
            continue
        view = seat_view(deal, 0)
        ev = hoping.evaluator(view)
        hoped = {p for p in view.legal
                 if hoping.python_rollout(deal.position, p, ev, solve=False)}
        assert hoping.hoped(deal.position, view.legal, ev, math.inf) == hoped
        if not hoped or len(hoped) == len(view.legal):
            continue
        assert hoping.act(view) in hoped
        assert plain.act(view) == plain.choose(Situation.of(view), view.legal, ev)
        differs += plain.act(view) not in hoped
        checked += 1
    assert checked >= 5 and differs >= 3


def test_hope_gives_no_answer_past_the_deadline():
    """A deal whose hoped playouts the clock cuts short does not count (a part would favour
    the first plays)."""
    deal = one_rank_endgame(random.Random(4))
    bot = make_bot(SPEC + ",hope=1", seed=1)
    view = seat_view(deal, 0)
    assert bot.hoped(deal.position, view.legal, bot.evaluator(view), 0.0) is None


def midgame_view(seed: int, cards: int = 54):
    """The first view, in a play-mode deal played by ``normal``, of a seat to move with a
    choice of three plays or more when at most ``cards`` are left in all hands."""
    rng = random.Random(seed)
    hands, kitty = deal_cards(rng, CLASSIC)
    deal = Deal.at_play(hands, kitty, landlord=0)
    normal = make_bot("normal", seed=1)
    for view in played_views(deal, [normal] * 3):
        if sum(view.cards_left) <= cards and len(view.legal) > 2:
            return view
    return None


def test_past_the_budget_the_root_solves_one_deal_within_what_is_left(monkeypatch):
    """With a clock that passes the budget at its first reading after the start, a decision
    on the solver's path solves one imagined deal, given no more time than the budget."""
    view = next(v for seed in range(50) if (v := midgame_view(seed, MasterBot.solve_cards)))
    bot = make_bot("master:budget=0.01,infer=0", seed=1)
    readings = iter(range(10_000))
    monkeypatch.setattr(expert_module, "time",
                        SimpleNamespace(perf_counter=lambda: next(readings) * 1.0))
    given_seconds = []
    real = Solver.solve
    monkeypatch.setattr(Solver, "solve", lambda self, pos, **kw: given_seconds.append(
        kw["seconds"]) or real(self, pos, **kw))
    assert bot.act(view) in view.legal
    assert len(given_seconds) == 1 and 0 <= given_seconds[0] <= 0.01


def test_a_playout_is_finished_by_the_solver_within_the_deadline(monkeypatch):
    """A playout from a position with many cards left calls the solver once they are few,
    with no more time than is left before its deadline and master's node budget, for who
    wins only, and returns its answer; a solve that gives up is tried again only once
    ``retry_cards`` more cards are played. (The Python playout, which the compiled one
    follows solve for solve: tests/test_playout.py.)"""
    bot = make_bot("master", seed=1)
    calls: list[tuple[int, float, bool, int]] = []
    outcomes: list[bool | None] = []
    real = Solver.solve

    def solve(self, pos, **kw):
        calls.append((sum(pos.left), kw["seconds"], kw["plays"], kw["nodes"]))
        answer = real(self, pos, **kw)
        outcomes.append(answer.landlord_wins if answer.solved else None)
        return answer

    monkeypatch.setattr(Solver, "solve", solve)
    retried = solved = 0
    for seed in range(4, 40):
        view = midgame_view(seed)
        calls.clear()
        outcomes.clear()
        pos = Position(CLASSIC, bot.imagine(view), view.landlord, view.seat, view.top,
                       view.top_seat)
        won = bot.python_rollout(pos, view.legal[-1], bot.evaluator(view),
                                 time.perf_counter() + 600)
        if not calls:  # a hand was played out before the cards left were few
            continue
        assert calls[0][0] <= bot.solve_cards
        solved += 1
        assert all(0 < c[1] <= 600 and c[2] is False and c[3] == bot.playout_nodes
                   for c in calls)  # who wins is all a playout needs
        assert all(o is None for o in outcomes[:-1])  # asked again only after giving up
        assert all(b[0] <= a[0] - bot.retry_cards for a, b in pairwise(calls))
        if outcomes[-1] is not None:
            assert won == outcomes[-1]
        retried += len(calls) > 1
    assert solved >= 30 and retried  # some solve gave up at 2,000 positions and was asked again


def test_a_playout_past_its_deadline_stops_without_an_answer(monkeypatch):
    """A playout without wild cards reads the clock at every step too: past its deadline
    it gives no answer (the deal does not count) rather than running on; without the
    solver it plays on to the end."""
    view = midgame_view(4)
    bot = make_bot("master", seed=1)
    pos = Position(CLASSIC, bot.imagine(view), view.landlord, view.seat, view.top,
                   view.top_seat)
    assert bot.rollout(pos, view.legal[-1], bot.evaluator(view), time.perf_counter()) is None
    monkeypatch.setattr(Solver, "solve", lambda *a, **kw: pytest.fail("solved"))
    assert bot.rollout(pos, view.legal[-1], bot.evaluator(view), solve=False) in (True, False)


def test_an_endgame_solve_that_gives_up_counts_within_the_budget(monkeypatch):
    """When few cards are hidden, ``hard``'s endgame solve comes first, bounded by the
    decision's deadline; if it gives up, the search that follows has what is left of the
    same budget, not a new one."""
    view = next(v for seed in range(50) if (v := midgame_view(seed, 16)) and
                sum(v.count_strip().unseen) <= MasterBot.solve_unseen)
    bot = make_bot("master", seed=1)
    given: list[float] = []

    def endgame(self, view, deadline):
        given.append(deadline)
        time.sleep(0.2)
        return None

    monkeypatch.setattr(expert_module.HardBot, "endgame", endgame)
    monkeypatch.setattr(ExpertBot, "solved_search",
                        lambda self, view, s, legal, ev, deadline: given.append(
                            deadline) or legal[0])
    before = time.perf_counter()
    assert bot.act(view) in view.legal
    assert len(given) == 2 and given[0] == given[1] <= time.perf_counter() - 0.2 + bot.budget
    assert before + bot.budget <= given[0]


def test_the_endgame_solves_are_bounded_by_the_deadline_for_master_not_hard(monkeypatch):
    """``master``'s endgame solves get no more time than its budget leaves; ``hard``'s,
    which has no clock, a budget of positions alone."""
    view = next(v for seed in range(50) if (v := midgame_view(seed, 16)) and
                sum(v.count_strip().unseen) <= MasterBot.solve_unseen)
    seconds: dict[str, list] = {"master": [], "hard": []}
    real = Solver.solve
    for name in seconds:
        bot = make_bot(name, seed=1)
        monkeypatch.setattr(Solver, "solve", lambda self, pos, _name=name, **kw: seconds[
            _name].append(kw.get("seconds")) or real(self, pos, **kw))
        assert bot.act(view) in view.legal
    assert seconds["master"] and all(0 < t <= MasterBot.budget for t in seconds["master"])
    assert seconds["hard"] and all(t is None for t in seconds["hard"])


def test_the_budget_counts_from_when_the_decision_is_asked(monkeypatch):
    """The search's deadline is one budget after the decision was asked: choosing the
    plays worth searching (before the search) is within the budget, not added to it."""
    view = next(v for seed in range(50) if (v := midgame_view(seed)) and
                sum(v.cards_left) > MasterBot.solve_cards)
    bot = make_bot("master", seed=1)
    asked, searched = [], []
    real_options = ExpertBot.options

    def options(self, *args):
        asked.append(time.perf_counter())
        time.sleep(0.05)
        return real_options(self, *args)

    monkeypatch.setattr(ExpertBot, "options", options)
    monkeypatch.setattr(ExpertBot, "search",
                        lambda self, view, s, options, ev, deadline: searched.append(
                            deadline) or options[0])
    before = time.perf_counter()
    assert bot.act(view) in view.legal
    assert asked and searched
    assert before + bot.budget <= searched[0] <= asked[0] + bot.budget


STRONG = "R B 2 2 2 2 A A A K K Q Q J J T 9"
WEAK = "3 4 5 6 7 9 T 3 4 6 8 J Q 3 5 8 9"


def auction_view(hand: str, rules=CLASSIC, seed: int = 1):
    """The auction's first view of seat 0 holding ``hand`` (the rest dealt at random)."""
    rng = random.Random(seed)
    mine = parse_ranks(hand)
    deck = rules.faces()
    rng.shuffle(deck)
    held, rest = [], []
    need = {r: count_of(mine, r) for r in range(len(RANKS))}
    for card in deck:
        rank = ranks_of_cards([card])
        r = next(r for r in range(len(RANKS)) if count_of(rank, r))
        if need[r]:
            need[r] -= 1
            held.append(card)
        else:
            rest.append(card)
    n = rules.hand_size
    hands = [held, rest[:n], rest[n:2 * n]]
    return seat_view(Deal(hands, rest[2 * n:], 0, rules), 0)


def test_the_chance_as_landlord_orders_a_strong_and_a_weak_hand():
    chance = chance_for(CLASSIC)
    rng = random.Random(2)
    strong = landlord_chance(auction_view(STRONG), chance, rng, 24)
    weak = landlord_chance(auction_view(WEAK), chance, rng, 24)
    assert strong > 0.7 > 0.3 > weak
    bot = make_bot("master", seed=1)
    assert bot.act(auction_view(STRONG)) == BID[3]
    assert bot.act(auction_view(WEAK)) == PASS_BID


def test_the_landlord_views_add_a_kitty_of_unseen_cards_and_nothing_else():
    view = auction_view(STRONG)
    for v in landlord_views(view, random.Random(1), 10):
        assert v.landlord == view.seat and v.seat == view.seat and v.my_turn
        kitty = v.kitty
        assert len(kitty) == 3 and not set(kitty) & set(view.hand)
        assert sorted(v.hand) == sorted((*view.hand, *kitty))
        assert v.history == () and v.cards_left == (20, 17, 17)


@pytest.mark.parametrize("ruleset, known", [("laizi", 0), ("tiandi", 1)])
def test_the_landlord_views_draw_the_wild_ranks_not_seen_yet(ruleset, known):
    """In the auction a seat knows only the wild ranks drawn before it (none in laizi,
    tiandi's sky): each imagined start of play keeps those and draws the rest, so the
    chance is a mean over the wild ranks it may get, not one fixed draw."""
    rules = find_ruleset(ruleset)
    hands, kitty = deal_cards(random.Random(5), rules)
    view = seat_view(Deal(hands, kitty, 0, rules, suit_seed=7), 0)
    assert len(view.wild) == known
    drawn = set()
    for v in landlord_views(view, random.Random(1), 40):
        assert len(v.wild) == rules.wild_ranks and len(set(v.wild)) == rules.wild_ranks
        assert v.wild[:known] == view.wild
        drawn.add(v.wild[known:])
    assert len(drawn) > 5


@pytest.mark.parametrize("p, edge, answer", [
    (0.49, 0.0, PASS_BID), (0.5, 0.0, BID[3]), (0.62, 0.1, BID[3]), (0.59, 0.1, PASS_BID)])
def test_a_bid_is_the_highest_legal_one_once_the_chance_passes_one_half(p, edge, answer):
    assert bid_by_chance(auction_view(STRONG), p, edge) == answer


def test_after_a_bid_of_2_only_3_or_a_pass_is_bid():
    rng = random.Random(4)
    hands, kitty = deal_cards(rng, CLASSIC)
    deal = Deal(hands, kitty, 0, CLASSIC)
    deal.push(BID[2])
    view = seat_view(deal, 1)
    assert bid_by_chance(view, 0.9, 0.0) == BID[3]
    assert bid_by_chance(view, 0.1, 0.0) == PASS_BID


def test_calls_and_robs_follow_the_chance_where_weights_ship():
    rob = find_ruleset("rob")
    rng = random.Random(6)
    hands, kitty = deal_cards(rng, rob)
    deal = Deal(hands, kitty, 0, rob)
    assert bid_by_chance(seat_view(deal, 0), 0.7, 0.0) == CALL_BID
    deal.push(CALL_BID)
    assert bid_by_chance(seat_view(deal, 1), 0.7, 0.0) == ROB_BID
    assert bid_by_chance(seat_view(deal, 1), 0.3, 0.0) == PASS_BID


@pytest.mark.parametrize("ruleset", ["classic", "rob", "four", "laizi", "tiandi"])
def test_every_ruleset_with_an_auction_ships_weights_for_the_chance(ruleset):
    rules = find_ruleset(ruleset)
    chance = chance_for(rules)
    assert chance is not None
    hands, kitty = deal_cards(random.Random(9), rules)
    view = seat_view(Deal(hands, kitty, 0, rules), 0)
    assert 0.0 < landlord_chance(view, chance, random.Random(1), 8) < 1.0


@pytest.mark.parametrize("ruleset", ["classic", "laizi"])
def test_without_weights_master_bids_and_doubles_as_expert(ruleset, monkeypatch):
    """A ruleset with no weights (one a bot writer adds, say) is bid as ``expert`` bids."""
    from dizhu.bots import chance as chance_module
    monkeypatch.setattr(chance_module, "chance_for", lambda rules: None)
    rules = find_ruleset(ruleset).with_options(doubling=True)
    rng = random.Random(8)
    for _ in range(20):
        hands, kitty = deal_cards(rng, rules)
        view = seat_view(Deal(hands, kitty, 0, rules), 0)
        assert MasterBot(seed=3).act(view) == ExpertBot(seed=3).act(view)


def test_doubles_follow_the_sides_chance():
    assert double_by_chance(0.56, 0.05) == DOUBLE
    assert double_by_chance(0.54, 0.05) == NO_DOUBLE
    rules = CLASSIC.with_options(doubling=True)
    chance = chance_for(rules)
    bot = make_bot("master", seed=1)
    rng = random.Random(11)
    answers = set()
    for _ in range(30):
        hands, kitty = deal_cards(rng, rules)
        deal = Deal(hands, kitty, 0, rules)
        deal.push(BID[3])
        view = seat_view(deal, 1)
        answer = bot.act(view)
        assert answer == double_by_chance(chance.of_view(view), bot.double_edge)
        answers.add(answer)
    assert answers == {DOUBLE, NO_DOUBLE}
