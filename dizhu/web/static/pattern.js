// Naming a play (docs/rules.md, Entering a play): the pattern, then the lowest card of its main
// run, the length of a chain (or the size of a bomb, where bombs have several sizes), then
// wings or kickers one rank at a time. The shapes and bomb sizes come from the server
// (this ruleset's patterns); the server composes and checks the play.

import { el } from "./dom.js";
import { kindName, language, rankName, t } from "./i18n.js";

export class PatternEntry {
  constructor(shapes, bombSizes) {
    this.shapes = shapes || [];
    const [low, high] = bombSizes || [4, 4];
    this.bombSizes = { low, high };
    this.reset(null);
  }

  reset(kind) {
    this.kind = kind;
    this.main = null;
    this.length = null;
    this.size = null;
    this.wings = [];
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

  /** Ranks chosen so far (the main run's lowest and the wings), to highlight in the hand. */
  ranks() {
    return new Set(this.main === null ? [] : [this.main, ...this.wings]);
  }

  /** A card of ``rank`` was clicked (or typed), of which the person holds ``held``;
   * returns an error text, or "" when taken. */
  addRank(rank, held = 0) {
    if (!this.kind) return t("pattern.choose_first");
    if (this.main === null) {
      this.main = rank;
      if (this.shape.chain) this.length = this.shape.min_length;
      if (this.sized) this.size = Math.max(this.bombSizes.low, Math.min(this.bombSizes.high, held));
    } else if (this.wings.length < this.wingsNeeded) {
      this.wings.push(rank);
    } else {
      return t("pattern.complete");
    }
    return "";
  }

  /** The action to send, or an error text. */
  action() {
    if (!this.kind) return t("pattern.choose_first");
    if (this.kind === "rocket") return { pattern: { kind: "rocket" } };
    if (this.main === null) return t("pattern.click_lowest");
    const pattern = { kind: this.kind, main: this.main, length: this.length || 1, wings: this.wings };
    if (this.size !== null) pattern.size = this.size;
    return { pattern };
  }

  /** Draw the pattern buttons and the steps into ``panel``; ``changed(note)`` is called
   * when the person picks a pattern or a length. */
  render(panel, playableKinds, changed) {
    panel.replaceChildren();
    const playable = new Set(playableKinds);
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
        changed(p.kind === "rocket" ? t("pattern.rocket_ready") : t("pattern.now_click"));
      });
      kinds.append(b);
    }
    panel.append(kinds);
    if (!this.kind || this.kind === "rocket") return;
    const shape = this.shape;
    const steps = el("div", "steps");
    steps.append(el("span", "", this.main === null ? t("pattern.step_click", { kind: kindName(this.kind) })
      : t("pattern.step_from", { kind: kindName(this.kind), rank: rankName(this.main) })));
    const chooser = (id, key, low, high, value, set) => {
      const label = el("label", "", ` ${t(key)} `);
      const select = el("select");
      select.id = id;
      for (let n = low; n <= high; n++) select.add(new Option(String(n), String(n)));
      select.value = String(value);
      select.addEventListener("change", () => { set(Number(select.value)); changed(""); });
      label.append(select);
      steps.append(label);
    };
    if (shape.chain && this.main !== null) {
      chooser("pattern-length", "pattern.length", shape.min_length, shape.max_length, this.length, (n) => {
        this.length = n;
        this.wings = this.wings.slice(0, this.wingsNeeded);
      });
    }
    if (this.sized && this.main !== null) {
      chooser("pattern-size", "pattern.size", this.bombSizes.low, this.bombSizes.high, this.size,
              (n) => { this.size = n; });
    }
    const need = this.wingsNeeded;
    if (need && this.main !== null) {
      const key = shape.chain ? (shape.wing === 2 ? "pattern.wings_pairs" : "pattern.wings_singles")
        : (shape.wing === 2 ? "pattern.kickers_pairs" : "pattern.kickers_singles");
      steps.append(el("span", "wings", ` · ${t(key, {
        chosen: this.wings.map(rankName).join(" ") || "—", n: this.wings.length, need })}`));
    }
    panel.append(steps);
  }
}
