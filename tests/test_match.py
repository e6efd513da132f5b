import itertools
import json
import random

import pytest

from dizhu.deal import Deal, Phase
from dizhu.match import Match, MatchSettings
from dizhu.record import RecordError, deal_to_record
from dizhu.rulesets import find_ruleset


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


@pytest.mark.parametrize("ruleset", ["classic", "rob", "four"])
def test_the_opening_bidder_rotates_through_thrown_in_deals(ruleset):
    rules = find_ruleset(ruleset)
    for seed in range(30):
        match = Match(MatchSettings("deals", 10, rules, seed=seed))
        play_match(match, random.Random(seed))
        openings = [d.opening for d in match.deals]
        assert all(b == (a + 1) % rules.seats for a, b in itertools.pairwise(openings))
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


@pytest.mark.parametrize("ruleset", ["classic", "rob", "four"])
def test_a_match_record_restores_the_match(ruleset):
    match = Match(MatchSettings("points", 25, find_ruleset(ruleset, doubling=True), seed="abc"))
    play_match(match, random.Random(4))
    record = json.loads(json.dumps(match.to_record()))
    assert record["rules"] == {"name": ruleset, **match.settings.rules.options()}
    again = Match.from_record(record)
    assert again.totals == match.totals and again.winners == match.winners
    assert len(again.deals) == len(match.deals) and again.settings == match.settings


def finished_match(mode: str = "deals", target: int = 5) -> Match:
    match = Match(MatchSettings(mode, target, seed="rec"))
    play_match(match, random.Random(7))
    return match


def test_a_match_record_with_a_deal_too_many_is_refused():
    record = finished_match().to_record()
    extra = Match(MatchSettings("deals", 10, seed="rec"))
    play_match(extra, random.Random(7))
    record["deals"] = extra.to_record()["deals"][:len(record["deals"]) + 1]
    with pytest.raises(RecordError, match="comes after the end of the match"):
        Match.from_record(record)


def test_a_deal_after_a_race_ended_is_refused():
    race = finished_match("points", 25)
    record = race.to_record()
    longer = Match(MatchSettings("points", 50, seed="rec"))
    play_match(longer, random.Random(7))
    more = longer.to_record()["deals"]
    assert len(more) > len(record["deals"])
    record["deals"] = more[:len(record["deals"]) + 1]
    with pytest.raises(RecordError, match="comes after the end of the match"):
        Match.from_record(record)


def test_a_repeated_deal_is_refused():
    record = finished_match().to_record()
    record["deals"].insert(1, record["deals"][0])
    with pytest.raises(RecordError, match=r"deal 2 opens at seat .*: the opening seat moves on"):
        Match.from_record(record)


def test_a_deal_after_an_unfinished_one_is_refused():
    record = finished_match().to_record()
    first = record["deals"][0]
    first["events"] = first["events"][:3]
    with pytest.raises(RecordError, match="deal 2 follows a deal that was not finished"):
        Match.from_record(record)


def test_a_deal_the_seed_did_not_deal_is_refused():
    record = finished_match().to_record()
    other = Match(MatchSettings("deals", 5, seed="other"))
    record["deals"][0] = deal_to_record(other.current)
    with pytest.raises(RecordError, match="deal 1"):
        Match.from_record(record)


def test_a_match_deal_that_skips_the_auction_is_refused():
    record = finished_match().to_record()
    deal = Deal.at_play(*_cards_of(Match(MatchSettings("deals", 5, seed="rec")).current), 0)
    record["deals"][0] = deal_to_record(deal)
    with pytest.raises(RecordError, match="deal 1 skips the auction"):
        Match.from_record(record)


def _cards_of(deal: Deal) -> tuple[list, list]:
    return [list(h) for h in deal.dealt], list(deal.kitty_cards)


@pytest.mark.parametrize("change, words", [
    (lambda r: r.update(rules={"name": "four"}), "played under classic, the match under four"),
    (lambda r: r.update(mode="laps"), "match settings"),
    (lambda r: r.pop("deals"), "no deals"),
    (lambda r: r.update(format="other"), "not a dizhu match record"),
])
def test_broken_match_records_say_why(change, words):
    record = finished_match().to_record()
    change(record)
    with pytest.raises(RecordError, match=words):
        Match.from_record(record)
