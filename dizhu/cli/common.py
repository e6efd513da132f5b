"""What the commands share: their errors, how they name cards and plays to a person, and
how they read the ruleset, the wild ranks, files and numbers from their arguments."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from ..cards import (
    NUM_RANKS,
    RANKS,
    InvalidCardsError,
    card_rank,
    card_text,
    count_of,
    format_ranks,
    parse_ranks,
)
from ..combos import BOMB_KINDS, Kind, Play
from ..deal import Deal
from ..movegen import MoveGenerator
from ..record import RecordError, replay
from ..rules import RuleSet
from ..rulesets import find_ruleset, names, offered_ruleset
from ..wild import WildMoves
from ..words import (
    card_face,
    kind_name,
    kind_words,
    rank_name,
    say_reason,
)

Moves = MoveGenerator | WildMoves
"""What reads cards and generates moves for a deal: a ruleset's ``moves(wild)``."""


class UsageError(Exception):
    """Bad input on the command line: printed as a message, exit status 2."""


def symbols() -> bool:
    """Whether standard output shows the suits' symbols and Chinese (else plain words)."""
    try:
        "♠♥♣♦小王".encode(getattr(sys.stdout, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def kind_text(kind: str) -> str:
    """A kind in words, its Chinese name beside where the terminal shows it."""
    return kind_words(kind) if symbols() else kind_name(kind)


def cards_text(cards: Sequence[int], wild: Sequence[int] = ()) -> str:
    """Cards as a person reads them (``10♠ B小王``), or in the notation where the terminal
    cannot show the suits' symbols; a card of the ``wild`` ranks marked (``8♥*``)."""
    if not symbols():
        texts = [card_text(c) for c in cards]
    else:
        texts = [card_face(card_text(c, symbols=True)) for c in cards]
    return " ".join(text + WILD_MARK * (card_rank(card) in wild)
                    for text, card in zip(texts, cards, strict=True))


WILD_MARK = "*"
"""What follows a wild card (``8♥*``), as the terminal game marks it."""


def wild_ranks_text(wild: Sequence[int], roles: Sequence[str] = ()) -> str:
    """Wild ranks as the cards show them, each marked: ``10*``, ``5* J*``; with ``roles``
    (``tiandi``'s sky and ground) each named as the table names it: ``5* (sky) · J*
    (ground)``."""
    if not roles:
        return " ".join(rank_name(RANKS[r]) + WILD_MARK for r in wild)
    return " · ".join(f"{rank_name(RANKS[r])}{WILD_MARK} ({role})"
                      for r, role in zip(wild, roles, strict=False))


WILD_ROLES = ("sky", "ground")
"""The wild ranks of a ruleset that draws two, in the order drawn."""


def wild_roles(rules: RuleSet) -> tuple[str, ...]:
    """The words naming each wild rank of ``rules`` in the order drawn: none for one."""
    return WILD_ROLES if rules.wild_ranks > 1 else ()


def play_words(play: Play) -> str:
    """A play's kind in words, and with wild cards standing for other ranks what it stood
    for: ``straight 顺子 as 4 5 6 7 8``."""
    name = kind_text(play.kind.label)
    if play.stands_for == play.cards:
        return name
    return f"{name} as {' '.join(rank_name(r) for r in format_ranks(play.stands_for))}"


READ, DEALT, OFFERED = "read", "dealt", "offered"
"""What a command needs of its ruleset: that the engine reads it (the commands that only
read cards and answers), that a deal plays it, or that people and bots are offered it (the
games and the bot tools: :attr:`~dizhu.rules.RuleSet.offered`)."""


def rules_from(args: argparse.Namespace, needs: str = DEALT) -> RuleSet:
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
        raise UsageError(f"no deal of {rules.name}: it is for positions (dizhu solve, dizhu "
                         "puzzle, dizhu moves and dizhu classify read it)")
    return rules


def wild_from(args: argparse.Namespace, rules: RuleSet) -> tuple[int, ...]:
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


def named_file(given: str, what: str) -> Path:
    """A file the person named with ``what`` (an option, or "the record's file"): refused
    when the name is empty or names a folder."""
    if not given.strip():
        raise UsageError(f"{what} needs a file name")
    path = Path(given)
    if path.is_dir():
        raise UsageError(f"{what}: {given} is a folder, not a file")
    return path


def read_record(given: str) -> Deal:
    """The deal of the record file ``given`` (as ``dizhu play --record`` or the browser's
    score sheet writes it), replayed and checked; every fault a :class:`UsageError`."""
    if not given.strip():
        raise UsageError("give the record's file, as written by dizhu play --record or the "
                         "browser's score sheet")
    if Path(given).is_dir():
        raise UsageError(f"cannot read {given}: it is a folder, not a record")
    try:
        text = Path(given).read_text(encoding="utf-8")
    except OSError as e:
        raise UsageError(f"cannot read {given}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{given} is not a text file: a record is JSON") from None
    try:
        return replay(text)
    except RecordError as e:
        raise UsageError(f"{given}: {say_reason(e)}") from None


def file_to_write(given: str, what: str) -> Path:
    """A file to be written (or a database to be made): its folder must be there already, a
    typing mistake making no folders."""
    path = named_file(given, what)
    if not path.absolute().parent.is_dir():
        raise UsageError(f"{what}: there is no folder {path.parent}")
    return path


def seconds_option(value: float, option: str, most: float) -> float:
    """A number of seconds from 0 to ``most`` (not a NaN, not infinite)."""
    if not 0 <= value <= most:
        raise UsageError(f"{option} is 0 to {most:g} seconds, not {value:g}")
    return value


def database_path(args: argparse.Namespace) -> Path:
    """The database ``--db`` names, else the one in the user's data directory."""
    from ..session import default_db_path

    return default_db_path() if args.db is None else file_to_write(args.db, "--db")


PAUSE = 60.0
"""The longest a computer player may be told to wait before it acts, in seconds."""
WAIT = 86400.0
"""The longest ``--idle`` and ``--away``, in seconds (a day)."""


def bomb_names(plays: Sequence[Play]) -> list[str]:
    """Each bomb of ``plays`` (a ruleset with wild cards: every bomb doubles) by its class:
    ``soft bomb``, ``hard bomb``, ``wild bomb``."""
    return ["hard bomb" if play.kind is Kind.BOMB else kind_name(play.kind.label)
            for play in plays if play.kind in BOMB_KINDS]


def ruleset_argument(p: argparse.ArgumentParser, default: str | None = "classic") -> None:
    which = f"default {default}" if default else "checked against the record's"
    every = [name if find_ruleset(name).dealt else f"{name} (positions only)"
             for name in names(every=True)]
    p.add_argument("--ruleset", default=default, metavar="NAME",
                   help=f"the ruleset: {', '.join(every)} ({which})")


def wild_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("--wild", metavar="RANKS", help="the deal's wild ranks, for the rulesets "
                   "with wild cards: one for laizi (e.g. 8), two for tiandi (e.g. 5J)")


def reading_arguments(p: argparse.ArgumentParser) -> None:
    """What the commands that read cards take: the ruleset, its wild ranks, and the
    distinct kickers option."""
    ruleset_argument(p)
    wild_argument(p)
    p.add_argument("--distinct-kickers", action="store_true")
