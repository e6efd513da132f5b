import argparse
import hashlib
import json
import os
import re
import socket
import subprocess
import sys
import urllib.request

import pytest

from dizhu.cards import RANKS, card_text, format_ranks
from dizhu.cli import main
from dizhu.combos import BOMB_KINDS, Kind, Play

from .deals import tamper_first_play


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


@pytest.mark.parametrize("argv, words", [
    (["XYZ"], "unknown card 'X' in 'XYZ'"),
    ([""], "an empty argument: give card ranks"),
    (["  "], "an empty argument: give card ranks"),
    (["33Z", "345"], "unknown card 'Z' in '33Z'"),
])
def test_classify_bad_input_is_an_error_only(capsys, argv, words):
    """Text that is no card set has one outcome: a message and exit status 2, no reading;
    the card sets beside it are still read."""
    code, out, err = run(capsys, "classify", *argv)
    read = [a for a in argv if a == "345"]
    assert code == 2 and words in err and "Traceback" not in err
    assert out == "".join(f"{a}\tinvalid\n" for a in read)


def test_classify_sets_no_deck_holds_are_read_as_no_combination(capsys):
    code, out, err = run(capsys, "classify", "BB", "33333")
    assert (code, out, err) == (0, "BB\tinvalid\n33333\tinvalid\n", "")


