"""The compiled core (a C extension, optional): everything else is in pyproject.toml.

``pip install .`` and ``pip install -e .`` build ``dizhu._ccore`` from csrc/ with the
machine's C compiler. Without a compiler (or Python's headers) the build says so and goes
on: dizhu then runs its pure-Python core, which gives the same results more slowly.
"""

import hashlib
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

SOURCES = ["csrc/ccore.c", "csrc/idindex.c", "csrc/tables.c", "csrc/movegen.c",
           "csrc/position.c", "csrc/solve.c", "csrc/encode.c", "csrc/envstep.c", "csrc/wild.c",
           "csrc/wildgen.c", "csrc/handcost.c", "csrc/playout.c"]
HEADERS = ["csrc/ranks.h", "csrc/idindex.h", "csrc/movegen.h", "csrc/tables.h",
           "csrc/position.h", "csrc/solve.h", "csrc/encode.h", "csrc/envstep.h",
           "csrc/wild.h", "csrc/wildgen.h", "csrc/handcost.h", "csrc/playout.h",
           "csrc/pyface.h"]


def source_digest() -> str:
    """The digest of csrc/ that dizhu/core.py checks in a checkout (its source_digest)."""
    digest = hashlib.sha256()
    for path in sorted((Path(__file__).resolve().parent / "csrc").glob("*.[ch]")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


class OptionalBuildExt(build_ext):
    """Build the compiled core if the machine can; else say so and go on."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:  # no compiler at all: the command itself fails
            self._skip(e)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as e:
            self._skip(e)

    @staticmethod
    def _skip(error: Exception) -> None:
        print(f"dizhu: the compiled core was not built ({error}); dizhu will run its "
              "pure-Python core, which gives the same results more slowly", file=sys.stderr)


setup(
    ext_modules=[Extension(
        "dizhu._ccore", sources=SOURCES, depends=HEADERS, optional=True,
        define_macros=[("SOURCE_DIGEST", f'"{source_digest()}"')],
        extra_compile_args=[] if sys.platform == "win32" else ["-O2"],
    )],
    cmdclass={"build_ext": OptionalBuildExt},
)
