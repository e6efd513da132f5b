"""A person's input read as an action: selected cards, a named pattern, a play's text, a
bid, a double or a pass. The engine decides what is legal; this only reads."""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..actions import current_form, decode_action, reading_of
from ..cards import RANKS, card_text, count_of, parse_card, parse_rank, ranks_of_cards
from ..combos import CHINESE_NAMES, Kind, Play
from ..deal import Action, AmbiguousPlayError, Deal, play_from_cards
from ..patterns import Naming, compose, naming
from ..reasons import Reason
from .refusals import ActionError


def action_of(deal: Deal, seat: int, message: Any) -> tuple[Action, list[int] | None]:
    """The action ``seat``'s message asks for and, for selected cards, the very cards; or
    :class:`ActionError`. The message is an action in the codec's JSON
    (:func:`~dizhu.actions.action_to_json`: a play with or without its ``cards``, a pass, a
    bid, a double), a named ``pattern`` (with the ``cards`` the page marked for it, if it
    says), or selected ``cards`` alone, which the engine reads as a play. Selected cards that
    make several legal plays raise :class:`~dizhu.deal.AmbiguousPlayError` with the
    options."""
    if not isinstance(message, dict):
        raise ActionError(Reason("unknown_action",
                                 "unknown action: bid, double, pass, play, pattern or cards"))
    try:
        message = current_form(message)
        if "pattern" in message:
            cards = held_cards(deal, seat, message["cards"]) if "cards" in message else None
            if deal.wild:
                play = wild_composed(deal, message["pattern"], cards)
                return play, _suited(deal, seat, play, cards)
            return composed(deal, message["pattern"]), cards
        if any(key in message for key in ("bid", "double", "play")):
            action, named = decode_action(message, deal.rules, deal.wild)
            return action, None if named is None else held_cards(deal, seat, message["cards"])
        if "cards" in message:
            cards = held_cards(deal, seat, message["cards"])
            return play_from_cards(deal, ranks_of_cards(cards)), cards
    except (ActionError, AmbiguousPlayError):
        raise
    except ValueError as e:  # unreadable cards, plays, bids; illegal selections
        raise ActionError(*e.args) from None
    except (TypeError, KeyError) as e:
        raise ActionError(Reason("unreadable_action",
                                 f"cannot read that action ({e})")) from None
    raise ActionError(Reason("unknown_action",
                             "unknown action: bid, double, pass, play, pattern or cards"))


def held_cards(deal: Deal, seat: int, texts: Any) -> list[int]:
    """``seat``'s cards named by ``texts`` (a face held twice may be named twice)."""
    if not isinstance(texts, list) or not texts:
        raise ActionError(Reason("select_first", "select the cards to play first"))
    cards = [parse_card(str(t)) for t in texts]
    held = Counter(deal.held_cards(seat))
    for card, n in Counter(cards).items():
        if held[card] < n:
            if not held[card]:
                raise ActionError(Reason("card_not_held", f"you do not hold "
                                         f"{card_text(card)}", card=card_text(card)))
            raise ActionError(Reason("hold_fewer", f"you hold {held[card]} "
                                     f"{card_text(card)}, not {n}", n=held[card],
                                     card=card_text(card), m=n))
    return cards


def composed(deal: Deal, pattern: Any) -> Play:
    """The play a named pattern makes: kind, lowest rank of the main part, length, wings
    (and, with two packs, a bomb's size)."""
    if not isinstance(pattern, dict):
        raise ActionError(Reason("pattern_fields",
                                 "a pattern names its kind, lowest rank, length and wings"))
    rules = deal.rules
    kind = Kind.from_label(str(pattern.get("kind", "")))
    main = rank_index(pattern.get("main", "3"))
    wings = tuple(rank_index(w) for w in pattern.get("wings", []))
    size = pattern.get("size")
    return compose(kind, main, int(pattern.get("length", 1)), wings, rules.distinct_kickers,
                   rules.combos, None if size is None else int(size))


def wild_composed(deal: Deal, pattern: Any, cards: list[int] | None = None) -> Play:
    """The play a named pattern makes in a deal with wild cards: among the legal plays,
    the one whose :func:`~dizhu.patterns.naming` (the combination's run, the physical wings)
    the pattern gives, made of the ``cards`` the page marked where it sent them, else the
    one that spends the fewest wild cards. The engine made every candidate."""
    if not isinstance(pattern, dict):
        raise ActionError(Reason("pattern_fields",
                                 "a pattern names its kind, lowest rank, length and wings"))
    kind = Kind.from_label(str(pattern.get("kind", "")))
    main = rank_index(pattern.get("main", "3"))
    wanted = (main, int(pattern.get("length", 1)),
              tuple(sorted(rank_index(w) for w in pattern.get("wings", []))))
    combos, wild = deal.rules.combos, deal.wild
    found = [p for p in deal.legal_plays() if p.kind is kind and (
        kind is Kind.ROCKET or _answers(naming(p, combos, wild)) == wanted)]
    if cards is not None:
        chosen = ranks_of_cards(cards)
        found = [p for p in found if p.cards == chosen] or found
    if not found:
        return composed(deal, pattern)  # says what is wrong, or a play the engine refuses
    return min(found, key=lambda p: sum(count_of(p.cards, w) for w in wild))


def _answers(named: Naming) -> tuple:
    return named.main, named.length, tuple(sorted(named.wings))


def _suited(deal: Deal, seat: int, play: Play, cards: list[int] | None) -> list[int] | None:
    """The page's marked ``cards`` when they are the play's, else none (the engine picks
    the suits)."""
    if cards is not None and ranks_of_cards(cards) == play.cards:
        return cards
    return None


def rank_index(text: Any) -> int:
    """A rank as a person writes it (``10`` or ``T``, any case: :func:`.parse_rank`)."""
    try:
        return parse_rank(str(text).strip())
    except ValueError as e:
        raise ActionError(*e.args) from None


def play_json(play: Play) -> dict[str, Any]:
    """A play as a page shows it: its text, kind (English and Chinese) and shape."""
    return {"text": play.text, "kind": play.kind.label, "chinese": CHINESE_NAMES[play.kind],
            "ranks": play.ranks, "main": RANKS[play.main], "length": play.length,
            "size": play.size,
            **reading_of(play)}