def test_classify_without_standard_input_says_so(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", None)  # started with standard input closed
    code, out, err = run(capsys, "classify")
    assert code == 2 and out == "" and "no card sets: give them as arguments" in err


def test_classify_a_line_that_is_not_text_is_named(tmp_path):
    done = subprocess.run([sys.executable, "-m", "dizhu", "classify"], input=b"33\n\xff\xfe3\n",
                          capture_output=True, timeout=60, check=False)
    assert done.returncode == 2 and done.stdout == b"33\tpair:3:1\n"
    assert b"line 2 is not UTF-8 text" in done.stderr and b"Traceback" not in done.stderr


def test_classify_bad_lines_on_stdin_are_named_by_number(capsys, monkeypatch):
    code, out, err = run(capsys, "classify", stdin="33\n\nXYZ\n44\n", monkeypatch=monkeypatch)
    assert code == 2 and out == "33\tpair:3:1\n44\tpair:4:1\n"
    assert "line 2 is empty" in err and "line 3: unknown card 'X' in 'XYZ'" in err


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


def test_classify_laizi_and_tiandi_match_the_shared_vectors(capsys, monkeypatch, cases_dir):
    """Every row of laizi/classify.tsv, the rows of one ruleset, wild ranks and option read
    in one run from standard input."""
    rows = [r.split("\t") for r in (cases_dir / "laizi" / "classify.tsv").read_text()
            .splitlines()]
    assert {r[0] for r in rows} == {"laizi", "tiandi"}
    groups: dict[tuple[str, str, str], list[list[str]]] = {}
    for row in rows:
        groups.setdefault((row[0], row[1], row[3]), []).append(row)
    for (ruleset, wild, distinct), group in groups.items():
        argv = ["classify", "--ruleset", ruleset, "--wild", wild]
        argv += ["--distinct-kickers"] if distinct == "1" else []
        code, out, _ = run(capsys, *argv, stdin="\n".join(r[2] for r in group),
                           monkeypatch=monkeypatch)
        assert code == 0
        assert out.splitlines() == [f"{r[2]}\t{r[4]}" for r in group], (ruleset, wild)


def test_moves_laizi_and_tiandi_match_the_shared_vectors(capsys, cases_dir):
    folder = cases_dir / "laizi"
    rows = [r.split("\t") for r in (folder / "moves.tsv").read_text().splitlines()]
    assert len(rows) >= 40
    for number, (ruleset, wild, hand, after, distinct, count, digest) in enumerate(rows, 1):
        argv = ["moves", hand, "--ruleset", ruleset, "--wild", wild]
        argv += [] if after == "-" else ["--after", after]
        argv += ["--distinct-kickers"] if distinct == "1" else []
        code, out, _ = run(capsys, *argv)
        lines = out.splitlines()
        assert code == 0 and len(lines) == int(count), number
        assert hashlib.sha256("\n".join(lines).encode()).hexdigest() == digest, number
        assert out == (folder / "moves_full" / f"{number:03d}.txt").read_text(), number


@pytest.mark.parametrize("argv, words", [
    (["moves", "345", "--ruleset", "laizi", "--wild", "B"], "--wild: a wild rank is one of "
     "3..2, not B"),
    (["classify", "345", "--ruleset", "laizi", "--wild", "R"], "not R"),
    (["moves", "345", "--ruleset", "tiandi", "--wild", "55"], "the wild ranks 55 repeat"),
    (["moves", "345", "--ruleset", "tiandi", "--wild", "5"], "tiandi has 2 wild ranks, not 1"),
    (["moves", "345", "--ruleset", "laizi", "--wild", "58"], "laizi has one wild rank, not 2"),
    (["moves", "345", "--ruleset", "laizi", "--wild", ""], "laizi has one wild rank, not 0"),
    (["moves", "345", "--ruleset", "laizi", "--wild", "X"], "--wild: unknown card 'X'"),
    (["moves", "345", "--ruleset", "laizi"], "laizi needs its wild ranks: give one wild rank"),
    (["classify", "345", "--ruleset", "tiandi"], "give 2 wild ranks, e.g. --wild 5J"),
    (["moves", "345", "--wild", "8"], "--wild: classic has no wild cards"),
    (["classify", "345", "--ruleset", "four", "--wild", "8"], "four has no wild cards"),
    (["moves", "345", "--ruleset", "laizi", "--wild", "8", "--after", "pair 8B"],
     "8B is not a legal pair with the wild ranks 8: a wild card stands for any rank 3 to 2, "
     "never a joker"),
    (["moves", "345", "--ruleset", "laizi", "--wild", "8", "--after", "bomb 8888"],
     "(it reads as wild_bomb)"),
    (["moves", "45688", "--ruleset", "laizi", "--wild", "8", "--after", "wild_bomb 8888"],
     "together need more cards than one deck has"),
])
def test_bad_wild_ranks_are_input_errors(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and words in err and "Traceback" not in err, err


def test_the_games_and_the_bot_tools_take_the_wild_rulesets():
    from dizhu.cli import common

    for name in ("laizi", "tiandi"):
        assert common.rules_from(argparse.Namespace(ruleset=name), common.OFFERED).name == name


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
    (["play", "--record", "/nonexistent/folder/deal.json"],
     "--record: there is no folder /nonexistent/folder"),
    (["serve", "--port", "99999", "--no-open"], "--port must be 0..65535"),
    (["arena", "random", "random", "--jobs", "0"], "--jobs must be 1 or more"),
    (["arena", "expert:budget=-1", "random"], "budget is from 0.01 to 10"),
    (["arena", "rlcard-rule", "random", "--ruleset", "four"], "cannot play four"),
    (["moves", ""], "bad hand: no cards: give the cards held, e.g. 334455"),
    (["replay", ""], "give the record's file"),
    (["replay", " "], "give the record's file"),
    (["replay", "/nonexistent/record.json", "--ruleset", "chess"], "unknown ruleset 'chess'"),
    (["replay", "/"], "cannot read /: it is a folder"),
    (["play", "--record", ""], "--record needs a file name"),
    (["play", "--record", "/"], "--record: / is a folder"),
    (["serve", "--no-open", "--db", ""], "--db needs a file name"),
    (["tui", "--db", ""], "--db needs a file name"),
    (["serve", "--no-open", "--db", "/nonexistent/folder/g.sqlite3"],
     "--db: there is no folder /nonexistent/folder"),
    (["tui", "--db", "/nonexistent/folder/g.sqlite3"],
     "--db: there is no folder /nonexistent/folder"),
    (["serve", "--no-open", "--db", "/"], "--db: / is a folder"),
    (["tui", "--db", "/"], "--db: / is a folder"),
    (["serve", "--no-open", "--pause", "nan"], "--pause is 0 to 60 seconds, not nan"),
    (["serve", "--no-open", "--pause", "1e9"], "--pause is 0 to 60 seconds, not 1e+09"),
    (["serve", "--no-open", "--pause", "-1"], "--pause is 0 to 60 seconds, not -1"),
    (["tui", "--pause", "inf"], "--pause is 0 to 60 seconds, not inf"),
    (["serve", "--no-open", "--idle", "-1"], "--idle is 0 to 86400 seconds, not -1"),
    (["serve", "--no-open", "--away", "nan"], "--away is 0 to 86400 seconds, not nan"),
    (["tournament", "random", "easy", "--plot", ""], "--plot needs a file name"),
    (["tournament", "random", "easy", "--plot", "/"], "--plot: / is a folder"),
    (["tournament", "random", "easy", "--plot", "/nonexistent/wp.png"],
     "--plot: there is no folder /nonexistent"),
])
def test_bad_input_exits_2_with_a_message(capsys, argv, words):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and words in err and "Traceback" not in err


