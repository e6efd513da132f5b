"""Shared fixtures: where the project's shared test vectors live."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("ci", max_examples=200, deadline=None)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("DIZHU_SHARED", REPO.parent / "shared"))
CASES = SHARED / "cases"


@pytest.fixture(scope="session")
def cases_dir() -> Path:
    if not CASES.is_dir():
        pytest.fail(f"the shared test vectors are missing: expected them in {CASES} "
                    "(set DIZHU_SHARED to the folder that holds cases/)")
    return CASES
