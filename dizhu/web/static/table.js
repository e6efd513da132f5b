// The table: one WebSocket to the server, which sends this seat's view after every event.
// Entering a play: select cards (click, or drag across them, or type ranks), or name a
// pattern then its lowest card, length and wings. The server checks everything.

import { cardBack, cardFace, cardName, cardRow, rankLabel, rankOf } from "./cards.js";
import { openReplay, describeAction } from "./replay.js";
import { api, escapeHtml } from "./app.js";

const $ = (id) => document.getElementById(id);
const KEY_RANKS = { 0: "T", T: "T", J: "J", Q: "Q", K: "K", A: "A", 2: "2", B: "B", R: "R",
  3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9" };

export class TableView {
  constructor(id, lobby) {
    this.id = id;
    this.lobby = lobby;
    this.version = -1;
    this.state = null;
    this.selected = new Set();
    this.hints = null;
    this.hintIndex = -1;
    this.patternMode = false;
    this.compose = null;
    this.closed = false;
    this.dragging = null;
    this.sheetShownFor = null;
    this.listeners = [];
    this.bind();
    this.connect();
  }

  // ---------------------------------------------------------------- connection

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${this.id}`);
    this.ws = ws;
    ws.onopen = () => { $("connection").hidden = true; };
    ws.onmessage = (event) => this.receive(JSON.parse(event.data));
    ws.onclose = () => {
      if (this.closed || ws !== this.ws) return;
      $("connection").hidden = false;
      setTimeout(() => { if (!this.closed) this.connect(); }, 1000);
    };
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
    } else {
      this.say("Not connected to the server: reconnecting…");
    }
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
    for (const [target, type, fn] of this.listeners) target.removeEventListener(type, fn);
    for (const id of ["sheet-dialog", "choose-dialog"]) if ($(id).open) $(id).close();
  }

  receive(msg) {
    if (msg.type === "state") {
      if (msg.version < this.version) return; // an old message overtaken by a newer one
      if (this.version >= 0 && msg.version > this.version + 1) this.send({ type: "sync" });
      const changed = msg.version !== this.version;
      this.version = msg.version;
      document.body.dataset.version = String(msg.version);
      this.state = msg.state;
      if (changed) { this.hints = null; this.hintIndex = -1; this.say(""); }
      this.render();
    } else if (msg.type === "error") {
      this.say(msg.message, true);
      if (msg.fatal) {
        this.closed = true; // nothing to reconnect to
        $("status").textContent = "This match does not exist: back to the lobby";
        $("controls").replaceChildren(this.button("Back to the lobby", () => { location.hash = "#/"; }));
      }
    } else if (msg.type === "choose") {
      this.choose(msg);
    } else if (msg.type === "hints" && msg.version === this.version) {
      this.hints = msg.plays;
      if (!this.hints.length) this.say("No play beats the trick: pass");
      else this.nextHint();
    }
  }

  // ---------------------------------------------------------------- events

  on(target, type, fn) {
    target.addEventListener(type, fn);
    this.listeners.push([target, type, fn]);
  }

  bind() {
    this.on(document, "keydown", (e) => this.key(e));
    this.on(document, "pointerup", () => { this.dragging = null; });
    this.on($("count-button"), "click", () => this.toggleCount());
    this.on($("sheet-button"), "click", () => this.showSheet(true));
    this.on($("autoplay"), "change", () => this.sendAutoplay());
    this.on($("autoplay-bot"), "change", () => { if ($("autoplay").checked) this.sendAutoplay(); });
    const hand = $("hand");
    this.on(hand, "pointerdown", (e) => this.pointerDown(e));
    this.on(hand, "pointermove", (e) => this.pointerMove(e));
    const select = $("autoplay-bot");
    if (!select.options.length) {
      for (const level of ["easy", "normal", "hard", "expert"]) select.add(new Option(level, level));
      select.value = "normal";
    }
  }

  key(e) {
    if ($("table").hidden || document.querySelector("dialog[open]")) return;
    if (e.target.closest && e.target.closest("input, select, textarea")) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const key = e.key.length === 1 ? e.key.toUpperCase() : e.key;
    if (key === "Enter") { this.play(); e.preventDefault(); }
    else if (key === " ") { this.pass(); e.preventDefault(); }
    else if (key === "Escape") this.clear();
    else if (key === "H") this.hint();
    else if (key === "C") this.toggleCount();
    else if (key === "Backspace") { this.unselectLast(); e.preventDefault(); }
    else if (KEY_RANKS[key]) this.typeRank(KEY_RANKS[key]);
  }

  pointerDown(e) {
    const card = e.target.closest(".card");
    if (!card || !this.canSelect()) return;
    e.preventDefault();
    if (this.patternMode) { this.patternCard(card.dataset.card); return; }
    const on = !this.selected.has(card.dataset.card);
    this.dragging = { on, seen: new Set([card.dataset.card]) };
    this.setSelected(card.dataset.card, on);
  }

  pointerMove(e) {
    if (!this.dragging) return;
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const card = under && under.closest("#hand .card");
    if (card && !this.dragging.seen.has(card.dataset.card)) {
      this.dragging.seen.add(card.dataset.card);
      this.setSelected(card.dataset.card, this.dragging.on);
    }
  }

  canSelect() {
    return this.state && this.state.view.phase === "play";
  }

  // A selection is so many cards of each rank. The server lists a hand with, within each
  // rank, the cards in the order a play takes them, so the raised cards of a rank are its
  // first ones: exactly the cards that go to the table.
  setSelected(card, on) {
    const group = this.state.view.hand.filter((c) => rankOf(c) === rankOf(card));
    const before = group.filter((c) => this.selected.has(c)).length;
    const count = Math.max(0, Math.min(group.length, before + (on ? 1 : -1)));
    if (count === before) return;
    group.forEach((c, i) => (i < count ? this.selected.add(c) : this.selected.delete(c)));
    this.renderHand();
    this.renderControls();
  }

  typeRank(rank) {
    if (!this.canSelect()) return;
    const hand = this.state.view.hand.filter((c) => rankOf(c) === rank);
    if (this.patternMode) {
      if (hand.length) this.patternCard(hand[0]);
      else this.say(`You hold no ${rankLabel(rank)}`, true);
      return;
    }
    const free = hand.some((c) => !this.selected.has(c));
    if (free) this.setSelected(hand[0], true);
    else this.say(hand.length ? `All your ${rankLabel(rank)}s are selected` : `You hold no ${rankLabel(rank)}`, true);
  }

  unselectLast() {
    const last = [...this.selected].pop();
    if (last) this.setSelected(last, false);
    this.say("");
  }

  clear() {
    this.selected.clear();
    this.hintIndex = -1;
    if (this.patternMode) this.compose = { kind: this.compose?.kind ?? null, main: null, length: null, wings: [] };
    this.say("");
    this.render();
  }

  say(text, isError = false) {
    const m = $("message");
    m.textContent = text;
    m.classList.toggle("error", isError);
  }

  // ---------------------------------------------------------------- actions

  act(action) {
    this.send({ type: "act", action });
  }

  play() {
    const view = this.state && this.state.view;
    if (!view || view.phase !== "play") return;
    if (view.to_move !== view.seat) { this.say("It is not your turn", true); return; }
    if (this.patternMode) { this.playPattern(); return; }
    if (!this.selected.size) { this.say("Select the cards to play (or name a pattern)", true); return; }
    this.act({ cards: [...this.selected] });
  }

  pass() {
    const view = this.state && this.state.view;
    if (!view || view.phase !== "play" || view.to_move !== view.seat) return;
    if (!view.legal.some((a) => a.play === "pass")) {
      this.say("You lead this trick: you cannot pass", true);
      return;
    }
    this.selected.clear();
    this.act({ pass: true });
  }

  hint() {
    const view = this.state && this.state.view;
    if (!view || view.phase !== "play" || view.to_move !== view.seat) return;
    if (this.patternMode) this.togglePattern(false);
    if (this.hints) this.nextHint(); else this.send({ type: "hint" });
  }

  nextHint() {
    if (!this.hints || !this.hints.length) return;
    this.hintIndex = (this.hintIndex + 1) % this.hints.length;
    const hint = this.hints[this.hintIndex];
    this.selected = this.cardsForRanks(hint.ranks);
    this.say(`Hint ${this.hintIndex + 1} of ${this.hints.length}: ${hint.kind.replaceAll("_", " ")} ${hint.chinese}`);
    this.render();
  }

  cardsForRanks(ranks) {
    const picked = new Set();
    for (const rank of ranks) {
      const card = this.state.view.hand.find((c) => rankOf(c) === rank && !picked.has(c));
      if (card) picked.add(card);
    }
    return picked;
  }

  choose(msg) {
    const box = $("choose-options");
    box.replaceChildren();
    $("choose-text").textContent = `${msg.message}:`;
    for (const option of msg.options) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = `${option.kind.replaceAll("_", " ")} ${option.chinese}`;
      b.addEventListener("click", () => {
        $("choose-dialog").close();
        this.act({ play: option.text });
      });
      box.append(b);
    }
    $("choose-dialog").showModal();
  }

  sendAutoplay() {
    this.send({ type: "autoplay", bot: $("autoplay").checked ? $("autoplay-bot").value : null });
  }

  toggleCount() {
    const strip = $("count-strip");
    strip.hidden = !strip.hidden;
    $("count-button").setAttribute("aria-pressed", String(!strip.hidden));
    this.renderCount();
  }

  // ---------------------------------------------------------------- naming a pattern

  togglePattern(on) {
    this.patternMode = on;
    this.selected.clear();
    this.compose = on ? { kind: null, main: null, length: null, wings: [] } : null;
    this.say(on ? "Choose the pattern, then click the lowest card of its main run" : "");
    this.render();
  }

  shape() {
    const patterns = (this.lobby && this.lobby.patterns) || [];
    return patterns.find((p) => p.kind === this.compose.kind);
  }

  patternCard(card) {
    const c = this.compose;
    if (!c.kind) { this.say("Choose a pattern first", true); return; }
    const shape = this.shape();
    const rank = rankOf(card);
    if (c.main === null) {
      c.main = rank;
      if (shape.chain) c.length = shape.min_length;
    } else if (c.wings.length < shape.wings * (c.length || 1)) {
      c.wings.push(rank);
    } else {
      this.say("The pattern is complete: Play it, or Clear to start again", true);
      return;
    }
    this.say("");
    this.renderHand();
    this.renderPattern();
    this.renderControls();
  }

  playPattern() {
    const c = this.compose;
    if (!c.kind) { this.say("Choose a pattern first", true); return; }
    if (c.kind === "rocket") { this.act({ pattern: { kind: "rocket" } }); return; }
    if (c.main === null) { this.say("Click the lowest card of the main run", true); return; }
    this.act({ pattern: { kind: c.kind, main: c.main, length: c.length || 1, wings: c.wings } });
  }

  renderPattern() {
    const panel = $("pattern");
    panel.hidden = !this.patternMode;
    if (!this.patternMode) return;
    const c = this.compose;
    const view = this.state.view;
    const playable = new Set(view.playable_kinds);
    panel.replaceChildren();
    const kinds = document.createElement("div");
    kinds.className = "kinds";
    for (const p of (this.lobby && this.lobby.patterns) || []) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.kind = p.kind;
      b.innerHTML = `${p.kind.replaceAll("_", " ")} <span lang="zh">${p.chinese}</span>`;
      b.classList.toggle("chosen", c.kind === p.kind);
      b.classList.toggle("unplayable", !playable.has(p.kind));
      b.title = playable.has(p.kind) ? "" : "none of yours can be played now";
      b.addEventListener("click", () => {
        this.compose = { kind: p.kind, main: null, length: null, wings: [] };
        this.say(p.kind === "rocket" ? "The rocket: press Play"
          : "Now click the lowest card of its main run (or type its rank)");
        this.render();
      });
      kinds.append(b);
    }
    panel.append(kinds);
    if (!c.kind || c.kind === "rocket") return;
    const shape = this.shape();
    const steps = document.createElement("div");
    steps.className = "steps";
    const main = c.main === null ? "click the lowest card of its main run"
      : `from ${rankLabel(c.main)}`;
    steps.innerHTML = `<span>${c.kind.replaceAll("_", " ")}: ${main}</span>`;
    if (shape.chain && c.main !== null) {
      const label = document.createElement("label");
      label.textContent = " length ";
      const select = document.createElement("select");
      select.id = "pattern-length";
      for (let n = shape.min_length; n <= shape.max_length; n++) select.add(new Option(String(n), String(n)));
      select.value = String(c.length);
      select.addEventListener("change", () => {
        c.length = Number(select.value);
        c.wings = c.wings.slice(0, shape.wings * c.length);
        this.renderPattern();
      });
      label.append(select);
      steps.append(label);
    }
    const need = shape.wings * (c.length || 1);
    if (need && c.main !== null) {
      const what = shape.wing === 2 ? "pair" : "single";
      const wings = document.createElement("span");
      wings.className = "wings";
      wings.textContent = ` · ${shape.chain ? "wings" : "kickers"} (${what}s): ` +
        (c.wings.map(rankLabel).join(" ") || "—") + ` (${c.wings.length} of ${need}; click cards to add)`;
      steps.append(wings);
    }
    panel.append(steps);
  }

  // ---------------------------------------------------------------- rendering

  render() {
    if (!this.state) return;
    const { view, match } = this.state;
    document.title = `dizhu · ${view.to_move === view.seat && !["over", "thrown_in"].includes(view.phase) ? "your turn" : "table"}`;
    const inHand = new Set(view.hand);
    for (const c of [...this.selected]) if (!inHand.has(c)) this.selected.delete(c);
    if (view.phase !== "play") {
      this.selected.clear();
      if (this.patternMode) { this.patternMode = false; this.compose = null; }
    }
    this.renderInfo(match, view);
    for (let seat = 0; seat < 3; seat++) this.renderSeat(seat);
    this.renderCenter();
    this.renderHand();
    this.renderControls();
    this.renderPattern();
    this.renderCount();
    $("autoplay").checked = Boolean(match.autoplay);
    if (match.autoplay) $("autoplay-bot").value = match.autoplay.split(":")[0];
    const over = view.phase === "over";
    if (over && this.sheetShownFor !== match.deal_index) {
      this.sheetShownFor = match.deal_index;
      this.showSheet(false);
    } else if ($("sheet-dialog").open) {
      this.fillSheet();
    }
  }

  renderInfo(match, view) {
    const length = match.mode === "deals"
      ? `Deal ${match.deal_number ?? "(redeal)"} of ${match.target}` : `Race to ${match.target} · deal ${match.deal_number ?? "(redeal)"}`;
    const totals = match.names.map((n, i) => `<span class="total" data-seat="${i}">${escapeHtml(n)} <b>${match.totals[i]}</b></span>`).join("");
    $("match-info").innerHTML = `<span class="length">${length}</span>${totals}`;
    const stake = view.stake;
    const parts = [];
    if (view.high_bid) parts.push(`bid <b>${view.high_bid}</b>`);
    if (view.bombs) parts.push(`bombs ${view.bombs} (×${2 ** view.bombs})`);
    if (view.rockets) parts.push("rocket ×2");
    if (stake.spring_possible) parts.push("spring possible");
    if (stake.anti_spring_possible) parts.push("anti-spring possible");
    const doubled = view.doubled.map((d, i) => (d ? match.names[i] : null)).filter(Boolean);
    if (doubled.length) parts.push(`doubled: ${doubled.map(escapeHtml).join(", ")}${view.redoubled ? ", redoubled" : ""}`);
    if (view.high_bid) parts.push(`stake now <b>${stake.now}</b>`);
    $("stake").innerHTML = parts.join(" · ");
  }

  seatRole(seat) {
    const view = this.state.view;
    if (view.landlord < 0) return "";
    return seat === view.landlord ? "landlord" : "peasant";
  }

  renderSeat(seat) {
    const { view, match } = this.state;
    const box = $(`seat-${seat}`);
    box.replaceChildren();
    const role = this.seatRole(seat);
    box.classList.toggle("landlord", role === "landlord");
    const active = view.to_move === seat && !["over", "thrown_in"].includes(view.phase);
    box.classList.toggle("to-move", active);
    const head = document.createElement("div");
    head.className = "seat-head";
    const roleBadge = role ? `<span class="role ${role}">${role === "landlord" ? "地主 landlord" : "农民 peasant"}</span>` : "";
    head.innerHTML = `<span class="name">${escapeHtml(match.names[seat])}</span>${roleBadge}` +
      `<span class="left" title="cards left"><b>${view.cards_left[seat]}</b> cards</span>`;
    box.append(head);
    const marks = [];
    const bid = view.bids.filter(([s]) => s === seat).pop();
    if (bid && view.phase === "auction") marks.push(bid[1] ? `bid ${bid[1]}` : "no bid");
    if (bid && view.phase !== "auction" && bid[1] && seat === view.landlord) marks.push(`won the bid at ${view.high_bid}`);
    if (view.doubled[seat] !== null && seat !== view.landlord) marks.push(view.doubled[seat] ? "doubled" : "no double");
    if (seat === view.landlord && view.redoubled !== null) marks.push(view.redoubled ? "redoubled" : "no redouble");
    if (active) marks.push(seat === view.seat ? "your turn" : `<span class="thinking">thinking…</span>`);
    if (marks.length) {
      const m = document.createElement("div");
      m.className = "marks";
      m.innerHTML = marks.join(" · ");
      box.append(m);
    }
    if (seat !== view.seat) {
      if (view.final_hands) box.append(cardRow(view.final_hands[seat], "small revealed"));
      else {
        const backs = document.createElement("div");
        backs.className = "cards backs";
        for (let i = 0; i < Math.min(view.cards_left[seat], 20); i++) {
          const span = document.createElement("span");
          span.className = "card";
          span.append(cardBack());
          backs.append(span);
        }
        box.append(backs);
      }
    }
    const mine = view.trick.filter((t) => t.seat === seat);
    const last = mine[mine.length - 1];
    if (last) {
      const play = document.createElement("div");
      play.className = "trick-play";
      if (last.cards.length) {
        play.append(cardRow(last.cards, "played"));
        const label = document.createElement("div");
        label.className = "play-label";
        label.textContent = describeAction(last).replace("plays ", "");
        play.append(label);
      } else {
        play.innerHTML = `<span class="pass-mark">pass 不要</span>`;
      }
      box.append(play);
    }
  }

  renderCenter() {
    const { view, match } = this.state;
    const kitty = $("kitty");
    kitty.replaceChildren();
    const label = document.createElement("div");
    label.className = "kitty-label";
    label.textContent = "Kitty 底牌";
    kitty.append(label);
    if (view.kitty) kitty.append(cardRow(view.kitty, "small"));
    else {
      const backs = document.createElement("div");
      backs.className = "cards small";
      for (let i = 0; i < 3; i++) {
        const s = document.createElement("span");
        s.className = "card";
        s.append(cardBack());
        backs.append(s);
      }
      kitty.append(backs);
    }
    $("status").textContent = this.statusText(view, match);
  }

  statusText(view, match) {
    const name = (s) => (s === view.seat ? "You" : match.names[s]);
    if (match.finished) {
      const winners = match.winners.map((s) => match.names[s]);
      return `Match over: ${winners.join(" and ")} ${winners.length > 1 ? "share the win" : "wins"}`;
    }
    switch (view.phase) {
      case "auction": return view.to_move === view.seat ? "Your bid" : `${name(view.to_move)} to bid`;
      case "doubling": return view.to_move === view.seat ? (view.seat === view.landlord ? "Redouble?" : "Double?") : `${name(view.to_move)} to answer the doubling`;
      case "play": {
        if (view.to_move !== view.seat) return `${name(view.to_move)} to play`;
        return view.top ? `Your turn: beat ${view.top.replaceAll("_", " ")} or pass` : "Your lead";
      }
      case "thrown_in": return "Everyone passed: the cards are dealt again";
      case "over": {
        const r = view.result;
        return `${r.landlord_won ? "The landlord" : "The peasants"} won · you ${r.scores[view.seat] > 0 ? "+" : ""}${r.scores[view.seat]}`;
      }
      default: return "";
    }
  }

  renderHand() {
    const view = this.state.view;
    const hand = $("hand");
    hand.replaceChildren();
    const mainRanks = this.patternMainRanks();
    for (const card of view.hand) {
      const span = document.createElement("span");
      span.className = "card";
      span.dataset.card = card;
      span.setAttribute("role", "option");
      span.setAttribute("aria-selected", String(this.selected.has(card)));
      span.setAttribute("aria-label", cardName(card));
      if (this.selected.has(card)) span.classList.add("selected");
      if (mainRanks.has(rankOf(card))) span.classList.add("named");
      span.append(cardFace(card));
      hand.append(span);
    }
    hand.classList.toggle("pattern-mode", this.patternMode);
  }

  patternMainRanks() {
    const ranks = new Set();
    const c = this.compose;
    if (!this.patternMode || !c || c.main === null) return ranks;
    ranks.add(c.main);
    for (const w of c.wings) ranks.add(w);
    return ranks;
  }

  button(label, onClick, opts = {}) {
    const b = document.createElement("button");
    b.type = "button";
    b.innerHTML = label;
    if (opts.id) b.id = opts.id;
    if (opts.cls) b.className = opts.cls;
    if (opts.disabled) b.disabled = true;
    if (opts.title) b.title = opts.title;
    b.addEventListener("click", onClick);
    return b;
  }

  renderControls() {
    const { view, match } = this.state;
    const box = $("controls");
    box.replaceChildren();
    const myTurn = view.to_move === view.seat;
    if (match.autoplay && !view.phase.match(/over|thrown_in/)) {
      box.append(Object.assign(document.createElement("span"), { className: "note", textContent: `Auto-play (${match.autoplay}) is playing your seat` }));
      return;
    }
    if (view.phase === "auction" && myTurn) {
      for (const a of view.legal) {
        box.append(this.button(a.bid ? `Bid ${a.bid}` : "Pass", () => this.act({ bid: a.bid }),
          { cls: a.bid ? "primary bid" : "bid", id: `bid-${a.bid}` }));
      }
    } else if (view.phase === "doubling" && myTurn) {
      const landlord = view.seat === view.landlord;
      for (const a of view.legal) {
        const label = a.double ? (landlord ? "Redouble ×2" : "Double ×2") : (landlord ? "No redouble" : "No double");
        box.append(this.button(label, () => this.act({ double: a.double }),
          { cls: a.double ? "primary" : "", id: a.double ? "double-yes" : "double-no" }));
      }
    } else if (view.phase === "play") {
      const canPass = myTurn && view.legal.some((a) => a.play === "pass");
      const ready = this.patternMode ? Boolean(this.compose && this.compose.kind) : this.selected.size > 0;
      box.append(
        this.button("Play", () => this.play(), { id: "play", cls: "primary", disabled: !myTurn || !ready, title: "Enter" }),
        this.button("Pass 不要", () => this.pass(), { id: "pass", disabled: !canPass, title: "Space" }),
        this.button("Hint", () => this.hint(), { id: "hint", disabled: !myTurn, title: "H" }),
        this.button("Clear", () => this.clear(), { id: "clear", title: "Esc" }),
        this.button(this.patternMode ? "Select cards instead" : "Name a pattern",
          () => this.togglePattern(!this.patternMode), { id: "pattern-toggle" }),
      );
    } else if (view.phase === "over" || view.phase === "thrown_in") {
      if (match.finished) {
        box.append(this.button("Score sheet", () => this.showSheet(true), { cls: "primary" }));
        box.append(this.button("Back to the lobby", () => { location.hash = "#/"; }));
      } else if (view.phase === "over") {
        box.append(this.button("Next deal", () => this.send({ type: "next" }), { id: "next-deal", cls: "primary" }));
      }
    }
  }

  renderCount() {
    const strip = $("count-strip");
    if (strip.hidden || !this.state) return;
    const count = this.state.view.count_strip;
    if (!count) {
      strip.textContent = "The count opens once the auction is over.";
      return;
    }
    strip.replaceChildren();
    const bombs = new Set(count.bombs);
    for (const [rank, n] of count.unseen) {
      const cell = document.createElement("span");
      cell.className = "count-cell";
      cell.dataset.rank = rank;
      const joker = rank === "B" || rank === "R";
      if (bombs.has(rank) || (joker && count.rocket)) cell.classList.add("possible-bomb");
      cell.title = joker ? (count.rocket ? "the rocket is still possible" : "")
        : bombs.has(rank) ? "all four unseen: a possible bomb" : "";
      const label = rank === "B" ? "小王" : rank === "R" ? "大王" : rankLabel(rank);
      cell.innerHTML = `<span class="count-rank">${label}</span><b>${n}</b>`;
      strip.append(cell);
    }
  }

  // ---------------------------------------------------------------- score sheet

  showSheet(force) {
    this.fillSheet();
    if (force || !$("sheet-dialog").open) $("sheet-dialog").showModal();
  }

  fillSheet() {
    const { view, match } = this.state;
    const names = match.names.map(escapeHtml);
    let html = "";
    if (view.phase === "over" && view.result) {
      const r = view.result;
      const row = (label, value) => `<tr><th>${label}</th><td>${value}</td></tr>`;
      html += `<h2>Deal ${match.deal_number}: ${r.landlord_won ? "the landlord wins" : "the peasants win"}</h2>`;
      html += `<table class="sheet"><tbody>`;
      html += row("Landlord", names[r.landlord]);
      html += row("Bid", r.bid);
      html += row("Bombs", r.bombs ? `${r.bombs} × 2` : "none");
      html += row("Rocket", r.rockets ? "× 2" : "none");
      html += row("Spring", r.spring ? "× 2" : "no");
      html += row("Anti-spring", r.anti_spring ? "× 2" : "no");
      html += row("Stake", `<b>${r.stake}</b>`);
      if (match.doubling) {
        const doubled = r.doubled.map((d, i) => (d ? names[i] : null)).filter(Boolean);
        html += row("Doubled", doubled.length ? doubled.join(", ") + " (× 2)" : "nobody");
        html += row("Redoubled", r.redoubled ? "yes (× 2 more)" : "no");
      }
      html += r.scores.map((s, i) => row(names[i], `<b class="${s > 0 ? "plus" : "minus"}">${s > 0 ? "+" : ""}${s}</b>`)).join("");
      html += `</tbody></table>`;
    }
    html += `<h2>Match: ${match.mode === "deals" ? `${match.scored} of ${match.target} deals` : `race to ${match.target}`}</h2>`;
    html += `<table class="sheet match-sheet"><thead><tr><th>Deal</th><th>Landlord</th><th>Stake</th>` +
      names.map((n) => `<th>${n}</th>`).join("") + `<th></th></tr></thead><tbody>`;
    for (const s of match.sheets) {
      html += `<tr><td>${s.number}</td><td>${names[s.landlord]}${s.landlord_won ? " ✓" : ""}</td><td>${s.stake}</td>` +
        s.scores.map((x) => `<td>${x > 0 ? "+" : ""}${x}</td>`).join("") +
        `<td><button type="button" data-replay="${s.index}">Replay</button> ` +
        `<a href="/api/matches/${match.id}/deals/${s.index}/record" download>Record</a></td></tr>`;
    }
    html += `<tr class="totals"><th colspan="3">Total</th>${match.totals.map((t) => `<th>${t}</th>`).join("")}<th></th></tr>`;
    html += `</tbody></table>`;
    if (match.finished) {
      const winners = match.winners.map((s) => names[s]);
      html += `<p class="winners">${winners.join(" and ")} ${winners.length > 1 ? "share the win" : "wins the match"}</p>`;
    }
    $("sheet-body").innerHTML = html;
    for (const b of $("sheet-body").querySelectorAll("button[data-replay]")) {
      b.addEventListener("click", () => this.replay(Number(b.dataset.replay)));
    }
    const buttons = $("sheet-buttons");
    buttons.replaceChildren();
    if (view.phase === "over" && !match.finished) {
      buttons.append(this.button("Next deal", () => { $("sheet-dialog").close(); this.send({ type: "next" }); },
        { cls: "primary", id: "sheet-next" }));
    }
    if (match.finished) buttons.append(this.button("Back to the lobby", () => { $("sheet-dialog").close(); location.hash = "#/"; }));
    buttons.append(this.button("Close", () => $("sheet-dialog").close(), { id: "sheet-close" }));
  }

  async replay(index) {
    try {
      const data = await api(`/api/matches/${this.id}/deals/${index}/replay`);
      openReplay(data, `match ${this.id}, deal ${index + 1}`, this.state.match.names);
    } catch (e) {
      this.say(e.message, true);
    }
  }
}
