"""Bots by name: the built-in levels, bots of installed packages, Python classes by import
path, and outside programs.

A bot is named by a spec, the same wherever bots are named (the arena, the tournament, the
game server's ``--bot``, the learning environments)::

    NAME[:SETTINGS]                a built-in bot, or one an installed package offers
    MODULE:CLASS[:SETTINGS]        a Bot subclass by import path (MODULE is no bot's name)
    py:MODULE:CLASS[:SETTINGS]     the same, whatever MODULE is called
    py:NAME[:SETTINGS]             an installed package's bot
    cmd:PROGRAM ARGS               a program speaking the bot protocol (docs/bot-protocol.md)

SETTINGS are ``KEY=VALUE`` pairs joined by commas (``expert:budget=0.2,samples=32``), so the
part after the first colon is an import path's class exactly when it holds no ``=``. A
package offers bots in the ``dizhu.bots`` entry-point group (``NAME = "package.module:Class"``
in its ``pyproject.toml``'s ``[project.entry-points."dizhu.bots"]``); the built-in names come
first. A module that is not installed is looked for in the current directory too.

``strongest`` (:data:`STRONGEST`) names the strongest built-in level, whatever it is called
(:data:`STRONGEST_LEVEL`), settings and all: ``strongest:budget=0.5`` is
``expert:budget=0.5``. The alias is resolved here, once: a bot, a report, a record or a page
names the level itself (:func:`resolve_spec`), so their figures compare with the level's.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
import traceback
from collections.abc import Callable
from functools import cache
from importlib.metadata import EntryPoint, entry_points

from .base import Bot
from .easy import EasyBot
from .expert import ExpertBot
from .external import ExternalBot
from .hard import HardBot
from .master import MasterBot
from .normal import NormalBot
from .random_bot import RandomBot
from .rlcard_rule import RLCardRuleBot

BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "normal": NormalBot,
    "hard": HardBot,
    "expert": ExpertBot,
    "master": MasterBot,
    "rlcard-rule": RLCardRuleBot,
}

STRONGEST = "strongest"
"""The name of whichever built-in level is strongest (:data:`STRONGEST_LEVEL`)."""
STRONGEST_LEVEL = "master"
"""The strongest built-in level, which :data:`STRONGEST` names: the one place to change when
a stronger level is added."""

EXTERNAL = "cmd:"
"""A spec that starts so names a program speaking the bot protocol: ``cmd:PROGRAM ARGS``."""
PYTHON = "py:"
"""A spec that starts so names a Python bot: ``py:MODULE:CLASS`` or ``py:NAME``."""
ENTRY_POINTS = "dizhu.bots"
"""The entry-point group in which installed packages offer bots."""

_DOTTED = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*")


@cache
def installed_bots() -> dict[str, EntryPoint]:
    """The bots installed packages offer (the ``dizhu.bots`` entry points), by name."""
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINTS)}


def strongest_level() -> str:
    """The built-in level :data:`STRONGEST` names (:data:`STRONGEST_LEVEL`)."""
    return STRONGEST_LEVEL


def bot_names() -> list[str]:
    """Every bot name a spec may start with: the built-in ones and :data:`STRONGEST`, then
    the installed ones."""
    return [*BOTS, STRONGEST, *(name for name in installed_bots()
                                if name not in BOTS and name != STRONGEST)]


def resolve_spec(spec: str) -> str:
    """The spec with :data:`STRONGEST` replaced by the level it names, settings kept
    (``"strongest:budget=0.5"`` -> ``"expert:budget=0.5"``); any other spec as it is.
    What a report, a record or a page shows for the bot."""
    if spec.startswith(EXTERNAL):
        return spec
    python = spec.startswith(PYTHON)
    name, colon, rest = (spec[len(PYTHON):] if python else spec).partition(":")
    if name.strip() != STRONGEST or (python and _DOTTED.fullmatch(rest.split(":")[0])):
        return spec  # not the alias, or py:strongest:Class, a module that happens so named
    return f"{PYTHON if python else ''}{strongest_level()}{colon}{rest}"


def parse_bot_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"expert:budget=0.2,samples=32"`` -> ``("expert", {"budget": "0.2", ...})``
    (``strongest`` gives the level it names);
    ``"mybots:Shedder:depth=2"`` -> ``("mybots:Shedder", {"depth": "2"})``;
    ``"cmd:node bot.js"`` -> ``("cmd", {"command": "node bot.js"})``."""
    if spec.startswith(EXTERNAL):
        command = spec[len(EXTERNAL):].strip()
        if not command:
            raise ValueError("cmd: give the program to run, as in cmd:python3 mybot.py")
        return "cmd", {"command": command}
    python = spec.startswith(PYTHON)
    parts = (spec[len(PYTHON):] if python else spec).strip().split(":")
    name, rest = parts[0], parts[1:]
    if rest and _DOTTED.fullmatch(rest[0]) and (python or name not in bot_names()):
        if not _DOTTED.fullmatch(name):
            raise ValueError(f"{name!r} is no module name: write MODULE:CLASS, as in "
                             "mybots:Shedder")
        name, rest = f"{name}:{rest[0]}", rest[1:]
    elif name not in bot_names():
        known = ", ".join([*BOTS, f"{STRONGEST} ({strongest_level()})"])
        extra = [n for n in installed_bots() if n not in BOTS and n != STRONGEST]
        installed = f"; installed: {', '.join(extra)}" if extra else ""
        raise ValueError(f"unknown bot {name!r}; the bots are {known}{installed}; or a "
                         "Python bot, as mybots:Shedder, or a program, as cmd:PROGRAM")
    elif name == STRONGEST:
        name = strongest_level()
    settings = {}
    for item in filter(None, ":".join(rest).split(",")):
        key, eq, value = item.partition("=")
        if not eq:
            raise ValueError(f"bot setting {item!r} needs a value: write NAME:KEY=VALUE")
        settings[key.strip()] = value.strip()
    return name, settings


