"""The game's words in English and in Chinese, for the terminal and the command line.

They are the browser page's own catalogs (``web/static/i18n/en.json`` and ``zh.json``),
read here rather than copied, so that every interface names a pattern, a card, a seat or a
refusal the same way: ``triple with a single`` (三带一), ``small joker`` (小王), ``Bot 2 ·
easy`` (电脑2·简单). Keys and facts are the page's (``{name}`` in the words, filled in by
:func:`say`); the engine's refusals (:class:`~dizhu.reasons.Reason`) are said as the page
says them.

Text set in columns is measured in a terminal's cells, where an East Asian wide character
(a Chinese one) takes two: :func:`cells`, :func:`pad`, :func:`fit`.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from .auction import Bid, Double
from .bots.registry import strongest_level
from .reasons import REASONS, Reason, reason_of
from .session import FRIEND, LEVELS, MatchSession

CATALOGS = Path(__file__).resolve().parent / "web" / "static" / "i18n"
LANGUAGES = ("en", "zh")


@cache
def catalog(language: str) -> dict[str, str]:
    """Every key's words in ``language`` (``en`` or ``zh``)."""
    if language not in LANGUAGES:
        raise ValueError(f"no words in {language!r}: the languages are {', '.join(LANGUAGES)}")
    return json.loads((CATALOGS / f"{language}.json").read_text(encoding="utf-8"))


def say(key: str, language: str = "en", **facts: Any) -> str:
    """The words of ``key`` with its facts filled in (English where the language lacks
    them; the key itself where no catalog has it). ``count`` (else ``n``) of 1 chooses the
    words for one, if there are any: ``1 card``, not ``1 cards``."""
    words = catalog(language)
    english = catalog("en")
    text = None
    if facts.get("count", facts.get("n")) == 1:
        text = words.get(f"{key}.one", english.get(f"{key}.one"))
    if text is None:
        text = words.get(key, english.get(key, key))
    for name, value in facts.items():
        text = text.replace(f"{{{name}}}", str(value))
    return text


def both(key: str, **facts: Any) -> str:
    """English, then Chinese: ``spring 春天``."""
    return f"{say(key, 'en', **facts)} {say(key, 'zh', **facts)}"


def kind_words(kind: str) -> str:
    """A kind in English with its Chinese name: ``triple with a single 三带一``."""
    return f"{kind_name(kind)} {kind_name(kind, 'zh')}"


def why_words(code: str, params: dict[str, Any], language: str = "en") -> str:
    """Why the coach's hint is good (:class:`dizhu.coach.Why`'s code and facts) in the
    page's words: a kind by its name, the side by its role."""
    facts = dict(params)
    if "kind" in facts:
        facts["kind"] = kind_name(facts["kind"], language)
    if "who" in facts:
        facts["who"] = say(f"why.side.{facts['who']}", language)
    return say(f"why.{code}", language, **facts)


def kind_name(kind: str, language: str = "en") -> str:
    """A combination's name from its engine name: ``triple_single`` is ``triple with a
    single`` (三带一)."""
    return say(f"kind.{kind}", language)


def rank_name(rank: str, language: str = "en") -> str:
    """A rank letter as a person says it: ``10`` for ``T``, the jokers by name."""
    return say(f"rank.{rank}", language) if rank in "TBR" else rank


def face(rank: str) -> str:
    """A rank as a card shows it in a terminal: ``10`` for ten, each joker its letter
    (what is typed) and its Chinese name: ``B小王``, ``R大王``."""
    if rank in "BR":
        return f"{rank}{rank_name(rank, 'zh')}"
    return rank_name(rank)


def card_face(card: str) -> str:
    """A card written with its suit's symbol (``T♠``, ``B``) as a terminal shows it:
    ``10♠``, ``B小王``."""
    return face(card[0]) + card[1:]


def cards_text(ranks: str, language: str = "en") -> str:
    """Ranks as the engine writes them (``TTJ``) as a person reads them (``10 10 J``)."""
    return " ".join(rank_name(r, language) for r in ranks)


def card_name(card: str, language: str = "en") -> str:
    """A suited card (``Th``, ``B``) by name: ``10 of hearts``, ``small joker``."""
    if len(card) < 2:
        return rank_name(card, language)
    return say("card.named", language, rank=rank_name(card[0], language),
               suit=say(f"suit.{card[1]}", language))


