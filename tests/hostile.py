"""Inputs that try to break the compiled core's readers."""

from __future__ import annotations


class Emptier:
    """An int-like value whose reading (``__index__``) empties the list it sits in, as
    Python code that a C reader runs may: the reader must not read that list's items
    afterwards (they are freed)."""

    def __init__(self, items: list, value: int) -> None:
        self.items, self.value = items, value

    def __index__(self) -> int:
        self.items.clear()
        return self.value
