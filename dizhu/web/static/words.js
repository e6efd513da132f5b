// What happened, said as a player says it: auction answers, doubling, plays and passes.
// Every word comes from the catalogs (i18n.js); nothing here decides a rule.

import { cardsText, kindName, playText, rankName, t } from "./i18n.js";

/** An auction answer: a bid of points, a call, a rob, or a pass (不叫 before anyone
 * called, 不抢 after a call). */
export function answerWord(token, { rob = false, called = false } = {}) {
  const word = String(token);
  if (word === "pass" || word === "0") {
    return t(rob && called ? "answer.no_rob" : "answer.pass");
  }
  if (word === "call" || word === "rob") return t(`answer.${word}`);
  return t("answer.bid", { n: word });
}

/** The deal's wild ranks (``wild``: those drawn so far, of ``count``) as the table and the
 * replay say them: none yet, the one of ``laizi``, or ``tiandi``'s sky and ground. */
export function wildWords(wild, count) {
  const [first, second] = [...wild].map(rankName);
  if (!wild) return t(count > 1 ? "wild.none_sky" : "wild.none");
  if (count === 1) return t("wild.one", { rank: first });
  return second ? t("wild.sky_ground", { sky: first, ground: second }) : t("wild.sky", { rank: first });
}

/** A doubling answer: the peasants double, the landlord redoubles. */
export function doubleWord(yes, landlord) {
  if (landlord) return t(yes ? "double.redouble" : "double.no_redouble");
  return t(yes ? "double.yes" : "double.no");
}

/** A play's kind alone ("pair"), or "pass". */
export function playKind(play) {
  if (play === "pass") return t("kind.pass");
  return kindName(play.split(" ")[0]);
}

/** A play on the table in words: its kind, and where wild cards stood for other ranks the
 * ranks the engine read ("straight 45678" for the cards 4568 and a wild 8: ``entry.as``). */
export function playedWords(entry) {
  if (entry.play === "pass" || !entry.as) return playKind(entry.play);
  return t("play.as", { kind: kindName(entry.play.split(" ")[0]), cards: cardsText(entry.as) });
}

/** A whole play in words, with what its wild cards stood for (``entry.as``). */
export function playWords(entry) {
  if (entry.play === "pass" || !entry.as) return playText(entry.play);
  return t("play.as_from", { play: playText(entry.play), cards: cardsText(entry.as) });
}

/** The play on top of the trick in words, with what its wild cards stood for: the
 * trick's last play (``view.trick``) carries that, the view's ``top`` only its text. */
export function topWords(view) {
  const plays = (view.trick || []).filter((e) => "play" in e && e.play !== "pass");
  const last = plays[plays.length - 1];
  return playWords(last && last.play === view.top ? last : { play: view.top });
}

/** One action of a deal's history (``entry``: {seat, bid | double | play, cards}) in
 * words, without who made it; ``before`` is the history before it, ``landlord`` the
 * landlord's seat (for the doubling), ``rob`` whether the auction is call-and-rob. */
export function actionWords(entry, { before = [], landlord = -1, rob = false } = {}) {
  if ("bid" in entry) {
    const called = before.some((e) => "bid" in e && String(e.bid) === "call");
    return answerWord(entry.bid, { rob, called });
  }
  if ("double" in entry) return doubleWord(entry.double, entry.seat === landlord);
  if ("play" in entry) return entry.play === "pass" ? t("kind.pass") : playWords(entry);
  return "";
}

/** The tricks of a deal's plays, oldest first: each a list of history entries (plays and
 * passes), split where the server marks a lead (``lead``). */
export function tricksOf(history) {
  const tricks = [];
  for (const entry of history) {
    if (!("play" in entry)) continue;
    if (entry.lead || !tricks.length) tricks.push([]);
    tricks[tricks.length - 1].push(entry);
  }
  return tricks;
}

/** The trick before the current one (``trick``: the view's current trick), or null. */
export function lastTrick(history, trick) {
  const tricks = tricksOf(history);
  const done = trick.length ? tricks.slice(0, -1) : tricks;
  return done.length ? done[done.length - 1] : null;
}

/** Why the coach's first hint is good (``why``: {code, params}, dizhu.coach.explain), in
 * the page's language: a kind by its name, the side by its role. */
export function whyWords(why) {
  const facts = { ...why.params };
  if (facts.kind) facts.kind = kindName(facts.kind);
  if (facts.who) facts.who = t(`why.side.${facts.who}`);
  return t(`why.${why.code}`, facts);
}
