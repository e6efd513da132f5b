"""The sampler: deals of the cards a seat cannot see that agree with everything its view
shows, each hidden card placed once, in every phase and ruleset."""

import doctest
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import dizhu.sampling
from dizhu.cards import card_rank, contains, count_of, counts, ranks_of_cards, size
from dizhu.deal import Deal, Phase
from dizhu.rulesets import find_ruleset
from dizhu.sampling import Sampler
from dizhu.view import WATCHER, SeatView, seat_view, watcher_view
from tests.strategies import seeds

RULESETS = ["classic", "rob", "four"]


def deal_after(seed: int, ruleset: str, doubling: bool, steps: int) -> Deal:
    """A shuffled deal after ``steps`` random legal actions (or played out)."""
    rules = find_ruleset(ruleset, doubling=doubling)
    rng = random.Random(seed)
    deal = Deal.shuffled(seed, rules=rules)
    for _ in range(steps):
        if deal.is_over:
            break
        deal.push(rng.choice(deal.legal_actions()))
    return deal


def faces_of(rank_counts: list[int], rules) -> list[list[int]]:
    """Suited faces for hands given as rank counts (any suits: the rules see ranks)."""
    free: dict[int, list[int]] = {}
    for face in rules.faces():
        free.setdefault(card_rank(face), []).append(face)
    return [[free[r].pop() for r in range(15) for _ in range(count_of(hand, r))]
            for hand in rank_counts]


def could_have_dealt(view: SeatView, hands: tuple[int, ...], kitty: int) -> Deal:
    """The deal the guessed hands and kitty make, replayed through the view's history: every
    action must be legal in it. Returns the replayed deal."""
    rules = view.rules
    start = [hands[s] + view.played[s] for s in range(rules.seats)]
    if view.landlord >= 0:
        assert contains(start[view.landlord], kitty)
        start[view.landlord] -= kitty
    *dealt, kitty_faces = faces_of([*start, kitty], rules)
    deal = Deal(dealt, kitty_faces, view.opening, rules)
    for entry in view.history:
        deal.push(entry.action, entry.seat)
    return deal


def check_guess(view: SeatView, guess) -> None:
    rules = view.rules
    hands, kitty = guess
    assert len(hands) == rules.seats
    if view.seat != WATCHER:
        assert hands[view.seat] == view.hand_ranks
    assert [size(h) for h in hands] == list(view.cards_left)
    assert size(kitty) == rules.kitty_size
    if view.kitty is not None:
        assert kitty == ranks_of_cards(view.kitty)
    # every card of the deck is placed once: in a hand, played, or in the face-down kitty
    placed = sum(hands) + sum(view.played) + (kitty if view.landlord < 0 else 0)
    assert placed == rules.deck
    replayed = could_have_dealt(view, hands, kitty)
    again = seat_view(replayed, view.seat) if view.seat != WATCHER else watcher_view(replayed)
    for field in ("phase", "to_move", "cards_left", "landlord", "bids", "top", "top_seat",
                  "played", "legal", "bombs", "rockets", "result"):
        assert getattr(again, field) == getattr(view, field), field
    assert again.hand_ranks == view.hand_ranks


@given(seeds, st.sampled_from(RULESETS), st.booleans(), st.integers(0, 120),
       st.integers(-1, 3))
def test_sampled_deals_agree_with_everything_the_view_shows(seed, ruleset, doubling, steps,
                                                            seat):
    """Whatever the phase (the auction deals the face-down kitty too), for any seat or a
    spectator: the seat's own hand, every seat's count, the kitty once shown, the cards the
    landlord surely holds, and a history that replays legally to this very view."""
    deal = deal_after(seed, ruleset, doubling, steps)
    seat = seat % deal.seats if seat >= 0 else WATCHER
    view = seat_view(deal, seat) if seat != WATCHER else watcher_view(deal)
    sampler = Sampler(view)
    rng = random.Random(seed)
    for _ in range(3):
        check_guess(view, sampler.sample(rng))
    check_guess(view, (tuple(deal.hands), deal.kitty))  # the true deal is one of them
    if deal.phase is Phase.PLAY:
        position = sampler.position(sampler.sample(rng))
        assert position.to_move == view.to_move and position.top == view.top
        if view.my_turn:
            assert tuple(position.legal_plays()) == view.legal


