"""One match at the table: a person in seat 0, computer players in the other seats (two, or
three in ``four``).

The table owns the match, checks every action with the engine, stores it before it counts,
and tells each party only what its seat may know. It knows nothing of the web: the server
drives it and sends what :meth:`Table.state` returns.
"""

from __future__ import annotations

import secrets
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..actions import action_from_json, action_to_json
from ..auction import NO_DOUBLE, PASS_BID
from ..bots import Bot, make_bot
from ..bots.hints import Hinter
from ..cards import RANKS, card_text, parse_card, ranks_of_cards
from ..combos import CHINESE_NAMES, PASS, Kind, Play
from ..deal import Action, AmbiguousPlayError, Deal, IllegalActionError, Phase, play_from_cards
from ..match import DEAL_LIMITS, POINT_TARGETS, Match, MatchSettings
from ..patterns import compose, shapes
from ..reasons import Reason
from ..record import deal_to_record
from ..rules import RuleSet
from ..rulesets import find_ruleset
from ..view import SeatView, seat_view
from .store import Store

HUMAN = 0
LEVELS = ("easy", "normal", "hard", "expert")
"""The strengths a person can choose for a computer seat."""
PACES = {"slow": 2.0, "normal": 1.0, "fast": 0.4}
"""How long computer players pause, as a multiple of the server's ``--pause``."""
CLOCKS = (0, 10, 20, 30)
"""The turn clocks the lobby offers, in seconds (0: no clock)."""
CLOCK_RANGE = (3, 120)
"""The seconds a turn clock may be set to (the lobby offers :data:`CLOCKS`)."""


class ActionError(ValueError):
    """An action the table refuses; the message is for the person."""


@dataclass(frozen=True)
class NewMatch:
    """What the lobby asks for a new match."""

    player: str = "You"
    mode: str = "deals"
    target: int = 10
    bots: tuple[str, ...] = ("normal", "normal")
    doubling: bool = False
    distinct_kickers: bool = False
    pace: str = "normal"
    ruleset: str = "classic"
    clock: int = 0
    """Seconds the person has for each turn (0: as long as they like)."""

    @classmethod
    def from_json(cls, data: Any) -> NewMatch:
        """Read the lobby's form strictly (types as stated, no unknown field), refusing
        anything out of range with a reason that names the field."""
        if not isinstance(data, dict):
            raise bad_form("the new match settings must be an object")
        unknown = sorted(set(data) - FORM_FIELDS)
        if unknown:
            raise bad_form(f"unknown field {unknown[0]!r}; the fields are "
                           f"{', '.join(sorted(FORM_FIELDS))}")
        missing = [f for f in ("ruleset", "mode", "target", "bots") if f not in data]
        if missing:
            raise bad_form(f"field {missing[0]!r} is missing")
        player = _field(data, "player", str, "You").strip()[:24] or "You"
        try:
            rules = find_ruleset(_field(data, "ruleset", str))
        except ValueError as e:
            raise bad_form(f"field 'ruleset': {e}") from None
        options = {}
        for key in ("doubling", "distinct_kickers"):
            value = _field(data, key, bool, False)
            if value and key not in rules.option_names:
                raise bad_form(f"field {key!r}: the option means nothing in {rules.name}")
            options[key] = value
        mode = _field(data, "mode", str)
        if mode not in ("deals", "points"):
            raise bad_form("field 'mode': a match is a number of deals ('deals') or a race "
                           "to points ('points')")
        target = _field(data, "target", int)
        allowed = DEAL_LIMITS if mode == "deals" else POINT_TARGETS
        if target not in allowed:
            unit = "deals" if mode == "deals" else "points"
            raise bad_form(f"field 'target': choose {', '.join(map(str, allowed))} {unit}, "
                           f"not {target}")
        computers = rules.seats - 1
        bots = _field(data, "bots", list)
        if len(bots) != computers:
            count = {2: "two", 3: "three"}.get(computers, str(computers))
            raise bad_form(f"field 'bots': choose a strength for each of the {count} "
                           "computer seats")
        for spec in bots:
            level_of(spec, "bots")
        pace = _field(data, "pace", str, "normal")
        if pace not in PACES:
            raise bad_form(f"field 'pace': the pace is {', '.join(PACES)}, not {pace!r}")
        clock = _field(data, "clock", int, 0)
        low, high = CLOCK_RANGE
        if not (clock == 0 or low <= clock <= high):
            raise bad_form(f"field 'clock': the turn clock is 0 (none) or {low} to {high} "
                           f"seconds, not {clock}")
        return cls(player, mode, target, tuple(bots), options["doubling"],
                   options["distinct_kickers"], pace, rules.name, clock)

    def to_json(self, seed: str) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "mode": self.mode, "target": self.target,
                "bots": list(self.bots), "doubling": self.doubling,
                "distinct_kickers": self.distinct_kickers, "pace": self.pace,
                "clock": self.clock, "seed": seed}


