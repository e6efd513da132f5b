"""The games' commands: ``serve`` (the browser game), ``tui`` (the terminal game), and
``play`` and ``replay``, which print a seeded deal or a record."""

from __future__ import annotations

import argparse
import random
import re
import sqlite3

from ..auction import Bid, Double
from ..combos import Play
from ..deal import Deal, Phase
from ..record import deal_to_json
from ..scoring import ScoreSheet
from ..view import public_history
from ..words import (
    answer_text,
    listing,
    pad,
    say,
)
from .common import (
    OFFERED,
    PAUSE,
    WAIT,
    UsageError,
    bomb_names,
    cards_text,
    database_path,
    file_to_write,
    kind_text,
    play_words,
    read_record,
    rules_from,
    seconds_option,
    symbols,
    wild_ranks_text,
    wild_roles,
)

# --------------------------------------------------------------------------- play

WHERE = "To play yourself: dizhu tui (in the terminal) or dizhu serve (in the browser)"
"""What ``dizhu play`` is not: where a person plays."""


def cmd_play(args: argparse.Namespace) -> int:
    rules = rules_from(args)
    record = None if args.record is None else file_to_write(args.record, "--record")
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
    if record is not None:
        try:
            record.write_text(deal_to_json(deal) + "\n", encoding="utf-8")
        except OSError as e:
            raise UsageError(f"cannot write {args.record}: {e.strerror}") from None
    players = {3: "three", 4: "four"}.get(rules.seats, str(rules.seats))
    print(f"One deal between {players} random players (seed {args.seed}, {rules.describe()})")
    if thrown:
        print(f"({thrown} deal{'s' if thrown > 1 else ''} thrown in: nobody bid)")
    print()
    print_deal(deal)
    if record is not None:
        print(f"\nRecord written to {args.record}")
    print(f"\n{WHERE}.")
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from ..web.serve import DEFAULT_PORT, ServeError, serve

    seconds_option(args.pause, "--pause", PAUSE)
    for option, value in (("--idle", args.idle), ("--away", args.away)):
        if value is not None:
            seconds_option(value, option, WAIT)
    port = DEFAULT_PORT if args.port is None else args.port
    if not 0 <= port <= 65535:
        raise UsageError(f"--port must be 0..65535 (0 picks a free port), not {port}")
    db = database_path(args)
    programs = dict(_program(given) for given in args.bot or ())
    try:
        serve(db, args.host, port, open_browser=not args.no_open, pause=args.pause,
              idle=args.idle, lan=args.lan, away=args.away, programs=programs,
              sync=args.sync, wait=args.wait)
    except ServeError as e:
        raise UsageError(str(e)) from None
    return 0


PROGRAM_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,23}")
"""What an outside bot may be called in the lobby."""


def _program(given: str) -> tuple[str, str]:
    """``NAME=PROGRAM ARGS`` (or ``NAME=cmd:PROGRAM ARGS``) or ``NAME=py:...`` (a Python
    bot or a tuned level, ``py:strongest:budget=2``, made once here to check it) of
    ``serve --bot``, checked."""
    from ..bots import make_bot
    from ..bots.external import check_program
    from ..bots.registry import EXTERNAL, PYTHON, STRONGEST, resolve_spec
    from ..session import FRIEND, LEVELS

    name, eq, command = given.partition("=")
    name, command = name.strip(), command.strip().removeprefix(EXTERNAL).strip()
    if not eq and resolve_spec(name).partition(":")[0] in LEVELS:
        raise UsageError(f"--bot {name}: the lobby offers the levels already, the strongest "
                         f"marked; offer one with settings under a name of its own, as in "
                         f"--bot deep=py:{STRONGEST}:budget=2")
    if not eq or not command:
        raise UsageError(f"--bot takes NAME=PROGRAM or NAME=py:MODULE:CLASS, as in --bot "
                         f"mine='python3 bot.py', not {given!r}")
    taken = (*LEVELS, STRONGEST, FRIEND)
    if not PROGRAM_NAME.fullmatch(name) or name in taken:
        raise UsageError(f"--bot: {name!r} cannot name a program: a letter, then up to 23 "
                         f"letters, digits, - or _, other than {', '.join(taken)}")
    try:
        if command.startswith(PYTHON):
            command = resolve_spec(command)  # py:strongest:... is kept as the level it names
            make_bot(command).close()
        else:
            check_program(command)
    except ValueError as e:
        raise UsageError(f"--bot {name}: {e}") from None
    return name, command


def cmd_tui(args: argparse.Namespace) -> int:
    seconds_option(args.pause, "--pause", PAUSE)
    db = database_path(args)
    ruleset = rules_from(args, OFFERED).name
    try:
        from ..tui.app import DizhuApp
    except ImportError as e:
        if (e.name or "").split(".")[0] not in ("textual", "rich"):
            raise
        raise UsageError("the terminal game needs Textual: "
                         "python3 -m pip install 'textual>=0.80'") from None
    try:
        app = DizhuApp(db, pause=args.pause, ruleset=ruleset)
    except (OSError, sqlite3.Error) as e:
        raise UsageError(f"cannot open the database {db}: {e}") from None
    app.run()
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    wanted = None if args.ruleset is None else rules_from(args).name
    deal = read_record(args.file)
    if wanted is not None and deal.rules.name != wanted:
        raise UsageError(f"{args.file} is a deal of {deal.rules.name}, not {args.ruleset}")
    print_deal(deal)
    return 0


