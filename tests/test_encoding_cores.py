"""The compiled observer (``dizhu._ccore.Observer``) against the pure-Python encoder: the
same bytes at every step of random deals, for every ruleset, option, start and encoding."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dizhu import core
from dizhu.deal import Deal, deal_cards
from dizhu.encoding import ENCODINGS, encoding_of
from dizhu.encoding.masks import action_table
from dizhu.encoding.observer import deal_observer
from dizhu.env.core import new_deal
from dizhu.position import Position
from dizhu.rulesets import find_ruleset
from tests.hostile import Emptier
from tests.strategies import seeds

pytestmark = pytest.mark.skipif(core.COMPILED is None, reason="the compiled core is not built")

RULESETS = ("classic", "rob", "four")


def a_start(rng: random.Random, ruleset: str, doubling: bool, start: str) -> Deal:
    """A deal to follow: shuffled with its auction, play-only, or from a position with
    some cards set aside (the history encoding's ``others`` leaves them out)."""
    rules = find_ruleset(ruleset, doubling=doubling)
    if start == "position":
        deal = new_deal(rng, rules, auction=False, landlord=None)
        for _ in range(rng.randrange(1, 12)):
            deal.push_unchecked(rng.choice(deal.legal_actions()))
        position = deal.position
        hands = [h for h in position.hands]
        return Deal.from_position(Position(rules, hands, position.landlord, position.to_move),
                                  2 if ruleset != "rob" else 1, rng.getrandbits(64))
    return new_deal(rng, rules, auction=start == "auction", landlord=None)


@settings(max_examples=25, deadline=None)
@given(seed=seeds, ruleset=st.sampled_from(RULESETS), doubling=st.booleans(),
       start=st.sampled_from(("auction", "play", "position")))
def test_the_compiled_observer_writes_the_pure_encoders_bytes(seed, ruleset, doubling, start):
    """Both encodings, every seat, at every step; takebacks (a history that shrinks) and a
    switch to another deal and back start the compiled observer afresh, as the pure one."""
    rng = random.Random(seed)
    deal = a_start(rng, ruleset, doubling, start)
    other = a_start(rng, ruleset, doubling, "play")
    pairs = [(deal_observer(encoding_of(deal.rules, name), compiled=False),
              deal_observer(encoding_of(deal.rules, name), compiled=True))
             for name in ENCODINGS]
    while True:
        for pure, compiled in pairs:
            for seat in range(deal.seats):
                expected, got = pure(deal, seat), compiled(deal, seat)
                assert got.dtype == np.float32 and got.tobytes() == expected.tobytes()
            if rng.random() < 0.1:
                assert compiled(other, 0).tobytes() == pure(other, 0).tobytes()
        if deal.is_over:
            break
        deal.push_unchecked(rng.choice(deal.legal_actions()))
        if rng.random() < 0.1:
            deal.pop()


def test_a_stake_past_255_and_every_seat_relative():
    """The stake, the one number past a byte, and seats relative to the observer."""
    rules = find_ruleset("classic")
    deal = Deal.from_position(Position(rules, [0x4444, 0x44440000, 1 << 40], 0), 3)
    deal.position.bombs = 7  # as if seven bombs had doubled the stake before
    for name in ENCODINGS:
        pure = deal_observer(encoding_of(rules, name), compiled=False)
        compiled = deal_observer(encoding_of(rules, name), compiled=True)
        assert pure(deal, 1)[-1] == 3 << 7
        for seat in range(3):
            assert compiled(deal, seat).tobytes() == pure(deal, seat).tobytes()


def test_the_compiled_observer_refuses_what_it_cannot_read():
    observe = deal_observer(encoding_of(find_ruleset("classic"), "summary"), compiled=True)
    deal = Deal.shuffled(1)
    with pytest.raises(ValueError, match=r"seat 3: the seats are 0\.\.2"):
        observe(deal, 3)
    with pytest.raises(AttributeError):
        observe(object(), 0)
    four = Deal.shuffled(1, rules=find_ruleset("four"))
    with pytest.raises(ValueError, match="another number of seats"):
        observe(four, 0)
    assert observe(deal, 0).tobytes() == deal_observer(
        encoding_of(deal.rules, "summary"), compiled=False)(deal, 0).tobytes()


def test_what_the_compiled_core_reads_cannot_change_under_it():
    """A history entry's seat that is no int (reading it would run Python code, which
    could change the history under the reader) is refused in words."""
    observe = deal_observer(encoding_of(find_ruleset("classic"), "summary"), compiled=True)
    hands, kitty = deal_cards(random.Random(3))
    deal = Deal.at_play(hands, kitty, landlord=0)
    deal.push(deal.legal_actions()[0])
    seat, play = deal.history[-1]
    deal.history[-1] = (Emptier(deal.history, seat), play)
    with pytest.raises(TypeError, match="seat is an int"):
        observe(deal, 0)


def test_a_compiled_mask_is_the_ids():
    table = action_table(find_ruleset("classic"))
    mask = core.COMPILED.mask_bytes(table.size, [0, 5, table.size - 1])
    assert len(mask) == table.size and sum(mask) == 3 and mask[5] == mask[-1] == 1
    with pytest.raises(IndexError):
        core.COMPILED.mask_bytes(table.size, [table.size])
    with pytest.raises(IndexError):
        core.COMPILED.mask_bytes(table.size, [-1])
