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
    code, out, err = run(capsys, "classify", "33Z")
    assert code == 0 and out == "33Z\tinvalid\n" and "unknown card 'Z'" in err


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
    (["moves", "345", "--after", "pair 34"], "bad --after: 34 is not a legal pair"),
    (["moves", "3333", "--after", "single 3"], "more cards than one deck"),
    (["moves", "345", "--after", "pass"], "not a pass"),
    (["replay", "/nonexistent/record.json"], "cannot read"),
])
def test_bad_input_exits_2_with_a_message(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and words in err and "Traceback" not in err


def test_play_prints_a_whole_deal_and_its_record_replays(capsys, tmp_path):
    path = tmp_path / "deal.json"
    code, out, _ = run(capsys, "play", "--seed", "5", "--doubling", "--record", str(path))
    assert code == 0
    assert "Seat 0:" in out and "Kitty:" in out and "Trick 1" in out and "Scores:" in out
    code, again, _ = run(capsys, "replay", str(path))
    assert code == 0 and "Scores:" in again


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
