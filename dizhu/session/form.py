"""A new match as a person asks for it: the lobby's form, read strictly."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..bots.registry import STRONGEST, resolve_spec
from ..match import DEAL_LIMITS, POINT_TARGETS
from ..reasons import Reason
from ..rulesets import offered_ruleset
from .refusals import ActionError

LEVELS = ("easy", "normal", "hard", "expert", "master")
"""The strengths a person can choose for a computer seat (``strongest`` names the strongest
of them: :data:`~dizhu.bots.registry.STRONGEST`)."""
FRIEND = "friend"
"""A seat of the form played by a person who joins by invitation."""
PACES = {"slow": 2.0, "normal": 1.0, "fast": 0.4}
"""How long computer players pause, as a multiple of the server's ``--pause``."""
CLOCKS = (0, 10, 20, 30)
"""The turn clocks the lobby offers, in seconds (0: no clock)."""
CLOCK_RANGE = (3, 120)
"""The seconds a turn clock may be set to (the lobby offers :data:`CLOCKS`)."""
NAME_LENGTH = 24
"""The longest name a person may sit under."""


@dataclass(frozen=True)
class NewMatch:
    """What the lobby asks for a new match: the person creating it sits at seat 0."""

    player: str = ""
    """The creator's name; empty when they gave none (pages call them by their seat)."""
    mode: str = "deals"
    target: int = 10
    bots: tuple[str, ...] = ("normal", "normal")
    """Per other seat, in seat order: a computer player's level, or :data:`FRIEND`."""
    doubling: bool = False
    distinct_kickers: bool = False
    pace: str = "normal"
    ruleset: str = "classic"
    clock: int = 0
    """Seconds a person has for each turn (0: as long as they like)."""
    programs: tuple[tuple[str, str], ...] = ()
    """The outside programs (bot protocol) some seats are given: (name, command)."""

    @classmethod
    def from_json(cls, data: Any, programs: Mapping[str, str] | None = None) -> NewMatch:
        """Read the lobby's form strictly (types as stated, no unknown field), refusing
        anything out of range with a reason that names the field. ``programs``: the outside
        programs the server offers beside the levels, by name (``dizhu serve --bot``)."""
        programs = programs or {}
        if not isinstance(data, dict):
            raise bad_form("the new match settings must be an object")
        unknown = sorted(set(data) - FORM_FIELDS)
        if unknown:
            raise bad_form(f"unknown field {unknown[0]!r}; the fields are "
                           f"{', '.join(sorted(FORM_FIELDS))}")
        missing = [f for f in ("ruleset", "mode", "target", "bots") if f not in data]
        if missing:
            raise bad_form(f"field {missing[0]!r} is missing")
        player = person_name(_field(data, "player", str, ""))
        try:
            rules = offered_ruleset(_field(data, "ruleset", str))
        except ValueError as e:
            raise bad_form(f"field 'ruleset': {e}") from None
        options = {}
        for key in ("doubling", "distinct_kickers"):
            value = _field(data, key, bool, False)
            if value and key not in rules.option_names:
                raise bad_form(f"field {key!r}: the option means nothing in {rules.name}")
            options[key] = value
        mode = _field(data, "mode", str)
        if mode not in ("deals", "points"):
            raise bad_form("field 'mode': a match is a number of deals ('deals') or a race "
                           "to points ('points')")
        target = _field(data, "target", int)
        allowed = DEAL_LIMITS if mode == "deals" else POINT_TARGETS
        if target not in allowed:
            unit = "deals" if mode == "deals" else "points"
            raise bad_form(f"field 'target': choose {', '.join(map(str, allowed))} {unit}, "
                           f"not {target}")
        others = rules.seats - 1
        bots = _field(data, "bots", list)
        if len(bots) != others:
            count = {2: "two", 3: "three"}.get(others, str(others))
            raise bad_form(f"field 'bots': choose a strength or a friend for each of the "
                           f"{count} other seats")
        bots = [spec if spec == FRIEND else level_of(spec, "bots", programs) for spec in bots]
        pace = _field(data, "pace", str, "normal")
        if pace not in PACES:
            raise bad_form(f"field 'pace': the pace is {', '.join(PACES)}, not {pace!r}")
        clock = _field(data, "clock", int, 0)
        low, high = CLOCK_RANGE
        if not (clock == 0 or low <= clock <= high):
            raise bad_form(f"field 'clock': the turn clock is 0 (none) or {low} to {high} "
                           f"seconds, not {clock}")
        used = tuple(sorted((name, programs[name]) for name in set(bots) if name in programs))
        return cls(player, mode, target, tuple(bots), options["doubling"],
                   options["distinct_kickers"], pace, rules.name, clock, used)

    def to_json(self, seed: str) -> dict[str, Any]:
        return {"ruleset": self.ruleset, "mode": self.mode, "target": self.target,
                "bots": list(self.bots), "doubling": self.doubling,
                "distinct_kickers": self.distinct_kickers, "pace": self.pace,
                "clock": self.clock, "seed": seed,
                **({"programs": dict(self.programs)} if self.programs else {})}


