// The page: a lobby (#/), a table (#/match/ID, the creator's seat), a friend's invitation
// (#/join/TOKEN) and the spectators' link (#/watch/SECRET), in English or Chinese. The
// server decides everything; this file only shows what it sends and passes on what the
// person asks for.

import { $, api, button, el, remember, remembered } from "./dom.js";
import { bindHelpPanel, closeHelpPanel, helpLanguageChanged } from "./help-panel.js";
import { dateText, isolate, language, preferredLanguage, sayReason, setLanguage, signed, t,
  translatePage } from "./i18n.js";
import { levelName, personName, seatPlace } from "./names.js";
import { puzzlesLanguageChanged, showPuzzle, showPuzzleList } from "./puzzles.js";
import { openReplay } from "./replay.js";
import { soundButton } from "./sound.js";
import { TableView } from "./table.js";

let lobbyData = null;
let table = null;
/** The creator's seat and links of the matches made on this page: match id -> answer. */
const made = new Map();

// ------------------------------------------------------------------ lobby

/** Show one of the page's sections (lobby, remote, join, table). */
function showSection(id) {
  for (const name of ["lobby", "remote", "join", "table", "puzzles", "puzzle"]) $(name).hidden = name !== id;
  if (id !== "table") closeHelpPanel();
}

/** The last table this browser opened by a link (a friend's seat, or watching). */
const LAST_TABLE = "dizhu.table";

/** What the lobby, as shown, means to do: the server makes one match for it however
 * often it is asked (a double click, a request sent again); a new one each time it shows. */
let intent = "";
function newIntent() {
  return [...crypto.getRandomValues(new Uint32Array(4))].map((n) => n.toString(36)).join("-");
}

/** Let the lobby's buttons ask for a match, or make them wait (while the lobby asks). */
function lobbyAsks(can) {
  for (const id of ["play-now", "start-match"]) $(id).disabled = !can;
}

/** Ask for a match once: the buttons that ask wait for the refusal, or, once the match is
 * made, for the lobby to be shown again (the table opens a moment after the answer, and a
 * second tap in that moment would ask again). */
async function askForMatch(path, body) {
  if ($("play-now").disabled) return;
  lobbyAsks(false);
  let answer;
  try {
    answer = await api(path, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...body, intent }),
    });
  } catch (e) {
    lobbyAsks(true);
    throw e;
  }
  toTable(answer);
}

async function showLobby() {
  intent = newIntent();
  lobbyAsks(true);
  if (table) { table.close(); table = null; }
  const key = location.hash;
  document.title = `${t("title.lobby")} · dizhu`;
  try {
    lobbyData = await api("/api/lobby");
  } catch (e) {
    if (location.hash !== key) return;
    if (e.reason && e.reason.code === "local_only") { showRemote(); return; }
    showSection("lobby");
    $("lobby-error").textContent = t("lobby.load_failed", { error: e.message });
    return;
  }
  if (location.hash !== key) return;
  showSection("lobby");
  fillLobby();
}

/** Another machine's page (a friend's, with ``--lan``): the lobby is the host's, so the
 * page offers the way back to the friend's own table instead. */
function showRemote() {
  showSection("remote");
  const last = remembered(LAST_TABLE, "");
  $("remote-table").hidden = !last;
  $("remote-link").href = last || "#/";
}

/** Whether the person opened the new match's settings (with a last match to play like,
 * the lobby shows Play now first, the settings one click away). */
let choosing = false;

function fillLobby() {
  if (!lobbyData) return;
  fillForm(lobbyData);
  fillQuick(lobbyData);
  fillMatches(lobbyData);
  fillStats(lobbyData.stats);
  fillPuzzles(lobbyData.puzzles);
}

/** The puzzles' entry: how many the person solved, once they solved one. */
function fillPuzzles(puzzles) {
  const line = $("puzzles-solved");
  line.hidden = !puzzles || !puzzles.solved;
  if (!line.hidden) line.textContent = t("lobby.puzzles_solved", { n: puzzles.solved, of: puzzles.shipped });
}

/** Play now: a match like the last one made here, said in words; the form behind a
 * button. Before any match, the form alone. */
function fillQuick(data) {
  const last = data.last;
  $("quick").hidden = !last;
  $("new-match").hidden = Boolean(last) && !choosing;
  $("choose-settings").hidden = !$("new-match").hidden;
  if (!last) return;
  const match = { settings: last.settings, people: {} };
  $("quick-what").textContent = t("lobby.last_match", {
    match: `${isolate(personName(last.player, 0))} · ${describe(match)}`,
  });
}

