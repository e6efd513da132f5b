"""The compiled core against the pure-Python one: the very same plays in the same order on
the perft fixtures, on every public vector and on random hands and tops of every ruleset;
which core runs, and that the engine runs without the compiled one."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dizhu import core
from dizhu.combos import PASS, Kind, Play
from dizhu.deal import Phase
from dizhu.movegen import MoveGenerator, generator_of
from dizhu.position import Position
from dizhu.record import replay
from dizhu.rulesets import find_ruleset, names
from tests.strategies import rank_multisets, split_deck

REPO = Path(__file__).resolve().parents[1]
DATA = Path(__file__).parent / "data"

compiled_only = pytest.mark.skipif(core.COMPILED is None, reason=core.MISSING)

RULESETS = [(name, distinct) for name in names() for distinct in (False, True)]


@cache
def pure_and_compiled(name: str, distinct: bool) -> tuple[MoveGenerator, MoveGenerator]:
    combos = find_ruleset(name).combos
    return (generator_of(combos, distinct, compiled=False),
            generator_of(combos, distinct, compiled=True))


@cache
def tops_by_group(name: str) -> dict[tuple[Kind, int], list]:
    """The universe's plays by kind and size: every kind of top, bombs of every size."""
    groups: dict[tuple[Kind, int], list] = {}
    for play in find_ruleset(name).universe.all_plays():
        key = (play.kind, play.size if play.kind is Kind.BOMB else 0)
        groups.setdefault(key, []).append(play)
    return groups


def assert_same(pure: list, compiled: list, what: str) -> None:
    assert [p.text for p in compiled] == [p.text for p in pure], what
    assert all(a is b for a, b in zip(pure, compiled, strict=True)), f"{what}: other objects"


def copy_of(play: Play) -> Play:
    """An equal play that is not the universe's object (as a parsed play is not)."""
    return Play(play.kind, play.cards, play.main, play.length, play.distinct_ok, play.doubling)


def assert_cores_agree(name: str, distinct: bool, hand: int, tops=()) -> None:
    """Lead, covering (a non-empty hand) and follow of every top, and of a copy of it: the
    same lists; and the same legal ids (leading, and following each top by its id), those
    of the pure core's plays, order included."""
    pure, compiled = pure_and_compiled(name, distinct)
    what = f"{name}{' distinct' if distinct else ''} {hand:#x}"
    expected = pure.lead(hand)
    assert_same(expected, compiled.lead(hand), f"lead {what}")
    assert_same_ids(expected, hand, -1, f"lead {what}", pure, compiled)
    if hand:
        assert_same(pure.covering(hand), compiled.covering(hand), f"covering {what}")
    for top in tops:
        expected = pure.follow(hand, top)
        assert_same(expected, compiled.follow(hand, top), f"{what} on {top}")
        assert_same(expected, compiled.follow(hand, copy_of(top)), f"{what} on a copy of {top}")
        top_id = pure.play_of(top.kind, top.cards).id  # a parsed top is not the universe's
        assert_same_ids(expected, hand, top_id, f"{what} on {top}", pure, compiled)


def assert_same_ids(plays: list, hand: int, top_id: int, what: str, *generators) -> None:
    """Each generator's ``ids(hand, top_id)`` are the ids of ``plays`` in order (the pass
    -1), and with a base each id is shifted by it."""
    want = [p.id for p in plays]
    for gen in generators:
        assert gen.ids(hand, top_id) == want, f"ids {what}, {gen.core} core"
        assert gen.ids(hand, top_id, 7) == [i + 7 for i in want], f"ids+7 {what}, {gen.core}"


# --------------------------------------------------------------------------- fixtures


def agree_along(position, depth: int, name: str) -> int:
    """Compare the cores at every play-phase node of a perft tree; the nodes compared."""
    compared = 0
    if getattr(position, "phase", Phase.PLAY) is Phase.PLAY and not position.is_over:
        top = () if position.top is None else (position.top,)
        distinct = position.rules.distinct_kickers
        assert_cores_agree(name, distinct, position.hands[position.to_move], top)
        compared += 1
    if depth:
        for action in position.legal_actions():
            position.push_unchecked(action)
            compared += agree_along(position, depth - 1, name)
            position.pop()
    return compared


@compiled_only
@pytest.mark.parametrize("fixture, name", [("perft", "classic"), ("perft_four", "four"),
                                           ("perft_rob", "rob")])
