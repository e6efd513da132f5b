"""The search bots' playouts in the compiled core (``dizhu._ccore.Policy``) against the
Python code they replace where it is built: the very same play as ``normal``'s policy in
every position, with every setting of it, and the very same outcome as the Python playout,
solves and retries included, in every ruleset without wild cards; and what it is given is
checked."""

from __future__ import annotations

import math
import random
import threading
import time
from dataclasses import replace
from functools import partial

import pytest

from dizhu import core
from dizhu.bots import make_bot
from dizhu.bots.expert import ExpertBot
from dizhu.bots.handeval import HandEvaluator, _compiled
from dizhu.bots.likelihood import Inference, Model
from dizhu.bots.normal import NormalBot
from dizhu.bots.playout import CompiledPlayouts, policy_is_normal
from dizhu.bots.situation import Situation
from dizhu.cards import ranks_of_cards
from dizhu.combos import PASS, Play
from dizhu.deal import Deal, deal_cards
from dizhu.movegen import generator_of
from dizhu.position import Position
from dizhu.rules import CLASSIC, RuleSet
from dizhu.rulesets import find_ruleset
from dizhu.sampling import Sampler
from dizhu.solve import Solver
from dizhu.view import seat_view
from tests.hostile import Emptier

pytestmark = pytest.mark.skipif(core.COMPILED is None, reason=core.MISSING)

RULES = {"classic": CLASSIC, "distinct": CLASSIC.with_options(distinct_kickers=True),
         "four": find_ruleset("four"), "duel": find_ruleset("duel")}

SETTINGS = {"fits": (0.0, 1.2), "stop_landlord": (0.0, 1.5), "urgent_cards": (0, 20),
            "control_when_left": (0, 20), "peasant_control_when_left": (0, 25),
            "bomb_when_left": (0, 4)}
"""The policy's settings and the ranges drawn from."""


def compiled_evaluator(rules: RuleSet) -> HandEvaluator:
    """An evaluator of ``rules`` on the compiled search, whichever core runs (the tests
    compare the compiled policy with the Python one under ``DIZHU_PURE`` too)."""
    ev = HandEvaluator(rules)
    ev._native = _compiled(generator_of(rules.combos, rules.distinct_kickers, True))
    return ev


def search_bot(spec: str) -> ExpertBot:
    """A bot of ``spec`` whose solvers are compiled, whichever core runs: the compiled
    playouts solve on them, and the Python ones then make the same solves."""
    bot = make_bot(spec, seed=1)
    for rules in RULES.values():
        bot.solvers[rules] = Solver(rules, memory=bot.solver_limit, compiled=True)
    return bot


def positions(rules: RuleSet, seed: int, count: int):
    """Positions of seeded deals (every hand known), each deal played on by a mix of the
    policy's plays (so the positions are those a playout meets) and random ones."""
    rng = random.Random(f"playout:{rules.name}:{seed}")
    normal = NormalBot(seed=1)
    ev = HandEvaluator(rules)
    out: list[Position] = []
    while len(out) < count:
        landlord = rng.randrange(rules.seats)
        if rules.dealt:
            hands, kitty = deal_cards(rng, rules)
            pos = Deal.at_play(hands, kitty, landlord, rules=rules).position
        else:  # a ruleset of positions (duel): hands of a classic deal
            hands, _ = deal_cards(rng)
            pos = Position(rules, [ranks_of_cards(h) for h in hands[:rules.seats]], landlord)
        while not pos.is_over:
            out.append(pos.copy())
            legal = pos.legal_plays()
            play = rng.choice(legal) if rng.random() < 0.3 else \
                normal.choose(situation(pos), legal, ev)
            pos.push(play)
    return out[:count]


def situation(pos: Position) -> Situation:
    """The seat to move's situation with every hand known (as a playout sees it)."""
    hand = pos.hands[pos.to_move]
    return Situation(pos.to_move, pos.landlord, hand, tuple(pos.left), pos.top,
                     pos.top_seat, sum(pos.hands) - hand)


def drawn_bot(cls: type, rng: random.Random) -> NormalBot:
    """A bot of ``cls`` with its policy's settings drawn from :data:`SETTINGS`."""
    bot = cls(seed=1)
    for name, (low, high) in SETTINGS.items():
        value = rng.uniform(low, high) if isinstance(low, float) else \
            rng.randint(low, high)
        setattr(bot, name, value)
    return bot


