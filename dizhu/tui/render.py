"""The table as text: cards, seats, the trick, the stake, the count strip and the score
sheet, drawn from what the session shows a seat (no rule is decided here).

Patterns, jokers and the score sheet's words are the browser page's (:mod:`dizhu.words`),
in English with the Chinese beside; columns are measured in the terminal's cells, where a
Chinese character takes two (:func:`dizhu.words.pad`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

from rich.text import Text

from ..auction import Double
from ..cards import RANKS, card_rank, card_suit, card_text, format_ranks
from ..combos import BOMB_KINDS, Play
from ..deal import Deal, Phase
from ..scoring import ScoreSheet, stake_of
from ..session import CREATOR, MatchSession
from ..session.session import bomb_kinds
from ..view import CountStrip, PublicAction, SeatView
from ..words import (
    answer_text,
    both,
    card_face,
    cells,
    face,
    fit,
    kind_name,
    kind_words,
    listing,
    pad,
    say,
    seat_names,
    short_seat_names,
)
from ..words import cards_text as ranks_words

RED = "bold red"
BLACK = "bold"
GAP = "  "
"""What sets two columns apart."""


def widest(texts: Sequence[str]) -> int:
    return max((cells(t) for t in texts), default=0)


# ----------------------------------------------------------------- cards and plays

WILD_MARK = "*"
"""What follows a wild card's face (``8♥*``, underlined in magenta): the wild line of the
title says what it means."""
WILD = "underline magenta"


def card_label(card: int, wild: Sequence[int] = ()) -> Text:
    """One card: ``7♥`` in red, ``Q♠`` in the foreground colour, the jokers by name; a card
    of the deal's ``wild`` ranks marked (``8♥*``)."""
    suit = card_suit(card)
    red = suit in (1, 3) or (suit is None and RANKS[card_rank(card)] == "R")
    label = Text(card_face(card_text(card, symbols=True)), style=RED if red else BLACK)
    if suit is not None and card_rank(card) in wild:
        label.stylize(WILD)
        label.append(WILD_MARK, style="bold magenta")
    return label


def cards_text(cards: Sequence[int], marked: set[int] = frozenset(),
               wild: Sequence[int] = ()) -> Text:
    """Cards side by side, a space between ranks; ``marked`` positions shown reversed, the
    cards of the ``wild`` ranks marked as wild."""
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append("  " if card_rank(card) != card_rank(cards[i - 1]) else " ")
        label = card_label(card, wild)
        if i in marked:
            label.stylize("reverse")
        out.append_text(label)
    return out


def play_name(play: Play) -> str:
    """A play's kind in words: ``pair 对子``; with wild cards standing for other ranks,
    what it stood for: ``straight 顺子 4 5 6 7 8``."""
    name = kind_words(play.kind.label)
    if play.stands_for != play.cards:
        return f"{name} {ranks_words(format_ranks(play.stands_for))}"
    return name


def play_words(play: Play) -> str:
    """A whole play in words: its kind and cards, and with wild cards standing for other
    ranks what they stood for: ``straight 顺子 4 5 6 8 8 as 4 5 6 7 8``."""
    words = f"{kind_words(play.kind.label)} {ranks_words(play.ranks)}"
    if play.stands_for != play.cards:
        return f"{words} as {ranks_words(format_ranks(play.stands_for))}"
    return words


def wild_text(view: SeatView) -> str:
    """The deal's wild ranks as the title says them: ``wild 癞子 8*``, ``sky 天 5* · ground
    地 J*``, or when the one of ``laizi`` is still to be drawn, when it will be."""
    rules = view.rules
    if not rules.wild_ranks:
        return ""
    shown = [face(RANKS[r]) + WILD_MARK for r in view.wild]
    if rules.wild_ranks == 1:
        return f"wild 癞子 {shown[0]}" if shown else "wild 癞子: drawn after the auction"
    words = [f"sky 天 {shown[0]}"] if shown else []
    words.append(f"ground 地 {shown[1]}" if len(shown) > 1 else "ground 地: after the auction")
    return " · ".join(words)


# ----------------------------------------------------------------- seats