FORM_FIELDS = {"player", "ruleset", "mode", "target", "bots", "doubling", "distinct_kickers",
               "pace", "clock"}
"""The fields of the lobby's new-match form."""


def form_of(player: str, settings: Mapping[str, Any]) -> dict[str, Any]:
    """The lobby's form that asks for a match like a stored one (its ``settings``, created
    by ``player``): what playing again and the lobby's Play now send, read strictly again
    by :meth:`NewMatch.from_json` (a computer player the server no longer offers is then
    refused). Matches stored before rulesets were chosen are ``classic``."""
    form = {key: settings[key] for key in FORM_FIELDS & set(settings)}
    return {"ruleset": "classic", **form, "player": player}

_TYPE_NAMES = {str: "text", int: "a whole number", bool: "true or false", list: "a list"}


HIDDEN = frozenset({"Cc", "Cf", "Zl", "Zp"})
"""The Unicode categories no name keeps: control and format characters (bidi overrides and
isolates, zero-width spaces and joiners) and line and paragraph separators, which would
reverse or break the words a name is shown in, or make a name that shows nothing."""


def person_name(text: str) -> str:
    """A name as a person gave it: its spaces made one, its :data:`HIDDEN` characters
    dropped, trimmed to :data:`NAME_LENGTH`; empty when they gave none (or nothing that
    shows), which is kept as it is: a page calls such a person by their seat, in its own
    language ("Player 2", "玩家2"), never by words stored in one language."""
    shown = "".join(" " if c.isspace() else c for c in text
                    if c.isspace() or unicodedata.category(c) not in HIDDEN)
    return " ".join(shown.split())[:NAME_LENGTH]


def bad_form(words: str) -> ActionError:
    """A refusal of the new-match form, naming what is wrong in ``words``."""
    return ActionError(Reason("bad_form", words, detail=words))


def _field(data: dict[str, Any], name: str, kind: type, default: Any = None) -> Any:
    """``data[name]``, which must be of ``kind`` exactly (no number for a flag, no text for a
    number); ``default`` when it is absent (and may be)."""
    if name not in data:
        if default is None:
            raise bad_form(f"field {name!r} is missing")
        return default
    value = data[name]
    if type(value) is not kind:  # bool is an int subclass: exact types only
        raise bad_form(f"field {name!r}: {_TYPE_NAMES[kind]}, not {value!r}")
    return value


def level_of(spec: Any, field: str, programs: Mapping[str, str] | None = None) -> str:
    """A computer player's level chosen in the lobby or for auto-play: one of
    :data:`LEVELS` by name, without settings (a page may not tune a bot), ``strongest`` (the
    level it names is what is kept: :func:`~dizhu.bots.registry.resolve_spec`), or the name
    of one of the server's outside ``programs``."""
    offered = [*LEVELS, *(programs or {})]
    if spec == STRONGEST:
        spec = resolve_spec(spec)
    if spec in offered:
        return spec
    words = (f"field {field!r}: the computer players are {', '.join(offered)} or "
             f"{STRONGEST}, not {spec!r}")
    if field == "bots":
        raise bad_form(words)
    raise ActionError(Reason("autoplay_levels", words, levels=list(LEVELS), name=str(spec)))
