// The table's board: the match line and the stake, the seats around the felt with the
// play in front of each, the kitty and the status line, the count strip. Each function
// draws from the state the server sent (and the seat names of names.js), nothing else.

import { avatar } from "./avatars.js";
import { backRow, cardRow } from "./cards.js";
import { $, button, el, escapeHtml, reducedMotion } from "./dom.js";
import { isolate, rankName, t } from "./i18n.js";
import { levelName, seatPlace } from "./names.js";
import { answerWord, doubleWord, playedWords, topWords, wildWords } from "./words.js";

/** Card backs drawn for a hidden hand at most (its count says how many it holds). */
const MAX_BACKS = 20;
/** How long a cleared trick takes to leave the table (ms; none with reduced motion). */
const CLEAR_MS = 650;

/** Make the felt hold ``seats`` seats and a play spot in front of each, seen from seat
 * ``me`` (its box at the bottom). Boxes keep their seat's number: ``#seat-N``, ``#play-N``. */
export function ensureSeats(seats, me = 0) {
  const felt = $("felt");
  if (felt.dataset.seats === String(seats) && felt.dataset.me === String(me)) return;
  for (const old of felt.querySelectorAll(".seat, .spot")) old.remove();
  for (let seat = 0; seat < seats; seat++) {
    const place = seatPlace(seat, seats, me);
    const box = el("div", `seat seat-${place}`);
    box.id = `seat-${seat}`;
    box.dataset.place = place;
    const spot = el("div", `spot spot-${place}`);
    spot.id = `play-${seat}`;
    spot.dataset.place = place;
    spot.append(el("div", "shown"));
    felt.append(box, spot);
  }
  felt.dataset.seats = String(seats);
  felt.dataset.me = String(me);
}

// ------------------------------------------------------------------ the match line

/** "Deal 2 of 5 · Classic" (each seat's total stands in its box); a deal thrown in says it is
 * dealt again under the number of the deal that replaces it. */
export function renderInfo({ match, view }, rulesetTitle) {
  const box = $("match-info");
  box.replaceChildren();
  const deal = match.deal_number ?? match.scored + 1; // a thrown-in deal's is dealt again
  const length = match.mode === "deals"
    ? t("info.deal_of", { n: deal, of: match.target })
    : t("info.race_deal", { target: match.target, n: deal });
  box.append(el("span", "length", match.deal_number === null ? length + t("info.redeal") : length));
  box.append(el("span", "ruleset-name", rulesetTitle));
  if (match.wild_ranks) box.append(wildInfo(view.wild || "", match.wild_ranks));
}

/** The deal's wild ranks as the table shows them: none yet (drawn once the auction ends),
 * the one of ``laizi``, or ``tiandi``'s sky (before the auction) and ground. */
function wildInfo(wild, count) {
  const box = el("span", "wild-rank");
  box.dataset.wild = wild;
  box.append(el("span", "wild-chip", t("card.wild_badge")), el("span", "wild-words", wildWords(wild, count)));
  box.title = t("wild.note");
  return box;
}

/** The stake line: always the stake and the person's own stake first (a dash before the
 * auction has one), then what multiplied it. One line, in the same place in every phase. */
