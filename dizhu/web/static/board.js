// The table's board: match line and stake, the seats, the kitty and status line, the count
// strip. Each function draws from the state the server sent, nothing else.

import { cardBack, cardRow, rankLabel } from "./cards.js";
import { $, escapeHtml } from "./dom.js";
import { describeAction } from "./replay.js";

/** Card backs drawn for a hidden hand at most (its count says how many it holds). */
const MAX_BACKS = 20;

/** Where a seat sits, seen from the person's seat 0 (seats play in turn to the right). */
export function seatPlace(seat, seats) {
  if (seats === 3) return ["me", "right", "left"][seat];
  if (seats === 4) return ["me", "right", "across", "left"][seat];
  return `seat${seat}`;
}

/** Make the felt hold ``seats`` seats: the person at the bottom, the others around. */
export function ensureSeats(seats) {
  const felt = $("felt");
  if (felt.dataset.seats === String(seats)) return;
  for (const old of felt.querySelectorAll(".seat:not(.seat-me)")) old.remove();
  for (let seat = 1; seat < seats; seat++) {
    const box = document.createElement("div");
    box.className = `seat seat-${seatPlace(seat, seats)}`;
    box.id = `seat-${seat}`;
    felt.append(box);
  }
  felt.dataset.seats = String(seats);
}

/** A seat's name with where it sits ("easy (computer) · left"), for the seats the person
 * tells apart by place. */
export function seatName(names, seat, seats) {
  const place = seatPlace(seat, seats);
  return seat === 0 || place.startsWith("seat") ? names[seat] : `${names[seat]} · ${place}`;
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** The auction's stake in words: "bid 2", or "called", "1 rob ×2" in the rob auction. */
function auctionText(view) {
  const { stake, robs } = view.auction;
  if (!stake) return "";
  if (view.rules.auction === "rob") {
    return robs ? `called · ${plural(robs, "rob")} <b>×${stake}</b>` : "called <b>×1</b>";
  }
  return `bid <b>${stake}</b>`;
}

export function renderInfo({ match, view }, rulesetTitle) {
  const length = match.mode === "deals"
    ? `Deal ${match.deal_number ?? "(redeal)"} of ${match.target}` : `Race to ${match.target} · deal ${match.deal_number ?? "(redeal)"}`;
  const totals = match.names.map((n, i) => {
    const place = i ? ` <small class="place">${seatPlace(i, match.seats)}</small>` : "";
    return `<span class="total" data-seat="${i}">${escapeHtml(n)}${place} <b>${match.totals[i]}</b></span>`;
  }).join("");
  $("match-info").innerHTML = `<span class="length">${length}</span>` +
    `<span class="ruleset-name">${escapeHtml(rulesetTitle || match.ruleset)}</span>${totals}`;
  const stake = view.stake;
  const parts = [];
  const auction = auctionText(view);
  if (auction) parts.push(auction);
  if (view.bombs) parts.push(`${plural(view.bombs, "bomb")} (×${2 ** view.bombs})`);
  if (view.rockets) parts.push("rocket ×2");
  if (stake.spring_possible) parts.push("spring possible");
  if (stake.anti_spring_possible) parts.push("anti-spring possible");
  const doubled = view.doubled.map((d, i) => (d ? match.names[i] : null)).filter(Boolean);
  if (doubled.length) parts.push(`doubled: ${doubled.map(escapeHtml).join(", ")}${view.redoubled ? ", redoubled" : ""}`);
  if (view.auction.stake) {
    parts.push(`stake now <b>${stake.now}</b>`);
    if (stake.mine !== stake.now) parts.push(`yours <b>${stake.mine}</b>`);
  }
  $("stake").innerHTML = parts.join(" · ");
}

function seatRole(view, seat) {
  if (view.landlord < 0) return "";
  return seat === view.landlord ? "landlord" : "peasant";
}

const ROB_MARKS = { call: "called", rob: "robbed", pass: "passed" };

/** What the auction shows at a seat: its bid, or its calls, robs and passes. */
function auctionMarks(view, seat) {
  const answers = view.bids.filter(([s]) => s === seat).map(([, token]) => token);
  if (!answers.length) return [];
  if (view.rules.auction === "rob") {
    if (view.phase === "auction") return [answers.map((t) => ROB_MARKS[t] || t).join(", ")];
    if (seat !== view.landlord) return [];
    return [`${answers.includes("rob") ? "robbed" : "called"}: stake ${view.auction.stake}`];
  }
  const last = answers[answers.length - 1];
  if (view.phase === "auction") return [last === "pass" ? "no bid" : `bid ${last}`];
  if (seat === view.landlord && last !== "pass") return [`won the bid at ${view.auction.stake}`];
  return [];
}

export function renderSeat({ view, match }, seat) {
  const box = $(`seat-${seat}`);
  box.replaceChildren();
  const role = seatRole(view, seat);
  box.classList.toggle("landlord", role === "landlord");
  const active = view.to_move === seat && !["over", "thrown_in"].includes(view.phase);
  box.classList.toggle("to-move", active);
  const head = document.createElement("div");
  head.className = "seat-head";
  const roleBadge = role ? `<span class="role ${role}">${role === "landlord" ? "地主 landlord" : "农民 peasant"}</span>` : "";
  const place = seat === view.seat ? "" : `<span class="place">${seatPlace(seat, match.seats)}</span>`;
  head.innerHTML = `<span class="name">${escapeHtml(match.names[seat])}</span>${place}${roleBadge}` +
    `<span class="left" title="cards left"><b>${view.cards_left[seat]}</b> cards</span>`;
  box.append(head);
  const marks = auctionMarks(view, seat);
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
      for (let i = 0; i < Math.min(view.cards_left[seat], MAX_BACKS); i++) {
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

export function renderCenter({ view, match }) {
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
    for (let i = 0; i < view.rules.kitty_size; i++) {
      const s = document.createElement("span");
      s.className = "card";
      s.append(cardBack());
      backs.append(s);
    }
    kitty.append(backs);
  }
  $("status").textContent = statusText(view, match);
}

function auctionStatus(view, name) {
  const mine = view.to_move === view.seat;
  if (view.rules.auction !== "rob") return mine ? "Your bid" : `${name(view.to_move)} to bid`;
  if (mine) {
    return view.legal.some((a) => a.bid === "rob") ? "Rob the landlord 抢地主, or pass?"
      : "Call the landlord 叫地主, or pass?";
  }
  return `${name(view.to_move)} to ${view.auction.stake ? "rob or pass" : "call or pass"}`;
}

function statusText(view, match) {
  const name = (s) => (s === view.seat ? "You" : seatName(match.names, s, match.seats));
  if (match.abandoned) return "This match was abandoned";
  if (match.finished) {
    const winners = match.winners.map((s) => match.names[s]);
    return `Match over: ${winners.join(" and ")} ${winners.length > 1 ? "share the win" : "wins"}`;
  }
  switch (view.phase) {
    case "auction": return auctionStatus(view, name);
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

export function renderCount(state) {
  const strip = $("count-strip");
  if (strip.hidden || !state) return;
  const count = state.view.count_strip;
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
      : bombs.has(rank) ? "enough unseen for a bomb" : "";
    const label = rank === "B" ? "小王" : rank === "R" ? "大王" : rankLabel(rank);
    cell.innerHTML = `<span class="count-rank">${label}</span><b>${n}</b>`;
    strip.append(cell);
  }
}
