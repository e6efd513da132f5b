"""One match being played: people and computer players at its seats, in step with the
store. It knows nothing of any transport: the web server and the terminal drive it.

A session checks every action with the engine, stores it before it counts, and tells
each party only what its seat may know (a spectator: only what is public). People act
through :meth:`MatchSession.person_acts` with what they entered; computer seats (and the
seats of people on auto-play) are played by whoever drives the session, asking
:meth:`MatchSession.pending` what is due and :meth:`MatchSession.decide` for the action.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from ..actions import action_to_json, decode_action
from ..auction import NO_DOUBLE, PASS_BID
from ..bots import Bot
from ..bots.hints import Hinter
from ..cards import count_of, format_ranks
from ..coach import Hint, coached
from ..combos import PASS, Kind, Play
from ..deal import Action, Deal, IllegalActionError, Phase
from ..match import Match, MatchSettings
from ..patterns import main_part, naming, physical_main, shapes
from ..reasons import Reason
from ..record import deal_to_record
from ..rules import RuleSet
from ..rulesets import find_ruleset
from ..view import SeatView, seat_view, watcher_view
from .entry import action_of
from .form import PACES, NewMatch, level_of, person_name
from .refusals import ActionError
from .seats import MEMORY, seat_plan, table_bot
from .store import NextMatch, SeatRow, Store
from .writer import EventRow, Result, StoreBusy, Write

CREATOR = 0
"""The seat of the person who created the match."""


def rules_of(settings: dict[str, Any]) -> RuleSet:
    """The ruleset of a stored match's settings (matches stored before rulesets were
    chosen are ``classic``)."""
    rules = find_ruleset(settings.get("ruleset", "classic"))
    return rules.with_options(**{k: bool(settings.get(k)) for k in rules.option_names})


class MatchSession:
    """A match being played, with its people and computer players, kept in step with the
    store."""

    def __init__(self, store: Store, match_id: int, player: str, settings: dict[str, Any],
                 seated: dict[int, SeatRow], watch: str = "",
                 again: NextMatch | None = None) -> None:
        self.store = store
        self.id = match_id
        self.player = player
        """The name of the person who created the match (seat 0)."""
        self.settings = settings
        self.rules = rules = rules_of(settings)
        self.match = Match(MatchSettings(settings["mode"], settings["target"], rules,
                                         settings["seed"]))
        self.plan = seat_plan(settings)
        self.people = tuple(seat for seat, level in enumerate(self.plan) if level is None)
        """The seats people play (seat 0 always)."""
        self.seated = dict(seated)
        self.watch = watch
        """The match's secret for spectators (see :meth:`watches`)."""
        self.again = again
        """The match played again after this one (:meth:`play_again`), once it is."""
        programs = settings.get("programs", {})
        self.bots = {seat: table_bot(level, programs) for seat, level in enumerate(self.plan)
                     if level is not None}
        self.autoplay: dict[int, str] = {}
        """The people's seats handed to a computer player: seat -> its level."""
        self._autoplay_bots: dict[int, Bot] = {}
        self.handed: set[int] = set()
        """The seats of :attr:`autoplay` another handed over (their person was away): their
        person takes them back on return (:meth:`returned`)."""
        self.version = 0
        self.abandoned = False
        self.writing: Write[None] | None = None
        """The write of the last event while a grouped store commits it."""
        self._undo: Callable[[MatchSession], None] | None = None
        """Takes the last event back from memory (until its write is settled); it holds no
        reference to the session, so that a match let go of is freed at once, not left to
        the garbage collector's rare full collections (see :mod:`dizhu.web.memory`)."""
        self._match_memo: tuple[tuple, str] | None = None
        self.hinter = Hinter()
        self.hinter.bot.memo_limit = MEMORY["memo_limit"]

    # ----------------------------------------------------------------- lifecycle

    @classmethod
    def create(cls, store: Store, new: NewMatch, seed: str | None = None,
               seated: Mapping[int, str] | None = None,
               after: int | None = None) -> MatchSession:
        """Store a new match and open it; ``seed`` fixes its deals (a fresh random one when
        not given); ``seated``: the people already at its seats, by name; ``after``: the
        match it plays again."""
        settings = new.to_json(seed or secrets.token_hex(8))
        people = [seat for seat, level in enumerate(seat_plan(settings)) if level is None]
        names = {**{s: n for s, n in (seated or {}).items() if s in people}, CREATOR: new.player}
        match_id, tokens, watch = store.create_match(new.player, settings, people, names, after)
        rows = {seat: SeatRow(token, names.get(seat)) for seat, token in tokens.items()}
        return cls(store, match_id, new.player, settings, rows, watch)

    @classmethod
    def load(cls, store: Store, match_id: int, upto: int | None = None) -> MatchSession | None:
        """The match as its stored events left it (or as its first ``upto`` left it)."""
        stored = store.load(match_id)
        if stored is None:
            return None
        session = cls(store, stored.id, stored.player, stored.settings, stored.seats,
                      stored.watch, stored.again)
        for seat, event in stored.events[:upto]:
            session._apply(seat, event)
        session.abandoned = stored.abandoned
        return session

    def abandon(self) -> None:
        """Give the match up (it stays stored, listed as abandoned)."""
        if self.match.finished or self.abandoned:
            raise ActionError(Reason("match_over", "the match is over already"))
        if not self.store.abandon(self.id):
            raise ActionError(Reason("cannot_abandon", "this match cannot be abandoned"))
        self.abandoned = True

    def play_again(self, new: NewMatch) -> int:
        """The id of the match played again after this one, once it is over (or
        abandoned): made the first time it is asked, as ``new`` asks (this match's
        settings, read again by the lobby's form: :func:`.form_of`), with a fresh deck and
        the same people at their seats; the same match however often it is asked."""
        if self.again is not None:
            return self.again.id
        if not (self.match.finished or self.abandoned):
            raise ActionError(Reason("match_in_play", "the match is still being played: "
                                     "play it again once it is over"))
        people = {seat: row.person for seat, row in self.seated.items()
                  if seat != CREATOR and row.person is not None}
        table = MatchSession.create(self.store, new, seated=people, after=self.id)
        self.again = NextMatch(table.id, {seat: table.token_of(seat) for seat in table.people},
                               table.watch)
        return table.id

    def close(self) -> None:
        """Let go of the computer players' outside programs (the match is unloaded,
        abandoned, or the server stops); they start again if the match is played on."""
        for bot in (*self.bots.values(), *self._autoplay_bots.values()):
            bot.close()

    @property
    def deal(self) -> Deal:
        return self.match.current

    # ----------------------------------------------------------------- people

    def seat_of(self, token: str) -> int | None:
        """The seat a secret token opens in this match, if any."""
        if not token.isascii():  # a secret is ASCII: anything else opens nothing
            return None
        for seat, row in self.seated.items():
            if secrets.compare_digest(row.token, token):
                return seat
        return None

    def watches(self, secret: str) -> bool:
        """Whether ``secret`` is this match's secret for spectators."""
        return bool(self.watch) and secret.isascii() and \
            secrets.compare_digest(self.watch, secret)

    def token_of(self, seat: int) -> str:
        """The secret of a seat people play (the invitation to it)."""
        return self.seated[seat].token

    def sit(self, seat: int, name: str) -> str:
        """Seat a person under ``name`` at one of the people's seats; returns the name as
        kept (see :func:`.person_name`: empty for a person who gave none)."""
        if seat not in self.seated:
            raise ActionError(Reason("not_a_person_seat", f"seat {seat} is played by a "
                                     "computer", seat=seat))
        name = person_name(name)
        self.store.sit(self.id, seat, name)
        self.seated[seat] = SeatRow(self.seated[seat].token, name, self.seated[seat].won)
        return name

    def free_seats(self) -> list[int]:
        """The people's seats nobody has taken yet."""
        return [seat for seat in self.people if self.seated[seat].person is None]

    # ----------------------------------------------------------------- actions

    def person_acts(self, seat: int, entered: Any) -> None:
        """The person at ``seat`` entered ``entered`` (selected cards, a named pattern, a
        play's text, a bid, a double or a pass: :func:`.entry.action_of`); check it, store
        it and apply it, or raise :class:`ActionError` (or
        :class:`~dizhu.deal.AmbiguousPlayError` with the plays the cards could make)."""
        if seat in self.autoplay:
            raise ActionError(Reason("autoplay_on", "auto-play is on: switch it off to "
                                     "play yourself"))
        action, cards = action_of(self.deal, seat, entered)
        self.submit(seat, action, cards)

    def submit(self, seat: int, action: Action, cards: list[int] | None = None,
               by_clock: bool = False) -> None:
        """Check ``action`` for ``seat`` with the engine, store it, then apply it; ``cards``
        are a person's chosen cards for a play; ``by_clock`` marks the action the turn
        clock made for a person whose time ran out."""
        self._refuse_if_abandoned()
        why = self.deal.why_illegal(action, seat)
        if why is not None:
            raise ActionError(why)
        event = action_to_json(action, cards)
        if by_clock:
            event["clock"] = True
        self._commit(seat, event)

    def next_deal(self, seat: int = CREATOR) -> None:
        """Deal the next hand once this one is over (or thrown in), as ``seat`` asks."""
        if not self.deal.is_over:
            raise ActionError(Reason("deal_in_play", "the deal is still being played"))
        if self.match.finished:
            raise ActionError(Reason("match_over", "the match is over"))
        self._commit(seat, {"next": True})

    def set_autoplay(self, seat: int, spec: Any, by: int | None = None) -> None:
        """Hand a person's seat to a computer player of a level (``None`` takes it back);
        the level is checked before anything changes. ``by``: the seat whose person asks,
        when not the seat's own (the creator, for a seat left empty)."""
        if spec is not None:
            spec = level_of(spec, "bot")
        if seat not in self.people:
            raise ActionError(Reason("not_a_person_seat", f"seat {seat} is played by a "
                                     "computer", seat=seat))
        handed = spec is not None and by is not None and by != seat
        if spec == self.autoplay.get(seat) and handed == (seat in self.handed):
            return
        self._commit(seat, {"autoplay": spec, **({"handed": True} if handed else {})})

    def returned(self, seat: int | None) -> bool:
        """A page of ``seat`` opened the table: if its seat was handed to a computer while
        its person was away, it is theirs again (True: the change is committed)."""
        if seat not in self.handed:
            return False
        self.set_autoplay(seat, None)
        return True

    def _commit(self, seat: int, event: dict[str, Any]) -> None:
        """Apply in memory, store, and undo the memory change if the store fails. With a
        grouped store the write is still going on when this returns: see :meth:`settle`."""
        self._refuse_if_abandoned()
        autoplay_before = dict(self.autoplay), dict(self._autoplay_bots), set(self.handed)
        self._apply(seat, event)
        results: list[Result] = []
        summary = None
        deal = self.deal
        if ("play" in event or "pass" in event) and deal.phase is Phase.OVER:
            sheet = deal.result
            number = len(self.match.scored_deals)
            for person in self.people:
                name = self.seated[person].person
                if name is not None:
                    role = "landlord" if sheet.landlord == person else "peasant"
                    results.append(Result(number, person, name, role,
                                          sheet.scores[person] > 0, sheet.scores[person]))
            if self.match.finished:
                summary = self.summary()

        def undo(session: MatchSession) -> None:
            session.version -= 1
            if "next" in event:
                session.match.deals.pop()
            elif "autoplay" in event:
                session.autoplay, session._autoplay_bots, session.handed = autoplay_before
            else:
                deal.pop()

        row = EventRow(self.id, self.version, seat, event, time.time(), tuple(results),
                       summary)
        self.writing = self.store.append(row)
        self._undo = undo
        if self.writing.done():  # committed (or refused) already: a store of one writer
            self.settle()

    def settle(self) -> None:
        """Once the last event's write (:attr:`writing`) is done: forget it, or, if it
        failed or was withdrawn (the database stayed locked), take the event back and raise
        the error. Nothing may act on the match or show it between an action and its
        settling."""
        writing, self.writing = self.writing, None
        undo, self._undo = self._undo, None
        if writing is None:
            return
        error = StoreBusy(self.store.wait) if writing.cancelled() else writing.exception()
        if error is not None:
            if undo is not None:
                undo(self)
            raise error

    def _refuse_if_abandoned(self) -> None:
        if self.abandoned:
            raise ActionError(Reason("match_abandoned", "this match was abandoned"))

    def _apply(self, seat: int, event: dict[str, Any]) -> None:
        if "next" in event:
            self.match.next_deal()
        elif "autoplay" in event:
            level = event["autoplay"]
            if level:
                self.autoplay[seat] = level
                self._autoplay_bots[seat] = table_bot(level)
            else:
                self.autoplay.pop(seat, None)
                self._autoplay_bots.pop(seat, None)
            if event.get("handed"):
                self.handed.add(seat)
            else:
                self.handed.discard(seat)
        else:  # an action, in the codec's JSON (older stores' forms read too)
            action, cards = decode_action(event, self.rules, self.deal.wild)
            try:
                self.deal.push(action, seat, cards)
            except IllegalActionError as e:
                raise ActionError(*e.args) from None
        self.version += 1

    # ----------------------------------------------------------------- what is due

    def pending(self) -> tuple[str, int] | None:
        """What is due without a person: ``("act", seat)`` for a computer player (or a
        person's seat on auto-play) to move, ``("next", seat)`` to deal again on behalf of
        ``seat``; ``None`` while waiting for a person (or when the match is over)."""
        deal = self.deal
        if self.match.finished or self.abandoned:
            return None
        if deal.phase is Phase.THROWN_IN:
            return ("next", CREATOR)
        if deal.phase is Phase.OVER:  # people read the score sheet, then one deals again
            playing = [seat for seat in self.people if seat not in self.autoplay]
            return None if playing else ("next", CREATOR)
        seat = deal.to_move
        if seat not in self.people or seat in self.autoplay:
            return ("act", seat)
        return None

    def person_to_move(self) -> int | None:
        """The seat of the person the deal waits for (to bid, double or play), if any."""
        deal = self.deal
        if self.match.finished or self.abandoned or deal.is_over:
            return None
        seat = deal.to_move
        return seat if seat in self.people and seat not in self.autoplay else None

    @property
    def pace(self) -> float:
        """The multiple of the server's pause chosen for this match."""
        return PACES.get(self.settings.get("pace", "normal"), 1.0)

    @property
    def clock(self) -> int:
        """Seconds a person has for a turn (0: no clock)."""
        return int(self.settings.get("clock", 0))

    def timeout_action(self, seat: int) -> Action:
        """What the clock does for a person who let their time run out: pass in the auction,
        no double, pass when following, and the first hint when leading."""
        legal = self.deal.legal_actions()
        for quiet in (PASS_BID, NO_DOUBLE, PASS):
            if quiet in legal:
                return quiet
        return self.hints(seat)[0]

    def view_for_decision(self, seat: int) -> SeatView:
        """The frozen view a computer player decides from."""
        return seat_view(self.deal, seat)

    def player_of(self, seat: int) -> Bot:
        """The computer player of ``seat`` now (a person's seat has one only on auto-play)."""
        bot = self.bots.get(seat) or self._autoplay_bots.get(seat)
        if bot is None:
            raise ActionError(Reason("no_computer", "nobody plays that seat automatically",
                                     seat=seat))
        return bot

    def level_of(self, seat: int) -> str | None:
        """The level of ``seat``'s computer player now (:data:`.form.LEVELS`), ``None`` for
        an outside program or a seat a person plays."""
        level = self.plan[seat] if seat not in self.people else self.autoplay.get(seat)
        return None if level in self.settings.get("programs", {}) else level

    def decision_seed(self) -> str:
        """What a computer player is seeded with for its decision now: a match replayed
        decides the same."""
        return f"{self.settings['seed']}:{self.version}"

    def decide(self, bot: Bot, view: SeatView) -> Action:
        """A computer player's action from ``view`` (safe in a worker thread: the view is
        a frozen copy and each seat's player is used by one task at a time)."""
        bot.reseed(self.decision_seed())
        return bot.act(view)

    def decide_from(self, seat: int, view: SeatView) -> Action:
        """The action of ``seat``'s computer player from ``view``."""
        return self.decide(self.player_of(seat), view)

    def play_due(self) -> bool:
        """Do what :meth:`pending` says is due, at once and in this thread (for a driver
        without pauses: the terminal, tests); False when nothing is due."""
        due = self.pending()
        if due is None:
            return False
        kind, seat = due
        if kind == "next":
            self.next_deal(seat)
        else:
            self.submit(seat, self.decide_from(seat, self.view_for_decision(seat)))
        return True

    def hints(self, seat: int) -> list[Play]:
        """``seat``'s legal plays, best first, judged from its own view."""
        return self.hinter.hints(seat_view(self.deal, seat))

    def coached_hints(self, seat: int) -> tuple[list[Play], Hint | None]:
        """``seat``'s hints ranked by the coach's chance to win, and why the first is good
        (:func:`dizhu.coach.coached`; slower than :meth:`hints`: imagined deals)."""
        view = seat_view(self.deal, seat)
        return coached(view, self.hinter.hints(view))

    # ----------------------------------------------------------------- what is shown

    def names(self) -> list[str | None]:
        """Each seat's name: the person sitting there (``None`` while a person's seat is
        free, empty for a person who gave no name), or the computer player's level."""
        return [self.seated[seat].person if level is None else f"{level} (computer)"
                for seat, level in enumerate(self.plan)]

    def summary(self) -> dict[str, Any]:
        totals = self.match.totals
        winners = self.match.winners
        return {"totals": totals, "winners": winners, "human_won": int(CREATOR in winners),
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

    def state(self, seat: int | None = CREATOR) -> dict[str, Any]:
        """What ``seat``'s person is shown (``None``: a spectator): that seat's view of the
        current deal (a spectator's holds no hidden card) and the public record of the match
        (finished deals are public)."""
        seen = self._seen(seat)
        return {"match": {**self._match_part(), **self._viewer_part(seat)},
                "view": {**seen.to_json(), **page_facts(seen)},
                "waiting_for": self._waiting_for()}

    def state_text(self, seat: int | None = CREATOR) -> str:
        """:meth:`state` as JSON: the very text ``json.dumps(state, ensure_ascii=False)``
        gives. The parts every page shares are encoded once for as long as they stay the
        same: the match's (most of the message, the same through a deal's play) and each
        action of the deal's history."""
        viewer = json.dumps(self._viewer_part(seat), ensure_ascii=False)[1:]
        seen = self._seen(seat)
        view = seen.to_text(**page_facts(seen))
        return f'{{"match": {self._match_text()[:-1]}, {viewer}, "view": {view}, ' \
               f'"waiting_for": {json.dumps(self._waiting_for())}}}'

    def _seen(self, seat: int | None) -> SeatView:
        return watcher_view(self.deal) if seat is None else seat_view(self.deal, seat)

    def _viewer_part(self, seat: int | None) -> dict[str, Any]:
        """The fields of the state's ``match`` that differ from page to page: the page's
        seat, its auto-play, and once the match is played again, the way to the next one
        (its seat's secret there; a spectator's, the spectators' secret)."""
        return {"seat": seat, "autoplay": None if seat is None else self.autoplay.get(seat),
                "again": self._again_for(seat)}

    def _again_for(self, seat: int | None) -> dict[str, Any] | None:
        again = self.again
        if again is None:
            return None
        if seat is None:
            return {"match": again.id, "watch": again.watch}
        token = again.tokens.get(seat)
        return {"match": again.id, **({"token": token} if token else {})}

    def _match_text(self) -> str:
        """:meth:`_match_part` as JSON, encoded again only when something in it may have
        changed: a deal dealt, played out, thrown in or taken back, a person sitting down,
        auto-play, the match abandoned (all else in it is the match's settings)."""
        deal = self.deal
        key = (len(self.match.deals), deal, deal.phase, deal.result, tuple(self.names()),
               tuple(sorted(self.autoplay.items())), self.abandoned)
        if self._match_memo is None or self._match_memo[0] != key:
            self._match_memo = (key, json.dumps(self._match_part(), ensure_ascii=False))
        return self._match_memo[1]

    def _match_part(self) -> dict[str, Any]:
        """The state's ``match`` that every page shares."""
        match = self.match
        numbers = self.deal_numbers()
        sheets = [{"index": i, "number": numbers[i], **d.result.to_json(),
                   **({"bomb_kinds": bomb_kinds(d)} if self.rules.wild_ranks else {})}
                  for i, d in enumerate(match.deals) if d.phase is Phase.OVER]
        return {
            "id": self.id, "player": self.player, "names": self.names(),
            "people": list(self.people), "bots": [level for level in self.plan[1:]],
            "ruleset": self.rules.name, "seats": self.rules.seats,
            "patterns": [shape.to_json(self.rules.combos)
                         for shape in shapes(self.rules.combos, bool(self.rules.wild_ranks))],
            "wild_ranks": self.rules.wild_ranks,
            "bomb_sizes": list(self.rules.combos.bomb_sizes),
            "doubling_bomb": self.rules.combos.doubling_bomb,
            "mode": self.settings["mode"], "target": self.settings["target"],
            "doubling": self.settings["doubling"],
            "distinct_kickers": self.settings["distinct_kickers"],
            "deal_index": len(match.deals) - 1, "deal_number": numbers[-1],
            "scored": len(match.scored_deals), "totals": match.totals,
            "finished": match.finished, "winners": match.winners,
            "autoplays": {str(s): level for s, level in sorted(self.autoplay.items())},
            "sheets": sheets, "abandoned": self.abandoned,
            "clock": self.clock, "pace": self.settings.get("pace", "normal"),
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


BOMB_CLASSES = (Kind.SOFT_BOMB, Kind.BOMB, Kind.WILD_BOMB, Kind.ROCKET)
"""The classes of bomb a deal with wild cards names on its score sheet, low to high."""


def bomb_kinds(deal: Deal) -> dict[str, int]:
    """How many plays of each bomb class (:data:`BOMB_CLASSES`) a deal saw, by kind: each
    doubled the stake (docs/rulesets.md, Wild cards)."""
    played = [action.kind for _, action in deal.history
              if isinstance(action, Play) and action.kind in BOMB_CLASSES]
    return {kind.label: played.count(kind) for kind in BOMB_CLASSES}


def page_facts(seen: SeatView) -> dict[str, Any]:
    """What a page is told beside the view, so that it decides no rule: the kinds it may
    play now, the plays its pattern picker may name, and whether nothing in its hand beats
    the trick (one tap passes)."""
    return {"playable_kinds": playable_kinds(seen), "pattern_plays": pattern_plays(seen),
            "cannot_beat": seen.cannot_beat}


def playable_kinds(seen: SeatView) -> list[str]:
    """The kinds of play among the seat's legal actions (the page's pattern buttons)."""
    return sorted({a.kind.label for a in seen.legal if isinstance(a, Play) and not a.is_pass})


def pattern_plays(seen: SeatView) -> dict[str, list[list]]:
    """The seat's legal plays as its pattern picker names them, by kind: for each, the
    lowest rank of the main run, the length, a bomb's size where bombs vary and the wing
    ranks (:meth:`.Naming.to_json`), the main ranks in order; the first play of each main
    rank, length and size adds its main run's cards by rank (:func:`.main_part`), which its
    others share. The
    page offers only these, and marks in the hand the cards the answers so far put on the
    table: it knows no rule."""
    found: dict[str, list[list]] = {}
    runs: set[tuple] = set()
    ruleset = seen.rules.name
    legal = seen.legal
    if seen.wild:  # the main ranks in order; the first play of a run, whose cards the page
        # marks: the fewest wild
        legal = sorted(legal, key=lambda a: (a.main, sum(count_of(a.cards, w) for w in seen.wild))
                       if isinstance(a, Play) else (-1, 0))
    for action in legal:
        if isinstance(action, Play) and action.kind is not Kind.PASS:
            named = _named(action, ruleset, seen.wild)
            run = (action.kind, *named[:3])
            found.setdefault(action.kind.label, []).append(
                list(named if run not in runs else named[:4]))
            runs.add(run)
    return found


@lru_cache(maxsize=8192)
def _named(play: Play, ruleset: str, wild: tuple[int, ...] = ()) -> tuple:
    """:func:`.naming` as JSON with the main run's physical cards, kept for the plays met
    again (a hand leads many times); with wild ranks, the run named is what the cards stand
    for and its cards are the physical ones (:func:`.physical_main`)."""
    named = naming(play, find_ruleset(ruleset).combos, wild).to_json()
    return (*named, format_ranks(physical_main(play, wild) if wild else main_part(play)))
