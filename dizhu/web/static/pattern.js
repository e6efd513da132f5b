// Naming a play (docs/rules.md, Entering a play): the pattern, then the lowest card of its main
// run, the length of a chain (or the size of a bomb, where bombs have several sizes), then
// wings or kickers one rank at a time. The page knows no rule: the shapes and bomb sizes
// come from the server (this ruleset's patterns), and so do the plays the person may name
// now (the view's ``pattern_plays``: by kind, each legal play as [main, length, size,
// wings], the first of each main, length and size with its main run's cards); the picker offers only the answers that lead to one of them
// (the lowest rank by a card or from a list: a run may start at a rank held only as a wild
// card), and the hand marks the cards they put on the table. The server composes and checks the
// play, and plays the very cards marked.

import { el } from "./dom.js";
import { kindName, language, rankName, t } from "./i18n.js";

/** Whether the wing letters ``have`` hold every rank of ``wanted`` (as many times). */
function holds(have, wanted) {
  const left = [...have];
  return wanted.every((rank) => {
    const i = left.indexOf(rank);
    if (i < 0) return false;
    left.splice(i, 1);
    return true;
  });
}

export class PatternEntry {
  constructor(shapes, bombSizes) {
    this.shapes = shapes || [];
    const [low, high] = bombSizes || [4, 4];
    this.bombSizes = { low, high };
    this.plays = {};
    this.reset(null);
  }

  reset(kind) {
    this.kind = kind;
    this.main = null;
    this.length = null;
    this.size = null;
    this.wings = [];
  }

  /** The plays the person may name now (the view's ``pattern_plays``); answers that no
   * longer lead to one of them are taken back. */
  setPlays(plays) {
    this.plays = plays || {};
    if (this.main !== null && !this.fitting().length) this.reset(this.kind);
  }

  /** Whether this pattern asks for its number of cards (a bomb, where bombs vary). */
  get sized() {
    return this.kind === "bomb" && this.bombSizes.high > this.bombSizes.low;
  }

  get shape() {
    return this.shapes.find((s) => s.kind === this.kind);
  }

  get wingsNeeded() {
    return this.shape ? this.shape.wings * (this.length || 1) : 0;
  }

  /** The kinds with a play to name now. */
  playableKinds() {
    return new Set(Object.keys(this.plays));
  }

  /** The plays of the chosen kind that agree with the answers so far (``answers`` may
   * replace some of them). */
  fitting(answers = {}) {
    const { main, length, size, wings } = { main: this.main, length: this.length, size: this.size,
      wings: this.wings, ...answers };
    return (this.plays[this.kind] || []).filter(([m, l, s, w]) => (main === null || m === main)
      && (length === null || l === length) && (size === null || s === size) && holds(w, wings));
  }

  /** The distinct values of one answer (0 main, 1 length, 2 size) among ``plays``, in order:
   * the numbers ascending, the main ranks (letters) in the order the server lists them. */
  static values(plays, part) {
    const found = [...new Set(plays.map((p) => p[part]))];
    return part === 0 ? found : found.sort((a, b) => a - b);
  }

  /** The ranks a card click may answer now: a main run's lowest rank, else a wing. */
  offered() {
    if (!this.kind || this.kind === "rocket") return new Set();
    if (this.main === null) return new Set(this.fitting().map((p) => p[0]));
    if (this.wings.length >= this.wingsNeeded) return new Set();
    const ranks = new Set(this.fitting().flatMap((p) => [...p[3]]));
    return new Set([...ranks].filter((r) => this.fitting({ wings: [...this.wings, r] }).length));
  }

  /** The cards the answers so far put on the table, as rank → how many: the main run as
   * the server gives it (the rocket's as soon as it is chosen) and each wing chosen; the
   * whole play once every answer is in. */
  named() {
    const counts = new Map();
    const play = this.kind && (this.main !== null || this.kind === "rocket") ? this.fitting()[0] : null;
    if (!play) return counts;
    // the main run's cards come with the first play of its main rank, length and size
    const run = this.plays[this.kind].find((p) => p.length > 4 && p[0] === play[0] && p[1] === play[1]
      && p[2] === play[2]);
    const add = (rank, n) => counts.set(rank, (counts.get(rank) || 0) + n);
    for (const rank of run[4]) add(rank, 1);
    for (const rank of this.wings) add(rank, this.shape.wing);
    return counts;
  }

  /** A card of ``rank`` was clicked (or typed); returns an error text, or "" when taken. */
  addRank(rank) {
    if (!this.kind) return t("pattern.choose_first");
    if (!this.playableKinds().has(this.kind)) return t("pattern.none_of_kind", { kind: kindName(this.kind) });
    if (this.main === null) {
      return this.chooseMain(rank);
    } else if (this.wings.length < this.wingsNeeded) {
      if (!this.offered().has(rank)) return t("pattern.no_wing", { rank: rankName(rank) });
      this.wings.push(rank);
    } else {
      return t("pattern.complete");
    }
    return "";
  }