def canonical_spec(spec: str) -> str:
    """One spelling for each built-in level with its settings: :data:`STRONGEST` resolved,
    a setting that equals its default dropped, the others sorted and written as their
    values (``"master:styles=1"`` -> ``"master"``, ``"strongest:samples=32,budget=0.50"``
    -> ``"master:budget=0.5,samples=32"``), so parts of one run named two ways pool as one.
    The defaults are today's: a default changed since a report was written is not seen.
    Any other bot's spec stays as written (a program's with its command stripped): its
    settings are its own to read, and a report is no reason to import its module."""
    if spec.startswith(EXTERNAL):
        return EXTERNAL + spec[len(EXTERNAL):].strip()
    try:
        name, settings = parse_bot_spec(spec)
        if name not in BOTS:
            return spec
        klass = BOTS[name]
        values = {key: klass.setting_value(key, value) for key, value in settings.items()}
    except ValueError:
        return spec
    defaults = klass.settings()
    kept = [f"{key}={_spelled(value)}" for key, value in sorted(values.items())
            if value != defaults[key]]
    return name + (":" + ",".join(kept) if kept else "")


def _spelled(value: object) -> str:
    """A setting's value as a spec writes it (a flag 1 or 0, a tuple joined by ``/``)."""
    if isinstance(value, tuple):
        return "/".join(map(_spelled, value))
    if isinstance(value, bool) or (isinstance(value, float) and value.is_integer()):
        return str(int(value))
    return str(value)


def bot_class(name: str) -> Callable[..., Bot]:
    """The bot a parsed spec's name stands for: built-in (or :data:`STRONGEST`), installed,
    or by import path."""
    if name == STRONGEST:
        name = strongest_level()
    if name in BOTS:
        return BOTS[name]
    found = installed_bots().get(name)
    if found is not None:
        return _checked(_loaded(found.value, found.load), f"the installed bot {name!r}")
    module, _, qualname = name.partition(":")
    target = _loaded(name, lambda: _find(importlib.import_module(module), qualname))
    return _checked(target, name)


def make_bot(spec: str, seed: int | str | None = None) -> Bot:
    """A bot by its spec (see the module), seeded, with its settings: ``expert:budget=0.2``,
    ``mybots:Shedder``; or an outside program: ``cmd:PROGRAM ARGS``
    (:class:`.external.ExternalBot`)."""
    name, settings = parse_bot_spec(spec)
    if name == "cmd":
        return ExternalBot(settings["command"], seed=seed)
    bot = bot_class(name)(seed=seed)
    if settings:
        bot.configure(**settings)
    return bot


def _find(module: object, qualname: str) -> object:
    found = module
    for part in qualname.split("."):
        if not hasattr(found, part):
            bots = sorted(n for n, v in vars(module).items()
                          if isinstance(v, type) and issubclass(v, Bot) and v is not Bot)
            has = f"; its bots: {', '.join(bots)}" if bots else ": it holds no Bot subclass"
            raise ValueError(f"{module.__name__} has no {qualname}{has}")  # type: ignore[attr-defined]
        found = getattr(found, part)
    return found


def _loaded(path: str, load: Callable[[], object]) -> object:
    """What ``load`` imports (``path``, ``module:Class``, names it), a module that is not
    installed being looked for in the current directory too; a failure is a
    ``ValueError`` in words (with the file and line of an error in the module)."""
    module = path.partition(":")[0]
    for attempt in range(2):
        try:
            return load()
        except ModuleNotFoundError as e:
            missing = e.name or ""
            ours = module == missing or module.startswith(missing + ".")
            here = os.getcwd()
            if attempt == 0 and ours and here not in sys.path:
                sys.path.append(here)  # worker processes inherit it; Ray adds it itself
                continue
            if ours:
                raise ValueError(f"cannot import {module} (for the bot {path}): no module "
                                 f"{missing!r} here or installed; run from the folder that "
                                 "holds it, or put it on PYTHONPATH") from None
            raise ValueError(f"cannot import {module}: {e}{where_raised(e)}") from None
        except ValueError:
            raise
        except Exception as e:
            raise ValueError(f"cannot import {path}: {type(e).__name__}: {e}{where_raised(e)}") \
                from None
    raise AssertionError("unreachable")


def where_raised(error: BaseException) -> str:
    """`` (FILE, line N)``: where outside dizhu an error was raised (a bot's own code), or
    nothing."""
    frames = traceback.extract_tb(error.__traceback__)
    if isinstance(error, SyntaxError) and error.filename:
        return f" ({error.filename}, line {error.lineno})"
    package = os.path.dirname(os.path.dirname(__file__))
    mine = [f for f in frames if not f.filename.startswith(("<", package)) and
            "importlib" not in f.filename]
    return f" ({mine[-1].filename}, line {mine[-1].lineno})" if mine else ""


def _checked(target: object, what: str) -> Callable[..., Bot]:
    if not (isinstance(target, type) and issubclass(target, Bot)):
        raise ValueError(f"{what} is {target!r}, not a subclass of dizhu.bots.Bot")
    return target
