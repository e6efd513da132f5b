"""``import dizhu`` is the front door: the main names at the package's top."""

import doctest

import pytest

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


def package_modules() -> list[str]:
    """Every module of the package, imported (the environments need their extra: skipped
    without it)."""
    import importlib
    import pkgutil

    found = []
    for module in pkgutil.walk_packages(dizhu.__path__, "dizhu."):
        if module.name.endswith("__main__"):
            continue
        try:
            importlib.import_module(module.name)
        except ModuleNotFoundError as e:
            if not module.name.startswith("dizhu.env"):
                raise AssertionError(f"{module.name}: {e}") from None
            continue
        found.append(module.name)
    return found


def test_every_int_enum_of_the_package_prints_its_name():
    """``print(play.kind)`` says ``Kind.BOMB``, not ``13``; each still is its number."""
    import enum
    import sys

    enums = {value for name in package_modules() for value in vars(sys.modules[name]).values()
             if isinstance(value, type) and issubclass(value, enum.IntEnum)
             and value.__module__.startswith("dizhu")}
    assert dizhu.Kind in enums
    for kind in enums:
        for member in kind:
            assert str(member) == f"{member}" == f"{kind.__name__}.{member.name}"
            assert member == int(member) and f"{member:d}" == str(int(member))
    assert str(dizhu.Play.parse("bomb 3333").kind) == "Kind.BOMB"


def test_the_package_says_it_is_typed():
    """PEP 561: a type checker reads the package's own hints (the marker is package data)."""
    import tomllib
    from pathlib import Path

    assert Path(dizhu.__file__).with_name("py.typed").is_file()
    pyproject = tomllib.loads((Path(dizhu.__file__).parents[1] / "pyproject.toml").read_text())
    assert "py.typed" in pyproject["tool"]["setuptools"]["package-data"]["dizhu"]


def test_the_front_doors_legal_plays_takes_any_ruleset():
    """``dizhu.legal_plays`` plays the ruleset it is given (classic when none is), and a hand
    its ruleset's deck cannot hold is refused, never read as a classic hand."""
    for rules in (dizhu.CLASSIC, dizhu.ROB, dizhu.FOUR,
                  dizhu.find_ruleset("classic", distinct_kickers=True)):
        hand = rules.parse_ranks("3334445556BR")
        for top in (None, rules.parse_play("single 5"), rules.parse_play("triple 333")):
            assert dizhu.legal_plays(hand, top, rules) == rules.legal_plays(hand, top)
            assert dizhu.legal_plays(hand, top, rules=rules) == rules.generator.legal(hand, top)
    four = dizhu.FOUR.parse_ranks("33333BBRR")
    assert [p.text for p in dizhu.legal_plays(four, dizhu.FOUR.parse_play("bomb 2222"),
                                              dizhu.FOUR)] == \
        ["pass", "bomb 33333", "rocket BBRR"]
    with pytest.raises(ValueError, match=r"classic.*deck.*rules="):
        dizhu.legal_plays(four)
    with pytest.raises(TypeError, match="RuleSet"):
        dizhu.legal_plays(dizhu.parse_ranks("33"), None, True)
