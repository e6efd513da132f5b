"""The server's process settles its memory at start (``dizhu.web.memory``): the tables the
engine and the computer players build on first use exist and are out of the collector's
sight before the first table is played."""

import gc
import subprocess
import sys
import weakref

from dizhu.rulesets import find_ruleset, names
from dizhu.session import MatchSession, NewMatch, Store

PROBE = """
import gc
from dizhu.web import memory
from dizhu.deal import Deal
from dizhu.bots import make_bot
from dizhu.rulesets import find_ruleset, names
from dizhu.view import play_out, seat_view

memory.settle()
frozen = gc.get_freeze_count()
gc.collect()
before = len(gc.get_objects())
kept = []
wild_moves = set()
for name in names():
    rules = find_ruleset(name)
    seed, played = 2, 0
    while played < 2:  # two deals played out (one thrown in does not count)
        deal = Deal.shuffled(seed=seed, rules=rules)
        players = [make_bot("easy") for _ in range(rules.seats)]
        play_out(deal, players)
        del players  # the bots' own memories go with them, as a finished match's
        kept.append(deal)
        if deal.wild:
            wild_moves.add(rules.moves(deal.wild))
        seed, played = seed + 1, played + (deal.phase.name == "OVER")
gc.collect()
made = sum(len(moves.universe.plays) for moves in wild_moves)
print(frozen, len(gc.get_objects()) - before - 2 * made, gc.get_threshold() == memory.THRESHOLDS,
      made)
"""


def test_the_engines_tables_are_built_and_frozen_at_start():
    """Deals of every ruleset after the start add only their own objects (a few hundred
    each), not tables of the engine's (hundreds of thousands for ``four`` in the pure-Python
    core; with the compiled core the plays of the universes alone, tens of thousands). The
    one exception is by design: with wild cards a play is made when first met and kept by
    its wild ranks' moves (there are too many to make at start): the play and its key."""
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                         check=True).stdout.split()
    frozen, grown, thresholds, made = int(out[0]), int(out[1]), out[2], int(out[3])
    assert frozen > 50_000 and thresholds == "True"
    assert grown < 20_000, grown
    assert made > 0


def play_out(table: MatchSession) -> None:
    """Play the match to its end as a server's table does: every action stored by the
    writer, settled, each page's state drawn, the person's hints asked for (a write the
    writer finished before the action returned was settled by the action itself)."""
    while table.play_due():
        if table.writing is not None:
            table.writing.result(timeout=30)
        table.settle()
        for seat in (None, *table.people):
            table.state_text(seat)
        if table.person_to_move() is not None:
            table.hints(table.person_to_move())


def test_a_match_let_go_of_is_freed_without_the_collector(tmp_path):
    """Issue 15, item 17: the server kept about 0.25 MiB for each match played, for good. A
    match's way of taking back its last event referred to the match itself, a cycle that
    kept the whole match (deals, memos, computer players) until a full collection, which
    the server makes rare. Now a match played out and let go of is freed at once, by
    reference counting alone, in every ruleset."""
    store = Store(tmp_path / "game.sqlite3", grouped=True)
    gc.collect()
    gc.disable()
    try:
        for ruleset in names():
            seats = find_ruleset(ruleset).seats
            table = MatchSession.create(store, NewMatch(
                player="Ann", mode="deals", target=5, ruleset=ruleset,
                bots=("easy",) * (seats - 1)), seed="memory")
            table.set_autoplay(0, "easy")
            play_out(table)
            assert table.match.finished
            table.close()
            gone = weakref.ref(table)
            del table
            assert gone() is None, f"a {ruleset} match outlives its last reference"
    finally:
        gc.enable()
        store.close()