export function renderStake({ view }, names) {
  const box = $("stake");
  box.replaceChildren();
  const stake = view.stake;
  const known = view.auction.stake > 0;
  const chip = (key, facts, cls = "") => {
    const span = el("span", `chip ${cls}`);
    span.innerHTML = t(key, Object.fromEntries(Object.entries(facts).map(
      ([k, v]) => [k, `<b>${escapeHtml(v)}</b>`])));
    return span;
  };
  box.append(chip("stake.now", { n: known ? stake.now : "–" }, "stake-now"));
  if (view.seat >= 0) box.append(chip("stake.mine", { n: known ? stake.mine : "–" }, "stake-mine"));
  if (known) {
    if (view.rules.auction === "rob") {
      box.append(view.auction.robs ? chip("stake.robs", { n: view.auction.robs, x: view.auction.stake })
        : chip("stake.called", {}));
    } else {
      box.append(chip("stake.bid", { n: view.auction.stake }));
    }
  }
  if (view.bombs) box.append(chip("stake.bombs", { n: view.bombs, x: 2 ** view.bombs }));
  if (view.rockets) box.append(chip("stake.rocket", {}));
  if (stake.spring_possible) box.append(chip("stake.spring", {}, "maybe"));
  if (stake.anti_spring_possible) box.append(chip("stake.anti_spring", {}, "maybe"));
  view.doubled.forEach((d, seat) => {
    if (d) box.append(chip("stake.doubled", { name: names[seat] }));
  });
  if (view.redoubled) box.append(chip("stake.redoubled", {}));
}

// ------------------------------------------------------------------ seats

function roleOf(view, seat) {
  if (view.landlord < 0) return "";
  return seat === view.landlord ? "landlord" : "peasant";
}

/** What the auction and doubling left at a seat, for its box: "bid 2", "called · robbed". */
function seatMarks(view, seat) {
  const rob = view.rules.auction === "rob";
  const marks = [];
  const answers = [];
  let called = false;
  for (const [s, token] of view.bids) {
    if (s === seat) answers.push(answerWord(token, { rob, called }));
    if (token === "call") called = true;
  }
  if (answers.length && (view.phase === "auction" || seat === view.landlord)) {
    marks.push(rob ? answers.join(" · ") : answers[answers.length - 1]);
  }
  if (view.doubled[seat] && seat !== view.landlord) marks.push(doubleWord(true, false));
  if (seat === view.landlord && view.redoubled) marks.push(doubleWord(true, true));
  return marks;
}

/** When each mark that enters with a movement (a seat's 报单/报双 badge, the pulse of a seat
 * that thinks) appeared: its place ("alert-2") -> {key, at} (performance.now()). */
const appeared = new Map();

/** ``node``'s movement (its CSS animation) going on from where the mark of ``place`` was
 * when its box was drawn before, when that was the same mark (``key``): the boxes are drawn
 * again for every state, and a mark already on the screen must not start its movement
 * again. A new mark starts it. ``node`` null: the place shows no mark now. */
function enteredOnce(node, place, key) {
  const now = performance.now();
  const before = appeared.get(place);
  if (!node) {
    appeared.delete(place);
  } else if (before && before.key === key) {
    node.style.animationDelay = `${Math.round(before.at - now)}ms`;
  } else {
    appeared.set(place, { key, at: now });
  }
  return node;
}

export function isActive(view, seat) {
  return view.to_move === seat && !["over", "thrown_in"].includes(view.phase);
}

/** What a person's seat shows of who is there: nobody yet, away, or played by a computer
 * for them; the creator's page offers to hand an empty seat to a computer and back. */
function presenceLine({ match }, seat, seats, handOver) {
  if (!seats || !match.people.includes(seat) || seat === match.seat) return null;
  const line = el("div", "presence");
  const level = match.autoplays[String(seat)];
  const here = seats.present.includes(seat);
  const words = match.names[seat] === null ? t("seat.invited") : here ? "" : t("seat.away");
  line.append(el("span", `presence-note${here ? "" : " away"}`,
    level ? t("seat.computer_for", { level: levelName(level) }) : words));
  line.dataset.present = String(here);
  const over = match.finished || match.abandoned;
  const soon = seats.away_in && seats.away_in[String(seat)];
  if (handOver && !level && !over && soon !== undefined) {
    line.append(el("small", "presence-soon", t("seat.hand_over_in", { n: soon })));
  }
  if (handOver && seats.away.includes(seat) && !over) {
    line.append(level
      ? button(t("btn.take_back"), () => handOver(seat, null), { id: `take-back-${seat}`, cls: "small" })
      : button(t("btn.hand_over"), () => handOver(seat, true), { id: `hand-over-${seat}`, cls: "small" }));
  }
  return line;
}

