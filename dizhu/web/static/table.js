// The table: one WebSocket to the server, which sends this seat's view after every event.
// Entering a play: select cards (click, or drag across them, or type ranks), or name a
// pattern then its lowest card, length and wings (pattern.js). The server checks everything.
//
// A selection is exact cards: the cards the person picked are the cards that go to the
// table. With two packs a hand may hold the same card twice, so a selection is a set of
// positions in the hand (in the order they were picked), never of card texts.

import { ensureSeats, renderCenter, renderCount, renderInfo, renderSeat, seatName } from "./board.js";
import { cardFace, cardName, rankLabel, rankOf } from "./cards.js";
import { $, api, button } from "./dom.js";
import { PatternEntry } from "./pattern.js";
import { openReplay } from "./replay.js";
import { fillSheet } from "./sheet.js";

const BID_LABELS = { call: "Call 叫地主", rob: "Rob 抢地主" };
/** A hand of more cards than this is shown in two rows on a narrow screen. */
const TWO_ROWS_FROM = 20;
const NARROW = "(max-width: 720px)";

const KEY_RANKS = { 0: "T", T: "T", J: "J", Q: "Q", K: "K", A: "A", 2: "2", B: "B", R: "R",
  3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9" };

export class TableView {
  constructor(id, lobby) {
    this.id = id;
    this.lobby = lobby;
    this.version = -1;
    this.state = null;
    this.selected = new Set(); // positions in this.cards
    this.cards = []; // the hand the positions refer to
    this.sent = []; // the cards of the last play sent, for the reading chooser
    this.hints = null;
    this.hintIndex = -1;
    this.patternMode = false;
    this.pattern = null;
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
        $("controls").replaceChildren(button("Back to the lobby", () => { location.hash = "#/"; }));
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
    this.on(window, "resize", () => { if (this.state) this.renderHand(); });
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
    const index = Number(card.dataset.index);
    if (this.patternMode) { this.patternCard(this.cards[index]); return; }
    const on = !this.selected.has(index);
    this.dragging = { on, seen: new Set([index]) };
    this.setSelected(index, on);
  }

  pointerMove(e) {
    if (!this.dragging) return;
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const card = under && under.closest("#hand .card");
    const index = card ? Number(card.dataset.index) : -1;
    if (card && !this.dragging.seen.has(index)) {
      this.dragging.seen.add(index);
      this.setSelected(index, this.dragging.on);
    }
  }

  canSelect() {
    return this.state && this.state.view.phase === "play";
  }

  /** Raise or lower the card at ``index`` of the hand (that card, not another of its rank). */
  setSelected(index, on) {
    if (!(index >= 0 && index < this.cards.length) || this.selected.has(index) === on) return;
    if (on) this.selected.add(index); else this.selected.delete(index);
    this.renderHand();
    this.renderControls();
  }

  /** The positions of the hand's cards of ``rank``, in hand order. */
  positionsOf(rank) {
    return this.cards.flatMap((c, i) => (rankOf(c) === rank ? [i] : []));
  }

  typeRank(rank) {
    if (!this.canSelect()) return;
    const held = this.positionsOf(rank);
    if (this.patternMode) {
      if (held.length) this.patternCard(this.cards[held[0]]);
      else this.say(`You hold no ${rankLabel(rank)}`, true);
      return;
    }
    const free = held.find((i) => !this.selected.has(i));
    if (free !== undefined) this.setSelected(free, true);
    else this.say(held.length ? `All your ${rankLabel(rank)}s are selected` : `You hold no ${rankLabel(rank)}`, true);
  }

  /** The selected cards' texts, in hand order: the cards that go to the table. */
  selectedCards() {
    return [...this.selected].sort((a, b) => a - b).map((i) => this.cards[i]);
  }

  /** Keep the selection across a new state while the hand is the same; a hand that
   * changed (cards played, the kitty taken) starts with nothing selected. */
  keepSelection(hand) {
    const same = hand.length === this.cards.length && hand.every((c, i) => c === this.cards[i]);
    if (!same) this.selected.clear();
    this.cards = [...hand];
  }

  unselectLast() {
    const last = [...this.selected].pop();
    if (last !== undefined) this.setSelected(last, false);
    this.say("");
  }

  clear() {
    this.selected.clear();
    this.hintIndex = -1;
    if (this.patternMode) this.pattern.reset(this.pattern.kind);
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
    this.sent = this.selectedCards();
    this.act({ cards: this.sent });
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

  /** Positions of cards of ``ranks`` ("33" takes two 3s), lowest positions first. */
  cardsForRanks(ranks) {
    const picked = new Set();
    for (const rank of ranks) {
      const index = this.positionsOf(rank).find((i) => !picked.has(i));
      if (index !== undefined) picked.add(index);
    }
    return picked;
  }

  choose(msg) {
    const box = $("choose-options");
    box.replaceChildren();
    $("choose-text").textContent = `${msg.message}:`;
    const cards = this.sent;
    for (const option of msg.options) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = `${option.kind.replaceAll("_", " ")} ${option.chinese}`;
      b.addEventListener("click", () => {
        $("choose-dialog").close();
        this.act(cards.length ? { play: option.text, with: cards } : { play: option.text });
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
    renderCount(this.state);
  }

  // ---------------------------------------------------------------- naming a pattern

  togglePattern(on) {
    this.patternMode = on;
    this.selected.clear();
    this.pattern = on ? new PatternEntry(this.state.match.patterns, this.state.match.bomb_sizes) : null;
    this.say(on ? "Choose the pattern, then click the lowest card of its main run" : "");
    this.render();
  }

  patternCard(card) {
    const rank = rankOf(card);
    const error = this.pattern.addRank(rank, this.positionsOf(rank).length);
    this.say(error, Boolean(error));
    if (error) return;
    this.renderHand();
    this.renderPattern();
    this.renderControls();
  }

  playPattern() {
    const action = this.pattern.action();
    if (typeof action === "string") this.say(action, true);
    else this.act(action);
  }

  renderPattern() {
    const panel = $("pattern");
    panel.hidden = !this.patternMode;
    if (!this.patternMode) return;
    this.pattern.render(panel, this.state.view.playable_kinds, (note) => {
      this.say(note);
      this.render();
    });
  }

  // ---------------------------------------------------------------- rendering

  render() {
    if (!this.state) return;
    const { view, match } = this.state;
    document.title = `dizhu · ${view.to_move === view.seat && !["over", "thrown_in"].includes(view.phase) ? "your turn" : "table"}`;
    this.keepSelection(view.hand);
    if (view.phase !== "play") {
      this.selected.clear();
      if (this.patternMode) { this.patternMode = false; this.pattern = null; }
    }
    renderInfo(this.state, this.rulesetTitle(match.ruleset));
    ensureSeats(match.seats);
    for (let seat = 0; seat < match.seats; seat++) renderSeat(this.state, seat);
    renderCenter(this.state);
    this.renderHand();
    this.renderControls();
    this.renderPattern();
    renderCount(this.state);
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

  fillSheet() {
    fillSheet(this.state, {
      replay: (index) => this.replay(index),
      next: () => this.send({ type: "next" }),
      lobby: () => { location.hash = "#/"; },
    });
  }

  rulesetTitle(name) {
    const found = this.lobby && this.lobby.rulesets && this.lobby.rulesets.find((r) => r.name === name);
    return found ? `${found.title} ${found.chinese}` : name;
  }

  /** The hand, fanned to fit the width: one row, or two on a narrow screen when it holds
   * many cards (the overlap itself is CSS, from the number of cards in a row). */
  renderHand() {
    const hand = $("hand");
    hand.replaceChildren();
    const named = this.patternMode ? this.pattern.ranks() : new Set();
    const cards = this.cards;
    const rows = cards.length > TWO_ROWS_FROM && window.matchMedia(NARROW).matches ? 2 : 1;
    const perRow = Math.ceil(cards.length / rows);
    hand.style.setProperty("--gaps", String(Math.max(1, perRow - 1)));
    let row = null;
    cards.forEach((card, i) => {
      if (i % perRow === 0) {
        row = document.createElement("div");
        row.className = "hand-row";
        hand.append(row);
      }
      const on = this.selected.has(i);
      const span = document.createElement("span");
      span.className = "card";
      span.dataset.card = card;
      span.dataset.index = String(i);
      span.setAttribute("role", "option");
      span.setAttribute("aria-selected", String(on));
      span.setAttribute("aria-label", cardName(card));
      if (on) span.classList.add("selected");
      if (named.has(rankOf(card))) span.classList.add("named");
      span.append(cardFace(card));
      row.append(span);
    });
    hand.classList.toggle("pattern-mode", this.patternMode);
    hand.classList.toggle("two-rows", rows === 2);
  }

  renderControls() {
    const { view, match } = this.state;
    const box = $("controls");
    box.replaceChildren();
    const myTurn = view.to_move === view.seat;
    if (match.abandoned) {
      box.append(button("Back to the lobby", () => { location.hash = "#/"; }));
      return;
    }
    if (match.autoplay && !view.phase.match(/over|thrown_in/)) {
      box.append(Object.assign(document.createElement("span"), { className: "note", textContent: `Auto-play (${match.autoplay}) is playing your seat` }));
      return;
    }
    if (view.phase === "auction" && myTurn) {
      const robbing = view.legal.some((a) => a.bid === "rob");
      const calling = view.legal.some((a) => a.bid === "call");
      for (const a of view.legal) {
        const token = String(a.bid);
        const label = token === "pass" ? (robbing ? "Pass 不抢" : calling ? "Pass 不叫" : "Pass")
          : BID_LABELS[token] || `Bid ${token}`;
        box.append(button(label, () => this.act({ bid: token }),
          { cls: token === "pass" ? "bid" : "primary bid", id: `bid-${token}` }));
      }
    } else if (view.phase === "doubling" && myTurn) {
      const landlord = view.seat === view.landlord;
      for (const a of view.legal) {
        const label = a.double ? (landlord ? "Redouble ×2" : "Double ×2") : (landlord ? "No redouble" : "No double");
        box.append(button(label, () => this.act({ double: a.double }),
          { cls: a.double ? "primary" : "", id: a.double ? "double-yes" : "double-no" }));
      }
    } else if (view.phase === "play") {
      const canPass = myTurn && view.legal.some((a) => a.play === "pass");
      const ready = this.patternMode ? Boolean(this.pattern.kind) : this.selected.size > 0;
      box.append(
        button("Play", () => this.play(), { id: "play", cls: "primary", disabled: !myTurn || !ready, title: "Enter" }),
        button("Pass 不要", () => this.pass(), { id: "pass", disabled: !canPass, title: "Space" }),
        button("Hint", () => this.hint(), { id: "hint", disabled: !myTurn, title: "H" }),
        button("Clear", () => this.clear(), { id: "clear", title: "Esc" }),
        button(this.patternMode ? "Select cards instead" : "Name a pattern",
          () => this.togglePattern(!this.patternMode), { id: "pattern-toggle" }),
      );
    } else if (view.phase === "over" || view.phase === "thrown_in") {
      if (match.finished) {
        box.append(button("Score sheet", () => this.showSheet(true), { cls: "primary" }));
        box.append(button("Back to the lobby", () => { location.hash = "#/"; }));
      } else if (view.phase === "over") {
        box.append(button("Next deal", () => this.send({ type: "next" }), { id: "next-deal", cls: "primary" }));
      }
    }
  }

  // ---------------------------------------------------------------- score sheet

  showSheet(force) {
    this.fillSheet();
    if (force || !$("sheet-dialog").open) $("sheet-dialog").showModal();
  }

  async replay(index) {
    try {
      const data = await api(`/api/matches/${this.id}/deals/${index}/replay`);
      const { names, seats } = this.state.match;
      openReplay(data, `match ${this.id}, deal ${index + 1}`, names.map((_, i) => seatName(names, i, seats)));
    } catch (e) {
      this.say(e.message, true);
    }
  }
}
