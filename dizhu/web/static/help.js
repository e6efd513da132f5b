// The help page ("How to play"): the rules of one ruleset, every combination drawn as
// cards, worked scoring examples and a strategy section, in the page's language.
//
// It decides no rule: the words are in help/en.json and help/zh.json (keys "help.*"; a key
// "help.RULESET.x" replaces "help.x" for that ruleset), and the cards, auctions and scores
// it draws are data in help/help.json, checked against the engine by the tests.
//
//   helpHref(ruleset)          -> the page's address for a ruleset ("/static/help.html#/help/four")
//   renderHelp(root, ruleset)  -> draws the help for a ruleset into root (async)
//   helpText(key, facts)       -> the help's words for key (after renderHelp or loadHelp)
//   HELP_RULESETS              -> the rulesets it knows

import { cardRow, setWild } from "./cards.js";
import { cardName, cardsText, kindName, language, t } from "./i18n.js";

export const HELP_RULESETS = ["classic", "rob", "four", "laizi", "tiandi"];
const SECTIONS = ["intro", "cards", "deal", "auction", "doubling", "play", "combos", "limits",
  "bombs", "scoring", "strategy"];

/** The sections of a ruleset's help: a ruleset with wild cards has one on them after the
 * auction (when its wild ranks are drawn). */
function sectionsOf(rs) {
  if (!data[rs].wild) return SECTIONS;
  const at = SECTIONS.indexOf("auction") + 1;
  return [...SECTIONS.slice(0, at), "wild", ...SECTIONS.slice(at)];
}

/** Cards drawn with the cards of ``wild`` (rank letters) marked as wild cards. */
function wildCards(wild, list, cls = "") {
  setWild(wild);
  try {
    return cards(list, cls);
  } finally {
    setWild("");
  }
}

let data = null;
const texts = {};

export function helpHref(ruleset = "classic", section = "") {
  const name = HELP_RULESETS.includes(ruleset) ? ruleset : "classic";
  return `/static/help.html#/help/${name}${section ? `/${section}` : ""}`;
}

async function fetchJson(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response.json();
}

/** The help's data and its words in the page's language (and English, filling any gap). */
export async function loadHelp() {
  if (!data) data = await fetchJson("/static/help/help.json");
  for (const code of new Set(["en", language()])) {
    if (!texts[code]) texts[code] = await fetchJson(`/static/help/${code}.json`);
  }
}

// ------------------------------------------------------------------ words

function fill(words, facts) {
  return words.replace(/\{(\w+)\}/g, (_, name) => (name in facts ? String(facts[name]) : `{${name}}`));
}

function lookup(key) {
  const own = texts[language()];
  if (own && key in own) return own[key];
  if (texts.en && key in texts.en) return texts.en[key];
  return undefined;
}

/** The help's words for ``key`` in ``ruleset``: "help.RULESET.key", else "help.key". */
function has(ruleset, key) {
  return lookup(`help.${ruleset}.${key}`) !== undefined || lookup(`help.${key}`) !== undefined;
}

/** The help's words for ``key`` (no ruleset's own words): for the page around it. */
export function helpText(key, facts = {}) {
  return say("", key, facts);
}

function say(ruleset, key, facts = {}) {
  const words = lookup(`help.${ruleset}.${key}`) ?? lookup(`help.${key}`);
  return words === undefined ? t(`help.${key}`, facts) : fill(words, facts);
}

// ------------------------------------------------------------------ building blocks

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function para(ruleset, key, facts) {
  return el("p", "", say(ruleset, key, facts));
}

/** Cards drawn face up, named for screen readers in the page's language. */
function cards(list, cls = "") {
  const row = cardRow(list, `help-cards${cls ? ` ${cls}` : ""}`);
  row.setAttribute("role", "img");
  row.setAttribute("aria-label", cardsText(list.map((c) => c[0]).join("")));
  for (const svg of row.querySelectorAll("svg")) {
    svg.setAttribute("aria-hidden", "true");
    svg.removeAttribute("role");
    svg.removeAttribute("aria-label");
  }
  row.title = list.map(cardName).join(", ");
  return row;
}

