"""One match at the table: a person in seat 0, computer players in seats 1 and 2.

The table owns the match, checks every action with the engine, stores it before it counts,
and tells each party only what its seat may know. It knows nothing of the web: the server
drives it and sends what :meth:`Table.state` returns.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from ..auction import BID, DOUBLE, NO_DOUBLE
from ..bots import make_bot, parse_bot_spec
from ..bots.hints import Hinter
from ..cards import RANKS, InvalidCardsError, parse_card, ranks_of_cards
from ..combos import CHINESE_NAMES, PASS, InvalidPlayError, Kind, Play, parse_play
from ..deal import Action, AmbiguousPlayError, Deal, IllegalActionError, Phase, play_from_cards
from ..match import DEAL_LIMITS, POINT_TARGETS, Match, MatchSettings
from ..patterns import compose
from ..record import deal_to_record
from ..rules import find_ruleset
from ..view import SeatView, action_to_json, seat_view
from .store import Store

HUMAN = 0
LEVELS = ("easy", "normal", "hard", "expert")
"""The strengths a person can choose for a computer seat."""
PACES = {"slow": 2.0, "normal": 1.0, "fast": 0.4}
"""How long computer players pause, as a multiple of the server's ``--pause``."""


class ActionError(ValueError):
    """An action the table refuses; the message is for the person."""


@dataclass(frozen=True)
class NewMatch:
    """What the lobby asks for a new match."""

    player: str = "You"
    mode: str = "deals"
    target: int = 10
    bots: tuple[str, str] = ("normal", "normal")
    doubling: bool = False
    distinct_kickers: bool = False
    pace: str = "normal"

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> NewMatch:
        """Read the lobby's form, refusing anything out of range with a clear reason."""
        if not isinstance(data, dict):
            raise ActionError("the new match settings must be an object")
        player = str(data.get("player") or "You").strip()[:24] or "You"
        mode = data.get("mode", "deals")
        if mode not in ("deals", "points"):
            raise ActionError("a match is a number of deals or a race to points")
        try:
            target = int(data.get("target", 10 if mode == "deals" else 50))
        except (TypeError, ValueError):
            raise ActionError("the match length must be a number") from None
        allowed = DEAL_LIMITS if mode == "deals" else POINT_TARGETS
        if target not in allowed:
            unit = "deals" if mode == "deals" else "points"
            raise ActionError(f"choose {', '.join(map(str, allowed))} {unit}, not {target}")
        bots = data.get("bots", ["normal", "normal"])
        if not isinstance(bots, list) or len(bots) != 2:
            raise ActionError("choose a strength for each of the two computer seats")
        for spec in bots:
            try:
                name, _ = parse_bot_spec(str(spec))
            except ValueError as e:
                raise ActionError(str(e)) from None
            if name not in LEVELS:
                raise ActionError(f"a computer seat plays {', '.join(LEVELS)}, not {name}")
        pace = data.get("pace", "normal")
        if pace not in PACES:
            raise ActionError(f"the pace is {', '.join(PACES)}, not {pace}")
        return cls(player, mode, target, (str(bots[0]), str(bots[1])),
                   bool(data.get("doubling")), bool(data.get("distinct_kickers")), pace)

    def to_json(self, seed: str) -> dict[str, Any]:
        return {"mode": self.mode, "target": self.target, "bots": list(self.bots),
                "doubling": self.doubling, "distinct_kickers": self.distinct_kickers,
                "pace": self.pace, "seed": seed}


