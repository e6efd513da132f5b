"""Actions: one codec for bids, doubles, plays and passes, and stable integer ids per ruleset.

Text: ``bid 2``, ``bid pass``, ``bid call``, ``bid rob`` (auction answers), ``double`` and
``no double`` (for the landlord: redouble or not), ``pair 33`` or ``pass`` (plays).

JSON (:func:`action_to_json`, :func:`decode_action`), the one shape that records, the
store, the server's messages, views and the bot protocol all use::

    {"bid": "2"}    {"double": true}    {"play": "pass"}
    {"play": "pair 33", "cards": ["3s", "3h"]}

``cards`` are the physical cards a play took from the hand, where they are known (a play
named by its ranks alone leaves the suits to the engine). Older forms still read:
``{"pass": true}`` (the store before its version 5), ``cards`` as one string of texts
(records of version 2, the store before version 5), ``with`` for ``cards`` (pages before),
and bids as numbers (version 1 records, 0 for a pass).

Ids (:func:`action_ids`): every action a ruleset can ever have, numbered from 0 in a fixed
order: its auction's answers (in the protocol's order), ``no double``, ``double``, the pass,
then every play of its universe, kinds in the rule book's order and each kind in the order
the universe builds it. Options never change ids (an option only makes some actions illegal),
so a learning environment has one ``Discrete`` space per ruleset. The ids of each ruleset
are pinned by a test (a digest of the whole table), so any change shows.

The rulesets with wild cards (``laizi``, ``tiandi``) have too many plays for a table: their
ids (:class:`WildActionIds`) are a formula, the same prefix (the auction's answers, the
doubling, the pass), then one id per kind and physical cards, ``play_base + kind_slot *
CODES + code(cards)``: ``code`` the mixed-radix number of the physical rank counts (ranks
3..2 radix 5, the 3s lowest; each joker radix 2), ``kind_slot`` the kind's place among the
ruleset's kinds. Which play an id is depends on the deal's wild ranks (the same cards read
otherwise, or not at all, under another), so :meth:`WildActionIds.play` takes the deal's
moves (``rules.moves(wild)``) or its position.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable
from functools import cache
from typing import Any

from .auction import DOUBLE, NO_DOUBLE, Bid, Double, bid_of
from .cards import (
    NUM_RANKS,
    TWO,
    UNIT,
    card_text,
    format_ranks,
    parse_card,
    size,
)
from .combos import PASS, WILD_KINDS, InvalidPlayError, Kind, Play
from .deal import Action
from .position import Position
from .rules import CLASSIC, RuleSet
from .wild import wild_with_joker


def action_text(action: Action) -> str:
    """An action as text, unique among all actions of a ruleset."""
    return action.text


def parse_action(text: str, rules: RuleSet = CLASSIC, wild: tuple[int, ...] = ()) -> Action:
    """The action a text names (as :func:`action_text` writes it; any case, spaces
    trimmed), a play read with the deal's wild ranks ``wild``. Raises ``ValueError``
    (``InvalidPlayError`` for plays) saying why."""
    words = text.strip().lower().split()
    if len(words) == 2 and words[0] == "bid":
        return bid_of(words[1])
    if words == ["double"]:
        return DOUBLE
    if words == ["no", "double"]:
        return NO_DOUBLE
    return rules.parse_play(text, wild)


def action_to_json(action: Action, cards: Iterable[int] | None = None) -> dict[str, Any]:
    """``{"bid": "2"}``, ``{"double": true}``, ``{"play": "pass"}`` or ``{"play": "pair 33"}``;
    a play's physical ``cards`` (suited ids), when given, as ``"cards": ["3s", "3h"]``."""
    if isinstance(action, Bid):
        return {"bid": action.token}
    if isinstance(action, Double):
        return {"double": action.yes}
    if action.is_pass or cards is None:
        return {"play": action.text}
    return {"play": action.text, "cards": [card_text(c) for c in cards]}


def reading_of(action: Action) -> dict[str, str]:
    """What a play's wild cards stood for, as the protocol and views say it: ``{"as":
    "45678"}`` for ``straight 45688`` with wild 8; empty for a play that reads as its own
    cards (every play without a wild card standing in), a pass, a bid or a double."""
    if isinstance(action, Play) and action.stands_for != action.cards:
        return {"as": format_ranks(action.stands_for)}
    return {}


