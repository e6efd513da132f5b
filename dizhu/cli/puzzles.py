"""``dizhu puzzle``: list the endgame puzzles, print one's solution, or play one in the
terminal against perfect defence, reading each play as ``KIND CARDS``, ``pass`` or just
the cards (as ``dizhu moves`` writes plays, and as the terminal game reads them)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TextIO

from ..cards import RANKS, InvalidCardsError, count_of, parse_ranks
from ..combos import InvalidPlayError, Play
from ..deal import AmbiguousPlayError, Deal, play_from_cards
from ..position import IllegalActionError, Position
from ..puzzles import GOAL_WORDS, LANGUAGES, Puzzle, PuzzleError, find_puzzle, load_puzzles
from ..session import Store
from ..session.puzzle_store import OWN, own_key
from ..words import rank_name
from .common import WILD_MARK, UsageError, database_path

QUIT = ("quit", "exit", "q")


def puzzle_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("number", nargs="?", help="the puzzle to play (dizhu puzzle --list)")
    p.add_argument("--list", action="store_true", help="list the puzzles, one a line: "
                   "number (own-N for one's own), ruleset, difficulty (1-5), goal, solved "
                   "(✓ or -), title")
    p.add_argument("--solution", action="store_true", help="print the puzzle's solution "
                   "line instead of playing it")
    p.add_argument("--lang", choices=LANGUAGES, default="en",
                   help="the language of the titles (default en; zh: Chinese)")
    p.add_argument("--db", metavar="PATH", help="the SQLite database that keeps each try "
                   "and the puzzles solved, with the game's matches (default: the game's)")
    p.add_argument("--player", metavar="NAME", help="whose progress (default: the player of "
                   "the last match made, as the browser's puzzles count it)")


def cmd_puzzle(args: argparse.Namespace) -> int:
    if args.list and (args.number is not None or args.solution):
        raise UsageError("--list lists every puzzle: give no number and no --solution")
    if not args.list and args.number is None:
        raise UsageError("give a puzzle's number, e.g. dizhu puzzle 1 (dizhu puzzle --list "
                         "lists them)")
    if args.player is not None and not args.player.strip():
        raise UsageError("--player needs a name")
    store = Store(database_path(args))
    try:
        person = args.player.strip() if args.player else store.last_player() or ""
        if args.list:
            done = store.all_progress(person)
            for key, puzzle in [(str(p.id), p) for p in load_puzzles()] + \
                    [(own_key(p.id), p) for p in store.own_puzzles(person)]:
                mark = "✓" if key in done and done[key].solved else "-"
                print(f"{key:>6}  {puzzle.ruleset:7}  {puzzle.difficulty}  "
                      f"{puzzle.goal.value:7}  {mark}  {puzzle.title_in(args.lang)}")
            return 0
        key, puzzle = _puzzle(args.number, store)
        if args.solution:
            print_solution(puzzle, args.lang)
            return 0
        return play_puzzle(puzzle, args.lang, sys.stdin, print,
                           lambda line, solved: store.record_try(
                               person, key, [p.text for p in line], solved))
    finally:
        store.close()


def _puzzle(number: str, store: Store) -> tuple[str, Puzzle]:
    """The puzzle a person names: a shipped one by its number, one's own as ``own-N``."""
    given = number.strip()
    if given.startswith(OWN) and given[len(OWN):].isdigit():
        found = store.own_puzzle(int(given[len(OWN):]))
        if found is None:
            raise UsageError(f"there is no own puzzle {given} (dizhu puzzle --list lists them)")
        return given, found[1]
    if not given.isdigit():
        raise UsageError(f"a puzzle is given by its number (or own-N), not {number!r} "
                         "(dizhu puzzle --list lists them)")
    try:
        return given, find_puzzle(int(given))
    except PuzzleError as e:
        raise UsageError(str(e)) from None


# --------------------------------------------------------------------------- words

def ranks_text(cards: int, wild: tuple[int, ...] = ()) -> str:
    """Rank counts as a person reads them: ``3 3 10 J* B``, a wild card marked."""
    return " ".join(rank_name(RANKS[r]) + WILD_MARK * (r in wild)
                    for r in range(len(RANKS)) for _ in range(count_of(cards, r))) or "-"


def seat_words(puzzle: Puzzle, position: Position, seat: int) -> str:
    role = "landlord" if seat == position.landlord else "peasant"
    return f"seat {seat} ({role}{', you' if puzzle.ours(seat) else ''})"


def goal_words(puzzle: Puzzle, lang: str) -> str:
    english, chinese = GOAL_WORDS[puzzle.goal]
    words = f"{english} ({chinese})" if lang == "zh" else english
    return f"you play the {puzzle.side}: {words}, against perfect defence"


def header(puzzle: Puzzle, lang: str) -> list[str]:
    pos = puzzle.start()
    lines = [f"Puzzle {puzzle.id}: {puzzle.title_in(lang)}",
             f"{puzzle.ruleset}, difficulty {puzzle.difficulty} of 5"]
    if pos.wild:
        lines.append("wild: " + " ".join(rank_name(RANKS[r]) + WILD_MARK for r in pos.wild))
    lines.append("goal: " + goal_words(puzzle, lang))
    return lines


