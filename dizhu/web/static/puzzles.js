// The puzzles (残局): their list (#/puzzles) with the person's progress, filtered by ruleset
// and difficulty, and one puzzle (#/puzzle/KEY) played with every hand open. The person
// plays their side's seats by selecting cards; the server replays the person's plays, answers
// each with the perfect defence and says how the try ended. Nothing here knows a rule: a
// try is the list of the person's plays, which the server checks every time.

import { cardRow, setWild } from "./cards.js";
import { $, api, button, el } from "./dom.js";
import { handOrder, renderHand } from "./hand.js";
import { dateText, language, playText, sayReason, t } from "./i18n.js";
import { actionWords, playWords, playedWords, wildWords } from "./words.js";

const DIFFICULTIES = [1, 2, 3, 4, 5];

let listing = null; // the server's list: {person, rulesets, puzzles}
let current = null; // the puzzle on show: {key, puzzle, frame, end, plays, selected, solution}
let busy = false;
let renders = 0; // the puzzle's drawings so far (a test waits for the next)

/** A refusal in the person's language (the server's English words only in English). */
function refusal(e) {
  return sayReason(e.reason) || (language() === "en" ? e.message : t("table.refused"));
}

function rulesetName(name) {
  return t(`ruleset.${name}`);
}

function seatName(seat) {
  return t("place.seat", { n: seat + 1 });
}

/** Difficulty as stars: "★★★☆☆". */
function stars(n) {
  const box = el("span", "stars", "★".repeat(n) + "☆".repeat(5 - n));
  box.setAttribute("aria-label", t("puzzles.difficulty_n", { n }));
  box.title = box.getAttribute("aria-label");
  return box;
}

function titleOf(puzzle) {
  return puzzle.title[language()] || puzzle.title.en;
}

function numberOf(puzzle) {
  return puzzle.own ? t("puzzle.own_number", { n: puzzle.id }) : t("puzzle.number", { n: puzzle.id });
}

/** Sentences one after another: a space between them in English, none in Chinese. */
function sentences(...parts) {
  return parts.filter(Boolean).join(language() === "zh" ? "" : " ");
}

