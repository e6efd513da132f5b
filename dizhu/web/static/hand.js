// The person's hand, fanned along the bottom: one row when every card can show a corner
// wide enough to read and touch, else two rows; sorted as the person chose (the server's
// rank order, or grouped by how many cards of each rank are held). Cards that came from
// the kitty are marked while the landlord holds them.

import { cardFace, rankOf } from "./cards.js";
import { cardName, t } from "./i18n.js";
import { el } from "./dom.js";

/** The narrowest strip of a card (px) a one-row hand may show; below it, two rows. */
const MIN_STEP = 19;

/** The order the hand's positions are shown in. ``by``: "rank" (the server's order) or
 * "count" (bombs, then triples, pairs and singles; the server's order within each). */
export function handOrder(cards, by) {
  const positions = cards.map((_, i) => i);
  if (by !== "count") return positions;
  const held = {};
  for (const card of cards) held[rankOf(card)] = (held[rankOf(card)] || 0) + 1;
  const first = {};
  cards.forEach((card, i) => { if (!(rankOf(card) in first)) first[rankOf(card)] = i; });
  return positions.sort((a, b) => {
    const ra = rankOf(cards[a]);
    const rb = rankOf(cards[b]);
    return (held[rb] - held[ra]) || (first[ra] - first[rb]) || (a - b);
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

/** Draw the hand into ``box``. ``hand``: {cards, order, selected, named (ranks), offered
 * (the ranks a click may name next while naming a pattern, else null), fromKitty
 * (positions), patternMode}. */
export function renderHand(box, { cards, order, selected, named, offered = null, fromKitty, patternMode }) {
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
    span.setAttribute("aria-label", kitty ? t("hand.from_kitty", { card: cardName(card) }) : cardName(card));
    span.classList.toggle("selected", on);
    span.classList.toggle("named", named.has(rankOf(card)));
    span.classList.toggle("offered", Boolean(offered && offered.has(rankOf(card))));
    span.classList.toggle("from-kitty", kitty);
    span.append(cardFace(card));
    row.append(span);
  });
}
