#!/usr/bin/env python3
"""A Dou Dizhu bot in plain Python (no dizhu import): it speaks the bot protocol of
docs/bot-protocol.md on its standard input and output.

    dizhu arena "cmd:python3 examples/bots/plain_bot.py" random --decks 20

Its play is simple on purpose: bid on a hand with high cards, never double, lead the
lowest cards in the longest combination they make, follow with the lowest play that
beats the trick, leave a partner's trick alone, and bomb only when an opponent is about
to go out.
"""

import json
import sys

RANKS = "3456789TJQKA2BR"


def ranks_of(entry):
    """The ranks a legal play stands for ("pair 33" -> [0, 0]): with wild cards, those of
    its reading ("as": "45678" for "straight 45688" with wild 8); [] for a pass."""
    parts = entry["text"].split()
    return [RANKS.index(c) for c in entry.get("as", parts[1])] if len(parts) == 2 else []


def kind_of(text):
    return text.split()[0]


def strength(hand):
    """How good a hand looks for the auction: its 2s and jokers, counted."""
    return sum({"2": 1, "B": 1.5, "R": 2}.get(card[0], 0) for card in hand)


def choose(request):
    view, legal = request["view"], request["legal"]
    texts = [a["text"] for a in legal]
    phase = view["phase"]
    if phase == "auction":
        want = strength(view["hand"]) >= 3
        for answer in (("bid 3", "bid call", "bid rob") if want else ()):
            if answer in texts:
                return answer
        return "bid pass"
    if phase == "doubling":
        return "no double"
    plays = [t for t in texts if t != "pass"]
    ranks = {a["text"]: ranks_of(a) for a in legal}
    if not plays:
        return "pass"
    me, landlord = view["seat"], view["landlord"]
    partners = me != landlord and view["top_seat"] != landlord and view["top"] is not None
    danger = any(n <= 2 for s, n in enumerate(view["cards_left"])
                 if s != me and (s == landlord or me == landlord))
    quiet = [t for t in plays if kind_of(t) not in ("bomb", "rocket")]
    if "pass" in texts and (partners or (not quiet and not danger)):
        return "pass"
    pool = quiet or plays
    if view["top"] is None:  # leading: the lowest rank, in as many cards as it goes with
        return min(pool, key=lambda t: (min(ranks[t]), -len(ranks[t])))
    return min(pool, key=lambda t: (max(ranks[t]), len(ranks[t])))


def main():
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            answer = {"type": "hello", "name": "plain-python", "protocol": 1}
        elif message["type"] == "act":
            answer = {"type": "action", "id": message["id"], "action": choose(message)}
        elif message["type"] == "bye":
            return
        else:  # "seed": this bot plays the same whatever the seed
            continue
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