def you(names: list[str], seat: int) -> str:
    """A seat's name, the person's marked as theirs."""
    name = names[seat]
    return f"{name} (you)" if seat == CREATOR and name != "You" else name


def role(view: SeatView, seat: int) -> str:
    if view.landlord < 0:
        return ""
    return both("role.landlord" if seat == view.landlord else "role.peasant")


def stake_text(view: SeatView, names: list[str]) -> str:
    """The stake as it stands, with what made it: ``bid 2 · bomb ×2 = 4``; who doubled,
    by ``names``."""
    auction = view.auction
    robs = view.rules.auction.name == "rob"
    if view.phase is Phase.AUCTION and not auction.stake:
        return "stake: no bid yet"
    parts = []
    if robs:
        parts.append(f"called, {auction.robs} rob{'s' * (auction.robs != 1)}" if auction.robs
                     else "called")
    else:
        parts.append(f"bid {auction.stake}")
    if view.rules.wild_ranks:  # each bomb by its class: soft, hard or wild
        parts += [f"{kind_name(e.action.kind.label)} ×2" for e in view.history
                  if isinstance(e.action, Play) and e.action.kind in BOMB_KINDS]
    else:
        parts += ["bomb ×2"] * view.bombs
    parts += ["rocket ×2"] * view.rockets
    stake = stake_of(auction.stake, view.bombs + view.rockets)
    line = f"stake {stake} ({' · '.join(parts)})"
    doubled = [s for s, d in enumerate(view.doubled) if d]
    if doubled:
        line += " · doubled by " + listing([names[s] for s in doubled])
    if view.redoubled:
        line += " · landlord redoubled"
    return line


def seats_text(session: MatchSession, view: SeatView, width: int = 76) -> Text:
    """One line per seat, in columns: who, role, cards left, match total, auction answers;
    names and answers are cut where the line would not fit ``width`` cells."""
    names = seat_names(session)
    totals = session.match.totals
    answers: dict[int, list[str]] = {}
    for seat, bid in view.bids:
        answers.setdefault(seat, []).append(answer_text(bid, seat, view.landlord))
    for seat, yes in enumerate(view.doubled):
        if yes is not None:
            answers.setdefault(seat, []).append(answer_text(Double(yes), seat, view.landlord))
    if view.redoubled is not None:
        answers.setdefault(view.landlord, []).append(
            answer_text(Double(view.redoubled), view.landlord, view.landlord))
    seats = range(view.seats)
    who = [you(names, seat) for seat in seats]
    roles = [role(view, seat) for seat in seats]
    left = [f"{view.cards_left[seat]} cards" for seat in seats]
    total = [f"total {totals[seat]:+d}" for seat in seats]
    said = [("auto-play  " if seat in session.autoplay else "") + ", ".join(answers.get(seat, []))
            for seat in seats]
    columns = [widest(roles), widest(left), widest(total)]
    fixed = 2 + sum(columns) + len(GAP) * len(columns)
    name_width = max(8, min(widest(who), width - fixed - min(widest(said), 16) - len(GAP)))
    said_width = max(0, width - fixed - name_width - len(GAP))
    turn = view.to_move if view.phase in (Phase.AUCTION, Phase.DOUBLING, Phase.PLAY) else -1
    out = Text()
    for seat in seats:
        if seat:
            out.append("\n")
        out.append("▶ " if seat == turn else "  ", style="bold yellow")
        out.append(pad(who[seat], name_width) + GAP, style="bold" if seat == CREATOR else "")
        out.append(pad(roles[seat], columns[0]) + GAP,
                   style="bold magenta" if seat == view.landlord else "")
        out.append(pad(left[seat], columns[1], right=True) + GAP)
        out.append(pad(total[seat], columns[2]) + GAP)
        if said[seat] and said_width:
            out.append(fit(said[seat], said_width), style="cyan")
    return out


# ----------------------------------------------------------------- the trick

def trick_entries(view: SeatView) -> tuple[list[PublicAction], bool]:
    """The plays and passes of the trick on the table, or (when a seat is about to lead) of
    the trick just cleared; the flag says which."""
    if view.trick:
        return list(view.trick), False
    plays = [e for e in view.history if isinstance(e.action, Play)]
    for i in range(len(plays) - 1, -1, -1):
        if plays[i].leads:
            return plays[i:], True
    return [], False


