// Who sits where, in the person's language. The page is drawn from its own seat (the
// bottom of the table, "me"), whatever its number; a spectator's page from seat 0's. People
// are called by their names; every computer seat by its place at the table and its
// strength ("Right · normal", "下家·普通"), so that no two seats share a name anywhere.

import { t } from "./i18n.js";

/** Where a seat sits, seen from seat ``me`` (seats play in turn to the right). */
export function seatPlace(seat, seats, me = 0) {
  const turn = (seat - me + seats) % seats;
  if (turn === 0) return "me";
  if (seats === 3) return ["me", "right", "left"][turn];
  if (seats === 4) return ["me", "right", "across", "left"][turn];
  return `seat${turn}`;
}

/** The seat a page is drawn from: its own, or seat 0 for a spectator. */
export function viewerSeat(match) {
  return match.seat ?? 0;
}

export function placeName(place) {
  return place.startsWith("seat") ? t("place.seat", { n: place.slice(4) }) : t(`place.${place}`);
}

export function levelName(level) {
  const name = String(level || "").split(":")[0];
  if (name === "friend") return t("level.friend");
  return ["easy", "normal", "hard", "expert"].includes(name) ? t(`level.${name}`) : name;
}

/** The computer's level at ``seat`` (none for a person's seat). */
function botAt(match, seat) {
  return seat > 0 && match.bots ? match.bots[seat - 1] : null;
}

/** A person's name as given, or for one who gave none (an empty name) their seat's:
 * "Player 2", "玩家2" (names are stored as people typed them, in no language). */
export function personName(name, seat) {
  return name || t("seat.player", { n: seat + 1 });
}

/** Every seat's name in a match: ``match`` is the table's state's match (names, bots, seats). */
export function seatNames(match) {
  const me = viewerSeat(match);
  return match.names.map((name, seat) => {
    const place = placeName(seatPlace(seat, match.seats, me));
    const bot = botAt(match, seat);
    if (bot) return t("seat.computer", { place, level: levelName(bot) });
    return name === null ? t("seat.free", { place }) : personName(name, seat);
  });
}

/** Short names for narrow columns: the people's names, the computers' places. */
export function shortNames(match) {
  const me = viewerSeat(match);
  return match.names.map((name, seat) => (botAt(match, seat) || name === null
    ? placeName(seatPlace(seat, match.seats, me)) : personName(name, seat)));
}
