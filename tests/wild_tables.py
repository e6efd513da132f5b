"""Matches of the wild-card rulesets at a known moment, for the session, page and terminal
tests: made on a real store with seeds the tests choose, so that each test knows the wild
ranks and the person's hand."""

from __future__ import annotations

from collections.abc import Callable

from dizhu.auction import bid_of
from dizhu.cards import RANKS, count_of
from dizhu.combos import Kind, Play
from dizhu.deal import Phase
from dizhu.session import CREATOR, MatchSession, NewMatch, Store


def new_wild(store: Store, ruleset: str, seed: str, bots: str = "normal") -> MatchSession:
    """A match of ``ruleset`` with the seed ``seed``, the person at seat 0."""
    return MatchSession.create(store, NewMatch(player="Ann", ruleset=ruleset, target=5,
                                               bots=(bots, bots)), seed)


def person_leads(table: MatchSession) -> bool:
    """Play the auction out, the person bidding 3; whether the person then leads."""
    while table.deal.phase is Phase.AUCTION:
        if not table.play_due():
            table.submit(CREATOR, bid_of("3"))
    return table.deal.phase is Phase.PLAY and table.deal.landlord == CREATOR


def readings_of_one_set(table: MatchSession) -> tuple[int, list[Play]] | None:
    """Cards the person may lead (rank counts, at most five, with a wild card) that read as
    several kinds, and those plays; ``None`` if the hand has none."""
    deal = table.deal
    by_cards: dict[int, list[Play]] = {}
    for play in deal.legal_plays():
        if play.size <= 5 and any(count_of(play.cards, w) for w in deal.wild):
            by_cards.setdefault(play.cards, []).append(play)
    found = sorted((len(plays), -cards, cards) for cards, plays in by_cards.items()
                   if len(plays) > 1)
    if not found:
        return None
    cards = found[-1][2]
    return cards, sorted(by_cards[cards], key=lambda p: p.kind)


def leading_table(store: Store, ruleset: str,
                  wanted: Callable[[MatchSession], object] = readings_of_one_set,
                  bots: str = "normal") -> tuple[MatchSession, object]:
    """The first match of seeds ``ruleset-0``, ``ruleset-1``, ... in which the person won
    the auction and leads, and ``wanted`` finds what the test needs in its hand (not
    ``None``): the match and that."""
    for n in range(200):
        table = new_wild(store, ruleset, f"{ruleset}-{n}", bots)
        if person_leads(table):
            found = wanted(table)
            if found is not None:
                return table, found
        table.close()
    raise AssertionError(f"no seed of {ruleset} gives the person the hand wanted")


def wild_names(table: MatchSession) -> str:
    """The deal's wild ranks drawn so far, as rank letters."""
    return "".join(RANKS[r] for r in table.deal.wild)


def run_from_a_missing_rank(table: MatchSession) -> Play | None:
    """A straight, pair chain or airplane the person may lead whose lowest rank the hand
    holds no card of (a wild card stands for it: so no card of it can be clicked), the
    engine's play; ``None`` if the hand has none."""
    deal = table.deal
    hand = deal.position.hands[CREATOR]
    for play in deal.legal_plays():
        if play.kind in (Kind.STRAIGHT, Kind.PAIR_CHAIN, Kind.AIRPLANE) \
                and not count_of(hand, play.main):
            return play
    return None


def facing_a_wild_top(store: Store, ruleset: str) -> MatchSession:
    """The first match of seeds ``ruleset-top-0``, ``ruleset-top-1``, ... in which the
    person, who passed in the auction and then plays their last legal play each turn, is
    to follow a play whose wild cards stood for other ranks, with nothing that beats it."""
    for n in range(200):
        table = new_wild(store, ruleset, f"{ruleset}-top-{n}")
        while table.deal.phase in (Phase.AUCTION, Phase.PLAY):
            deal = table.deal
            if table.play_due():
                continue
            if deal.phase is Phase.AUCTION:
                table.submit(CREATOR, bid_of("pass"))
                continue
            legal = deal.legal_plays()
            top = deal.top
            if top is not None and top.stands_for != top.cards and len(legal) == 1:
                return table
            table.submit(CREATOR, legal[-1])
        table.close()
    raise AssertionError(f"no seed of {ruleset} has the person facing a wild play")
