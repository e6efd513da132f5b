// The score sheet: the last deal's multipliers and points, then every deal of the match
// with its replay and record, the standings; at the end of the match, first of all, the
// winner, the totals and a chart of the running totals, with the way on.

import { totalsChart } from "./chart.js";
import { $, button, el } from "./dom.js";
import { isolate, signed, t } from "./i18n.js";
import { icon } from "./icons.js";

function row(label, value, cls = "") {
  const tr = el("tr", cls);
  tr.append(el("th", "", label));
  const td = el("td");
  if (value instanceof Node) td.append(value); else td.textContent = String(value);
  tr.append(td);
  return tr;
}

/** The end of the match: who won, the totals, the chart. */
function matchEnd(match, names) {
  const box = el("section", "match-end");
  const winners = match.winners.map((s) => isolate(names[s]));
  const won = match.winners.includes(match.seat);
  const line = el("p", `winners${won ? " you-won" : ""}`,
    winners.length > 1 ? t("end.shared", { names: winners.join(t("list.and")) })
      : t("end.wins", { name: winners[0] }));
  box.append(line);
  if (match.seat !== null) box.append(el("p", "end-note", t(won ? "end.you_won" : "end.you_lost")));
  const totals = el("div", "end-totals");
  const order = match.totals.map((_, s) => s).sort((a, b) => match.totals[b] - match.totals[a]);
  for (const seat of order) {
    const chip = el("span", `end-total${match.winners.includes(seat) ? " winner" : ""}`);
    chip.dataset.seat = String(seat);
    chip.append(el("span", "who", names[seat]), el("b", "", signed(match.totals[seat])));
    totals.append(chip);
  }
  box.append(totals);
  if (match.sheets.length) box.append(totalsChart(match.sheets, names));
  return box;
}

/** The bombs of a deal: how many doubled the stake, and how many were played where not
 * every bomb doubles (in four, those of ``size`` cards or more). */
function bombsWords(r, size) {
  if (!r.bombs_played) return t("sheet.none");
  if (r.bombs_played === r.bombs) return `${r.bombs} ×${2 ** r.bombs}`;
  return t(r.bombs ? "sheet.bombs_doubling" : "sheet.bombs_not_doubling",
    { played: r.bombs_played, n: r.bombs, size, times: 2 ** r.bombs });
}

/** The last deal's sheet: every multiplier and each seat's points. */
function dealSheet(view, match, names) {
  const r = view.result;
  const box = el("section", "deal-sheet");
  box.append(el("h2", "", t(r.landlord_won ? "sheet.deal_landlord" : "sheet.deal_peasants",
                            { n: match.deal_number })));
  const table = el("table", "sheet");
  const body = el("tbody");
  body.append(row(t("sheet.landlord"), names[r.landlord]));
  if (view.rules.auction === "rob") body.append(row(t("sheet.robs"), `${r.robs} ×${r.bid}`, "row-robs"));
  else body.append(row(t("sheet.bid"), r.bid));
  const sheet = match.sheets.find((d) => d.index === match.deal_index);
  if (sheet && sheet.bomb_kinds) {
    // with wild cards, each class of bomb by name: soft, hard, wild (each doubles)
    for (const kind of ["soft_bomb", "bomb", "wild_bomb"]) {
      const n = sheet.bomb_kinds[kind];
      body.append(row(t(`sheet.class.${kind}`), n ? `${n} ×${2 ** n}` : t("sheet.none"), `row-${kind}`));
    }
  } else {
    body.append(row(t("sheet.bombs"), bombsWords(r, match.doubling_bomb)));
  }
  body.append(row(t("sheet.rocket"), r.rockets ? "×2" : t("sheet.none")));
  body.append(row(t("sheet.spring"), r.spring ? "×2" : t("sheet.no")));
  body.append(row(t("sheet.anti_spring"), r.anti_spring ? "×2" : t("sheet.no")));
  const stake = el("b", "", String(r.stake));
  body.append(row(t("sheet.stake"), stake, "row-stake"));
  if (match.doubling) {
    const doubled = r.doubled.map((d, i) => (d ? isolate(names[i]) : null)).filter(Boolean);
    body.append(row(t("sheet.doubled"), doubled.length ? `${doubled.join(t("list.and"))} ×2` : t("sheet.nobody")));
    body.append(row(t("sheet.redoubled"), r.redoubled ? "×2" : t("sheet.no")));
  }
  r.scores.forEach((s, i) => {
    body.append(row(names[i], el("b", s > 0 ? "plus" : "minus", signed(s)), "row-points"));
  });
  table.append(body);
  box.append(table);
  return box;
}

/** A link's words beside its icon: narrow screens show the icon alone (the words stay its
 * accessible name). */
function iconLabel(target, name, words) {
  target.append(icon(name), el("span", "link-words", words));
  target.setAttribute("aria-label", words);
  target.title = words;
  return target;
}