def test_cores_agree_on_the_perft_fixtures(fixture, name):
    data = json.loads((DATA / f"{fixture}.json").read_text())
    rules = find_ruleset(name)
    compared = 0
    for pos in data.get("moves", []):
        top = () if pos["top"] is None else (rules.parse_play(pos["top"]),)
        assert_cores_agree(name, pos.get("distinct", False), rules.parse_ranks(pos["hand"]), top)
        compared += 1
    for pos in data["perft"]:
        position = replay(pos["record"]) if "record" in pos else \
            Position.from_text(pos["position"], rules)
        compared += agree_along(position, pos["depth"], name)
    assert compared > 100


@compiled_only
@pytest.mark.parametrize("family, name", [("", "classic"), ("four", "four")])
def test_cores_agree_on_the_public_vectors(cases_dir, family, name):
    rules = find_ruleset(name)
    rows = (cases_dir / family / "moves.tsv").read_text().splitlines()
    assert len(rows) >= 40
    for hand, after, distinct, _, _ in (row.split("\t") for row in rows):
        top = () if after == "-" else (rules.parse_play(after),)
        assert_cores_agree(name, distinct == "1", rules.parse_ranks(hand), top)


# --------------------------------------------------------------------------- random hands


@st.composite
def hands_and_tops(draw, name: str):
    """A hand of 0-33 cards (dealt, or ranks drawn one by one so that triples, bombs and
    runs come often) and one top of every kind, bombs of every size."""
    rules = find_ruleset(name)
    size = draw(st.integers(0, 33))
    hand = draw(st.one_of(split_deck((size,), packs=rules.packs).map(lambda h: h[0]),
                          rank_multisets(rules.deck, size)))
    tops = [draw(st.sampled_from(plays)) for plays in tops_by_group(name).values()]
    return hand, tops


@compiled_only
@pytest.mark.parametrize("name, distinct", RULESETS)
def test_cores_agree_on_random_hands_and_every_kind_of_top(name, distinct):
    @settings(max_examples=400)
    @given(hands_and_tops(name))
    def check(case):
        hand, tops = case
        assert_cores_agree(name, distinct, hand, tops)

    check()


@compiled_only
@pytest.mark.parametrize("name", names())
def test_cores_agree_on_the_longest_lists(name):
    """33 cards whose leads outgrow the compiled core's first buffer (1,024 plays)."""
    hand = find_ruleset(name).parse_ranks("333444555666777888999TTJJQQKKAA22")
    assert len(pure_and_compiled(name, False)[0].lead(hand)) > 1024
    tops = [plays[-1] for plays in tops_by_group(name).values()]
    for distinct in (False, True):
        assert_cores_agree(name, distinct, hand, tops)


# --------------------------------------------------------------------------- soundness


@compiled_only
def test_threads_share_a_generator():
    """The server calls the engine from several threads: one generator, eight threads, the
    lists each thread gets are the lists generated alone."""
    rules = find_ruleset("classic")
    gen = generator_of(rules.combos, compiled=True)
    hands = [rules.parse_ranks(h) for h in ("33344455566677789TJQ", "3456789TJQKA2BR",
                                            "33445566778899TTJJ", "2222AAAAKKKKQQQ")]
    top = rules.parse_play("single 3")
    expected = [(gen.lead(h), gen.follow(h, top), gen.covering(h)) for h in hands]
    wrong: list[str] = []

    def work() -> None:
        for _ in range(300):
            for hand, want in zip(hands, expected, strict=True):
                if (gen.lead(hand), gen.follow(hand, top), gen.covering(hand)) != want:
                    wrong.append(f"{hand:#x}")

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not wrong


def references(plays) -> int:
    return sum(sys.getrefcount(p) for p in plays)


@compiled_only
def test_no_reference_leaks_in_a_million_calls():
    """After a million generations whose lists are dropped, every play has as many
    references as before, and the process's memory has not grown."""
    rules = find_ruleset("four")
    gen = generator_of(rules.combos, compiled=True)
    plays = [PASS, *rules.universe.all_plays()]
    big = rules.parse_ranks("333444555666777888999TTJJQQKKAA22")  # leads beyond the buffer
    small = rules.parse_ranks("3456789TJQKA2BR")
    top, bomb = rules.parse_play("single 3"), rules.parse_play("bomb 33333")
    lead, follow, covering, ids = gen.lead, gen.follow, gen.covering, gen.ids
    for _ in range(1000):  # warm up: whatever allocator pools exist are filled
        lead(small), follow(small, top), covering(big), lead(big), ids(big, -1)
    before, rss = references(plays), resident_bytes()
    for _ in range(250_000):
        lead(small)
        follow(small, top)
        follow(big, bomb)
        covering(big)
        ids(small, gen.play_of(top.kind, top.cards).id, 100)
    for _ in range(2_000):
        lead(big)
        ids(big, -1)
    assert references(plays) == before
    assert resident_bytes() - rss < 4 << 20


