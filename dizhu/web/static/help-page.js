// The help page's own script: the language (remembered with the game's), the ruleset from
// the address (#/help/classic, #/help/rob, #/help/four; a section after it:
// #/help/four/scoring), and the way back to the game.

import { HELP_RULESETS, helpText, renderHelp } from "./help.js";
import { language, preferredLanguage, setLanguage } from "./i18n.js";

const root = document.getElementById("help");
// framed beside the table (help-panel.js), the page leaves out its own header
if (window.self !== window.top) document.body.classList.add("embedded");
let shown = null;

function wanted() {
  const [, ruleset, section] = location.hash.match(/^#\/help\/(\w+)(?:\/(\w+))?/) || [];
  return { ruleset: HELP_RULESETS.includes(ruleset) ? ruleset : "classic", section };
}

async function show({ keepScroll = false } = {}) {
  const { ruleset, section } = wanted();
  const key = `${ruleset}:${language()}`;
  if (key !== shown) {
    const y = window.scrollY;
    root.setAttribute("aria-busy", "true");
    await renderHelp(root, ruleset);
    shown = key;
    root.removeAttribute("aria-busy");
    document.body.dataset.ruleset = ruleset;
    document.body.dataset.ready = "1";
    if (keepScroll) window.scrollTo(0, y);
    else if (!section) window.scrollTo(0, 0);
  }
  if (section) {
    const target = document.getElementById(`help-${section}`);
    if (target) target.scrollIntoView({ block: "start" });
  }
  header();
}

function header() {
  document.getElementById("help-title").textContent = helpText("title");
  document.title = helpText("page_title");
  const back = document.getElementById("help-back");
  back.textContent = helpText("back");
  document.getElementById("languages").setAttribute("aria-label", helpText("language"));
  for (const b of document.querySelectorAll("[data-language]")) {
    b.setAttribute("aria-pressed", String(b.dataset.language === language()));
  }
}

for (const b of document.querySelectorAll("[data-language]")) {
  b.addEventListener("click", () => setLanguage(b.dataset.language));
}

// Back to where the person came from (the table or the lobby), else the lobby.
document.getElementById("help-back").addEventListener("click", (event) => {
  let sameSite = false;
  try { sameSite = new URL(document.referrer).origin === location.origin; } catch { /* none */ }
  if (sameSite && history.length > 1) {
    event.preventDefault();
    history.back();
  }
});

// Moving within the help (another ruleset, a section) replaces the address rather than
// adding to the history, so that Back returns to the game in one step.
root.addEventListener("click", (event) => {
  const link = event.target.closest("a[href^='#/help/']");
  if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  history.replaceState(null, "", link.getAttribute("href"));
  show();
});

window.addEventListener("hashchange", () => show());
document.addEventListener("languagechange", () => { if (shown) show({ keepScroll: true }); });

(async () => {
  await setLanguage(preferredLanguage());
  await show();
})();