@pytest.mark.parametrize("ruleset, seats", [("classic", 3), ("rob", 3), ("four", 4),
                                           ("laizi", 3), ("tiandi", 3)])
def test_play_prints_a_whole_deal_and_its_record_replays(capsys, tmp_path, ruleset, seats):
    path = tmp_path / "deal.json"
    code, out, _ = run(capsys, "play", "--seed", "5", "--doubling", "--record", str(path),
                       "--ruleset", ruleset)
    assert code == 0
    assert f"Seat {seats}:" in out and f"Seat {seats + 1}:" not in out
    assert "Kitty:" in out and "Trick 1" in out and "Scores:" in out
    code, again, _ = run(capsys, "replay", str(path))
    assert code == 0 and "Scores:" in again and again in out
    code, _, err = run(capsys, "replay", str(path), "--ruleset",
                       "classic" if ruleset != "classic" else "four")
    assert code == 2 and f"is a deal of {ruleset}" in err


def test_a_tampered_record_names_the_seat_not_you(capsys, tmp_path):
    path = tmp_path / "deal.json"
    assert run(capsys, "play", "--seed", "3", "--record", str(path))[0] == 0
    record = json.loads(path.read_text())
    index, seat = tamper_first_play(record)
    path.write_text(json.dumps(record))
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and out == "" and "Traceback" not in err
    assert f"Step {index + 1} of the record does not replay: Seat {seat + 1} does not " in err
    assert "you" not in err.split()


def test_a_refused_replay_numbers_the_seats_as_its_printout_does(capsys, tmp_path):
    """``dizhu replay`` prints seats from 1 (Seat 1 to Seat 3); its refusal of a record
    names them the same way (it said "seat 1 pass: it is seat 0's turn" of Seat 2 and 1)."""
    path = tmp_path / "deal.json"
    assert run(capsys, "play", "--seed", "3", "--record", str(path))[0] == 0
    record = json.loads(path.read_text())
    events = record["events"]
    index = next(i for i, e in enumerate(events) if i > 4 and e.get("play") == "pass")
    to_move = events[index]["seat"]
    events[index]["seat"] = (to_move + 1) % 3
    path.write_text(json.dumps(record))
    code, out, err = run(capsys, "replay", str(path))
    assert code == 2 and out == ""
    assert f"Step {index + 1} of the record does not replay: It is Seat {to_move + 1}'s turn" \
        in err, err


def test_play_says_where_one_plays(capsys):
    """dizhu play prints a deal of random players: its help, the command list and its
    output say where a person plays (the terminal game and the browser)."""
    for argv in (["play", "--help"], ["--help"]):
        with pytest.raises(SystemExit):
            main(argv)
        said = " ".join(capsys.readouterr().out.lower().split())
        assert "to play yourself: dizhu tui (in the terminal) or dizhu serve (in the browser)" \
            in said, argv
    code, out, _ = run(capsys, "play")
    assert code == 0 and out.splitlines()[-1] == ("To play yourself: dizhu tui (in the "
                                                  "terminal) or dizhu serve (in the browser).")


