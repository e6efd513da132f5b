"""Computer players. Every bot is given a seat's view, never the deal itself."""

from .base import Bot
from .registry import BOTS, make_bot, parse_bot_spec

__all__ = ["BOTS", "Bot", "make_bot", "parse_bot_spec"]
