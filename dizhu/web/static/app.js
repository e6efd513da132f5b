// The page: a lobby (#/) and a table (#/match/ID). The server decides everything; this
// file only shows what it sends and passes on what the person asks for.

import { seatPlace } from "./board.js";
import { $, api, button, escapeHtml } from "./dom.js";
import { openReplay } from "./replay.js";
import { TableView } from "./table.js";

let lobbyData = null;
let table = null;

// ------------------------------------------------------------------ lobby

async function showLobby() {
  if (table) { table.close(); table = null; }
  $("table").hidden = true;
  $("lobby").hidden = false;
  document.title = "dizhu · 斗地主";
  try {
    lobbyData = await api("/api/lobby");
  } catch (e) {
    $("lobby-error").textContent = `The lobby could not load: ${e.message}`;
    return;
  }
  fillForm(lobbyData);
  fillMatches(lobbyData);
  fillStats(lobbyData.stats);
}

function fillForm(data) {
  const name = $("player-name");
  if (!name.value) name.value = data.player || "";
  const rulesets = $("ruleset-choices");
  if (!rulesets.children.length) {
    for (const r of data.rulesets) {
      const wrap = document.createElement("label");
      wrap.className = "choice ruleset";
      wrap.innerHTML = `<input type="radio" name="ruleset" id="ruleset-${r.name}" value="${r.name}"` +
        `${r.name === data.rulesets[0].name ? " checked" : ""}> <b>${escapeHtml(r.title)}</b> ` +
        `<span lang="zh">${escapeHtml(r.chinese)}</span> <small>${escapeHtml(r.summary)}</small>`;
      wrap.querySelector("input").addEventListener("change", () => fillRuleset(chosenRuleset()));
      rulesets.append(wrap);
    }
  }
  const choices = $("length-choices");
  if (!choices.children.length) {
    const add = (mode, target, label, checked) => {
      const id = `len-${mode}-${target}`;
      const wrap = document.createElement("label");
      wrap.className = "choice";
      wrap.innerHTML = `<input type="radio" name="length" id="${id}" value="${mode}:${target}"` +
        `${checked ? " checked" : ""}> ${label}`;
      choices.append(wrap);
    };
    for (const n of data.deal_limits) add("deals", n, `${n} deals`, n === 10);
    for (const n of data.point_targets) add("points", n, `race to ${n}`, false);
  }
  fillRuleset(chosenRuleset());
}

function chosenRuleset() {
  const picked = document.querySelector("input[name=ruleset]:checked");
  return lobbyData.rulesets.find((r) => picked && r.name === picked.value) || lobbyData.rulesets[0];
}

const SEAT_LABELS = { right: "Right", left: "Left", across: "Across" };

/** The strength selects (one per computer seat) and the options of ``rules``; the
 * strengths already chosen stay chosen, seat by seat. */
function fillRuleset(rules) {
  const box = $("bot-seats");
  const before = [...box.querySelectorAll("select")].map((s) => s.value);
  if (box.dataset.seats !== String(rules.seats)) {
    box.replaceChildren();
    for (let seat = 1; seat < rules.seats; seat++) {
      const place = seatPlace(seat, rules.seats);
      let label = SEAT_LABELS[place] || place;
      if (rules.seats === 3) label += seat === 1 ? " (plays after you)" : " (plays before you)";
      const field = document.createElement("label");
      field.className = "field";
      field.textContent = label;
      const select = document.createElement("select");
      select.id = `bot-${seat}`;
      select.name = `bot${seat}`;
      for (const level of lobbyData.levels) select.add(new Option(level.name, level.name));
      select.value = before[seat - 1] || before[before.length - 1] || "normal";
      select.addEventListener("change", showLevelNote);
      field.append(select);
      box.append(field);
    }
    box.dataset.seats = String(rules.seats);
  }
  const options = $("options");
  const checked = new Set([...options.querySelectorAll("input:checked")].map((i) => i.name));
  options.replaceChildren();
  for (const option of rules.options) {
    const label = document.createElement("label");
    label.className = "check";
    const title = option.name.replaceAll("_", " ");
    label.innerHTML = `<input type="checkbox" id="opt-${option.name}" name="${option.name}"` +
      `${checked.has(option.name) ? " checked" : ""}> ${title[0].toUpperCase()}${title.slice(1)} ` +
      `<small>${escapeHtml(option.note)}</small>`;
    options.append(label);
  }
  $("options-fieldset").hidden = !rules.options.length;
  showLevelNote();
}

function botSelects() {
  return [...$("bot-seats").querySelectorAll("select")];
}

function showLevelNote() {
  const notes = Object.fromEntries(lobbyData.levels.map((l) => [l.name, l.note]));
  const picked = new Set(botSelects().map((s) => s.value));
  $("level-note").textContent = [...picked].map((n) => `${n}: ${notes[n]}`).join(" · ");
}

function rulesetTitle(name) {
  const r = lobbyData && lobbyData.rulesets.find((x) => x.name === name);
  return r ? `${r.title} ${r.chinese}` : name;
}