function chooseSettings() {
  choosing = true;
  fillQuick(lobbyData);
  $("new-match").querySelector("input, select").focus();
}

async function playNow() {
  $("quick-error").textContent = "";
  try {
    await askForMatch("/api/matches/now", {});
  } catch (e) {
    $("quick-error").textContent = refusal(e);
    chooseSettings(); // the settings it asked for are refused: the form says why, and waits
  }
}

/** A refusal in the person's language: its reason said, else the server's English words
 * (in another language, that the server refused). */
function refusal(e) {
  return sayReason(e.reason) || (language() === "en" ? e.message : t("table.refused"));
}

/** The words of a lobby item the server names (a ruleset, a level, an option): the
 * catalog's, else the server's own. */
function said(key, fallback) {
  const words = t(key);
  return words === key ? fallback : words;
}

function rulesetTitle(r) {
  return said(`ruleset.${r.name}`, r.title);
}

function fillForm(data) {
  const name = $("player-name");
  if (!name.value) name.value = data.player || "";
  name.placeholder = t("lobby.name_placeholder");
  const rulesets = $("ruleset-choices");
  const picked = document.querySelector("input[name=ruleset]:checked");
  const chosen = picked ? picked.value : remembered("dizhu.ruleset", data.rulesets[0].name);
  rulesets.replaceChildren();
  for (const r of data.rulesets) {
    const wrap = el("label", "choice ruleset");
    const input = el("input");
    Object.assign(input, { type: "radio", name: "ruleset", id: `ruleset-${r.name}`, value: r.name });
    input.checked = r.name === chosen;
    input.addEventListener("change", () => { fillRuleset(chosenRuleset()); showHelpLink(); });
    wrap.append(input, " ", el("b", "", rulesetTitle(r)));
    if (language() !== "zh") {
      const zh = el("span", "zh", r.chinese);
      zh.lang = "zh";
      wrap.append(" ", zh);
    }
    wrap.append(el("small", "", said(`ruleset.summary.${r.name}`, r.summary)));
    rulesets.append(wrap);
  }
  if (!document.querySelector("input[name=ruleset]:checked")) rulesets.querySelector("input").checked = true;
  const choices = $("length-choices");
  const length = document.querySelector("input[name=length]:checked");
  const wanted = length ? length.value : "deals:10";
  choices.replaceChildren();
  const add = (mode, target, label) => {
    const wrap = el("label", "choice");
    const input = el("input");
    Object.assign(input, { type: "radio", name: "length", id: `len-${mode}-${target}`, value: `${mode}:${target}` });
    input.checked = input.value === wanted;
    wrap.append(input, " ", label);
    choices.append(wrap);
  };
  for (const n of data.deal_limits) add("deals", n, t("lobby.deals", { n }));
  for (const n of data.point_targets) add("points", n, t("lobby.race", { n }));
  const clock = $("clock");
  const seconds = clock.value || remembered("dizhu.clock", "0");
  clock.replaceChildren(...(data.clocks || [0]).map((n) => new Option(
    n ? t("lobby.clock_s", { n }) : t("lobby.clock_off"), String(n))));
  clock.value = [...clock.options].some((o) => o.value === seconds) ? seconds : "0";
  fillRuleset(chosenRuleset(), true);
  showHelpLink();
}

/** The header's help link opens the rules of the ruleset chosen in the lobby. */
function showHelpLink() {
  const link = $("help-link");
  if (link && lobbyData) link.href = `/static/help.html#/help/${chosenRuleset().name}`;
}

function chosenRuleset() {
  const picked = document.querySelector("input[name=ruleset]:checked");
  return lobbyData.rulesets.find((r) => picked && r.name === picked.value) || lobbyData.rulesets[0];
}

/** The strength selects (one per computer seat, named by its place) and the options of
 * ``rules``; the strengths and options already chosen stay chosen. */
