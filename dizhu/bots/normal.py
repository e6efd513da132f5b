"""``normal``: plays from the best split of its hand, keeps control cards, and peasants
play together.

- Leading: a piece of the best split (low pieces first, long ones early), keeping 2s,
  jokers and bombs for winning the lead back; with two plays left, an unbeatable one first.
- Following: a play that fits the split (the lowest that does); control cards and bombs
  only when they lead to going out or an opponent is close to going out.
- Peasants (two of them, or three in ``four``): never overtake a partner who is winning the
  trick; feed a partner with one or two cards the shape they can follow; the peasant before
  the landlord plays high.
- Against an opponent with one card left, no single that could be beaten is led.
- In the eager style (:attr:`.situation.Situation.eager`, how the search bots imagine a
  player who hardly ever passes) every trick is urgent: it follows whenever it can, the
  play that breaks its split least (bombs last), over a partner too.
- With wild cards (``laizi``, ``tiandi``) the evaluator is the deal's wild ranks' (so wild
  cards go where they are worth most), every class of bomb is kept like a bomb, and a lead
  from a hand with very many plays is chosen among those that spend no wild card and the
  pieces of the best split.
"""

from __future__ import annotations

from typing import ClassVar

from ..auction import Bid, Double
from ..cards import ACE
from ..combos import PASS, Kind, Play
from ..rules import RuleSet
from ..view import SeatView
from .base import Bot
from .bidding import bid_for, double_for, view_strength
from .handeval import HandEvaluator, evaluator_for, is_bomb, is_control
from .situation import Situation

FITS = 0.3
"""A play fits the best split when the cost after it, plus the play, is within this of the
cost before it."""

MANY_LEADS = 300
"""With wild cards, leads beyond this many are narrowed (the module's docstring)."""


CARDS = (0, 108)
"""Bounds of a setting that counts cards: no hand holds more than two decks."""


