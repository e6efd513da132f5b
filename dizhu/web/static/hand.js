// The person's hand, fanned along the bottom: one row when every card can show a corner
// wide enough to read and touch, else two rows; sorted as the person chose (big cards on
// the left, small ones, or grouped by how many cards of each rank are held). Cards that came from
// the kitty are marked while the landlord holds them.

import { cardFace, cardLabel, isWild, rankOf } from "./cards.js";
import { t } from "./i18n.js";
import { el } from "./dom.js";

/** The narrowest strip of a card (px) a one-row hand may show; below it, two rows. */
const MIN_STEP = 19;
/** Dealing: the time between two cards coming to the hand, and one card's flight (ms, the
 * flight as style.css's deal-in animation lasts). */
const DEAL_STEP = 32;
const DEAL_CARD = 300;

/** The orders a person may sort the hand by, the first the one it starts in. */
export const HAND_ORDERS = ["big", "count", "small"];

/** The order the hand's positions are shown in (the server sends the hand small cards
 * first). ``by``: "big" (big cards on the left, as the apps do), "small" (the server's
 * order) or "count" (bombs, then triples, pairs and singles; big cards first within each). */
export function handOrder(cards, by) {
  const positions = cards.map((_, i) => i);
  if (by === "small") return positions;
  if (by !== "count") return positions.reverse();
  const held = {};
  for (const card of cards) held[rankOf(card)] = (held[rankOf(card)] || 0) + 1;
  const first = {};
  cards.forEach((card, i) => { if (!(rankOf(card) in first)) first[rankOf(card)] = i; });
  return positions.sort((a, b) => {
    const ra = rankOf(cards[a]);
    const rb = rankOf(cards[b]);
    return (held[rb] - held[ra]) || (first[rb] - first[ra]) || (b - a);
  });
}

/** The positions of the cards of ``kitty`` in ``cards`` (one position per kitty card). */
export function kittyPositions(cards, kitty) {
  const marked = new Set();
  for (const card of kitty || []) {
    const i = cards.findIndex((c, j) => c === card && !marked.has(j));
    if (i >= 0) marked.add(i);
  }
  return marked;
}

/** The positions of the cards ``counts`` (rank → how many) asks for, each rank's first
 * in ``order`` (as the hand shows them) first. */
export function rankPositions(cards, order, counts) {
  const left = new Map(counts);
  const found = new Set();
  for (const i of order) {
    const rank = rankOf(cards[i]);
    if (!(left.get(rank) > 0)) continue;
    found.add(i);
    left.set(rank, left.get(rank) - 1);
  }
  return found;
}

/** The timer that ends the hand's dealing once every card has come. */
let dealtTimer = null;

/** Draw the hand into ``box``. ``hand``: {cards, order, selected, named (positions), offered
 * (the ranks a click may name next while naming a pattern, else null), fromKitty
 * (positions), patternMode, dealing}; ``dealing``: {elapsed, within} (ms) while a new
 * deal's cards come to the hand, one after another, all of them ``within`` the time (a
 * hand drawn again meanwhile goes on from where it was). */
export function renderHand(box, { cards, order, selected, named, offered = null, fromKitty, patternMode,
  dealing = null }) {
  box.replaceChildren();
  const style = getComputedStyle(box);
  const cardWidth = parseFloat(style.getPropertyValue("--hand-card")) || 72;
  const width = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const n = cards.length;
  const oneRow = n < 2 || (width - cardWidth) / (n - 1) >= MIN_STEP;
  const rows = oneRow ? 1 : 2;
  const perRow = Math.ceil(n / rows);
  box.style.setProperty("--gaps", String(Math.max(1, perRow - 1)));
  box.classList.toggle("two-rows", rows === 2);
  box.classList.toggle("pattern-mode", patternMode);
  box.classList.toggle("offering", Boolean(offered));
  box.classList.toggle("empty", n === 0);
  box.classList.toggle("dealing", Boolean(dealing));
  // once every card has come, the hand is at rest (a flying card takes no tap: see the CSS)
  clearTimeout(dealtTimer);
  if (dealing) dealtTimer = setTimeout(() => box.classList.remove("dealing"), dealing.within - dealing.elapsed);
  const step = dealing ? Math.min(DEAL_STEP, (dealing.within - DEAL_CARD) / Math.max(1, n)) : 0;
  let row = null;
  order.forEach((i, shown) => {
    if (shown % perRow === 0) {
      row = el("div", "hand-row");
      box.append(row);
    }
    const card = cards[i];
    const on = selected.has(i);
    const span = el("span", "card");
    span.dataset.card = card;
    span.dataset.index = String(i);
    span.setAttribute("role", "option");
    span.setAttribute("aria-selected", String(on));
    const kitty = fromKitty.has(i);
    span.setAttribute("aria-label", kitty ? t("hand.from_kitty", { card: cardLabel(card) }) : cardLabel(card));
    span.classList.toggle("selected", on);
    span.classList.toggle("named", named.has(i));
    span.classList.toggle("offered", Boolean(offered && offered.has(rankOf(card))));
    span.classList.toggle("from-kitty", kitty);
    span.classList.toggle("wild", isWild(card));
    span.append(cardFace(card));
    if (dealing) span.style.setProperty("--deal-delay", `${Math.round(shown * step - dealing.elapsed)}ms`);
    row.append(span);
  });
}