  /** The lowest rank of the main run is ``rank`` (a card clicked, or a rank chosen from
   * :meth:`mains`); the length and size start at the first that fit. Returns an error
   * text, or "" when taken. */
  chooseMain(rank) {
    const plays = this.fitting({ main: rank, length: null, size: null, wings: [] });
    if (!plays.length) return t("pattern.no_main", { kind: kindName(this.kind), rank: rankName(rank) });
    this.main = rank;
    this.wings = [];
    this.length = PatternEntry.values(plays, 1)[0];
    const sizes = PatternEntry.values(plays.filter((p) => p[1] === this.length), 2);
    this.size = this.sized ? sizes[sizes.length - 1] : null;
    return "";
  }

  /** Every lowest rank of the chosen pattern's main run that the plays to name have, the
   * ranks the hand lacks included (a wild card stands for them): the rank chooser's. */
  mains() {
    return PatternEntry.values(this.fitting({ main: null, length: null, size: null, wings: [] }), 0);
  }

  /** Which card of the play a first click names, in words: the lowest of a chain's run;
   * else any card of its rank, of its triple or of its four beside kickers. */
  firstCard() {
    const shape = this.shape;
    const part = !shape ? "rank" : shape.chain ? "run" : !shape.wing ? "rank"
      : shape.body === 4 ? "four" : "triple";
    return t(`pattern.first_${part}`);
  }

  /** The action to send, or an error text. */
  action() {
    if (!this.kind) return t("pattern.choose_first");
    if (this.kind === "rocket") return { pattern: { kind: "rocket" } };
    if (this.main === null) return t("pattern.click_main", { what: this.firstCard() });
    const pattern = { kind: this.kind, main: this.main, length: this.length || 1, wings: this.wings };
    if (this.size !== null) pattern.size = this.size;
    return { pattern };
  }

  /** Keep the wings chosen so far that still fit a play after the length or size changed. */
  keepWings() {
    const kept = [];
    for (const rank of this.wings) if (this.fitting({ wings: [...kept, rank] }).length) kept.push(rank);
    this.wings = kept.slice(0, this.wingsNeeded);
  }

  /** Draw the pattern buttons and the steps into ``panel``; ``changed(note)`` is called
   * when the person picks a pattern or a length. */
  render(panel, changed) {
    panel.replaceChildren();
    const playable = this.playableKinds();
    const kinds = el("div", "kinds");
    for (const p of this.shapes) {
      const b = el("button");
      b.type = "button";
      b.dataset.kind = p.kind;
      b.append(kindName(p.kind));
      if (language() !== "zh") {
        const zh = el("span", "zh", p.chinese);
        zh.lang = "zh";
        b.append(" ", zh);
      }
      b.classList.toggle("chosen", this.kind === p.kind);
      b.classList.toggle("unplayable", !playable.has(p.kind));
      b.title = playable.has(p.kind) ? "" : t("pattern.none_playable");
      b.addEventListener("click", () => {
        this.reset(p.kind);
        changed(!playable.has(p.kind) ? t("pattern.none_of_kind", { kind: kindName(p.kind) })
          : p.kind === "rocket" ? t("pattern.rocket_ready") : t("pattern.now_click", { what: this.firstCard() }));
      });
      kinds.append(b);
    }
    panel.append(kinds);
    if (!this.kind || this.kind === "rocket") return;
    const shape = this.shape;
    const steps = el("div", "steps");
    steps.append(el("span", "", this.main === null ? t("pattern.step_click", { kind: kindName(this.kind), what: this.firstCard() })
      : t("pattern.step_from", { kind: kindName(this.kind), rank: rankName(this.main) })));
    const chooser = (id, key, values, value, set, name = String, read = Number) => {
      const label = el("label", "", ` ${t(key)} `);
      const select = el("select");
      select.id = id;
      if (value === null) select.add(new Option("—", ""));
      for (const n of values) select.add(new Option(name(n), String(n)));
      select.value = value === null ? "" : String(value);
      select.addEventListener("change", () => { set(read(select.value)); this.keepWings(); changed(""); });
      label.append(select);
      steps.append(label);
    };
    // the lowest rank by name too: a run may start at a rank the hand holds only as a wild card
    const mains = this.mains();
    if (mains.length) {
      chooser("pattern-main", shape.chain ? "pattern.main_run" : "pattern.main_rank", mains, this.main,
              (rank) => { this.chooseMain(rank); }, rankName, String);
    }
    if (shape.chain && this.main !== null) {
      chooser("pattern-length", "pattern.length", PatternEntry.values(this.fitting({ length: null, size: null, wings: [] }), 1),
              this.length, (n) => { this.length = n; });
    }
    if (this.sized && this.main !== null) {
      chooser("pattern-size", "pattern.size", PatternEntry.values(this.fitting({ size: null, wings: [] }), 2),
              this.size, (n) => { this.size = n; });
    }
    const need = this.wingsNeeded;
    if (need && this.main !== null) {
      const key = shape.chain ? (shape.wing === 2 ? "pattern.wings_pairs" : "pattern.wings_singles")
        : (shape.wing === 2 ? "pattern.kickers_pairs" : "pattern.kickers_singles");
      const n = this.wings.length;
      steps.append(el("span", "wings", ` · ${t(key, {
        chosen: this.wings.map(rankName).join(" ") || "—",
        progress: t(n < need ? "pattern.adding" : "pattern.all_chosen", { n, need }) })}`));
    }
    panel.append(steps);
  }
}