FORM_FIELDS = {"player", "ruleset", "mode", "target", "bots", "doubling", "distinct_kickers",
               "pace", "clock"}
"""The fields of the lobby's new-match form."""

_TYPE_NAMES = {str: "text", int: "a whole number", bool: "true or false", list: "a list"}


def bad_form(words: str) -> ActionError:
    """A refusal of the new-match form, naming what is wrong in ``words``."""
    return ActionError(Reason("bad_form", words, detail=words))


def _field(data: dict[str, Any], name: str, kind: type, default: Any = None) -> Any:
    """``data[name]``, which must be of ``kind`` exactly (no number for a flag, no text for a
    number); ``default`` when it is absent (and may be)."""
    if name not in data:
        if default is None:
            raise bad_form(f"field {name!r} is missing")
        return default
    value = data[name]
    if type(value) is not kind:  # bool is an int subclass: exact types only
        raise bad_form(f"field {name!r}: {_TYPE_NAMES[kind]}, not {value!r}")
    return value


def level_of(spec: Any, field: str) -> str:
    """A computer player's level chosen in the lobby or for auto-play: one of
    :data:`LEVELS` by name, without settings (a page may not tune a bot)."""
    if spec in LEVELS:
        return spec
    words = f"field {field!r}: the computer players are {', '.join(LEVELS)}, not {spec!r}"
    if field == "bots":
        raise bad_form(words)
    raise ActionError(Reason("autoplay_levels", words, levels=list(LEVELS), name=str(spec)))


MEMORY = {"memo_limit": 20_000, "solver_limit": 20_000}
"""What a computer player at the table may remember (a few MiB each): a server holds many."""


def web_bot(level: str) -> Bot:
    """A computer player for a table: its level, with the table's bounds on memory."""
    bot = make_bot(level)
    known = bot.settings()
    bot.configure(**{k: v for k, v in MEMORY.items() if k in known})
    return bot


def rules_of(settings: dict[str, Any]) -> RuleSet:
    """The ruleset of a stored match's settings (matches stored before rulesets were
    chosen are ``classic``)."""
    rules = find_ruleset(settings.get("ruleset", "classic"))
    return rules.with_options(**{k: bool(settings.get(k)) for k in rules.option_names})


