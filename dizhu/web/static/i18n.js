// The page's words in English and in Chinese (简体中文). The catalogs (i18n/en.json,
// i18n/zh.json) are keyed by what is said, with {name} for the facts filled in; the
// server's refusals come as a reason code and its facts (dizhu.reasons), said here in the
// person's language. The language can be switched at any time and is remembered.

const LANGUAGES = ["en", "zh"];
const STORED = "dizhu.language";
const catalogs = {};
let current = "en";

function stored() {
  try { return localStorage.getItem(STORED); } catch { return null; }
}

/** The language to start in: the one chosen last, else the browser's. */
export function preferredLanguage() {
  const chosen = stored();
  if (LANGUAGES.includes(chosen)) return chosen;
  return (navigator.language || "").toLowerCase().startsWith("zh") ? "zh" : "en";
}

/** Load a language (and English, which fills any gap) and make it the page's. */
export async function setLanguage(code) {
  const wanted = LANGUAGES.includes(code) ? code : "en";
  for (const name of new Set(["en", wanted])) {
    if (!catalogs[name]) {
      const response = await fetch(`/static/i18n/${name}.json`);
      catalogs[name] = await response.json();
    }
  }
  current = wanted;
  try { localStorage.setItem(STORED, wanted); } catch { /* private mode: not remembered */ }
  document.documentElement.lang = wanted === "zh" ? "zh-CN" : "en";
  translatePage();
  document.dispatchEvent(new CustomEvent("languagechange", { detail: wanted }));
}

export function language() {
  return current;
}

/** ``text`` set apart from the words around it for the bidi algorithm (first-strong
 * isolate ... pop): a name written right to left cannot reorder the sentence it is in. */
export function isolate(text) {
  return `\u2068${text}\u2069`;
}

/** The facts that are people's or seats' names, isolated wherever they are said. */
const NAMES = new Set(["name", "names", "seat"]);

/** The words for ``key`` with its facts filled in (English when the language lacks them). */
export function t(key, facts = {}) {
  // "1 card", not "1 cards": ``count`` (else ``n``) chooses the words for one, if any
  const one = (facts.count ?? facts.n) === 1 ? lookup(`${key}.one`) : undefined;
  const words = one ?? lookup(key);
  if (words === undefined) return key;
  return words.replace(/\{(\w+)\}/g, (_, name) => {
    if (!(name in facts)) return `{${name}}`;
    return NAMES.has(name) ? isolate(facts[name]) : String(facts[name]);
  });
}

/** The words of ``key`` in the page's language, else in English. */
function lookup(key) {
  return (catalogs[current] && catalogs[current][key]) ?? (catalogs.en && catalogs.en[key]);
}

/** Every element with ``data-i18n`` (its text), ``data-i18n-title`` or
 * ``data-i18n-label`` (its title or aria-label) gets the current words. */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-title]")) el.title = t(el.dataset.i18nTitle);
  for (const el of root.querySelectorAll("[data-i18n-label]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nLabel));
  }
}

/** A moment (seconds since 1970) as the page writes it: "1 Dec 2026, 21:31",
 * "2026年12月1日 21:31". Every character of it is in the page's words (and so in its own
 * font), not left to the browser's locale data. */
export function dateText(seconds) {
  const date = new Date(seconds * 1000);
  const two = (n) => String(n).padStart(2, "0");
  const month = t(`date.month.${date.getMonth() + 1}`);
  return t("date.when", { year: date.getFullYear(), month, day: date.getDate(),
    time: `${two(date.getHours())}:${two(date.getMinutes())}` });
}

/** Points as every score on the page is written: "+48", "-24", "0". */
export function signed(n) {
  return `${n > 0 ? "+" : ""}${n}`;
}

// ------------------------------------------------------------------ cards and plays

/** A rank as a player says it: 3 … 10, J, Q, K, A, 2, and the jokers by name. */
export function rankName(rank) {
  return ["T", "B", "R"].includes(rank) ? t(`rank.${rank}`) : rank;
}

/** Ranks written as the engine writes them ("TTJ") as a player reads them ("10 10 J"). */
export function cardsText(ranks) {
  return [...ranks].map(rankName).join(" ");
}

/** A suited card ("Th", "B") by name: "10 of hearts", "红桃10", "small joker", "小王". */
export function cardName(card) {
  if (card === "B" || card === "R") return rankName(card);
  return t("card.named", { rank: rankName(card[0]), suit: t(`suit.${card[1]}`) });
}

export function kindName(kind) {
  return t(`kind.${kind}`);
}

/** A play as the engine writes it ("straight 9TJQK", "pass") as a player reads it. */
export function playText(text) {
  if (text === "pass") return t("kind.pass");
  const [kind, ranks] = text.split(" ");
  return `${kindName(kind)} ${cardsText(ranks)}`;
}

function listText(items, joiner = "list.or") {
  return items.join(t(joiner));
}

// ------------------------------------------------------------------ reasons

/** A refusal from the server said in the current language: ``reason`` is its
 * ``{code, params, text}``; ``seatName(seat)`` names seats (by default by number, as the
 * table numbers them from 1). Unknown codes keep the server's own words. */
export function sayReason(reason, seatName = (s) => t("place.seat", { n: Number(s) + 1 })) {
  if (!reason || !reason.code) return reason && reason.text ? reason.text : "";
  const key = `reason.${reason.code}`;
  if (!catalogs.en || !(key in catalogs.en)) return reason.text || key;
  const facts = {};
  for (const [name, value] of Object.entries(reason.params || {})) {
    facts[name] = sayFact(name, value, seatName);
  }
  return t(key, facts);
}

function sayFact(name, value, seatName) {
  switch (name) {
    case "play": case "top": return playText(value);
    case "cards": case "hand": return value ? cardsText(value) : t("cards.none");
    case "kind": case "top_kind": return kindName(value);
    case "kinds": return listText(value.map(kindName));
    case "answer": return t(`answer.${value}`);
    case "answers": return listText(value.map((a) => t(`answer.${a}`)));
    case "rank": return rankName(value);
    case "card": return cardName(value);
    case "chosen": return value.split(" ").map(cardName).join(t("list.and"));
    case "seat": case "asked": return seatName(value);
    case "reason": return sayReason(value, seatName);
    case "levels": return listText(value);
    default: return typeof value === "number" ? value : String(value); // a count: 1 kicker
  }
}
