// Playing cards drawn as SVG: faces for the engine's card texts ("3s", "Th", "B", "R"),
// and a back. Suits, jokers and the back are drawn shapes (no font needed for them);
// ranks are Latin letters and digits. Nothing here knows any rule of the game.

import { cardName, language, rankName, t } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
const RED_SUITS = new Set(["h", "d"]);
const RED = "#c0392b";
const BLACK = "#1d1d1f";
const LATIN_FONT = "Arial, Helvetica, sans-serif";
/** The page's own Chinese font first (fonts.css), so a joker's 大王 / 小王 shows anywhere. */
const CJK_FONT = "'Dizhu CJK', 'Noto Sans CJK SC', sans-serif";

export function rankOf(card) {
  return card[0];
}

/** The wild ranks of the deal on show (the view's ``wild``: "8", "5J"; none before they
 * are drawn): every card of them is drawn marked. The engine says which they are. */
let wildRanks = new Set();

/** Show the cards of these wild ranks (rank letters, "" for none) marked from now on. */
export function setWild(ranks) {
  wildRanks = new Set(ranks || "");
}

/** Whether a card (its text) is of a wild rank of the deal on show. */
export function isWild(card) {
  return wildRanks.has(card[0]) && card !== "B" && card !== "R";
}

/** A card's accessible name: "8 of hearts", and for a wild card "8 of hearts, wild". */
export function cardLabel(card) {
  return isWild(card) ? t("card.wild_named", { card: cardName(card) }) : cardName(card);
}

/** A rank as a player reads it (10, J, the jokers by name). */
export function rankLabel(rank) {
  return rankName(rank);
}

export { cardName };