def action_from_json(data: Any, rules: RuleSet = CLASSIC, wild: tuple[int, ...] = ()) -> Action:
    """The action of :func:`action_to_json`'s form (or an older one: :func:`decode_action`),
    its cards left aside, a play read with the deal's wild ranks ``wild``. Raises
    ``ValueError`` saying why."""
    return decode_action(data, rules, wild)[0]


def decode_action(data: Any, rules: RuleSet = CLASSIC,
                  wild: tuple[int, ...] = ()) -> tuple[Action, list[int] | None]:
    """The action of :func:`action_to_json`'s form and its physical cards (``None`` when the
    object names none, and always for a pass, a bid or a double), a play read with the
    deal's wild ranks ``wild``; the older forms of the module's docstring read too. Raises
    ``ValueError`` (``InvalidPlayError``, ``InvalidCardsError``) saying why."""
    if not isinstance(data, dict):
        raise ValueError("an action is an object: {\"bid\": ...}, {\"double\": ...} or "
                         "{\"play\": ...}")
    data = current_form(data)
    if "bid" in data:
        return bid_of(data["bid"]), None
    if "double" in data:
        if not isinstance(data["double"], bool):
            raise ValueError(f"double is true or false, not {data['double']!r}")
        return (DOUBLE if data["double"] else NO_DOUBLE), None
    if "play" in data:
        play = rules.parse_play(str(data["play"]), wild)
        if play.is_pass:
            return PASS, None
        cards = data.get("cards")
        return play, None if cards is None else [parse_card(str(c)) for c in cards]
    raise ValueError("unknown action: give a bid, a double or a play")


def current_form(data: dict[str, Any]) -> dict[str, Any]:
    """An action object in the codec's form, its other fields kept: the older forms of the
    module's docstring rewritten (``{"pass": true}``, ``with``, cards as one string); an
    object in the current form comes back as it is."""
    if data.get("pass") is True and "play" not in data:
        data = {"play": "pass", **{k: v for k, v in data.items() if k != "pass"}}
    if "with" in data and "cards" not in data:
        data = {**{k: v for k, v in data.items() if k != "with"}, "cards": data["with"]}
    cards = data.get("cards")
    if isinstance(cards, str):
        data = {**data, "cards": cards.split()}
    elif cards is not None and not isinstance(cards, list):
        raise ValueError(f"cards are a list of card texts, not {cards!r}"[:80])
    return data


class ActionIds:
    """The stable integer ids of one ruleset's actions, both ways."""

    __slots__ = ("_index", "actions", "ruleset")

    def __init__(self, ruleset: str, actions: tuple[Action, ...]) -> None:
        self.ruleset = ruleset
        self.actions = actions
        """``actions[i]`` is the action of id ``i``."""
        self._index = {a: i for i, a in enumerate(actions)}

    def __len__(self) -> int:
        return len(self.actions)

    def __repr__(self) -> str:
        return f"<ActionIds {self.ruleset}: {len(self.actions)} actions>"

    def id_of(self, action: Action) -> int:
        """The id of an action (``KeyError`` for one this ruleset cannot have)."""
        try:
            return self._index[action]
        except KeyError:
            raise KeyError(f"{action_text(action)!r} is no action of {self.ruleset}") from None

    def action(self, action_id: int, moves: Any = None) -> Action:
        """The action of an id (``IndexError`` outside 0..len-1); ``moves`` is for the
        interface of :class:`WildActionIds` (a play's id here names one play whatever the
        deal)."""
        if not 0 <= action_id < len(self.actions):
            raise IndexError(f"{self.ruleset} has action ids 0..{len(self.actions) - 1}, "
                             f"not {action_id}")
        return self.actions[action_id]

    def text(self, action_id: int) -> str:
        return action_text(self.action(action_id))

    def id_of_text(self, text: str, rules: RuleSet) -> int:
        return self.id_of(parse_action(text, rules))

    def digest(self) -> str:
        """The sha256 of every id's text, one per line, in id order: what a trained model
        ties itself to (a test pins it per ruleset)."""
        return _sha256("\n".join(action_text(a) for a in self.actions))


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


