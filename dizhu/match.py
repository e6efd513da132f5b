"""A match: a fixed number of deals or a race to points (docs/rules.md, Match)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from .deal import Deal, Phase
from .record import RecordError, deal_to_record, replay, starts_at_play
from .rules import CLASSIC, RuleSet
from .rulesets import rules_from_json

DEAL_LIMITS = (5, 10, 20)
POINT_TARGETS = (25, 50, 100)


@dataclass(frozen=True)
class MatchSettings:
    """``mode`` is ``deals`` (play ``target`` scored deals) or ``points`` (first to
    ``target`` points or more ends the match after that deal)."""

    mode: str = "deals"
    target: int = 10
    rules: RuleSet = CLASSIC
    seed: int | str = 0

    def __post_init__(self) -> None:
        if self.mode == "deals" and self.target not in DEAL_LIMITS:
            raise ValueError(f"a match is {', '.join(map(str, DEAL_LIMITS))} deals, "
                             f"not {self.target}")
        if self.mode == "points" and self.target not in POINT_TARGETS:
            raise ValueError(f"a race is to {', '.join(map(str, POINT_TARGETS))} points, "
                             f"not {self.target}")
        if self.mode not in ("deals", "points"):
            raise ValueError(f"match mode is 'deals' or 'points', not {self.mode!r}")

    def describe(self) -> str:
        return f"{self.target} deals" if self.mode == "deals" else f"race to {self.target}"


@dataclass
class Match:
    """The deals of a match (thrown-in ones included), the running totals and the end."""

    settings: MatchSettings = field(default_factory=MatchSettings)
    deals: list[Deal] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.deals:
            self.deals.append(self._new_deal(0, self.first_opening()))

    def first_opening(self) -> int:
        """The opening bidder of the first deal, drawn from the match seed."""
        seats = self.settings.rules.seats
        return random.Random(f"{self.settings.seed}:opening").randrange(seats)

    def _new_deal(self, index: int, opening: int) -> Deal:
        return Deal.shuffled(f"{self.settings.seed}:deal:{index}", opening, self.settings.rules)

    @property
    def current(self) -> Deal:
        """The deal being played (or the last one, once the match is over)."""
        return self.deals[-1]

    @property
    def scored_deals(self) -> list[Deal]:
        """The deals played out (thrown-in deals do not count)."""
        return [d for d in self.deals if d.phase is Phase.OVER]

    @property
    def totals(self) -> list[int]:
        totals = [0] * self.settings.rules.seats
        for deal in self.scored_deals:
            for seat, points in enumerate(deal.result.scores):
                totals[seat] += points
        return totals

    @property
    def finished(self) -> bool:
        """The deal limit is reached, or (race) a seat reached the target after a deal."""
        if not self.current.is_over:
            return False
        if self.settings.mode == "deals":
            return len(self.scored_deals) >= self.settings.target
        return max(self.totals) >= self.settings.target

    @property
    def winners(self) -> list[int]:
        """The seats with the highest total once the match is over (a tie shares the win)."""
        if not self.finished:
            return []
        totals = self.totals
        best = max(totals)
        return [s for s, t in enumerate(totals) if t == best]

    def next_deal(self) -> Deal:
        """Start the next deal once the current one is over; the opening bidder moves on."""
        if not self.current.is_over:
            raise ValueError("the current deal is not over yet")
        if self.finished:
            raise ValueError("the match is over")
        opening = (self.current.opening + 1) % self.settings.rules.seats
        deal = self._new_deal(len(self.deals), opening)
        self.deals.append(deal)
        return deal

    # ----------------------------------------------------------------- records

    def to_record(self) -> dict[str, Any]:
        s = self.settings
        return {"format": "dizhu-match", "version": 2, "mode": s.mode, "target": s.target,
                "seed": s.seed, "rules": s.rules.to_json(),
                "deals": [deal_to_record(d) for d in self.deals]}

    @classmethod
    def from_record(cls, record: Any) -> Match:
        """The match a record describes; every deal is replayed and the match itself
        checked: each deal is the one the seed deals, the opening seat moves on, a deal
        follows only a finished one, and none follows the end of the match. Raises
        :class:`~dizhu.record.RecordError` saying what is wrong."""
        if not isinstance(record, dict) or record.get("format") != "dizhu-match":
            raise RecordError('not a dizhu match record (expected "format": "dizhu-match")')
        try:
            rules = rules_from_json(record.get("rules"))
            settings = MatchSettings(str(record["mode"]), int(record["target"]), rules,
                                     record["seed"])
        except (KeyError, TypeError, ValueError) as e:
            raise RecordError(f"match settings: {e}") from None
        deals = record.get("deals")
        if not isinstance(deals, list) or not deals:
            raise RecordError("the match record has no deals")
        match = cls(settings)
        match.deals.clear()
        for index, data in enumerate(deals):
            where = f"deal {index + 1}"
            if index and not match.current.is_over:
                raise RecordError(f"{where} follows a deal that was not finished")
            if index and match.finished:
                raise RecordError(f"{where} comes after the end of the match")
            if isinstance(data, dict) and starts_at_play(data.get("events") or []):
                raise RecordError(f"{where} skips the auction, which a match never does")
            try:
                deal = replay(data)
            except RecordError as e:
                raise RecordError(f"{where}: {e}") from None
            if deal.rules != rules:
                raise RecordError(f"{where} is played under {deal.rules.describe()}, the "
                                  f"match under {rules.describe()}")
            opening = match.first_opening() if not index else \
                (match.current.opening + 1) % rules.seats
            if deal.opening != opening:
                raise RecordError(f"{where} opens at seat {deal.opening}, not {opening}: the "
                                  "opening seat moves on every deal")
            expected = match._new_deal(index, opening)
            if (deal.dealt, deal.kitty_cards) != (expected.dealt, expected.kitty_cards):
                raise RecordError(f"{where} is not the deal the match's seed deals")
            match.deals.append(deal)
        return match
