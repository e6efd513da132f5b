"""A brute-force reference for the solver: minimax over every line of the play, with the
rules and the scoring written out plainly, and small positions of every ruleset to try.

It shares nothing with the solver (no pruning, no bounds, no values arithmetic, no move
generator): the legal plays are :func:`tests.reference.reference_plays` (every
sub-multiset classified by :func:`dizhu.combos.readings`), and best play is said as the
solver's docs say it: a side wins if it can; then the winner maximises the doublings and
the loser minimises them. A position's answer is remembered under the whole of its state
(each seat's count of plays kept as 0, 1 or more, all that spring and anti-spring ask), so
a position reached by two lines is walked once: the answer stays exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from hypothesis import strategies as st

from dizhu.cards import NUM_RANKS, UNIT, count_of
from dizhu.combos import Play, parse_play, readings
from dizhu.position import Position
from dizhu.rules import RuleSet
from tests.reference import reference_plays


@dataclass(frozen=True)
class Best:
    """The result of best play: who wins and how many times the stake doubles from the
    position on (the line's doubling plays, spring, anti-spring)."""

    landlord_wins: bool
    doublings: int

    def for_landlord(self) -> tuple[bool, int]:
        """The landlord's preference: a win beats a loss; more doublings are better in a
        win and worse in a loss."""
        return (self.landlord_wins, self.doublings if self.landlord_wins else -self.doublings)


def legal(rules: RuleSet, hand: int, top: Play | None) -> list[Play]:
    return list(_legal(rules, hand, top))


@cache
def _legal(rules: RuleSet, hand: int, top: Play | None) -> tuple[Play, ...]:
    texts = reference_plays(hand, top, rules.distinct_kickers, rules.combos)
    return tuple(parse_play(t, distinct_kickers=rules.distinct_kickers, combos=rules.combos)
                 for t in sorted(texts))


def best(rules: RuleSet, hands: list[int], landlord: int, to_move: int, top: Play | None,
         top_seat: int, passes: int, plays_made: list[int]) -> Best:
    """Best play from a position with a seat to move."""
    return _best(rules, tuple(hands), landlord, to_move, top, top_seat, passes,
                 tuple(min(n, 2) for n in plays_made))


@cache
def _best(rules: RuleSet, hands: tuple[int, ...], landlord: int, to_move: int,
          top: Play | None, top_seat: int, passes: int, plays_made: tuple[int, ...]) -> Best:
    results = [after(rules, list(hands), landlord, to_move, top, top_seat, passes,
                     list(plays_made), p) for p in legal(rules, hands[to_move], top)]
    pick = max if to_move == landlord else min
    return pick(results, key=Best.for_landlord)


def after(rules: RuleSet, hands: list[int], landlord: int, to_move: int, top: Play | None,
          top_seat: int, passes: int, plays_made: list[int], play: Play) -> Best:
    """Best play once the seat to move makes ``play``."""
    seats = len(hands)
    if play.is_pass:
        if passes + 1 == seats - 1:  # every other seat passed: the top's seat leads
            return best(rules, hands, landlord, top_seat, None, -1, 0, plays_made)
        return best(rules, hands, landlord, (to_move + 1) % seats, top, top_seat, passes + 1,
                    plays_made)
    hands = hands[:]
    hands[to_move] -= play.cards
    made = plays_made[:]
    made[to_move] += 1
    doubling = int(play.doubling)
    if not hands[to_move]:  # the play is over: spring and anti-spring as docs/rules.md
        landlord_wins = to_move == landlord
        peasants_played = any(made[s] for s in range(seats) if s != landlord)
        spring = landlord_wins and not peasants_played
        anti_spring = not landlord_wins and made[landlord] == 1
        return Best(landlord_wins, doubling + spring + anti_spring)
    rest = best(rules, hands, landlord, (to_move + 1) % seats, play, to_move, 0, made)
    return Best(rest.landlord_wins, rest.doublings + doubling)


def brute_force(pos: Position) -> tuple[Best, set[str]]:
    """Best play from ``pos`` (a seat to move) and the winning plays of that seat, as
    ``KIND CARDS`` texts."""
    _best.cache_clear()  # one position's lines at a time in memory
    passes = pos.passes if pos.top is not None else 0
    args = (pos.rules, list(pos.hands), pos.landlord, pos.to_move, pos.top, pos.top_seat,
            passes, list(pos.plays_made))
    side = pos.to_move == pos.landlord
    winning = {p.text for p in legal(pos.rules, pos.hands[pos.to_move], pos.top)
               if after(*args, p).landlord_wins == side}
    return best(*args), winning


# --------------------------------------------------------------------------- positions


def _draw_hand(draw, left: list[int], size: int, ranks: int = NUM_RANKS) -> int:
    """``size`` cards drawn rank by rank, among the lowest ``ranks`` ranks, from what is
    left of the deck (fewer if it runs out): repeated ranks, and so bombs, come often."""
    hand = 0
    for r in draw(st.lists(st.integers(0, ranks - 1), min_size=size, max_size=size)):
        if left[r]:
            left[r] -= 1
            hand += UNIT[r]
    return hand


@st.composite
def small_positions(draw, rules: RuleSet, most: int = 4, total: int = 8,
                    bomb: bool = False, ranks: int = NUM_RANKS) -> Position:
    """A position of ``rules`` with a seat to move: hands of 1 to ``most`` cards (the
    landlord's up to ``most + 2``), ``total`` cards at most in all (the brute force walks
    every line: its time grows steeply with the cards), a top or none, and counters of
    plays and doublings made before. With ``bomb``, half of them add a bomb that doubles
    the stake (in ``four`` six cards or more of a rank) to some hand. With ``ranks`` below
    15 the hands hold the lowest ranks only, where chains are made and broken often."""
    seats = rules.seats
    left = [count_of(rules.deck, r) for r in range(NUM_RANKS)]
    landlord = draw(st.integers(0, seats - 1))
    sizes = [draw(st.integers(1, most + 2 if seat == landlord else most))
             for seat in range(seats)]
    while sum(sizes) > total:
        sizes[sizes.index(max(sizes))] -= 1
    hands = [_draw_hand(draw, left, size, ranks) for size in sizes]
    for seat in range(seats):  # every hand holds a card
        if not hands[seat]:
            r = next(r for r in range(NUM_RANKS) if left[r])
            left[r] -= 1
            hands[seat] = UNIT[r]
    to_move = draw(st.integers(0, seats - 1))
    top, top_seat = None, -1
    if draw(st.booleans()):
        cards = _draw_hand(draw, left, draw(st.integers(1, 5)))
        options = readings(cards, rules.distinct_kickers, rules.combos) if cards else []
        if options:
            top = draw(st.sampled_from(options))
            top_seat = draw(st.sampled_from([s for s in range(seats) if s != to_move]))
    if bomb and draw(st.booleans()):  # a doubling bomb in some hand, if the deck has one
        big = [r for r in range(NUM_RANKS) if left[r] >= rules.combos.doubling_bomb]
        if big:
            r = draw(st.sampled_from(big))
            n = draw(st.integers(rules.combos.doubling_bomb,
                                 min(left[r], rules.combos.doubling_bomb + 1)))
            hands[draw(st.integers(0, seats - 1))] += n * UNIT[r]
    pos = Position(rules, hands, landlord, to_move, top, top_seat)
    pos.plays_made = [draw(st.integers(0, 2)) for _ in range(seats)]
    pos.bombs = draw(st.integers(0, 2))
    pos.rockets = draw(st.integers(0, 1))
    return pos


@st.composite
def kicker_positions(draw, rules: RuleSet) -> Position:
    """A position whose seat to move holds a triple and two or three single cards of
    other ranks (so its plays differ in their kickers), the other hands one or two cards
    of any rank: where the solver drops a play for one with lower kickers."""
    seats = rules.seats
    left = [count_of(rules.deck, r) for r in range(NUM_RANKS)]
    landlord = draw(st.integers(0, seats - 1))
    to_move = draw(st.integers(0, seats - 1))
    triple = draw(st.integers(0, 12))
    singles = draw(st.lists(st.integers(0, NUM_RANKS - 1).filter(lambda r: r != triple),
                            min_size=2, max_size=3, unique=True))
    left[triple] -= 3
    hand = 3 * UNIT[triple]
    for r in singles:
        left[r] -= 1
        hand += UNIT[r]
    hands = [hand if seat == to_move else 0 for seat in range(seats)]
    _deal_others(draw, left, hands, to_move)
    return Position(rules, hands, landlord, to_move, None, -1)


def _deal_others(draw, left: list[int], hands: list[int], to_move: int) -> None:
    """Give every seat but ``to_move`` one or two cards of ``left`` (at least one)."""
    for seat in range(len(hands)):
        if seat != to_move:
            hands[seat] = _draw_hand(draw, left, draw(st.integers(1, 2)))
            if not hands[seat]:
                r = next(r for r in range(NUM_RANKS) if left[r])
                left[r] -= 1
                hands[seat] = UNIT[r]


@st.composite
def same_play_positions(draw, rules: RuleSet) -> Position:
    """A position whose seat to move holds one or two cards of each of two or three ranks
    (so its singles or pairs differ in their rank only) and, beside singles, maybe a
    triple, the other hands one or two cards of any rank, a top of its size or none:
    where the solver drops a play for the same play of a lower rank."""
    seats = rules.seats
    left = [count_of(rules.deck, r) for r in range(NUM_RANKS)]
    landlord = draw(st.integers(0, seats - 1))
    to_move = draw(st.integers(0, seats - 1))
    size = draw(st.integers(1, 2))
    ranks = draw(st.lists(st.integers(0, 12), min_size=2, max_size=3, unique=True))
    hand = 0
    for r in ranks:
        left[r] -= size
        hand += size * UNIT[r]
    if size == 1 and draw(st.booleans()):
        triple = draw(st.sampled_from([r for r in range(13) if left[r] >= 3]))
        left[triple] -= 3
        hand += 3 * UNIT[triple]
    hands = [hand if seat == to_move else 0 for seat in range(seats)]
    _deal_others(draw, left, hands, to_move)
    top, top_seat = None, -1
    if draw(st.booleans()):
        r = draw(st.sampled_from([r for r in range(13) if left[r] >= size]))
        top = readings(size * UNIT[r], rules.distinct_kickers, rules.combos)[0]
        top_seat = draw(st.sampled_from([s for s in range(seats) if s != to_move]))
    return Position(rules, hands, landlord, to_move, top, top_seat)