def trick_lines(entries: list[PublicAction], names: list[str], cleared: bool,
                width: int | None = None, wild: Sequence[int] = ()) -> list[Text]:
    """A line for each play of a trick, the seats by ``names`` in a column; where the line
    would be wider than ``width``, the play goes on under its cards (its kind, or cards of
    the ranks that do not fit)."""
    name_width = min(16, widest([names[e.seat] for e in entries]))
    lines = []
    for entry in entries:
        line = Text(f"  {pad(names[entry.seat], name_width)}{GAP}")
        if entry.action.is_pass:
            line.append(kind_words("pass"), style="dim")
        else:
            indent = "\n" + " " * (4 + name_width)
            rows = card_rows(entry.cards, width - len(indent) + 1, wild) if width \
                else [entry.cards]
            for n, cards in enumerate(rows):
                line.append(indent if n else "")
                line.append_text(cards_text(cards, wild=wild))
            kind = play_name(entry.action)
            last = line.plain.split("\n")[-1]
            wraps = width is not None and cells(last) + 3 + cells(kind) > width
            line.append(f"{indent}{kind}" if wraps else f"   {kind}", style="cyan")
        if cleared:
            line.stylize("dim")
        lines.append(line)
    return lines


def card_rows(cards: Sequence[int], width: int, wild: Sequence[int] = ()) -> list[list[int]]:
    """``cards`` in rows of at most ``width`` cells (as :func:`cards_text` sets them), a rank's
    cards never split between two rows."""
    rows: list[list[int]] = [[]]
    for _, group in groupby(cards, key=card_rank):
        ranks = list(group)
        if rows[-1] and cards_text(rows[-1] + ranks, wild=wild).cell_len > width:
            rows.append([])
        rows[-1] += ranks
    return rows