function seatName(ruleset, seat) {
  return say(ruleset, `seat.${seat}`);
}

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `\u2212${-n}` : "0";
}

function own(ruleset, field) {
  // a ruleset's field, or another ruleset's when it names one ("combos": "classic")
  const value = data[ruleset][field];
  return typeof value === "string" ? data[value][field] : value;
}

// ------------------------------------------------------------------ sections

const BUILD = {
  intro(rs, body) {
    body.append(para(rs, "intro.1"), para(rs, "intro.2"));
  },

  cards(rs, body) {
    body.append(para(rs, "cards.1"), cards(own(rs, "ladder"), "ladder"), para(rs, "cards.2"));
  },

  deal(rs, body) {
    body.append(para(rs, "deal.1"));
    const table = el("div", "help-deal");
    const { seats, hand, kitty } = data[rs];
    for (let seat = 0; seat < seats; seat++) {
      table.append(stack(seatName(rs, seat), hand));
    }
    table.append(stack(say(rs, "kitty"), kitty, "kitty"));
    body.append(table, para(rs, "deal.2"));
  },

  auction(rs, body) {
    for (const n of [1, 2, 3]) if (has(rs, `auction.${n}`)) body.append(para(rs, `auction.${n}`));
    body.append(el("h3", "", say(rs, "auction.examples")));
    const list = el("ul", "help-auctions");
    for (const example of own(rs, "auction")) {
      const item = el("li");
      const steps = el("span", "help-answers");
      for (const step of example.steps) {
        steps.append(el("span", `answer answer-${step.say}`,
          say(rs, `say.${step.say}`, { seat: seatName(rs, step.seat), n: step.n })));
      }
      const result = example.thrown_in ? say(rs, "auction.thrown_in")
        : say(rs, "auction.result", { seat: seatName(rs, example.landlord), stake: example.stake });
      item.append(steps, el("span", "help-arrow", "\u2192"), el("b", "help-result", result));
      list.append(item);
    }
    body.append(list);
  },

  doubling(rs, body) {
    body.append(para(rs, "doubling.1"), para(rs, "doubling.2"));
  },

  play(rs, body) {
    for (const n of [1, 2, 3, 4, 5]) body.append(para(rs, `play.${n}`));
  },

  combos(rs, body) {
    body.append(para(rs, "combos.1"));
    const grid = el("div", "help-combos");
    for (const combo of own(rs, "combos")) {
      const tile = el("article", "help-combo");
      tile.dataset.kind = combo.kind;
      const head = el("h3");
      head.append(el("span", "kind-name", kindName(combo.kind)),
        el("span", "kind-also", say(rs, `kind.${combo.kind}.also`)));
      tile.append(head);
      const examples = el("div", "help-examples");
      for (const example of combo.examples) examples.append(cards(example));
      tile.append(examples, el("p", "what", say(rs, `combo.${combo.kind}`)));
      for (const [high, low] of combo.beats) tile.append(beatsRow(rs, high, low, true));
      tile.append(el("p", "beats", say(rs, `combo.${combo.kind}.beats`)));
      grid.append(tile);
    }
    body.append(grid);
  },

  limits(rs, body) {
    const list = el("ul", "help-limits");
    for (const limit of own(rs, "limits")) {
      const item = el("li");
      item.append(el("p", "", say(rs, limit.key)));
      if (limit.beats) {
        item.append(beatsRow(rs, limit.beats[0], limit.beats[1], limit.result));
      } else {
        const row = el("div", "help-limit-cards");
        row.append(cards(limit.cards));
        if (limit.valid === false) row.append(el("span", "help-invalid", say(rs, "not_valid")));
        item.append(row);
      }
      list.append(item);
    }
    body.append(list);
  },

  wild(rs, body) {
    const { ranks, examples } = data[rs].wild;
    const wild = [...ranks].map((r) => cardsText(r)).join(say(rs, "wild.and"));
    body.append(para(rs, "wild.1"), para(rs, "wild.2", { wild }));
    const list = el("ul", "help-wild");
    for (const example of examples) {
      const item = el("li");
      item.dataset.cards = example.cards.join(" ");
      const kinds = example.kinds.map(kindName);
      const words = !kinds.length ? say(rs, "not_valid")
        : kinds.length > 1 ? say(rs, "wild.either", { plays: kinds.join(say(rs, "wild.or")) })
          : example.as ? say(rs, "wild.reads_as", { play: kinds[0], cards: cardsText(example.as) })
            : say(rs, "wild.reads", { play: kinds[0] });
      item.append(wildCards(ranks, example.cards),
        el("span", kinds.length ? "help-reads" : "help-invalid", words));
      list.append(item);
    }
    body.append(list, para(rs, "wild.3"), para(rs, "wild.4"));
  },

  bombs(rs, body) {
    body.append(para(rs, "bombs.1"));
    const ladder = el("div", "help-bombs");
    const wild = data[rs].wild ? data[rs].wild.ranks : "";
    own(rs, "bomb_ladder").forEach((step, i) => {
      if (i) ladder.append(el("span", "help-lt", "<"));
      const figure = el("figure", `help-bomb${step.doubles ? " doubles" : ""}`);
      const doubles = step.doubles ? "\u00d72" : say(rs, "no_doubling");
      figure.append(wildCards(wild, step.cards),
        el("figcaption", "", step.kind ? `${bombClass(rs, step.kind)} ${doubles}` : doubles));
      if (step.kind) figure.dataset.kind = step.kind;
      ladder.append(figure);
    });
    body.append(ladder, para(rs, "bombs.2"), para(rs, "bombs.3"));
  },

  scoring(rs, body) {
    for (const n of [1, 2, 3, 4]) body.append(para(rs, `scoring.${n}`));
    body.append(el("h3", "", say(rs, "scoring.examples")));
    for (const example of own(rs, "scoring")) body.append(workedExample(rs, example));
  },

  strategy(rs, body) {
    const plan = own(rs, "strategy");
    const part = (name, ...nodes) => {
      body.append(el("h3", "", say(rs, `strategy.${name}.title`)), ...nodes);
    };
    const groups = el("div", "help-hand");
    for (const group of plan.good) {
      const figure = el("figure", "help-group");
      figure.append(cards(group.cards), el("figcaption", "", kindName(group.kind)));
      groups.append(figure);
    }
    part("count", para(rs, "strategy.count.1"), groups, para(rs, "strategy.count.2"),
      cards(plan.loose, "loose"), para(rs, "strategy.count.3"));
    part("control", para(rs, "strategy.control.1"));
    part("bids", para(rs, "strategy.bids.1"));
    part("landlord", para(rs, "strategy.landlord.1"), para(rs, "strategy.landlord.2"));
    part("partners", para(rs, "strategy.partners.1"), para(rs, "strategy.partners.2"),
      para(rs, "strategy.partners.3"));
    part("end", para(rs, "strategy.end.1"), para(rs, "strategy.end.2"));
  },
};

