"""Where an episode starts: the deal of ``reset(seed=..., options=...)``, in both
environments.

Without options (or with only ``landlord``) a new deal is shuffled (the key ``options`` is
ignored: PettingZoo's ``api_test`` sends it to check that ``reset`` takes options).
Otherwise one of these gives the start (the engine builds and checks the deal; a bad
option is a ``ValueError`` that names it):

- ``hands`` and ``kitty``: the cards, each hand and the kitty as suited cards
  (``"3s Th B"``, or a list of card ids) or as ranks (``"3TB"``: suits are then given).
  Play-only environments start the play with ``landlord`` (the option, else the
  environment's, else a seat drawn) holding the kitty at a stake of ``bid`` (1 by
  default); with ``auction=True`` the auction starts from ``opening`` (else drawn).
- ``deal``: a :class:`~dizhu.deal.Deal` of the environment's ruleset, not over: the
  episode goes on from a copy of it, as it stands.
- ``record``: a record as ``dizhu play --record`` writes it (its file's path, its JSON
  text, or the record itself as :func:`~dizhu.record.deal_to_record` gives it), at its
  start or after ``step`` of its actions (bids, doubles, plays and passes).
- ``position``: a :class:`~dizhu.position.Position` or its text
  (``"33445/6789TT/JQKA22 0 1 0:pair:44"``): the play from that moment, every hand given
  (:meth:`~dizhu.deal.Deal.from_position`), at a stake of ``bid``.
- ``douzero``: one deal of DouZero's evaluation data (``generate_eval_data.py``: a dict of
  ``landlord`` (20 cards, the kitty's among them), ``landlord_down`` and ``landlord_up``
  (17 each: the seat after the landlord and the one before), ``three_landlord_cards``;
  cards numbered 3..14, 17 for the 2s, 20 and 30 for the small and big jokers), played
  from ``landlord`` as with ``hands``. Play-only environments of three seats, one pack.
"""

from __future__ import annotations

import os
import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..cards import DECK_SIZE, UNIT, InvalidCardsError, contains, faces_for, parse_card
from ..deal import Deal
from ..position import Position
from ..record import RecordError, replay
from ..rules import RuleSet
from .core import new_deal

STARTS = ("hands", "deal", "record", "position", "douzero")
"""The options that say where an episode starts (one at most)."""
GOES_WITH = {
    "kitty": ("hands",),
    "opening": ("hands",),
    "landlord": (None, "hands", "douzero"),
    "bid": ("hands", "position", "douzero"),
    "step": ("record",),
}
"""The other options, and the starts each goes with (``None``: a new deal)."""
PROBE = "options"
"""The one key that is not an option and is ignored: PettingZoo's ``api_test`` resets with
``options={"options": 1}`` to check that ``reset`` takes options."""
DOUZERO_RANKS = {**{n: n - 3 for n in range(3, 15)}, 17: 12, 20: 13, 30: 14}
"""DouZero's card numbers as dizhu's ranks (3 is rank 0, the 2 is 12, the jokers 13, 14)."""
DOUZERO_SIZES = {"landlord": 20, "landlord_down": 17, "landlord_up": 17,
                 "three_landlord_cards": 3}


class Options:
    """Reading one ``reset`` options dict: each value checked, errors naming the option."""

    def __init__(self, options: Mapping[str, Any], rules: RuleSet, auction: bool,
                 landlord: int | None, rng: random.Random) -> None:
        self.options = options
        self.rules = rules
        self.auction = auction
        self.landlord = landlord
        self.rng = rng

    @staticmethod
    def error(name: str, why: object) -> ValueError:
        return ValueError(f"reset option {name!r}: {why}")

    def seat(self, name: str) -> int | None:
        value = self.options.get(name)
        seats = self.rules.seats
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < seats:
            raise self.error(name, f"a seat 0..{seats - 1}, not {value!r}")
        return value

    def stake(self) -> int:
        bid = self.options.get("bid", 1)
        stakes = self.rules.auction.stakes(self.rules.seats)
        if bid not in stakes or isinstance(bid, bool):
            raise self.error("bid", f"the stake the auction of {self.rules.name} ended with: "
                                    f"{', '.join(map(str, stakes))}, not {bid!r}")
        return bid

    def play_only(self, start: str) -> int:
        """The landlord of a play-only start, after checking that the environment plays
        without the auction."""
        if self.auction:
            raise self.error(start, "with auction=True the auction decides the landlord: "
                                    "give 'hands', 'kitty' and 'opening' instead")
        landlord = self.seat("landlord")
        if landlord is None:
            landlord = self.landlord
        return self.rng.randrange(self.rules.seats) if landlord is None else landlord


