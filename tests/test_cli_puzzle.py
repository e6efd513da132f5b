"""``dizhu puzzle`` through the command line, the person's plays on standard input: every
puzzle solved by typing its solution, a wrong play failed and retried, bad input answered
with a message, the end of the input ending quietly."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from dizhu.cli import main
from dizhu.puzzles import Goal, Puzzle, load_puzzles, own_puzzle
from dizhu.session import Store

PUZZLES = load_puzzles()
REPO = Path(__file__).resolve().parents[1]


def run(capsys, monkeypatch, *argv: str, stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def side_plays(puzzle: Puzzle, cards_only: bool = False) -> list[str]:
    """What a person types to play the solution: the side's steps."""
    search = puzzle.search()
    pos = puzzle.start()
    typed = []
    for play in puzzle.solution_plays():
        if search.ours(pos):
            typed.append(play.ranks if cards_only and not play.is_pass else play.text)
        pos.push(play)
    return typed


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: str(p.id))
def test_typing_the_solution_solves_every_puzzle(capsys, monkeypatch, puzzle: Puzzle):
    typed = "\n".join(side_plays(puzzle)) + "\nn\n"
    code, out, err = run(capsys, monkeypatch, "puzzle", str(puzzle.id), stdin=typed)
    assert code == 0 and not err
    assert f"Puzzle {puzzle.id}: {puzzle.title['en']}" in out
    assert "\nsolved: " in out and "failed" not in out and "Traceback" not in out


def test_the_cards_alone_are_read_as_the_play(capsys, monkeypatch):
    puzzle = next(p for p in PUZZLES if p.ruleset == "classic" and len(side_plays(p)) > 1)
    typed = "\n".join(side_plays(puzzle, cards_only=True)) + "\n"
    code, out, _ = run(capsys, monkeypatch, "puzzle", str(puzzle.id), stdin=typed)
    assert code == 0 and "solved: " in out


class Person:
    """Standard input that answers what was last asked: a wrong first play, then (while
    the goal is lost) a pass or any card of the seat's hand; on "again?" yes once, and
    the solution the second time."""

    def __init__(self, puzzle: Puzzle, said: list[str]) -> None:
        self.said = said
        right = side_plays(puzzle)
        start = puzzle.start()
        self.wrong = next(p.text for p in start.legal_plays() if p.text != right[0])
        hand = "".join(p.ranks for p in start.legal_plays() if p.kind.label == "single")
        self.fumbling = iter([self.wrong] + ["pass", *hand] * 20)
        self.solving = iter([*right, "n"])
        self.again = 0

    def readline(self) -> str:
        if self.said[-1] == "again? (y/n)":
            self.again += 1
            return "y\n" if self.again == 1 else "n\n"
        return next(self.solving if self.again else self.fumbling) + "\n"


def test_a_wrong_play_fails_and_a_retry_solves():
    from dizhu.cli.puzzles import play_puzzle

    for puzzle in [p for p in PUZZLES if p.goal is Goal.WIN][:8]:
        said: list[str] = []
        person = Person(puzzle, said)
        assert play_puzzle(puzzle, "en", person, said.append) == 0  # type: ignore[arg-type]
        verdicts = [line for line in said if line.startswith(("failed", "solved"))]
        assert len(verdicts) == 2 and verdicts[1].startswith("solved: ")
        assert verdicts[0].startswith("failed: the other side went out first")
        assert verdicts[0].endswith(f"slipped away with {person.wrong}")


def test_a_two_hand_puzzle_shows_two_seats_fails_and_is_retried():
    from dizhu.cli.puzzles import play_puzzle

    for puzzle in [p for p in PUZZLES if p.ruleset == "duel" and p.goal is Goal.WIN][:4]:
        said: list[str] = []
        person = Person(puzzle, said)
        assert play_puzzle(puzzle, "zh", person, said.append) == 0  # type: ignore[arg-type]
        assert said[0] == f"Puzzle {puzzle.id}: {puzzle.title['zh']}"
        seats = [line.split(":")[0].strip() for line in said[:6] if line.startswith("  seat")]
        you = ", you" if puzzle.side == "landlord" else ""
        assert seats[:2] == [f"seat 0 (landlord{you})",
                             f"seat 1 (peasant{'' if you else ', you'})"]
        assert not any(line.startswith("  seat 2") for line in said)
        verdicts = [line for line in said if line.startswith(("failed", "solved"))]
        assert verdicts[0].startswith("failed: the other side went out first")
        assert len(verdicts) == 2 and verdicts[1].startswith("solved: ")


def test_bad_input_is_answered_and_asked_again(capsys, monkeypatch):
    puzzle = next(p for p in PUZZLES if p.ruleset == "classic" and p.start().top is None)
    typed = "\n".join(["", "xyz", "single", "pair 3", "pass", "BB", "fly 33", "quit"]) + "\n"
    code, out, err = run(capsys, monkeypatch, "puzzle", str(puzzle.id), stdin=typed)
    assert code == 0 and not err and "Traceback" not in out
    said = [line.strip() for line in out.splitlines()]
    assert "type a play: KIND CARDS (pair 33), the cards alone (33), or pass" in said
    assert "you lead this trick: a leader may not pass" in said
    assert any(line.startswith("unknown combination kind 'fly'") for line in said)
    assert any(line.startswith("cannot read play 'single'") for line in said)
    assert len([line for line in said if line.endswith("to play (KIND CARDS, cards, pass; "
                                                        "quit):")]) == 8


