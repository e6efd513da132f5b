import socket
import subprocess
import sys
import urllib.request

import pytest

from dizhu.cli import main


def run(capsys, *argv, stdin=None, monkeypatch=None):
    if stdin is not None:
        import io
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_classify_reads_stdin_and_echoes_canonical_cards(capsys, monkeypatch, cases_dir):
    rows = [line.split("\t") for line in (cases_dir / "classify.tsv").read_text().splitlines()]
    plain = [r for r in rows if r[1] == "0"]
    code, out, _ = run(capsys, "classify", stdin="\n".join(r[0] for r in plain),
                       monkeypatch=monkeypatch)
    assert code == 0
    assert out.splitlines() == [f"{r[0]}\t{r[2]}" for r in plain]


def test_classify_arguments_and_options(capsys):
    code, out, _ = run(capsys, "classify", "5 5 3 3 3 4 4 4", "10 J Q K A", "--distinct-kickers")
    assert code == 0
    assert out.splitlines() == ["33344455\tinvalid", "TJQKA\tstraight:T:5"]


def test_classify_a_bad_line_is_invalid_and_explained(capsys):
    code, out, err = run(capsys, "classify", "33Z", "345")
    assert code == 2 and out == "33Z\tinvalid\n345\tinvalid\n" and "unknown card 'Z'" in err
    # sets no deck can hold are read, and are no combination: not bad input
    code, out, _ = run(capsys, "classify", "BB", "33333")
    assert code == 0 and out == "BB\tinvalid\n33333\tinvalid\n"


def test_classify_four_matches_the_shared_vectors(capsys, monkeypatch, cases_dir):
    rows = [line.split("\t") for line in
            (cases_dir / "four" / "classify.tsv").read_text().splitlines()]
    code, out, _ = run(capsys, "classify", "--ruleset", "four",
                       stdin="\n".join(r[0] for r in rows), monkeypatch=monkeypatch)
    assert code == 0
    assert out.splitlines() == [f"{r[0]}\t{r[2]}" for r in rows]


def test_moves_four_match_the_shared_vectors(capsys, cases_dir):
    folder = cases_dir / "four"
    rows = [r.split("\t") for r in (folder / "moves.tsv").read_text().splitlines()]
    assert len(rows) >= 40
    for number, (hand, after, _, _, _) in enumerate(rows, 1):
        argv = ["moves", hand, "--ruleset", "four"]
        if after != "-":
            argv += ["--after", after]
        code, out, _ = run(capsys, *argv)
        expected = (folder / "moves_full" / f"{number:03d}.txt").read_text()
        assert code == 0 and out == expected, number


def test_auctions_match_the_shared_vectors(capsys, cases_dir):
    rows = [r.split("\t") for r in (cases_dir / "auction.tsv").read_text().splitlines()]
    assert {r[0] for r in rows} == {"classic", "rob", "four"}
    for ruleset, opener, answers, expected in rows:
        argv = ["auction", "--ruleset", ruleset, "--opener", opener]
        argv += [] if answers == "-" else answers.split()
        code, out, err = run(capsys, *argv)
        if expected.startswith("illegal"):
            index = int(expected.split()[1])
            assert code == 2 and out == "" and f"answer {index} " in err, (argv, err)
        else:
            assert (code, out) == (0, expected + "\n"), argv


def test_moves_match_the_shared_vectors(capsys, cases_dir):
    rows = [r.split("\t") for r in (cases_dir / "moves.tsv").read_text().splitlines()]
    for number, (hand, after, distinct, _, _) in enumerate(rows, 1):
        argv = ["moves", hand]
        if after != "-":
            argv += ["--after", after]
        if distinct == "1":
            argv.append("--distinct-kickers")
        code, out, _ = run(capsys, *argv)
        expected = (cases_dir / "moves_full" / f"{number:03d}.txt").read_text()
        assert code == 0 and out == expected, number


