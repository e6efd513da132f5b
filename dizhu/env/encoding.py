"""The summary encoding, now part of the engine: :mod:`dizhu.encoding.summary` (this name
stays for code written against it)."""

from ..encoding.fields import Field, Fields, per_rank, top_stake
from ..encoding.played import PlayedCards
from ..encoding.summary import Encoding

__all__ = ["Encoding", "Field", "Fields", "PlayedCards", "per_rank", "top_stake"]