/** The face of a seat (avatars.js): who sits there, the hat of their role, their mood at
 * the end of a deal. */
function seatFace({ view, match }, seat, role) {
  const level = seat > 0 && match.bots ? match.bots[seat - 1] || "" : "";
  const who = level ? `${level}|${seat}` : `${match.names[seat] ?? ""}|${seat}`;
  const score = view.phase === "over" && view.result ? view.result.scores[seat] : 0;
  return avatar({ who, role, level, mood: score > 0 ? "won" : score < 0 ? "lost" : "" });
}

/** What the seat to move shows: [words, class]. The person's own turn (or auto-play); a
 * computer seat, or one on auto-play, thinks; a friend at the table has their turn; a
 * friend's seat nobody sits at, or whose page is closed, waits for them. */
function turnWords({ view, match }, seat, { autoplay, seats }) {
  if (seat === view.seat) return [autoplay ? "seat.autoplaying" : "seat.your_turn", ""];
  if (!match.people.includes(seat) || match.autoplays[String(seat)]) return ["seat.thinking", "thinking"];
  const here = match.names[seat] !== null && (!seats || seats.present.includes(seat));
  return here ? ["seat.their_turn", "theirs"] : ["seat.waiting", "waiting"];
}

/** A seat's box: name, role, cards left (and their backs), what it bid, whose turn, and
 * for a person's seat whether they are at the table (``seats``: the server's presence). */
export function renderSeat({ view, match }, seat, names, { autoplay = false, seats = null,
  handOver = null } = {}) {
  const box = $(`seat-${seat}`);
  box.replaceChildren();
  const role = roleOf(view, seat);
  const active = isActive(view, seat);
  box.classList.toggle("landlord", role === "landlord");
  box.classList.toggle("to-move", active);
  box.classList.toggle("mine", seat === view.seat);
  const head = el("div", "seat-head");
  head.append(el("span", "name", names[seat]));
  const total = el("span", "score", t("seat.score", { n: match.totals[seat] }));
  total.title = t("seat.total");
  head.append(total);
  box.append(head);
  const line = el("div", "seat-line");
  line.append(seatFace({ view, match }, seat, role));
  const badge = el("span", `role ${role || "none"}`, role ? t(`role.${role}`) : "");
  const left = view.cards_left[seat];
  const count = el("span", "left");
  count.title = t("seat.cards_left");
  count.innerHTML = t("seat.cards", { n: `<b>${left}</b>`, count: left });
  count.classList.toggle("few", view.phase === "play" && left <= 2);
  line.append(badge, count);
  const calling = view.phase === "play" && (left === 1 || left === 2); // 报单, 报双: called out
  const alert = calling ? el("span", `alert alert-${left}`, t(left === 1 ? "seat.one_left" : "seat.two_left")) : null;
  if (alert) line.append(alert);
  enteredOnce(alert, `alert-${seat}`, `${match.deal_index}:${left}`);
  box.append(line);
  if (seat !== view.seat) {
    const backs = backRow(Math.min(left, MAX_BACKS));
    backs.setAttribute("aria-hidden", "true");
    box.append(backs);
  }
  const marks = el("div", "marks", seatMarks(view, seat).join(" · "));
  box.append(marks);
  const presence = presenceLine({ match }, seat, seats, handOver);
  if (presence) box.append(presence);
  const turn = el("div", "turn");
  let mark = null;
  if (active) {
    const [key, cls] = turnWords({ view, match }, seat, { autoplay, seats });
    mark = el("span", `turn-mark ${cls}`, t(key));
    turn.append(mark, el("span", "clock"));
  }
  enteredOnce(mark, `turn-${seat}`, `${match.deal_index}:${view.history.length}:${mark && mark.className}`);
  box.append(turn);
}

// ------------------------------------------------------------------ plays in front of seats