@pytest.mark.parametrize("ruleset", ["classic", "four"])
def test_a_printed_deal_names_patterns_and_jokers_in_words(capsys, ruleset):
    """dizhu play and replay print plays as the page names them (never triple_single),
    the jokers by name; the notation's letters stay where cards are written for input."""
    said = ""
    for seed in range(1, 9):
        code, out, _ = run(capsys, "play", "--seed", str(seed), "--ruleset", ruleset)
        assert code == 0 and not re.search(r"\b[a-z]+_[a-z_]+\b", out), out
        said += out
    assert re.search(r" (with|chain|airplane) ", said) and "不要" in said
    assert re.search(r"\b[BR](小王|大王)", said)


def test_a_terminal_without_chinese_gets_a_deal_in_plain_words():
    done = subprocess.run([sys.executable, "-m", "dizhu", "play", "--seed", "2"],
                          capture_output=True, timeout=60, check=False,
                          env={**os.environ, "PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0 and b"Traceback" not in done.stderr, done.stderr
    out = done.stdout.decode("ascii")
    assert "triple with a single" in out and "pass" in out and "Seat 1: 3h" in out


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


SHORTHAND = re.compile(r"(?<![\w♠♥♣♦+-])(?=[3-9TJQKA2BR]{2})(?:[3-9TJQKA2BR]*[TJQKABR]"
                       r"[3-9TJQKA2BR]*|[3-9TJQKA2BR]{4,})(?![\w♠♥♣♦])")
"""Ranks run together as the engine writes them (``3345677``, ``479T``): a run with
a letter, or of four ranks or more (a score, a stake, a count of actions is no such run)."""


def labelled(lines: list[str]) -> dict[str, str]:
    """``LABEL: TEXT`` lines by label."""
    return dict(line.strip().split(": ", 1) for line in lines)


def block_after(out: str, heading: str) -> list[str]:
    """The lines after ``heading`` up to the next blank line."""
    lines = out.splitlines()
    start = lines.index(heading) + 1
    end = lines.index("", start) if "" in lines[start:] else len(lines)
    return lines[start:end]


def printed_and_recorded(capsys, tmp_path, *argv) -> tuple[str, dict]:
    path = tmp_path / "deal.json"
    code, out, _ = run(capsys, "play", *argv, "--record", str(path))
    assert code == 0
    return out, json.loads(path.read_text())


@pytest.mark.parametrize("ruleset", ["classic", "rob", "four"])
def test_the_cards_left_are_printed_as_the_hands_are(capsys, tmp_path, ruleset):
    from dizhu.record import replay
    from dizhu.words import card_face
    for seed in range(1, 5):
        out, record = printed_and_recorded(capsys, tmp_path, "--seed", str(seed),
                                           "--ruleset", ruleset)
        assert not SHORTHAND.search(out), SHORTHAND.search(out)
        deal = replay(json.dumps(record))
        held = deal.replay_suits()[1]
        dealt = out.splitlines()[2:2 + deal.seats]
        names = list(labelled(dealt))
        left = labelled(block_after(out, "Cards left:"))
        assert list(left) == names
        for seat, name in enumerate(names):
            cards = [card_face(card_text(c, symbols=True)) for c in held[seat].cards()]
            assert left[name] == (" ".join(cards) or "-"), (seed, name)


def test_the_events_print_in_the_order_they_happened(capsys, tmp_path):
    """The landlord takes the kitty when the auction ends, before anyone doubles; every
    answer and play is printed in the record's order."""
    for seed in range(1, 6):
        out, record = printed_and_recorded(capsys, tmp_path, "--seed", str(seed), "--doubling")
        lines = out.splitlines()
        names = list(labelled(lines[2:5]))
        kitty = next(i for i, line in enumerate(lines) if "takes the kitty" in line)
        events = record["events"][1:]
        acting = [line for line in lines[:lines.index("Cards left:")] if line.startswith("  ")]
        assert len(acting) == len(events), acting
        for line, event in zip(acting, events, strict=True):
            assert line.lower().strip().startswith(names[event["seat"]].lower()), (line, event)
        bids = [i for i, line in enumerate(lines) if line in acting and " bid" in line]
        doubles = [i for i, line in enumerate(lines) if line in acting and "double" in line]
        assert max(bids) < kitty < min(doubles), lines[:20]


def test_an_unfinished_record_replays_and_says_it_stops_early(capsys, tmp_path):
    out, record = printed_and_recorded(capsys, tmp_path, "--seed", "3", "--doubling")
    events = record["events"]
    path = tmp_path / "part.json"
    for n in [*range(1, 8), len(events) // 2, len(events) - 1, len(events)]:
        path.write_text(json.dumps({**record, "events": events[:n]}))
        code, again, err = run(capsys, "replay", str(path))
        assert code == 0 and err == ""
        assert not SHORTHAND.search(again), SHORTHAND.search(again)
        if n == len(events):
            assert again in out and "unfinished" not in again
        else:
            assert "Scores:" not in again
            said = [line for line in again.splitlines() if "unfinished" in line]
            assert len(said) == 1 and f"after {n - 1} action" in said[0], said


@pytest.mark.parametrize("ruleset, seats", [("classic", 3), ("four", 4)])
def test_play_and_replay_number_the_seats_as_the_page_does(capsys, tmp_path, ruleset, seats):
    """Seats are named as the browser and the terminal name them, from 1 ("Seat 1"), in
    every line that names one; the record itself keeps the engine's numbers (from 0)."""
    from dizhu.words import say
    named = {say("place.seat", n=n) for n in range(1, seats + 1)}
    for seed in range(1, 4):
        out, record = printed_and_recorded(capsys, tmp_path, "--seed", str(seed), "--doubling",
                                           "--ruleset", ruleset)
        assert not re.search(r"(?i)\bseat 0\b", out), out
        assert set(re.findall(r"Seat \d+", out)) == named
        assert list(labelled(out.splitlines()[2:2 + seats])) == sorted(named)
        assert {event["seat"] for event in record["events"][1:]} <= set(range(seats))
        path = tmp_path / "deal.json"
        code, again, _ = run(capsys, "replay", str(path))
        assert code == 0 and again in out


@pytest.mark.parametrize("ruleset", ["laizi", "tiandi"])
def test_play_prints_the_wild_ranks_when_they_are_drawn(capsys, tmp_path, ruleset):
    """``dizhu play`` deals the wild rulesets: ``tiandi``'s first rank is printed before
    the auction, the rank drawn when it ends after the landlord takes the kitty, as the
    record has them, each as the cards show it (``10*``); the plays printed read with them."""
    from dizhu.record import replay
    path = tmp_path / "deal.json"
    code, out, _ = run(capsys, "play", "--ruleset", ruleset, "--seed", "7",
                       "--record", str(path))
    assert code == 0 and "Scores:" in out
    deal = replay(path.read_text(encoding="utf-8"))
    draw = [RANKS[r].replace("T", "10") + "*" for r in deal.wild_draw]
    lines = out.splitlines()
    drawn = next(i for i, line in enumerate(lines) if line.startswith("Wild rank drawn:"))
    assert "takes the kitty" in lines[drawn - 1] and lines[drawn].split()[3] == draw[-1]
    first = [line for line in lines if line.startswith("Wild rank drawn before the auction")]
    if ruleset == "tiandi":  # named as the table names them: "5* (sky) · 7* (ground)"
        assert first == [f"Wild rank drawn before the auction: {draw[0]} (sky)"]
        assert lines[drawn].startswith(f"Wild rank drawn: {draw[1]} (ground);")
        assert lines[drawn].endswith(f"the wild ranks are {draw[0]} (sky) · {draw[1]} (ground)")
        assert lines.index(first[0]) < lines.index("Trick 1") and "Seat" in lines[
            lines.index(first[0]) + 2]
    else:
        assert first == [] and lines[drawn] == f"Wild rank drawn: {draw[0]}"


@pytest.mark.parametrize("ruleset", ["laizi", "tiandi"])
@pytest.mark.parametrize("seed", ["7", "12"])
def test_play_marks_every_wild_card_and_says_what_a_play_stood_for(capsys, tmp_path, ruleset,
                                                                   seed):
    """A deal of wild cards printed as a newcomer can follow it: every wild card marked as
    the terminal game marks it (``10♠*``), each play whose wild cards stood for other ranks
    followed by what it stood for (``as 3 4 5 6 7``), and the stake naming each class of
    bomb that doubled it."""
    from dizhu.record import replay
    path = tmp_path / "deal.json"
    code, out, _ = run(capsys, "play", "--ruleset", ruleset, "--seed", seed, "--record", str(path))
    assert code == 0
    deal = replay(path.read_text(encoding="utf-8"))
    faces = [RANKS[r].replace("T", "10") for r in deal.wild]
    marked = re.findall(r"(10|[2-9JQKA])[♠♥♣♦](\*?)", out)
    assert marked and all((mark == "*") == (rank in faces) for rank, mark in marked)
    assert any(mark for _, mark in marked)
    plays = [line for line in out.splitlines() if re.match(r"  Seat \d \(", line)
             and "pass" not in line]
    history = [a for _, a in deal.history if isinstance(a, Play) and not a.is_pass]
    assert len(plays) == len(history)
    stood = 0
    for line, play in zip(plays, history, strict=True):
        if play.stands_for != play.cards:
            stood += 1
            said = " ".join(r.replace("T", "10") for r in format_ranks(play.stands_for))
            assert line.endswith(f" as {said}"), (line, play)
        else:
            assert " as " not in line, line
    assert stood
    stake = next(line for line in out.splitlines() if line.startswith("Stake: "))
    factors = stake.split(" = ")[0].split(" · ")[1:]
    bombs = [f for f in factors if not f.startswith(("rocket", "spring", "anti-spring"))]
    named = {Kind.SOFT_BOMB: "soft bomb", Kind.BOMB: "hard bomb", Kind.WILD_BOMB: "wild bomb"}
    assert bombs == [f"{named[p.kind]} ×2" for p in history if p.kind in BOMB_KINDS], stake




def test_ctrl_c_stops_a_command_in_words(tmp_path):
    """Ctrl+C (SIGINT to the terminal's process group) while a command waits or works
    stops it with a line, not a traceback (the arena's worker processes too)."""
    import signal
    import time
    from pathlib import Path

    def interruptible() -> None:  # as from a terminal: a test runner may ignore SIGINT
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    commands = (["puzzle", "1", "--db", str(tmp_path / "p.sqlite3")],
                ["arena", "easy", "random", "--decks", "100000", "--jobs", "2"])
    for argv in commands:
        process = subprocess.Popen([sys.executable, "-u", "-m", "dizhu", *argv],
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True, start_new_session=True,
                                   preexec_fn=interruptible)
        try:
            if argv[0] == "puzzle":
                while "to play" not in process.stdout.readline():
                    pass  # the puzzle waits for a play
            else:  # the decks are being played once both workers have started
                children = Path(f"/proc/{process.pid}/task/{process.pid}/children")
                while len(children.read_text().split()) < 2:
                    time.sleep(0.05)
            os.killpg(process.pid, signal.SIGINT)
            _, err = process.communicate(timeout=60)
        finally:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
        assert process.returncode == 130 and "Traceback" not in err, (argv, err)
        assert err.strip() == f"dizhu {argv[0]}: stopped"
