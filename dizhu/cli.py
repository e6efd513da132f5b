"""The ``dizhu`` command.

``dizhu classify``, ``dizhu moves`` and ``dizhu auction`` are a stable contract for other
tools: their output format does not change. ``dizhu play`` deals and plays one seeded deal
between random players and prints it; ``dizhu replay`` checks and prints a record. Every
command that makes or reads a game takes ``--ruleset NAME`` (default ``classic``). Bad input
exits with status 2 and a message, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path

from . import __version__, core
from .auction import Bid, Double, bid_of
from .cards import (
    NUM_RANKS,
    RANKS,
    InvalidCardsError,
    card_rank,
    card_text,
    count_of,
    format_ranks,
    parse_ranks,
)
from .combos import BOMB_KINDS, InvalidPlayError, Kind, Play
from .deal import Deal, Phase
from .movegen import MoveGenerator
from .record import RecordError, deal_to_json, replay
from .rules import RuleSet
from .rulesets import find_ruleset, names, offered_ruleset
from .scoring import ScoreSheet
from .session.writer import SYNC
from .view import public_history
from .wild import WildMoves
from .words import (
    answer_text,
    card_face,
    kind_name,
    kind_words,
    listing,
    pad,
    rank_name,
    say,
    say_reason,
)

Moves = MoveGenerator | WildMoves
"""What reads cards and generates moves for a deal: a ruleset's ``moves(wild)``."""


class UsageError(Exception):
    """Bad input on the command line: printed as a message, exit status 2."""


