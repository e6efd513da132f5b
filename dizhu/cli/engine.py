"""The engine's commands: ``classify``, ``moves`` and ``auction`` (a stable contract for
other tools: their output format does not change) and ``solve``."""

from __future__ import annotations

import argparse
import sys

from ..auction import Bid, bid_of
from ..cards import (
    InvalidCardsError,
    format_ranks,
    parse_ranks,
)
from ..combos import InvalidPlayError, Play
from ..deal import Deal
from ..rules import RuleSet
from .common import (
    DEALT,
    READ,
    WAIT,
    Moves,
    UsageError,
    bomb_names,
    rules_from,
    seconds_option,
    symbols,
    wild_from,
)

# --------------------------------------------------------------------------- classify

def cmd_classify(args: argparse.Namespace) -> int:
    """Each card set's readings, one line each; text that is no card set is bad input: a
    message naming it (nothing on standard output for it) and exit status 2."""
    rules = rules_from(args, READ)
    moves = rules.moves(wild_from(args, rules))
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
    rules = rules_from(args, READ)
    wild = wild_from(args, rules)
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
    rules = rules_from(args, DEALT)  # an auction is a deal's: none in duel
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
    wild = wild_from(args, rules)
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
    from ..position import InvalidPositionError, Position
    from ..solve import Solver

    rules = rules_from(args, READ)  # a position needs no deal: duel's too
    budget = seconds_option(args.budget, "--budget", WAIT)
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
        times = "×" if symbols() else "x"
        bombs = bomb_names(answer.line) if rules.wild_ranks else ["bomb"] * answer.bombs
        factors = [f"{name} {times}2" for name in bombs] + [f"rocket {times}2"] * answer.rockets
        factors += [f"spring {times}2"] * answer.spring
        factors += [f"anti-spring {times}2"] * answer.anti_spring
        print(f"points: {', '.join(factors) or 'no doubling'}: the stake "
              f"{times}{answer.multiplier}")
    return 0
