"""Naming a play by pattern: every combination one deck allows can be named, and a wrong
naming is refused with a reason."""

import pytest

from dizhu import find_ruleset
from dizhu.cards import UNIT, count_of, parse_ranks
from dizhu.combos import InvalidPlayError, Kind, Play
from dizhu.patterns import SHAPES, Naming, compose, main_part, naming


@pytest.mark.parametrize("ruleset", ["classic", "four"])
def test_every_play_of_the_universe_is_named_back(ruleset):
    """What :func:`naming` answers, :func:`compose` makes into the very play, for every
    play of a ruleset's universe (a bomb of ``four`` with its size)."""
    rules = find_ruleset(ruleset)
    plays = rules.universe.all_plays()
    for play in plays:
        named = naming(play, rules.combos)
        again = compose(named.kind, named.main, named.length, named.wings, False, rules.combos,
                        named.size)
        assert again == play and again.main == play.main, (play, named)
    assert len(plays) == len(rules.universe.by_key)


@pytest.mark.parametrize("ruleset", ["classic", "four"])
def test_the_main_run_and_the_wings_make_the_whole_play(ruleset):
    """The cards of the main run (what the page marks once the run is named) and those of
    each wing named make every play of the universe, card for card."""
    rules = find_ruleset(ruleset)
    for play in rules.universe.all_plays():
        named = naming(play, rules.combos)
        wings = sum(UNIT[rank] * SHAPES[play.kind].wing for rank in named.wings)
        assert main_part(play) + wings == play.cards, play
        assert count_of(main_part(play), play.main) >= 1, play


def test_a_naming_as_the_page_receives_it():
    rules = find_ruleset("four")
    assert naming(rules.parse_play("airplane_pairs 33344455TT"), rules.combos).to_json() == \
        ["3", 2, None, "5T"]
    assert naming(rules.parse_play("bomb 999999"), rules.combos) == Naming(Kind.BOMB, 6, 1, (), 6)
    classic = find_ruleset("classic").combos
    assert naming(Play.parse("four_two_singles 338888"), classic).to_json() == ["8", 1, None, "33"]


def test_the_table_keeps_the_strongest_reading():
    # 444 555 666 named from 4 with wings 7 7 7 is the airplane 555666777 with wings 444
    play = compose(Kind.AIRPLANE_SINGLES, 1, 3, (4, 4, 4))
    assert play.main == 2 and play.cards == parse_ranks("444555666777")


def test_distinct_kickers_option():
    assert compose(Kind.FOUR_TWO_SINGLES, 5, 1, (0, 0)).cards == parse_ranks("338888")
    with pytest.raises(InvalidPlayError, match="not a legal four_two_singles"):
        compose(Kind.FOUR_TWO_SINGLES, 5, 1, (0, 0), distinct_kickers=True)


@pytest.mark.parametrize(("kind", "main", "length", "wings", "message"), [
    (Kind.STRAIGHT, 0, 4, (), "runs 5 to 12 ranks, not 4"),
    (Kind.STRAIGHT, 9, 5, (), "cannot start at Q and run 5 ranks"),
    (Kind.PAIR, 1, 2, (), "has no length"),
    (Kind.TRIPLE_SINGLE, 0, 1, (), "takes 1 kicker, not 0"),
    (Kind.AIRPLANE_PAIRS, 0, 2, (5,), "takes one wing per triple: 2 for 2 triples, not 1"),
    (Kind.PAIR, 13, 1, (), "BB is not a legal pair"),
    (Kind.TRIPLE_SINGLE, 0, 1, (0,), "3333 is not a legal triple_single"),
])
def test_wrong_namings_say_why(kind, main, length, wings, message):
    with pytest.raises(InvalidPlayError, match=message):
        compose(kind, main, length, wings)


@pytest.mark.parametrize("ruleset", ["classic", "four"])
def test_too_few_or_too_many_kickers_or_wings_are_said_as_a_person_says_them(ruleset):
    """Naming a triple with a single and pressing Play before the kicker said "A triple
    with a single of 1 ranks takes 1 kickers or wings, not 0" (and ``1连的三带一要带1个``):
    for every kind with kickers or wings, every length and every wrong count, the refusal
    says "1 kicker" and "2 kickers", an airplane's wings per triple, and no run of one
    rank, in both languages."""
    from dizhu.reasons import reason_of
    from dizhu.words import say_reason

    combos = find_ruleset(ruleset).combos
    said = 0
    for kind, shape in SHAPES.items():
        if kind not in combos.kinds or not shape.wings:
            continue
        low, high = shape.chain(combos) or (1, 1)
        for length in range(low, high + 1):
            need = shape.wing_count(length)
            for m in range(need + 2):
                if m == need:
                    continue
                with pytest.raises(InvalidPlayError) as refused:
                    compose(kind, 0, length, tuple(range(length, length + m)), combos=combos)
                reason = reason_of(refused.value)
                en, zh = say_reason(reason, "en"), say_reason(reason, "zh")
                for text in (str(reason), en, zh):
                    assert "{" not in text and "1 ranks" not in text and "1连" not in text
                    assert "kickers or wings" not in text
                if shape.chain(combos):
                    assert reason.code == "wings_needed"
                    assert f"{need} for {length} triples, not {m}" in en
                    assert f"{length}组三张要带{need}个，现在选了{m}个" in zh
                else:
                    assert reason.code == "kickers_needed"
                    kickers = "1 kicker" if need == 1 else f"{need} kickers"
                    assert en.endswith(f"takes {kickers}, not {m}"), en
                    assert str(reason).endswith(f"takes {kickers}, not {m}"), reason
                    assert zh.endswith(f"要带{need}个带牌，现在选了{m}个"), zh
                said += 1
    assert said >= 8


def test_a_wild_play_named_without_its_wild_ranks_says_so():
    """A play whose wild cards stand for other ranks is named with the deal's wild ranks;
    without them the naming refuses at once (it once looped for ever on the negative
    remainder of the physical cards less the combination's run)."""
    from dizhu.cards import RANKS

    wild = (RANKS.index("8"),)
    moves = find_ruleset("laizi").moves(wild)
    plays = [p for p in moves.readings(parse_ranks("7788")) if p.kind is Kind.TRIPLE_SINGLE]
    assert plays and plays[0].stands_for != plays[0].cards
    with pytest.raises(ValueError, match="wild ranks"):
        naming(plays[0])
    named = naming(plays[0], wild=wild)
    assert named.kind is Kind.TRIPLE_SINGLE and named.length == 1
