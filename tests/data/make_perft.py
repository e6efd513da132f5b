"""Regenerate tests/data/perft.json: exact counts from the slow reference, never from the
fast generator. Run from the repository root: ``python -m tests.data.make_perft``."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

from dizhu.cards import format_ranks
from dizhu.combos import Play
from dizhu.deal import Deal, Phase
from dizhu.record import deal_to_record
from tests.reference import reference_perft, reference_plays

OUT = Path(__file__).with_name("perft.json")


def kind_counts(lines: set[str]) -> dict[str, int]:
    return dict(sorted(Counter(line.split()[0] for line in lines).items()))


def move_positions() -> list[dict]:
    out = []
    for seed in range(12):
        rng = random.Random(seed)
        deal = Deal.at_play(*_split(rng), landlord=0)
        lead_hand, follow_hand = deal.hands[0], deal.hands[1]
        for distinct in (False, True):
            lines = reference_plays(lead_hand, None, distinct)
            out.append({"hand": format_ranks(lead_hand), "top": None, "distinct": distinct,
                        "counts": kind_counts(lines)})
        tops = sorted(reference_plays(lead_hand))
        by_kind: dict[str, list[str]] = {}
        for t in tops:
            by_kind.setdefault(t.split()[0], []).append(t)
        for kind in sorted(by_kind):
            top = rng.choice(by_kind[kind])
            lines = reference_plays(follow_hand, Play.parse(top), False)
            out.append({"hand": format_ranks(follow_hand), "top": top, "distinct": False,
                        "counts": kind_counts(lines)})
    return out


def _split(rng: random.Random):
    deck = list(range(54))
    rng.shuffle(deck)
    return [deck[:17], deck[17:34], deck[34:51]], deck[51:]


def perft_positions() -> list[dict]:
    out = []
    for seed in range(8):
        rng = random.Random(1000 + seed)
        deal = Deal.shuffled(seed=seed, opening=seed % 3)
        while deal.phase is not Phase.PLAY:  # an auction where the opener bids 1
            deal.push(deal.legal_actions()[1 if deal.answers == 0 else 0])
        # walk a seeded random line with the reference generator until the hands are small
        small = seed >= 6
        while not deal.is_over and (max(deal.left) > (8 if small else 12)
                                    or deal.top is not None):
            options = sorted(reference_plays(deal.hands[deal.to_move], deal.top))
            deal.push(Play.parse(rng.choice(options)))
        if deal.is_over:
            continue
        depth = 4 if small else 3
        split = reference_divide(deal, depth)
        out.append({"record": deal_to_record(deal), "depth": depth,
                    "nodes": sum(split.values()), "divide": split,
                    "hands": [format_ranks(h) for h in deal.hands]})
    return out


def reference_divide(deal: Deal, depth: int) -> dict[str, int]:
    """Reference perft split by the first action."""
    out = {}
    for first in sorted(reference_plays(deal.hands[deal.to_move], deal.top)):
        play = Play.parse(first)
        deal.push(play)
        out[first] = reference_perft(list(deal.hands), deal.to_move, deal.top, deal.top_seat,
                                     deal.passes, depth - 1) if not deal.is_over else 0
        deal.pop()
    return out


def main() -> None:
    data = {"about": "Exact legal-play counts by kind, and perft node counts of play-phase "
                     "positions, all computed by the brute-force reference (tests/reference.py).",
            "moves": move_positions(), "perft": perft_positions()}
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    print(f"{len(data['moves'])} move positions, {len(data['perft'])} perft positions")


if __name__ == "__main__":
    main()