class Table:
    """A match being played, with its computer players, kept in step with the store."""

    def __init__(self, store: Store, match_id: int, player: str,
                 settings: dict[str, Any]) -> None:
        self.store = store
        self.id = match_id
        self.player = player
        self.settings = settings
        self.rules = rules = rules_of(settings)
        self.match = Match(MatchSettings(settings["mode"], settings["target"], rules,
                                         settings["seed"]))
        self.bot_specs = {seat: spec for seat, spec in enumerate(settings["bots"], 1)}
        self.bots = {seat: web_bot(spec) for seat, spec in self.bot_specs.items()}
        self.autoplay: str | None = None
        self.autoplay_bot = None
        self.version = 0
        self.abandoned = False
        self.hinter = Hinter()
        self.hinter.bot.memo_limit = MEMORY["memo_limit"]

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
            raise ActionError(Reason("match_over", "the match is over already"))
        if not self.store.abandon(self.id):
            raise ActionError(Reason("cannot_abandon", "this match cannot be abandoned"))
        self.abandoned = True

    @property
    def deal(self) -> Deal:
        return self.match.current

    # ----------------------------------------------------------------- actions

    def action_of(self, message: dict[str, Any]) -> tuple[Action, list[int] | None]:
        """The action a person's message asks for (selected cards, a named pattern, a play's
        text, a bid, a double or a pass) and, for selected cards, the very cards; or
        :class:`ActionError`. Selected cards that make several legal plays raise
        :class:`~dizhu.deal.AmbiguousPlayError` with the options."""
        try:
            if message.get("pass"):
                return PASS, None
            if "pattern" in message:
                return self._composed(message["pattern"]), None
            if "cards" in message:
                return self._selected(message["cards"])
            if any(key in message for key in ("bid", "double", "play")):
                cards = None
                if "play" in message and "with" in message:
                    cards = self._held(message["with"])
                return action_from_json(message, self.rules), cards
        except (ActionError, AmbiguousPlayError):
            raise
        except ValueError as e:  # unreadable cards, plays, bids; illegal selections
            raise ActionError(*e.args) from None
        except (TypeError, KeyError) as e:
            raise ActionError(Reason("unreadable_action",
                                     f"cannot read that action ({e})")) from None
        raise ActionError(Reason("unknown_action",
                                 "unknown action: bid, double, pass, play, pattern or cards"))

    def _held(self, texts: Any) -> list[int]:
        """The person's cards named by ``texts`` (a face held twice may be named twice)."""
        if not isinstance(texts, list) or not texts:
            raise ActionError(Reason("select_first", "select the cards to play first"))
        cards = [parse_card(str(t)) for t in texts]
        held = Counter(self.deal.held_cards(HUMAN))
        for card, n in Counter(cards).items():
            if held[card] < n:
                if not held[card]:
                    raise ActionError(Reason("card_not_held", f"you do not hold "
                                             f"{card_text(card)}", card=card_text(card)))
                raise ActionError(Reason("hold_fewer", f"you hold {held[card]} "
                                         f"{card_text(card)}, not {n}", n=held[card],
                                         card=card_text(card), m=n))
        return cards

    def _selected(self, texts: Any) -> tuple[Play, list[int]]:
        cards = self._held(texts)
        return play_from_cards(self.deal, ranks_of_cards(cards)), cards

    def _composed(self, pattern: Any) -> Play:
        if not isinstance(pattern, dict):
            raise ActionError(Reason("pattern_fields",
                                     "a pattern names its kind, lowest rank, length and wings"))
        kind = Kind.from_label(str(pattern.get("kind", "")))
        main = _rank_index(pattern.get("main", "3"))
        wings = tuple(_rank_index(w) for w in pattern.get("wings", []))
        size = pattern.get("size")
        return compose(kind, main, int(pattern.get("length", 1)), wings,
                       self.rules.distinct_kickers, self.rules.combos,
                       None if size is None else int(size))

    def submit(self, seat: int, action: Action, cards: list[int] | None = None,
               by_clock: bool = False) -> None:
        """Check ``action`` for ``seat`` with the engine, store it, then apply it; ``cards``
        are the person's chosen cards for a play; ``by_clock`` marks the action the turn
        clock made for a person whose time ran out."""
        self._refuse_if_abandoned()
        why = self.deal.why_illegal(action, seat)
        if why is not None:
            raise ActionError(why)
        event = {"pass": True} if _is_pass(action) else action_to_json(action)
        if cards is not None and not _is_pass(action):
            event["cards"] = " ".join(card_text(c) for c in cards)
        if by_clock:
            event["clock"] = True
        self._commit(seat, event)

    def next_deal(self) -> None:
        """Deal the next hand once this one is over (or thrown in)."""
        if not self.deal.is_over:
            raise ActionError(Reason("deal_in_play", "the deal is still being played"))
        if self.match.finished:
            raise ActionError(Reason("match_over", "the match is over"))
        self._commit(HUMAN, {"next": True})

    def set_autoplay(self, spec: Any) -> None:
        """Hand the person's seat to a computer player of a level (``None`` takes it
        back); the level is checked before anything changes."""
        if spec is not None:
            level_of(spec, "bot")
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
            raise ActionError(Reason("match_abandoned", "this match was abandoned"))

    def _apply(self, seat: int, event: dict[str, Any]) -> None:
        if "next" in event:
            self.match.next_deal()
        elif "autoplay" in event:
            self.autoplay = event["autoplay"]
            self.autoplay_bot = web_bot(self.autoplay) if self.autoplay else None
        elif "pass" in event:
            self.deal.push(PASS, seat)
        else:
            cards = [parse_card(t) for t in event["cards"].split()] if "cards" in event else None
            try:
                self.deal.push(action_from_json(event, self.rules), seat, cards)
            except IllegalActionError as e:
                raise ActionError(*e.args) from None
        self.version += 1

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

    @property
    def clock(self) -> int:
        """Seconds the person has for a turn (0: no clock)."""
        return int(self.settings.get("clock", 0))

    def waiting_for_person(self) -> bool:
        """Whether the deal waits for the person to bid, double or play."""
        deal = self.deal
        return not (self.match.finished or self.abandoned or deal.is_over or self.autoplay) \
            and deal.to_move == HUMAN

    def timeout_action(self) -> Action:
        """What the clock does for a person who let their time run out: pass in the auction,
        no double, pass when following, and the first hint when leading."""
        legal = self.deal.legal_actions()
        for quiet in (PASS_BID, NO_DOUBLE, PASS):
            if quiet in legal:
                return quiet
        return self.hints()[0]

    def view_for_decision(self, seat: int) -> SeatView:
        """The frozen view a computer player decides from."""
        return seat_view(self.deal, seat)

    def player_of(self, seat: int) -> Bot:
        """The computer player of ``seat`` now (the person's seat's only under auto-play)."""
        bot = self.autoplay_bot if seat == HUMAN else self.bots[seat]
        if bot is None:
            raise ActionError("nobody plays that seat automatically")
        return bot

    def decide(self, bot: Bot, view: SeatView) -> Action:
        """A computer player's action from ``view`` (safe in a worker thread: the view is
        a frozen copy and each seat's player is used by one task at a time)."""
        bot.reseed(f"{self.settings['seed']}:{self.version}")
        return bot.act(view)

    def decide_from(self, seat: int, view: SeatView) -> Action:
        """The action of ``seat``'s computer player from ``view``."""
        return self.decide(self.player_of(seat), view)

    def hints(self) -> list[Play]:
        """The person's legal plays, best first, judged from their own view."""
        return self.hinter.hints(seat_view(self.deal, HUMAN))

    # ----------------------------------------------------------------- what is shown

    def names(self) -> list[str]:
        return [self.player, *(f"{self.bot_specs[s].split(':')[0]} (computer)"
                               for s in sorted(self.bot_specs))]

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
                "bots": [self.bot_specs[s] for s in sorted(self.bot_specs)],
                "ruleset": self.rules.name, "seats": self.rules.seats,
                "patterns": [shape.to_json(self.rules.combos)
                             for shape in shapes(self.rules.combos)],
                "bomb_sizes": list(self.rules.combos.bomb_sizes),
                "mode": self.settings["mode"], "target": self.settings["target"],
                "doubling": self.settings["doubling"],
                "distinct_kickers": self.settings["distinct_kickers"],
                "deal_index": len(match.deals) - 1, "deal_number": numbers[-1],
                "scored": len(match.scored_deals), "totals": match.totals,
                "finished": match.finished, "winners": match.winners,
                "autoplay": self.autoplay, "sheets": sheets, "abandoned": self.abandoned,
                "clock": self.clock, "pace": self.settings.get("pace", "normal"),
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
            raise ActionError(Reason("no_such_deal", f"this match has no deal {index}",
                                     n=index))
        deal = self.match.deals[index]
        if deal.phase is not Phase.OVER:
            raise ActionError(Reason("deal_not_played_out",
                                     "only a deal played out can be shown with all its cards"))
        return deal_to_record(deal)


def _is_pass(action: Action) -> bool:
    return isinstance(action, Play) and action.is_pass


def _rank_index(text: Any) -> int:
    t = str(text).strip().upper()
    t = "T" if t == "10" else t
    if t not in RANKS:
        raise ActionError(Reason("no_rank", f"no rank {text!r}: ranks are {' '.join(RANKS)}",
                                 text=str(text)))
    return RANKS.index(t)


def play_json(play: Play) -> dict[str, Any]:
    return {"text": play.text, "kind": play.kind.label, "chinese": CHINESE_NAMES[play.kind],
            "ranks": play.ranks, "main": RANKS[play.main], "length": play.length,
            "size": play.size}
