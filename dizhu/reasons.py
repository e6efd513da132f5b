"""Reasons given to a person: why an action, a card text or a setting is refused.

A :class:`Reason` is a ``str`` (its English words, as the command line and the engine's
exceptions show it) that also carries a ``code`` and the facts it names (``params``), so an
interface can say it in another language and show its plays and cards its own way. Every
code is listed in :data:`REASONS` with its facts; the browser page has its own wording of
each, in English and in Chinese (a test checks that none is missing).

Facts are named by what they are, never by how a language says them: ``play``/``top`` are
plays as the engine writes them (``pair 33``), ``cards``/``hand`` are ranks (``334``),
``card``/``chosen`` suited cards (``3s``, ``3s 3h``), ``kind``/``top_kind`` a
combination's engine name, ``rank`` a rank letter, ``seat``/``asked`` seat numbers,
``answer``/``answers`` auction tokens, ``reason`` a reason inside another (its JSON),
and ``n``, ``m``, ``high``, ``low``, ``most``, ``step`` numbers (a step of a record
counted from 1, as a person counts); ``detail`` and ``event``
are English words with no translation.
"""

from __future__ import annotations

from typing import Any

REASONS: dict[str, str] = {
    # deals and turns
    "deal_over": "the deal is over",
    "not_your_turn": "it is seat {seat}'s turn, not seat {asked}'s",
    "auction_on": "the auction is on: answer {answers}",
    "doubling_open": "the doubling question is open: double or not",
    "play_begun": "the play has begun: play cards or pass",
    "auction_over": "the auction is over",
    "bid_too_low": "a bid must be higher than {high}",
    "not_an_answer": "{answer} is not an answer now: answer {answers}",
    "no_such_answer": "{answer} is no answer in an auction",
    # plays
    "leader_may_not_pass": "you lead this trick: a leader may not pass",
    "not_a_kind": "{cards} is not a {kind}",
    "distinct_kickers": "{play}: with distinct kickers, its single wings or kickers differ",
    "not_held": "you hold {hand}, not {cards}",
    "nothing_beats_rocket": "nothing beats the rocket: pass",
    "not_over_bomb": "{play} does not beat the bomb {top}",
    "wrong_kind": "{play} is a {kind}; the trick needs a {top_kind}",
    "smaller_bomb": "the bomb {play} has fewer cards than the bomb {top}",
    "wrong_size": "{play} has {n} cards; the trick's {kind} has {m}",
    "not_higher": "{play} is not higher than {top}",
    "not_a_combination": "{cards} is not a combination",
    "no_combination_wild_joker": "{cards} is not a combination: a wild card stands for any"
                                 " rank 3 to 2, never a joker",
    "ambiguous": "{cards} can be played as {kinds}: choose one",
    "cards_not_the_play": "the cards {chosen} are not the play {play}",
    "cards_not_held": "you do not hold {chosen}",
    "pass_puts_no_cards": "a pass puts no cards on the table",
    "only_plays_put_cards": "only a play puts cards on the table",
    # card and play texts
    "unknown_card": "unknown card {char} in {text}",
    "too_many_of_rank": "{n} cards of rank {rank}: the deck has {most}",
    "far_too_many": "far too many cards of rank {rank}",
    "bad_card": "cannot read card {text}",
    "unknown_kind": "unknown combination kind {text}",
    "empty_play": "empty play",
    "unreadable_play": "cannot read play {text}",
    "not_a_legal_kind": "{cards} is not a legal {kind}",
    "wild_not_joker": "{cards} is not a legal {kind}: a wild card stands for any rank 3 to 2,"
                      " never a joker",
    # naming a pattern
    "not_a_pattern": "{kind} is not a pattern to play",
    "chain_length": "a {kind} runs {low} to {high} ranks, not {n}",
    "no_length": "a {kind} has no length",
    "cannot_start": "a {kind} cannot start at {rank}",
    "chain_cannot_start": "a {kind} of {n} ranks cannot start at {rank}",
    "kickers_needed": "a {kind} takes {count} kickers, not {m}",
    "wings_needed": "an {kind} takes one wing per triple: {need} for {n} triples, not {m}",
    "bomb_size": "a bomb is {low} to {high} cards of one rank 3..2",
    "no_rank": "no rank {text}",
    # the table
    "select_first": "select the cards to play first",
    "hold_fewer": "you hold {n} {card}, not {m}",
    "card_not_held": "you do not hold {card}",
    "autoplay_on": "auto-play is on: switch it off to play yourself",
    "match_over": "the match is over",
    "match_in_play": "the match is still being played: play it again once it is over",
    "match_abandoned": "this match was abandoned",
    "cannot_abandon": "this match cannot be abandoned",
    "deal_in_play": "the deal is still being played",
    "no_such_deal": "this match has no deal {n}",
    "deal_not_played_out": "only a deal played out can be shown with all its cards",
    "unknown_action": "unknown action",
    "unreadable_action": "cannot read that action",
    "pattern_fields": "a pattern names its kind, lowest rank, length and wings",
    "autoplay_levels": "auto-play uses {levels}, not {name}",
    "not_saved": "that could not be saved: nothing changed, try again",
    "stale": "that answered an older state of the table: look again",
    "bad_message": "the server could not read that message: {detail}",
    "no_such_match": "there is no such match",
    "bad_form": "the new match form is wrong: {detail}",
    "not_a_person_seat": "seat {seat} is played by a computer",
    "no_computer": "nobody plays seat {seat} automatically",
    "spectator": "a spectator watches: only the people at the table act",
    "no_seat": "that page opens no seat at this table",
    "dead_link": "this invitation does not open any table: ask for a new link",
    "local_only": "only the computer that runs the game may do that",
    "not_creator": "only the person who made the table hands another person's seat over",
    "seat_present": "seat {seat} is at the table (or left less than {n} s ago)",
    # puzzles
    "no_such_puzzle": "there is no such puzzle",
    "puzzle_ruleset": "unknown ruleset {detail}",
    "puzzle_position": "the position cannot be read: {detail}",
    "puzzle_goal": "unknown goal {detail}: the goals are win, spring and no_bomb",
    "puzzle_over": "the play is over in that position",
    "puzzle_not_to_move": "seat {seat} is not to move in that position: seat {asked} is",
    "puzzle_not_forced": "the goal is not forced from that position",
    "puzzle_too_big": "the position is too big to prove within {n} positions",
    "puzzle_title": "a puzzle's title is 1 to {n} characters",
    "puzzle_ended": "this try is over: retry, or take back a play",
    "puzzle_request": "the server could not read that request: {detail}",
    # records
    "not_a_record": "not a deal record: {detail}",
    "record_not_json": "that file is not a JSON deal record",
    "record_format": "that file is not a dizhu deal record",
    "record_version": "record version {detail} is not one this program reads (1, 2 or 3)",
    "record_empty": "the record has no events",
    "record_too_long": "a record of {n} events is longer than any deal",
    "record_too_large": "that file is too large to be a deal record",
    "record_no_deal": "the record's first step must be the deal (hands, kitty, opening)",
    "record_field": "missing field {detail}",
    "record_unknown_event": "unknown event {detail} (deal, start, bid, double, play, pass)",
    "record_event": "step {step} ({event}) does not replay: {reason}",
    "deal_hands": "a deal needs {n} hands, not {m}",
    "deal_sizes": "each hand needs {n} cards and the kitty {m}",
    "deal_pack": "the hands and the kitty must hold each of the 54 cards once",
    "deal_packs": "the hands and the kitty must hold each of the 54 cards {n} times",
    "seat_leads": "seat {seat} leads this trick: a leader may not pass",
    "seat_holds": "seat {seat} holds {hand}, not {cards}",
    "seat_does_not_hold": "seat {seat} does not hold {chosen}",
    # the review
    "review_unfinished": "only a deal played to its end is reviewed",
    "review_seat": "a review is of a seat 0 to {most}, not {detail}",
    "review_depth": "a review imagines 8, 24 or 64 deals a decision, not {detail}",
}
"""Every reason's code, with the gist of it in English and the facts it names."""


