// The table: one WebSocket to the server, which sends this seat's view after every event.
// Entering a play: select cards (tap or click them, drag across them, or type ranks), or
// name a pattern then its lowest card, length and wings (pattern.js). The server checks
// everything; the page shows what it sends, in the person's language.
//
// A selection is exact cards: the cards the person picked are the cards that go to the
// table. With two packs a hand may hold the same card twice, so a selection is a set of
// positions in the hand (in the order they were picked), never of card texts.
//
// One intent, one action: while an action is on its way to the server the controls wait
// (a double click sends once). The game keys (Enter, Space, H, Esc, C, L, ranks) work
// whatever was clicked last.

import { ensureSeats, isActive, renderCount, renderInfo, renderKitty, renderSeat, renderSpot,
  renderStake, renderStatus } from "./board.js";
import { cardRow, rankOf, setWild } from "./cards.js";
import { $, api, button, el, reducedMotion, remember, remembered } from "./dom.js";
import { HAND_ORDERS, handOrder, kittyPositions, rankPositions, renderHand } from "./hand.js";
import { language, rankName, sayReason, t } from "./i18n.js";
import { LEVELS, levelName, seatNames, shortNames, viewerSeat } from "./names.js";
import { renderInvite } from "./invite.js";
import { icon } from "./icons.js";
import { PatternEntry } from "./pattern.js";
import { openReplay } from "./replay.js";
import { againWords, fillSheet } from "./sheet.js";
import { playSound, speak } from "./sound.js";
import { actionWords, lastTrick, playWords, topWords, tricksOf, whyWords } from "./words.js";

