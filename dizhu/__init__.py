"""dizhu: Dou Dizhu (Fight the Landlord): a rules engine for a family of rulesets, computer
players, an arena and a browser game.

The main names are here, as python-chess keeps its own::

    >>> import dizhu
    >>> deal = dizhu.Deal.shuffled(seed=42, opening=0, rules=dizhu.find_ruleset("four"))
    >>> deal.push(dizhu.BID[3])
    >>> deal.left
    [33, 25, 25, 25]

Hands are ints of rank counts (:func:`parse_ranks`); plays are :class:`Play` values; a
:class:`RuleSet` (``CLASSIC``, ``ROB``, ``FOUR``) owns everything that makes its game; a
:class:`Deal` is played with ``push``/``pop`` and shown to a seat as a :class:`SeatView`.
"""

from .actions import (
    ActionIds,
    action_from_json,
    action_ids,
    action_text,
    action_to_json,
    decode_action,
)
from .auction import BID, CALL_BID, DOUBLE, NO_DOUBLE, PASS_BID, ROB_BID, Bid, Double
from .cards import InvalidCardsError, card_text, format_ranks, parse_card, parse_ranks
from .combos import PASS, InvalidPlayError, Kind, Play, beats, parse_play, readings
from .deal import Action, AmbiguousPlayError, Deal, Phase, play_from_cards
from .match import Match, MatchSettings
from .position import IllegalActionError, InvalidPositionError, Position
from .record import RecordError, deal_to_json, deal_to_record, replay
from .rules import CLASSIC, RuleSet, legal_plays
from .rulesets import FOUR, ROB, find_ruleset, register_ruleset
from .sampling import Guess, Sampler
from .view import SeatView, play_out, played_views, seat_view

__version__ = "0.2.0"


_ON_FIRST_USE = {
    "ArenaSpec": "arena", "run_arena": "arena", "BOTS": "bots", "Bot": "bots",
    "make_bot": "bots",
}
"""Names of the computer players and the arena, imported when first asked for, so that
``import dizhu`` (the engine) loads no bots, no arena, no processes nor threads."""


def __getattr__(name: str) -> object:
    """The bots and the arena on first use; ``dizhu.env`` (it needs the ``env`` extra) and
    ``dizhu.encoding`` (NumPy) too."""
    import importlib

    if name in ("env", "encoding", "bots", "arena"):
        return importlib.import_module(f".{name}", __name__)
    module = _ON_FIRST_USE.get(name)
    if module is not None:
        value = getattr(importlib.import_module(f".{module}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'dizhu' has no attribute {name!r}")


__all__ = [
    "BID", "BOTS", "CALL_BID", "CLASSIC", "DOUBLE", "FOUR", "NO_DOUBLE", "PASS", "PASS_BID",
    "ROB", "ROB_BID", "Action", "ActionIds", "AmbiguousPlayError", "ArenaSpec", "Bid", "Bot",
    "Deal", "Double", "Guess", "IllegalActionError", "InvalidCardsError", "InvalidPlayError",
    "InvalidPositionError", "Kind", "Match", "MatchSettings", "Phase", "Play", "Position",
    "RecordError", "RuleSet", "Sampler", "SeatView", "action_from_json", "action_ids",
    "action_text", "action_to_json", "beats", "card_text", "deal_to_json", "deal_to_record",
    "decode_action", "find_ruleset", "format_ranks", "legal_plays", "make_bot", "parse_card",
    "parse_play", "parse_ranks", "play_from_cards", "play_out", "played_views", "readings",
    "register_ruleset", "replay", "run_arena", "seat_view",
]