function describe(settings) {
  const length = settings.mode === "deals" ? `${settings.target} deals`
    : `race to ${settings.target}`;
  const options = [settings.doubling && "doubling", settings.distinct_kickers && "distinct kickers"]
    .filter(Boolean);
  return `${rulesetTitle(settings.ruleset || "classic")} · ${length} vs ` +
    `${settings.bots.join(" & ")}${options.length ? ` (${options.join(", ")})` : ""}`;
}

function when(seconds) {
  return new Date(seconds * 1000).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
}

function fillMatches(data) {
  const unfinished = $("unfinished");
  unfinished.replaceChildren();
  for (const m of data.unfinished) {
    const li = document.createElement("li");
    li.innerHTML = `<span>${escapeHtml(m.player)} · ${escapeHtml(describe(m.settings))}<br>` +
      `<small>${m.deals_played} deal(s) played · ${when(m.updated)}</small></span>`;
    const resume = button("Resume", () => { location.hash = `#/match/${m.id}`; }, { cls: "resume" });
    const give = button("Abandon", () => abandon(m), { cls: "abandon" });
    const buttons = document.createElement("span");
    buttons.className = "row-buttons";
    buttons.append(resume, give);
    li.append(buttons);
    unfinished.append(li);
  }
  if (!data.unfinished.length) unfinished.innerHTML = "<li class='empty'>None</li>";
  const finished = $("finished");
  finished.replaceChildren();
  for (const m of data.finished) {
    const s = m.summary;
    const li = document.createElement("li");
    const result = m.abandoned ? `abandoned after ${m.deals_played} deal(s)`
      : `${s.human_won ? (s.winners.length > 1 ? "shared win" : "won") : "lost"} · ${s.totals.join(" / ")}`;
    li.innerHTML = `<span>${escapeHtml(m.player)} · ${escapeHtml(describe(m.settings))}<br>` +
      `<small>${result} · ${when(m.updated)}</small></span>`;
    li.append(button("Sheet", () => { location.hash = `#/match/${m.id}`; }));
    finished.append(li);
  }
  if (!data.finished.length) finished.innerHTML = "<li class='empty'>None yet</li>";
}

function fillStats(stats) {
  const pct = (won, n) => (n ? `${Math.round(100 * won / n)}%` : "–");
  $("stats").innerHTML = `
    <tr><th></th><th>played</th><th>won</th><th></th></tr>
    <tr><th>Matches</th><td>${stats.matches}</td><td>${stats.matches_won}</td><td>${pct(stats.matches_won, stats.matches)}</td></tr>
    <tr><th>Deals</th><td>${stats.deals}</td><td>${stats.deals_won}</td><td>${pct(stats.deals_won, stats.deals)}</td></tr>
    <tr><th>as landlord</th><td>${stats.landlord.deals}</td><td>${stats.landlord.won}</td><td>${pct(stats.landlord.won, stats.landlord.deals)}</td></tr>
    <tr><th>as peasant</th><td>${stats.peasant.deals}</td><td>${stats.peasant.won}</td><td>${pct(stats.peasant.won, stats.peasant.deals)}</td></tr>`;
}

async function abandon(m) {
  if (!window.confirm(`Abandon this match (${describe(m.settings)})? It cannot be resumed.`)) return;
  try {
    await api(`/api/matches/${m.id}/abandon`, { method: "POST" });
  } catch (e) {
    $("lobby-error").textContent = e.message;
  }
  showLobby();
}

async function startMatch(event) {
  event.preventDefault();
  $("lobby-error").textContent = "";
  const [mode, target] = document.querySelector("input[name=length]:checked").value.split(":");
  const body = {
    player: $("player-name").value.trim() || "You",
    ruleset: chosenRuleset().name,
    mode, target: Number(target),
    bots: botSelects().map((s) => s.value),
    pace: $("pace").value,
  };
  for (const input of $("options").querySelectorAll("input[type=checkbox]")) {
    body[input.name] = input.checked;
  }
  try {
    const { id } = await api("/api/matches", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    location.hash = `#/match/${id}`;
  } catch (e) {
    $("lobby-error").textContent = e.message;
  }
}

async function openRecordFile() {
  const file = $("record-file").files[0];
  if (!file) return;
  $("lobby-error").textContent = "";
  try {
    const data = await api("/api/replay", { method: "POST", body: await file.text() });
    openReplay(data, file.name);
  } catch (e) {
    $("lobby-error").textContent = e.message;
  }
  $("record-file").value = "";
}

// ------------------------------------------------------------------ routing

function route() {
  const match = location.hash.match(/^#\/match\/(\d+)$/);
  if (match) {
    const id = Number(match[1]);
    if (table && table.id === id) return;
    if (table) table.close();
    $("lobby").hidden = true;
    $("table").hidden = false;
    table = new TableView(id, lobbyData);
  } else {
    showLobby();
  }
}

$("new-match").addEventListener("submit", startMatch);
$("record-file").addEventListener("change", openRecordFile);
window.addEventListener("hashchange", route);
(async () => {
  if (location.hash.startsWith("#/match/")) {
    try { lobbyData = await api("/api/lobby"); } catch { /* the table works without it */ }
  }
  route();
})();
