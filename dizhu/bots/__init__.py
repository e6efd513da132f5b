"""Computer players. Every bot is given a seat's view, never the deal itself."""

from .base import Bot
from .registry import (
    BOTS,
    STRONGEST,
    canonical_spec,
    make_bot,
    parse_bot_spec,
    resolve_spec,
    strongest_level,
)

__all__ = ["BOTS", "STRONGEST", "Bot", "canonical_spec", "make_bot", "parse_bot_spec",
           "resolve_spec", "strongest_level"]