function post(body) {
  return { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
}

// ------------------------------------------------------------------ the list

/** Open the list (the server's, with the person's progress). */
export async function showPuzzleList() {
  const key = location.hash;
  current = null;
  document.title = `${t("puzzles.title")} · dizhu`;
  $("puzzles-error").textContent = "";
  try {
    listing = await api("/api/puzzles");
  } catch (e) {
    if (location.hash === key) $("puzzles-error").textContent = t("puzzles.load_failed", { error: refusal(e) });
    return;
  }
  if (location.hash !== key) return;
  fillFilters();
  fillList();
}

function fillFilters() {
  if (!listing) return;
  const fill = (select, options, all = true) => {
    const was = select.value;
    select.replaceChildren(...(all ? [new Option(t("puzzles.all"), "")] : []),
      ...options.map(([value, words]) => new Option(words, value)));
    if ([...select.options].some((o) => o.value === was)) select.value = was;
  };
  const used = listing.rulesets.filter((r) => listing.puzzles.some((p) => p.ruleset === r.name));
  fill($("puzzle-ruleset"), used.map((r) => [r.name, rulesetName(r.name)]));
  fill($("puzzle-difficulty"), DIFFICULTIES.map((n) => [String(n), t("puzzles.difficulty_n", { n })]));
  fill($("own-ruleset"), listing.rulesets.map((r) => [r.name, rulesetName(r.name)]), false);
  fillOwnSeats();
}

function fillOwnSeats() {
  const rules = listing && listing.rulesets.find((r) => r.name === $("own-ruleset").value);
  const seats = rules ? rules.seats : 3;
  const was = $("own-seat").value;
  $("own-seat").replaceChildren(...[...Array(seats).keys()].map((s) => new Option(seatName(s), String(s))));
  $("own-seat").value = was !== "" && Number(was) < seats ? was : "0";
}

function fillList() {
  if (!listing) return;
  const ruleset = $("puzzle-ruleset").value;
  const difficulty = $("puzzle-difficulty").value;
  const list = $("puzzle-list");
  list.replaceChildren();
  const chosen = listing.puzzles.filter((p) => (!ruleset || p.ruleset === ruleset) &&
    (!difficulty || String(p.difficulty) === difficulty));
  for (const p of chosen) {
    const li = el("li", "puzzle-item");
    const solved = Boolean(p.progress && p.progress.solved);
    li.classList.toggle("solved", solved);
    li.classList.toggle("own", p.own);
    const link = el("a");
    link.href = `#/puzzle/${p.key}`;
    link.id = `puzzle-${p.key}`;
    link.append(el("span", "puzzle-number", p.own ? t("puzzles.own_mark", { n: p.id }) : String(p.id)),
      el("span", "puzzle-name", titleOf(p)));
    const mark = el("span", `solved-mark${solved ? "" : " unsolved"}`,
      solved ? t("puzzles.solved") : p.progress ? t("puzzles.tried", { n: p.progress.attempts }) : "");
    link.append(mark);
    const meta = el("span", "puzzle-meta", `${rulesetName(p.ruleset)} · ${t(`goal.${p.goal}`)}`);
    link.append(meta, stars(p.difficulty));
    li.append(link);
    list.append(li);
  }
  if (!chosen.length) list.append(el("li", "empty", t("puzzles.none")));
  const solved = listing.puzzles.filter((p) => p.progress && p.progress.solved).length;
  $("puzzles-count").textContent = t("puzzles.count", { solved, n: listing.puzzles.length });
}

async function addOwn(event) {
  event.preventDefault();
  const message = $("own-message");
  message.textContent = t("own.proving");
  message.classList.remove("error");
  $("own-add").disabled = true;
  try {
    const answer = await api("/api/puzzles/own", post({
      position: $("own-position").value, ruleset: $("own-ruleset").value,
      seat: Number($("own-seat").value), goal: $("own-goal").value, title: $("own-title").value,
    }));
    message.textContent = t("own.added", { title: titleOf(answer.puzzle) });
    listing.puzzles.push(answer.puzzle);
    fillList();
  } catch (e) {
    message.textContent = refusal(e);
    message.classList.add("error");
  } finally {
    $("own-add").disabled = false;
  }
}

// ------------------------------------------------------------------ one puzzle

/** Open puzzle ``key`` at its start. */
export async function showPuzzle(key) {
  const hash = location.hash;
  current = null;
  $("puzzle-board").replaceChildren();
  $("puzzle-title").textContent = "";
  $("puzzle-facts").textContent = "";
  $("puzzle-goal").textContent = "";
  $("puzzle-end").hidden = true;
  $("puzzle-step").hidden = true;
  say("");
  try {
    const answer = await api(`/api/puzzles/${encodeURIComponent(key)}`);
    if (location.hash !== hash) return;
    current = { key, plays: [], selected: new Set(), solution: null };
    accept(answer);
  } catch (e) {
    if (location.hash !== hash) return;
    say(t("puzzle.load_failed", { error: refusal(e) }), true);
    showControls();
  }
}

/** The server's answer to a try: the puzzle, the table, the end if it came. */
function accept(answer) {
  Object.assign(current, { puzzle: answer.puzzle, frame: answer.frame, end: answer.end });
  current.selected = new Set();
  render();
}

function render() {
  if (!current || !current.puzzle) return;
  $("puzzle").dataset.version = String(++renders);
  const { puzzle } = current;
  document.title = `${titleOf(puzzle)} · dizhu`;
  $("puzzle-title").textContent = `${numberOf(puzzle)} · ${titleOf(puzzle)}`;
  const facts = $("puzzle-facts");
  facts.replaceChildren(el("span", "", rulesetName(puzzle.ruleset)), stars(puzzle.difficulty));
  if (current.frame.wild) {
    const wild = el("span", "wild-rank");
    wild.append(el("span", "wild-chip", t("card.wild_badge")),
      el("span", "wild-words", wildWords(current.frame.wild, current.frame.wild.length)));
    wild.title = t("wild.note");
    facts.append(wild);
  }
  const progress = puzzle.progress;
  if (progress && progress.solved) {
    facts.append(el("span", "solved-mark", t("puzzle.solved_on", { when: dateText(progress.first_solved) })));
  }
  if (progress && progress.attempts) facts.append(el("span", "tries", t("puzzles.tried", { n: progress.attempts })));
  const side = puzzle.side === "peasants" && current.frame.seats.length > 3 ? "peasants_three" : puzzle.side;
  $("puzzle-goal").textContent = sentences(t(`puzzle.goal.${puzzle.goal}`), t(`puzzle.side.${side}`));
  const solution = current.solution;
  const frame = solution ? solution.frames[solution.step] : current.frame;
  drawBoard(frame, !solution && !current.end, Boolean(solution) || !current.end);
  showEnd();
  showStep();
  showControls();
}

/** The table: each seat's cards, whose turn, what each played in the trick. The seat to
 * move, when it is the person's, holds its cards as a hand to select from. */
function drawBoard(frame, playing, turn) {
  setWild(frame.wild);
  const board = $("puzzle-board");
  board.replaceChildren();
  board.dataset.seats = String(frame.seats.length);
  const top = frame.trick.map((e) => e.play !== "pass").lastIndexOf(true);
  for (const seat of frame.seats) {
    const row = el("div", `puzzle-seat ${seat.ours ? "ours" : "theirs"}`);
    row.id = `puzzle-seat-${seat.seat}`;
    const toMove = turn && frame.to_move === seat.seat;
    row.classList.toggle("to-move", toMove);
    const head = el("div", "seat-head");
    head.append(el("span", "name", seatName(seat.seat)),
      el("span", `role ${seat.role}`, t(`role.${seat.role}`)),
      el("span", `side ${seat.ours ? "ours" : "theirs"}`, t(seat.ours ? "puzzle.you" : "puzzle.defence")),
      el("span", "left", t("seat.cards", { n: seat.hand.length })));
    if (toMove) head.append(el("span", "turn-mark", t(seat.ours ? "puzzle.your_turn" : "puzzle.defence_turn")));
    row.append(head);
    const cards = el("div", "puzzle-cards");
    row.append(cards);
    const entries = frame.trick.filter((e) => e.seat === seat.seat);
    const last = entries[entries.length - 1];
    const played = el("div", "puzzle-played");
    if (last) {
      const index = frame.trick.lastIndexOf(last);
      played.classList.toggle("beaten", last.play !== "pass" && index !== top);
      played.append(el("span", "play-label", last.play === "pass" ? t("kind.pass") : playedWords(last)));
      if (last.cards.length) played.append(cardRow(last.cards, "small"));
    }
    row.append(played);
    board.append(row);
    if (playing && toMove && seat.ours) {
      const hand = el("div", "hand puzzle-hand to-move");
      hand.id = "puzzle-hand";
      hand.setAttribute("role", "listbox");
      hand.setAttribute("aria-multiselectable", "true");
      hand.setAttribute("aria-label", t("hand.label"));
      hand.tabIndex = -1; // a click on a card takes the keys there (Enter plays)
      cards.append(hand);
      hand.addEventListener("click", (event) => {
        const card = event.target.closest(".card");
        if (!card || busy) return;
        const index = Number(card.dataset.index);
        hand.focus({ preventScroll: true });
        if (current.selected.has(index)) current.selected.delete(index); else current.selected.add(index);
        drawHand(seat.hand);
        if ($("puzzle-message").classList.contains("error")) say("");
      });
      drawHand(seat.hand);
    } else {
      cards.append(seat.hand.length ? cardRow(seat.hand, "small") : el("span", "out", t("puzzle.out")));
    }
  }
}

function drawHand(cards) {
  renderHand($("puzzle-hand"), {
    cards, order: handOrder(cards, "big"), selected: current.selected, named: new Set(),
    fromKitty: new Set(), patternMode: false,
  });
}

function showEnd() {
  const box = $("puzzle-end");
  const end = current.end;
  box.hidden = !end || Boolean(current.solution);
  if (!end) return;
  box.className = `puzzle-end ${end.solved ? "solved" : "failed"}`;
  if (end.solved) {
    box.textContent = t("puzzle.solved", { n: end.plies });
  } else {
    box.textContent = sentences(t(`puzzle.failed.${end.why}`),
      end.slipped && t("puzzle.slipped", { play: playText(end.slipped) }));
  }
}

function showStep() {
  const solution = current.solution;
  const box = $("puzzle-step");
  box.hidden = !solution;
  if (!solution) return;
  const frame = solution.frames[solution.step];
  const count = t("puzzle.step_of", { n: solution.step, of: solution.frames.length - 1 });
  let words;
  if (!frame.step) {
    words = t("puzzle.solution_start", { seat: seatName(solution.frames[0].to_move) });
  } else {
    const what = actionWords({ play: frame.step.play });
    words = t("puzzle.solution_play", { seat: seatName(frame.step.seat), play: what });
    if (frame.step.unique) words += ` · ${t("puzzle.unique")}`;
  }
  box.textContent = `${count} · ${words}`;
}

function showControls() {
  const solution = current && current.solution;
  const frame = current && current.frame;
  const playing = Boolean(frame) && !solution && !current.end && frame.ours_to_move;
  $("puzzle-controls").hidden = !playing;
  for (const id of ["puzzle-play", "puzzle-pass", "puzzle-clear"]) $(id).disabled = busy;
  $("puzzle-pass").disabled = busy || !(playing && frame.may_pass);
  $("puzzle-undo").disabled = busy || !current || !current.plays.length || Boolean(solution);
  $("puzzle-retry").disabled = busy || !current || !current.puzzle || Boolean(solution);
  $("puzzle-solution").disabled = busy || !current || !current.puzzle || Boolean(solution);
  $("puzzle-undo").parentElement.hidden = Boolean(solution);
  $("solution-controls").hidden = !solution;
  if (solution) {
    $("solution-prev").disabled = solution.step === 0;
    $("solution-next").disabled = solution.step === solution.frames.length - 1;
  }
}

function say(text, isError = false) {
  const m = $("puzzle-message");
  m.textContent = text;
  m.classList.toggle("error", isError && Boolean(text));
}

/** What the defence answered to the person's last play, in words ("Seat 2: pass · Seat 3:
 * pair 9 9"), from the plays since then. */
function answered(before) {
  const history = current.frame.history.slice(before);
  const theirs = new Set(current.frame.seats.filter((s) => !s.ours).map((s) => s.seat));
  const words = history.filter((e) => theirs.has(e.seat))
    .map((e) => t("puzzle.seat_did", { seat: seatName(e.seat), play: actionWords(e) }));
  return words.length ? t("puzzle.answered", { plays: words.join(" · ") }) : "";
}

/** Send the person's plays so far and a new one (``action``: selected cards, a named
 * reading of them, or a pass) for the seat to move; the server's answer is the table after
 * the defence's. */
async function send(action) {
  if (busy || !current || !current.frame || current.end) return;
  const plays = [...current.plays, { seat: current.frame.to_move, ...action }];
  const before = current.frame.history.length + 1;
  await asked(plays, (answer) => {
    if (answer.choose) {
      chooseReading(answer.choose, action.cards || []);
      return;
    }
    current.plays = plays;
    accept(answer);
    say(answered(before));
  });
}

/** Ask the server for the try ``plays`` make; ``then(answer)`` takes its answer while the
 * page still shows this puzzle. A refusal is said; the controls wait meanwhile. */
async function asked(plays, then) {
  const hash = location.hash;
  busy = true;
  showControls();
  try {
    const answer = await api(`/api/puzzles/${encodeURIComponent(current.key)}/play`, post({ plays }));
    if (location.hash === hash) then(answer);
  } catch (e) {
    if (location.hash === hash) say(refusal(e), true);
  } finally {
    busy = false;
    if (current) showControls();
  }
}

/** Cards that make two plays (four consecutive triples, say): the person chooses which. */
function chooseReading(choose, cards) {
  const box = $("choose-options");
  box.replaceChildren();
  $("choose-text").textContent = sayReason(choose.reason) || choose.message;
  for (const option of choose.options) {
    box.append(button(playWords({ play: option.text, as: option.as }), () => {
      $("choose-dialog").close();
      send({ play: option.text, cards });
    }));
  }
  $("choose-dialog").showModal();
  box.firstChild.focus();
}

function play() {
  if (!current || !current.frame) return;
  const hand = current.frame.seats[current.frame.to_move].hand;
  const cards = [...current.selected].sort((a, b) => a - b).map((i) => hand[i]);
  if (!cards.length) { say(t("puzzle.select_first"), true); return; }
  send({ cards });
}

/** Take back the person's last play (and the defence's answers to it). */
async function undo() {
  if (busy || !current || !current.plays.length) return;
  await replay(current.plays.slice(0, -1));
}

async function retry() {
  if (busy || !current) return;
  await replay([]);
}

async function replay(plays) {
  await asked(plays, (answer) => {
    current.plays = plays;
    accept(answer);
    say("");
  });
}

async function showSolution() {
  if (busy || !current) return;
  try {
    const { frames } = await api(`/api/puzzles/${encodeURIComponent(current.key)}/solution`);
    current.solution = { frames, step: 0 };
    say("");
    render();
  } catch (e) {
    say(refusal(e), true);
  }
}

function stepSolution(by) {
  const solution = current && current.solution;
  if (!solution) return;
  solution.step = Math.max(0, Math.min(solution.frames.length - 1, solution.step + by));
  render();
}

function closeSolution() {
  if (!current) return;
  current.solution = null;
  render();
}

/** Say everything again in the language the person switched to. */
export function puzzlesLanguageChanged() {
  if (!$("puzzles").hidden) { fillFilters(); fillList(); document.title = `${t("puzzles.title")} · dizhu`; }
  if (!$("puzzle").hidden && current) { render(); say(""); }
}

$("puzzle-ruleset").addEventListener("change", fillList);
$("puzzle-difficulty").addEventListener("change", fillList);
$("own-ruleset").addEventListener("change", fillOwnSeats);
$("own-form").addEventListener("submit", addOwn);
$("puzzle-play").addEventListener("click", play);
$("puzzle-pass").addEventListener("click", () => { if (current) current.selected.clear(); send({ play: "pass" }); });
$("puzzle-clear").addEventListener("click", () => {
  if (!current || !current.frame || !$("puzzle-hand")) return;
  current.selected.clear();
  drawHand(current.frame.seats[current.frame.to_move].hand);
  say("");
});
$("puzzle-undo").addEventListener("click", undo);
// the hand fans out again for a new width (one row or two)
window.addEventListener("resize", () => {
  if (!$("puzzle").hidden && current && current.frame && $("puzzle-hand")) {
    drawHand(current.frame.seats[current.frame.to_move].hand);
  }
});
// Enter plays the selected cards, Escape clears them, as at the table
document.addEventListener("keydown", (event) => {
  if ($("puzzle").hidden || !current || current.solution || $("choose-dialog").open) return;
  const target = event.target.closest ? event.target : document.body;
  if (target.closest("input, select, textarea")) return;
  if (event.key === "Enter" && !target.closest("button, a")) { event.preventDefault(); play(); }
  if (event.key === "Escape") { event.preventDefault(); $("puzzle-clear").click(); }
});
$("puzzle-retry").addEventListener("click", retry);
$("puzzle-solution").addEventListener("click", showSolution);
$("solution-prev").addEventListener("click", () => stepSolution(-1));
$("solution-next").addEventListener("click", () => stepSolution(1));
$("solution-close").addEventListener("click", closeSolution);
