// Who sits where, in the person's language. The person is seat 0 and is called by their
// name; every computer seat by its place at the table and its strength ("Right · normal",
// "下家·普通"), so that no two seats share a name anywhere on the page.

import { t } from "./i18n.js";

/** Where a seat sits, seen from the person's seat 0 (seats play in turn to the right). */
export function seatPlace(seat, seats) {
  if (seat === 0) return "me";
  if (seats === 3) return ["me", "right", "left"][seat];
  if (seats === 4) return ["me", "right", "across", "left"][seat];
  return `seat${seat}`;
}

export function placeName(place) {
  return place.startsWith("seat") ? t("place.seat", { n: place.slice(4) }) : t(`place.${place}`);
}

export function levelName(level) {
  const name = String(level || "").split(":")[0];
  return ["easy", "normal", "hard", "expert"].includes(name) ? t(`level.${name}`) : name;
}

/** Every seat's name in a match: ``match`` is the table's state's match (names, bots, seats). */
export function seatNames(match) {
  return match.names.map((name, seat) => {
    if (seat === 0) return name;
    const place = placeName(seatPlace(seat, match.seats));
    const bot = match.bots && match.bots[seat - 1];
    return bot ? t("seat.computer", { place, level: levelName(bot) }) : place;
  });
}

/** Short names for narrow columns: the person's name, the computers' places. */
export function shortNames(match) {
  return match.names.map((name, seat) => (seat === 0 ? name : placeName(seatPlace(seat, match.seats))));
}
