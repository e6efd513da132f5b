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
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from .auction import DOUBLE, NO_DOUBLE, Bid, Double, bid_of
from .cards import card_text, parse_card
from .combos import PASS
from .deal import Action
from .rules import CLASSIC, RuleSet


def action_text(action: Action) -> str:
    """An action as text, unique among all actions of a ruleset."""
    return action.text


def parse_action(text: str, rules: RuleSet = CLASSIC) -> Action:
    """The action a text names (as :func:`action_text` writes it; any case, spaces
    trimmed). Raises ``ValueError`` (``InvalidPlayError`` for plays) saying why."""
    words = text.strip().lower().split()
    if len(words) == 2 and words[0] == "bid":
        return bid_of(words[1])
    if words == ["double"]:
        return DOUBLE
    if words == ["no", "double"]:
        return NO_DOUBLE
    return rules.parse_play(text)


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


def action_from_json(data: Any, rules: RuleSet = CLASSIC) -> Action:
    """The action of :func:`action_to_json`'s form (or an older one: :func:`decode_action`),
    its cards left aside. Raises ``ValueError`` saying why."""
    return decode_action(data, rules)[0]


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

    def action(self, action_id: int) -> Action:
        """The action of an id (``IndexError`` outside 0..len-1)."""
        if not 0 <= action_id < len(self.actions):
            raise IndexError(f"{self.ruleset} has action ids 0..{len(self.actions) - 1}, "
                             f"not {action_id}")
        return self.actions[action_id]

    def text(self, action_id: int) -> str:
        return action_text(self.action(action_id))

    def id_of_text(self, text: str, rules: RuleSet) -> int:
        return self.id_of(parse_action(text, rules))


@cache
def _ids_of(kind: type[RuleSet]) -> ActionIds:
    rules = kind()
    actions: list[Action] = [*rules.auction.answers, NO_DOUBLE, DOUBLE, PASS]
    actions += rules.universe.all_plays()
    return ActionIds(rules.name, tuple(actions))


def action_ids(rules: RuleSet = CLASSIC) -> ActionIds:
    """The ids of ``rules``' actions (whatever its options)."""
    return _ids_of(type(rules))