def _symbols() -> bool:
    """Whether standard output shows the suits' symbols and Chinese (else plain words)."""
    try:
        "♠♥♣♦小王".encode(getattr(sys.stdout, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _kind(kind: str) -> str:
    """A kind in words, its Chinese name beside where the terminal shows it."""
    return kind_words(kind) if _symbols() else kind_name(kind)


def _cards(cards: Sequence[int], wild: Sequence[int] = ()) -> str:
    """Cards as a person reads them (``10♠ B小王``), or in the notation where the terminal
    cannot show the suits' symbols; a card of the ``wild`` ranks marked (``8♥*``)."""
    if not _symbols():
        texts = [card_text(c) for c in cards]
    else:
        texts = [card_face(card_text(c, symbols=True)) for c in cards]
    return " ".join(text + WILD_MARK * (card_rank(card) in wild)
                    for text, card in zip(texts, cards, strict=True))


WILD_MARK = "*"
"""What follows a wild card (``8♥*``), as the terminal game marks it."""


def _wild_ranks(wild: Sequence[int], roles: Sequence[str] = ()) -> str:
    """Wild ranks as the cards show them, each marked: ``10*``, ``5* J*``; with ``roles``
    (``tiandi``'s sky and ground) each named as the table names it: ``5* (sky) · J*
    (ground)``."""
    if not roles:
        return " ".join(rank_name(RANKS[r]) + WILD_MARK for r in wild)
    return " · ".join(f"{rank_name(RANKS[r])}{WILD_MARK} ({role})"
                      for r, role in zip(wild, roles, strict=False))


WILD_ROLES = ("sky", "ground")
"""The wild ranks of a ruleset that draws two, in the order drawn."""


def _roles(rules: RuleSet) -> tuple[str, ...]:
    """The words naming each wild rank of ``rules`` in the order drawn: none for one."""
    return WILD_ROLES if rules.wild_ranks > 1 else ()


def _play_words(play: Play) -> str:
    """A play's kind in words, and with wild cards standing for other ranks what it stood
    for: ``straight 顺子 as 4 5 6 7 8``."""
    name = _kind(play.kind.label)
    if play.stands_for == play.cards:
        return name
    return f"{name} as {' '.join(rank_name(r) for r in format_ranks(play.stands_for))}"


READ, DEALT, OFFERED = "read", "dealt", "offered"
"""What a command needs of its ruleset: that the engine reads it (the commands that only
read cards and answers), that a deal plays it, or that people and bots are offered it (the
games and the bot tools: :attr:`~dizhu.rules.RuleSet.offered`)."""


def _rules_from(args: argparse.Namespace, needs: str = DEALT) -> RuleSet:
    """The ruleset the arguments name, with the options they turn on, checked for what the
    command ``needs`` of it (:data:`READ`, :data:`DEALT`, :data:`OFFERED` or :data:`BOTS`)."""
    options = {name: True for name in ("doubling", "distinct_kickers")
               if getattr(args, name, False)}
    try:
        rules = (offered_ruleset if needs == OFFERED else find_ruleset)(args.ruleset,
                                                                         **options)
    except ValueError as e:
        raise UsageError(str(e)) from None
    if needs != READ and not rules.dealt:
        raise UsageError(f"no deal of {rules.name}: dizhu classify and dizhu moves read its "
                         "plays")
    return rules


def _wild_from(args: argparse.Namespace, rules: RuleSet) -> tuple[int, ...]:
    """The wild ranks ``--wild`` names (``8``, ``5J``): as many as the ruleset draws, each
    of 3..2 and none twice; none for a ruleset without wild cards."""
    given = getattr(args, "wild", None)
    if given is None:
        if rules.wild_ranks:
            one = "one wild rank, e.g. --wild 8" if rules.wild_ranks == 1 else \
                f"{rules.wild_ranks} wild ranks, e.g. --wild 5J"
            raise UsageError(f"{rules.name} needs its wild ranks: give {one}")
        return ()
    if not rules.wild_ranks:
        raise UsageError(f"--wild: {rules.name} has no wild cards (laizi and tiandi have)")
    try:
        counts = parse_ranks(given, None) if given.strip() else 0
    except InvalidCardsError as e:
        raise UsageError(f"--wild: {e}") from None
    ranks = [r for r in range(NUM_RANKS) for _ in range(count_of(counts, r))]
    try:
        return rules.check_wild(ranks, drawn=True)
    except ValueError as e:
        raise UsageError(f"--wild: {e}") from None


def _named_file(given: str, what: str) -> Path:
    """A file the person named with ``what`` (an option, or "the record's file"): refused
    when the name is empty or names a folder."""
    if not given.strip():
        raise UsageError(f"{what} needs a file name")
    path = Path(given)
    if path.is_dir():
        raise UsageError(f"{what}: {given} is a folder, not a file")
    return path


def _file_to_write(given: str, what: str) -> Path:
    """A file to be written (or a database to be made): its folder must be there already, a
    typing mistake making no folders."""
    path = _named_file(given, what)
    if not path.absolute().parent.is_dir():
        raise UsageError(f"{what}: there is no folder {path.parent}")
    return path


def _seconds(value: float, option: str, most: float) -> float:
    """A number of seconds from 0 to ``most`` (not a NaN, not infinite)."""
    if not 0 <= value <= most:
        raise UsageError(f"{option} is 0 to {most:g} seconds, not {value:g}")
    return value


def _database(args: argparse.Namespace) -> Path:
    """The database ``--db`` names, else the one in the user's data directory."""
    from .session import default_db_path

    return default_db_path() if args.db is None else _file_to_write(args.db, "--db")


PAUSE = 60.0
"""The longest a computer player may be told to wait before it acts, in seconds."""
WAIT = 86400.0
"""The longest ``--idle`` and ``--away``, in seconds (a day)."""


# --------------------------------------------------------------------------- classify

def cmd_classify(args: argparse.Namespace) -> int:
    """Each card set's readings, one line each; text that is no card set is bad input: a
    message naming it (nothing on standard output for it) and exit status 2."""
    rules = _rules_from(args, READ)
    moves = rules.moves(_wild_from(args, rules))
    if args.cards:
        given = ((None, text) for text in args.cards)
    elif sys.stdin is None:
        raise UsageError("no card sets: give them as arguments or on standard input")
    else:
        if sys.stdin.isatty():
            print("dizhu classify: reading card sets, one per line (Ctrl+D ends)",
                  file=sys.stderr)
        lines = getattr(sys.stdin, "buffer", sys.stdin)
        given = ((f"line {n}", line) for n, line in enumerate(lines, 1))
    status = 0
    for where, text in given:
        try:
            print(_classified(moves, _text(text, where).strip(), where))
        except UsageError as e:
            print(f"dizhu classify: {e}", file=sys.stderr)
            status = 2
    return status


def _text(line: str | bytes, where: str | None) -> str:
    """A line of standard input (bytes) as text; :class:`UsageError` if it is not UTF-8."""
    if isinstance(line, str):
        return line
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        raise UsageError(f"{where} is not UTF-8 text") from None


def _classified(moves: Moves, text: str, where: str | None) -> str:
    """``CARDS<TAB>READINGS`` for one card set; :class:`UsageError` if it is none."""
    if not text:
        raise UsageError(f"{where} is empty" if where else "an empty argument: give card "
                         "ranks, e.g. 33344455")
    try:
        cards = parse_ranks(text, None)
    except InvalidCardsError as e:
        raise UsageError(f"{where}: {e}" if where else str(e)) from None
    found = sorted(p.reading for p in moves.readings(cards))
    return f"{format_ranks(cards)}\t{','.join(found) or 'invalid'}"


# --------------------------------------------------------------------------- moves

def cmd_moves(args: argparse.Namespace) -> int:
    rules = _rules_from(args, READ)
    wild = _wild_from(args, rules)
    moves = rules.moves(wild)
    if not args.hand.strip():
        raise UsageError("bad hand: no cards: give the cards held, e.g. 334455")
    try:
        hand = rules.parse_ranks(args.hand)
    except InvalidCardsError as e:
        raise UsageError(f"bad hand: {e}") from None
    top: Play | None = None
    if args.after is not None:
        try:
            top = rules.parse_play(args.after, wild)
        except InvalidPlayError as e:
            raise UsageError(f"bad --after: {e}") from None
        if top.is_pass:
            raise UsageError("bad --after: give the play on top of the trick, not a pass")
        if not rules.combos.fits(hand + top.cards):
            deck = "one deck has" if rules.packs == 1 else f"{rules.packs} packs have"
            raise UsageError(f"bad --after: the hand {format_ranks(hand)} and "
                             f"{top.ranks} together need more cards than {deck}")
    for line in sorted(p.text for p in moves.legal(hand, top)):
        print(line)
    return 0


# --------------------------------------------------------------------------- auction

def cmd_auction(args: argparse.Namespace) -> int:
    rules = _rules_from(args, READ)
    if not 0 <= args.opener < rules.seats:
        raise UsageError(f"--opener must be a seat 0..{rules.seats - 1}")
    auction = rules.auction
    bids: list[tuple[int, Bid]] = []
    for index, token in enumerate(args.answers):
        state = auction.state(rules.seats, args.opener, bids)
        try:
            bid = bid_of(token)
        except ValueError as e:
            raise UsageError(f"answer {index} {token!r}: {e}") from None
        why = auction.why_illegal(state, bid)
        if why is not None:
            raise UsageError(f"answer {index} {token!r} is not legal: {why}")
        bids.append((state.to_move, bid))
    state = auction.state(rules.seats, args.opener, bids)
    if state.thrown_in:
        print("thrown-in")
    elif state.over:
        print(f"landlord {state.landlord} stake {state.stake}")
    else:
        print(f"next {state.to_move}: {' '.join(sorted(b.token for b in state.legal))}")
    return 0


# --------------------------------------------------------------------------- solve

def _position_text(args: argparse.Namespace, rules: RuleSet) -> str:
    """The position to solve as :meth:`~dizhu.position.Position.from_text` reads it: with
    the wild ranks ``--wild`` names as its last field (``wild:8``) unless it ends with
    them already; a ruleset with wild cards needs them one way or the other."""
    text = args.position
    fields = text.split()
    written = fields[-1][len("wild:"):] if len(fields) > 4 and fields[-1].startswith("wild:") \
        else None
    if written is not None and args.wild is None:
        return text
    wild = _wild_from(args, rules)
    if not wild:
        return text
    letters = rules.wild_text(wild)
    if written is None:
        return f"{text} wild:{letters}"
    if written.upper().replace("10", "T") != letters:
        raise UsageError(f"--wild {args.wild} and the position's wild:{written} differ: "
                         "give the wild ranks once")
    return text


def cmd_solve(args: argparse.Namespace) -> int:
    """Best play from a position with every hand known: the side that wins, then every
    winning play of the seat to move; with ``--line`` the principal variation and its
    points; ``not solved`` past the budget."""
    from .position import InvalidPositionError, Position
    from .solve import Solver

    rules = _rules_from(args)
    budget = _seconds(args.budget, "--budget", WAIT)
    try:
        pos: Position = Position.from_text(_position_text(args, rules), rules)
    except InvalidPositionError as e:
        raise UsageError(f"bad position: {e}") from None
    if not pos.is_over:
        try:  # the text holds no counters: read them as a deal started from it would
            pos = Deal.from_position(pos)
        except ValueError as e:
            raise UsageError(f"bad position: {e}") from None
    answer = Solver(rules).solve(pos, seconds=budget, points=args.line)
    if not answer.solved:
        print("not solved")
        return 0
    print(answer.winner)
    for play in answer.winning_plays:
        print(play.text)
    if args.line:
        walk = Position(rules, list(pos.hands), pos.landlord, pos.to_move, pos.top,
                        pos.top_seat, wild=pos.wild)
        steps = []
        for play in answer.line:
            steps.append(f"{walk.to_move} {play.text}")
            walk.push_unchecked(play)
        print("line: " + ", ".join(steps))
        times = "×" if _symbols() else "x"
        bombs = _bomb_names(answer.line) if rules.wild_ranks else ["bomb"] * answer.bombs
        factors = [f"{name} {times}2" for name in bombs] + [f"rocket {times}2"] * answer.rockets
        factors += [f"spring {times}2"] * answer.spring
        factors += [f"anti-spring {times}2"] * answer.anti_spring
        print(f"points: {', '.join(factors) or 'no doubling'}: the stake "
              f"{times}{answer.multiplier}")
    return 0


# --------------------------------------------------------------------------- play

WHERE = "To play yourself: dizhu tui (in the terminal) or dizhu serve (in the browser)"
"""What ``dizhu play`` is not: where a person plays."""


def cmd_play(args: argparse.Namespace) -> int:
    rules = _rules_from(args)
    record = None if args.record is None else _file_to_write(args.record, "--record")
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
    from .web.serve import DEFAULT_PORT, ServeError, serve

    _seconds(args.pause, "--pause", PAUSE)
    for option, value in (("--idle", args.idle), ("--away", args.away)):
        if value is not None:
            _seconds(value, option, WAIT)
    port = DEFAULT_PORT if args.port is None else args.port
    if not 0 <= port <= 65535:
        raise UsageError(f"--port must be 0..65535 (0 picks a free port), not {port}")
    db = _database(args)
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
    bot, made once here to check it) of ``serve --bot``, checked."""
    from .bots import make_bot
    from .bots.registry import EXTERNAL, PYTHON
    from .session import FRIEND, LEVELS

    name, eq, command = given.partition("=")
    name, command = name.strip(), command.strip().removeprefix(EXTERNAL).strip()
    if not eq or not command:
        raise UsageError(f"--bot takes NAME=PROGRAM or NAME=py:MODULE:CLASS, as in --bot "
                         f"mine='python3 bot.py', not {given!r}")
    if not PROGRAM_NAME.fullmatch(name) or name in (*LEVELS, FRIEND):
        raise UsageError(f"--bot: {name!r} cannot name a program: a letter, then up to 23 "
                         f"letters, digits, - or _, other than {', '.join((*LEVELS, FRIEND))}")
    if command.startswith(PYTHON):
        try:
            make_bot(command).close()
        except ValueError as e:
            raise UsageError(f"--bot {name}: {e}") from None
    return name, command


def cmd_tui(args: argparse.Namespace) -> int:
    _seconds(args.pause, "--pause", PAUSE)
    db = _database(args)
    ruleset = _rules_from(args, OFFERED).name
    try:
        from .tui.app import DizhuApp
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
    wanted = None if args.ruleset is None else _rules_from(args).name
    if not args.file.strip():
        raise UsageError("give the record's file, as written by dizhu play --record or the "
                         "browser's score sheet")
    if Path(args.file).is_dir():
        raise UsageError(f"cannot read {args.file}: it is a folder, not a record")
    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except OSError as e:
        raise UsageError(f"cannot read {args.file}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{args.file} is not a text file: a record is JSON") from None
    try:
        deal = replay(text)
    except RecordError as e:
        raise UsageError(f"{args.file}: {say_reason(e)}") from None
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
        print(f"{names[seat]}: {_cards(cards, wild)}")
    print(f"Kitty:  {_cards(deal.kitty_cards, wild)}")
    before = deal.wild_draw[:deal.rules.wild_before_auction]
    if before:
        print(f"Wild rank drawn before the auction: {_wild_ranks(before, _roles(deal.rules))}")
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
            print(f"  {label:<20} {_kind('pass')}")
        else:
            print(f"  {label:<20} {pad(_cards(entry.cards, wild), 32)} {_play_words(action)}")
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
        print(f"  {names[seat]}: {_cards(held[seat].cards(), wild) or '-'}")
    sheet = deal.result
    if sheet is None:
        return
    side = "the landlord wins" if sheet.landlord_won else "the peasants win"
    print(f"\n{names[deal.winner]} goes out: {side}.")
    times, dot = ("×", " · ") if _symbols() else ("x", " - ")
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
    return _bomb_names([action for _, action in deal.history if isinstance(action, Play)])


def _bomb_names(plays: Sequence[Play]) -> list[str]:
    """Each bomb of ``plays`` (a ruleset with wild cards: every bomb doubles) by its class:
    ``soft bomb``, ``hard bomb``, ``wild bomb``."""
    return ["hard bomb" if play.kind is Kind.BOMB else kind_name(play.kind.label)
            for play in plays if play.kind in BOMB_KINDS]


def _print_landlord(deal: Deal, names: list[str]) -> None:
    """The auction's end: who is the landlord, at what stake, and the kitty they take."""
    print(f"\n{names[deal.landlord]} is the landlord ({_auction_end(deal)}) and takes the "
          f"kitty: {_cards(deal.kitty_cards, deal.wild)}")
    roles = _roles(deal.rules)
    first = deal.rules.wild_before_auction
    drawn = deal.wild[first:]
    if drawn:
        both = f"; the wild ranks are {_wild_ranks(deal.wild, roles)}" \
            if len(deal.wild) > len(drawn) else ""
        print(f"Wild rank drawn: {_wild_ranks(drawn, roles[first:])}{both}")


WHAT_NEXT = {Phase.AUCTION: "answer in the auction", Phase.DOUBLING: "answer the doubling",
             Phase.PLAY: "play"}
"""What the seat to move does next, by the phase a deal is in."""


def _print_unfinished(deal: Deal, names: list[str]) -> None:
    """Where a record that stops before the deal's end leaves it."""
    done = len(deal.history)
    print(f"\nThe deal is unfinished: the record stops after {done} "
          f"action{'s' * (done != 1)}, with {names[deal.to_move]} to {WHAT_NEXT[deal.phase]}.")


# --------------------------------------------------------------------------- arena

def cmd_arena(args: argparse.Namespace) -> int:
    from .arena import ArenaSpec, BotFailure, format_report, run_arena
    from .bots import make_bot

    rules = _rules_from(args, OFFERED)
    jobs, ray = _where(args)
    try:
        for bot in (args.bot_a, args.bot_b):
            make_bot(bot)  # unknown names and settings are reported before any deal
        spec = ArenaSpec(args.bot_a, args.bot_b, args.decks, args.seed, args.mode,
                         rules, args.first_deck, args.time_limit)
        report = run_arena(spec, jobs, progress=not args.json, ray=ray)
    except (ValueError, ImportError, BotFailure) as e:
        raise UsageError(str(e)) from None
    print(json.dumps(report) if args.json else format_report(report))
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    from .arena import BotFailure
    from .bots import make_bot
    from .tournament import format_tournament, plot_wp, run_tournament

    rules = _rules_from(args, OFFERED)
    jobs, ray = _where(args)
    if args.plot is not None:
        try:
            import matplotlib  # noqa: F401
        except ModuleNotFoundError as e:
            if (e.name or "").split(".")[0] != "matplotlib":
                raise
            raise UsageError("--plot needs matplotlib: "
                             "python3 -m pip install 'dizhu[plot]'") from None
        _file_to_write(args.plot, "--plot")
    try:
        for bot in args.bots:
            make_bot(bot)
        result = run_tournament(args.bots, decks=args.decks, seed=args.seed, mode=args.mode,
                                rules=rules, time_limit=args.time_limit, anchor=args.anchor,
                                jobs=jobs, ray=ray, progress=not args.json)
    except (ValueError, ImportError, BotFailure) as e:
        raise UsageError(str(e)) from None
    print(json.dumps(result) if args.json else format_tournament(result))
    if args.plot is not None:
        try:
            plot_wp(result, args.plot)
        except OSError as e:
            raise UsageError(f"cannot write {args.plot}: {e.strerror or e}") from None
    return 0


def _where(args: argparse.Namespace) -> tuple[int, str | None]:
    """Worker processes and Ray address (None: no Ray) the arguments ask for."""
    if args.jobs is not None and args.jobs < 1:
        raise UsageError(f"--jobs must be 1 or more, not {args.jobs}")
    if args.ray not in (None, "local") and args.jobs is not None:
        raise UsageError("--jobs sizes a local run: on a cluster its CPUs decide")
    return args.jobs or _default_jobs(), args.ray


def _default_jobs() -> int:
    from .arena import default_jobs
    return default_jobs()


def _match_arguments(p: argparse.ArgumentParser, decks: int) -> None:
    """Options an arena and a tournament share."""
    _ruleset_argument(p)
    p.add_argument("--decks", type=int, default=decks)
    p.add_argument("--seed", default="0")
    p.add_argument("--mode", choices=("play", "full"), default="play",
                   help="play: no auction, stake 1 doubled per bomb (the literature's "
                        "protocol); full: auction and real scoring")
    p.add_argument("--jobs", type=int, default=None,
                   help="worker processes, or a local Ray instance's CPUs (default: all cores)")
    p.add_argument("--ray", nargs="?", const="local", default=None, metavar="ADDRESS",
                   help="play the decks as Ray tasks: on a local Ray instance started for "
                        "the run, or on a running cluster (auto, HOST:6379, "
                        "ray://HOST:10001); needs pip install 'dizhu[ray]'")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--doubling", action="store_true")
    p.add_argument("--distinct-kickers", action="store_true")
    p.add_argument("--time-limit", type=float, default=5.0, metavar="SECONDS",
                   help="seconds a program (cmd:...) has for each decision (default 5)")


# --------------------------------------------------------------------------- main

def _ruleset_argument(p: argparse.ArgumentParser, default: str | None = "classic") -> None:
    which = f"default {default}" if default else "checked against the record's"
    p.add_argument("--ruleset", default=default, metavar="NAME",
                   help=f"the ruleset: {', '.join(names(every=True))} ({which})")


def _wild_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("--wild", metavar="RANKS", help="the deal's wild ranks, for the rulesets "
                   "with wild cards: one for laizi (e.g. 8), two for tiandi (e.g. 5J)")


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
                        "or a Python bot as py:MODULE:CLASS (docs/bots.md), in the lobby "
                        "beside the levels, as NAME; repeatable")
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
    _ruleset_argument(p)
    p.set_defaults(func=cmd_tui)

    p = sub.add_parser("play", help=f"print one seeded deal between random players "
                       f"({WHERE[0].lower()}{WHERE[1:]})",
                       description=f"Deal one seeded deal, play it out between random players "
                       f"and print it: to watch the rules at work, or to make a record. {WHERE}.")
    p.add_argument("--seed", type=int, default=1)
    _ruleset_argument(p)
    p.add_argument("--doubling", action="store_true", help="the doubling option")
    p.add_argument("--distinct-kickers", action="store_true", help="the distinct kickers option")
    p.add_argument("--record", metavar="FILE", help="also write the deal's JSON record")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("classify", help="every reading of card sets as combinations")
    p.add_argument("cards", nargs="*", help="card sets (default: one per line on stdin)")
    _ruleset_argument(p)
    _wild_argument(p)
    p.add_argument("--distinct-kickers", action="store_true")
    p.set_defaults(func=cmd_classify)

    p = sub.add_parser("moves", help="every legal play of a hand, leading or following")
    p.add_argument("hand")
    p.add_argument("--after", metavar="'KIND CARDS'", help="the play on top of the trick")
    _ruleset_argument(p)
    _wild_argument(p)
    p.add_argument("--distinct-kickers", action="store_true")
    p.set_defaults(func=cmd_moves)

    p = sub.add_parser("auction", help="where an auction stands after some answers")
    _ruleset_argument(p)
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
    _ruleset_argument(p)
    _wild_argument(p)
    p.add_argument("--budget", type=float, default=60.0, metavar="SECONDS",
                   help="give up after this long (default 60)")
    p.add_argument("--line", action="store_true",
                   help="also print a principal variation, 'line: SEAT PLAY, ...' (both "
                   "sides' best play to the end, passes included), and its points: what "
                   "doubles the stake along it and the stake's multiplier")
    p.set_defaults(func=cmd_solve)

    p = sub.add_parser("arena", help="measure one bot against another on duplicate decks")
    p.add_argument("bot_a", help="a bot name, with optional settings: expert:budget=0.2; "
                   "a Python bot by import path: mybots:Shedder (docs/bots.md); or a "
                   "program speaking the bot protocol: 'cmd:node mybot.js'")
    p.add_argument("bot_b")
    _match_arguments(p, decks=1000)
    p.add_argument("--first-deck", type=int, default=0,
                   help="number of the first deck (to play a long run in parts)")
    p.set_defaults(func=cmd_arena)

    p = sub.add_parser("tournament", help="a round robin of bots on duplicate decks, "
                       "ranked by rating")
    p.add_argument("bots", nargs="+", metavar="BOT", help="two bots or more, named as "
                   "for the arena")
    _match_arguments(p, decks=500)
    p.add_argument("--anchor", metavar="BOT", help="the bot rated 0 (default: the mean "
                   "rating is 0)")
    p.add_argument("--plot", metavar="FILE.png", help="also draw the pairwise win rates as "
                   "a heat map (needs matplotlib)")
    p.set_defaults(func=cmd_tournament)

    p = sub.add_parser("replay", help="check a deal record and print it")
    p.add_argument("file")
    _ruleset_argument(p, default=None)
    p.set_defaults(func=cmd_replay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or (argv[0].startswith("-") and argv[0] not in ("-h", "--help", "--version")):
        argv = ["serve", *argv]  # no command: start the game
    args = parser.parse_args(argv)
    if not _symbols() and hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="replace")  # a word it cannot show is no traceback
    try:
        return args.func(args)
    except UsageError as e:
        print(f"dizhu {args.command}: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
