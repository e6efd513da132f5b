"""The repository's copy of the shared rule vectors is the shared folder, file for file."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import REPO, SHARED_CASES

COPY = REPO / "tests" / "data" / "cases"


def files_under(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes()
            for path in sorted(folder.rglob("*")) if path.is_file()}


def test_the_copy_holds_every_family_of_vectors():
    copied = files_under(COPY)
    for name in ("classify.tsv", "moves.tsv", "auction.tsv", "four/classify.tsv",
                 "four/moves.tsv", "laizi/classify.tsv", "laizi/moves.tsv"):
        assert copied.get(name), f"tests/data/cases/{name} is missing or empty"


@pytest.mark.skipif(not SHARED_CASES.is_dir(), reason="no shared vectors beside this checkout")
def test_the_copy_equals_the_shared_vectors():
    shared, copied = files_under(SHARED_CASES), files_under(COPY)
    assert sorted(copied) == sorted(shared), "the copy and the shared folder list other files"
    differ = [name for name in shared if shared[name] != copied[name]]
    assert not differ, f"these copies differ from the shared vectors: {differ[:10]}"