def play_text(text: str, language: str = "en") -> str:
    """A play as the engine writes it (``straight 9TJQK``, ``pass``) as a person reads it."""
    if text == "pass":
        return say("kind.pass", language)
    kind, _, ranks = text.partition(" ")
    return f"{kind_name(kind, language)} {cards_text(ranks, language)}"


# ----------------------------------------------------------------- seats

def level_name(level: str, language: str = "en") -> str:
    """A computer player's level as the page names it (``easy``, 简单), a friend's seat of
    the form as 好友 (``friend``), an outside program by the name it was offered under."""
    name = level.split(":")[0]
    if name == FRIEND:
        return say("level.friend", language)
    return say(f"level.{name}", language) if name in LEVELS else name


def level_choice(level: str, language: str = "en") -> str:
    """A level as a form offers it: :func:`level_name`, the strongest level (which
    ``strongest`` names) marked so: ``master (strongest)``, 宗师（最强）."""
    name = level_name(level, language)
    return say("level.strongest", language, level=name) if level == strongest_level() else name


def person_name(name: str, seat: int, language: str = "en") -> str:
    """A person by the name they gave, one who gave none by their seat: ``Player 2``."""
    return name or say("seat.player", language, n=seat + 1)


def seat_name(seat: int, person: str | None, level: str | None, language: str = "en") -> str:
    """A seat's name, the same on every page and in every interface, so that the people at
    a table can talk about it: a computer by its number in the turn order (from 1) and its
    level (``Bot 2 · easy``, 电脑2·简单), a person by name, a person's seat nobody has taken
    yet as ``Seat 2 · free``. ``level`` is the computer's (``None`` for a person's seat),
    ``person`` the name of whoever sits there (``None`` while the seat is free)."""
    if level is not None:
        return say("seat.computer", language, n=seat + 1, level=level_name(level, language))
    if person is None:
        return say("seat.free", language, n=seat + 1)
    return person_name(person, seat, language)


def seat_names(session: MatchSession, language: str = "en") -> list[str]:
    """Every seat's name at a match's table (:func:`seat_name`)."""
    people = session.names()
    return [seat_name(seat, people[seat], level, language)
            for seat, level in enumerate(session.plan)]


def short_seat_names(session: MatchSession, language: str = "en") -> list[str]:
    """Seat names for narrow columns: the people's names, the computers' numbers
    (``Bot 2``), a free seat by its number (``Seat 2``)."""
    people = session.names()
    return [say("seat.computer_short", language, n=seat + 1) if level is not None
            else say("place.seat", language, n=seat + 1) if people[seat] is None
            else person_name(people[seat], seat, language)
            for seat, level in enumerate(session.plan)]


def seat_place(seat: int, seats: int, me: int = 0) -> str:
    """Where ``seat`` sits seen from seat ``me`` (seats play in turn to the right): ``me``,
    ``right``, ``left``, and ``across`` with four seats."""
    turn = (seat - me) % seats
    if turn == 0:
        return "me"
    if seats == 3:
        return ("me", "right", "left")[turn]
    if seats == 4:
        return ("me", "right", "across", "left")[turn]
    return f"seat{turn}"


def place_label(seat: int, seats: int, language: str = "en") -> str:
    """A seat of a new match's form, seen from its creator at seat 0, as the lobby labels
    it: ``Seat 2 · right (plays after you)``."""
    return say(f"lobby.seat_{seat_place(seat, seats)}", language, n=seat + 1)


def listing(items: Sequence[str], language: str = "en") -> str:
    """Items in a sentence: ``easy, normal and hard`` (简单、普通和困难)."""
    if len(items) < 2:
        return "".join(items)
    return say("list.comma", language).join(items[:-1]) + say("list.and", language) + items[-1]