def table(puzzle: Puzzle, position: Position) -> list[str]:
    """The hands, all open, and the trick to answer."""
    lines = [f"  {seat_words(puzzle, position, seat)}: "
             f"{ranks_text(position.hands[seat], position.wild)}"
             for seat in range(position.seats)]
    top = position.top
    if top is not None:
        lines.append(f"  to answer: seat {position.top_seat}'s {top.kind.label} "
                     f"{ranks_text(top.cards, position.wild)}")
    return lines


def print_solution(puzzle: Puzzle, lang: str = "en") -> None:
    """The header, the hands and the solution line, one play a line, the unique steps
    marked ``!``."""
    for line in header(puzzle, lang):
        print(line)
    pos = puzzle.start()
    for line in table(puzzle, pos):
        print(line)
    print("solution (! the only play that keeps the goal):")
    for number, (step, play) in enumerate(zip(puzzle.solution, puzzle.solution_plays(),
                                              strict=True), 1):
        print(f"  {number:2}. {seat_words(puzzle, pos, pos.to_move)}: {play.text}"
              f"{' !' if step.unique else ''}")
        pos.push(play)


# --------------------------------------------------------------------------- playing

def read_play(deal: Deal, text: str) -> Play:
    """The play ``text`` names for the seat to move: ``KIND CARDS``, ``pass``, or cards
    alone (the engine reads them: the reading that fits the trick, or asks which).
    ``ValueError`` saying why it is none."""
    words = text.split()
    if not words:
        raise ValueError("type a play: KIND CARDS (pair 33), the cards alone (33), or pass")
    if _named(words[0]):
        play = deal.rules.parse_play(text, deal.wild)
        why = deal.why_illegal(play)
        if why is not None:
            raise IllegalActionError(why)
        return play
    return play_from_cards(deal, deal.rules.parse_ranks("".join(words)))


def _named(word: str) -> bool:
    """Whether a typed play begins with a word (a kind, or ``pass``), not with cards."""
    if not word.replace("_", "").replace("-", "").isalpha():
        return False
    try:
        parse_ranks(word, None)
    except InvalidCardsError:
        return True
    return False


def play_puzzle(puzzle: Puzzle, lang: str, stdin: TextIO,
                say: Callable[[str], None] = print,
                record: Callable[[list[Play], bool], None] | None = None) -> int:
    """Play ``puzzle`` with a person reading ``stdin``: their side's plays asked for, the
    defence's made by the search; ``solved`` or ``failed: ...``, then another try if they
    want one (``record`` hears of each try played to its end: its line, whether solved).
    The end of the input ends it quietly."""
    for line in header(puzzle, lang):
        say(line)
    while True:
        played = _one_try(puzzle, stdin, say)
        if played is None:
            return 0
        outcome, line, solved = played
        if record is not None:
            record(line, solved)
        say(outcome)
        say("again? (y/n)")
        answer = stdin.readline()
        if not answer or answer.strip().lower() not in ("y", "yes"):
            return 0


def _one_try(puzzle: Puzzle, stdin: TextIO,
             say: Callable[[str], None]) -> tuple[str, list[Play], bool] | None:
    """One try at the puzzle: ``solved ...`` or ``failed: ...``, the line played and
    whether solved; ``None`` when the input ends or the person quits."""
    deal = Deal.from_position(puzzle.start())
    search = puzzle.search()
    line: list[Play] = []
    shown = -1
    while not deal.position.is_over:
        pos = deal.position
        if search.ours(pos):
            if shown != len(line):  # the table once per play asked for
                for row in table(puzzle, pos):
                    say(row)
                shown = len(line)
            say(f"{seat_words(puzzle, pos, pos.to_move)} to play "
                "(KIND CARDS, cards, pass; quit):")
            text = stdin.readline()
            if not text or text.strip().lower() in QUIT:
                return None
            try:
                play = read_play(deal, text.strip())
            except AmbiguousPlayError as e:
                say(f"  {e}: write it as " + " or ".join(
                    f"{o.kind.label} {o.ranks}" for o in e.options))
                continue
            except (InvalidPlayError, IllegalActionError, ValueError) as e:
                say(f"  {e}")
                continue
        else:
            play = search.defence(pos)
            say(f"  {seat_words(puzzle, pos, pos.to_move)} "
                f"{'passes' if play.is_pass else 'plays ' + play.text}")
        broken = not search.allowed(pos, play)
        line.append(play)
        deal.push(play)
        if broken:
            break
    check = puzzle.check(line)
    if check.solved:
        return f"solved: {puzzle.goal.value} reached in {len(line)} plays and passes", \
            line, True
    lost = ""
    if check.lost_at is not None:
        lost = f"; the goal slipped away with {line[check.lost_at].text}"
    return f"failed: {check.failure}{lost}", line, False