def resident_bytes() -> int:
    """The process's resident memory (0 where /proc is not there)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except OSError:
        return 0
    return pages * os.sysconf("SC_PAGE_SIZE")


@compiled_only
def test_bad_input_raises():
    pure, compiled = pure_and_compiled("classic", False)
    for gen in (pure, compiled):
        with pytest.raises(ValueError):
            gen.covering(0)
        with pytest.raises(TypeError):
            gen.lead("33")
    with pytest.raises(ValueError, match="cannot follow"):
        compiled.follow(0x3, PASS)
    for hand in (-1, 1 << 60):
        with pytest.raises(ValueError, match="a hand is rank counts"):
            compiled.lead(hand)
        with pytest.raises(ValueError, match="a hand is rank counts"):
            compiled.ids(hand, -1)
    for top_id in (-2, len(find_ruleset("classic").universe.all_plays())):
        with pytest.raises(ValueError, match="no play id"):
            compiled.ids(0x3, top_id)
    with pytest.raises(TypeError):
        compiled.ids(0x3)
    single = find_ruleset("classic").parse_play("single 3")
    make = core.COMPILED.MoveGenerator
    with pytest.raises(ValueError, match="kinds: 0 values for 1 plays"):
        make((single,), [single.cards], [], [single.main], [1], PASS, False)
    with pytest.raises(ValueError, match="the same kind and cards"):
        make((single, single), [single.cards] * 2, [1, 1], [0, 0], [1, 1], PASS, False)
    with pytest.raises(ValueError, match="kind is not one of"):
        make((single,), [single.cards], [0], [0], [1], PASS, False)
    alone = make((single,), [single.cards], [1], [0], [1], PASS, False)
    assert alone.lead(0x11) == [single] and alone.follow(0x11, single) == [PASS]


# --------------------------------------------------------------------------- which core runs


def run_python(code: str, **env: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(REPO), **env}, check=True,
                          cwd=REPO)
    return done.stdout.strip()


def test_the_engine_names_the_core_it_runs():
    assert core.NAME in ("compiled", "python")
    assert generator_of(find_ruleset("classic").combos).core == core.NAME
    forced = run_python("from dizhu import core, CLASSIC; "
                        "print(core.NAME, CLASSIC.generator.core, core.describe())",
                        DIZHU_PURE="1")
    assert forced == "python python python core (DIZHU_PURE is set)"


def test_the_engine_runs_without_the_compiled_core():
    """As on a machine without a compiler: the extension cannot be imported."""
    out = run_python(
        "import sys; sys.modules['dizhu._ccore'] = None\n"
        "from dizhu import core, CLASSIC\n"
        "print(core.NAME, core.COMPILED, CLASSIC.generator.core)\n"
        "print(core.describe())\n"
        "print(len(CLASSIC.legal_plays(CLASSIC.parse_ranks('33344455566677789TJQ'))))\n",
        DIZHU_PURE="")
    first, why, count = out.splitlines()
    assert first == "python None python"
    assert why.startswith("python core (the compiled core is not built")
    assert count == str(len(generator_of(find_ruleset("classic").combos).lead(
        find_ruleset("classic").parse_ranks("33344455566677789TJQ"))))


def test_a_build_without_a_compiler_says_so_and_goes_on(tmp_path):
    """``setup.py build_ext`` with a compiler that does not exist: a message, status 0."""
    done = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--build-lib", str(tmp_path / "lib"),
         "--build-temp", str(tmp_path / "temp")],
        capture_output=True, text=True, cwd=REPO,
        env={**os.environ, "CC": str(tmp_path / "no-such-compiler")})
    assert done.returncode == 0, done.stderr
    assert "the compiled core was not built" in done.stderr
    assert "pure-Python core" in done.stderr
    assert not list((tmp_path / "lib").rglob("_ccore*"))


@pytest.mark.skipif(not os.environ.get("CI"), reason="only CI requires the compiled core")
def test_ci_builds_the_compiled_core():
    """A failed build would only skip the differential tests: CI requires the build."""
    assert core.COMPILED is not None, core.MISSING


@compiled_only
def test_an_extension_built_from_other_sources_is_refused(tmp_path):
    """In a checkout, sources changed since the build (say, edited and not rebuilt): the
    engine does not run the stale extension, and says why."""
    assert core.why_unusable(core.COMPILED) == ""
    for path in (REPO / "csrc").glob("*.[ch]"):
        (tmp_path / path.name).write_bytes(path.read_bytes())
    assert core.why_unusable(core.COMPILED, tmp_path) == ""
    (tmp_path / "movegen.c").write_text("/* edited */\n")
    assert core.why_unusable(core.COMPILED, tmp_path).startswith(
        "the compiled core was built from other sources")
    assert core.why_unusable(core.COMPILED, None) == ""  # an installed package: no sources