/** A class of bomb by name: with wild cards a four of natural cards is the hard bomb. */
function bombClass(rs, kind) {
  return kind === "bomb" ? say(rs, "class.bomb") : kindName(kind);
}

/** A few card backs with a label: a seat's hand or the kitty, for the deal. */
function stack(label, count, cls = "") {
  const box = el("div", `help-stack ${cls}`);
  const backs = el("div", "backs");
  for (let i = 0; i < Math.min(count, 6); i++) backs.append(el("span", "back"));
  box.append(backs, el("span", "stack-label", `${label} \u00b7 ${count}`));
  return box;
}

function beatsRow(rs, high, low, beats) {
  const row = el("div", `help-beats${beats ? "" : " not"}`);
  row.append(cards(high), el("span", "help-beats-word", say(rs, beats ? "beats" : "not_beats")),
    cards(low));
  return row;
}

function workedExample(rs, example) {
  const box = el("figure", "help-example");
  box.dataset.example = example.id;
  // a ruleset that shows another's worked examples ("scoring": "classic") says their words
  const owner = typeof data[rs].scoring === "string" ? data[rs].scoring : rs;
  box.append(el("figcaption", "", say(rs, `example.${owner}.${example.id}`)));
  const steps = el("ol", "help-steps");
  for (const step of example.steps) {
    const item = el("li");
    const words = el("span", "step-words", say(rs, `step.${step.say}`, {
      seat: step.seat === undefined ? "" : seatName(rs, step.seat),
      n: step.n ?? (step.cards ? step.cards.length : ""),
    }));
    item.append(words);
    if (step.cards) item.append(cards(step.cards, "tiny"));
    if (step.stake !== undefined) item.append(el("span", "help-stake", say(rs, "stake", { stake: step.stake })));
    steps.append(item);
  }
  box.append(steps);

  const table = el("table", "help-scores");
  const head = el("tr");
  for (const key of ["seat", "role", "settles", "score"]) head.append(el("th", "", say(rs, key)));
  table.append(head);
  const peasants = Object.keys(example.settle).map(Number);
  for (let seat = 0; seat < example.scores.length; seat++) {
    const row = el("tr");
    const landlord = seat === example.landlord;
    let how;
    if (landlord) {
      how = peasants.map((p) => String(Math.abs(example.scores[p]))).join(" + ");
    } else {
      const factors = example.settle[seat];
      how = factors.length > 1 ? `${factors.join(" \u00d7 ")} = ${Math.abs(example.scores[seat])}`
        : String(factors[0]);
    }
    row.append(el("td", "", seatName(rs, seat)), el("td", "", say(rs, landlord ? "landlord" : "peasant")),
      el("td", "how", how), el("td", `score ${example.scores[seat] < 0 ? "minus" : "plus"}`,
        signed(example.scores[seat])));
    if (landlord) row.className = "landlord";
    table.append(row);
  }
  box.append(table);
  const note = `example.${owner}.${example.id}.note`;
  if (has(rs, note)) box.append(el("p", "help-note", say(rs, note)));
  return box;
}