def test_cards_that_read_two_ways_ask_for_the_kind(capsys, monkeypatch):
    from dizhu.cli.puzzles import play_puzzle

    puzzle = Puzzle(0, "classic", "333444555666/7/8 0 0 -", 0, Goal.WIN, 1,
                    {"en": "four triples", "zh": "四个三"}, ())
    said: list[str] = []
    play_puzzle(puzzle, "en", io.StringIO("333444555666\nairplane 333444555666\nn\n"),
                said.append)
    assert any("can be played as" in line and "airplane_singles 333444555666" in line
               for line in said)
    assert said[-2].startswith("solved: ")


def test_the_end_of_the_input_ends_quietly(capsys, monkeypatch):
    for typed in ("", side_plays(PUZZLES[10])[0] + "\n"):
        code, out, err = run(capsys, monkeypatch, "puzzle", str(PUZZLES[10].id), stdin=typed)
        assert code == 0 and not err and "Traceback" not in out


def test_list_solution_and_refusals(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "puzzle", "--list")
    rows = out.splitlines()
    assert code == 0 and len(rows) == len(PUZZLES)
    first = rows[0].split(None, 5)
    assert first[:5] == ["1", PUZZLES[0].ruleset, str(PUZZLES[0].difficulty),
                         PUZZLES[0].goal.value, "-"] and first[5] == PUZZLES[0].title["en"]
    code, out, _ = run(capsys, monkeypatch, "puzzle", "--list", "--lang", "zh")
    assert out.splitlines()[0].endswith(PUZZLES[0].title["zh"])
    puzzle = PUZZLES[-1]
    code, out, _ = run(capsys, monkeypatch, "puzzle", str(puzzle.id), "--solution")
    steps = [line for line in out.splitlines() if line[:5].strip().rstrip(".").isdigit()]
    assert code == 0 and len(steps) == len(puzzle.solution)
    assert steps[0].endswith(f"{puzzle.solution[0].play} !")
    for argv, said in ((["puzzle", "0"], "no puzzle 0"), (["puzzle", "x1"], "not 'x1'"),
                       (["puzzle"], "give a puzzle's number"),
                       (["puzzle", "3", "--list"], "--list lists every puzzle")):
        code, out, err = run(capsys, monkeypatch, *argv)
        assert code == 2 and said in err and "Traceback" not in err


def test_the_command_reads_a_real_standard_input():
    puzzle = PUZZLES[0]
    typed = "\n".join(side_plays(puzzle)) + "\n"
    done = subprocess.run([sys.executable, "-m", "dizhu", "puzzle", str(puzzle.id)],
                          input=typed, capture_output=True, text=True, timeout=60, cwd=REPO,
                          env={**os.environ, "PYTHONPATH": str(REPO)})
    assert done.returncode == 0 and "solved: " in done.stdout and not done.stderr


def test_each_try_is_kept_in_the_database_and_the_list_marks_the_solved(
        capsys, monkeypatch, tmp_path):
    """A try played to its end is counted in the database the command names (the game's
    by default), for the player named (the last match's by default); a solved puzzle is
    marked in the list; one's own puzzles (made in the browser) are listed and played."""
    db = tmp_path / "game.sqlite3"
    puzzle = PUZZLES[0]
    typed = "\n".join(side_plays(puzzle)) + "\nn\n"
    code, out, _ = run(capsys, monkeypatch, "puzzle", "1", "--db", str(db), "--player", "Ann",
                       stdin=typed)
    assert code == 0 and "solved" in out
    code, out, _ = run(capsys, monkeypatch, "puzzle", "--list", "--db", str(db),
                       "--player", "Ann")
    assert out.splitlines()[0].split()[4] == "✓"
    assert out.splitlines()[1].split()[4] == "-"
    code, out, _ = run(capsys, monkeypatch, "puzzle", "--list", "--db", str(db),
                       "--player", "Bob")
    assert out.splitlines()[0].split()[4] == "-"
    store = Store(db)
    try:
        progress = store.progress("Ann", "1")
        assert progress.attempts == 1 and progress.solved
        own = store.add_own_puzzle("Ann", own_puzzle(PUZZLES[5].start().text(),
                                                     PUZZLES[5].ruleset, PUZZLES[5].seat,
                                                     PUZZLES[5].goal.value, "mine"))
    finally:
        store.close()
    code, out, _ = run(capsys, monkeypatch, "puzzle", "--list", "--db", str(db),
                       "--player", "Ann")
    assert out.splitlines()[-1].split()[0] == f"own-{own.id}"
    typed = "\n".join(side_plays(own)) + "\nn\n"
    code, out, _ = run(capsys, monkeypatch, "puzzle", f"own-{own.id}", "--db", str(db),
                       "--player", "Ann", stdin=typed)
    assert code == 0 and "solved" in out
    for argv, said in ((["puzzle", "own-99", "--db", str(db)], "there is no own puzzle own-99"),
                       (["puzzle", "1", "--player", " "], "--player needs a name")):
        code, _, err = run(capsys, monkeypatch, *argv)
        assert code == 2 and said in err