RADIX = (5,) * (TWO + 1) + (2,) * (NUM_RANKS - TWO - 1)
"""The radix of each rank's count in a code: 0..4 cards of 3..2, 0..1 of each joker."""
WEIGHTS = tuple(math.prod(RADIX[:r]) for r in range(NUM_RANKS))
"""The weight of each rank's count in a code (the 3s lowest)."""
CODES = math.prod(RADIX)
"""How many codes there are: every set of physical cards one pack holds, 4,882,812,500."""


_JOKER_WEIGHT = WEIGHTS[TWO + 1]
_MOST_OWNED = 1 << 16
"""The most plays whose ids :class:`WildActionIds` remembers by identity."""


def code_of(cards: int) -> int:
    """The code of physical cards (rank counts of one pack, at most 4 of a rank and 1 of
    each joker): a mixed-radix number. Rank counts in hex are one digit per rank, the red
    joker first, so the ranks 2..3 are the code's base-5 digits as they stand."""
    digits = f"{cards:015x}"
    return int(digits[2:], 5) + _JOKER_WEIGHT * (int(digits[1]) + 2 * int(digits[0]))


def cards_of_code(code: int) -> int:
    """The rank counts a code names (:func:`code_of` back)."""
    cards = 0
    for r in range(NUM_RANKS):
        code, count = divmod(code, RADIX[r])
        cards += count * UNIT[r]
    return cards


