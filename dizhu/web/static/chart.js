// The running totals of a match, deal by deal, drawn as an SVG line chart (one line per
// seat, a legend in HTML beside it). Numbers only inside the drawing.

import { el } from "./dom.js";
import { t } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";
export const SEAT_COLOURS = ["#c0392b", "#2563eb", "#15803d", "#7c3aed"];

/** An SVG element with attributes and optional text. */
export function svgEl(name, attrs = {}, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** The chart of ``sheets`` (the match's scored deals, in order) for ``names``. */
export function totalsChart(sheets, names) {
  const seats = names.length;
  const running = names.map(() => [0]);
  for (const sheet of sheets) {
    sheet.scores.forEach((s, seat) => running[seat].push(running[seat][running[seat].length - 1] + s));
  }
  const all = running.flat();
  let low = Math.min(0, ...all);
  let high = Math.max(0, ...all);
  if (high === low) { high += 1; low -= 1; }
  const W = 600;
  const H = 220;
  const pad = { left: 44, right: 16, top: 14, bottom: 28 };
  const n = Math.max(1, sheets.length);
  const x = (k) => pad.left + (W - pad.left - pad.right) * k / n;
  const y = (v) => pad.top + (H - pad.top - pad.bottom) * (high - v) / (high - low);
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, class: "totals-chart", role: "img",
                             "aria-label": t("end.chart_label") });
  svg.append(svgEl("rect", { x: pad.left, y: pad.top, width: W - pad.left - pad.right,
                             height: H - pad.top - pad.bottom, class: "chart-area" }));
  for (const v of [...new Set([high, 0, low])]) {
    svg.append(svgEl("line", { x1: pad.left, x2: W - pad.right, y1: y(v), y2: y(v),
                               class: v === 0 ? "chart-zero" : "chart-grid" }));
    svg.append(svgEl("text", { x: pad.left - 6, y: y(v) + 4, "text-anchor": "end",
                               class: "chart-label" }, String(v)));
  }
  const step = Math.max(1, Math.ceil(n / 10));
  for (let k = 0; k <= n; k += step) {
    svg.append(svgEl("text", { x: x(k), y: H - 8, "text-anchor": "middle", class: "chart-label" },
                     String(k)));
  }
  for (let seat = 0; seat < seats; seat++) {
    const colour = SEAT_COLOURS[seat % SEAT_COLOURS.length];
    const points = running[seat].map((v, k) => `${x(k).toFixed(1)},${y(v).toFixed(1)}`).join(" ");
    const line = svgEl("polyline", { points, fill: "none", stroke: colour, "stroke-width": seat ? 2.5 : 3.5,
                                     "stroke-linejoin": "round", class: "chart-line" });
    line.dataset.seat = String(seat);
    svg.append(line);
    running[seat].forEach((v, k) => {
      svg.append(svgEl("circle", { cx: x(k), cy: y(v), r: 3.5, fill: colour }));
    });
  }
  const figure = el("figure", "chart");
  figure.append(svg);
  const legend = el("figcaption", "chart-legend");
  names.forEach((name, seat) => {
    const item = el("span", "legend-item");
    const swatch = el("span", "swatch");
    swatch.style.background = SEAT_COLOURS[seat % SEAT_COLOURS.length];
    item.append(swatch, el("span", "", name));
    legend.append(item);
  });
  figure.append(legend);
  return figure;
}
