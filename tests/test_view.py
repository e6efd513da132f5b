import contextlib
import json
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from dizhu.auction import BID
from dizhu.cards import FULL_DECK, card_rank, card_text, count_of, ranks_of_cards, size
from dizhu.deal import Deal, Phase, deal_cards
from dizhu.rules import CLASSIC
from dizhu.rulesets import find_ruleset
from dizhu.view import SeatView, play_out, played_views, seat_view, watcher_view
from tests.strategies import seeds

SUITED = re.compile(r"^[3-9TJQKA2][shcd]$")


def texts(cards) -> list[str]:
    return [card_text(c) for c in cards]


def cards_outside_the_known_places(data: dict) -> list[str]:
    """Every card text in a view's JSON that is not in the places a seat may see cards:
    its hand, the kitty once turned, the cards each play put on the table, and every
    hand once the deal is played out (the count strip names ranks, and holds no card)."""
    rest = dict(data)
    for key in ("hand", "kitty", "final_hands", "count_strip"):
        rest.pop(key)
    rest["history"] = [{k: v for k, v in a.items() if k != "cards"} for a in data["history"]]
    rest["trick"] = [{k: v for k, v in a.items() if k != "cards"} for a in data["trick"]]
    return [s for s in values_in(rest) if SUITED.match(s) or s in ("B", "R")]


def values_in(tree) -> list[str]:
    """Every string value and key, whole (a card is one string; a play's text is not)."""
    if isinstance(tree, str):
        return [tree]
    if isinstance(tree, dict):
        return [s for k, v in tree.items() for s in [k, *values_in(v)]]
    if isinstance(tree, list):
        return [s for v in tree for s in values_in(v)]
    return []


@settings(max_examples=100)
@given(seeds, st.booleans(), st.sampled_from(["classic", "rob", "four", "laizi", "tiandi"]))
def test_no_view_ever_shows_another_seats_hidden_cards(seed, doubling, ruleset):
    """The cards in a view are the seat's own, the kitty once shown, the cards played, and
    all hands once the deal is over: nothing else, whatever the number of seats and packs.
    (Two packs hold each face twice, so the check is where cards appear, not which.)"""
    rng = random.Random(seed)
    deal = Deal.shuffled(seed, rules=find_ruleset(ruleset, doubling=doubling))
    while True:
        played = [texts(cards) for _, _, cards in deal.suited_history()]
        for seat in range(deal.seats):
            data = json.loads(json.dumps(seat_view(deal, seat).to_json()))
            assert data["hand"] == texts(deal.held_cards(seat))
            assert data["kitty"] == (texts(deal.kitty_cards) if deal.landlord >= 0 else None)
            assert [a["cards"] for a in data["history"]] == played
            assert data["final_hands"] == ([texts(deal.held_cards(s)) for s in range(deal.seats)]
                                           if deal.phase is Phase.OVER else None)
            assert cards_outside_the_known_places(data) == []
            assert len(data["cards_left"]) == deal.seats
            assert bool(data["legal"]) == (deal.to_move == seat)
        if deal.is_over:
            break
        deal.push(rng.choice(deal.legal_actions()))


class Chooser:
    """A player that picks a random legal action and remembers each view it was given."""

    def __init__(self, rng: random.Random) -> None:
        self.rng, self.seen = rng, []

    def act(self, view):
        self.seen.append(view)
        return self.rng.choice(view.legal)


@settings(max_examples=30, deadline=None)
@given(seeds, st.sampled_from(["classic", "rob", "four"]), st.integers(0, 80))
def test_a_deal_played_by_players_gives_each_its_own_view_at_its_turn(seed, ruleset, stop):
    """``played_views`` yields the view of the seat to move, as ``seat_view`` works it
    out, before that seat's player acts on it; stopped early, the deal stays at the view
    last yielded; ``play_out`` plays the rest to the end."""
    rules = find_ruleset(ruleset, doubling=True)
    rng = random.Random(seed)
    players = [Chooser(rng) for _ in range(rules.seats)]
    deal = Deal.shuffled(seed, rules=rules)
    yielded = []
    for view in played_views(deal, players):
        assert view == seat_view(deal, deal.to_move) and view.legal
        yielded.append(view)
        if len(yielded) > stop:
            break
    assert len(deal.history) == len(yielded) - 1 or deal.is_over
    if not deal.is_over:
        assert seat_view(deal, deal.to_move) == yielded[-1]
    assert play_out(deal, players) is deal and deal.is_over
    for seat, player in enumerate(players):
        assert all(view.seat == seat for view in player.seen)
    assert sum(len(p.seen) for p in players) == len(deal.history)


