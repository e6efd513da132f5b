"""The ``dizhu`` command.

``dizhu classify`` and ``dizhu moves`` are a stable contract for other tools: their output
format does not change. ``dizhu play`` deals and plays one seeded deal between random
players and prints it; ``dizhu replay`` checks and prints a record.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from .auction import Bid, Double
from .cards import (
    FULL_DECK,
    InvalidCardsError,
    card_text,
    contains,
    format_ranks,
    parse_ranks,
)
from .combos import CHINESE_NAMES, InvalidPlayError, Play, parse_play, readings
from .deal import Deal, Phase
from .movegen import legal_plays
from .record import RecordError, deal_to_json, replay
from .rules import CLASSIC, RuleSet


class UsageError(Exception):
    """Bad input on the command line: printed as a message, exit status 2."""


def _symbols() -> bool:
    try:
        "♠♥♣♦".encode(sys.stdout.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _cards(cards: Sequence[int]) -> str:
    symbols = _symbols()
    return " ".join(card_text(c, symbols=symbols) for c in cards)


# --------------------------------------------------------------------------- classify

def cmd_classify(args: argparse.Namespace) -> int:
    lines = args.cards if args.cards else (line.strip() for line in sys.stdin)
    for text in lines:
        if not text:
            continue
        try:
            cards = parse_ranks(text, one_deck=False)
        except InvalidCardsError as e:
            print(f"dizhu classify: {e}", file=sys.stderr)
            print(f"{text}\tinvalid")
            continue
        found = sorted(p.reading for p in readings(cards, args.distinct_kickers))
        print(f"{format_ranks(cards)}\t{','.join(found) or 'invalid'}")
    return 0


# --------------------------------------------------------------------------- moves

def cmd_moves(args: argparse.Namespace) -> int:
    try:
        hand = parse_ranks(args.hand)
    except InvalidCardsError as e:
        raise UsageError(f"bad hand: {e}") from None
    top: Play | None = None
    if args.after is not None:
        try:
            top = parse_play(args.after, distinct_kickers=args.distinct_kickers)
        except InvalidPlayError as e:
            raise UsageError(f"bad --after: {e}") from None
        if top.is_pass:
            raise UsageError("bad --after: give the play on top of the trick, not a pass")
        if not contains(FULL_DECK - hand, top.cards):
            raise UsageError(f"bad --after: the hand {format_ranks(hand)} and "
                             f"{top.ranks} together need more cards than one deck has")
    for line in sorted(p.text for p in legal_plays(hand, top, args.distinct_kickers)):
        print(line)
    return 0


# --------------------------------------------------------------------------- play

def _rules_from(args: argparse.Namespace) -> RuleSet:
    return CLASSIC.with_options(doubling=args.doubling, distinct_kickers=args.distinct_kickers)


def cmd_play(args: argparse.Namespace) -> int:
    rules = _rules_from(args)
    rng = random.Random(args.seed)
    opening = rng.randrange(rules.seats)
    thrown = 0
    while True:
        deal = Deal.shuffled(f"{args.seed}:{thrown}", opening, rules)
        while not deal.is_over:
            deal.push(rng.choice(deal.legal_actions()))
        if deal.phase is Phase.OVER:
            break
        thrown += 1
        opening = (opening + 1) % rules.seats
    print(f"One deal between three random players (seed {args.seed}, {rules.describe()})")
    if thrown:
        print(f"({thrown} deal{'s' if thrown > 1 else ''} thrown in: everyone passed)")
    print()
    print_deal(deal)
    if args.record:
        with open(args.record, "w", encoding="utf-8") as f:
            f.write(deal_to_json(deal) + "\n")
        print(f"\nRecord written to {args.record}")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from .web.serve import DEFAULT_PORT, ServeError, serve
    from .web.store import default_db_path

    if args.pause < 0:
        raise UsageError("--pause must be 0 seconds or more")
    db = Path(args.db) if args.db else default_db_path()
    port = DEFAULT_PORT if args.port is None else args.port
    try:
        serve(db, args.host, port, open_browser=not args.no_open, pause=args.pause)
    except ServeError as e:
        raise UsageError(str(e)) from None
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        with open(args.file, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise UsageError(f"cannot read {args.file}: {e.strerror}") from None
    try:
        deal = replay(text)
    except RecordError as e:
        raise UsageError(f"{args.file}: {e}") from None
    print_deal(deal)
    return 0


def _role(deal: Deal, seat: int) -> str:
    if deal.landlord < 0:
        return ""
    return "landlord" if seat == deal.landlord else "peasant"


def print_deal(deal: Deal) -> None:
    """Print a deal readably: the hands, the auction, every trick and the score."""
    for seat, cards in enumerate(deal.dealt):
        print(f"Seat {seat}: {_cards(cards)}")
    print(f"Kitty:  {_cards(deal.kitty_cards)}")
    print()
    trick = 0
    leader_next = True
    passes = 0
    for seat, action, cards in deal.suited_history():
        if isinstance(action, Bid):
            print(f"  seat {seat} {action}")
            continue
        if isinstance(action, Double):
            what = ("redoubles" if action.yes else "does not redouble") \
                if seat == deal.landlord else ("doubles" if action.yes else "does not double")
            print(f"  seat {seat} {what}")
            continue
        if leader_next:
            if trick == 0 and deal.landlord >= 0:
                print(f"\nSeat {deal.landlord} is the landlord (bid {deal.high_bid}) and takes "
                      f"the kitty: {_cards(deal.kitty_cards)}")
            trick += 1
            print(f"\nTrick {trick}")
            leader_next = False
        label = f"seat {seat} ({_role(deal, seat)})"
        if action.is_pass:
            print(f"  {label:<20} pass")
            passes += 1
            leader_next = passes == deal.seats - 1
        else:
            passes = 0
            shown = _cards(cards)
            print(f"  {label:<20} {shown:<32} {action.kind.label} {CHINESE_NAMES[action.kind]}")
    if deal.phase is Phase.THROWN_IN:
        print("\nEveryone passed: the deal is thrown in.")
        return
    _print_trick_ends(deal)
    sheet = deal.result
    if sheet is None:
        return
    side = "the landlord wins" if sheet.landlord_won else "the peasants win"
    print(f"\nSeat {deal.winner} goes out: {side}.")
    factors = [f"bid {sheet.bid}"]
    factors += ["bomb ×2"] * sheet.bombs + ["rocket ×2"] * sheet.rockets
    if sheet.spring:
        factors.append("spring ×2")
    if sheet.anti_spring:
        factors.append("anti-spring ×2")
    print(f"Stake: {' · '.join(factors)} = {sheet.stake}")
    if any(sheet.doubled) or sheet.redoubled:
        doubled = [s for s, d in enumerate(sheet.doubled) if d]
        print(f"Doubled by seat {', '.join(map(str, doubled))}"
              + ("; the landlord redoubled" if sheet.redoubled else ""))
    print("Scores: " + ", ".join(f"seat {s} {p:+d}" for s, p in enumerate(sheet.scores)))


def _print_trick_ends(deal: Deal) -> None:
    left = ", ".join(f"seat {s}: {format_ranks(h) or '-'}" for s, h in enumerate(deal.hands))
    print(f"\nCards left: {left}")


# --------------------------------------------------------------------------- arena

def cmd_arena(args: argparse.Namespace) -> int:
    from .arena import ArenaSpec, BotFailure, format_report, run_arena
    from .bots import make_bot

    try:
        for bot in (args.bot_a, args.bot_b):
            make_bot(bot)  # unknown names and settings are reported before any deal
        spec = ArenaSpec(args.bot_a, args.bot_b, args.decks, args.seed, args.mode,
                         _rules_from(args), args.first_deck)
        report = run_arena(spec, args.jobs, progress=not args.json)
    except (ValueError, ImportError, BotFailure) as e:
        raise UsageError(str(e)) from None
    print(json.dumps(report) if args.json else format_report(report))
    return 0


# --------------------------------------------------------------------------- main

def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dizhu", description="Dou Dizhu (Fight the Landlord)")
    sub = parser.add_subparsers(dest="command")

    p = sub.add_parser("serve", help="start the game in the browser (the default command)")
    p.add_argument("--port", type=int, default=None,
                   help="port on 127.0.0.1 (default 8765; 0 picks a free one)")
    p.add_argument("--host", default="127.0.0.1", help=argparse.SUPPRESS)
    p.add_argument("--db", metavar="PATH", help="the SQLite database (default: "
                   "dizhu.sqlite3 in your data directory)")
    p.add_argument("--no-open", action="store_true", help="do not open a browser")
    p.add_argument("--pause", type=float, default=0.8,
                   help="seconds a computer player waits before acting (default 0.8)")
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser("play", help="play one seeded deal between random players and print it")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--doubling", action="store_true", help="the doubling option")
    p.add_argument("--distinct-kickers", action="store_true", help="the distinct kickers option")
    p.add_argument("--record", metavar="FILE", help="also write the deal's JSON record")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("classify", help="every reading of card sets as combinations")
    p.add_argument("cards", nargs="*", help="card sets (default: one per line on stdin)")
    p.add_argument("--distinct-kickers", action="store_true")
    p.set_defaults(func=cmd_classify)

    p = sub.add_parser("moves", help="every legal play of a hand, leading or following")
    p.add_argument("hand")
    p.add_argument("--after", metavar="'KIND CARDS'", help="the play on top of the trick")
    p.add_argument("--distinct-kickers", action="store_true")
    p.set_defaults(func=cmd_moves)

    p = sub.add_parser("arena", help="measure one bot against another on duplicate decks")
    p.add_argument("bot_a", help="a bot name, with optional settings: expert:budget=0.2")
    p.add_argument("bot_b")
    p.add_argument("--decks", type=int, default=1000)
    p.add_argument("--first-deck", type=int, default=0,
                   help="number of the first deck (to play a long run in parts)")
    p.add_argument("--seed", default="0")
    p.add_argument("--jobs", type=int, default=None, help="worker processes (default: all cores)")
    p.add_argument("--mode", choices=("play", "full"), default="play",
                   help="play: no auction, stake 1 doubled per bomb (the literature's "
                        "protocol); full: auction and real scoring")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--doubling", action="store_true")
    p.add_argument("--distinct-kickers", action="store_true")
    p.set_defaults(func=cmd_arena)

    p = sub.add_parser("replay", help="check a deal record and print it")
    p.add_argument("file")
    p.set_defaults(func=cmd_replay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help")):
        argv = ["serve", *argv]  # no command: start the game
    args = parser.parse_args(argv)
    if getattr(args, "jobs", 0) is None:
        from .arena import default_jobs
        args.jobs = default_jobs()
    try:
        return args.func(args)
    except UsageError as e:
        print(f"dizhu {args.command}: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