def _role(deal: Deal, seat: int) -> str:
    if deal.landlord < 0:
        return ""
    return "landlord" if seat == deal.landlord else "peasant"


def _auction_end(deal: Deal) -> str:
    state = deal.auction_state
    if deal.rules.auction.name == "rob":
        robs = f" after {state.robs} rob{'s' * (state.robs != 1)}" if state.robs else ""
        return f"stake {state.stake}{robs}"
    return f"bid {state.stake}"


def print_deal(deal: Deal) -> None:
    """Print a deal readably, in the order it happened: the hands, the auction, the landlord
    taking the kitty, the doubling, every trick, the cards left and the score; a deal its
    record leaves unfinished says so."""
    names = [say("place.seat", n=seat + 1) for seat in range(deal.seats)]  # as the page
    wild = deal.wild
    for seat, cards in enumerate(deal.dealt):
        print(f"{names[seat]}: {cards_text(cards, wild)}")
    print(f"Kitty:  {cards_text(deal.kitty_cards, wild)}")
    before = deal.wild_draw[:deal.rules.wild_before_auction]
    if before:
        drawn = wild_ranks_text(before, wild_roles(deal.rules))
        print(f"Wild rank drawn before the auction: {drawn}")
    print()
    history, _ = public_history(deal, deal.suited_history())
    trick = 0
    landlord_told = False
    for entry in history:
        seat, action = entry.seat, entry.action
        if isinstance(action, Bid):
            print(f"  {names[seat]} {answer_text(action, seat, deal.landlord)}")
            continue
        if not landlord_told:
            _print_landlord(deal, names)
            landlord_told = True
        if isinstance(action, Double):
            print(f"  {names[seat]} {answer_text(action, seat, deal.landlord)}")
            continue
        if entry.leads:
            trick += 1
            print(f"\nTrick {trick}")
        label = f"{names[seat]} ({_role(deal, seat)})"
        if action.is_pass:
            print(f"  {label:<20} {kind_text('pass')}")
        else:
            print(f"  {label:<20} {pad(cards_text(entry.cards, wild), 32)} {play_words(action)}")
    if deal.phase is Phase.THROWN_IN:
        print("\nNobody bid: the deal is thrown in.")
        return
    if not landlord_told and deal.landlord >= 0:
        _print_landlord(deal, names)
    if not deal.is_over:
        _print_unfinished(deal, names)
    print("\nCards left:")
    held = deal.replay_suits()[1]
    for seat in range(deal.seats):
        print(f"  {names[seat]}: {cards_text(held[seat].cards(), wild) or '-'}")
    sheet = deal.result
    if sheet is None:
        return
    side = "the landlord wins" if sheet.landlord_won else "the peasants win"
    print(f"\n{names[deal.winner]} goes out: {side}.")
    times, dot = ("×", " · ") if symbols() else ("x", " - ")
    factors = [_auction_end(deal)]
    factors += [f"{name} {times}2" for name in _bombs(deal, sheet)]
    factors += [f"rocket {times}2"] * sheet.rockets
    if sheet.spring:
        factors.append(f"spring {times}2")
    if sheet.anti_spring:
        factors.append(f"anti-spring {times}2")
    print(f"Stake: {dot.join(factors)} = {sheet.stake}")
    if any(sheet.doubled) or sheet.redoubled:
        doubled = [names[s] for s, d in enumerate(sheet.doubled) if d]
        print(f"Doubled by {listing(doubled)}"
              + ("; the landlord redoubled" if sheet.redoubled else ""))
    print("Scores: " + ", ".join(f"{names[s]} {p:+d}" for s, p in enumerate(sheet.scores)))


def _bombs(deal: Deal, sheet: ScoreSheet) -> list[str]:
    """Each bomb that doubled the stake by name: with wild cards by its class, in the
    order played (``soft bomb``, ``hard bomb``, ``wild bomb``)."""
    if not deal.rules.wild_ranks:
        return ["bomb"] * sheet.bombs
    return bomb_names([action for _, action in deal.history if isinstance(action, Play)])


def _print_landlord(deal: Deal, names: list[str]) -> None:
    """The auction's end: who is the landlord, at what stake, and the kitty they take."""
    print(f"\n{names[deal.landlord]} is the landlord ({_auction_end(deal)}) and takes the "
          f"kitty: {cards_text(deal.kitty_cards, deal.wild)}")
    roles = wild_roles(deal.rules)
    first = deal.rules.wild_before_auction
    drawn = deal.wild[first:]
    if drawn:
        both = f"; the wild ranks are {wild_ranks_text(deal.wild, roles)}" \
            if len(deal.wild) > len(drawn) else ""
        print(f"Wild rank drawn: {wild_ranks_text(drawn, roles[first:])}{both}")


WHAT_NEXT = {Phase.AUCTION: "answer in the auction", Phase.DOUBLING: "answer the doubling",
             Phase.PLAY: "play"}
"""What the seat to move does next, by the phase a deal is in."""


def _print_unfinished(deal: Deal, names: list[str]) -> None:
    """Where a record that stops before the deal's end leaves it."""
    done = len(deal.history)
    print(f"\nThe deal is unfinished: the record stops after {done} "
          f"action{'s' * (done != 1)}, with {names[deal.to_move]} to {WHAT_NEXT[deal.phase]}.")
