"""How likely an imagined deal is, given everything public: a seat's bids, doubles, passes
and plays, read under a model of how a player acts.

The model is ``normal``'s own policy, softened. Bids and doubles: ``normal`` answers by
its hand's strength against thresholds (:mod:`.bidding`); here the strength is blurred by
logistic noise of scale ``bid_spread``, so an answer is likely when the strength sits well
inside the band that gives it, less so near a threshold, and keeps at least
``bid_floor``. Following (a play or a pass): an action ``normal`` would choose in that
seat's place counts 1, any other ``slip`` (people and other bots differ from ``normal``).
Leading: a lead that fits the hand's best split (``normal``'s test of a fitting play: its
cost plus the cost of what is left within ``fits`` of the hand's cost) counts 1, any other
``slip``: ``normal``'s ranking of every lead of an imagined hand (each costed afresh)
took more than twice the time of all the rest of the weighing, and which piece of its
split a seat leads first says little of what else it holds. With wild cards, a hand's
strength for a bid values the ranks not drawn yet by expectation, as ``normal`` does, and
the doubles are read with every rank drawn. A decision with one legal action tells
nothing and is skipped.

Styles (``eager_prior`` above 0): a seat may play ``normal``'s way or its eager style
(:attr:`.situation.Situation.eager`: it follows whenever it can, as many simple bots and
many people do). For an imagined deal :meth:`Inference.weigh` also gives the chance that
each other seat plays the eager style, from the prior (``eager_prior``) and the seat's
follows with a choice: whether it played or passed, read under each style (``normal``'s
choice there, or always a play; ``slip`` for the other). Which play it made is left out:
a seat that plays its own way, not ``normal``'s, would otherwise read as neither style,
and whether it passes is what the styles differ in. The deal's weight is ``normal``'s
reading alone, with styles or without.

Everything is read from the seat's view alone: :class:`Inference` is built from a
:class:`~dizhu.view.SeatView` (the history, the kitty once shown) and weighs a
:class:`~dizhu.sampling.Guess`, the hands the search imagines. A seat's hand at a past
moment is its imagined hand now plus what it has played since (less the kitty, for the
landlord's bids): the history is replayed with the imagined hands, the public part of
each step (the legal answers of the auction, the trick's top, the cards each seat held)
worked out once per view, the part that depends on the imagined hands once per guess.
:meth:`Inference.log_weight` is the sum of the logarithms of the other seats' actions'
likelihoods; the viewer's own actions are the same in every guess and are left out.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise
from types import SimpleNamespace

from ..auction import Bid, Double
from ..cards import ranks_of_cards
from ..combos import Play
from ..view import SeatView
from .bidding import bid_for, double_for, expected_strength, shift_of
from .handeval import HandEvaluator
from .situation import Situation

Evaluators = Callable[[tuple[int, ...]], HandEvaluator]
Chooser = Callable[[Situation, list[Play], HandEvaluator], Play]


@dataclass(frozen=True)
class Model:
    """The softened ``normal`` a seat is assumed to play (see the module)."""

    bid_thresholds: tuple[float, float, float]
    double_at: tuple[float, float]
    fits: float = 0.3
    """``normal``'s ``fits``: a lead within this of the hand's cost fits its split."""
    slip: float = 0.3
    """The likelihood of a play or pass ``normal`` would not make (its choice counts 1)."""
    bid_spread: float = 0.75
    """The logistic noise's scale on the hand's strength (the thresholds are 1.5 apart)."""
    bid_floor: float = 0.05
    """The least likelihood of any bid or double."""
    eager_prior: float = 0.0
    """The eager style's chance before a seat's follows are read (0: no styles)."""


@dataclass(frozen=True)
class _Answer:
    """A bid or double of another seat: the strength bands ``normal`` would answer it in."""

    seat: int
    at: int
    """Its index in the history (the seat's hand then: now plus what it played since)."""
    before_kitty: bool
    wild: tuple[int, ...]
    bands: tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class _Decision:
    """A play or pass of another seat, with what was public when it was made."""

    seat: int
    at: int
    action: Play
    top: Play | None
    top_seat: int
    left: tuple[int, ...]


def _bands(answer: Callable[[float], object], observed: object,
           thresholds: tuple[float, ...]) -> tuple[tuple[float, float], ...]:
    """The strength intervals in which ``answer`` (monotone, stepping at ``thresholds``)
    gives ``observed``."""
    cuts = sorted(set(thresholds))
    edges = [-math.inf, *cuts, math.inf]
    out = []
    for lo, hi in pairwise(edges):
        probe = cuts[0] - 1.0 if lo == -math.inf else lo
        if answer(probe) == observed:
            out.append((lo, hi))
    return tuple(out)


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


class Inference:
    """The likelihood of the public actions of every seat but the viewer's, for the
    imagined deals of one decision (build one per decision)."""

    def __init__(self, view: SeatView, model: Model, evaluators: Evaluators,
                 chooser: Chooser) -> None:
        self.view = view
        self.model = model
        self.evaluators = evaluators
        self.chooser = chooser
        rules = view.rules
        self.shift = shift_of(rules)
        self.moves = rules.moves(view.wild)
        self.ev = evaluators(view.wild)
        self.kitty = ranks_of_cards(view.kitty) if view.kitty is not None else 0
        history = view.history
        seats = view.seats
        me = view.seat
        # what each seat played from each moment on (its hand then is its hand now plus it)
        self.since: list[list[int]] = [[0] * (len(history) + 1) for _ in range(seats)]
        left = list(view.cards_left)
        lefts: list[tuple[int, ...]] = [()] * len(history)
        for i in range(len(history) - 1, -1, -1):
            entry = history[i]
            for s in range(seats):
                self.since[s][i] = self.since[s][i + 1]
            if isinstance(entry.action, Play) and not entry.action.is_pass:
                self.since[entry.seat][i] += entry.action.cards
                left[entry.seat] += entry.action.size
            lefts[i] = tuple(left)
        self.answers: list[_Answer] = []
        self.decisions: list[_Decision] = []
        bids_seen = 0
        auction = rules.auction
        for i, entry in enumerate(history):
            action = entry.action
            if isinstance(action, Bid):
                bids_seen += 1
                if entry.seat != me:
                    done = view.bids[:bids_seen - 1]
                    self.answers.append(self._bid(entry.seat, i, action, auction.state(
                        seats, view.opening, done).legal, done))
            elif isinstance(action, Double):
                if entry.seat != me:
                    self.answers.append(self._double(entry.seat, i, action))
            elif isinstance(action, Play) and entry.seat != me:
                self.decisions.append(_Decision(entry.seat, i, action, entry.top,
                                                entry.top_seat, lefts[i]))

    def _bid(self, seat: int, at: int, bid: Bid, legal: tuple[Bid, ...],
             done: tuple[tuple[int, Bid], ...]) -> _Answer:
        thresholds = self.model.bid_thresholds
        stub = SimpleNamespace(seat=seat, legal=legal, bids=done)
        bands = _bands(lambda s: bid_for(stub, s, thresholds), bid, thresholds)  # type: ignore[arg-type]
        wild = self.view.wild[:self.view.rules.wild_before_auction]
        return _Answer(seat, at, True, wild, bands)

    def _double(self, seat: int, at: int, answer: Double) -> _Answer:
        peasant_at, landlord_at = self.model.double_at
        stub = SimpleNamespace(seat=seat, landlord=self.view.landlord)
        bands = _bands(lambda s: double_for(stub, s, peasant_at, landlord_at),  # type: ignore[arg-type]
                       answer, (peasant_at, landlord_at))
        return _Answer(seat, at, False, self.view.wild, bands)

    def hand_at(self, hands: tuple[int, ...], seat: int, at: int,
                before_kitty: bool = False) -> int:
        """``seat``'s imagined hand when it made the ``at``-th action of the history."""
        hand = hands[seat] + self.since[seat][at]
        if before_kitty and seat == self.view.landlord:
            hand -= self.kitty
        return hand

    def answer_likelihood(self, hands: tuple[int, ...], answer: _Answer) -> float:
        """How likely the seat's bid or double is with its imagined hand then."""
        hand = self.hand_at(hands, answer.seat, answer.at, answer.before_kitty)
        rules = self.view.rules
        strength = expected_strength(hand, rules, answer.wild, self.evaluators) - self.shift
        spread = self.model.bid_spread
        inside = 0.0
        for lo, hi in answer.bands:
            up = 1.0 if lo == -math.inf else _sigmoid((strength - lo) / spread)
            down = 0.0 if hi == math.inf else _sigmoid((strength - hi) / spread)
            inside += up - down
        floor = self.model.bid_floor
        return floor + (1.0 - floor) * inside

    def decision_likelihood(self, hands: tuple[int, ...], d: _Decision) -> float:
        """How likely the seat's play or pass is with its imagined hand then: 1 when
        ``normal`` would make it (a lead: when it fits the split), or it had no other;
        else ``slip``."""
        return self.decision_reading(hands, d)[0]

    def decision_reading(self, hands: tuple[int, ...],
                         d: _Decision) -> tuple[float, tuple[float, float] | None]:
        """:meth:`decision_likelihood`, and for a follow with a choice the likelihood of
        playing or passing as the seat did under ``normal``'s way and under the eager
        style (which always plays): 1 when the style would do the same (play or pass,
        whichever play), else ``slip``; ``None`` for a decision that tells the styles
        nothing apart."""
        hand = self.hand_at(hands, d.seat, d.at)
        slip = self.model.slip
        if d.top is None:
            if d.action.cards == hand:
                return 1.0, None
            ev = self.ev
            fits = ev.extra_cost(hand, d.action, ev.cost(hand)) <= self.model.fits
            return (1.0 if fits else slip), None
        legal = self.moves.follow(hand, d.top)
        if len(legal) <= 1:
            return 1.0, None
        everyone = sum(self.hand_at(hands, s, d.at) for s in range(len(hands)))
        s = Situation(d.seat, self.view.landlord, hand, d.left, d.top, d.top_seat,
                      everyone - hand)
        choice = self.chooser(s, legal, self.ev)
        passed = d.action.is_pass
        styles = (1.0 if choice.is_pass == passed else slip, slip if passed else 1.0)
        return (1.0 if choice == d.action else slip), styles

    def log_weight(self, hands: tuple[int, ...]) -> float:
        """The log-likelihood of the other seats' public actions if ``hands`` are the
        seats' hands now."""
        return self.weigh(hands)[0]

    def weigh(self, hands: tuple[int, ...]) -> tuple[float, dict[int, float]]:
        """:meth:`log_weight`, and with styles (``eager_prior`` above 0) the chance each
        other seat that followed with a choice plays the eager style, if ``hands`` are
        the seats' hands now."""
        total = 0.0
        for answer in self.answers:
            total += math.log(self.answer_likelihood(hands, answer))
        log_slip = math.log(self.model.slip)
        prior = self.model.eager_prior
        styles: dict[int, list[float]] = {}
        for d in self.decisions:
            likelihood, reading = self.decision_reading(hands, d)
            if likelihood != 1.0:
                total += log_slip
            if prior and reading is not None:
                ratio = styles.setdefault(d.seat, [1.0, 1.0])
                ratio[0] *= reading[0]
                ratio[1] *= reading[1]
        odds = {}
        for seat, (normal, eager) in styles.items():
            as_normal, as_eager = (1.0 - prior) * normal, prior * eager
            odds[seat] = as_eager / (as_normal + as_eager)
        return total, odds
