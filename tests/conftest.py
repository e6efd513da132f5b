"""Shared fixtures: where the rule vectors live."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("ci", max_examples=200, deadline=None)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

REPO = Path(__file__).resolve().parents[1]
CASES = Path(os.environ.get("DIZHU_CASES", REPO / "tests" / "data" / "cases"))
"""The rule vectors the engine must pass: the repository's copy of the project's shared
vectors, or another folder of the same layout named by ``DIZHU_CASES``."""
SHARED_CASES = Path(os.environ.get("DIZHU_SHARED", REPO.parent / "shared")) / "cases"
"""Where the shared vectors live beside a checkout, when they do (tests/test_vectors.py)."""


@pytest.fixture(autouse=True)
def own_data_home(tmp_path_factory, monkeypatch):
    """Commands that default to the user's database (``dizhu puzzle``, ``dizhu tui``) keep it
    in a folder of the test's own, never in the home of whoever runs the tests."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data-home")))


@pytest.fixture(scope="session")
def cases_dir() -> Path:
    if not CASES.is_dir():
        pytest.fail(f"the rule vectors are missing: expected them in {CASES}")
    return CASES