@pytest.mark.parametrize("name", sorted(RULES))
@pytest.mark.parametrize("seed", range(3))
def test_the_compiled_policy_plays_as_normal(name, seed):
    """In 400 positions of each ruleset, with the default settings and with drawn ones,
    the compiled policy chooses the play the Python one chooses, in ``normal``'s way and
    in the eager style (which differ in many of them)."""
    rules = RULES[name]
    rng = random.Random(seed)
    bot = NormalBot(seed=1) if seed == 0 else drawn_bot(NormalBot, rng)
    ev = compiled_evaluator(rules)
    compiled = CompiledPlayouts.of(bot, ev)
    assert compiled is not None
    leads = follows = styled = 0
    for pos in positions(rules, seed, 400):
        chosen = []
        for eager in (False, True):
            s = replace(situation(pos), eager=eager)
            expected = bot.choose(s, pos.legal_plays(), ev)
            assert compiled.choose(s) == expected, (pos.hands, pos.to_move, pos.top, eager)
            chosen.append(expected)
        leads += pos.top is None
        follows += pos.top is not None and not chosen[0].is_pass
        styled += chosen[0] != chosen[1]
    assert leads > 30 and follows > 30 and styled > 10


@pytest.mark.parametrize("name", ["classic", "four"])
def test_the_compiled_policy_plays_as_normal_from_a_seat_s_view(name):
    """From a seat's view (what it cannot see: the cards neither in its hand nor played),
    in deals played by ``master``'s choices, the compiled policy chooses ``normal``'s play;
    and the others' plays weigh the imagined deals alike with either (the weights of 40
    imagined deals at each decision of ``master`` are the same numbers)."""
    rules = RULES[name]
    normal = NormalBot(seed=1)
    bot = search_bot("master:samples=4")
    bot.memo_limit = 10**9  # its evaluator is this test's compiled one throughout
    checked = weighed = 0
    for seed in range(3):
        hands, kitty = deal_cards(random.Random(seed), rules)
        deal = Deal.at_play(hands, kitty, landlord=seed % rules.seats, rules=rules)
        while not deal.is_over:
            view = seat_view(deal, deal.to_move)
            ev = bot.evaluators[rules, ()] = bot.evaluators.get((rules, ())) or \
                compiled_evaluator(rules)
            compiled = bot.compiled_playouts(ev)
            if len(view.legal) > 1:
                s = Situation.of(view)
                assert compiled.choose(s) == normal.choose(s, view.legal, ev)
                if s.top is not None:  # a top that is an equal play, not the universe's
                    top = Play(s.top.kind, s.top.cards, s.top.main, s.top.length)
                    assert compiled.choose(replace(s, top=top)) == compiled.choose(s)
                checked += 1
                model = Model(bot.bid_thresholds, bot.double_at, bot.fits, bot.slip)
                evaluators = partial(bot.evaluator, view)
                python = Inference(view, model, evaluators, bot.choose)
                native = Inference(view, model, evaluators, compiled.choose)
                styled = replace(model, eager_prior=0.4)
                python_styled = Inference(view, styled, evaluators, bot.choose)
                native_styled = Inference(view, styled, evaluators, compiled.choose)
                sampler = Sampler(view)
                for _ in range(40):
                    guess = sampler.sample(bot.rng).hands
                    assert native.log_weight(guess) == python.log_weight(guess)
                    assert native_styled.weigh(guess) == python_styled.weigh(guess)
                weighed += bool(python.decisions)
            deal.push(bot.act(view))
    assert checked > 60 and weighed > 30


def rollout_pair(spec: str) -> tuple[ExpertBot, ExpertBot]:
    return search_bot(spec), search_bot(spec)


@pytest.mark.parametrize("name", sorted(RULES))
@pytest.mark.parametrize("spec", ["expert", "master", "master:solve_cards=40,retry_cards=3"])
def test_compiled_playouts_end_as_python_ones(name, spec):
    """From positions with every number of cards left, each of a few plays played out
    compiled and in Python (each side with its own bot, so its own solver) ends with the
    same winner: the same plays, the same solves given up and retried; with every seat in
    ``normal``'s way, and with a drawn set of seats in the eager style."""
    rules = RULES[name]
    python, compiled = rollout_pair(spec)
    ev_python, ev_compiled = HandEvaluator(rules), compiled_evaluator(rules)
    assert compiled.compiled_playouts(ev_compiled) is not None
    rng = random.Random(name)
    outcomes = []
    for pos in positions(rules, 7, 120)[::2]:
        for play in pos.legal_plays()[:3]:
            for eager in (0, rng.randrange(1, 1 << rules.seats)):
                expected = python.python_rollout(pos, play, ev_python, eager=eager)
                assert compiled.rollout(pos, play, ev_compiled, eager=eager) == expected
                outcomes.append(expected)
    assert set(outcomes) == {True, False}


