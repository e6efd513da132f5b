"""The registry of rulesets: ``classic`` (:mod:`dizhu.rules`) and its variants.

A variant is one module here, a subclass of :class:`~dizhu.rules.RuleSet` overriding what
differs, and one line below registering it.
"""

from __future__ import annotations

from ..rules import CLASSIC, RuleSet
from .duel import DUEL
from .four import FOUR
from .laizi import LAIZI, TIANDI
from .rob import ROB

RULESETS: dict[str, RuleSet] = {}
"""Registered rulesets by name and alias (lower case)."""


def register_ruleset(rules: RuleSet, *aliases: str) -> RuleSet:
    """Add a ruleset to the registry under its name and any aliases."""
    for key in (rules.name, *aliases):
        RULESETS[key.lower()] = rules
    return rules


def find_ruleset(name: str = "classic", **options: bool) -> RuleSet:
    """A registered ruleset by name (case-insensitive), with options applied."""
    rules = RULESETS.get(str(name).strip().lower())
    if rules is None:
        raise ValueError(f"unknown ruleset {name!r}; the rulesets are {', '.join(names())}")
    return rules.with_options(**options) if options else rules


def offered_ruleset(name: str = "classic", **options: bool) -> RuleSet:
    """:func:`find_ruleset`, for people and bots: a ruleset not :attr:`~RuleSet.offered`
    yet is a ``ValueError`` too."""
    rules = find_ruleset(name, **options)
    if not rules.offered:
        if not rules.dealt:
            raise ValueError(f"{rules.name} is for positions only (the puzzles, dizhu solve): "
                             "no deal plays it, so no game or bot does")
        raise ValueError(f"{rules.name} is not offered yet: dizhu play deals it, but the "
                         "games and the bots do not handle it")
    return rules


def names(every: bool = False) -> list[str]:
    """The names (not the aliases) of the rulesets people are offered (``every``: of all
    the registered ones, those not offered and those no deal plays too, such as ``duel``,
    whose positions the puzzles and the solver play), in registration order."""
    return list(dict.fromkeys(r.name for r in RULESETS.values() if every or r.offered))


def rules_from_json(data: object) -> RuleSet:
    """The ruleset a record or a request names: ``{"name": "four", "doubling": true}``
    (a missing name is ``classic``). Raises ``ValueError`` saying what is wrong."""
    if data is None:
        return CLASSIC
    if not isinstance(data, dict):
        raise ValueError("the rules must be an object naming the ruleset and its options")
    options = dict(data)
    name = options.pop("name", "classic")
    for key, value in options.items():
        if not isinstance(value, bool):
            raise ValueError(f"the option {key} is true or false, not {value!r}")
    return find_ruleset(str(name), **options)


register_ruleset(CLASSIC, "default")
register_ruleset(ROB, "qiang", "rob-the-landlord")
register_ruleset(FOUR, "four-players")
register_ruleset(LAIZI, "wild")
register_ruleset(TIANDI, "sky-and-ground")
register_ruleset(DUEL, "two-hands")