def test_the_check_finds_a_card_in_another_place():
    deal = Deal.shuffled(seed=3)
    data = seat_view(deal, 0).to_json()
    data["bids"] = [[1, texts(deal.held_cards(1))[0]]]
    assert cards_outside_the_known_places(data) != []


def test_the_suits_played_do_not_give_away_the_rest_of_a_hand():
    """A play used to take the highest suits of its ranks, so a 7 of spades played told the
    others that no other 7 was held. Now a seat holding two 7s shows either."""
    lowest_shown_with_more = 0
    for seed in range(60):
        deal = Deal.shuffled(seed, rules=CLASSIC)
        rng = random.Random(seed)
        while not deal.is_over:
            deal.push(rng.choice(deal.legal_actions()))
        held = [list(h) for h in deal.dealt]
        if deal.landlord >= 0:
            held[deal.landlord] += deal.kitty_cards
        for seat, _, cards in deal.suited_history():
            if len(cards) == 1 and cards[0] < 52:
                same_rank = [c for c in held[seat] if card_rank(c) == card_rank(cards[0])]
                if len(same_rank) >= 2 and cards[0] == min(same_rank):
                    lowest_shown_with_more += 1
            for c in cards:
                held[seat].remove(c)
    assert lowest_shown_with_more > 50


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


@given(seeds)
def test_count_strip_in_four(seed):
    """Two packs: a rank is marked while four or more of it are unseen, the rocket while
    all four jokers are."""
    rng = random.Random(seed)
    deal = Deal.shuffled(seed, opening=0, rules=find_ruleset("four"))
    deal.push(BID[3])
    for _ in range(rng.randrange(80)):
        if deal.is_over:
            break
        deal.push(rng.choice(deal.legal_actions()))
    for seat in range(4):
        strip = seat_view(deal, seat).count_strip()
        assert sum(strip.unseen) == sum(deal.left) - deal.left[seat]
        assert max(strip.unseen) <= 8 and strip.unseen[13] <= 2 and strip.unseen[14] <= 2
        assert set(strip.bomb_ranks) == {r for r in range(13) if strip.unseen[r] >= 4}
        assert strip.rocket_possible == (strip.unseen[13] == 2 and strip.unseen[14] == 2)


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


@settings(max_examples=60)
@given(seeds, st.sampled_from(["classic", "rob", "four"]))
def test_the_lead_marks_split_the_history_into_the_engines_tricks(seed, ruleset):
    """A page splits the history into tricks at the ``lead`` marks, and counts nothing
    itself: the last trick so split is always the view's current trick."""
    rng = random.Random(seed)
    deal = Deal.shuffled(seed, rules=find_ruleset(ruleset))
    while not deal.is_over:
        data = seat_view(deal, rng.randrange(deal.seats)).to_json()
        plays = [a for a in data["history"] if "play" in a]
        assert all(("lead" in a) == ("play" in a) for a in data["history"])
        assert not any(a["lead"] for a in plays if a["play"] == "pass")
        assert not plays or plays[0]["lead"]
        tricks: list[list[dict]] = []
        for entry in plays:
            if entry["lead"]:
                tricks.append([])
            tricks[-1].append(entry)
        if data["trick"]:
            assert tricks[-1] == data["trick"]
        deal.push(rng.choice(deal.legal_actions()))


