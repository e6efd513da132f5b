"""The summary encoding, now part of the engine: :mod:`dizhu.encoding.summary` (this name
stays for code written against it)."""

from ..encoding.summary import Encoding, Field, Fields, PlayedCards, per_rank, top_stake

__all__ = ["Encoding", "Field", "Fields", "PlayedCards", "per_rank", "top_stake"]
