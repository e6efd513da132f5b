import itertools
import random

import pytest

from dizhu.deal import Phase
from dizhu.match import Match, MatchSettings


def play_match(match: Match, rng: random.Random) -> None:
    while True:
        deal = match.current
        while not deal.is_over:
            deal.push(rng.choice(deal.legal_actions()))
        if match.finished:
            return
        match.next_deal()


@pytest.mark.parametrize("target", [5, 10, 20])
def test_a_match_of_deals_counts_only_scored_deals(target):
    match = Match(MatchSettings("deals", target, seed=target))
    play_match(match, random.Random(target))
    assert len(match.scored_deals) == target
    thrown = [d for d in match.deals if d.phase is Phase.THROWN_IN]
    assert len(match.deals) == target + len(thrown)
    assert sum(match.totals) == 0
    with pytest.raises(ValueError, match="over"):
        match.next_deal()


def test_the_opening_bidder_rotates_through_thrown_in_deals():
    for seed in range(30):
        match = Match(MatchSettings("deals", 10, seed=seed))
        play_match(match, random.Random(seed))
        openings = [d.opening for d in match.deals]
        assert all(b == (a + 1) % 3 for a, b in itertools.pairwise(openings))
        if any(d.phase is Phase.THROWN_IN for d in match.deals[:-1]):
            return
    pytest.fail("no thrown-in deal in 30 matches")


@pytest.mark.parametrize("target", [25, 50, 100])
def test_a_race_ends_after_the_deal_that_reaches_the_target(target):
    match = Match(MatchSettings("points", target, seed=target))
    play_match(match, random.Random(target))
    assert max(match.totals) >= target
    before = [0, 0, 0]
    for deal in match.scored_deals[:-1]:
        before = [t + s for t, s in zip(before, deal.result.scores, strict=True)]
        assert max(before) < target


def test_winners_share_a_tie():
    for seed in range(500):
        match = Match(MatchSettings("deals", 5, seed=seed))
        play_match(match, random.Random(seed))
        totals = match.totals
        assert match.winners == [s for s in range(3) if totals[s] == max(totals)]
        if len(match.winners) > 1:
            return
    pytest.fail("no tied match in 500")


def test_a_match_cannot_move_on_mid_deal():
    match = Match(MatchSettings("deals", 5, seed=1))
    with pytest.raises(ValueError, match="not over"):
        match.next_deal()
    assert match.winners == [] and not match.finished


@pytest.mark.parametrize("mode, target", [("deals", 7), ("points", 30), ("laps", 5)])
def test_settings_offer_the_lobby_choices_only(mode, target):
    with pytest.raises(ValueError):
        MatchSettings(mode, target)


def test_a_match_record_restores_the_match():
    match = Match(MatchSettings("points", 25, seed="abc"))
    play_match(match, random.Random(4))
    again = Match.from_record(match.to_record())
    assert again.totals == match.totals and again.winners == match.winners
    assert len(again.deals) == len(match.deals)
