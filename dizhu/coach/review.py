"""The review of a finished deal: every decision of a seat rated from what that seat knew.

The deal is replayed action by action; before each action of a reviewed seat the seat's
view at that moment (:func:`dizhu.view.seat_view`: its hand, everything public, nothing
else) goes to an :class:`~.chances.Analyst`, which rates the actions open to it. A
decision then has the chance of the seat's side after the action taken, the best
alternative with its chance, and the chance lost (in the analyst's worth, which puts bids
and doubles in the same currency as plays). Marks by the chance lost:
:data:`THRESHOLDS` (0.05 an inaccuracy, 0.10 a mistake, 0.20 a blunder), as chess sites
mark by the drop of the winning chance.

:func:`deepening` reviews with more imagined deals each round, so a page can show the
first answer at once and a sharper one as it comes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..actions import Action, action_to_json
from ..auction import Bid, Double
from ..deal import Deal
from ..record import deal_to_record, replay
from ..view import seat_view
from .chances import Analyst, Rated

THRESHOLDS: tuple[tuple[str, float], ...] = (
    ("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
"""A decision's mark: the first whose chance lost it reaches, worst first."""
DEPTHS = (8, 24, 64)
"""Imagined deals per decision in each round of :func:`deepening`."""


def mark_of(loss: float) -> str | None:
    """The mark of a decision that lost ``loss`` of the chance to win, or ``None``."""
    return next((name for name, at in THRESHOLDS if loss >= at - 1e-9), None)


def phase_of(action: Action) -> str:
    return "bid" if isinstance(action, Bid) else "double" if isinstance(action, Double) \
        else "play"


@dataclass(frozen=True)
class Decision:
    """One action of a reviewed seat, rated."""

    step: int
    """Its place in the deal's actions, counted from 1."""
    seat: int
    action: Action
    cards: tuple[int, ...]
    """The suited cards it put on the table (none for a pass, a bid, a double)."""
    rated: tuple[Rated, ...]
    """The actions the analyst rated, best first, the one taken among them."""

    @property
    def phase(self) -> str:
        return phase_of(self.action)

    @property
    def chosen(self) -> Rated:
        return next(r for r in self.rated if r.action == self.action)

    @property
    def best(self) -> Rated:
        return self.rated[0]

    @property
    def loss(self) -> float:
        """The chance lost against the best alternative (0 when the action is among the
        best)."""
        return max(0.0, self.best.worth - self.chosen.worth)

    @property
    def mark(self) -> str | None:
        return mark_of(self.loss)

    @property
    def forced(self) -> bool:
        """Whether the seat had no other action."""
        return len(self.rated) == 1

    def to_json(self) -> dict[str, Any]:
        chosen, best = self.chosen, self.best
        return {
            "step": self.step, "seat": self.seat, "phase": self.phase,
            **action_to_json(self.action, self.cards or None),
            "before": round(best.chance, 3), "chance": round(chosen.chance, 3),
            "best": {**action_to_json(best.action), "chance": round(best.chance, 3)},
            "loss": round(self.loss, 3), "mark": self.mark, "deals": chosen.deals,
            "alternatives": [{**action_to_json(r.action), "chance": round(r.chance, 3)}
                             for r in self.rated],
        }


@dataclass
class Review:
    """The rated decisions of the reviewed seats of one deal, in the order made."""

    seats: tuple[int, ...]
    landlord: int
    decisions: list[Decision] = field(default_factory=list)
    samples: int = 0
    """Imagined deals per decision asked of the analyst."""
    winner_side: str | None = None
    """``"landlord"`` or ``"peasants"``: who won the deal."""

    def of(self, seat: int) -> list[Decision]:
        return [d for d in self.decisions if d.seat == seat]

    def graph(self, seat: int) -> list[tuple[int, float]]:
        """The chance of ``seat``'s side after each of its decisions, by step."""
        return [(d.step, d.chosen.chance) for d in self.of(seat)]

    def counts(self, seat: int) -> dict[str, int]:
        marks = [d.mark for d in self.of(seat)]
        return {name: marks.count(name) for name, _ in THRESHOLDS}

    def to_json(self) -> dict[str, Any]:
        return {
            "seats": list(self.seats), "landlord": self.landlord,
            "winner": self.winner_side, "samples": self.samples,
            "thresholds": {name: at for name, at in THRESHOLDS},
            "marks": {str(s): self.counts(s) for s in self.seats},
            "decisions": [d.to_json() for d in self.decisions],
        }


def review(source: Deal | dict | str, seats: Iterable[int], samples: int = DEPTHS[-1],
           analyst: Analyst | None = None) -> Review:
    """The review of the finished deal ``source`` (a deal, or a record as a dict or its
    JSON text: :func:`dizhu.record.replay`, which raises a readable
    :class:`~dizhu.record.RecordError`) for ``seats``."""
    deal = source if isinstance(source, Deal) else replay(source)
    analyst = analyst or Analyst(samples=samples)
    analyst.samples = samples
    analyst.bot.samples = samples
    seats = tuple(sorted(set(seats)))
    for seat in seats:
        if not 0 <= seat < deal.seats:
            raise ValueError(f"no seat {seat}: seats are 0..{deal.seats - 1}")
    out = Review(seats, deal.landlord, samples=samples, winner_side=_winner_side(deal))
    for step, seat, action, cards, view in _moments(deal, seats):
        rated = analyst.rate(view, (action,))
        if not any(r.action == action for r in rated):  # never: the action is legal
            raise AssertionError(f"{action} was not rated")
        out.decisions.append(Decision(step, seat, action, cards, tuple(rated)))
    return out


def deepening(source: Deal | dict | str, seats: Iterable[int],
              depths: Iterable[int] = DEPTHS) -> Iterator[Review]:
    """Reviews of ``source`` with more imagined deals each round (``depths``)."""
    deal = source if isinstance(source, Deal) else replay(source)
    analyst = Analyst()
    seats = tuple(seats)
    for samples in depths:
        yield review(deal, seats, samples, analyst)


def _moments(deal: Deal, seats: tuple[int, ...]) -> Iterator[tuple[int, int, Action,
                                                                   tuple[int, ...], Any]]:
    """Each action of ``seats`` in ``deal``: its step (from 1), seat, action, suited cards
    and the seat's view just before it."""
    history, walk = rewound(deal)
    for step, (seat, action, cards) in enumerate(history, 1):
        if seat in seats:
            yield step, seat, action, cards, seat_view(walk, seat)
        walk.push(action, seat, cards or None)


def rewound(deal: Deal) -> tuple[list[tuple[int, Action, tuple[int, ...]]], Deal]:
    """The deal's actions with their suited cards, and a deal of its own (from its record)
    taken back to its start, to push them on one by one."""
    history = deal.suited_history()
    walk = replay(deal_to_record(deal))
    for _ in range(len(history)):
        walk.pop()
    return history, walk


def _winner_side(deal: Deal) -> str | None:
    result = deal.result
    if result is None or deal.position.winner < 0:
        return None
    return "landlord" if deal.position.winner == deal.landlord else "peasants"