class NormalBot(Bot):
    name = "normal"
    limits: ClassVar[dict[str, tuple[float, float]]] = {
        "urgent_cards": CARDS, "control_when_left": CARDS,
        "peasant_control_when_left": CARDS, "bomb_when_left": CARDS}
    bid_thresholds = (4.5, 6.0, 7.5)
    double_at = (7.0, 9.0)
    # tuned with the arena against rlcard-rule (2,000 decks per setting, seed "exp")
    fits = FITS
    stop_landlord = 0.7
    """How much more a peasant may break its split to take a trick from the landlord."""
    urgent_cards = 7
    """An opponent on top with this many cards or fewer must be stopped at any cost."""
    control_when_left = 1
    """The landlord spends a 2 or a joker when at most this many plays would remain after
    it, or an opponent holds at most this many cards."""
    peasant_control_when_left = 20
    """The same for a peasant: peasants spend control cards freely to take the lead."""
    bomb_when_left = 1
    memo_limit = 200_000
    """Hands the evaluator remembers before it starts afresh (memory, not decisions)."""

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__(seed)
        self.evaluators: dict[tuple[RuleSet, tuple[int, ...]], HandEvaluator] = {}

    def evaluator(self, view: SeatView, wild: tuple[int, ...] | None = None) -> HandEvaluator:
        """The evaluator of the view's ruleset and wild ranks drawn so far (or ``wild``)."""
        key = (view.rules, view.wild if wild is None else wild)
        ev = self.evaluators.get(key)
        if ev is None or len(ev) > self.memo_limit:
            if len(self.evaluators) > 40:  # the wild ranks of earlier deals
                self.evaluators.clear()
            classic = self.evaluators.get((view.rules, ()))
            if classic is not None and len(classic) > self.memo_limit:
                classic.clear()
            ev = self.evaluators[key] = evaluator_for(*key, classic=classic)
            self.evaluators.setdefault((view.rules, ()), getattr(ev, "classic", ev))
        return ev

    # ----------------------------------------------------------------- auction

    def strength(self, view: SeatView) -> float:
        """The hand's strength for bidding and doubling (:func:`.bidding.view_strength`)."""
        return view_strength(view, lambda wild: self.evaluator(view, wild))

    def bid(self, view: SeatView) -> Bid:
        return bid_for(view, self.strength(view), self.bid_thresholds)

    def double(self, view: SeatView) -> Double:
        return double_for(view, self.strength(view), *self.double_at)

    # ----------------------------------------------------------------- play

    def play(self, view: SeatView) -> Play:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        return self.choose(Situation.of(view), legal, self.evaluator(view))

    def choose(self, s: Situation, legal: list[Play], ev: HandEvaluator) -> Play:
        """The policy for a situation (no view needed: searches call it in imagined deals)."""
        for p in legal:
            if p.cards == s.hand:
                return p
        if s.top is None:
            return self.lead(s, legal, ev)
        return self.follow(s, legal, ev)

    @staticmethod
    def beatable(play: Play, s: Situation, ev: HandEvaluator) -> bool:
        """Whether the cards this seat cannot see could beat ``play``. With wild cards the
        unseen natural cards are tried first, then one more wild card at a time, up to
        them all: a play of some of the cards is a play of them all, and the answer is
        the same, but the plays of many unseen wild cards can run to a hundred thousand."""
        unseen = s.unseen
        wilds = unseen & ev.mask
        part = unseen - wilds
        while True:
            if len(ev.moves.follow(part, play)) > 1:
                return True
            if part == unseen:
                return False
            unit = 1 << ((wilds & -wilds).bit_length() - 1) // 4 * 4  # one wild card
            part += unit
            wilds -= unit

    def lead(self, s: Situation, legal: list[Play], ev: HandEvaluator) -> Play:
        return self.forced_lead(s, legal, ev) or self.ranked_leads(s, legal, ev)[0]

    def forced_lead(self, s: Situation, legal: list[Play], ev: HandEvaluator) -> Play | None:
        """A lead that needs no comparison: with two plays left, an unbeatable one first;
        a partner close to going out is fed."""
        split = ev.split(s.hand)
        if len(split) == 2:
            offered = {p: p for p in legal}  # the legal play's own object
            for p in split:
                if p in offered and not self.beatable(p, s, ev):
                    return offered[p]
        partner = s.closest_partner
        if partner is not None and s.left[partner] <= 2:
            return self.feed(legal, s.left[partner])
        return None

    def ranked_leads(self, s: Situation, legal: list[Play], ev: HandEvaluator) -> list[Play]:
        """The leads from best to worst: pieces of the best split, low ones and long ones
        first, control cards last, and no single (or pair) an opponent about to go out can
        beat."""
        hand = s.hand
        base = ev.cost(hand)
        danger = s.danger
        many = ev.plays_needed(hand) > 2
        fits = self.fits
        if ev.wild and len(legal) > MANY_LEADS:
            pieces = set(ev.split(hand))
            legal = [p for p in legal if p in pieces or not ev.wild_in(p.cards)] or legal

        def key(p: Play) -> tuple:
            delta = ev.extra_cost(hand, p, base)
            risky = (danger == 1 and p.kind is Kind.SINGLE) or \
                    (danger == 2 and p.kind is Kind.PAIR)
            if risky and not self.beatable(p, s, ev):
                risky = False
            return (risky, delta > fits, is_control(p) and many,
                    round(delta, 2) if delta > fits else 0,
                    -risky * p.main, p.main, -p.size)
        return sorted(legal, key=key)

    @staticmethod
    def feed(legal: list[Play], partner_left: int) -> Play | None:
        """The lowest single (or, to a partner with two cards, the lowest pair)."""
        kinds = (Kind.PAIR, Kind.SINGLE) if partner_left == 2 else (Kind.SINGLE,)
        for kind in kinds:
            shaped = [p for p in legal if p.kind is kind]
            if shaped:
                return min(shaped, key=lambda p: p.main)
        return None

    def follow(self, s: Situation, legal: list[Play], ev: HandEvaluator) -> Play:
        plays = [p for p in legal if not p.is_pass]
        if not plays:
            return PASS
        hand = s.hand
        if s.partner_on_top and not s.eager:
            return self.over_partner(s, plays, ev) or PASS
        base = ev.cost(hand)
        urgent = s.eager or s.left[s.top_seat] <= self.urgent_cards or s.danger <= 1
        def rest_plays(p: Play) -> int:
            return ev.plays_needed(hand - p.cards)
        fits = self.fits
        if not s.is_landlord and s.top_seat == s.landlord:
            fits += self.stop_landlord
        fitting, breaking = [], []
        for p in plays:
            delta = ev.extra_cost(hand, p, base)
            (fitting if delta <= fits else breaking).append((delta, p))
        limit = self.control_when_left if s.is_landlord else self.peasant_control_when_left
        for _, p in sorted(fitting, key=lambda dp: (is_control(dp[1]), dp[1].main)):
            if is_bomb(p):
                if urgent or rest_plays(p) <= self.bomb_when_left:
                    return p
                continue
            if is_control(p) and not (urgent or s.danger <= limit or rest_plays(p) <= limit):
                continue
            if s.before_landlord and p.kind is Kind.SINGLE:
                return self.high_single(fitting, p)
            return p
        if urgent:
            ranked = sorted(breaking + fitting, key=lambda dp: (is_bomb(dp[1]), dp[0],
                                                                 dp[1].main))
            if ranked:
                return ranked[0][1]
        return PASS

    @staticmethod
    def high_single(fitting: list[tuple[float, Play]], low: Play) -> Play:
        """Before the landlord, the highest fitting single up to the ace."""
        singles = [p for _, p in fitting if p.kind is Kind.SINGLE and p.main <= ACE]
        return max(singles, key=lambda p: p.main) if singles else low

    def over_partner(self, s: Situation, plays: list[Play], ev: HandEvaluator) -> Play | None:
        """Overtake a partner only to go out, or from before the landlord to push a low
        single up to force the landlord's control cards."""
        top = s.top
        if not (s.before_landlord and top.kind is Kind.SINGLE and top.main < 8):
            return None
        base = ev.cost(s.hand)
        options = [p for p in plays if p.kind is Kind.SINGLE and 9 <= p.main <= ACE
                   and ev.extra_cost(s.hand, p, base) <= self.fits]
        return max(options, key=lambda p: p.main) if options else None
