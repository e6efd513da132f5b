"""The history encoding, now part of the engine: :mod:`dizhu.encoding.history` (this name
stays for code written against it)."""

from ..encoding.history import RECENT, HistoryEncoding, PlayLog

__all__ = ["RECENT", "HistoryEncoding", "PlayLog"]