function fillRuleset(rules, redraw = false) {
  const box = $("bot-seats");
  const before = [...box.querySelectorAll("select")].map((s) => s.value);
  if (redraw || box.dataset.seats !== String(rules.seats)) {
    box.replaceChildren();
    for (let seat = 1; seat < rules.seats; seat++) {
      const place = seatPlace(seat, rules.seats);
      const field = el("label", "field");
      field.dataset.place = place;
      field.append(el("span", "", t(`lobby.seat_${place}`, { n: seat + 1 })));
      const select = el("select");
      select.id = `bot-${seat}`;
      select.name = `bot${seat}`;
      for (const level of lobbyData.levels) {
        const option = new Option(levelChoice(level.name), level.name);
        option.title = said(`level.note.${level.name}`, level.note); // what it does, on hover
        select.add(option);
      }
      select.add(new Option(t("lobby.friend"), "friend"));
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
    const label = el("label", "check");
    const input = el("input");
    Object.assign(input, { type: "checkbox", id: `opt-${option.name}`, name: option.name });
    input.checked = checked.has(option.name);
    label.append(input, " ", said(`option.${option.name}`, option.name.replaceAll("_", " ")),
                 el("small", "", said(`option.note.${option.name}`, option.note)));
    options.append(label);
  }
  $("options-fieldset").hidden = !rules.options.length;
  showLevelNote();
}

/** A level as the lobby offers it, the strongest (which ``strongest`` names, the server
 * says which) marked so: "master (strongest)", “宗师（最强）”. */
function levelChoice(name) {
  const words = levelName(name);
  return name === lobbyData.strongest ? t("level.strongest", { level: words }) : words;
}

function botSelects() {
  return [...$("bot-seats").querySelectorAll("select")];
}

function showLevelNote() {
  const notes = Object.fromEntries(lobbyData.levels.map((l) => [l.name, l.note]));
  const picked = new Set(botSelects().map((s) => s.value).filter((n) => n in notes));
  $("level-note").textContent = [...picked]
    .map((n) => t("lobby.level_note", { level: levelChoice(n), note: said(`level.note.${n}`, notes[n]) }))
    .join(" · ");
}

/** Who plays the other seats, in words: each friend seated by name, the computers of
 * one level said once with their number ("three easy bots"), the friends not seated yet
 * likewise; in the order of their first seats. */
function opponents(bots, people) {
  const groups = new Map();
  bots.forEach((level, i) => {
    const name = level === "friend" ? people[String(i + 1)] : null;
    const seated = name !== null && name !== undefined;
    const key = seated ? `seat ${i}` : level;
    if (!groups.has(key)) groups.set(key, { level, name: seated ? personName(name, i + 1) : null, n: 0 });
    groups.get(key).n += 1;
  });
  return [...groups.values()].map(({ level, name, n }) => {
    if (name !== null) return isolate(name);
    const number = t(`number.${n}`);
    if (level !== "friend") return t("lobby.bots", { n, number, level: levelName(level) });
    return n === 1 ? t("lobby.friend_free") : t("lobby.friends_free", { number });
  });
}

/** Words said as a list: "a, b and c" (“a、b和c”). */
function listed(words) {
  if (words.length < 3) return words.join(t("list.and"));
  return `${words.slice(0, -1).join(t("list.comma"))}${t("list.and")}${words[words.length - 1]}`;
}

/** A lobby entry's words: its ruleset, length, who plays the other seats (a friend by the
 *  name they sat down with) and its options. ``m`` is a match of the lobby's lists. */
function describe(m) {
  const settings = m.settings;
  const people = m.people || {};
  const rules = lobbyData && lobbyData.rulesets.find((r) => r.name === (settings.ruleset || "classic"));
  const length = settings.mode === "deals" ? t("lobby.deals", { n: settings.target })
    : t("lobby.race", { n: settings.target });
  const options = [settings.doubling && t("option.doubling"), settings.distinct_kickers && t("option.distinct_kickers")]
    .filter(Boolean);
  const words = t("lobby.describe", {
    rules: rules ? rulesetTitle(rules) : settings.ruleset, length,
    bots: listed(opponents(settings.bots, people)),
  });
  return options.length ? t("lobby.describe_options", { match: words, options: options.join(t("list.comma")) }) : words;
}

function matchItem(m, result) {
  const li = el("li");
  const text = el("span", "match-text");
  text.append(el("span", "", `${isolate(personName(m.player, 0))} · ${describe(m)}`), el("br"), el("small", "", `${result} · ${dateText(m.updated)}`));
  li.append(text);
  return li;
}

function fillMatches(data) {
  const unfinished = $("unfinished");
  unfinished.replaceChildren();
  for (const m of data.unfinished) {
    const li = matchItem(m, t("lobby.played", { n: m.deals_played }));
    const buttons = el("span", "row-buttons");
    buttons.append(button(t("lobby.resume"), () => { location.hash = `#/match/${m.id}`; }, { cls: "resume" }),
                   button(t("lobby.abandon"), () => abandon(m), { cls: "abandon" }));
    li.append(buttons);
    unfinished.append(li);
  }
  if (!data.unfinished.length) unfinished.append(el("li", "empty", t("lobby.none")));
  const finished = $("finished");
  finished.replaceChildren();
  for (const m of data.finished) {
    const s = m.summary;
    const result = m.abandoned ? t("lobby.abandoned_after", { n: m.deals_played })
      : `${t(s.human_won ? (s.winners.length > 1 ? "lobby.shared_win" : "lobby.won") : "lobby.lost")} · ${s.totals.map(signed).join(" / ")}`;
    const li = matchItem(m, result);
    li.append(button(t("lobby.sheet"), () => { location.hash = `#/match/${m.id}`; }, { cls: "open-sheet" }));
    finished.append(li);
  }
  if (!data.finished.length) finished.append(el("li", "empty", t("lobby.none_yet")));
}

function fillStats(stats) {
  const pct = (won, n) => (n ? `${Math.round(100 * won / n)}%` : "–");
  const table = $("stats");
  table.replaceChildren();
  const head = el("tr");
  head.append(el("th"), el("th", "", t("stats.played")), el("th", "", t("stats.won")), el("th"));
  table.append(head);
  for (const [key, n, won] of [["stats.matches", stats.matches, stats.matches_won],
    ["stats.deals", stats.deals, stats.deals_won],
    ["stats.landlord", stats.landlord.deals, stats.landlord.won],
    ["stats.peasant", stats.peasant.deals, stats.peasant.won]]) {
    const tr = el("tr");
    tr.append(el("th", "", t(key)), el("td", "", String(n)), el("td", "", String(won)), el("td", "", pct(won, n)));
    table.append(tr);
  }
}

async function abandon(m) {
  if (!window.confirm(t("lobby.abandon_confirm", { match: describe(m) }))) return;
  try {
    await api(`/api/matches/${m.id}/abandon`, { method: "POST" });
  } catch (e) {
    $("lobby-error").textContent = refusal(e);
  }
  showLobby();
}

/** A match the server made for this page's person: to its table. */
function toTable(answer) {
  made.set(answer.id, answer);
  location.hash = `#/match/${answer.id}`;
}

async function startMatch(event) {
  event.preventDefault();
  $("lobby-error").textContent = "";
  const [mode, target] = document.querySelector("input[name=length]:checked").value.split(":");
  const body = {
    player: $("player-name").value.trim(),
    ruleset: chosenRuleset().name,
    mode, target: Number(target),
    bots: botSelects().map((s) => s.value),
    pace: $("pace").value,
    clock: Number($("clock").value),
  };
  for (const input of $("options").querySelectorAll("input[type=checkbox]")) {
    body[input.name] = input.checked;
  }
  remember("dizhu.ruleset", body.ruleset);
  remember("dizhu.pace", body.pace);
  remember("dizhu.clock", String(body.clock));
  try {
    await askForMatch("/api/matches", body);
  } catch (e) {
    $("lobby-error").textContent = refusal(e);
  }
}

/** The end of the creator's match: the server makes the next one, with the same
 * settings and people (once, however often asked), and every page of it is told. */
async function playAgain(match) {
  try {
    toTable(await api(`/api/matches/${match.id}/again`, { method: "POST" }));
  } catch (e) {
    $("message").textContent = refusal(e);
  }
}

/** To the match played again after this page's (``again``, from the server): the creator
 * to their table, a friend to their seat by its new secret (they sit there already), a
 * spectator to watch it. */
function followAgain(again, seat) {
  if (seat === null) {
    location.hash = `#/watch/${again.watch}`;
  } else if (seat === 0) {
    location.hash = `#/match/${again.match}`;
  } else {
    remember(SAT + again.token, "1");
    location.hash = `#/join/${again.token}`;
  }
}

async function openRecordFile() {
  const file = $("record-file").files[0];
  if (!file) return;
  const shown = $("record-error");
  shown.textContent = "";
  try {
    const text = await file.text();
    const data = await api("/api/replay", { method: "POST", body: text });
    openReplay(data, {
      title: () => t("replay.file_title", { file: file.name }), file: file.name,
      review: {
        fetch: (seat, deals) => api(`/api/review?seat=${seat}&deals=${deals}`,
                                    { method: "POST", body: text }),
        fetchAllHands: () => api("/api/review?what=all_hands", { method: "POST", body: text }),
        seat: 0,
      },
    });
  } catch (e) {
    shown.textContent = refusal(e);
    shown.scrollIntoView({ block: "nearest" });
  }
  $("record-file").value = "";
}

// ------------------------------------------------------------------ joining

let joining = null; // the invitation being answered: {token, info}

/** The invitations this browser sat down by (so that it goes back to its seat at once). */
const SAT = "dizhu.sat.";

/** Show the join section: ``part`` "fields" (name and sit down), "claim" (a seat already
 * taken: is this you?) or none (only words: an invitation that opens nothing). */
function showJoinPart(part, text = "", error = "") {
  showSection("join");
  $("join-fields").hidden = part !== "fields";
  $("join-claim").hidden = part !== "claim";
  $("join-text").textContent = text;
  $("join-error").textContent = error;
}

/** An invitation that opens nothing (or could not be read): one clear message. */
function deadLink(e) {
  const code = e.reason && e.reason.code;
  const dead = !e.reason || code === "dead_link" || code === "no_seat";
  showJoinPart(null, "", dead ? t("join.dead") : refusal(e));
}

/** A friend's invitation: name and sit down the first time, then straight to the table
 * from this browser; from another browser, a taken seat asks whether this is its person. */
async function showJoin(token) {
  const key = location.hash;
  let info;
  try {
    info = await api(`/api/join/${token}`);
  } catch (e) {
    if (location.hash === key) deadLink(e);
    return;
  }
  if (location.hash !== key) return;
  joining = { token, info };
  if (info.person !== null && remembered(SAT + token, "") === "1") {
    openTable(info.match, `seat=${token}`, key);
    return;
  }
  fillJoin();
  if (info.person === null) $("join-name").focus();
  else $("join-me").focus();
}

function fillJoin() {
  if (!joining) return;
  const { info } = joining;
  if (info.person !== null) {
    const name = personName(info.person, info.seat);
    showJoinPart("claim", t("join.taken", { name }));
    return;
  }
  const length = info.mode === "deals" ? t("lobby.deals", { n: info.target }) : t("lobby.race", { n: info.target });
  showJoinPart("fields", t("join.invited", {
    name: personName(info.creator, 0), rules: said(`ruleset.${info.ruleset}`, info.ruleset), length,
  }), $("join-error").textContent);
  $("join-name").placeholder = t("join.name_placeholder", { name: personName("", info.seat) });
}

/** The person of a taken seat, back from another browser: this browser is theirs now. */
function claimSeat() {
  if (!joining) return;
  const { token, info } = joining;
  joining = null;
  remember(SAT + token, "1");
  openTable(info.match, `seat=${token}`, location.hash);
}

/** Sit down once: the button waits for the answer (the table opens with it). */
async function sitDown(event) {
  event.preventDefault();
  const sit = $("join-sit");
  if (!joining || sit.disabled) return;
  const { token } = joining;
  sit.disabled = true;
  try {
    const info = await api(`/api/join/${token}`, {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: $("join-name").value }),
    });
    joining = null;
    remember(SAT + token, "1");
    openTable(info.match, `seat=${token}`, location.hash);
  } catch (e) {
    $("join-error").textContent = refusal(e);
  } finally {
    sit.disabled = false;
  }
}