/** Every deal of the match, its replay and record, and the totals. Each deal's landlord is
 * marked in its seat's column; narrow screens (and four seats) show short names (the
 * people's names, the computers' numbers), and the links as icons. */
function matchTable(match, names, short, on) {
  const box = el("section", "match-table");
  box.append(el("h2", "", match.mode === "deals" ? t("sheet.match_deals", { n: match.scored, of: match.target })
    : t("sheet.match_race", { target: match.target })));
  const table = el("table", "sheet match-sheet");
  table.dataset.seats = String(names.length);
  const head = el("tr");
  head.append(el("th", "col-deal", t("sheet.deal")), el("th", "col-landlord", t("sheet.landlord")),
              el("th", "col-stake", t("sheet.stake")));
  names.forEach((name, seat) => {
    const th = el("th", `col-seat${seat === match.seat ? " col-mine" : ""}`);
    th.title = name;
    th.append(el("span", "full", name), el("span", "short", short[seat]));
    head.append(th);
  });
  head.append(el("th", "col-links"));
  const thead = el("thead");
  thead.append(head);
  const body = el("tbody");
  for (const s of match.sheets) {
    const tr = el("tr");
    const landlord = el("td", "col-landlord");
    landlord.append(el("span", "full", names[s.landlord]), el("span", "short", short[s.landlord]));
    if (s.landlord_won) landlord.append(el("span", "won-mark", " ✓"));
    tr.append(el("td", "col-deal", String(s.number)), landlord, el("td", "col-stake", String(s.stake)));
    s.scores.forEach((x, seat) => {
      const td = el("td", `col-seat${seat === match.seat ? " col-mine" : ""}`, signed(x));
      if (seat === s.landlord) {
        td.classList.add("landlord-cell");
        td.title = t("sheet.landlord");
      }
      tr.append(td);
    });
    const cell = el("td", "col-links");
    const links = el("span", "links");
    cell.append(links);
    const replay = iconLabel(button("", () => on.replay(s.index), { cls: "small" }), "play", t("sheet.replay"));
    replay.dataset.replay = String(s.index);
    const record = iconLabel(el("a", "record-link"), "download", t("sheet.record"));
    record.href = `/api/matches/${match.id}/deals/${s.index}/record?${on.credential || ""}`;
    record.setAttribute("download", "");
    links.append(replay, record);
    tr.append(cell);
    body.append(tr);
  }
  // the label spans the deal's number, the landlord and the stake: two of them where a
  // narrow screen leaves the landlord's column out (each label shows in its own layout)
  const totals = el("tr", "sheet-totals");
  for (const [cls, span] of [["total-wide", 3], ["total-narrow", 2]]) {
    const label = el("th", cls, t("sheet.total"));
    label.colSpan = span;
    totals.append(label);
  }
  match.totals.forEach((x, seat) => totals.append(el("th", `col-seat${seat === match.seat ? " col-mine" : ""}`, signed(x))));
  totals.append(el("th", "col-links"));
  body.append(totals);
  table.append(thead, body);
  box.append(table);
  return box;
}

/** The words of the way on to the match played again: a spectator watches it. */
export function againWords(match) {
  return t(match.seat === null ? "btn.watch_again" : "btn.play_again");
}

/** Fill the sheet dialog; ``on`` has replay(index), next(), again() and lobby() (each
 * none where not offered), and the page's credential for the records; returns the button
 * to focus. */
export function fillSheet({ view, match }, names, short, on) {
  const body = $("sheet-body");
  body.replaceChildren();
  if (match.finished) body.append(matchEnd(match, names));
  if (view.phase === "over" && view.result) body.append(dealSheet(view, match, names));
  body.append(matchTable(match, names, short, on));
  const buttons = $("sheet-buttons");
  buttons.replaceChildren();
  let primary = null;
  if (view.phase === "over" && !match.finished && !match.abandoned && match.seat !== null) {
    primary = button(t("btn.next_deal"), () => on.next(), { cls: "primary", id: "sheet-next" });
    buttons.append(primary);
  }
  if ((match.finished || match.abandoned) && on.again) {
    primary = button(againWords(match), () => on.again(), { cls: "primary", id: "sheet-new" });
    buttons.append(primary);
  } else if (match.finished && match.seat !== null && match.seat !== 0) {
    // a friend: the creator plays again, and the way on appears here
    buttons.append(el("span", "note again-note", t("end.again_waiting", { name: names[0] })));
  }
  if ((match.finished || match.abandoned) && on.lobby) {
    buttons.append(button(t("btn.lobby"), () => on.lobby(), { id: "sheet-lobby" }));
  }
  const close = button(t("btn.close"), () => $("sheet-dialog").close(), { id: "sheet-close" });
  buttons.append(close);
  return primary || close;
}