def test_a_compiled_playout_past_its_deadline_has_no_answer():
    pos = positions(CLASSIC, 1, 1)[0]
    bot = search_bot("master")
    ev = compiled_evaluator(CLASSIC)
    play = pos.legal_plays()[0]
    assert bot.rollout(pos, play, ev, time.perf_counter()) is None
    assert bot.rollout(pos, play, ev, time.perf_counter() + 600) in (True, False)


def test_a_playout_leaves_its_position_as_it_was():
    pos = positions(CLASSIC, 2, 30)[-1]
    before = (list(pos.hands), pos.to_move, pos.top_id, pos.top_seat, list(pos.left))
    bot = search_bot("master")
    bot.rollout(pos, pos.legal_plays()[-1], compiled_evaluator(CLASSIC))
    assert (list(pos.hands), pos.to_move, pos.top_id, pos.top_seat, list(pos.left)) == before


def test_what_a_playout_is_given_is_checked():
    """A play that is not legal, a position without a seat to move, another ruleset's
    solver, a bad spring state or eager seats that are not seats: a ValueError saying so,
    not a playout of nonsense."""
    pos = positions(CLASSIC, 3, 1)[0]
    compiled = CompiledPlayouts.of(NormalBot(seed=1), compiled_evaluator(CLASSIC))
    native = compiled.native
    args = (pos.hands, pos.landlord, pos.to_move, pos.top_id, pos.top_seat, 0)
    legal_ids = {p.id for p in pos.legal_plays()}
    illegal = next(i for i in range(400) if i not in legal_ids)
    with pytest.raises(ValueError, match="not legal"):
        native.playout(*args, illegal, None, 0, 0, 0, -1.0)
    if pos.top is None:
        with pytest.raises(ValueError, match="not legal"):
            native.playout(*args, -1, None, 0, 0, 0, -1.0)  # a leader may not pass
    with pytest.raises(ValueError, match="seat to move"):
        native.playout([pos.hands[0], 0, pos.hands[2]], *args[1:], min(legal_ids), None,
                       0, 0, 0, -1.0)
    with pytest.raises(ValueError, match="spring"):
        native.playout(*args[:-1], 9, min(legal_ids), None, 0, 0, 0, -1.0)
    for eager in (-1, 8, 1 << 40):
        with pytest.raises((ValueError, OverflowError), match=r"eager|greater than maximum"):
            native.playout(*args, min(legal_ids), None, 0, 0, 0, -1.0, eager)
    assert native.playout(*args, min(legal_ids), None, 0, 0, 0, -1.0, 7) in (True, False)
    four = search_bot("master").solver_for(RULES["four"]).native
    with pytest.raises(ValueError, match="same generator"):
        native.playout(*args, min(legal_ids), four, 30, 2, 2000, -1.0)
    with pytest.raises(TypeError):
        native.playout(*args, min(legal_ids), "solver", 30, 2, 2000, -1.0)
    s = situation(pos)
    left, unseen = list(s.left), s.unseen
    assert native.choose(s.seat, s.landlord, s.hand, left, -1, -1, unseen) in legal_ids | {-1}
    for bad, words in (({"left": [5, -1, 3]}, "none negative"), ({"left": [5]}, "seats"),
                       ({"unseen": 9 << 8}, "at most 8"), ({"hand": 0}, "seat to move"),
                       ({"seat": 3}, "are seats"), ({"top": 0, "top_seat": s.seat},
                                                    "another seat")):
        given = {"seat": s.seat, "landlord": s.landlord, "hand": s.hand, "left": left,
                 "top": -1, "top_seat": -1, "unseen": unseen, **bad}
        with pytest.raises(ValueError, match=words):
            native.choose(**given)


def test_a_bot_with_a_policy_of_its_own_plays_out_in_python():
    class Cautious(ExpertBot):
        def follow(self, s, legal, ev):
            return PASS

    assert policy_is_normal(ExpertBot) and not policy_is_normal(Cautious)
    assert CompiledPlayouts.of(Cautious(seed=1), compiled_evaluator(CLASSIC)) is None
    pos = next(p for p in positions(CLASSIC, 4, 200) if p.top is not None
               and sum(p.left) > 40)
    bot = Cautious(seed=1)
    assert bot.rollout(pos, PASS, compiled_evaluator(CLASSIC), math.inf) == \
        bot.python_rollout(pos, PASS, HandEvaluator(CLASSIC), math.inf)


