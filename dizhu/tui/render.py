"""The table as text: cards, seats, the trick, the stake, the count strip and the score
sheet, drawn from what the session shows a seat (no rule is decided here)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from ..auction import Bid, Double
from ..cards import RANKS, card_rank, card_suit, card_text
from ..combos import CHINESE_NAMES, Play
from ..deal import Phase
from ..scoring import ScoreSheet, stake_of
from ..session import CREATOR, MatchSession
from ..view import CountStrip, PublicAction, SeatView

RED = "bold red"
BLACK = "bold"


def card_label(card: int) -> Text:
    """One card: ``7♥`` in red, ``Q♠`` in the foreground colour, the jokers ``B`` and ``R``."""
    suit = card_suit(card)
    red = suit in (1, 3) or (suit is None and RANKS[card_rank(card)] == "R")
    return Text(card_text(card, symbols=True), style=RED if red else BLACK)


def cards_text(cards: Sequence[int], marked: set[int] = frozenset()) -> Text:
    """Cards side by side, a space between ranks; ``marked`` positions shown reversed."""
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append("  " if card_rank(card) != card_rank(cards[i - 1]) else " ")
        label = card_label(card)
        if i in marked:
            label.stylize("reverse")
        out.append_text(label)
    return out


def play_name(play: Play) -> str:
    """A play's kind in English with its Chinese name: ``pair 对子``."""
    return f"{play.kind.label} {CHINESE_NAMES[play.kind]}"


def answer_text(action: Bid | Double, seat: int, landlord: int) -> str:
    """An auction or doubling answer as a person reads it."""
    if isinstance(action, Double):
        if seat == landlord:
            return "redoubles" if action.yes else "does not redouble"
        return "doubles" if action.yes else "does not double"
    return {"pass": "pass", "call": "calls", "rob": "robs"}.get(action.token,
                                                                  f"bids {action.token}")


def seat_names(session: MatchSession) -> list[str]:
    """Each seat's name for the table: ``You`` (the person's own name) and the computers."""
    names = session.names()
    return ["free" if names[seat] is None else names[seat] or f"Player {seat + 1}"
            for seat in range(session.rules.seats)]


def you(names: list[str], seat: int) -> str:
    """A seat's name, the person's marked as theirs."""
    name = names[seat]
    return f"{name} (you)" if seat == CREATOR and name != "You" else name


def role(view: SeatView, seat: int) -> str:
    if view.landlord < 0:
        return ""
    return "landlord 地主" if seat == view.landlord else "peasant 农民"


def stake_text(view: SeatView) -> str:
    """The stake as it stands, with what made it: ``bid 2 · bomb ×2 = 4``."""
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
    parts += ["bomb ×2"] * view.bombs + ["rocket ×2"] * view.rockets
    stake = stake_of(auction.stake, view.bombs + view.rockets)
    line = f"stake {stake} ({' · '.join(parts)})"
    doubled = [s for s, d in enumerate(view.doubled) if d]
    if doubled:
        line += " · doubled by " + ", ".join(f"seat {s}" for s in doubled)
    if view.redoubled:
        line += " · landlord redoubled"
    return line


def seats_text(session: MatchSession, view: SeatView) -> Text:
    """One line per seat: who, role, cards left, auction answers, match total."""
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
    out = Text()
    turn = view.to_move if view.phase in (Phase.AUCTION, Phase.DOUBLING, Phase.PLAY) else -1
    for seat in range(view.seats):
        if seat:
            out.append("\n")
        out.append("▶ " if seat == turn else "  ", style="bold yellow")
        who = f"Seat {seat} {you(names, seat)}"
        out.append(f"{who:<28}", style="bold" if seat == CREATOR else "")
        out.append(f"{role(view, seat):<14}", style="bold magenta" if seat == view.landlord
                   else "")
        out.append(f"{view.cards_left[seat]:>3} cards   ")
        out.append(f"total {totals[seat]:+d}".ljust(12))
        if seat in session.autoplay:
            out.append("auto-play  ", style="italic")
        out.append(", ".join(answers.get(seat, [])), style="cyan")
    return out


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


