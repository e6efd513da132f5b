// The creator's invitations: a link per seat a friend takes and the link for spectators,
// each with a button that copies it. Open while a friend's seat is still free; folded to
// its one line the moment the last friend sits (the table needs the room).

import { $, button, el } from "./dom.js";
import { t } from "./i18n.js";

/** Copy ``text``; where the browser refuses (no secure context), select it to copy by hand. */
async function copy(text, input, done) {
  try {
    await navigator.clipboard.writeText(text);
    done.textContent = t("invite.copied");
  } catch {
    input.focus();
    input.select();
    done.textContent = t("invite.select");
  }
}

function linkRow(label, link, id) {
  const row = el("div", "invite-row");
  const input = el("input", "invite-link");
  Object.assign(input, { id: `invite-${id}`, type: "text", readOnly: true, value: link });
  input.setAttribute("aria-label", label);
  const done = el("span", "invite-done");
  done.setAttribute("aria-live", "polite");
  row.append(el("span", "invite-label", label), input,
             button(t("invite.copy"), () => copy(link, input, done), { id: `invite-copy-${id}`, cls: "small" }),
             done);
  return row;
}

/** Show ``links`` (the server's answer: invitations and watch) for the table in ``state``;
 * ``null`` hides the panel (another person's page, a spectator's, or no table), and so does
 * a table with no friend's seat (a match against the computer stays as it was). */
export function renderInvite(links, state = null, names = []) {
  const panel = $("invite");
  if (!links || !state || !links.invitations.length) {
    panel.hidden = true;
    delete panel.dataset.key;
    return;
  }
  const seats = links.invitations.map((i) => [i.seat, state.match.names[i.seat] === null]);
  const free = seats.some(([, open]) => open);
  const key = JSON.stringify([seats, names, t("invite.title")]);
  panel.hidden = false;
  if (panel.dataset.key === key) return;
  const first = panel.dataset.key === undefined;
  const wasFree = panel.dataset.free === "true";
  panel.dataset.key = key;
  panel.dataset.free = String(free);
  $("invite-title").textContent = t(free ? "invite.title" : "invite.title_seated");
  const body = $("invite-body");
  body.replaceChildren();
  for (const { seat, link } of links.invitations) {
    const label = state.match.names[seat] === null ? t("invite.for_seat", { seat: t("place.seat", { n: seat + 1 }) })
      : t("invite.taken", { name: names[seat] });
    body.append(linkRow(label, link, seat));
  }
  body.append(linkRow(t("invite.watch"), links.watch, "watch"));
  body.append(el("p", "note", t(links.lan ? "invite.note_lan" : "invite.note_local")));
  if (first) panel.open = free;
  else if (wasFree && !free) panel.open = false;
}