def opponents(bots: list[str], people: dict[str, str | None], language: str = "en") -> str:
    """Who a match's creator plays against, as the lobby says it: each friend seated by the
    name they sat down under, the computers of one level said once with their number
    (``three easy bots``), the friends not seated yet likewise; in the order of their
    first seats."""
    groups: dict[str, list] = {}  # key -> [level, the seated friend's words or None, count]
    for seat, level in enumerate(bots, 1):
        name = people.get(str(seat)) if level == FRIEND else None
        key = f"seat {seat}" if name is not None else level
        words = None if name is None else person_name(name, seat, language)
        groups.setdefault(key, [level, words, 0])[2] += 1

    def said(level: str, person: str | None, n: int) -> str:
        if person is not None:
            return person
        number = say(f"number.{n}", language)
        if level != FRIEND:
            return say("lobby.bots", language, n=n, number=number,
                       level=level_name(level, language))
        return say("lobby.friend_free" if n == 1 else "lobby.friends_free", language,
                   number=number)
    return listing([said(*group) for group in groups.values()], language)


def answer_text(action: Bid | Double, seat: int, landlord: int) -> str:
    """An answer of the auction or the doubling as it is told: ``bids 2``, ``robs``,
    ``does not redouble`` (the landlord's answer to a double)."""
    if isinstance(action, Double):
        if seat == landlord:
            return "redoubles" if action.yes else "does not redouble"
        return "doubles" if action.yes else "does not double"
    return {"pass": "passes", "call": "calls", "rob": "robs"}.get(action.token,
                                                                    f"bids {action.token}")


def say_reason(error: BaseException | str, language: str = "en",
               seat_name: Callable[[int], str] | None = None) -> str:
    """Why something was refused, as the page says it, ``seat_name`` naming the seats it
    speaks of (by default by number, from 1, as the page does: ``Seat 2``); words without
    a reason code (or a code the catalogs lack) are said as they are."""
    if seat_name is None:
        def seat_name(seat: int) -> str:
            return say("place.seat", language, n=seat + 1)
    reason = reason_of(error)
    if reason is None or f"reason.{reason.code}" not in catalog("en"):
        return str(error.args[0] if isinstance(error, BaseException) and error.args else error)
    said = _reason_words(reason, language, seat_name)
    return said[:1].upper() + said[1:]


def _reason_words(reason: Reason, language: str, seat_name: Callable[[int], str]) -> str:
    """A reason's words as they stand inside a sentence (not capitalised)."""
    facts = {name: _fact(name, value, language, seat_name)
             for name, value in reason.params.items()}
    return say(f"reason.{reason.code}", language, **facts)


def _fact(name: str, value: Any, language: str, seat_name: Callable[[int], str]) -> str | int:
    """One fact of a reason as the page says it (``dizhu.reasons`` names what each is)."""
    if name in ("play", "top"):
        return play_text(value, language)
    if name in ("cards", "hand"):
        return cards_text(value, language) if value else say("cards.none", language)
    if name in ("kind", "top_kind"):
        return kind_name(value, language)
    if name == "kinds":
        return say("list.or", language).join(kind_name(k, language) for k in value)
    if name == "answer":
        return say(f"answer.{value}", language)
    if name == "answers":
        return say("list.or", language).join(say(f"answer.{a}", language) for a in value)
    if name == "rank":
        return rank_name(value, language)
    if name == "card":
        return card_name(value, language)
    if name == "chosen":
        return say("list.and", language).join(card_name(c, language) for c in value.split())
    if name in ("seat", "asked"):
        return seat_name(value)
    if name == "reason":
        if value.get("code") in REASONS:
            return _reason_words(Reason(value["code"], value.get("text", ""),
                                        **value.get("params", {})), language, seat_name)
        return str(value.get("text", ""))
    if name == "levels":
        return say("list.or", language).join(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return value  # a number: its count chooses the words for one (1 kicker)
    return str(value)


# ----------------------------------------------------------------- widths

def cells(text: str) -> int:
    """The terminal cells ``text`` takes: two for an East Asian wide character, none for a
    combining mark, one for the rest."""
    return sum(0 if unicodedata.combining(ch) else
               2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` cells, an ellipsis marking the cut."""
    if cells(text) <= width:
        return text
    out, used = "", 0
    for ch in text:
        if used + cells(ch) > width - 1:
            break
        out += ch
        used += cells(ch)
    return out + "…"


def pad(text: str, width: int, right: bool = False) -> str:
    """``text`` (cut to ``width`` cells if longer) filled with spaces to ``width`` cells,
    on the left when ``right`` (numbers)."""
    text = fit(text, width)
    room = " " * (width - cells(text))
    return room + text if right else text + room
