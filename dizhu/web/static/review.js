// The review of a finished deal, beside its replay: every decision of one seat rated by
// the server's coach (dizhu.coach) from what that seat knew, a graph of its chance to win
// (a point a decision; a click jumps the replay there), the decision at the replay's
// step with the best alternative and its mark, and the all-hands answer. The server
// answers with 8 imagined deals a decision first, then deepens to 24 and 64.

import { svgEl } from "./chart.js";
import { $, api, button, el } from "./dom.js";
import { t } from "./i18n.js";
import { answerWord, doubleWord, playWords } from "./words.js";

export const DEPTHS = [8, 24, 64];
const SIGNS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

let state = null;

/** Make the review ready for a replay just opened (its panel closed): ``opts`` has
 * fetch(seat, deals) and fetchAllHands() (promises of the server's answers), seats,
 * seat (the one reviewed first), names(), go(frame) and rerender(). */
export function readyReview(opts) {
  state = { ...opts, open: false, mode: "seen", data: null, allHands: null, depth: 0,
            error: null, puzzles: {}, generation: (state ? state.generation : 0) + 1 };
  $("review-panel").hidden = true;
  $("replay-review").hidden = !opts.finished;
  $("replay-review").setAttribute("aria-pressed", "false");
}

/** Whether the replay hides ``seat``'s hand: the review shows what its seat saw. */
export function hiddenHand(seat) {
  return Boolean(state && state.open && state.mode === "seen" && seat !== state.seat);
}

/** Whether the replay hides the kitty of ``frame``: face down until the auction ends. */
export function hiddenKitty(frame) {
  return Boolean(state && state.open && state.mode === "seen" && frame.landlord < 0);
}

function toggle() {
  if (!state) return;
  state.open = !state.open;
  $("review-panel").hidden = !state.open;
  $("replay-review").setAttribute("aria-pressed", String(state.open));
  if (state.open && !state.data && !state.error) analyse();
  state.rerender();
}

async function analyse() {
  const generation = ++state.generation;
  const current = () => state && state.generation === generation;
  state.data = null;
  state.allHands = null;
  state.depth = 0;
  state.error = null;
  state.rerender();
  try {
    for (const [i, deals] of DEPTHS.entries()) {
      const data = await state.fetch(state.seat, deals);
      if (!current()) return;
      state.data = data;
      state.depth = deals;
      state.rerender();
      if (i === 1) {
        state.allHands = await state.fetchAllHands();
        if (!current()) return;
        state.rerender();
      }
    }
  } catch (e) {
    if (!current()) return;
    state.error = e;
    state.rerender();
  }
}

/** The panel for the replay's frame ``step`` (of ``count``). */
export function renderReview(step, count, sayRefusal) {
  if (!state || !state.open) return;
  state.sayRefusal = sayRefusal;
  const seats = $("review-seat");
  if (seats.options.length !== state.seats) {
    seats.replaceChildren(...Array.from({ length: state.seats }, (_, s) => el("option", "", "")));
  }
  [...seats.options].forEach((o, s) => { o.value = String(s); o.textContent = state.names()[s]; });
  seats.value = String(state.seat);
  $("review-mode").textContent = t(state.mode === "seen" ? "review.show_all" : "review.show_seen");
  const progress = $("review-progress");
  if (state.error) {
    progress.textContent = sayRefusal(state.error);
  } else if (state.depth < DEPTHS[DEPTHS.length - 1]) {
    progress.textContent = t("review.deepening", { n: state.depth || DEPTHS[0],
                                                   next: nextDepth() });
  } else {
    progress.textContent = t("review.done", { n: state.depth });
  }
  progress.classList.toggle("busy", !state.error && state.depth < DEPTHS[DEPTHS.length - 1]);
  const data = state.data;
  $("review-graph").replaceChildren(...(data ? [graph(data, step, count)] : []));
  $("review-note").replaceChildren(...(data ? note(data, step) : []));
  $("review-summary").textContent = data ? summary(data) : "";
  $("review-all-hands").textContent = allHandsWords();
}

function nextDepth() {
  const i = DEPTHS.indexOf(state.depth);
  return DEPTHS[Math.min(DEPTHS.length - 1, i + 1)];
}