def episode_deal(options: Mapping[str, Any] | None, rng: random.Random, rules: RuleSet,
                 auction: bool, landlord: int | None) -> Deal:
    """The deal an episode starts with: as ``options`` say (the module's list), or a new
    one shuffled with ``rng``."""
    if options is not None and not isinstance(options, Mapping):
        raise ValueError(f"reset's options are a dict, not {type(options).__name__}")
    if options and PROBE in options:
        options = {name: value for name, value in options.items() if name != PROBE}
    if not options:
        return new_deal(rng, rules, auction, landlord)
    known = (*STARTS, *GOES_WITH)
    for name in options:
        if name not in known:
            raise ValueError(f"reset option {name!r} is unknown: the options are "
                             f"{', '.join(map(repr, known))}")
    starts = [name for name in STARTS if name in options]
    if len(starts) > 1:
        raise ValueError(f"reset options {starts[0]!r} and {starts[1]!r} each say where the "
                         "episode starts: give one")
    start = starts[0] if starts else None
    for name in options:
        if name in GOES_WITH and start not in GOES_WITH[name]:
            goes = " or ".join(repr(s) for s in GOES_WITH[name] if s is not None)
            raise ValueError(f"reset option {name!r} goes with {goes}")
    read = Options(options, rules, auction, landlord, rng)
    if start is None:
        if auction and "landlord" in options:
            raise read.error("landlord", "with auction=True the auction decides the landlord")
        chosen = read.seat("landlord")
        return new_deal(rng, rules, auction, landlord if chosen is None else chosen)
    deal = _STARTERS[start](read, options[start])
    if deal.is_over:
        raise read.error(start, "that deal is over: an episode starts before its end")
    return deal


# ----------------------------------------------------------------- the starts

def _from_hands(read: Options, hands: Any) -> Deal:
    rules = read.rules
    if "kitty" not in read.options:
        raise read.error("kitty", "missing: 'hands' goes with the kitty's cards")
    if not isinstance(hands, Sequence) or isinstance(hands, str) or \
            len(hands) != rules.seats:
        raise read.error("hands", f"one hand per seat ({rules.seats}), each its cards")
    parts = [_cards(read, "hands", h) for h in hands] + [_cards(read, "kitty",
                                                                read.options["kitty"])]
    if all(isinstance(p, list) for p in parts):
        faces = parts
    elif any(isinstance(p, list) for p in parts):
        raise read.error("hands", "give every hand and the kitty as suited cards, or every "
                                  "one as ranks")
    else:
        try:
            faces = faces_for(parts, rules.packs)
        except InvalidCardsError as e:
            raise read.error("hands", e) from None
    return _dealt(read, "hands", faces[:-1], faces[-1])


def _dealt(read: Options, start: str, hands: list, kitty: list) -> Deal:
    """A deal of these suited cards: its auction from ``opening``, or its play."""
    rules, rng = read.rules, read.rng
    suit_seed = rng.getrandbits(64)
    try:
        if read.auction:
            for name in ("landlord", "bid"):
                if name in read.options:
                    raise read.error(name, "with auction=True the auction decides it")
            opening = read.seat("opening")
            if opening is None:
                opening = rng.randrange(rules.seats)
            return Deal(hands, kitty, opening, rules, suit_seed)
        if "opening" in read.options:
            raise read.error("opening", "an auction's opening seat: the environment plays "
                                        "without the auction (auction=False)")
        return Deal.at_play(hands, kitty, read.play_only(start), read.stake(), rules,
                            suit_seed)
    except ValueError as e:
        if str(e).startswith("reset option"):
            raise
        raise read.error(start, e) from None


def _cards(read: Options, name: str, value: Any) -> list[int] | int:
    """Suited cards (a list of faces) or rank counts (an int), as the value is written."""
    if isinstance(value, str):
        try:
            return [parse_card(token) for token in value.replace(",", " ").split()]
        except InvalidCardsError:
            pass
        try:
            return read.rules.parse_ranks(value)
        except ValueError:
            raise read.error(name, f"cannot read {value!r}: write suited cards such as "
                                   "'3s Th B', or ranks such as '3TB'") from None
    if isinstance(value, Sequence) and all(isinstance(c, int) and not isinstance(c, bool)
                                           for c in value):
        if not all(0 <= c < DECK_SIZE for c in value):
            raise read.error(name, f"card ids are 0..{DECK_SIZE - 1}")
        return list(value)
    raise read.error(name, f"cards as text or a list of card ids, not {value!r}")


