// The score sheet: the last deal's multipliers and points, then every deal of the match
// with its replay and record, the standings and, at the end, the winners.

import { seatName } from "./board.js";
import { $, button, escapeHtml } from "./dom.js";

/** Fill the sheet dialog; ``on`` has replay(index), next() and lobby(). */
export function fillSheet({ view, match }, on) {
  const names = match.names.map((_, i) => escapeHtml(seatName(match.names, i, match.seats)));
  let html = "";
  if (view.phase === "over" && view.result) {
    const r = view.result;
    const row = (label, value) => `<tr><th>${label}</th><td>${value}</td></tr>`;
    html += `<h2>Deal ${match.deal_number}: ${r.landlord_won ? "the landlord wins" : "the peasants win"}</h2>`;
    html += `<table class="sheet"><tbody>`;
    html += row("Landlord", names[r.landlord]);
    if (view.rules.auction === "rob") html += row("Robs", `${r.robs} ×${r.bid}`);
    else html += row("Bid", r.bid);
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
    b.addEventListener("click", () => on.replay(Number(b.dataset.replay)));
  }
  const buttons = $("sheet-buttons");
  buttons.replaceChildren();
  if (view.phase === "over" && !match.finished) {
    buttons.append(button("Next deal", () => { $("sheet-dialog").close(); on.next(); },
      { cls: "primary", id: "sheet-next" }));
  }
  if (match.finished) buttons.append(button("Back to the lobby", () => { $("sheet-dialog").close(); on.lobby(); }));
  buttons.append(button("Close", () => $("sheet-dialog").close(), { id: "sheet-close" }));
  // the dialog opens on its first button (not a replay button far down a wide table)
  buttons.firstChild.autofocus = true;
}