async function showWatch(secret) {
  const key = location.hash;
  try {
    const { match } = await api(`/api/watch/${secret}`);
    if (location.hash === key) openTable(match, `watch=${secret}`, key);
  } catch (e) {
    if (location.hash === key) deadLink(e);
  }
}

/** The creator's own table: their seat's token and links come from the lobby's server
 * (only the machine that runs the game has them). */
async function showOwnTable(id) {
  const key = location.hash;
  let answer = made.get(id);
  if (!answer) {
    try {
      answer = await api(`/api/matches/${id}/invitations`);
      made.set(id, answer);
    } catch {
      answer = null; // no such match, or not this machine's: the table's socket says which
    }
  }
  if (location.hash !== key) return;
  if (!answer) { openTable(id, "", key); return; }
  openTable(id, `seat=${answer.token}`, key, { links: answer, playAgain });
}

function openTable(id, credential, key, on = {}) {
  if (table) table.close();
  if (credential && !on.links) remember(LAST_TABLE, key);
  showSection("table");
  table = new TableView(id, lobbyData, { follow: followAgain, ...on, credential });
  table.hash = key;
}

// ------------------------------------------------------------------ routing

/** The page a link opens: ``[kind, what]`` for a table's (#/match/ID), an invitation's
 * (#/join/TOKEN) or the spectators' (#/watch/SECRET), else ``null`` (the lobby). A link
 * pasted from a chat may carry what cannot be part of it: a slash, punctuation, an escaped
 * bracket ("%3E"); a secret is letters, digits, - and _, so it ends at the first other
 * character. A link of that kind with no secret at all names ``""``. */