/** What a seat's spot shows now: {key, kind: "cards" | "word", cards, words, cls}. */
function spotContent(view, seat, names, { past = null } = {}) {
  const rob = view.rules.auction === "rob";
  if (past) {
    const entries = past.filter((e) => e.seat === seat);
    const entry = entries[entries.length - 1];
    if (!entry) return null;
    return entry.play === "pass"
      ? { key: "past", kind: "word", words: t("kind.pass"), cls: "pass past" }
      : { key: "past", kind: "cards", cards: entry.cards, words: playedWords(entry), cls: "past" };
  }
  if (view.phase === "auction") {
    let called = false;
    let found = null;
    view.bids.forEach(([s, token], i) => {
      if (s === seat) found = { key: `bid${i}`, kind: "word", words: answerWord(token, { rob, called }),
                                cls: token === "pass" ? "pass" : "bid" };
      if (token === "call") called = true;
    });
    return found;
  }
  if (view.phase === "doubling") {
    const answer = view.history.map((e, i) => [e, i]).filter(([e]) => "double" in e && e.seat === seat).pop();
    if (!answer) return null;
    const [entry, i] = answer;
    return { key: `double${i}`, kind: "word", words: doubleWord(entry.double, seat === view.landlord),
             cls: entry.double ? "bid" : "pass" };
  }
  if (view.phase === "over" && view.final_hands && seat !== view.seat && view.final_hands[seat].length) {
    return { key: "final", kind: "cards", cards: view.final_hands[seat], words: "", cls: "revealed" };
  }
  if (view.phase === "play" || view.phase === "over") {
    const start = view.history.length - view.trick.length;
    const top = view.trick.map((e) => e.play !== "pass").lastIndexOf(true);
    let found = null;
    view.trick.forEach((entry, i) => {
      if (entry.seat !== seat) return;
      found = entry.play === "pass"
        ? { key: `h${start + i}`, kind: "word", words: t("kind.pass"), cls: "pass" }
        : { key: `h${start + i}`, kind: "cards", cards: entry.cards, words: playedWords(entry),
            cls: i === top ? "top" : "beaten", play: entry.play };
    });
    return found;
  }
  return null;
}

/** Draw the spot in front of ``seat``: its play in the current trick (cards arriving from
 * the seat), its bid or doubling answer, or its revealed hand once the deal is over; a
 * trick that cleared leaves visibly. ``past``: the last trick, shown on request instead. */
export function renderSpot(state, seat, names, { past = null } = {}) {
  const { view } = state;
  const spot = $(`play-${seat}`);
  const shown = spot.querySelector(".shown");
  const content = spotContent(view, seat, names, { past });
  const key = content ? `${content.key}:${content.cls}:${content.words}` : "";
  const clearing = !past && !content && spot.dataset.kind === "cards" && view.phase === "play" &&
    !view.trick.length && !spot.classList.contains("showing-past");
  if (clearing && !reducedMotion()) {
    const old = spot.querySelector(".leaving");
    if (old) old.remove();
    const leaving = shown.cloneNode(true);
    leaving.className = "leaving";
    leaving.setAttribute("aria-hidden", "true");
    spot.append(leaving);
    setTimeout(() => leaving.remove(), CLEAR_MS);
  }
  spot.classList.toggle("showing-past", Boolean(past));
  if (spot.dataset.key === key) return;
  const fresh = !past && content && content.key !== "final" && content.key !== "past" &&
    !(spot.dataset.key || "").startsWith(`${content.key}:`);
  spot.dataset.key = key;
  spot.dataset.kind = content ? content.kind : "";
  shown.replaceChildren();
  shown.className = `shown ${content ? content.cls : ""}`;
  if (!content) return;
  if (content.kind === "cards") {
    shown.append(cardRow(content.cards, content.key === "final" ? "small revealed" : "played"));
    if (content.words) shown.append(el("div", "play-label", content.words));
    if (content.play) shown.dataset.play = content.play;
  } else {
    shown.append(el("span", "bubble", content.words));
  }
  if (fresh && !reducedMotion() && spot.dataset.drawn) {
    shown.classList.add("arrive");
  }
  spot.dataset.drawn = "1";
}