@settings(max_examples=60, deadline=None)
@given(seeds, st.sampled_from(["classic", "rob", "four"]))
def test_views_kept_from_state_to_state_are_the_views_worked_out_afresh(seed, ruleset):
    """The public record a deal's views share is worked out once per state and carried on
    as actions are pushed; actions taken back, copies and a landlord found later must
    never leave a stale record. Each view (and its text) is the view of a fresh copy."""
    rng = random.Random(seed)
    deal = Deal.shuffled(seed, rules=find_ruleset(ruleset, doubling=True))
    for _ in range(150):
        if deal.history and rng.random() < 0.25:
            with contextlib.suppress(IndexError):  # a copy cannot go back past its start
                deal.pop()
        elif deal.is_over:
            break
        else:
            deal.push(rng.choice(deal.legal_actions()))
        if rng.random() < 0.1:
            deal = deal.copy()
        if rng.random() < 0.4:
            continue  # no view of this state: the next one's record must not rely on it
        fresh = deal.copy()
        fresh.public_memo = None
        fresh._suits = None  # its suited history replayed from the deal's start
        for seat in (*range(deal.seats), -1):
            kept = seat_view(deal, seat) if seat >= 0 else watcher_view(deal)
            again = seat_view(fresh, seat) if seat >= 0 else watcher_view(fresh)
            assert kept == again and kept.to_json() == again.to_json()
            assert kept.to_text(extra=[1]) == json.dumps({**again.to_json(), "extra": [1]},
                                                         ensure_ascii=False)


def test_what_a_deal_works_out_is_known_by_its_history_version():
    """The public record (and the suits, the score) of a deal is known by the history's
    length and version, a serial number new at every takeback and never given twice, not
    by the identity of an object: the same pair reuses it, a takeback redoes it, a copy
    shares it."""
    from dizhu.view import public_record

    deal = Deal.shuffled(seed=4, opening=0)
    rng = random.Random(4)
    for _ in range(12):
        deal.push(rng.choice(deal.legal_actions()))
    state = deal.history_state()
    record = public_record(deal)
    assert public_record(deal) is record
    copy = deal.copy()
    assert copy.history_state() == state and public_record(copy) is record
    seen = {deal.version}
    deal.push(deal.pop())
    assert deal.version not in seen and deal.history_state()[0] == state[0]
    again = public_record(deal)
    assert again is not record and again.texts == record.texts
    copy.push(rng.choice(copy.legal_actions()))  # only grown: goes on from the record
    grown = public_record(copy)
    assert grown.texts[:len(record.texts)] == record.texts and len(grown.texts) == state[0] + 1


@settings(max_examples=40)
@given(seeds, st.booleans(), st.sampled_from(["laizi", "tiandi"]))
def test_no_view_shows_a_wild_rank_before_it_is_drawn(seed, doubling, ruleset):
    """Two deals of the same cards that draw different wild ranks (``tiandi``: the same
    first one) give every seat, and a watcher, the same view until the auction ends:
    ``laizi``'s rank is in no view before then. Each view carries the ranks drawn."""
    rules = find_ruleset(ruleset, doubling=doubling)
    rng = random.Random(seed)
    hands, kitty = deal_cards(rng, rules)
    first = rng.sample(range(13), rules.wild_ranks)
    other = [*first[:-1], next(r for r in range(13) if r not in first)]
    deals = [Deal(hands, kitty, seed % 3, rules, wild=w) for w in (first, other)]
    before = rules.wild_before_auction
    while True:
        drawn = deals[0].landlord >= 0
        for seat in (*range(rules.seats), -1):
            mine, theirs = (seat_view(d, seat) if seat >= 0 else watcher_view(d) for d in deals)
            assert mine.wild == (tuple(first) if drawn else tuple(first[:before]))
            assert json.loads(mine.to_text())["wild"] == rules.wild_text(mine.wild)
            if not drawn:
                assert mine.to_text() == theirs.to_text() and mine == theirs
            else:
                assert mine.wild != theirs.wild
        if deals[0].is_over or drawn:
            break
        action = rng.choice(deals[0].legal_actions())
        for deal in deals:
            deal.push(action)


def test_a_view_of_a_ruleset_without_wild_cards_names_none():
    view = seat_view(Deal.shuffled(3), 0)
    assert view.wild == () and "wild" not in view.to_json()