function linkOf(hash) {
  let text = hash;
  try { text = decodeURIComponent(hash); } catch { /* a broken escape: read as it is */ }
  const found = text.match(/^#\/(match|join|watch)(?:\/([A-Za-z0-9_-]*))?/);
  if (!found) return null;
  const [, kind, what = ""] = found;
  if (kind === "match" && !/^\d+$/.test(what)) return null;
  return [kind, what];
}

/** The puzzles' pages: ``["puzzles"]`` for the list (#/puzzles), ``["puzzle", KEY]`` for one
 * (#/puzzle/12, #/puzzle/own-3), else ``null``. */
function puzzleLinkOf(hash) {
  if (/^#\/puzzles\/?$/.test(hash)) return ["puzzles"];
  const found = hash.match(/^#\/puzzle\/([A-Za-z0-9-]+)$/);
  return found ? ["puzzle", found[1]] : null;
}

function route() {
  if (table && table.hash === location.hash) return;
  const puzzles = puzzleLinkOf(location.hash);
  if (puzzles) {
    if (table) { table.close(); table = null; }
    joining = null;
    showSection(puzzles[0]);
    if (puzzles[0] === "puzzles") showPuzzleList(); else showPuzzle(puzzles[1]);
    return;
  }
  const link = linkOf(location.hash);
  if (!link) { joining = null; showLobby(); return; }
  const [kind, what] = link;
  const clean = `#/${kind}/${what}`;
  if (what && clean !== location.hash) history.replaceState(null, "", clean);
  if (table && table.hash === location.hash) return;
  if (table) { table.close(); table = null; }
  joining = null;
  if (!what) deadLink({});
  else if (kind === "match") showOwnTable(Number(what));
  else if (kind === "join") showJoin(what);
  else showWatch(what);
}

function showLanguage() {
  for (const b of document.querySelectorAll(".lang-switch button")) {
    b.setAttribute("aria-pressed", String(b.dataset.lang === language()));
  }
  if (!$("lobby").hidden) {
    document.title = `${t("title.lobby")} · dizhu`;
    fillLobby();
  }
  if (!$("join").hidden) fillJoin();
}

for (const b of document.querySelectorAll(".lang-switch button")) {
  b.addEventListener("click", () => setLanguage(b.dataset.lang));
}
document.addEventListener("languagechange", showLanguage);
document.addEventListener("languagechange", helpLanguageChanged);
document.addEventListener("languagechange", puzzlesLanguageChanged);
bindHelpPanel(() => !$("table").hidden);
$("new-match").addEventListener("submit", startMatch);
$("play-now").addEventListener("click", playNow);
$("choose-settings").addEventListener("click", chooseSettings);
$("join-form").addEventListener("submit", sitDown);
$("join-me").addEventListener("click", claimSeat);
$("join-watch").addEventListener("click", () => {
  if (joining) location.hash = `#/watch/${joining.info.watch}`;
});
$("record-file").addEventListener("change", openRecordFile);
$("history-close").addEventListener("click", () => $("history-dialog").close());
$("tools").insertBefore(soundButton(), $("tools").querySelector(".autoplay"));
$("pace").value = remembered("dizhu.pace", "normal");
window.addEventListener("hashchange", route);
(async () => {
  await setLanguage(preferredLanguage());
  translatePage();
  if (location.hash.startsWith("#/match/")) {
    try { lobbyData = await api("/api/lobby"); } catch { /* the table works without it */ }
  }
  route();
})();
