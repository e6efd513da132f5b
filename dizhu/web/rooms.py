"""Tables with friends: who a page is (a seat's secret token, or the match's secret for
spectators), the invitation links, who is at the table, and what only the machine that
runs the game may ask (with ``--lan``).

A page names its seat in the socket's address, ``/ws/ID?seat=TOKEN``, or watches with
``/ws/ID?watch=SECRET``; a socket with neither, or with a secret of another match, is
refused. Invitations are links to the page, ``/#/join/TOKEN`` and ``/#/watch/SECRET``:
whoever holds one plays (or watches) by it, from any browser, as often as they come back.
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections.abc import Mapping
from typing import Any

from ..reasons import Reason
from ..session import CREATOR, ActionError, MatchSession

AWAY = 20.0
"""Seconds a person's seat must have had no page open before the creator may hand it to a
computer player."""

SECRET_LENGTH = 64
"""The longest secret a page may present (the store's are 22 characters)."""


def is_local(client: Any) -> bool:
    """Whether a request comes from the machine itself (a loopback address)."""
    host = getattr(client, "host", None) or ""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    mapped = getattr(address, "ipv4_mapped", None)
    return (mapped or address).is_loopback


def no_seat() -> ActionError:
    """A page's secret that opens no seat at the table it names."""
    return ActionError(Reason("no_seat", "that page opens no seat at this table: open your "
                              "invitation again (on the computer that runs the game, the "
                              "lobby)"))


def dead_link() -> ActionError:
    """An invitation or watch link whose secret opens no table (mistyped, cut, or of a
    database that is gone): only whoever made the table can give a new one."""
    return ActionError(Reason("dead_link", "this invitation does not open any table: ask "
                              "for a new link"))


def seat_by(table: MatchSession, query: Mapping[str, str]) -> int | None:
    """The seat a page's secret opens in ``table``: ``seat=TOKEN`` a person's seat, or
    ``watch=SECRET`` a spectator's place (``None``); else :func:`no_seat` is raised."""
    token, watch = query.get("seat", ""), query.get("watch", "")
    if token and len(token) <= SECRET_LENGTH:
        seat = table.seat_of(token)
        if seat is not None:
            return seat
    elif watch and len(watch) <= SECRET_LENGTH and table.watches(watch):
        return None
    raise no_seat()


def links(table: MatchSession, base: str) -> dict[str, Any]:
    """What the creator is given: their own seat's token, an invitation link per other
    seat people play (with who sat there, if anyone), and the link for spectators."""
    base = base.rstrip("/")
    return {
        "seat": CREATOR, "token": table.token_of(CREATOR),
        "invitations": [{"seat": seat, "link": f"{base}/#/join/{table.token_of(seat)}",
                         "person": table.seated[seat].person}
                        for seat in table.people if seat != CREATOR],
        "watch": f"{base}/#/watch/{table.watch}",
    }


def invitation(table: MatchSession, seat: int) -> dict[str, Any]:
    """What an invitation's page shows before its person sits: the match and the seat;
    and the watch link's secret, for someone who opens a seat already taken by another
    and would rather watch (whoever holds the seat's link may watch anyway)."""
    settings = table.settings
    return {"match": table.id, "seat": seat, "person": table.seated[seat].person,
            "watch": table.watch,
            "creator": table.player, "ruleset": table.rules.name, "mode": settings["mode"],
            "target": settings["target"], "seats": table.rules.seats,
            "names": table.names(), "bots": list(table.plan[1:])}


class Presence:
    """Which people's seats have a page open now, and since when the others have none."""

    def __init__(self, people: tuple[int, ...], away: float = AWAY) -> None:
        self.away = away
        self.people = people
        self.pages: dict[int | None, int] = {}
        now = time.monotonic()
        self.since = {seat: now for seat in people}
        """Per seat with no page open: since when (a seat nobody took: since loading)."""

    def arrive(self, seat: int | None) -> None:
        self.pages[seat] = self.pages.get(seat, 0) + 1
        self.since.pop(seat, None)

    def leave(self, seat: int | None) -> None:
        self.pages[seat] -= 1
        if not self.pages[seat]:
            del self.pages[seat]
            if seat is not None:
                self.since[seat] = time.monotonic()

    def gone(self, seat: int) -> bool:
        """Whether ``seat`` has had no page open for the time :data:`AWAY` says."""
        since = self.since.get(seat)
        return since is not None and time.monotonic() - since >= self.away

    def gone_seats(self) -> list[int]:
        """The seats away long enough to be handed to a computer player."""
        return sorted(s for s in self.since if self.gone(s))

    def to_json(self) -> dict[str, Any]:
        """Sent beside each state: the seats with a page open, those with more than one
        (a link opened in another browser too: each page says so), the seats away long
        enough to be handed to a computer (and in how many seconds the others will be),
        and how many spectators watch."""
        now = time.monotonic()
        return {"present": sorted(s for s in self.pages if s is not None),
                "twice": sorted(s for s, n in self.pages.items() if s is not None and n > 1),
                "away": self.gone_seats(),
                "away_in": {str(s): math.ceil(self.away - (now - since))
                            for s, since in sorted(self.since.items()) if not self.gone(s)},
                "watching": self.pages.get(None, 0)}

    def hand_over(self, by: int | None, seat: int) -> None:
        """Refuse, unless the page of seat ``by`` may switch auto-play for ``seat`` now:
        its own seat always; another person's seat only the creator, once that person has
        been away :data:`AWAY` seconds."""
        if by == seat or seat not in self.people:  # the session refuses a computer's seat
            return
        if by != CREATOR:
            raise ActionError(Reason("not_creator", "only the person who made the table "
                                     "hands another person's seat over"))
        if not self.gone(seat):
            raise ActionError(Reason("seat_present", f"seat {seat} is at the table (or left "
                                     f"less than {self.away:g} s ago)", seat=seat,
                                     n=round(self.away)))
