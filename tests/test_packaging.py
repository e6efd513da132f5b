"""The package as pip builds it: its metadata raises no warning, and it carries what it
promises (the typing marker, the page's files, the learned evaluation's weights, the
puzzles)."""

import os
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
    assert {f"dizhu/bots/weights/{name}.npz"
            for name in ("classic", "rob", "four", "laizi", "tiandi")} <= set(names)
    assert b"Requires-Dist: numpy>=1.24" in metadata
    assert {f"dizhu/puzzles/data/{name}.json" for name in ("classic", "four", "laizi")} <= \
        set(names)
    # the wheel as installed (alone on the path: -S leaves site-packages out), the README's
    # command run in the source folder: the game it starts runs the compiled core
    installed = tmp_path / "installed"
    zipfile.ZipFile(wheel).extractall(installed)
    run = readme_commands()[0].split("&&")[1].split()
    assert run[0] == "python3", run
    said = subprocess.run([sys.executable, "-S", *run[1:], "--version"], cwd=source,
                          env={**{k: v for k, v in os.environ.items() if k != "DIZHU_PURE"},
                               "PYTHONPATH": str(installed)},
                          capture_output=True, text=True, timeout=60)
    assert said.returncode == 0 and said.stdout.split(", ", 1)[1].startswith("compiled core"), \
        said.stdout + said.stderr


def test_the_game_started_in_the_source_folder_runs_what_was_installed():
    """The README's first command is run where the project was cloned: ``python3 -m``
    alone would import the source folder's ``dizhu`` (which has no compiled core after
    ``pip install .``) ahead of the one pip installed; ``-P`` leaves the current folder
    off the path."""
    run = readme_commands()[0].split("&&")[1].split()
    assert run[:3] == ["python3", "-P", "-m"] and run[3] == "dizhu", run


def readme_commands() -> list[str]:
    """The README's opening commands."""
    block = (REPO / "README.md").read_text().split("```sh\n", 1)[1].split("```", 1)[0]
    return block.strip().splitlines()
