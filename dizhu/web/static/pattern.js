// Naming a play (RULES.md, Entering a play): the pattern, then the lowest card of its main
// run, the length of a chain (or the size of a bomb, where bombs have several sizes), then
// wings or kickers one rank at a time. The shapes and bomb sizes come from the server
// (this ruleset's patterns); the server composes and checks the play.

import { rankLabel } from "./cards.js";

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
    if (!this.kind) return "Choose a pattern first";
    if (this.main === null) {
      this.main = rank;
      if (this.shape.chain) this.length = this.shape.min_length;
      if (this.sized) this.size = Math.max(this.bombSizes.low, Math.min(this.bombSizes.high, held));
    } else if (this.wings.length < this.wingsNeeded) {
      this.wings.push(rank);
    } else {
      return "The pattern is complete: Play it, or Clear to start again";
    }
    return "";
  }

  /** The action to send, or an error text. */
  action() {
    if (!this.kind) return "Choose a pattern first";
    if (this.kind === "rocket") return { pattern: { kind: "rocket" } };
    if (this.main === null) return "Click the lowest card of the main run";
    const pattern = { kind: this.kind, main: this.main, length: this.length || 1, wings: this.wings };
    if (this.size !== null) pattern.size = this.size;
    return { pattern };
  }

  /** Draw the pattern buttons and the steps into ``panel``; ``changed(note)`` is called
   * when the person picks a pattern or a length. */
  render(panel, playableKinds, changed) {
    panel.replaceChildren();
    const playable = new Set(playableKinds);
    const kinds = document.createElement("div");
    kinds.className = "kinds";
    for (const p of this.shapes) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.kind = p.kind;
      b.innerHTML = `${p.kind.replaceAll("_", " ")} <span lang="zh">${p.chinese}</span>`;
      b.classList.toggle("chosen", this.kind === p.kind);
      b.classList.toggle("unplayable", !playable.has(p.kind));
      b.title = playable.has(p.kind) ? "" : "none of yours can be played now";
      b.addEventListener("click", () => {
        this.reset(p.kind);
        changed(p.kind === "rocket" ? "The rocket: press Play"
          : "Now click the lowest card of its main run (or type its rank)");
      });
      kinds.append(b);
    }
    panel.append(kinds);
    if (!this.kind || this.kind === "rocket") return;
    const shape = this.shape;
    const steps = document.createElement("div");
    steps.className = "steps";
    const main = this.main === null ? "click the lowest card of its main run"
      : `from ${rankLabel(this.main)}`;
    steps.innerHTML = `<span>${this.kind.replaceAll("_", " ")}: ${main}</span>`;
    if (shape.chain && this.main !== null) {
      const label = document.createElement("label");
      label.textContent = " length ";
      const select = document.createElement("select");
      select.id = "pattern-length";
      for (let n = shape.min_length; n <= shape.max_length; n++) select.add(new Option(String(n), String(n)));
      select.value = String(this.length);
      select.addEventListener("change", () => {
        this.length = Number(select.value);
        this.wings = this.wings.slice(0, this.wingsNeeded);
        changed("");
      });
      label.append(select);
      steps.append(label);
    }
    if (this.sized && this.main !== null) {
      const label = document.createElement("label");
      label.textContent = " cards ";
      const select = document.createElement("select");
      select.id = "pattern-size";
      for (let n = this.bombSizes.low; n <= this.bombSizes.high; n++) select.add(new Option(String(n), String(n)));
      select.value = String(this.size);
      select.addEventListener("change", () => {
        this.size = Number(select.value);
        changed("");
      });
      label.append(select);
      steps.append(label);
    }
    const need = this.wingsNeeded;
    if (need && this.main !== null) {
      const what = shape.wing === 2 ? "pair" : "single";
      const wings = document.createElement("span");
      wings.className = "wings";
      wings.textContent = ` · ${shape.chain ? "wings" : "kickers"} (${what}s): ` +
        (this.wings.map(rankLabel).join(" ") || "—") +
        ` (${this.wings.length} of ${need}; click cards to add)`;
      steps.append(wings);
    }
    panel.append(steps);
  }
}
