"""Which core runs the engine's hot paths: the compiled one or the pure-Python one.

The compiled core (``dizhu._ccore``, C, built with the package when the machine has a C
compiler) generates moves from the very tables and plays of the Python universe and
returns the same lists; the pure-Python code is the readable reference and the fallback.
``DIZHU_PURE=1`` in the environment makes the engine run the pure core.

    >>> from dizhu import core
    >>> core.NAME in ("compiled", "python")
    True
"""

from __future__ import annotations

import hashlib
import importlib
import os
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

from .combos import Kind

API_VERSION = 9
"""The version of the extension's interface this code expects."""

_ROOT = Path(__file__).resolve().parent.parent
SOURCES = _ROOT / "csrc" if (_ROOT / "setup.py").is_file() else None
"""The compiled core's C sources in a checkout (``None`` for an installed package)."""

_REBUILD = "rebuild it (python3 setup.py build_ext --inplace, or reinstall dizhu)"


def source_digest(folder: Path) -> str:
    """A digest of the C sources in ``folder``; setup.py builds the one of csrc/ into the
    extension (as ``SOURCE_DIGEST``), computed the same way."""
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*.[ch]")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def why_unusable(module: ModuleType, sources: Path | None = SOURCES) -> str:
    """Why an extension that imports cannot serve (``""`` when it can): built for another
    interface, or, in a checkout, from other sources than those beside it."""
    kinds = tuple(k.name for k in Kind)
    if getattr(module, "API_VERSION", None) != API_VERSION \
            or getattr(module, "KIND_NAMES", None) != kinds:
        return f"the compiled core is out of date: {_REBUILD}"
    if sources is not None and sources.is_dir() \
            and getattr(module, "SOURCE_DIGEST", None) != source_digest(sources):
        return f"the compiled core was built from other sources than {sources.name}/: {_REBUILD}"
    return ""


def _load() -> tuple[ModuleType | None, str]:
    """The extension and ``""``, or ``None`` and why it cannot serve."""
    try:
        module = importlib.import_module("dizhu._ccore")
    except ModuleNotFoundError as e:
        if e.name != "dizhu._ccore":
            raise
        return None, "the compiled core is not built"
    except ImportError as e:
        return None, f"the compiled core cannot be loaded: {e}"
    why = why_unusable(module)
    return (None, why) if why else (module, "")


COMPILED, MISSING = _load()
"""The compiled core's module (whatever ``DIZHU_PURE`` says: tests compare the two cores),
or ``None`` and why it is missing."""

PURE_FORCED = os.environ.get("DIZHU_PURE", "") not in ("", "0")

NAME = "compiled" if COMPILED is not None and not PURE_FORCED else "python"
"""The core the engine runs: ``"compiled"`` or ``"python"``."""

WHY = "" if NAME == "compiled" else "DIZHU_PURE is set" if PURE_FORCED else MISSING
"""Why the pure core runs (empty when the compiled one does)."""


def describe() -> str:
    """One line for people: ``compiled core`` or ``python core (why)``."""
    return f"{NAME} core" + (f" ({WHY})" if WHY else "")


def compiled_methods(binder: str, cls: type, pure: dict[str, Callable],
                     *args: object) -> dict[str, Callable] | None:
    """The compiled core's methods of ``cls`` under the names of ``pure`` (its Python
    methods of those names, which the C ones fall back on), made by the extension's
    ``binder`` from ``args`` and them; ``None`` without the compiled core."""
    if COMPILED is None:
        return None
    methods = getattr(COMPILED, binder)(cls, *args, *pure.values())
    return dict(zip(pure, methods, strict=True))


def install(cls: type, methods: dict[str, Callable] | None) -> None:
    """Make ``methods`` (:func:`compiled_methods`) the methods of ``cls`` when the compiled
    core runs."""
    if NAME == "compiled" and methods:
        for name, method in methods.items():
            setattr(cls, name, method)
