// The replay viewer: a finished deal step by step with every hand open. The frames come
// from the server, which replays the record through the engine.

import { cardRow, setWild } from "./cards.js";
import { $, el } from "./dom.js";
import { kittyPositions } from "./hand.js";
import { isolate, language, sayReason, signed, t } from "./i18n.js";
import { icon } from "./icons.js";
import { hiddenHand, hiddenKitty, readyReview, renderReview } from "./review.js";
import { actionWords, wildWords } from "./words.js";

let frames = [];
let step = 0;
let names = () => [];
let title = () => "";

function render() {
  const frame = frames[step];
  setWild(frame.wild); // the deal's wild ranks drawn by then, its cards marked
  const seatNames = names();
  const board = $("replay-board");
  board.replaceChildren();
  const history = frames.slice(0, step + 1).map((f) => f.last).filter(Boolean);
  const rob = frames.some((f) => f.last && ["call", "rob"].includes(String(f.last.bid)));
  for (let seat = 0; seat < frame.hands.length; seat++) {
    const row = el("div", "replay-seat");
    row.dataset.seat = String(seat);
    if (frame.last && frame.last.seat === seat) row.classList.add("acted");
    if (frame.to_move === seat && !frame.result) row.classList.add("to-move");
    const head = el("div", "replay-name");
    head.append(el("span", "name", seatNames[seat]));
    if (frame.landlord >= 0) {
      const role = frame.landlord === seat ? "landlord" : "peasant";
      head.append(el("span", `role ${role}`, t(`role.${role}`)));
    }
    head.append(el("span", "left", t("seat.cards", { n: frame.hands[seat].length })));
    const hidden = hiddenHand(seat);
    const hand = hidden ? el("div", "replay-hidden", t("review.hidden"))
      : cardRow(frame.hands[seat], "small");
    if (frame.landlord === seat && !hidden) {
      const marked = kittyPositions(frame.hands[seat], frame.kitty);
      [...hand.children].forEach((card, i) => card.classList.toggle("from-kitty", marked.has(i)));
    }
    row.append(head, hand);
    const played = frame.trick.filter((e) => e.seat === seat && e.cards.length).pop();
    if (frame.last && frame.last.seat === seat) {
      const before = history.slice(0, -1);
      row.append(el("div", "replay-action", actionWords(frame.last, { before, landlord: frame.landlord, rob })));
      if (frame.last.cards.length) row.append(cardRow(frame.last.cards, "small played"));
    } else if (played) {
      row.append(cardRow(played.cards, "small played faded"));
    }
    board.append(row);
  }
  const kitty = el("div", "replay-kitty");
  kitty.append(el("span", "kitty-label", t("table.kitty")), hiddenKitty(frame)
    ? el("span", "replay-hidden", t("review.hidden")) : cardRow(frame.kitty, "small"));
  board.append(kitty);
  const stake = frame.auction ? frame.auction.stake : 0;
  if (stake) {
    const parts = [frame.auction.robs ? t("stake.robs", { n: frame.auction.robs, x: stake })
      : rob ? t("stake.called") : t("stake.bid", { n: stake })];
    if (frame.bombs) parts.push(t("stake.bombs", { n: frame.bombs, x: 2 ** frame.bombs }));
    if (frame.wild_ranks) parts.push(wildWords(frame.wild, frame.wild_ranks));
    if (frame.rockets) parts.push(t("stake.rocket"));
    board.append(el("p", "replay-stake", parts.join(" · ")));
  }
  if (frame.result) {
    const r = frame.result;
    const scores = r.scores.map((s, i) => `${isolate(seatNames[i])} ${signed(s)}`).join(t("list.comma"));
    board.append(el("p", "replay-result", t(r.landlord_won ? "replay.landlord_won" : "replay.peasants_won",
                                            { stake: r.stake, scores })));
  }
  const last = step === frames.length - 1;
  if (last && !["over", "thrown_in"].includes(frame.phase)) {
    board.append(el("p", "replay-result replay-unfinished", t("replay.unfinished")));
  }
  $("replay-step").textContent = t("replay.step", { n: step + 1, of: frames.length }); // as a person counts
  $("replay-title").textContent = title();
  for (const [id, off] of [["replay-first", step === 0], ["replay-prev", step === 0],
    ["replay-next", last], ["replay-last", last]]) {
    $(id).disabled = off;
  }
  renderReview(step, frames.length, refusal);
}

/** A refusal in the page's language: its reason said, else the server's English words. */
function refusal(e) {
  return sayReason(e.reason) || (language() === "en" ? e.message : t("table.refused"));
}

function go(to) {
  step = Math.max(0, Math.min(frames.length - 1, to));
  render();
}

/** Open the viewer on the server's answer ({frames, record}). ``opts``: title() and
 * names() (said again when the language changes), file (the download's name), review
 * (how to ask for the deal's review: {fetch(seat, deals), fetchAllHands(), seat,
 * makePuzzle}; see review.js). */
export function openReplay(data, opts) {
  frames = data.frames;
  names = opts.names || (() => frames[0].hands.map((_, i) => t("replay.player", { n: i + 1 })));
  title = opts.title;
  step = 0;
  const blob = new Blob([JSON.stringify(data.record, null, 1)], { type: "application/json" });
  const link = $("replay-download");
  if (link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(blob);
  link.download = opts.file;
  const end = frames[frames.length - 1];
  readyReview({ ...opts.review, seats: frames[0].hands.length, names: () => names(),
                go, rerender: render, finished: Boolean(opts.review && end.result) });
  render();
  if (!$("replay-dialog").open) $("replay-dialog").showModal();
  $("replay-next").focus();
}

for (const [id, name] of [["replay-first", "first"], ["replay-prev", "prev"], ["replay-next", "next"],
  ["replay-last", "last"]]) {
  $(id).replaceChildren(icon(name)); // drawn: fonts without ⏮ and ⏭ show boxes
}
$("replay-first").addEventListener("click", () => go(0));
$("replay-prev").addEventListener("click", () => go(step - 1));
$("replay-next").addEventListener("click", () => go(step + 1));
$("replay-last").addEventListener("click", () => go(frames.length - 1));
$("replay-close").addEventListener("click", () => $("replay-dialog").close());
document.addEventListener("keydown", (e) => {
  if (!$("replay-dialog").open || !frames.length) return;
  if (e.key === "ArrowRight") { go(step + 1); e.preventDefault(); }
  if (e.key === "ArrowLeft") { go(step - 1); e.preventDefault(); }
  if (e.key === "Home") { go(0); e.preventDefault(); }
  if (e.key === "End") { go(frames.length - 1); e.preventDefault(); }
});
document.addEventListener("languagechange", () => { if ($("replay-dialog").open && frames.length) render(); });
