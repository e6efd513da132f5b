"""``import dizhu`` is the front door: the main names at the package's top."""

import doctest

import dizhu


def test_every_name_of_the_front_door_is_there():
    missing = [name for name in dizhu.__all__ if not hasattr(dizhu, name)]
    assert not missing
    for name in ("Deal", "Play", "Position", "RuleSet", "SeatView", "Bot", "ArenaSpec",
                 "legal_plays", "find_ruleset", "seat_view", "action_ids", "run_arena"):
        assert name in dizhu.__all__


def test_the_package_docstring_runs():
    assert doctest.testmod(dizhu).failed == 0


def test_a_game_through_the_front_door():
    rules = dizhu.find_ruleset("rob")
    deal = dizhu.Deal.shuffled(seed=7, opening=0, rules=rules)
    deal.push(dizhu.CALL_BID)
    deal.push(dizhu.PASS_BID)
    deal.push(dizhu.PASS_BID)
    assert deal.landlord == 0 and deal.phase is dizhu.Phase.PLAY
    view = dizhu.seat_view(deal, 1)
    assert len(view.hand) == 17 and view.auction.stake == 1
    hand = dizhu.parse_ranks("3 4 5 6 7 7 7 K K")
    assert [p.text for p in dizhu.legal_plays(hand, dizhu.Play.parse("pair QQ"))] == \
        ["pass", "pair KK"]
    assert dizhu.FOUR.legal_plays(dizhu.FOUR.parse_ranks("BB")) == \
        dizhu.FOUR.generator.lead(dizhu.FOUR.parse_ranks("BB"))