class Table:
    """A match being played, with its computer players, kept in step with the store."""

    def __init__(self, store: Store, match_id: int, player: str,
                 settings: dict[str, Any]) -> None:
        self.store = store
        self.id = match_id
        self.player = player
        self.settings = settings
        rules = find_ruleset("classic", doubling=settings["doubling"],
                             distinct_kickers=settings["distinct_kickers"])
        self.match = Match(MatchSettings(settings["mode"], settings["target"], rules,
                                         settings["seed"]))
        self.bot_specs = {1: settings["bots"][0], 2: settings["bots"][1]}
        self.bots = {seat: make_bot(spec) for seat, spec in self.bot_specs.items()}
        self.autoplay: str | None = None
        self.autoplay_bot = None
        self.version = 0
        self.abandoned = False
        self.hinter = Hinter()

    # ----------------------------------------------------------------- lifecycle

    @classmethod
    def create(cls, store: Store, new: NewMatch) -> Table:
        seed = secrets.token_hex(8)
        settings = new.to_json(seed)
        match_id = store.create_match(new.player, settings)
        return cls(store, match_id, new.player, settings)

    @classmethod
    def load(cls, store: Store, match_id: int, upto: int | None = None) -> Table | None:
        """The match as its stored events left it (or as its first ``upto`` left it)."""
        stored = store.load(match_id)
        if stored is None:
            return None
        table = cls(store, stored.id, stored.player, stored.settings)
        for seat, event in stored.events[:upto]:
            table._apply(seat, event)
        table.abandoned = stored.abandoned
        return table

    def abandon(self) -> None:
        """Give the match up (it stays stored, listed as abandoned)."""
        if self.match.finished or self.abandoned:
            raise ActionError("the match is over already")
        if not self.store.abandon(self.id):
            raise ActionError("this match cannot be abandoned")
        self.abandoned = True

    @property
    def deal(self) -> Deal:
        return self.match.current

    # ----------------------------------------------------------------- actions

    def action_of(self, message: dict[str, Any]) -> Action:
        """The action a person's message asks for (cards, a named pattern, a play's text,
        a bid, a double or a pass), or :class:`ActionError`; selected cards that make
        several legal plays raise :class:`~dizhu.deal.AmbiguousPlayError` with the options."""
        deal = self.deal
        distinct = deal.distinct
        try:
            if "bid" in message:
                value = int(message["bid"])
                if not 0 <= value < len(BID):
                    raise ActionError("a bid is 1, 2 or 3, or a pass")
                return BID[value]
            if "double" in message:
                return DOUBLE if message["double"] else NO_DOUBLE
            if message.get("pass"):
                return PASS
            if "play" in message:
                return parse_play(str(message["play"]), distinct_kickers=distinct)
            if "pattern" in message:
                return self._composed(message["pattern"], distinct)
            if "cards" in message:
                return self._selected(message["cards"])
        except (ActionError, AmbiguousPlayError):
            raise
        except (InvalidPlayError, InvalidCardsError, IllegalActionError) as e:
            raise ActionError(str(e)) from None
        except (TypeError, ValueError, KeyError) as e:
            raise ActionError(f"cannot read that action ({e})") from None
        raise ActionError("unknown action: bid, double, pass, play, pattern or cards")

    def _selected(self, texts: Any) -> Play:
        if not isinstance(texts, list) or not texts:
            raise ActionError("select the cards to play first")
        cards = [parse_card(str(t)) for t in texts]
        if len(set(cards)) != len(cards):
            raise ActionError("a card is selected twice")
        held = set(self.deal.held_cards(HUMAN))
        missing = [str(t) for t, c in zip(texts, cards, strict=True) if c not in held]
        if missing:
            raise ActionError(f"you do not hold {' '.join(missing)}")
        return play_from_cards(self.deal, ranks_of_cards(cards))

    @staticmethod
    def _composed(pattern: Any, distinct: bool) -> Play:
        if not isinstance(pattern, dict):
            raise ActionError("a pattern names its kind, lowest rank, length and wings")
        kind = Kind.from_label(str(pattern.get("kind", "")))
        main = _rank_index(pattern.get("main", "3"))
        wings = tuple(_rank_index(w) for w in pattern.get("wings", []))
        return compose(kind, main, int(pattern.get("length", 1)), wings, distinct)

    def submit(self, seat: int, action: Action) -> None:
        """Check ``action`` for ``seat`` with the engine, store it, then apply it."""
        self._refuse_if_abandoned()
        why = self.deal.why_illegal(action, seat)
        if why is not None:
            raise ActionError(why)
        self._commit(seat, action_to_json(action) if not _is_pass(action) else {"pass": True})

    def next_deal(self) -> None:
        """Deal the next hand once this one is over (or thrown in)."""
        if not self.deal.is_over:
            raise ActionError("the deal is still being played")
        if self.match.finished:
            raise ActionError("the match is over")
        self._commit(HUMAN, {"next": True})

    def set_autoplay(self, spec: str | None) -> None:
        """Hand the person's seat to a computer player (``None`` takes it back)."""
        if spec is not None:
            try:
                name, _ = parse_bot_spec(spec)
            except ValueError as e:
                raise ActionError(str(e)) from None
            if name not in LEVELS:
                raise ActionError(f"auto-play uses {', '.join(LEVELS)}, not {name}")
        if spec == self.autoplay:
            return
        self._commit(HUMAN, {"autoplay": spec})

    def _commit(self, seat: int, event: dict[str, Any]) -> None:
        """Apply in memory, store, and undo the memory change if the store fails."""
        self._refuse_if_abandoned()
        autoplay_before = (self.autoplay, self.autoplay_bot)
        self._apply(seat, event)
        deal_result = summary = None
        deal = self.deal
        if ("play" in event or "pass" in event) and deal.phase is Phase.OVER:
            sheet = deal.result
            role = "landlord" if sheet.landlord == HUMAN else "peasant"
            number = len(self.match.scored_deals)
            deal_result = (number, role, sheet.scores[HUMAN] > 0, sheet.scores[HUMAN])
            if self.match.finished:
                summary = self.summary()
        try:
            self.store.append(self.id, self.version, seat, event, deal=deal_result,
                              summary=summary)
        except Exception:
            self.version -= 1
            if "next" in event:
                self.match.deals.pop()
            elif "autoplay" in event:
                self.autoplay, self.autoplay_bot = autoplay_before
            else:
                deal.pop()
            raise

    def _refuse_if_abandoned(self) -> None:
        if self.abandoned:
            raise ActionError("this match was abandoned")

    def _apply(self, seat: int, event: dict[str, Any]) -> None:
        if "next" in event:
            self.match.next_deal()
        elif "autoplay" in event:
            self.autoplay = event["autoplay"]
            self.autoplay_bot = make_bot(self.autoplay) if self.autoplay else None
        elif "pass" in event:
            self.deal.push(PASS, seat)
        else:
            self.deal.push(self._stored_action(event), seat)
        self.version += 1

    def _stored_action(self, event: dict[str, Any]) -> Action:
        if "bid" in event:
            return BID[int(event["bid"])]
        if "double" in event:
            return DOUBLE if event["double"] else NO_DOUBLE
        return parse_play(event["play"], distinct_kickers=self.deal.distinct)

    # ----------------------------------------------------------------- computer seats

    def pending(self) -> tuple[str, int] | None:
        """What the server should do without the person: ``("act", seat)`` for a computer
        seat to move, ``("next", seat)`` to deal again; ``None`` while waiting for them."""
        deal = self.deal
        if self.match.finished or self.abandoned:
            return None
        if deal.phase is Phase.THROWN_IN:
            return ("next", HUMAN)
        if deal.phase is Phase.OVER:
            return ("next", HUMAN) if self.autoplay else None
        seat = deal.to_move
        if seat != HUMAN or self.autoplay:
            return ("act", seat)
        return None

    @property
    def pace(self) -> float:
        """The multiple of the server's pause chosen for this match."""
        return PACES.get(self.settings.get("pace", "normal"), 1.0)

    def view_for_decision(self, seat: int) -> SeatView:
        """The frozen view a computer player decides from."""
        return seat_view(self.deal, seat)

    def decide_from(self, seat: int, view: SeatView) -> Action:
        """A computer player's action from ``view`` (safe in a worker thread: the view is
        a frozen copy and each seat's player is used by one task at a time)."""
        bot = self.autoplay_bot if seat == HUMAN else self.bots[seat]
        if bot is None:
            raise ActionError("nobody plays that seat automatically")
        bot.reseed(f"{self.settings['seed']}:{self.version}")
        return bot.act(view)

    def hints(self) -> list[Play]:
        """The person's legal plays, best first, judged from their own view."""
        return self.hinter.hints(seat_view(self.deal, HUMAN))

    # ----------------------------------------------------------------- what is shown

    def names(self) -> list[str]:
        return [self.player, *(f"{self.bot_specs[s].split(':')[0]} (computer)"
                               for s in (1, 2))]

    def summary(self) -> dict[str, Any]:
        totals = self.match.totals
        winners = self.match.winners
        return {"totals": totals, "winners": winners, "human_won": int(HUMAN in winners),
                "deals": len(self.match.scored_deals)}

    def deal_numbers(self) -> list[int | None]:
        """For each deal of the match, its number among the scored deals (None if thrown in)."""
        out: list[int | None] = []
        n = 0
        for deal in self.match.deals:
            if deal.phase is Phase.THROWN_IN:
                out.append(None)
            else:
                n += 1
                out.append(n)
        return out

    def state(self) -> dict[str, Any]:
        """What the person's page is sent: their seat's view of the current deal and the
        public record of the match (finished deals are public)."""
        match = self.match
        numbers = self.deal_numbers()
        sheets = [{"index": i, "number": numbers[i], **d.result.to_json()}
                  for i, d in enumerate(match.deals) if d.phase is Phase.OVER]
        seen = seat_view(self.deal, HUMAN)
        view = seen.to_json()
        view["playable_kinds"] = sorted({a.kind.label for a in seen.legal
                                         if isinstance(a, Play) and not a.is_pass})
        return {
            "match": {
                "id": self.id, "player": self.player, "names": self.names(),
                "bots": [self.bot_specs[1], self.bot_specs[2]],
                "mode": self.settings["mode"], "target": self.settings["target"],
                "doubling": self.settings["doubling"],
                "distinct_kickers": self.settings["distinct_kickers"],
                "deal_index": len(match.deals) - 1, "deal_number": numbers[-1],
                "scored": len(match.scored_deals), "totals": match.totals,
                "finished": match.finished, "winners": match.winners,
                "autoplay": self.autoplay, "sheets": sheets, "abandoned": self.abandoned,
            },
            "view": view,
            "waiting_for": self._waiting_for(),
        }

    def _waiting_for(self) -> int | None:
        deal = self.deal
        if deal.is_over:
            return None
        return deal.to_move

    def deal_record(self, index: int) -> dict[str, Any]:
        """The engine's record of a finished deal (unfinished deals stay hidden)."""
        if not 0 <= index < len(self.match.deals):
            raise ActionError(f"this match has no deal {index}")
        deal = self.match.deals[index]
        if deal.phase is not Phase.OVER:
            raise ActionError("only a deal played out can be shown with all its cards")
        return deal_to_record(deal)


def _is_pass(action: Action) -> bool:
    return isinstance(action, Play) and action.is_pass


def _rank_index(text: Any) -> int:
    t = str(text).strip().upper()
    t = "T" if t == "10" else t
    if t not in RANKS:
        raise ActionError(f"no rank {text!r}: ranks are {' '.join(RANKS)}")
    return RANKS.index(t)


def play_json(play: Play) -> dict[str, Any]:
    return {"text": play.text, "kind": play.kind.label, "chinese": CHINESE_NAMES[play.kind],
            "ranks": play.ranks, "main": RANKS[play.main], "length": play.length}
