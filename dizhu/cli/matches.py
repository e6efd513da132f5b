"""The bots' commands: ``arena`` (one bot against another on duplicate decks) and
``tournament`` (a round robin ranked by rating)."""

from __future__ import annotations

import argparse
import json

from .common import (
    OFFERED,
    UsageError,
    file_to_write,
    rules_from,
    ruleset_argument,
)

# --------------------------------------------------------------------------- arena

def cmd_arena(args: argparse.Namespace) -> int:
    from ..arena import ArenaSpec, BotFailure, Leg, run_arena
    from ..bots import make_bot
    from ..legs import LegsError, run_about, write_legs
    from ..reports import format_report

    rules = rules_from(args, OFFERED)
    jobs, ray = _where(args)
    legs_file = None if args.legs is None else file_to_write(args.legs, "--legs")
    legs: list[tuple[Leg, Leg]] = []
    try:
        for bot in (args.bot_a, args.bot_b):
            make_bot(bot)  # unknown names and settings are reported before any deal
        spec = ArenaSpec(args.bot_a, args.bot_b, args.decks, args.seed, args.mode,
                         rules, args.first_deck, args.time_limit)
        if legs_file is not None:
            run_about(spec)  # what the file cannot hold is refused before any deal
        report = run_arena(spec, jobs, progress=not args.json, ray=ray, legs_out=legs)
    except (ValueError, ImportError, BotFailure) as e:
        raise UsageError(str(e)) from None
    print(json.dumps(report) if args.json else format_report(report))
    if legs_file is not None:
        try:  # the report is out: only the deals' file can be lost
            write_legs(legs_file, spec, legs)
        except LegsError as e:
            raise UsageError(str(e)) from None
    return 0


def cmd_compare(args: argparse.Namespace) -> int:
    from ..legs import LegsError, compare, comparison_dict, format_comparison, read_legs

    try:
        result = compare(read_legs(args.first), read_legs(args.to))
    except LegsError as e:
        raise UsageError(str(e)) from None
    print(json.dumps(comparison_dict(result)) if args.json else format_comparison(result))
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    from ..arena import BotFailure
    from ..bots import make_bot
    from ..tournament import format_tournament, plot_wp, run_tournament

    rules = rules_from(args, OFFERED)
    jobs, ray = _where(args)
    if args.plot is not None:
        try:
            import matplotlib  # noqa: F401
        except ModuleNotFoundError as e:
            if (e.name or "").split(".")[0] != "matplotlib":
                raise
            raise UsageError("--plot needs matplotlib: "
                             "python3 -m pip install 'dizhu[plot]'") from None
        file_to_write(args.plot, "--plot")
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
    from ..arena import default_jobs
    return default_jobs()


def match_arguments(p: argparse.ArgumentParser, decks: int) -> None:
    """Options an arena and a tournament share."""
    ruleset_argument(p)
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