def test_a_policy_lets_other_threads_run_while_it_solves_but_is_not_shared():
    """A playout lets go of the interpreter while its solver searches, so other threads
    run meanwhile; one that asks the same policy to play then is told it is busy (its
    lists of plays are the playout's), and once the playout is over it answers."""
    pos = positions(CLASSIC, 5, 1)[0]
    compiled = CompiledPlayouts.of(NormalBot(seed=1), compiled_evaluator(CLASSIC))
    solver = Solver(CLASSIC, compiled=True)
    play = pos.legal_plays()[0]
    answers: list[bool | None] = []
    worker = threading.Thread(target=lambda: answers.append(compiled.playout(
        pos, play, time.perf_counter() + 1.0, solver, solve_at=54, nodes=10**9)))
    refused = 0
    worker.start()
    while worker.is_alive():
        try:
            compiled.choose(situation(pos))
        except RuntimeError as error:
            assert "another thread" in str(error)
            refused += 1
        time.sleep(0.001)
    worker.join()
    assert refused > 0 and len(answers) == 1
    assert compiled.choose(situation(pos)) in pos.legal_plays()


def test_a_playout_whose_solver_is_pure_plays_out_in_python(monkeypatch):
    """The compiled playout solves on the compiled solver only: a bot whose solver is
    the pure one plays out in Python (the same solves), never without its solves."""
    bot = make_bot("master", seed=1)
    bot.solvers[CLASSIC] = Solver(CLASSIC, compiled=False)
    monkeypatch.setattr(CompiledPlayouts, "playout",
                        lambda *a, **kw: pytest.fail("played out without its solver"))
    pos = positions(CLASSIC, 6, 60)[-1]
    assert bot.rollout(pos, pos.legal_plays()[0], compiled_evaluator(CLASSIC)) in (True, False)


def test_a_sequence_emptied_while_it_is_read_is_read_as_it_was():
    """The compiled playout, policy and solver read a list of hands (or of cards left)
    as it was when given: an item whose reading empties the list does not crash the
    process (it read freed memory)."""
    pos = positions(CLASSIC, 3, 1)[0]
    native = CompiledPlayouts.of(NormalBot(seed=1), compiled_evaluator(CLASSIC)).native
    play = min(p.id for p in pos.legal_plays())
    hands: list = []
    hands[:] = [Emptier(hands, pos.hands[0]), *pos.hands[1:]]
    assert native.playout(hands, pos.landlord, pos.to_move, pos.top_id, pos.top_seat, 0,
                          play, None, 0, 0, 0, -1.0) in (True, False)
    s = situation(pos)
    left: list = []
    left[:] = [Emptier(left, s.left[0]), *s.left[1:]]
    assert native.choose(s.seat, s.landlord, s.hand, left, -1, -1, s.unseen) >= -1
    solver = Solver(CLASSIC, compiled=True).native
    hands[:] = [Emptier(hands, pos.hands[0]), *pos.hands[1:]]
    answer = solver.solve(hands, pos.landlord, pos.to_move, None if pos.top is None
                          else pos.top, pos.top_seat, 0, False, False, 20_000, -1.0)
    assert answer is not None


def test_a_bot_reconfigured_after_playing_plays_out_with_its_new_settings():
    """The compiled policy is made again when the bot's policy settings change: it does
    not keep playing by the ones it was first made with."""
    python, compiled = rollout_pair("expert")
    ev_python, ev_compiled = HandEvaluator(CLASSIC), compiled_evaluator(CLASSIC)
    chosen = positions(CLASSIC, 8, 120)[::3]
    for pos in chosen[:3]:
        compiled.rollout(pos, pos.legal_plays()[0], ev_compiled)
    for bot in (python, compiled):
        bot.configure(fits=1.2, urgent_cards=0, stop_landlord=0.0,
                      peasant_control_when_left=0)
    for pos in chosen:
        for play in pos.legal_plays()[:2]:
            assert compiled.rollout(pos, play, ev_compiled) == \
                python.python_rollout(pos, play, ev_python)


@pytest.mark.parametrize("name", ["urgent_cards", "control_when_left",
                                  "peasant_control_when_left", "bomb_when_left"])
def test_a_card_count_setting_is_bounded_in_words(name):
    """A count of cards past any hand is refused when set, not by an OverflowError in the
    compiled playouts later."""
    with pytest.raises(ValueError, match=f"{name} is from 0 to 108, not 3000000000"):
        make_bot(f"expert:{name}=3000000000")
    assert getattr(make_bot(f"expert:{name}=108"), name) == 108