function svgEl(name, attrs = {}, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

const SUIT_PATHS = {
  d: "M5 0L9.2 5L5 10L0.8 5Z",
  h: "M5 9.6C1.2 6.6 0 4.6 0 3C0 1.2 1.3 0 2.8 0C3.8 0 4.6 .6 5 1.6C5.4 .6 6.2 0 7.2 0" +
     "C8.7 0 10 1.2 10 3C10 4.6 8.8 6.6 5 9.6Z",
  s: "M5 0C3.6 2.4 0 4 0 6.3C0 7.8 1.2 8.7 2.5 8.7C3.4 8.7 4.1 8.3 4.5 7.6L3.9 10H6.1" +
     "L5.5 7.6C5.9 8.3 6.6 8.7 7.5 8.7C8.8 8.7 10 7.8 10 6.3C10 4 6.4 2.4 5 0Z",
  c: "M5 0A2.4 2.4 0 0 0 3 3.8A2.4 2.4 0 1 0 4.4 7.6L3.9 10H6.1L5.6 7.6A2.4 2.4 0 1 0 7 3.8" +
     "A2.4 2.4 0 0 0 5 0Z",
};

/** A suit sign of ``size`` user units at (x, y) (its top left). */
function suitSign(suit, x, y, size, colour) {
  return svgEl("path", { d: SUIT_PATHS[suit], fill: colour,
                         transform: `translate(${x} ${y}) scale(${size / 10})` });
}

function starPath(cx, cy, outer, inner) {
  const points = [];
  for (let i = 0; i < 10; i++) {
    const r = i % 2 ? inner : outer;
    const a = Math.PI / 5 * i - Math.PI / 2;
    points.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return `M${points.join("L")}Z`;
}

/** A joker's face: its name written down the corner (大王 / 小王 in Chinese, JOKER in
 * English) and under its star (BIG / SMALL in English); the big one red, filled. */
function jokerFace(svg, card) {
  const colour = card === "R" ? RED : BLACK;
  const chinese = language() === "zh";
  const font = chinese ? CJK_FONT : LATIN_FONT;
  const corner = [...t(`card.corner.${card}`).replaceAll(" ", "")];
  const size = Math.min(chinese ? 13 : 10.5, 64 / corner.length);
  corner.forEach((letter, i) => {
    svg.append(svgEl("text", { x: 9.5, y: 6 + size * (i + 1), "font-size": size, fill: colour,
                               "font-weight": 700, "text-anchor": "middle", "font-family": font },
                     letter));
  });
  const star = { d: starPath(36, 40, 16, 7) };
  if (card === "R") Object.assign(star, { fill: colour });
  else Object.assign(star, { fill: "none", stroke: colour, "stroke-width": 2.5 });
  svg.append(svgEl("path", star));
  const label = t(`card.label.${card}`).replaceAll(" ", "");
  svg.append(svgEl("text", { x: 36, y: 73, "font-size": chinese ? 11 : 9, fill: colour,
                             "font-weight": 700, "text-anchor": "middle",
                             "letter-spacing": chinese ? 0 : 0.6, "font-family": font }, label));
  return svg;
}

/** An SVG card face, 60 x 84 user units, scaled by CSS. The top left corner (rank over
 * suit, or the joker's name written down) is what a fanned hand shows of each card. */
export function cardFace(card) {
  const svg = svgEl("svg", { viewBox: "0 0 60 84", class: "card-svg", role: "img",
                             "aria-label": cardLabel(card) });
  svg.append(svgEl("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "card-paper" }));
  if (card === "B" || card === "R") return jokerFace(svg, card);
  if (isWild(card)) wildMark(svg);
  const rank = card[0] === "T" ? "10" : card[0];
  const suit = card[1];
  const colour = RED_SUITS.has(suit) ? RED : BLACK;
  const corner = svgEl("g", { fill: colour });
  corner.append(svgEl("text", { x: 10.5, y: 19, "font-size": rank.length > 1 ? 15 : 18,
                                "font-weight": 700, "text-anchor": "middle",
                                "letter-spacing": rank.length > 1 ? -1.5 : 0,
                                "font-family": "Georgia, 'DejaVu Serif', serif" }, rank));
  corner.append(suitSign(suit, 5, 23, 11, colour));
  svg.append(corner);
  const turned = corner.cloneNode(true);
  turned.setAttribute("transform", "rotate(180 30 42)");
  svg.append(turned);
  svg.append(suitSign(suit, 22, 30, 22, colour));
  return svg;
}

/** A wild card's mark: a band across the paper and a badge under the corner's suit (what a
 * fanned hand shows of a card), 癞 in Chinese, W in English. */
function wildMark(svg) {
  svg.classList.add("wild");
  svg.append(svgEl("rect", { x: 1, y: 58, width: 58, height: 10, class: "wild-band" }));
  svg.append(svgEl("rect", { x: 2, y: 37, width: 17, height: 15, rx: 3, class: "wild-badge" }));
  const chinese = language() === "zh";
  svg.append(svgEl("text", { x: 10.5, y: 48.5, "font-size": chinese ? 11 : 11.5, fill: "#fff",
                             "font-weight": 700, "text-anchor": "middle",
                             "font-family": chinese ? CJK_FONT : LATIN_FONT }, t("card.wild_badge")));
}

/** A card back: a lattice in gold on red, drawn (no glyph). */
export function cardBack() {
  const svg = svgEl("svg", { viewBox: "0 0 60 84", class: "card-svg", role: "img",
                             "aria-label": t("card.hidden") });
  svg.append(svgEl("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "card-back" }));
  svg.append(svgEl("rect", { x: 6, y: 6, width: 48, height: 72, rx: 4, fill: "none",
                             stroke: "#f4d58d", "stroke-width": 1.5 }));
  let lattice = "";
  for (let row = 0; row < 6; row++) {
    for (let col = 0; col < 4; col++) {
      const cx = 12 + col * 12;
      const cy = 12 + row * 12;
      lattice += `M${cx} ${cy - 5}L${cx + 5} ${cy}L${cx} ${cy + 5}L${cx - 5} ${cy}Z`;
    }
  }
  svg.append(svgEl("path", { d: lattice, fill: "none", stroke: "#f4d58d", "stroke-width": 0.8,
                             opacity: 0.75 }));
  svg.append(svgEl("circle", { cx: 30, cy: 42, r: 9, fill: "#7f1d1d", stroke: "#f4d58d",
                               "stroke-width": 1.5 }));
  svg.append(svgEl("path", { d: starPath(30, 42, 6, 2.6), fill: "#f4d58d" }));
  return svg;
}

/** A row of face-up cards (a play, the kitty, a revealed hand). */
export function cardRow(cards, cls = "row") {
  const div = document.createElement("div");
  div.className = `cards ${cls}`;
  for (const card of cards) {
    const span = document.createElement("span");
    span.className = isWild(card) ? "card wild" : "card";
    span.dataset.card = card;
    span.append(cardFace(card));
    div.append(span);
  }
  return div;
}

/** ``n`` card backs in a row (a hidden hand, the kitty before it is turned). */
export function backRow(n, cls = "backs") {
  const div = document.createElement("div");
  div.className = `cards ${cls}`;
  for (let i = 0; i < n; i++) {
    const span = document.createElement("span");
    span.className = "card";
    span.append(cardBack());
    div.append(span);
  }
  return div;
}
