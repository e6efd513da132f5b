// The replay viewer: a finished deal step by step with every hand open. The frames come
// from the server, which replays the record through the engine.

import { cardRow } from "./cards.js";
import { $ } from "./dom.js";
let frames = [];
let step = 0;
let names = [];

const BID_WORDS = { pass: "passes", call: "calls 叫地主", rob: "robs 抢地主" };

export function describeAction(action) {
  if (!action) return "";
  if ("bid" in action) {
    const token = String(action.bid);
    return BID_WORDS[token] || (token === "0" ? "passes" : `bids ${token}`);
  }
  if ("double" in action) return action.double ? "doubles" : "does not double";
  if (action.play === "pass") return "passes";
  const [kind] = action.play.split(" ");
  return `plays ${kind.replaceAll("_", " ")}`;
}

function render() {
  const frame = frames[step];
  const board = $("replay-board");
  board.replaceChildren();
  for (let seat = 0; seat < frame.hands.length; seat++) {
    const row = document.createElement("div");
    row.className = "replay-seat";
    if (frame.last && frame.last.seat === seat) row.classList.add("acted");
    const role = frame.landlord < 0 ? "" : frame.landlord === seat ? " · landlord 地主" : " · peasant 农民";
    const head = document.createElement("div");
    head.className = "replay-name";
    head.textContent = `${names[seat]}${role} · ${frame.hands[seat].length} cards`;
    row.append(head, cardRow(frame.hands[seat], "small"));
    const played = frame.trick.filter((t) => t.seat === seat && t.cards.length).pop();
    if (frame.last && frame.last.seat === seat) {
      const note = document.createElement("div");
      note.className = "replay-action";
      note.textContent = describeAction(frame.last);
      row.append(note);
      if (frame.last.cards.length) row.append(cardRow(frame.last.cards, "small played"));
    } else if (played) {
      row.append(cardRow(played.cards, "small played faded"));
    }
    board.append(row);
  }
  const kitty = document.createElement("div");
  kitty.className = "replay-kitty";
  kitty.textContent = `Kitty (${frame.kitty.length})`;
  kitty.append(cardRow(frame.kitty, "small"));
  board.append(kitty);
  const stake = frame.auction ? frame.auction.stake : 0;
  if (stake) {
    const line = document.createElement("p");
    line.className = "replay-stake";
    const robs = frame.auction.robs;
    line.textContent = `Auction: ${robs ? `${robs} rob${robs > 1 ? "s" : ""} ×${stake}` : `stake ${stake}`}` +
      (frame.bombs ? ` · ${frame.bombs} bomb${frame.bombs > 1 ? "s" : ""} ×${2 ** frame.bombs}` : "") +
      (frame.rockets ? " · rocket ×2" : "");
    board.append(line);
  }
  if (frame.result) {
    const r = frame.result;
    const end = document.createElement("p");
    end.className = "replay-result";
    end.textContent = `${r.landlord_won ? "The landlord wins" : "The peasants win"} · stake ${r.stake} · ` +
      r.scores.map((s, i) => `${names[i]} ${s > 0 ? "+" : ""}${s}`).join(", ");
    board.append(end);
  }
  $("replay-step").textContent = `step ${step} of ${frames.length - 1}`;
}

function go(to) {
  step = Math.max(0, Math.min(frames.length - 1, to));
  render();
}

/** Open the viewer on the server's answer ({frames, record}); ``title`` names the deal. */
export function openReplay(data, title, seatNames) {
  frames = data.frames;
  names = seatNames || frames[0].hands.map((_, i) => `Seat ${i}`);
  step = 0;
  $("replay-title").textContent = `Replay: ${title}`;
  const blob = new Blob([JSON.stringify(data.record, null, 1)], { type: "application/json" });
  const link = $("replay-download");
  if (link.href.startsWith("blob:")) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(blob);
  link.download = title.endsWith(".json") ? title : `${title.replace(/\W+/g, "-")}.json`;
  render();
  if (!$("replay-dialog").open) $("replay-dialog").showModal();
}

$("replay-first").addEventListener("click", () => go(0));
$("replay-prev").addEventListener("click", () => go(step - 1));
$("replay-next").addEventListener("click", () => go(step + 1));
$("replay-last").addEventListener("click", () => go(frames.length - 1));
$("replay-close").addEventListener("click", () => $("replay-dialog").close());
$("replay-dialog").addEventListener("keydown", (e) => {
  if (e.key === "ArrowRight") { go(step + 1); e.preventDefault(); }
  if (e.key === "ArrowLeft") { go(step - 1); e.preventDefault(); }
});
