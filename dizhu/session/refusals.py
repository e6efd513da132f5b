"""What a session refuses, for the person who asked."""


class ActionError(ValueError):
    """An action or a request the session refuses: its message (often a
    :class:`~dizhu.reasons.Reason`) is for the person."""
