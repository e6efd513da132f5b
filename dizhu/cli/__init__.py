"""The ``dizhu`` command.

``dizhu classify``, ``dizhu moves`` and ``dizhu auction`` are a stable contract for other
tools: their output format does not change. ``dizhu play`` deals and plays one seeded deal
between random players and prints it; ``dizhu replay`` checks and prints a record. Every
command that makes or reads a game takes ``--ruleset NAME`` (default ``classic``). Bad input
exits with status 2 and a message, never a traceback.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from .. import __version__, core
from ..bots.registry import BOTS, STRONGEST, strongest_level
from ..interrupt import stopped
from ..session.writer import SYNC
from .common import UsageError, reading_arguments, ruleset_argument, symbols, wild_argument
from .engine import cmd_auction, cmd_classify, cmd_moves, cmd_solve
from .games import WHERE, cmd_play, cmd_replay, cmd_serve, cmd_tui
from .matches import cmd_arena, cmd_compare, cmd_tournament, match_arguments
from .puzzles import cmd_puzzle, puzzle_arguments
from .review import cmd_review, review_arguments

# --------------------------------------------------------------------------- main

def _version() -> str:
    """``dizhu 0.2.0, compiled core`` (or ``python core (why)``)."""
    return f"dizhu {__version__}, {core.describe()}"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dizhu", description="Dou Dizhu (Fight the Landlord)")
    parser.add_argument("--version", action="version", version=_version(),
                        help="print the version and which core runs (compiled or python)")
    sub = parser.add_subparsers(dest="command")

    p = sub.add_parser("serve", help="start the game in the browser (the default command)")
    p.add_argument("--port", type=int, default=None,
                   help="port on 127.0.0.1 (default 8765; 0 picks a free one)")
    p.add_argument("--host", default="127.0.0.1", help=argparse.SUPPRESS)
    p.add_argument("--idle", type=float, default=None, help=argparse.SUPPRESS)
    p.add_argument("--away", type=float, default=None, help=argparse.SUPPRESS)
    p.add_argument("--wait", type=float, default=None, help=argparse.SUPPRESS)
    p.add_argument("--lan", action="store_true", help="also listen on the local network, "
                   "for friends you invite to a table (the lobby stays on this machine)")
    p.add_argument("--db", metavar="PATH", help="the SQLite database (default: "
                   "dizhu.sqlite3 in your data directory)")
    p.add_argument("--no-open", action="store_true", help="do not open a browser")
    p.add_argument("--pause", type=float, default=0.8,
                   help="seconds a computer player waits before acting (default 0.8)")
    p.add_argument("--bot", action="append", metavar="NAME=PROGRAM",
                   help="offer a program speaking the bot protocol (docs/bot-protocol.md), "
                        "a Python bot as py:MODULE:CLASS (docs/bots.md), or a level with "
                        f"settings as py:LEVEL:KEY=VALUE (py:{STRONGEST}:budget=2), in the "
                        "lobby beside the levels, as NAME; repeatable")
    p.add_argument("--sync", choices=SYNC, default="full",
                   help="how each move reaches the disk: full (the default) survives a "
                        "power cut; normal survives the server crashing but may lose the "
                        "last moments before a power cut, for a busy server on a disk "
                        "whose syncs are slow (docs/game-server.md)")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("tui", help="play in the terminal against computer players")
    p.add_argument("--db", metavar="PATH", help="the SQLite database (default: the browser "
                   "game's, dizhu.sqlite3 in your data directory)")
    p.add_argument("--pause", type=float, default=0.5,
                   help="seconds a computer player waits before acting (default 0.5)")
    ruleset_argument(p)
    p.set_defaults(func=cmd_tui)

    p = sub.add_parser("play", help=f"print one seeded deal between random players "
                       f"({WHERE[0].lower()}{WHERE[1:]})",
                       description=f"Deal one seeded deal, play it out between random players "
                       f"and print it: to watch the rules at work, or to make a record. {WHERE}.")
    p.add_argument("--seed", type=int, default=1)
    ruleset_argument(p)
    p.add_argument("--doubling", action="store_true", help="the doubling option")
    p.add_argument("--distinct-kickers", action="store_true", help="the distinct kickers option")
    p.add_argument("--record", metavar="FILE", help="also write the deal's JSON record")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("classify", help="every reading of card sets as combinations")
    p.add_argument("cards", nargs="*", help="card sets (default: one per line on stdin)")
    reading_arguments(p)
    p.set_defaults(func=cmd_classify)

    p = sub.add_parser("moves", help="every legal play of a hand, leading or following")
    p.add_argument("hand")
    p.add_argument("--after", metavar="'KIND CARDS'", help="the play on top of the trick")
    reading_arguments(p)
    p.set_defaults(func=cmd_moves)

    p = sub.add_parser("auction", help="where an auction stands after some answers")
    ruleset_argument(p)
    p.add_argument("--opener", type=int, default=0, help="the seat that answers first")
    p.add_argument("answers", nargs="*", metavar="ANSWER",
                   help="answers in turn: pass, 1, 2, 3 (points); call, rob, pass (rob)")
    p.set_defaults(func=cmd_auction)

    p = sub.add_parser(
        "solve", help="best play from a position with every hand known",
        description="Solve the play from a position with every hand known: print the side "
        "that wins with best play (landlord or peasants), then every play of the seat to "
        "move that wins for its side, one per line (none when it loses whatever it plays); "
        "or 'not solved' when the budget runs out first. The peasants are one team; the "
        "side that wins plays for the most doublings, the other for the fewest. The text "
        "holds no scoring counters: a seat holding fewer cards than it is dealt has "
        "played once (the fewest there can have been), no bomb was played before.")
    p.add_argument("position", help="HANDS LANDLORD TO_MOVE TOP as Position.text() writes "
                   "it, e.g. '33/44/55 0 1 -' or '3BR/4/5 0 1 0:single:2'; with wild cards "
                   "its wild ranks last ('338/44/55 0 0 - wild:8') or given by --wild")
    ruleset_argument(p)
    wild_argument(p)
    p.add_argument("--budget", type=float, default=60.0, metavar="SECONDS",
                   help="give up after this long (default 60)")
    p.add_argument("--line", action="store_true",
                   help="also print a principal variation, 'line: SEAT PLAY, ...' (both "
                   "sides' best play to the end, passes included), and its points: what "
                   "doubles the stake along it and the stake's multiplier")
    p.set_defaults(func=cmd_solve)

    p = sub.add_parser(
        "puzzle", help="endgame puzzles (残局): list them, play one, or see its solution",
        description="Endgame puzzles: positions with every hand open and a goal for your "
        "side (win; win with a spring, the other side playing no card; win without a "
        "bomb), played against perfect defence. 'dizhu puzzle --list' lists them, "
        "'dizhu puzzle N' plays puzzle N (type each play of your side as KIND CARDS, the "
        "cards alone, or pass), 'dizhu puzzle N --solution' prints its solution.")
    puzzle_arguments(p)
    p.set_defaults(func=cmd_puzzle)

    p = sub.add_parser(
        "review", help="rate every decision of a seat in a finished deal",
        description="Review a finished deal: every bid, double and play of the seat (0 "
        "unless --seat says) rated from what that seat knew then (its hand and everything "
        "public): the chance of its side to win after the action, the best alternative "
        "with its chance, and a mark by the chance lost (?! inaccuracy 0.05, ? mistake "
        "0.10, ?? blunder 0.20). Then the all-hands answer: who wins with best play from "
        "the start of play with every hand known, and where the result changed hands.")
    review_arguments(p)
    p.set_defaults(func=cmd_review)

    p = sub.add_parser("arena", help="measure one bot against another on duplicate decks")
    p.add_argument("bot_a", help=f"a bot name ({', '.join(BOTS)}, or {STRONGEST}: the "
                   f"strongest level, now {strongest_level()}), with optional settings: "
                   f"{STRONGEST}:budget=0.2; a Python bot by import path: mybots:Shedder "
                   "(docs/bots.md); or a program speaking the bot protocol: "
                   "'cmd:node mybot.js'")
    p.add_argument("bot_b")
    match_arguments(p, decks=1000)
    p.add_argument("--first-deck", type=int, default=0,
                   help="number of the first deck (to play a long run in parts)")
    p.add_argument("--legs", metavar="FILE.legs.tsv",
                   help="also write each deal's outcome, to compare this run with another "
                   "on the same decks deal by deal (dizhu compare)")
    p.set_defaults(func=cmd_arena)

    p = sub.add_parser(
        "compare", usage="dizhu compare FIRST... --to SECOND... [--json]",
        help="two arena runs on the same decks, deal by deal: the difference of A's win "
        "rate and its 95%% interval",
        description="Two arena runs played on the same decks (the same seed, mode and "
        "ruleset; dizhu arena ... --legs FILE), compared deal by deal: A's win rate in each, "
        "the difference first minus second with its 95% interval (by deck: a deck's deals "
        "are one sample), the same per role, and the deals only one run won.")
    p.add_argument("first", nargs="+", metavar="FIRST",
                   help="the first run's legs file, or several (a run played in parts), "
                   "or a folder of *.legs.tsv files")
    p.add_argument("--to", nargs="+", required=True, metavar="SECOND",
                   help="the run it is compared to, named the same way (after FIRST: "
                   "--to takes every name after it)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_compare)

    p = sub.add_parser("tournament", help="a round robin of bots on duplicate decks, "
                       "ranked by rating")
    p.add_argument("bots", nargs="+", metavar="BOT", help="two bots or more, named as "
                   "for the arena")
    match_arguments(p, decks=500)
    p.add_argument("--anchor", metavar="BOT", help="the bot rated 0 (default: the mean "
                   "rating is 0)")
    p.add_argument("--plot", metavar="FILE.png", help="also draw the pairwise win rates as "
                   "a heat map (needs matplotlib)")
    p.set_defaults(func=cmd_tournament)

    p = sub.add_parser("replay", help="check a deal record and print it")
    p.add_argument("file")
    ruleset_argument(p, default=None)
    p.set_defaults(func=cmd_replay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help", "--version")):
        argv = ["serve", *argv]  # no command: start the game
    args = parser.parse_args(argv)
    if not symbols() and hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="replace")  # a word it cannot show is no traceback
    try:
        return args.func(args)
    except UsageError as e:
        print(f"dizhu {args.command}: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:  # Ctrl+C: stopped as asked, said in words
        return stopped(f"dizhu {args.command}")


if __name__ == "__main__":
    sys.exit(main())
