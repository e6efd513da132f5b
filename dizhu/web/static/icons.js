// Small drawn icons (SVG, 24 x 24 user units, drawn in currentColor), for the symbols that
// common fonts lack: a fresh Debian shows ⏮ and ⏭ as boxes. Each icon is decorative
// (aria-hidden): the button that holds it carries the words (aria-label, title).
//
//   icon("first")  replaces ⏮   icon("prev")  replaces ◀   icon("next")  replaces ▶
//   icon("last")   replaces ⏭   icon("play")  a play arrow  icon("pause") ⏸
//   icon("sound")  sounds on     icon("muted") sounds off    icon("help")  a question mark
//   icon("clock")  a turn clock     icon("download") a record to keep

const NS = "http://www.w3.org/2000/svg";

// Each icon: a list of [element, attributes]; fill is currentColor unless it says otherwise.
const SHAPES = {
  first: [["rect", { x: 4, y: 5, width: 2.6, height: 14, rx: 0.8 }],
          ["path", { d: "M19 5.5v13a.8.8 0 0 1-1.25.66L8.6 12.66a.8.8 0 0 1 0-1.32l9.15-6.5A.8.8 0 0 1 19 5.5z" }]],
  prev: [["path", { d: "M17 5.5v13a.8.8 0 0 1-1.25.66L6.6 12.66a.8.8 0 0 1 0-1.32l9.15-6.5A.8.8 0 0 1 17 5.5z" }]],
  next: [["path", { d: "M7 5.5v13a.8.8 0 0 0 1.25.66l9.15-6.5a.8.8 0 0 0 0-1.32L8.25 4.84A.8.8 0 0 0 7 5.5z" }]],
  last: [["rect", { x: 17.4, y: 5, width: 2.6, height: 14, rx: 0.8 }],
         ["path", { d: "M5 5.5v13a.8.8 0 0 0 1.25.66l9.15-6.5a.8.8 0 0 0 0-1.32L6.25 4.84A.8.8 0 0 0 5 5.5z" }]],
  play: [["path", { d: "M7 4.8v14.4a.8.8 0 0 0 1.2.7l11.5-7.2a.8.8 0 0 0 0-1.4L8.2 4.1a.8.8 0 0 0-1.2.7z" }]],
  pause: [["rect", { x: 6, y: 5, width: 4, height: 14, rx: 1 }],
          ["rect", { x: 14, y: 5, width: 4, height: 14, rx: 1 }]],
  sound: [["path", { d: "M4 9.2h3.3L12 5v14l-4.7-4.2H4a1 1 0 0 1-1-1v-3.6a1 1 0 0 1 1-1z" }],
          ["path", { d: "M15.2 8.6a4.8 4.8 0 0 1 0 6.8M17.8 6a8.5 8.5 0 0 1 0 12", fill: "none",
                     stroke: "currentColor", "stroke-width": 1.9, "stroke-linecap": "round" }]],
  muted: [["path", { d: "M4 9.2h3.3L12 5v14l-4.7-4.2H4a1 1 0 0 1-1-1v-3.6a1 1 0 0 1 1-1z" }],
          ["path", { d: "M15.5 9.5l5 5M20.5 9.5l-5 5", fill: "none", stroke: "currentColor",
                     "stroke-width": 1.9, "stroke-linecap": "round" }]],
  help: [["circle", { cx: 12, cy: 12, r: 9.2, fill: "none", stroke: "currentColor", "stroke-width": 1.9 }],
         ["path", { d: "M9.3 9.4a2.8 2.8 0 1 1 3.9 2.6c-.8.35-1.2.9-1.2 1.7v.5", fill: "none",
                    stroke: "currentColor", "stroke-width": 1.9, "stroke-linecap": "round" }],
         ["circle", { cx: 12, cy: 17.3, r: 1.2 }]],
  download: [["path", { d: "M12 4v10M7.5 10l4.5 4.5 4.5-4.5M5 19.5h14", fill: "none", stroke: "currentColor",
                         "stroke-width": 2.1, "stroke-linecap": "round", "stroke-linejoin": "round" }]],
  clock: [["circle", { cx: 12, cy: 13, r: 8, fill: "none", stroke: "currentColor", "stroke-width": 1.9 }],
          ["path", { d: "M12 8.5V13l3 2M9.5 2.8h5", fill: "none", stroke: "currentColor",
                     "stroke-width": 1.9, "stroke-linecap": "round" }]],
};

/** The names ``icon`` knows. */
export const ICON_NAMES = Object.keys(SHAPES);

/** A new SVG element drawing the icon ``name`` (class "icon", 1em square by default, in
 * the text's colour; fonts.css sizes it). Unknown names throw: a typo should show. */
export function icon(name, cls = "") {
  const shapes = SHAPES[name];
  if (!shapes) throw new Error(`no icon named ${name}`);
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("class", `icon icon-${name}${cls ? ` ${cls}` : ""}`);
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  for (const [tag, attrs] of shapes) {
    const node = document.createElementNS(NS, tag);
    node.setAttribute("fill", "currentColor");
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    svg.append(node);
  }
  return svg;
}
