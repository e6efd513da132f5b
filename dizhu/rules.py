"""Rulesets: the options of RULES.md, frozen, and a registry of named rulesets.

A variant (four players, rob-the-landlord bidding) is added as a new registered ruleset,
not by editing the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class RuleSet:
    """One set of rules. ``classic`` is the default (RULES.md)."""

    name: str = "classic"
    seats: int = 3
    hand_size: int = 17
    kitty_size: int = 3
    max_bid: int = 3
    doubling: bool = False
    """Peasants may double after the kitty is shown, then the landlord may redouble."""
    distinct_kickers: bool = False
    """Single wings of an airplane, and the two kickers of four-with-two, differ in rank."""

    def with_options(self, **options: bool) -> RuleSet:
        """The same ruleset with some options changed, e.g. ``doubling=True``."""
        unknown = set(options) - set(OPTIONS)
        if unknown:
            raise ValueError(f"unknown ruleset option {sorted(unknown)[0]!r}; "
                             f"the options are {', '.join(OPTIONS)}")
        return replace(self, **options)

    def options(self) -> dict[str, bool]:
        """The option settings, by name."""
        return {name: getattr(self, name) for name in OPTIONS}

    def describe(self) -> str:
        """``classic`` or ``classic (doubling, distinct kickers)``."""
        on = [name.replace("_", " ") for name, value in self.options().items() if value]
        return f"{self.name} ({', '.join(on)})" if on else self.name


OPTIONS = ("doubling", "distinct_kickers")
"""The names of the options a lobby offers."""

CLASSIC = RuleSet()

RULESETS: dict[str, RuleSet] = {}


def register_ruleset(rules: RuleSet, *aliases: str) -> RuleSet:
    """Add a ruleset to the registry under its name and any aliases."""
    for key in (rules.name, *aliases):
        RULESETS[key.lower()] = rules
    return rules


def find_ruleset(name: str = "classic", **options: bool) -> RuleSet:
    """A registered ruleset by name (case-insensitive), with options applied."""
    rules = RULESETS.get(name.strip().lower())
    if rules is None:
        raise ValueError(f"unknown ruleset {name!r}; known: {', '.join(sorted(RULESETS))}")
    return rules.with_options(**options) if options else rules


register_ruleset(CLASSIC, "default")