def height(text: Text, width: int | None) -> int:
    """The lines ``text`` takes in a box ``width`` cells wide."""
    return sum(max(1, -(-cells(line) // width)) if width else 1
               for line in text.plain.split("\n"))


def trick_text(session: MatchSession, view: SeatView, rows: int | None = None,
               width: int | None = None) -> Text:
    """The current trick, oldest first (the trick just cleared, dimmed, before a lead), in
    ``rows`` lines at most: the latest plays, and how many earlier ones are not shown. The
    seats are named in full where every play fits on a line of ``width`` cells, by number
    where not."""
    names = seat_names(session)
    entries, cleared = trick_entries(view)
    out = Text()
    if view.phase is Phase.AUCTION:
        out.append("The auction: " + ("call or pass, then rob" if view.rules.auction.name == "rob"
                                      else "bid 1, 2 or 3, or pass"), style="dim")
        return out
    if view.kitty is not None:
        out.append("Kitty: ")
        out.append_text(cards_text(view.kitty, wild=view.wild))
        out.append("\n")
    if cleared:
        out.append("Last trick:\n", style="dim")
    if not cleared and not entries:
        leader = "you lead" if view.to_move == view.seat else f"{names[view.to_move]} leads"
        out.append("Nothing on the table" + (f": {leader}" if view.phase is Phase.PLAY else ""),
                   style="dim")
    lines = trick_lines(entries, names, cleared, wild=view.wild)
    if width is not None and any(line.cell_len > width for line in lines):
        lines = trick_lines(entries, short_seat_names(session), cleared, width, view.wild)
    if rows is not None:
        room = max(1, rows - height(out, width) + 1)
        heights = [height(line, width) for line in lines]
        if sum(heights) > room:
            shown, used = 0, 1  # the line that counts the plays left out
            while shown < len(lines) and used + heights[-1 - shown] <= room:
                used += heights[-1 - shown]
                shown += 1
            shown = max(1, shown)
            out.append(f"  … {len(lines) - shown} earlier in this trick\n", style="dim")
            lines = lines[-shown:]
    for line in lines:
        out.append_text(line)
        out.append("\n")
    out.rstrip()
    return out


def count_strip_text(strip: CountStrip, wild: Sequence[int] = ()) -> Text:
    """Unseen cards per rank; a possible bomb and a possible rocket marked, and the wild
    ranks (``8*``)."""
    out = Text()
    for rank, n in enumerate(strip.unseen):
        letter = RANKS[rank]
        bomb = rank in strip.bomb_ranks or (letter in "BR" and strip.rocket_possible)
        mark = WILD_MARK if rank in wild else ""
        style = "bold red" if bomb else ("dim" if not n else "")
        out.append(f"{face(letter)}{mark}:{n} ", style=f"{style} {WILD}" if mark else style)
    marks = [face(RANKS[r]) for r in strip.bomb_ranks]
    out.append("\npossible bombs: " + (" ".join(marks) or "none"))
    out.append(" · rocket possible" if strip.rocket_possible else " · no rocket")
    if wild:
        out.append(" · wild 癞子: " + " ".join(face(RANKS[r]) + WILD_MARK for r in wild),
                   style="magenta")
    return out


# ----------------------------------------------------------------- the score sheet

def sheet_text(session: MatchSession, index: int, width: int = 76) -> Text:
    """The score sheet of deal ``index`` as the page has it: every multiplier of the deal,
    then the match's table (every deal played, its landlord, stake and points; the totals),
    set in columns of ``width`` cells at most."""
    deal = session.match.deals[index]
    sheet: ScoreSheet = deal.result
    number = session.deal_numbers()[index]
    names = seat_names(session)
    out = Text()
    out.append(say("sheet.deal_landlord" if sheet.landlord_won else "sheet.deal_peasants",
                   n=number), style="bold")
    out.append(f" · {names[deal.winner]} went out\n", style="bold")
    out.append_text(grid(deal_rows(session, sheet, names, deal), width))
    out.append("\n\n")
    out.append_text(match_table(session, names, short_seat_names(session), index, width))
    out.append_text(standings_text(session))
    return out


def bombs_words(sheet: ScoreSheet, size: int) -> str:
    """The bombs of a deal as the page says them: how many doubled the stake, and how many
    were played where not every bomb doubles (in four, those of ``size`` cards or more)."""
    if not sheet.bombs_played:
        return say("sheet.none")
    if sheet.bombs_played == sheet.bombs:
        return f"{sheet.bombs} ×{2 ** sheet.bombs}"
    return say("sheet.bombs_doubling" if sheet.bombs else "sheet.bombs_not_doubling",
               played=sheet.bombs_played, n=sheet.bombs, size=size, times=2 ** sheet.bombs)


def deal_rows(session: MatchSession, sheet: ScoreSheet, names: list[str],
              deal: Deal | None = None) -> list[tuple]:
    """The deal's multipliers as the page lists them: (label, value, style); with wild
    cards, each class of bomb the ``deal`` saw."""
    none, no = say("sheet.none"), say("sheet.no")
    rows: list[tuple] = [(both("sheet.landlord"), names[sheet.landlord], "")]
    if session.rules.auction.name == "rob":
        rows.append((both("sheet.robs"), f"{sheet.robs} ×{sheet.bid}", ""))
    else:
        rows.append((both("sheet.bid"), str(sheet.bid), ""))
    if session.rules.wild_ranks and deal is not None:  # each class of bomb (each doubles)
        rows += [(both(f"sheet.class.{kind}"), f"{n} ×{2 ** n}" if n else none, "")
                 for kind, n in bomb_kinds(deal).items() if kind != "rocket"]
    else:
        rows.append((both("sheet.bombs"), bombs_words(sheet, session.rules.combos.doubling_bomb),
                     ""))
    rows += [
        (both("sheet.rocket"), "×2" if sheet.rockets else none, ""),
        (both("sheet.spring"), "×2" if sheet.spring else no, ""),
        (both("sheet.anti_spring"), "×2" if sheet.anti_spring else no, ""),
        (both("sheet.stake"), str(sheet.stake), "bold"),
    ]
    if session.settings.get("doubling"):
        doubled = [names[s] for s, d in enumerate(sheet.doubled) if d]
        rows.append((both("sheet.doubled"), say("list.and").join(doubled) + " ×2" if doubled
                     else say("sheet.nobody"), ""))
        rows.append((both("sheet.redoubled"), "×2" if sheet.redoubled else no, ""))
    return rows


def grid(rows: list[tuple], width: int) -> Text:
    """Label and value pairs in two columns (the first half of ``rows`` on the left), each
    column as wide as its widest cell, the values on the left cut if the lines would not
    fit ``width`` cells."""
    half = (len(rows) + 1) // 2
    left, right = rows[:half], rows[half:]
    label_l, label_r = widest([r[0] for r in left]), widest([r[0] for r in right])
    value_r = widest([r[1] for r in right])
    room = width - 2 - label_l - len(GAP) - len(GAP) * 2 - label_r - len(GAP) - value_r
    value_l = max(6, min(widest([r[1] for r in left]), room))
    out = Text()
    for i, (label, value, style) in enumerate(left):
        if i:
            out.append("\n")
        out.append(f"  {pad(label, label_l)}{GAP}")
        out.append(pad(value, value_l), style=style)
        if i < len(right):
            label2, value2, style2 = right[i]
            out.append(f"{GAP * 2}{pad(label2, label_r)}{GAP}")
            out.append(value2, style=style2)
    return out


def match_table(session: MatchSession, names: list[str], short: list[str], index: int,
                width: int) -> Text:
    """Every deal played so far, its landlord (✓ when the landlord won), stake and each
    seat's points, then the totals: the page's match table, in columns of cells; the seats
    by their ``short`` names where their ``names`` would not fit."""
    match = session.match
    settings = session.settings
    numbers = session.deal_numbers()
    played = [i for i, d in enumerate(match.deals) if d.phase is Phase.OVER]
    if settings["mode"] == "deals":
        heading = say("sheet.match_deals", n=len(match.scored_deals), of=settings["target"])
    else:
        heading = say("sheet.match_race", target=settings["target"])
    landlords = [fit(short[match.deals[i].result.landlord], 14)
                 + (" ✓" if match.deals[i].result.landlord_won else "") for i in played]
    deal_w = max(cells(say("sheet.deal")), widest([str(numbers[i]) for i in played]))
    landlord_w = max(cells(say("sheet.landlord")), widest(landlords))
    stake_w = max(cells(say("sheet.stake")),
                  widest([str(match.deals[i].result.stake) for i in played]))
    points = [[f"{p:+d}" for p in match.deals[i].result.scores] for i in played]
    totals = [f"{t:+d}" for t in match.totals]
    seats = session.rules.seats
    used = 2 + deal_w + landlord_w + stake_w + len(GAP) * (2 + seats)
    room = max(6, (width - used) // seats)
    heads = names if widest(names) <= room else short
    seat_w = max(widest([p for row in points for p in row] + totals), min(widest(heads), room))
    out = Text(heading + "\n", style="bold")
    head = f"  {pad(say('sheet.deal'), deal_w)}{GAP}{pad(say('sheet.landlord'), landlord_w)}" \
           f"{GAP}{pad(say('sheet.stake'), stake_w, right=True)}"
    head += "".join(GAP + pad(name, seat_w, right=True) for name in heads)
    out.append(head + "\n", style="underline")
    for row, i, landlord in zip(points, played, landlords, strict=True):
        line = Text(f"  {pad(str(numbers[i]), deal_w, right=True)}{GAP}{pad(landlord, landlord_w)}"
                    f"{GAP}{pad(str(match.deals[i].result.stake), stake_w, right=True)}",
                    style="bold" if i == index else "")
        for p in row:
            line.append(GAP)
            line.append(pad(p, seat_w, right=True),
                        style="green" if p.startswith("+") else "red")
        out.append_text(line)
        out.append("\n")
    out.append(f"  {pad(say('sheet.total'), deal_w + landlord_w + stake_w + 2 * len(GAP))}",
               style="bold")
    out.append("".join(GAP + pad(t, seat_w, right=True) for t in totals) + "\n", style="bold")
    return out


def standings_text(session: MatchSession) -> Text:
    """The winners, once the match is over."""
    match = session.match
    if not match.finished:
        return Text()
    names = seat_names(session)
    winners = [names[s] for s in match.winners]
    words = (say("end.shared", names=say("list.and").join(winners)) if len(winners) > 1
             else say("end.wins", name=winners[0]))
    return Text(f"\nThe match is over: {words}.\n", style="bold yellow")