// ------------------------------------------------------------------ the page

/** Draw the help of ``ruleset`` into ``root``. */
export async function renderHelp(root, ruleset = "classic") {
  await loadHelp();
  const rs = HELP_RULESETS.includes(ruleset) ? ruleset : "classic";
  root.replaceChildren();
  root.dataset.ruleset = rs;

  const switcher = el("nav", "help-rulesets");
  switcher.setAttribute("aria-label", say(rs, "ruleset_switch"));
  for (const name of HELP_RULESETS) {
    const link = el("a", "help-ruleset");
    link.href = `#/help/${name}`;
    link.id = `help-ruleset-${name}`;
    link.append(el("b", "", say(name, `ruleset.${name}`)), el("small", "", say(name, `ruleset.${name}.note`)));
    if (name === rs) link.setAttribute("aria-current", "page");
    switcher.append(link);
  }

  const toc = el("nav", "help-toc");
  toc.setAttribute("aria-label", say(rs, "contents"));
  toc.append(el("h2", "", say(rs, "contents")));
  const tocList = el("ol");
  toc.append(tocList);

  const content = el("div", "help-content");
  const title = el("h1", "", `${say(rs, "title")} \u00b7 ${say(rs, `ruleset.${rs}`)}`);
  content.append(title);
  for (const name of sectionsOf(rs)) {
    const section = el("section", "help-section");
    section.id = `help-${name}`;
    section.append(el("h2", "", say(rs, `section.${name}`)));
    BUILD[name](rs, section);
    content.append(section);
    const entry = el("li");
    const link = el("a", "", say(rs, `section.${name}`));
    link.href = `#/help/${rs}/${name}`;
    entry.append(link);
    tocList.append(entry);
  }
  const layout = el("div", "help-layout");
  layout.append(toc, content);
  root.append(switcher, layout);
}