def trick_text(session: MatchSession, view: SeatView) -> Text:
    """The current trick, oldest first (the trick just cleared, dimmed, before a lead)."""
    names = seat_names(session)
    entries, cleared = trick_entries(view)
    out = Text()
    if view.phase is Phase.AUCTION:
        out.append("The auction: " + ("call or pass, then rob" if view.rules.auction.name == "rob"
                                      else "bid 1, 2 or 3, or pass"), style="dim")
        return out
    if view.kitty is not None:
        out.append("Kitty: ")
        out.append_text(cards_text(view.kitty))
        out.append("\n")
    if cleared:
        out.append("Last trick:\n", style="dim")
    elif not entries:
        out.append("Nothing on the table" + (f": seat {view.to_move} leads"
                                             if view.phase is Phase.PLAY else ""), style="dim")
    for entry in entries:
        line = Text(f"  Seat {entry.seat} {names[entry.seat]:<20} ")
        if entry.action.is_pass:
            line.append("pass 不要", style="dim")
        else:
            line.append_text(cards_text(entry.cards))
            line.append(f"   {play_name(entry.action)}", style="cyan")
        if cleared:
            line.stylize("dim")
        out.append_text(line)
        out.append("\n")
    return out


def count_strip_text(strip: CountStrip) -> Text:
    """Unseen cards per rank; a possible bomb and a possible rocket marked."""
    out = Text("Unseen  ")
    for rank, n in enumerate(strip.unseen):
        label = f"{RANKS[rank]}:{n} "
        bomb = rank in strip.bomb_ranks or (RANKS[rank] in "BR" and strip.rocket_possible)
        out.append(label, style="bold red" if bomb else ("dim" if not n else ""))
    marks = [RANKS[r] for r in strip.bomb_ranks]
    out.append("\n        possible bombs: " + (" ".join(marks) or "none"))
    out.append(" · rocket possible" if strip.rocket_possible else " · no rocket")
    return out


def sheet_text(session: MatchSession, index: int) -> Text:
    """The score sheet of deal ``index``: every multiplier, each seat's points, the match."""
    deal = session.match.deals[index]
    sheet: ScoreSheet = deal.result
    names = seat_names(session)
    number = session.deal_numbers()[index]
    out = Text()
    out.append(f"Deal {number}: ", style="bold")
    side = "the landlord wins" if sheet.landlord_won else "the peasants win"
    out.append(f"seat {deal.winner} goes out, {side}\n\n", style="bold")
    if session.rules.auction.name == "rob":
        out.append(f"  {'called, then ' + str(sheet.robs) + ' robs ×2 each':<26}{sheet.bid}\n")
    else:
        out.append(f"  {'winning bid':<26}{sheet.bid}\n")
    factors = (("bombs", sheet.bombs), ("rockets", sheet.rockets),
               ("spring 春天", int(sheet.spring)), ("anti-spring 反春", int(sheet.anti_spring)))
    for label, n in factors:
        out.append(f"  {label:<26}×{2 ** n}" + (f" ({n})" if n > 1 else "") + "\n",
                   style="" if n else "dim")
    out.append(f"  {'stake':<26}{sheet.stake}\n", style="bold")
    doubled = [s for s, d in enumerate(sheet.doubled) if d]
    if session.settings.get("doubling"):
        out.append("  doubled: " + (", ".join(f"seat {s} ×2" for s in doubled) or "nobody"))
        out.append(" · landlord redoubled ×2\n" if sheet.redoubled else "\n")
    out.append("\n")
    out.append(f"  {'seat':<32}{'role':<16}{'this deal':>10}{'total':>8}\n", style="underline")
    totals = session.match.totals
    for seat, points in enumerate(sheet.scores):
        who = f"{seat} {you(names, seat)}"
        side_name = "landlord 地主" if seat == sheet.landlord else "peasant 农民"
        style = "bold green" if points > 0 else "red"
        out.append(f"  {who:<32}{side_name:<16}")
        out.append(f"{points:>+10d}", style=style)
        out.append(f"{totals[seat]:>+8d}\n")
    out.append("\n")
    out.append_text(standings_text(session))
    return out


def standings_text(session: MatchSession) -> Text:
    """Where the match stands: deals played of how many (or the race), the winners at the end."""
    match = session.match
    names = seat_names(session)
    settings = session.settings
    played = len(match.scored_deals)
    if settings["mode"] == "deals":
        pace = f"{played} of {settings['target']} deals played"
    else:
        pace = f"race to {settings['target']} points, {played} deal{'s' * (played != 1)} played"
    out = Text(f"Match: {pace}\n")
    if match.finished:
        winners = ", ".join(f"seat {s} {names[s]}" for s in match.winners)
        out.append(f"The match is over. Winner{'s' * (len(match.winners) > 1)}: {winners}\n",
                   style="bold yellow")
    return out
