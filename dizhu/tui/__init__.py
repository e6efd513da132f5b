"""Dou Dizhu in the terminal: a Textual program on the session layer, playing against
computer players on the same database as the browser game (``dizhu tui``)."""
