// Playing cards drawn as SVG: faces for the engine's card texts ("3s", "Th", "B", "R"),
// and a back. Nothing here knows any rule of the game.

const NS = "http://www.w3.org/2000/svg";
const SUITS = { s: "♠", h: "♥", c: "♣", d: "♦" };
const RED_SUITS = new Set(["h", "d"]);

export function rankOf(card) {
  return card[0];
}

export function rankLabel(rank) {
  return rank === "T" ? "10" : rank === "B" || rank === "R" ? "★" : rank;
}

export function cardName(card) {
  if (card === "B") return "black joker";
  if (card === "R") return "red joker";
  const suit = { s: "spades", h: "hearts", c: "clubs", d: "diamonds" }[card[1]];
  const rank = { T: "10", J: "jack", Q: "queen", K: "king", A: "ace" }[card[0]] || card[0];
  return `${rank} of ${suit}`;
}

function el(name, attrs = {}, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** An SVG card face, 60 x 84 user units, scaled by CSS. */
export function cardFace(card) {
  const svg = el("svg", { viewBox: "0 0 60 84", class: "card-svg", role: "img",
                          "aria-label": cardName(card) });
  svg.append(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "card-paper" }));
  if (card === "B" || card === "R") {
    const colour = card === "R" ? "#c0392b" : "#1d1d1f";
    svg.append(el("text", { x: 7, y: 12, "font-size": 8, fill: colour, "font-weight": 700,
                            "writing-mode": "tb", "letter-spacing": "-1" }, "JOKER"));
    svg.append(el("path", { d: starPath(34, 46, 15, 6.5), fill: colour }));
    svg.append(el("text", { x: 34, y: 76, "font-size": 7, fill: colour, "text-anchor": "middle",
                            "font-weight": 700 }, card === "R" ? "大王" : "小王"));
    return svg;
  }
  const rank = rankLabel(card[0]);
  const suit = SUITS[card[1]];
  const colour = RED_SUITS.has(card[1]) ? "#c0392b" : "#1d1d1f";
  const corner = (x, y, rotate) => {
    const g = el("g", { fill: colour, transform: rotate ? `rotate(180 30 42)` : "" });
    g.append(el("text", { x, y, "font-size": rank.length > 1 ? 13 : 15, "font-weight": 700,
                          "text-anchor": "middle", "font-family": "Georgia, serif" }, rank));
    g.append(el("text", { x, y: y + 12, "font-size": 11, "text-anchor": "middle" }, suit));
    return g;
  };
  svg.append(corner(10, 17, false), corner(10, 17, true));
  svg.append(el("text", { x: 32, y: 53, "font-size": 26, fill: colour, "text-anchor": "middle" },
                suit));
  return svg;
}

/** A card back. */
export function cardBack() {
  const svg = el("svg", { viewBox: "0 0 60 84", class: "card-svg", role: "img",
                          "aria-label": "a hidden card" });
  svg.append(el("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, class: "card-back" }));
  svg.append(el("rect", { x: 6, y: 6, width: 48, height: 72, rx: 4, fill: "none",
                          stroke: "#f4d58d", "stroke-width": 1.5 }));
  svg.append(el("text", { x: 30, y: 50, "font-size": 22, fill: "#f4d58d",
                          "text-anchor": "middle" }, "地"));
  return svg;
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

/** A row of small face-up cards (a play, the kitty, a revealed hand). */
export function cardRow(cards, cls = "row") {
  const div = document.createElement("div");
  div.className = `cards ${cls}`;
  for (const card of cards) {
    const span = document.createElement("span");
    span.className = "card";
    span.dataset.card = card;
    span.append(cardFace(card));
    div.append(span);
  }
  return div;
}
