"""Matches being played, without any transport: who sits where, what a person entered,
what is due, and the store that keeps every accepted action. The web server and the
terminal program are thin adapters on it."""

from .entry import action_of, play_json
from .form import CLOCKS, FRIEND, LEVELS, PACES, NewMatch, form_of
from .refusals import ActionError
from .session import CREATOR, MatchSession, rules_of
from .store import NextMatch, Store, default_db_path

__all__ = ["CLOCKS", "CREATOR", "FRIEND", "LEVELS", "PACES", "ActionError", "MatchSession",
           "NewMatch", "NextMatch", "Store", "action_of", "default_db_path", "form_of",
           "play_json", "rules_of"]
