"""Regenerate the perft fixtures: exact counts from the slow reference, never from the fast
generator. Run from the repository root: ``python -m tests.data.make_perft [classic|four|rob]``
(all three by default): tests/data/perft.json, perft_four.json and perft_rob.json."""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path

from dizhu.cards import format_ranks, ranks_of_cards
from dizhu.combos import Play
from dizhu.deal import Deal, Phase, deal_cards
from dizhu.position import Position
from dizhu.record import deal_to_record
from dizhu.rulesets import find_ruleset
from tests.reference import reference_perft, reference_plays, reference_rob_perft

OUT = Path(__file__).with_name("perft.json")
FOUR_OUT = Path(__file__).with_name("perft_four.json")
ROB_OUT = Path(__file__).with_name("perft_rob.json")


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
            deal.push(deal.legal_actions()[0 if deal.bids else 1])
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


def reference_divide(deal: Position, depth: int) -> dict[str, int]:
    """Reference perft split by the first action (of a deal in play, or a position)."""
    combos = deal.rules.combos
    out = {}
    for first in sorted(reference_plays(deal.hands[deal.to_move], deal.top, combos=combos)):
        deal.push(deal.rules.parse_play(first))
        out[first] = reference_perft(list(deal.hands), deal.to_move, deal.top, deal.top_seat,
                                     deal.passes, depth - 1, combos=combos) \
            if not deal.is_over else 0
        deal.pop()
    return out


def four_move_positions() -> list[dict]:
    """Hands of 10 to 14 cards from two packs, leading and following every kind they lead."""
    four = find_ruleset("four")
    out = []
    for seed in range(10):
        rng = random.Random(f"four:{seed}")
        hands, kitty = deal_cards(rng, four)
        size = 10 + seed % 5
        lead_hand = ranks_of_cards(rng.sample(hands[0] + kitty, size))
        follow_hand = ranks_of_cards(rng.sample(hands[1], size))
        lines = reference_plays(lead_hand, None, combos=four.combos)
        out.append({"hand": format_ranks(lead_hand), "top": None, "counts": kind_counts(lines)})
        by_kind: dict[str, list[str]] = {}
        for t in sorted(lines):
            by_kind.setdefault(t.split()[0], []).append(t)
        for kind in sorted(by_kind):
            top = rng.choice(by_kind[kind])
            follow = reference_plays(follow_hand, four.parse_play(top), combos=four.combos)
            out.append({"hand": format_ranks(follow_hand), "top": top,
                        "counts": kind_counts(follow)})
    for hand, top in (("333444555666BBRR", None), ("33445566778899", None),
                      ("3334445566BBRR", "airplane_pairs 333444TTJJ"),
                      ("4445556677BB", "airplane 333444"), ("5566778899", "pair_chain 334455"),
                      ("33333BBRR", "bomb 22222222")):
        cards = four.parse_ranks(hand)
        lines = reference_plays(cards, top and four.parse_play(top), combos=four.combos)
        out.append({"hand": hand, "top": top, "counts": kind_counts(lines)})
    return out


def four_perft_positions() -> list[dict]:
    """Play-phase positions of four seats with small hands, as text, and their perft."""
    four = find_ruleset("four")
    out = []
    for seed in range(6):
        rng = random.Random(f"four-perft:{seed}")
        hands, _ = deal_cards(rng, four)
        small = [ranks_of_cards(rng.sample(h, 5 + seed % 3)) for h in hands]
        landlord = seed % 4
        depth = 4 if seed < 3 else 5
        text = f"{'/'.join(format_ranks(h) for h in small)} {landlord} {landlord} -"
        split = reference_divide(Position.from_text(text, four), depth)
        out.append({"position": text, "depth": depth, "nodes": sum(split.values()),
                    "divide": split})
    return out


def rob_perft_positions() -> list[dict]:
    """Rob-the-landlord deals from their first answer: the auction, then the first plays."""
    rob = find_ruleset("rob")
    out = []
    for seed in range(3):
        for opener in range(3):
            deal = Deal.shuffled(f"rob-perft:{seed}", opener, rob)
            depth = 4
            nodes = reference_rob_perft(list(deal.hands), deal.kitty, opener, depth)
            out.append({"record": deal_to_record(deal), "depth": depth, "nodes": nodes})
    return out


def write(path: Path, data: dict) -> None:
    path.write_text(json.dumps(data, indent=1) + "\n")
    print(f"{path.name}: {', '.join(f'{len(v)} {k}' for k, v in data.items() if k != 'about')}")


def main() -> None:
    which = sys.argv[1:] or ["classic", "four", "rob"]
    if "classic" in which:
        write(OUT, {"about": "Exact legal-play counts by kind, and perft node counts of "
                             "play-phase positions, all computed by the brute-force reference "
                             "(tests/reference.py).",
                    "moves": move_positions(), "perft": perft_positions()})
    if "four" in which:
        write(FOUR_OUT, {"about": "The four ruleset: exact legal-play counts by kind of hands "
                                  "from two packs, and perft of four-seat positions (given as "
                                  "text), by the brute-force reference.",
                         "moves": four_move_positions(), "perft": four_perft_positions()})
    if "rob" in which:
        write(ROB_OUT, {"about": "The rob ruleset: perft of whole deals from their first "
                                 "answer (the call-and-rob auction written plainly in "
                                 "tests/reference.py, then the play), by the reference.",
                        "perft": rob_perft_positions()})


if __name__ == "__main__":
    main()