def _from_deal(read: Options, deal: Any) -> Deal:
    if not isinstance(deal, Deal):
        raise read.error("deal", f"a dizhu Deal, not {type(deal).__name__}")
    _same_rules(read, "deal", deal.rules)
    return deal.copy()


def _same_rules(read: Options, name: str, rules: RuleSet) -> None:
    if rules != read.rules:
        raise read.error(name, f"a deal of {rules.describe()}, and this environment plays "
                               f"{read.rules.describe()}")


def _from_record(read: Options, record: Any) -> Deal:
    if isinstance(record, os.PathLike) or \
            (isinstance(record, str) and not record.lstrip().startswith("{")):
        path = Path(record)
        try:
            record = path.read_text(encoding="utf-8")
        except OSError as e:
            raise read.error("record", f"cannot read {path}: {e.strerror or e}") from None
        except UnicodeDecodeError:
            raise read.error("record", f"{path} is not a text file: a record is JSON") from None
    elif not isinstance(record, (str, dict)):
        raise read.error("record", "a record's file, its JSON text, or the record itself "
                                   f"(a dict), not {type(record).__name__}")
    try:
        deal = replay(record)
    except RecordError as e:
        raise read.error("record", e) from None
    _same_rules(read, "record", deal.rules)
    step = read.options.get("step", 0)
    actions = len(deal.history)
    last = actions - 1 if deal.is_over else actions  # an episode starts before the end
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= last:
        raise read.error("step", f"how many of the record's {actions} actions come before "
                                 f"the episode: 0..{last}, not {step!r}")
    for _ in range(actions - step):
        deal.pop()
    return deal


def _from_position(read: Options, position: Any) -> Deal:
    rules = read.rules
    if read.auction:
        raise read.error("position", "a position is in the play: use an environment without "
                                     "the auction (auction=False)")
    if isinstance(position, str):
        try:
            position = Position.from_text(position, rules)
        except ValueError as e:
            raise read.error("position", e) from None
    elif not isinstance(position, Position):
        raise read.error("position", f"a dizhu Position or its text, not "
                                     f"{type(position).__name__}")
    _same_rules(read, "position", position.rules)
    bid = read.stake()
    try:
        return Deal.from_position(position, bid, read.rng.getrandbits(64))
    except ValueError as e:
        raise read.error("position", e) from None


def _from_douzero(read: Options, data: Any) -> Deal:
    rules = read.rules
    if rules.seats != 3 or rules.packs != 1:
        raise read.error("douzero", f"DouZero's deals have three seats and one pack, and "
                                    f"{rules.name} is played by {rules.seats} with "
                                    f"{rules.packs} packs")
    if not isinstance(data, Mapping) or set(data) != set(DOUZERO_SIZES):
        raise read.error("douzero", "a dict of 'landlord', 'landlord_down', 'landlord_up' "
                                    "and 'three_landlord_cards', as DouZero's "
                                    "generate_eval_data.py writes each deal")
    ranks = {}
    for key, size in DOUZERO_SIZES.items():
        cards = data[key]
        if not isinstance(cards, Sequence) or len(cards) != size or \
                any(c not in DOUZERO_RANKS for c in cards):
            raise read.error("douzero", f"{key!r} is {size} cards numbered 3..14, 17, 20 "
                                        "or 30")
        ranks[key] = sum(UNIT[DOUZERO_RANKS[c]] for c in cards)
    kitty = ranks["three_landlord_cards"]
    if not contains(ranks["landlord"], kitty):
        raise read.error("douzero", "the landlord's 20 cards hold the three kitty cards")
    landlord = read.play_only("douzero")
    seats = rules.seats  # the seat after the landlord plays second: DouZero's "down"
    seated = [0] * seats
    seated[landlord] = ranks["landlord"] - kitty
    seated[(landlord + 1) % seats] = ranks["landlord_down"]
    seated[(landlord + 2) % seats] = ranks["landlord_up"]
    try:
        faces = faces_for([*seated, kitty], rules.packs)
    except InvalidCardsError as e:
        raise read.error("douzero", e) from None
    return _dealt(read, "douzero", faces[:3], faces[3])


_STARTERS = {"hands": _from_hands, "deal": _from_deal, "record": _from_record,
             "position": _from_position, "douzero": _from_douzero}