// ------------------------------------------------------------------ centre

export function renderKitty({ view }) {
  const kitty = $("kitty");
  kitty.replaceChildren();
  kitty.append(el("div", "kitty-label", t("table.kitty")));
  kitty.append(view.kitty ? cardRow(view.kitty, "small") : backRow(view.rules.kitty_size, "small"));
}

export function renderStatus(state, names) {
  $("status").textContent = statusText(state, names);
}

function statusText({ view, match }, names) {
  const name = (s) => names[s];
  const mine = view.to_move === view.seat;
  if (match.abandoned) return t("status.abandoned");
  if (match.finished) {
    const winners = match.winners.map((s) => isolate(name(s)));
    return winners.length > 1 ? t("status.match_shared", { names: winners.join(t("list.and")) })
      : t("status.match_won", { name: winners[0] });
  }
  switch (view.phase) {
    case "auction": {
      if (view.rules.auction !== "rob") return mine ? t("status.your_bid") : t("status.to_bid", { name: name(view.to_move) });
      const robbing = view.legal.some((a) => a.bid === "rob") || view.auction.stake > 0;
      if (mine) return t(robbing ? "status.your_rob" : "status.your_call");
      return t(robbing ? "status.to_rob" : "status.to_call", { name: name(view.to_move) });
    }
    case "doubling":
      if (mine) return t(view.seat === view.landlord ? "status.your_redouble" : "status.your_double");
      return t("status.to_double", { name: name(view.to_move) });
    case "play": {
      if (!mine) return t("status.to_play", { name: name(view.to_move) });
      if (!view.top) return t("status.your_lead");
      if (view.cannot_beat) return t("status.cannot_beat", { play: topWords(view) });
      return t("status.beat", { play: topWords(view), name: name(view.top_seat) });
    }
    case "thrown_in": return t("status.thrown_in");
    case "over": {
      const r = view.result;
      if (view.seat < 0) return t(r.landlord_won ? "status.landlord_won_watched" : "status.peasants_won_watched");
      const points = r.scores[view.seat];
      return t(r.landlord_won ? "status.landlord_won" : "status.peasants_won",
               { points: `${points > 0 ? "+" : ""}${points}` });
    }
    default: return "";
  }
}

// ------------------------------------------------------------------ count strip

/** The count strip, drawn after every change whether it is open or not (opened, it is
 * already right). */
export function renderCount(state) {
  const strip = $("count-strip");
  if (!state) return;
  const count = state.view.count_strip;
  if (!count) {
    strip.replaceChildren(el("span", "count-note", t("count.after_auction")));
    return;
  }
  strip.replaceChildren();
  const bombs = new Set(count.bombs);
  const wild = new Set(state.view.wild || "");
  for (const [rank, n] of count.unseen) {
    const cell = el("span", "count-cell");
    cell.dataset.rank = rank;
    const joker = rank === "B" || rank === "R";
    const marked = bombs.has(rank) || (joker && count.rocket);
    cell.classList.toggle("possible-bomb", marked);
    cell.classList.toggle("none-left", n === 0);
    cell.title = joker ? (count.rocket ? t("count.rocket_possible") : "")
      : bombs.has(rank) ? t("count.bomb_possible") : "";
    cell.append(el("span", "count-rank", joker ? t(`count.joker.${rank}`) : rankName(rank)), el("b", "", String(n)));
    if (marked) cell.append(el("small", "count-mark", t(joker ? "count.rocket_mark" : "count.bomb_mark")));
    if (wild.has(rank)) {
      cell.classList.add("wild-rank");
      cell.title = [t("count.wild"), cell.title].filter(Boolean).join(" · ");
      cell.append(el("small", "count-wild", t("card.wild_badge")));
    }
    strip.append(cell);
  }
}
