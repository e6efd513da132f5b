import json
import random
import re

from hypothesis import given
from hypothesis import strategies as st

from dizhu.auction import BID
from dizhu.cards import FULL_DECK, card_text, count_of, ranks_of_cards, size
from dizhu.deal import Deal, Phase
from dizhu.rules import CLASSIC
from dizhu.view import SeatView, seat_view
from tests.strategies import seeds

SUITED = re.compile(r"^[3-9TJQKA2][shcd]$")


def strings_in(tree) -> list[str]:
    if isinstance(tree, str):
        return tree.split()
    if isinstance(tree, dict):
        return [s for k, v in tree.items() for s in strings_in(k) + strings_in(v)]
    if isinstance(tree, list):
        return [s for v in tree for s in strings_in(v)]
    return []


def hidden_from(deal: Deal, seat: int) -> set[str]:
    """Card texts another seat holds that ``seat`` may not know."""
    public = set(deal.kitty_cards) if deal.landlord >= 0 else set()
    return {card_text(c) for other in range(3) if other != seat
            for c in deal.held_cards(other) if c not in public}


@given(seeds, st.booleans())
def test_no_view_ever_shows_another_seats_hidden_cards(seed, doubling):
    rng = random.Random(seed)
    deal = Deal.shuffled(seed, rules=CLASSIC.with_options(doubling=doubling))
    while True:
        for seat in range(3):
            view = seat_view(deal, seat)
            data = json.loads(json.dumps(view.to_json()))
            assert data["hand"] == [card_text(c) for c in deal.held_cards(seat)]
            if deal.phase is not Phase.OVER:
                hidden = hidden_from(deal, seat)
                leaked = {s for s in strings_in(data) if SUITED.match(s)} & hidden
                assert not leaked, f"seat {seat} sees {leaked}"
                jokers = {card_text(c) for c in (52, 53)} & hidden
                assert not jokers & set(data["hand"])
            assert bool(data["legal"]) == (deal.to_move == seat)
        if deal.is_over:
            break
        deal.push(rng.choice(deal.legal_actions()))


def test_a_view_holds_no_deal_object():
    deal = Deal.shuffled(seed=1)
    view = seat_view(deal, 0)
    for name in SeatView.__dataclass_fields__:
        assert not isinstance(getattr(view, name), Deal)


def test_kitty_is_shown_only_after_the_auction():
    deal = Deal.shuffled(seed=4, opening=0)
    assert seat_view(deal, 1).kitty is None
    assert seat_view(deal, 1).to_json()["count_strip"] is None
    deal.push(BID[3])
    view = seat_view(deal, 1)
    assert view.kitty == deal.kitty_cards and view.role == "peasant"
    assert seat_view(deal, 0).role == "landlord"


@given(seeds)
def test_count_strip(seed):
    rng = random.Random(seed)
    deal = Deal.shuffled(seed, opening=0)
    deal.push(BID[3])
    for _ in range(rng.randrange(40)):
        if deal.is_over:
            break
        deal.push(rng.choice(deal.legal_actions()))
    for seat in range(3):
        strip = seat_view(deal, seat).count_strip()
        others = sum(deal.left) - deal.left[seat]
        assert sum(strip.unseen) == others
        for r, n in enumerate(strip.unseen):
            held_elsewhere = sum(count_of(deal.hands[s], r) for s in range(3) if s != seat)
            assert n == held_elsewhere
        assert set(strip.bomb_ranks) == {r for r in range(13) if strip.unseen[r] == 4}
        assert strip.rocket_possible == (strip.unseen[13] == 1 and strip.unseen[14] == 1)


def test_count_strip_at_the_start_of_play():
    deal = Deal.shuffled(seed=11, opening=0)
    deal.push(BID[2])
    deal.push(BID[0])
    deal.push(BID[0])
    strip = seat_view(deal, 1).count_strip()
    assert size(FULL_DECK - ranks_of_cards(deal.held_cards(1))) == sum(strip.unseen) == 37


def test_trick_lists_the_current_trick():
    deal = Deal.shuffled(seed=12, opening=0)
    deal.push(BID[3])
    lead = deal.legal_actions()[0]
    deal.push(lead)
    deal.push(deal.legal_actions()[0])  # a pass
    trick = seat_view(deal, 2).trick
    assert [(a.seat, str(a.action)) for a in trick] == [(0, str(lead)), (1, "pass")]
