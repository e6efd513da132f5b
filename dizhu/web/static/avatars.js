// The seats' faces, drawn by the page as SVG (no image is downloaded): a round face whose
// colours and hair come from who sits there (the same on every page of the match), the
// computer players marked by their strength (glasses from hard, a beard for expert, a grey
// one for master), the landlord's hat or the peasants' straw hat once the landlord is known,
// and a smile or a frown at the end of a deal. Nothing here knows a rule: the board says who
// wears what.
//
//   avatar({who, role, mood, level})  -> an <svg class="avatar"> (decorative: aria-hidden)
//     who:   what makes the face (a person's name and seat, a computer's level and seat)
//     role:  "landlord" | "peasant" | "" (no hat)
//     mood:  "won" | "lost" | "" ; level: a computer's strength, or "" for a person

const NS = "http://www.w3.org/2000/svg";

const BACKGROUNDS = ["#f4d58d", "#a7d3c4", "#f2b5a7", "#b9c6f0", "#d6c1ef", "#f6c89f", "#c5e1a5", "#9fd4ea"];
const SKINS = ["#f9d7b9", "#efc19b", "#d9a07a", "#b57a55"];
const HAIRS = ["#2b2118", "#4a2f1d", "#7a4b28", "#1f2937", "#8a8f98"];
const STYLES = ["short", "bun", "parted"];

/** A small stable number from text (FNV-1a). */
function hash(text) {
  let h = 2166136261;
  for (const c of String(text)) {
    h ^= c.codePointAt(0);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h;
}

function shape(name, attrs) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

/** What a face looks like, from ``who``: its colours and hair style. */
export function lookOf(who) {
  const h = hash(who);
  return {
    background: BACKGROUNDS[h % BACKGROUNDS.length],
    skin: SKINS[(h >>> 3) % SKINS.length],
    hair: HAIRS[(h >>> 6) % HAIRS.length],
    style: STYLES[(h >>> 9) % STYLES.length],
  };
}

const HATS = {
  // the landlord: a round black cap with a gold band and a coin in front
  landlord: [["path", { d: "M9 15C9 7.5 31 7.5 31 15Z", fill: "#1f1f1f" }],
             ["rect", { x: 8, y: 13.5, width: 24, height: 3.2, rx: 1.2, fill: "#d4a017" }],
             ["circle", { cx: 20, cy: 11.4, r: 2.2, fill: "#d4a017", stroke: "#7a5a00", "stroke-width": 0.7 }]],
  // a peasant: a wide conical straw hat
  peasant: [["path", { d: "M3.5 16.5L20 4.5L36.5 16.5Q20 19.5 3.5 16.5Z", fill: "#d9b36c", stroke: "#9a7433", "stroke-width": 0.8 }],
            ["path", { d: "M11 14L20 7.5L29 14", fill: "none", stroke: "#9a7433", "stroke-width": 0.6 }]],
};

const HAIR = {
  short: [["path", { d: "M10 19C10 9 30 9 30 19C27 14.5 13 14.5 10 19Z" }]],
  bun: [["circle", { cx: 20, cy: 8.5, r: 3.6 }], ["path", { d: "M10 19C10 9.5 30 9.5 30 19C26 13 14 13 10 19Z" }]],
  parted: [["path", { d: "M10 20C9 10 31 9 30 20C28 15 23 13.5 19 13.8C16 14.5 12 16 10 20Z" }]],
};

const MOUTHS = {
  won: { d: "M15.5 25.5Q20 30.5 24.5 25.5Z", fill: "#8b2c1f" },
  lost: { d: "M16 28.2Q20 24.8 24 28.2", fill: "none", stroke: "#5b2a1f", "stroke-width": 1.3, "stroke-linecap": "round" },
  "": { d: "M16.2 26Q20 28.6 23.8 26", fill: "none", stroke: "#5b2a1f", "stroke-width": 1.3, "stroke-linecap": "round" },
};

const cache = new Map();

/** A seat's face (see the top of this file); built once per look and copied after. */
export function avatar({ who, role = "", mood = "", level = "" }) {
  const key = JSON.stringify([who, role, mood, level]);
  let svg = cache.get(key);
  if (!svg) {
    svg = draw(lookOf(who), role, mood, level);
    if (cache.size > 200) cache.clear();
    cache.set(key, svg);
  }
  return svg.cloneNode(true);
}

function draw(look, role, mood, level) {
  const svg = shape("svg", { viewBox: "0 0 40 40", class: "avatar", "aria-hidden": "true" });
  svg.dataset.look = [look.background, look.skin, look.hair, look.style, level].join(" ");
  svg.dataset.hat = role || "none";
  svg.dataset.mood = mood || "calm";
  svg.append(shape("circle", { cx: 20, cy: 20, r: 19.5, fill: look.background }));
  svg.append(shape("path", { d: "M7 40C8 32 32 32 33 40Z", fill: level ? "#475569" : "#2f6f4f" }));
  svg.append(shape("circle", { cx: 20, cy: 22, r: 10, fill: look.skin }));
  for (const [name, attrs] of HAIR[look.style]) svg.append(shape(name, { ...attrs, fill: look.hair }));
  for (const x of [16.2, 23.8]) {
    svg.append(shape("circle", { cx: x, cy: 21.5, r: 1.25, fill: "#1f1a17" }));
  }
  if (level === "easy") { // rosy cheeks: a beginner
    for (const x of [13.8, 26.2]) svg.append(shape("circle", { cx: x, cy: 25, r: 1.7, fill: "#f08a7e", opacity: 0.55 }));
  }
  if (level === "hard" || level === "expert" || level === "master") { // glasses: it counts the cards
    for (const x of [16.2, 23.8]) {
      svg.append(shape("circle", { cx: x, cy: 21.5, r: 2.9, fill: "none", stroke: "#1f2937", "stroke-width": 0.9 }));
    }
    svg.append(shape("path", { d: "M19.1 21.5H20.9", stroke: "#1f2937", "stroke-width": 0.9 }));
  }
  if (level === "expert" || level === "master") { // a beard: it has seen many deals (grey: more)
    const beard = level === "master" ? "#c9ccd1" : look.hair;
    svg.append(shape("path", { d: "M12.5 25C13 33 27 33 27.5 25C25 29 15 29 12.5 25Z", fill: beard, opacity: 0.85 }));
  }
  svg.append(shape("path", MOUTHS[mood] || MOUTHS[""]));
  for (const [name, attrs] of HATS[role] || []) svg.append(shape(name, attrs));
  return svg;
}
