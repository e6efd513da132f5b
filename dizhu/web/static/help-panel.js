// "How to play" beside the table: the help page in a panel at the side (over the whole
// table on a phone, with a way back to it), so that the deal goes on while the person
// reads, and nothing of the table is lost (a page of its own would leave the table, and
// with a turn clock cost a turn). The help page, framed, leaves out its own header.

import { $ } from "./dom.js";

/** Whether the panel is open. */
export function helpPanelOpen() {
  return !$("help-panel").hidden;
}

/** Open the panel on the help at ``href`` (the header's link for this table's ruleset). */
export function openHelpPanel(href) {
  const frame = $("help-frame");
  if (frame.getAttribute("src") !== href) frame.setAttribute("src", href);
  $("help-panel-tab").href = href;
  $("help-panel").hidden = false;
  document.body.classList.add("help-open");
  $("help-link").setAttribute("aria-expanded", "true");
  $("help-panel-close").focus();
}

export function closeHelpPanel() {
  $("help-panel").hidden = true;
  document.body.classList.remove("help-open");
  $("help-link").setAttribute("aria-expanded", "false");
}

/** The help in the page's language again (the frame reads the language the person chose). */
export function helpLanguageChanged() {
  const frame = $("help-frame");
  if (helpPanelOpen() && frame.contentWindow) frame.contentWindow.location.reload();
}

/** At the table the header's link opens the panel (a click with a modifier key still opens
 * a tab, as links do); elsewhere it opens the help page. */
export function bindHelpPanel(atTable) {
  $("help-link").addEventListener("click", (event) => {
    if (!atTable() || event.ctrlKey || event.metaKey || event.shiftKey || event.button) return;
    event.preventDefault();
    if (helpPanelOpen()) closeHelpPanel(); else openHelpPanel($("help-link").href);
  });
  $("help-panel-close").addEventListener("click", () => {
    closeHelpPanel();
    $("help-link").focus();
  });
}
