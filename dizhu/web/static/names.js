// Who sits where, in the person's language. The page is drawn from its own seat (the
// bottom of the table, "me"), whatever its number; a spectator's page from seat 0's. A seat
// has the same name on every page, so that friends at one table can talk about it: people
// are called by their names, every computer seat by its number in the turn order and its
// strength ("Bot 2 · normal", "电脑2·普通"); where it sits is where the page draws it.

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

/** The computer levels a person can choose, weakest first (the server's form's order). */
export const LEVELS = ["easy", "normal", "hard", "expert", "master"];

export function levelName(level) {
  const name = String(level || "").split(":")[0];
  if (name === "friend") return t("level.friend");
  return LEVELS.includes(name) ? t(`level.${name}`) : name;
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
  return match.names.map((name, seat) => {
    const bot = botAt(match, seat);
    if (bot) return t("seat.computer", { n: seat + 1, level: levelName(bot) });
    return name === null ? t("seat.free", { n: seat + 1 }) : personName(name, seat);
  });
}

/** Short names for narrow columns: the people's names, the computers' numbers. */
export function shortNames(match) {
  return match.names.map((name, seat) => (botAt(match, seat) ? t("seat.computer_short", { n: seat + 1 })
    : name === null ? t("place.seat", { n: seat + 1 }) : personName(name, seat)));
}