function graph(data, step, count) {
  const W = 600;
  const H = 150;
  const pad = { left: 40, right: 12, top: 10, bottom: 22 };
  const x = (frame) => pad.left + (W - pad.left - pad.right) * frame / Math.max(1, count - 1);
  const y = (p) => pad.top + (H - pad.top - pad.bottom) * (1 - p);
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, class: "review-chart", role: "img",
                             "aria-label": t("review.graph") });
  svg.append(svgEl("rect", { x: pad.left, y: pad.top, width: W - pad.left - pad.right,
                             height: H - pad.top - pad.bottom, class: "chart-area" }));
  for (const p of [0, 0.5, 1]) {
    svg.append(svgEl("line", { x1: pad.left, x2: W - pad.right, y1: y(p), y2: y(p),
                               class: p === 0.5 ? "chart-zero" : "chart-grid" }));
    svg.append(svgEl("text", { x: pad.left - 6, y: y(p) + 4, class: "chart-label",
                               "text-anchor": "end" }, `${p * 100}%`));
  }
  svg.append(svgEl("line", { x1: x(step), x2: x(step), y1: pad.top, y2: H - pad.bottom,
                             class: "review-now" }));
  const decisions = data.decisions;
  svg.append(svgEl("polyline", { class: "review-line", fill: "none",
    points: decisions.map((d) => `${x(d.frame + 1)},${y(d.chance)}`).join(" ") }));
  for (const d of decisions) {
    const point = svgEl("g", { class: `review-point${d.mark ? ` mark-${d.mark}` : ""}`,
                               "data-step": String(d.step), tabindex: "0", role: "button",
                               "aria-label": t("review.point", { step: d.step,
                                 chance: Math.round(d.chance * 100) }) });
    point.append(svgEl("circle", { cx: x(d.frame + 1), cy: y(d.chance), r: 14, class: "hit" }),
                 svgEl("circle", { cx: x(d.frame + 1), cy: y(d.chance), r: d.mark ? 6 : 4 }));
    const jump = () => state.go(d.frame);
    point.addEventListener("click", jump);
    point.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { jump(); e.preventDefault(); } });
    svg.append(point);
  }
  return svg;
}

/** The decision made from the frame ``step`` (the seat's next action), if it is one. */
function note(data, step) {
  const d = data.decisions.find((x) => x.frame === step);
  if (!d) {
    const next = data.decisions.find((x) => x.frame > step);
    return [el("span", "review-hint", t(next ? "review.next" : "review.none_after",
                                        { step: next ? next.step : 0 }))];
  }
  const out = [el("strong", "", t("review.decision", {
    step: d.step, action: choiceWords(d, data), chance: Math.round(d.chance * 100) }))];
  if (d.loss > 0.005) {
    out.push(el("span", "", t("review.best", { action: choiceWords(d.best, data),
                                               chance: Math.round(d.best.chance * 100) })));
  } else if (d.alternatives.length === 1) {
    out.push(el("span", "", t("review.forced")));
  } else {
    out.push(el("span", "", t("review.best_choice")));
  }
  if (d.mark) {
    out.push(el("span", `review-mark mark-${d.mark}`,
                `${SIGNS[d.mark]} ${t(`review.mark.${d.mark}`, { lost: Math.round(d.loss * 100) })}`));
  }
  const made = state.puzzles[d.step];
  if (made && made.key) {
    const link = el("a", "review-puzzle-link", t("review.puzzle_made", { title: made.title }));
    link.href = `#/puzzle/${made.key}`;
    link.id = "review-puzzle-link";
    link.addEventListener("click", () => $("replay-dialog").close());
    out.push(link);
  } else if (d.position) {
    out.push(button(t("review.make_puzzle"), () => makePuzzle(d, data),
                    { id: "review-puzzle", cls: "small", disabled: Boolean(made) }));
    if (made && made.error) out.push(el("span", "review-error", made.error));
  }
  return out;
}

/** The position before decision ``d``, every hand open, made the person's own puzzle:
 * win from there (the server proves it before it keeps it). */
async function makePuzzle(d, data) {
  const title = t("review.puzzle_title", { step: d.step });
  state.puzzles[d.step] = { busy: true };
  state.rerender();
  try {
    const answer = await api("/api/puzzles/own", { method: "POST", body: JSON.stringify({
      position: d.position, ruleset: data.ruleset, seat: data.seat, goal: data.goal, title }) });
    state.puzzles[d.step] = { key: answer.key, title };
  } catch (e) {
    state.puzzles[d.step] = { error: state.sayRefusal(e) };
  }
  state.rerender();
}

function choiceWords(choice, data) {
  if ("bid" in choice) return answerWord(choice.bid);
  if ("double" in choice) return doubleWord(choice.double, data.role === "landlord");
  return playWords({ play: choice.play });
}

function summary(data) {
  const marks = data.marks[String(data.seat)] || {};
  return t("review.summary", { blunders: marks.blunder || 0, mistakes: marks.mistake || 0,
                               inaccuracies: marks.inaccuracy || 0 });
}

function allHandsWords() {
  const a = state.allHands;
  if (!a) return state.data ? t("review.all_hands_wait") : "";
  const side = (s) => t(`why.side.${s}`);
  const parts = [];
  if (a.start && a.start.solved) {
    parts.push(t("review.all_hands_start", { side: side(a.start.winner) }));
  } else {
    parts.push(t("review.all_hands_unsolved"));
    if (a.first_solved) {
      parts.push(t("review.all_hands_from", { step: a.first_solved.step,
                                              side: side(a.first_solved.winner) }));
    }
  }
  if (a.change) {
    const c = a.change;
    parts.push(c.since === c.step
      ? t("review.all_hands_change", { step: c.step, seat: state.names()[c.seat],
                                       play: playWords({ play: c.play }) })
      : t("review.all_hands_between", { since: c.since, step: c.step }));
  } else if (a.first_solved) {
    parts.push(t("review.all_hands_never"));
  }
  return parts.join(" · ");
}

$("replay-review").addEventListener("click", toggle);
$("review-seat").addEventListener("change", () => {
  state.seat = Number($("review-seat").value);
  analyse();
});
$("review-mode").addEventListener("click", () => {
  state.mode = state.mode === "seen" ? "all" : "seen";
  state.rerender();
});