class Reason(str):
    """Why something is refused: the English ``text``, a ``code`` and its facts."""

    code: str
    params: dict[str, Any]

    def __new__(cls, code: str, english: str, /, **params: Any) -> Reason:
        if code not in REASONS:
            raise KeyError(f"no reason {code!r}")
        self = super().__new__(cls, english)
        self.code = code
        self.params = params
        return self

    def to_json(self) -> dict[str, Any]:
        """``{"code": ..., "params": {...}, "text": ...}`` for an interface to say."""
        return {"code": self.code, "params": self.params, "text": str(self)}


def reason_of(error: BaseException | str) -> Reason | None:
    """The :class:`Reason` an exception (or a string) carries, if any."""
    found = error.args[0] if isinstance(error, BaseException) and error.args else error
    return found if isinstance(found, Reason) else None


def of_seat(reason: Reason, seat: int) -> Reason:
    """``reason`` said of ``seat`` where the engine says it to the seat acting ("you ..."):
    a record replayed, say, is nobody's hand."""
    facts = {**reason.params, "seat": seat}
    if reason.code == "leader_may_not_pass":
        return Reason("seat_leads", f"seat {seat} leads this trick: a leader may not pass",
                      **facts)
    if reason.code == "not_held":
        return Reason("seat_holds", f"seat {seat} holds {facts['hand'] or 'no cards'}, not "
                      f"{facts['cards']}", **facts)
    if reason.code == "cards_not_held":
        return Reason("seat_does_not_hold", f"seat {seat} does not hold {facts['chosen']}",
                      **facts)
    return reason