const KEY_RANKS = { 0: "T", T: "T", J: "J", Q: "Q", K: "K", A: "A", 2: "2", B: "B", R: "R",
  3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9" };
const SORT_KEY = "dizhu.sort";
/** Where the count strip's state is remembered ("1": open), as the hand's order is. */
const COUNT_KEY = "dizhu.count";
/** How long an action may wait for the server's answer before the controls come back (ms). */
const BUSY_MS = 8000;
/** The pause before the score sheet opens on a finished deal, so its last play is seen (ms). */
const SHEET_DELAY_MS = 900;
/** A new deal's cards come to the hand one after another for this long at most (ms). */
const DEAL_MS = 900;

/** Whether ``after`` is a deal just dealt: a new deal (or the page's first state) with
 * nobody having answered the auction yet. Its cards are dealt to the hand before the eyes. */
function isFreshDeal(before, after) {
  const fresh = !before || before.match.deal_index !== after.match.deal_index;
  return fresh && after.view.phase === "auction" && !after.view.history.length;
}

/** Whether a notice of a new deal (``notice.deal``) still stands in ``state``: until the
 * person's own seat first acts in that deal (a computer seat may bid 3 and lead at once,
 * before the words are read), for a spectator until its first card is played. */
function noticeStands(notice, state) {
  const { match, view } = state;
  if (notice.deal !== match.deal_index || view.phase === "over") return false;
  const seat = match.seat;
  return !view.history.some((e) => (seat === null ? "play" in e : e.seat === seat));
}

/** The hand's order as remembered: one of HAND_ORDERS ("rank", kept before the big cards
 * went to the left, is the first of them). */
function sortChoice(stored) {
  return HAND_ORDERS.includes(stored) ? stored : HAND_ORDERS[0];
}

export class TableView {
  /** ``on``: credential (the page's secret, "seat=TOKEN" or "watch=SECRET"), links (the
   * creator's invitations), playAgain(match) (the creator asks for the next match, with
   * the same settings and people), follow(again, seat) (to the match played again). */
  constructor(id, lobby, on = {}) {
    this.id = id;
    this.credential = on.credential || "";
    this.seats = null; // who is at the table: {present, away, watching}
    this.lobby = lobby;
    this.on = on;
    this.version = -1;
    this.state = null;
    this.selected = new Set(); // positions in this.cards
    this.cards = []; // the hand the positions refer to
    this.sent = []; // the cards of the last play sent, for the reading chooser
    this.choosing = null; // the server's question while the reading chooser is open
    this.hints = null;
    this.hintIndex = -1;
    this.patternMode = false;
    this.pattern = null;
    this.closed = false;
    this.fatal = false;
    this.dragging = null;
    this.sheetShownFor = null;
    this.sheetTimer = null;
    this.sheetDeal = null; // the deal the open score sheet was opened on
    this.notice = null; // {deal, key}: words that stay in the message line into a new deal (noticeStands)
    this.busy = null; // {version} while an action is on its way
    this.busyTimer = null;
    this.showLast = false;
    this.tabbed = false; // the person moved focus with Tab (keyboard use)
    this.sortBy = sortChoice(remembered(SORT_KEY, HAND_ORDERS[0]));
    this.showCount(remembered(COUNT_KEY, "") === "1");
    this.deadline = null;
    this.listeners = [];
    this.bind();
    this.clockTimer = setInterval(() => this.tick(), 250);
    this.connect();
  }

  // ---------------------------------------------------------------- connection

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/${this.id}?${this.credential}`);
    this.ws = ws;
    ws.onopen = () => {
      $("connection").hidden = true;
      // what was said while the server was away is no longer so
      if ($("message").textContent === t("table.not_connected")) this.say("");
    };
    ws.onmessage = (event) => this.receive(JSON.parse(event.data));
    ws.onclose = () => {
      if (this.closed || ws !== this.ws) return;
      $("connection").hidden = false;
      this.unbusy();
      this.autoplayAsked = undefined; // the next state says what the server heard
      setTimeout(() => { if (!this.closed) this.connect(); }, 1000);
    };
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    this.say(t("table.not_connected"), true);
    return false;
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
    clearInterval(this.clockTimer);
    clearTimeout(this.sheetTimer);
    clearTimeout(this.busyTimer);
    for (const [target, type, fn, capture] of this.listeners) target.removeEventListener(type, fn, capture);
    for (const id of ["sheet-dialog", "choose-dialog", "history-dialog"]) if ($(id).open) $(id).close();
    renderInvite(null);
    $("elsewhere").hidden = true;
  }

  /** Whether this page only watches (no seat of its own). */
  watching() {
    return Boolean(this.state) && this.state.match.seat === null;
  }

  names() {
    return this.state ? seatNames(this.state.match) : [];
  }

  /** A refusal in the person's language: its reason said, else the server's English
   * words (or, in another language, that the server refused). */
  refusal(reason, message) {
    const said = sayReason(reason, (s) => this.seatName(s));
    if (said) return said;
    return language() === "en" || !message ? message || t("table.refused") : t("table.refused");
  }

  /** The header's help link opens the rules of this table's ruleset. */
  showHelpLink() {
    const link = $("help-link");
    if (link && this.state) link.href = `/static/help.html#/help/${this.state.match.ruleset}`;
  }

  seatName(seat) {
    return this.names()[seat] ?? String(seat);
  }

  receive(msg) {
    if (msg.type === "state") {
      if (msg.version < this.version) return; // an old message overtaken by a newer one
      if (this.version >= 0 && msg.version > this.version + 1) this.send({ type: "sync" });
      const changed = msg.version !== this.version;
      const before = this.state;
      this.version = msg.version;
      document.body.dataset.version = String(msg.version);
      document.body.dataset.deal = String(msg.state.match.deal_index);
      this.state = msg.state;
      if (isFreshDeal(before, msg.state) && !reducedMotion()) this.dealtAt = performance.now();
      this.clockInfo = msg.clock || null;
      this.seats = msg.seats || null;
      if (this.busy && (msg.version > this.busy.version || !this.busy.act)) this.unbusy();
      if (changed) {
        this.hints = null;
        this.hintIndex = -1;
        this.showLast = false;
        const { notice } = this;
        const kept = notice && noticeStands(notice, msg.state);
        if (!kept) this.notice = null;
        this.say(kept ? t(notice.key) : "");
      }
      this.render();
      if (changed && before) this.cues(before, msg.state);
      this.showHelpLink();
    } else if (msg.type === "error") {
      this.unbusy();
      this.autoplayAsked = undefined;
      if (msg.fatal) {
        this.closed = true; // nothing to reconnect to
        this.fatal = true;
        const words = msg.reason && msg.reason.code !== "no_such_match"
          ? this.refusal(msg.reason, msg.message) : t("table.no_such_match");
        this.say(words, true);
        $("status").textContent = words;
        $("controls").replaceChildren(button(t("btn.lobby"), () => { location.hash = "#/"; }, { id: "lobby-back" }));
        return;
      }
      this.say(msg.stale ? t("table.stale") : this.refusal(msg.reason, msg.message), true);
      if (this.state) this.renderControls();
    } else if (msg.type === "choose") {
      this.unbusy();
      this.choose(msg);
    } else if (msg.type === "hints" && msg.version === this.version) {
      this.hints = msg.plays;
      this.hintWhy = msg.why ? { why: msg.why, chance: msg.chance } : null;
      if (!this.hints.length) this.say(t("hint.none"));
      else this.nextHint();
    }
  }

  /** A sound for what just happened (sound.js makes it, unless muted); each is also
   * announced as a "cue" event on the document. */
  cue(name) {
    playSound(name);
    document.dispatchEvent(new CustomEvent("cue", { detail: name }));
  }

  /** The sounds of the change from ``before`` to ``after``: each play, pass, bomb and
   * rocket, a seat coming down to two cards or one (报双, 报单: said aloud too), the end
   * of a deal (won or lost), and the person's turn coming. */
  cues(before, after) {
    if (isFreshDeal(before, after)) this.cue("deal");
    if (before.match.deal_index !== after.match.deal_index) return;
    for (const entry of after.view.history.slice(before.view.history.length)) {
      if (!("play" in entry)) continue;
      const kind = entry.play.split(" ")[0];
      this.cue(entry.play === "pass" ? "pass" : kind === "bomb" || kind === "rocket" ? kind : "play");
    }
    const view = after.view;
    if (view.phase === "play") {
      view.cards_left.forEach((left, seat) => {
        if (left > 2 || left < 1 || left >= before.view.cards_left[seat]) return;
        const key = left === 1 ? "one_left" : "two_left";
        this.cue(key);
        speak(t(`speech.${key}`), language() === "zh" ? "zh-CN" : "en-US");
      });
    }
    if (view.phase === "over" && before.view.phase !== "over" && view.result) {
      this.cue(view.result.scores[view.seat] > 0 ? "win" : "lose");
    } else if (isActive(view, view.seat) && !isActive(before.view, view.seat) && !after.match.autoplay) {
      this.cue("turn");
    }
  }

  // ---------------------------------------------------------------- events

  on_(target, type, fn, capture = false) {
    target.addEventListener(type, fn, capture);
    this.listeners.push([target, type, fn, capture]);
  }

  bind() {
    this.on_(document, "keydown", (e) => this.key(e), true);
    this.on_(document, "pointerdown", () => { this.tabbed = false; }, true);
    this.on_(document, "pointerup", () => { this.dragging = null; });
    this.on_(document, "pointercancel", () => { this.dragging = null; });
    this.on_(document, "languagechange", () => this.languageChanged());
    this.on_($("count-button"), "click", () => this.toggleCount());
    this.on_($("last-button"), "click", () => this.toggleLast());
    this.on_($("history-button"), "click", () => this.showHistory());
    this.on_($("sort-button"), "click", () => this.toggleSort());
    this.on_($("sheet-button"), "click", () => this.showSheet(true));
    this.on_($("autoplay"), "change", () => this.sendAutoplay());
    this.on_($("autoplay-bot"), "change", () => { if ($("autoplay").checked) this.sendAutoplay(); });
    const hand = $("hand");
    this.on_(hand, "pointerdown", (e) => this.pointerDown(e));
    this.on_(hand, "pointermove", (e) => this.pointerMove(e));
    this.on_(window, "resize", () => { if (this.state) this.renderHand(); });
    this.fillLevels();
    this.showSortLabel();
  }

  fillLevels() {
    const select = $("autoplay-bot");
    const value = select.value || "normal";
    select.replaceChildren(...LEVELS.map((level) => new Option(levelName(level), level)));
    select.value = value;
  }

  languageChanged() {
    this.fillLevels();
    this.showSortLabel();
    if (!this.state) return;
    this.say("");
    this.render();
    if (this.choosing && $("choose-dialog").open) this.choose(this.choosing, false);
    if ($("history-dialog").open) this.fillHistory();
  }

  key(e) {
    if (e.key === "Tab") { this.tabbed = true; return; }
    if ($("table").hidden || this.closed || document.querySelector("dialog[open]")) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const focused = document.activeElement;
    const typing = focused && focused.matches("input[type=text], input:not([type]), textarea, [contenteditable]");
    if (typing) return;
    const key = e.key.length === 1 ? e.key.toUpperCase() : e.key;
    const onControl = focused && focused !== document.body && focused.matches("button, input, select, a");
    // a control reached with Tab keeps Enter and Space; one clicked last does not
    if (onControl && this.tabbed && (key === "Enter" || key === " ")) return;
    let handled = true;
    if (key === "Enter") this.play();
    else if (key === " ") this.pass();
    else if (key === "Escape") this.clear();
    else if (key === "H") this.hint();
    else if (key === "C") this.toggleCount();
    else if (key === "L") this.toggleLast();
    else if (key === "Backspace") this.unselectLast();
    else if (KEY_RANKS[key]) this.typeRank(KEY_RANKS[key]);
    else handled = false;
    if (!handled) return;
    e.preventDefault();
    e.stopPropagation();
    if (onControl) focused.blur(); // so that the key's release does not work the control
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
    return this.state && this.state.view.phase === "play" && !this.state.match.autoplay &&
      !this.cannotBeat();
  }

  /** Raise or lower the card at ``index`` of the hand (that card, not another of its rank). */
  setSelected(index, on) {
    if (!(index >= 0 && index < this.cards.length) || this.selected.has(index) === on) return;
    if (on) this.selected.add(index); else this.selected.delete(index);
    this.renderHand();
    this.renderControls();
  }

  /** The positions of the hand's cards of ``rank``, in the order the hand shows them. */
  positionsOf(rank) {
    return handOrder(this.cards, this.sortBy).filter((i) => rankOf(this.cards[i]) === rank);
  }

  typeRank(rank) {
    if (!this.canSelect()) return;
    const held = this.positionsOf(rank);
    if (this.patternMode) {
      // a run's lowest rank may be one the hand holds only as a wild card: typed, it is named
      if (held.length || (this.pattern.main === null && this.pattern.mains().includes(rank))) this.patternRank(rank);
      else this.say(t("hand.none_of", { rank: rankName(rank) }), true);
      return;
    }
    const free = held.find((i) => !this.selected.has(i));
    if (free !== undefined) this.setSelected(free, true);
    else this.say(t(held.length ? "hand.all_selected" : "hand.none_of", { rank: rankName(rank) }), true);
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
    m.classList.toggle("error", isError && Boolean(text));
  }

  // ---------------------------------------------------------------- actions

  markBusy(act = true) {
    this.busy = { version: this.version, act };
    clearTimeout(this.busyTimer);
    this.busyTimer = setTimeout(() => { this.unbusy(); if (this.state) this.renderControls(); }, BUSY_MS);
    if (this.state) this.renderControls();
  }

  unbusy() {
    this.busy = null;
    clearTimeout(this.busyTimer);
  }

  /** Send an action once: nothing more is sent until the server answered it. */
  act(action) {
    if (this.busy) return;
    if (this.send({ type: "act", action, version: this.version })) this.markBusy();
  }

  myTurn() {
    const view = this.state && this.state.view;
    return Boolean(view) && view.to_move === view.seat && !this.state.match.autoplay;
  }

  /** Whether the server said nothing in the person's hand beats the trick they are to
   * follow: one tap (or Enter, or Space) passes. */
  cannotBeat() {
    return this.myTurn() && Boolean(this.state.view.cannot_beat);
  }

  play() {
    const view = this.state && this.state.view;
    if (!view || view.phase !== "play" || this.busy) return;
    if (!this.myTurn()) { this.say(t("table.not_your_turn"), true); return; }
    if (this.cannotBeat()) { this.pass(); return; }
    if (this.patternMode) { this.playPattern(); return; }
    if (!this.selected.size) { this.say(t("table.select_first"), true); return; }
    this.sent = this.selectedCards();
    this.act({ cards: this.sent });
  }

  pass() {
    const view = this.state && this.state.view;
    if (!view || view.phase !== "play" || !this.myTurn() || this.busy) return;
    if (!view.legal.some((a) => a.play === "pass")) {
      this.say(t("reason.leader_may_not_pass"), true);
      return;
    }
    this.selected.clear();
    this.act({ play: "pass" });
  }

  next() {
    if (this.busy) return;
    if (this.send({ type: "next", version: this.version })) this.markBusy();
  }

  hint() {
    if (!this.state || this.state.view.phase !== "play" || !this.myTurn() || this.busy) return;
    if (this.cannotBeat()) {
      this.say(t("hint.cannot_beat", { play: topWords(this.state.view) }));
      return;
    }
    if (this.patternMode) this.togglePattern(false);
    if (this.hints) this.nextHint(); else this.send({ type: "hint" });
  }

  nextHint() {
    if (!this.hints || !this.hints.length) return;
    this.hintIndex = (this.hintIndex + 1) % this.hints.length;
    const hint = this.hints[this.hintIndex];
    this.selected = this.cardsForRanks(hint.ranks);
    const play = playWords({ play: hint.text, as: hint.as });
    const facts = { n: this.hintIndex + 1, of: this.hints.length, play };
    const coach = this.hintIndex === 0 ? this.hintWhy : null;
    this.say(coach ? t("hint.why", { ...facts, chance: Math.round(coach.chance * 100),
      why: whyWords(coach.why) }) : t("hint.n_of", facts));
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

  choose(msg, open = true) {
    this.choosing = msg;
    const box = $("choose-options");
    box.replaceChildren();
    $("choose-text").textContent = this.refusal(msg.reason, msg.message);
    const cards = this.sent;
    for (const option of msg.options) {
      const words = playWords({ play: option.text, as: option.as });
      box.append(button(words, () => {
        $("choose-dialog").close();
        this.choosing = null;
        this.act(cards.length ? { play: option.text, cards } : { play: option.text });
      }));
    }
    if (open) {
      $("choose-dialog").showModal();
      box.firstChild.focus();
    }
  }

  /** Asks the server to play the person's seat or stop; until a state shows the answer, the
   * checkbox keeps what the person asked (a state sent before the server read it would undo
   * the click). */
  sendAutoplay() {
    const bot = $("autoplay").checked ? $("autoplay-bot").value : null;
    if (this.send({ type: "autoplay", bot })) this.autoplayAsked = bot;
  }

  /** The creator hands a person's empty seat to a computer (at the level chosen for
   * auto-play), or takes it back; the server says whether that seat is away long enough. */
  handOver(seat, on) {
    this.send({ type: "autoplay", seat, bot: on ? $("autoplay-bot").value : null });
  }

  toggleCount() {
    const open = $("count-strip").hidden;
    remember(COUNT_KEY, open ? "1" : "0");
    this.showCount(open);
    renderCount(this.state);
  }

  /** The count strip open or closed (its button says which). */
  showCount(open) {
    $("count-strip").hidden = !open;
    $("count-button").setAttribute("aria-pressed", String(open));
  }

  toggleLast() {
    if (!this.state) return;
    this.showLast = !this.showLast;
    this.renderSpots();
    if (this.showLast && !this.previousTrick()) this.say(t("table.no_last_trick"));
  }

  toggleSort() {
    this.sortBy = HAND_ORDERS[(HAND_ORDERS.indexOf(this.sortBy) + 1) % HAND_ORDERS.length];
    remember(SORT_KEY, this.sortBy);
    this.showSortLabel();
    if (this.state) this.renderHand();
  }

  showSortLabel() {
    const b = $("sort-button");
    b.textContent = t(`tools.sort_${this.sortBy}`);
    b.dataset.sort = this.sortBy;
  }

  previousTrick() {
    const { view } = this.state;
    return lastTrick(view.history, view.trick);
  }

  // ---------------------------------------------------------------- naming a pattern

  togglePattern(on) {
    this.patternMode = on;
    this.selected.clear();
    this.pattern = on ? new PatternEntry(this.state.match.patterns, this.state.match.bomb_sizes) : null;
    if (on) this.pattern.setPlays(this.state.view.pattern_plays);
    this.say(on ? t("pattern.start") : "");
    this.render();
  }

  patternCard(card) {
    this.patternRank(rankOf(card));
  }

  /** A card of ``rank`` clicked, or the rank typed, while naming a pattern. */
  patternRank(rank) {
    if (!this.myTurn()) { this.say(t("table.not_your_turn"), true); return; }
    const error = this.pattern.addRank(rank);
    this.say(error, Boolean(error));
    if (error) return;
    this.renderHand();
    this.renderPattern();
    this.renderControls();
  }

  playPattern() {
    const action = this.pattern.action();
    if (typeof action === "string") { this.say(action, true); return; }
    const marked = this.namedCards();
    if (marked.size) action.cards = [...marked].map((i) => this.cards[i]);
    this.act(action);
  }

  /** The positions of the hand's cards the pattern named so far puts on the table. */
  namedCards() {
    if (!this.patternMode) return new Set();
    return rankPositions(this.cards, handOrder(this.cards, this.sortBy), this.pattern.named());
  }

  renderPattern() {
    const panel = $("pattern");
    panel.hidden = !this.patternMode;
    if (!this.patternMode) return;
    this.pattern.render(panel, (note) => {
      this.say(note);
      this.render();
    });
  }

  // ---------------------------------------------------------------- rendering

  render() {
    if (!this.state || this.fatal) return;
    const { view, match } = this.state;
    const names = this.names();
    const mine = view.to_move === view.seat && !["over", "thrown_in"].includes(view.phase);
    document.title = `${mine ? t("title.your_turn") : t("title.table")} · dizhu`;
    setWild(view.wild); // every card of a wild rank is drawn marked
    this.keepSelection(view.hand);
    if (view.phase !== "play" || match.autoplay) {
      this.selected.clear();
      if (this.patternMode) { this.patternMode = false; this.pattern = null; }
    }
    if (this.patternMode) this.pattern.setPlays(view.pattern_plays);
    renderInfo(this.state, this.rulesetTitle(match.ruleset));
    renderStake(this.state, names);
    ensureSeats(match.seats, viewerSeat(match));
    $("table").dataset.seats = String(match.seats);
    $("table").dataset.phase = view.phase;
    $("table").classList.toggle("watching", this.watching());
    const handOver = match.seat === 0 ? (seat, on) => this.handOver(seat, on) : null;
    for (let seat = 0; seat < match.seats; seat++) {
      renderSeat(this.state, seat, names, { autoplay: Boolean(match.autoplay), seats: this.seats, handOver });
    }
    renderInvite(match.seat === 0 ? this.on.links : null, this.state, names);
    // the same seat open in another browser (its link opened elsewhere) or another tab
    $("elsewhere").hidden = !(this.seats && this.seats.twice && this.seats.twice.includes(match.seat));
    this.renderSpots();
    renderKitty(this.state);
    renderStatus(this.state, names);
    this.renderHand();
    this.renderControls();
    this.renderPattern();
    renderCount(this.state);
    if (this.autoplayAsked !== undefined && Boolean(this.autoplayAsked) === Boolean(match.autoplay)) {
      this.autoplayAsked = undefined;
    }
    $("autoplay").checked = Boolean(this.autoplayAsked === undefined ? match.autoplay : this.autoplayAsked);
    if (match.autoplay) $("autoplay-bot").value = match.autoplay.split(":")[0];
    this.setClock();
    if ($("history-dialog").open) this.fillHistory();
    if ($("sheet-dialog").open && this.sheetDeal !== match.deal_index) {
      // someone started the next deal: the last deal's sheet gives way to it
      $("sheet-dialog").close();
      this.notice = { deal: match.deal_index, key: "table.next_started" };
      this.say(t(this.notice.key));
    }
    if (view.phase === "play") this.dealInPlay = match.deal_index;
    if (view.phase === "over" && this.sheetShownFor !== match.deal_index) {
      // the sheet opens once per deal: after a moment when the deal ended before the
      // person's eyes (its last play is seen), at once on a page opened on a finished deal
      // and under auto-play (the next deal comes by itself after the time to read it)
      const deal = match.deal_index;
      this.sheetShownFor = deal;
      clearTimeout(this.sheetTimer);
      const show = () => {
        const now = this.state;
        if (!this.closed && now.view.phase === "over" && now.match.deal_index === deal) this.showSheet(false);
      };
      if (this.dealInPlay === deal && !match.autoplay) this.sheetTimer = setTimeout(show, SHEET_DELAY_MS);
      else show();
    } else if ($("sheet-dialog").open) {
      // drawn again as the match moves on (a friend's seat, the match played again): the
      // focus stays on the button it was on, or goes to the first one where that is gone
      const was = document.activeElement;
      const kept = $("sheet-buttons").contains(was) ? was.id : null;
      const primary = this.fillSheet();
      if (kept !== null) (document.getElementById(kept) || primary).focus();
    }
  }

  renderSpots() {
    const { match } = this.state;
    const names = this.names();
    const past = this.showLast ? this.previousTrick() : null;
    for (let seat = 0; seat < match.seats; seat++) renderSpot(this.state, seat, names, { past });
    $("felt").classList.toggle("showing-past", Boolean(past));
    $("last-button").setAttribute("aria-pressed", String(Boolean(past)));
    $("past-label").hidden = !past;
    $("past-label").textContent = t("table.last_trick");
  }

  fillSheet() {
    return fillSheet(this.state, this.names(), shortNames(this.state.match), {
      replay: (index) => this.replay(index),
      next: () => { $("sheet-dialog").close(); this.next(); },
      again: this.canPlayAgain() ? () => { $("sheet-dialog").close(); this.playAgain(); } : null,
      lobby: this.state.match.seat === 0 ? () => { $("sheet-dialog").close(); location.hash = "#/"; } : null,
      credential: this.credential,
    });
  }

  /** Whether this page can go on to the match played again: once the match is over, the
   * creator's page makes it; the others follow once it is made. */
  canPlayAgain() {
    const { match } = this.state;
    if (!(match.finished || match.abandoned)) return false;
    return Boolean(match.again) || (match.seat === 0 && Boolean(this.on.playAgain));
  }

  playAgain() {
    const { match } = this.state;
    if (match.again && this.on.follow) this.on.follow(match.again, match.seat);
    else if (match.seat === 0 && this.on.playAgain) this.on.playAgain(match);
  }

  rulesetTitle(name) {
    const found = this.lobby && this.lobby.rulesets && this.lobby.rulesets.find((r) => r.name === name);
    const words = t(`ruleset.${name}`);
    return words !== `ruleset.${name}` ? words : found ? found.title : name;
  }

  /** The hand, fanned to fit the width, in the order the person sorts it by; the kitty's
   * cards marked while the landlord (the person) holds them. */
  renderHand() {
    const { view } = this.state;
    const fromKitty = view.landlord === view.seat && view.kitty && view.phase !== "over"
      ? kittyPositions(this.cards, view.kitty) : new Set();
    const dealing = this.dealtAt === undefined ? DEAL_MS : performance.now() - this.dealtAt;
    renderHand($("hand"), {
      cards: this.cards,
      dealing: dealing < DEAL_MS ? { elapsed: dealing, within: DEAL_MS } : null,
      order: handOrder(this.cards, this.sortBy),
      selected: this.selected,
      named: this.namedCards(),
      offered: this.patternMode && this.pattern.kind ? this.pattern.offered() : null,
      fromKitty,
      patternMode: this.patternMode,
    });
    $("hand").classList.toggle("to-move", this.myTurn() && view.phase === "play");
    $("hand").classList.toggle("cannot-beat", this.cannotBeat());
  }

  renderControls() {
    const { view, match } = this.state;
    const box = $("controls");
    box.replaceChildren();
    const myTurn = this.myTurn();
    const busy = Boolean(this.busy);
    box.classList.toggle("busy", busy);
    const add = (label, fn, opts = {}) => {
      box.append(button(label, fn, { ...opts, disabled: opts.disabled || busy }));
    };
    const again = () => {
      if (this.canPlayAgain()) add(againWords(match), () => this.playAgain(), { cls: "primary", id: "play-again" });
    };
    if (match.abandoned) {
      again();
      add(t("btn.lobby"), () => { location.hash = "#/"; }, { id: "lobby-back" });
      return;
    }
    if (this.watching()) {
      const note = el("span", "note watching-note", this.seats && this.seats.watching > 1
        ? t("table.watching_with", { n: this.seats.watching - 1 }) : t("table.watching"));
      note.id = "watching";
      box.append(note);
      if (match.finished) again();
      return;
    }
    if (match.autoplay && !["over", "thrown_in"].includes(view.phase)) {
      box.append(el("span", "note", t("table.autoplaying", { level: levelName(match.autoplay) })));
      box.append(button(t("btn.stop_autoplay"), () => {
        $("autoplay").checked = false;
        this.sendAutoplay();
      }, { id: "autoplay-off" }));
      return;
    }
    if (view.phase === "auction" && myTurn) {
      const rob = view.rules.auction === "rob";
      const called = view.bids.some(([, token]) => token === "call");
      for (const a of view.legal) {
        const token = String(a.bid);
        const pass = token === "pass";
        const label = actionWords({ bid: token }, { rob, before: called ? [{ bid: "call" }] : [] });
        add(label, () => this.act({ bid: token }), { cls: pass ? "bid" : "primary bid", id: `bid-${token}` });
      }
    } else if (view.phase === "doubling" && myTurn) {
      for (const a of view.legal) {
        const word = actionWords({ double: a.double, seat: view.seat }, { landlord: view.landlord });
        add(a.double ? `${word} ×2` : word, () => this.act({ double: a.double }),
            { cls: a.double ? "primary" : "", id: a.double ? "double-yes" : "double-no" });
      }
    } else if (view.phase === "play" && this.cannotBeat()) {
      // nothing beats the trick: one button passes, Hint says why; the others stay, hidden
      add(t("btn.cannot_beat"), () => this.pass(), { id: "pass", cls: "primary cannot-beat",
        title: `${t("key.enter")} · ${t("key.space")}` });
      add(t("btn.hint"), () => this.hint(), { id: "hint", title: t("key.h") });
      for (const id of ["play", "clear", "pattern-toggle"]) {
        const quiet = button("", () => {}, { id, disabled: true });
        quiet.hidden = true;
        box.append(quiet);
      }
    } else if (view.phase === "play") {
      const canPass = myTurn && view.legal.some((a) => a.play === "pass");
      const ready = this.patternMode ? Boolean(this.pattern.kind) : this.selected.size > 0;
      add(t("btn.play"), () => this.play(), { id: "play", cls: "primary", disabled: !myTurn || !ready, title: t("key.enter") });
      add(t("btn.pass"), () => this.pass(), { id: "pass", disabled: !canPass, title: t("key.space") });
      add(t("btn.hint"), () => this.hint(), { id: "hint", disabled: !myTurn, title: t("key.h") });
      add(t("btn.clear"), () => this.clear(), { id: "clear", title: t("key.esc") });
      const toggle = button("", () => this.togglePattern(!this.patternMode),
                            { id: "pattern-toggle", cls: "quiet", disabled: busy });
      toggle.append(el("span", "wide-only", t(this.patternMode ? "btn.select_cards" : "btn.name_pattern")),
                    el("span", "narrow-only", t(this.patternMode ? "btn.select_cards_short" : "btn.name_pattern_short")));
      box.append(toggle);
    } else if (view.phase === "over" || view.phase === "thrown_in") {
      if (match.finished) {
        again();
        add(t("tools.sheet"), () => this.showSheet(true), { cls: this.canPlayAgain() ? "" : "primary", id: "show-sheet" });
        // the lobby is the creator's (a friend's page may be on another machine)
        if (match.seat === 0) add(t("btn.lobby"), () => { location.hash = "#/"; }, { id: "lobby-back" });
      } else if (view.phase === "over") {
        add(t("btn.next_deal"), () => this.next(), { id: "next-deal", cls: "primary" });
      }
    }
  }

  // ---------------------------------------------------------------- turn clock

  /** The person's turn clock, when the match has one: it counts down from what the server
   * says is left (the state message's ``clock``: {seconds, left}). */
  setClock() {
    const { match } = this.state;
    const info = this.clockInfo || {};
    const seconds = Number(info.seconds ?? match.clock ?? 0);
    const mine = this.myTurn() && ["auction", "doubling", "play"].includes(this.state.view.phase);
    if (!seconds || !mine) { this.deadline = null; this.tick(); return; }
    const left = info.left ?? seconds;
    const key = `${this.version}`;
    if (this.deadlineFor !== key) {
      this.deadlineFor = key;
      this.deadline = performance.now() + left * 1000;
      this.clockSeconds = seconds;
    }
    this.tick();
  }

  tick() {
    const clock = document.querySelector(".seat.mine .clock");
    if (!clock) return;
    if (!this.deadline) { clock.textContent = ""; clock.hidden = true; delete clock.dataset.left; return; }
    const left = Math.max(0, Math.ceil((this.deadline - performance.now()) / 1000));
    clock.hidden = false;
    if (clock.dataset.left !== String(left)) {
      if (left <= 5 && left > 0 && clock.dataset.left) this.cue("tick");
      clock.dataset.left = String(left);
    }
    clock.replaceChildren(icon("clock"), t("clock.left", { n: left }));
    clock.classList.toggle("urgent", left <= 5);
    clock.style.setProperty("--part", String(Math.min(1, left / (this.clockSeconds || 1))));
  }

  // ---------------------------------------------------------------- history, sheet, replay

  showHistory() {
    if (!this.state) return;
    this.fillHistory();
    $("history-dialog").showModal();
    $("history-close").focus();
  }

  /** The deal so far: the auction's answers, then every trick, who played what in order. */
  fillHistory() {
    const { view } = this.state;
    const names = this.names();
    const body = $("history-body");
    body.replaceChildren();
    const rob = view.rules.auction === "rob";
    const auction = view.history.filter((e) => "bid" in e || "double" in e);
    if (auction.length) {
      const part = el("section", "history-auction");
      part.append(el("h3", "", t("history.auction")));
      const list = el("ol", "history-list");
      auction.forEach((entry, i) => {
        const li = el("li");
        li.append(el("span", "who", names[entry.seat]),
                  el("span", "what", actionWords(entry, { before: auction.slice(0, i), landlord: view.landlord, rob })));
        list.append(li);
      });
      part.append(list);
      body.append(part);
    }
    const tricks = tricksOf(view.history);
    tricks.forEach((trick, n) => {
      const part = el("section", "history-trick");
      part.append(el("h3", "", t("history.trick", { n: n + 1 })));
      const list = el("ol", "history-list");
      for (const entry of trick) {
        const li = el("li", entry.play === "pass" ? "pass" : "");
        li.append(el("span", "who", names[entry.seat]), el("span", "what", actionWords(entry)));
        if (entry.cards.length) li.append(cardRow(entry.cards, "tiny"));
        list.append(li);
      }
      part.append(list);
      body.append(part);
    });
    if (!auction.length && !tricks.length) body.append(el("p", "note", t("history.empty")));
    body.scrollTop = body.scrollHeight;
  }

  showSheet(force) {
    if (!this.state) return;
    const primary = this.fillSheet();
    const dialog = $("sheet-dialog");
    this.sheetDeal = this.state.match.deal_index;
    if (force || !dialog.open) {
      if (!dialog.open) dialog.showModal();
      $("sheet-body").scrollTop = 0;
      primary.focus();
    }
  }

  async replay(index) {
    try {
      const data = await api(`/api/matches/${this.id}/deals/${index}/replay?${this.credential}`);
      const match = this.state.match;
      const sheet = match.sheets.find((s) => s.index === index);
      const number = sheet ? sheet.number : index + 1;
      const review = `/api/matches/${this.id}/deals/${index}/review?${this.credential}`;
      openReplay(data, {
        title: () => t("replay.deal_title", { n: number }),
        names: () => seatNames(match),
        file: `dizhu-match${this.id}-deal${number}.json`,
        review: {
          fetch: (seat, deals) => api(`${review}&seat=${seat}&deals=${deals}`),
          fetchAllHands: () => api(`${review}&what=all_hands`),
          seat: Math.max(0, viewerSeat(match)),
        },
      });
    } catch (e) {
      this.say(this.refusal(e.reason, e.message), true);
    }
  }
}