def endgame_view(seed: int, ruleset: str, hidden: int) -> SeatView | None:
    """A view of the play phase with at most ``hidden`` cards unseen by the seat to move
    (``None`` if the deal ends before)."""
    rng = random.Random(seed)
    deal = Deal.shuffled(seed, rules=find_ruleset(ruleset))
    while not deal.is_over:
        if deal.phase is Phase.PLAY:
            view = seat_view(deal, deal.to_move)
            if sum(view.count_strip().unseen) <= hidden:
                return view
        deal.push(rng.choice(deal.legal_actions()))
    return None


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_way_the_hidden_cards_may_lie_is_listed_once(ruleset):
    """With few cards hidden, ``every`` lists each way once (by ranks), each agreeing with
    the view, and random deals only ever fall on ways it lists, on all of them."""
    views = [v for seed in range(16) if (v := endgame_view(seed, ruleset, hidden=7))]
    assert len(views) >= 8
    for seed, view in enumerate(views):
        sampler = Sampler(view)
        ways = list(sampler.every())
        assert len(ways) == len(set(ways)) >= 1
        for guess in ways:
            check_guess(view, guess)
        rng = random.Random(seed)
        drawn = Counter(sampler.sample(rng) for _ in range(60 * len(ways)))
        assert set(drawn) == set(ways)


def test_the_sampler_is_seeded_and_follows_the_known_cards():
    """Seeded draws repeat; the landlord's kitty cards not yet played stay the landlord's
    in every draw."""
    deal = deal_after(3, "classic", False, 0)
    deal.push(deal.legal_actions()[-1])  # bid 3: seat takes the kitty
    while deal.landlord < 0:
        deal.push(deal.legal_actions()[0])
    peasant = (deal.landlord + 1) % 3
    view = seat_view(deal, peasant)
    draws = [Sampler(view).sample(random.Random(5)) for _ in range(2)]
    assert draws[0] == draws[1]
    kitty = ranks_of_cards(view.kitty)
    for hands, _ in (Sampler(view).sample(random.Random(n)) for n in range(50)):
        assert contains(hands[deal.landlord], kitty)
    assert counts(kitty) == counts(Sampler(view).known[deal.landlord])


def test_the_sampler_is_documented_and_its_example_runs():
    assert dizhu.sampling.__doc__ and Sampler.__doc__ and Sampler.sample.__doc__
    assert doctest.testmod(dizhu.sampling).failed == 0
    assert dizhu.Sampler is Sampler


@given(seeds, st.sampled_from(RULESETS), st.integers(1, 60))
def test_cards_set_aside_are_never_dealt(seed, ruleset, back):
    """A deal started from a position sets aside the cards in no hand: every seat sees them
    as out of play, so a sample never deals one, and each hand keeps its size."""
    from dizhu.position import Position

    whole = deal_after(seed, ruleset, False, 400)
    while whole.phase is not Phase.PLAY and whole.history and back:
        back -= 1
        whole.pop()
    if whole.phase is not Phase.PLAY or whole.landlord < 0:
        return
    start = Position(whole.rules, whole.hands[:], whole.landlord, whole.to_move, whole.top,
                     whole.top_seat)
    deal = Deal.from_position(start)
    assert deal.set_aside
    for seat in range(deal.rules.seats):
        view = seat_view(deal, seat)
        hands, _ = Sampler(view).sample(random.Random(seed))
        assert [size(h) for h in hands] == list(view.cards_left)
        assert contains(deal.rules.deck - deal.set_aside, sum(hands) + sum(view.played))