class WildActionIds:
    """The ids of a ruleset with wild cards, by formula (the module's docstring): the
    interface of :class:`ActionIds`, but which play a play's id is depends on the deal's
    wild ranks, so :meth:`play` and :meth:`action` take the deal's moves or position."""

    __slots__ = ("_fits", "_index", "_kind_slot", "_most", "_owned", "_slots", "kinds",
                 "play_base", "prefix", "ruleset", "size")

    def __init__(self, rules: RuleSet) -> None:
        self.ruleset = rules.name
        self.prefix: tuple[Action, ...] = (*rules.auction.answers, NO_DOUBLE, DOUBLE, PASS)
        """The ids before the plays: the auction's answers, the doubling, the pass."""
        self._index = {a: i for i, a in enumerate(self.prefix)}
        self.play_base = len(self.prefix)
        """The id of the first play: the kind of the first slot and no cards."""
        self.kinds: tuple[Kind, ...] = tuple(sorted(rules.combos.kinds | WILD_KINDS))
        """The kinds in slot order: the ruleset's kinds in the rule book's order."""
        self._kind_slot = {kind: slot for slot, kind in enumerate(self.kinds)}
        self._slots = tuple(self._kind_slot.get(kind, -1) for kind in Kind)
        """By kind number, its slot (-1: none)."""
        self._fits = rules.combos.fits
        self._most = rules.combos.max_play
        self._owned: dict[int, tuple[Play, int]] = {}
        """By the identity of a play that a deal's moves own (``play.id >= 0``), the play
        (held, so that no other object takes its identity) and its id; at most
        :data:`_MOST_OWNED`, then started afresh."""
        self.size = self.play_base + len(self.kinds) * CODES

    def __len__(self) -> int:
        return self.size

    def __repr__(self) -> str:
        return f"<WildActionIds {self.ruleset}: {self.size} ids>"

    def digest(self) -> str:
        """The sha256 of the formula's parts (the prefix's texts, the kinds in slot order,
        the number of codes): too many ids for a table, the same tie as
        :meth:`ActionIds.digest`."""
        return _sha256("\n".join([*(action_text(a) for a in self.prefix),
                                   *(k.name for k in self.kinds), str(CODES)]))

    def id_of(self, action: Action) -> int:
        """The id of an action (``KeyError`` for one this ruleset cannot have)."""
        if action.__class__ is Play and action.cards:  # type: ignore[union-attr]
            slot = self._slots[action.kind]  # type: ignore[union-attr]
            if slot >= 0 and self._fits(action.cards):  # type: ignore[union-attr]
                return self.play_base + slot * CODES + code_of(action.cards)  # type: ignore[union-attr]
        found = self._index.get(action)
        if found is None:
            raise KeyError(f"{action_text(action)!r} is no action of {self.ruleset}")
        return found

    def ids_of(self, actions: Iterable[Action]) -> list[int]:
        """The ids of ``actions``, in order (a play the moves own looked up by identity)."""
        owned = self._owned
        found = []
        for action in actions:
            known = owned.get(id(action))
            if known is None:
                number = self.id_of(action)
                if action.__class__ is Play and action.id >= 0:  # type: ignore[union-attr]
                    if len(owned) >= _MOST_OWNED:
                        owned.clear()
                    owned[id(action)] = action, number  # type: ignore[assignment]
                found.append(number)
            else:
                found.append(known[1])
        return found

    def kind_and_cards(self, action_id: int) -> tuple[Kind, int]:
        """The kind and physical cards (rank counts) a play's id names; ``IndexError`` for
        an id outside the space or one of the prefix."""
        if not self.play_base <= action_id < self.size:
            raise IndexError(f"{action_id} is no play id of {self.ruleset}: those are "
                             f"{self.play_base}..{self.size - 1}")
        slot, code = divmod(action_id - self.play_base, CODES)
        return self.kinds[slot], cards_of_code(code)

    def play(self, action_id: int, moves: Any) -> Play | None:
        """The play an id is in a deal whose moves are ``moves`` (``rules.moves(wild)``,
        or a :class:`~dizhu.position.Position`, whose ``moves`` are taken): its kind's
        strongest reading of its cards with the deal's wild ranks, ``None`` if they are no
        such combination there."""
        if isinstance(moves, Position):
            moves = moves.moves
        kind, cards = self.kind_and_cards(action_id)
        if not cards or size(cards) > self._most:  # no play: not read at all
            return None
        return moves.play_of(kind, cards)

    def action(self, action_id: int, moves: Any = None) -> Action:
        """The action of an id; a play's needs the deal's ``moves`` (as :meth:`play`). An
        id outside the space is an ``IndexError``; an id that is no play with those wild
        ranks an ``InvalidPlayError`` saying why."""
        if 0 <= action_id < self.play_base:
            return self.prefix[action_id]
        kind, cards = self.kind_and_cards(action_id)
        if moves is None:
            raise ValueError(f"action {action_id} ({kind.label} {format_ranks(cards)}) is "
                             "a play: which one depends on the deal's wild ranks; give the "
                             "deal's moves, rules.moves(wild)")
        if isinstance(moves, Position):
            moves = moves.moves
        play = self.play(action_id, moves)
        if play is None:
            drawn = getattr(moves, "wild", ())
            wild = RuleSet.wild_text(drawn) or "(none drawn yet)"
            joker = wild_with_joker(cards, drawn)
            raise InvalidPlayError(f"{self.text(action_id)} is no {kind.label} with the wild "
                                   f"ranks {wild}" + (": a wild card stands for any rank 3 to "
                                                      "2, never a joker" if joker else ""))
        return play

    def text(self, action_id: int) -> str:
        """An id as text (a play's by its kind and physical cards, whatever the wild
        ranks: ``straight 34568``)."""
        if 0 <= action_id < self.play_base:
            return action_text(self.prefix[action_id])
        kind, cards = self.kind_and_cards(action_id)
        return f"{kind.label} {format_ranks(cards) or '(no cards)'}"

    def id_of_text(self, text: str, rules: RuleSet) -> int:
        """The id of an action's text (a play's ``KIND CARDS`` need not read as that kind
        with any wild rank: the id names the kind and the cards)."""
        words = text.strip().lower().split()
        if len(words) == 2 and words[0] != "bid" and words[1] != "double":
            kind = Kind.from_label(words[0])
            slot = self._kind_slot.get(kind)
            if slot is None:
                raise KeyError(f"{kind.label} is no kind of {self.ruleset}")
            return self.play_base + slot * CODES + code_of(rules.parse_ranks(words[1]))
        return self.id_of(parse_action(text, rules))


@cache
def _ids_of(kind: type[RuleSet]) -> ActionIds | WildActionIds:
    rules = kind()
    if rules.wild_ranks:
        return WildActionIds(rules)
    actions: list[Action] = [*rules.auction.answers, NO_DOUBLE, DOUBLE, PASS]
    actions += rules.universe.all_plays()
    return ActionIds(rules.name, tuple(actions))


def action_ids(rules: RuleSet = CLASSIC) -> ActionIds | WildActionIds:
    """The ids of ``rules``' actions (whatever its options): a table, or for a ruleset with
    wild cards the formula of :class:`WildActionIds`."""
    return _ids_of(type(rules))
