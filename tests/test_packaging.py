"""The package as pip builds it: its metadata raises no warning, and it carries what it
promises (the typing marker, the page's files)."""

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def test_pip_builds_the_package_without_a_warning(tmp_path):
    """A real ``pip wheel`` (as ``pip install .`` builds, with the setuptools the test extra
    installs, so no download) of a copy of the project: the build's own output holds no
    deprecation, and the wheel holds ``py.typed``."""
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(REPO / name, source / name)
    for folder in ("dizhu", "csrc"):
        shutil.copytree(REPO / folder, source / folder,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-v",
         "-w", str(tmp_path / "out"), str(source)], capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    said = built.stdout + built.stderr
    assert "Deprecat" not in said and "project.license" not in said
    wheel, = (tmp_path / "out").glob("dizhu-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "dizhu/py.typed" in names and "dizhu/web/static/index.html" in names
    assert any(name.startswith("dizhu/_ccore.") for name in names), "no compiled core built"
    metadata = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith("/METADATA")))
    assert b"License-Expression: MIT" in metadata