@pytest.mark.parametrize("argv, words", [
    (["moves", "33X"], "bad hand: unknown card 'X'"),
    (["moves", "33333"], "bad hand: 5 3s"),
    (["moves", "333333333", "--ruleset", "four"], "bad hand: 9 3s"),
    (["moves", "345", "--after", "pair 34"], "bad --after: 34 is not a legal pair"),
    (["moves", "3333", "--after", "single 3"], "more cards than one deck"),
    (["moves", "33333333", "--after", "single 3", "--ruleset", "four"],
     "more cards than 2 packs"),
    (["moves", "345", "--after", "pass"], "not a pass"),
    (["moves", "345", "--after", "triple_single 3334", "--ruleset", "four"],
     "not a legal triple_single"),
    (["moves", "345", "--ruleset", "four", "--distinct-kickers"],
     "distinct_kickers means nothing in four"),
    (["moves", "345", "--ruleset", "chess"], "unknown ruleset 'chess'"),
    (["replay", "/nonexistent/record.json"], "cannot read"),
    (["auction", "--ruleset", "rob", "--opener", "0", "call", "2"],
     "answer 1 '2' is not legal"),
    (["auction", "--ruleset", "rob", "--opener", "0", "yes"], "'yes' is no answer"),
    (["auction", "--opener", "0", "3", "pass"],
     "answer 1 'pass' is not legal: the auction is over"),
    (["auction", "--opener", "3"], "--opener must be a seat 0..2"),
    (["play", "--record", "/nonexistent/folder/deal.json"], "cannot write"),
    (["serve", "--port", "99999", "--no-open"], "--port must be 0..65535"),
    (["arena", "random", "random", "--jobs", "0"], "--jobs must be 1 or more"),
    (["arena", "expert:budget=-1", "random"], "budget is from 0.01 to 10"),
    (["arena", "rlcard-rule", "random", "--ruleset", "four"], "cannot play four"),
])
def test_bad_input_exits_2_with_a_message(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and words in err and "Traceback" not in err


@pytest.mark.parametrize("ruleset, seats", [("classic", 3), ("rob", 3), ("four", 4)])
def test_play_prints_a_whole_deal_and_its_record_replays(capsys, tmp_path, ruleset, seats):
    path = tmp_path / "deal.json"
    code, out, _ = run(capsys, "play", "--seed", "5", "--doubling", "--record", str(path),
                       "--ruleset", ruleset)
    assert code == 0
    assert f"Seat {seats - 1}:" in out and f"Seat {seats}:" not in out
    assert "Kitty:" in out and "Trick 1" in out and "Scores:" in out
    code, again, _ = run(capsys, "replay", str(path))
    assert code == 0 and "Scores:" in again and again in out
    code, _, err = run(capsys, "replay", str(path), "--ruleset",
                       "classic" if ruleset != "classic" else "four")
    assert code == 2 and f"is a deal of {ruleset}" in err


def test_unreadable_files_are_refused_with_a_message(capsys, tmp_path):
    binary = tmp_path / "deal.json"
    binary.write_bytes(bytes(range(256)) * 4)
    code, _, err = run(capsys, "replay", str(binary))
    assert code == 2 and "not a text file" in err


def test_without_a_command_it_starts_the_game(tmp_path):
    db = tmp_path / "game.sqlite3"
    server = subprocess.Popen([sys.executable, "-m", "dizhu", "--port", "0", "--no-open",
                               "--db", str(db)], stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        assert "dizhu is running at http://127.0.0.1:" in line and str(db) in line
        url = line.split("running at ", 1)[1].split()[0]
        with urllib.request.urlopen(url, timeout=10) as page:
            assert "dizhu" in page.read().decode()
        assert db.exists()
    finally:
        server.kill()
        server.wait(10)


def test_a_database_that_is_not_sqlite_is_a_readable_error(tmp_path):
    db = tmp_path / "notes.txt"
    db.write_text("these are my notes, not a database\n" * 100)
    done = subprocess.run([sys.executable, "-m", "dizhu", "serve", "--port", "0", "--no-open",
                           "--db", str(db)], capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"cannot open the database {db}: file is not a database" in done.stderr
    assert db.read_text().startswith("these are my notes")


def test_a_port_in_use_is_a_readable_error(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "dizhu", "serve", "--port", str(port),
                               "--no-open", "--db", str(tmp_path / "g.sqlite3")],
                              capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("pure", ["", "1"])
def test_version_names_the_core_that_runs(pure):
    import os

    from dizhu import __version__, core

    done = subprocess.run([sys.executable, "-m", "dizhu", "--version"], capture_output=True,
                          text=True, env={**os.environ, "DIZHU_PURE": pure})
    running = "python core (DIZHU_PURE is set)" if pure else \
        "compiled core" if core.COMPILED else f"python core ({core.MISSING})"
    assert (done.returncode, done.stdout, done.stderr) == \
        (0, f"dizhu {__version__}, {running}\n", "")
