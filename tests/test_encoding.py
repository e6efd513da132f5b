"""The engine's observation encoding (dizhu.encoding): a bot encodes its own seat view and
gets the very array and mask the learning environments give that seat."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dizhu.bots import Bot
from dizhu.deal import Action, Deal
from dizhu.encoding import ENCODINGS, Encoder, encoding_of
from dizhu.env import raw_env
from dizhu.rulesets import find_ruleset
from dizhu.view import SeatView, seat_view, watcher_view
from tests.strategies import seeds

RULESETS = ("classic", "rob", "four")


class Encoded(Bot):
    """Chooses a random legal id from what its encoder makes of its view, and keeps the
    vector and the mask it saw (a learned bot would hand them to its model)."""

    def __init__(self, rules: str, encoding: str, seed: int) -> None:
        super().__init__(seed)
        self.encoder = Encoder(rules, encoding=encoding)
        self.seen: tuple[np.ndarray, np.ndarray] | None = None

    def act(self, view: SeatView) -> Action:
        self.seen = (self.encoder.encode(view), self.encoder.mask(view))
        return self.encoder.action(self.rng.choice(self.encoder.ids(view)))


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("ruleset", RULESETS)
@settings(max_examples=4, deadline=None)
@given(seed=seeds, auction=st.booleans())
def test_a_bot_encodes_its_view_as_the_environment_observes(ruleset, encoding, seed, auction):
    aec = raw_env(ruleset=ruleset, encoding=encoding, auction=auction)
    aec.reset(seed=seed)
    bot = Encoded(ruleset, encoding, seed)
    steps = 0
    while not aec.deal.is_over:
        seat = aec.agents.index(aec.agent_selection)
        observation = aec.observe(aec.agent_selection)
        action = bot.act(seat_view(aec.deal, seat))
        vector, mask = bot.seen
        assert vector.dtype == np.float32 and vector.shape == (bot.encoder.size,)
        assert np.array_equal(vector, observation["observation"])
        assert np.array_equal(mask, observation["action_mask"])
        assert bot.encoder.ids(seat_view(aec.deal, seat)) == aec.legal_ids()
        aec.step(aec.table.ids.id_of(action))
        steps += 1
    assert steps > 0


@settings(max_examples=10, deadline=None)
@given(seed=seeds, ruleset=st.sampled_from(RULESETS), encoding=st.sampled_from(ENCODINGS))
def test_encoding_a_deal_is_encoding_the_view(seed, ruleset, encoding):
    """``encode_deal`` (no view built) gives ``encode`` of the view, at every step, for
    every seat, a takeback included."""
    import random

    encoder = Encoder(ruleset, encoding=encoding)
    deal, rng = Deal.shuffled(seed, rules=find_ruleset(ruleset)), random.Random(seed)
    while not deal.is_over:
        for seat in range(deal.seats):
            assert np.array_equal(encoder.encode_deal(deal, seat),
                                  encoder.encode(seat_view(deal, seat)))
        deal.push(rng.choice(deal.legal_actions()))
        if rng.random() < 0.05:
            deal.pop()
    assert np.array_equal(encoder.encode_deal(deal, 0), encoder.encode(seat_view(deal, 0)))


def test_the_encoder_describes_its_vector():
    encoder = Encoder("four", encoding="history")
    assert encoder.size == 512 and encoder.high.shape == (512,)
    assert [f.name for f in encoder.field_table][:3] == ["hand", "others", "played"]
    view = seat_view(Deal.shuffled(1, rules=encoder.rules), 0)
    fields = encoder.fields(view)
    assert fields["played"].shape == (4, 15) and fields["hand"].sum() == len(view.hand)
    assert Encoder(find_ruleset("classic"), doubling=True).rules.doubling
    assert encoding_of(encoder.rules, "history") is encoder.encoding


def test_the_encoder_refuses_what_it_cannot_encode():
    with pytest.raises(ValueError, match="encoding is 'summary' or 'history', not 'raw'"):
        Encoder("classic", encoding="raw")
    deal = Deal.shuffled(2)
    with pytest.raises(ValueError, match="spectator"):
        Encoder("classic").encode(watcher_view(deal))
    with pytest.raises(ValueError, match="a view of classic given to the encoder of four"):
        Encoder("four").encode(seat_view(deal, 0))
