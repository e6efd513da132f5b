#!/usr/bin/env node
// A Dou Dizhu bot in JavaScript (Node.js, no packages): it speaks the bot protocol of
// docs/bot-protocol.md on its standard input and output.
//
//     dizhu arena "cmd:node examples/bots/plain_bot.js" random --decks 20
//
// It answers with action ids: bid when the hand holds high cards, never double, lead the
// lowest rank in as many cards as it makes, follow with the lowest play that beats the
// trick, leave a partner's trick alone, and bomb only when an opponent is about to go out.

const readline = require("readline");

const RANKS = "3456789TJQKA2BR";
// The ranks a legal play stands for: with wild cards, those of its reading ("as": "45678"
// for "straight 45688" with wild 8).
const ranksOf = (a) => (a.as || a.text.split(" ")[1] || "").split("").map((c) => RANKS.indexOf(c));
const kindOf = (text) => text.split(" ")[0];

function strength(hand) {
  const worth = { 2: 1, B: 1.5, R: 2 };
  return hand.reduce((sum, card) => sum + (worth[card[0]] || 0), 0);
}

function choose({ view, legal }) {
  const byText = new Map(legal.map((a) => [a.text, a.id]));
  if (view.phase === "auction") {
    const want = strength(view.hand) >= 3;
    for (const answer of want ? ["bid 3", "bid call", "bid rob"] : []) {
      if (byText.has(answer)) return byText.get(answer);
    }
    return byText.get("bid pass");
  }
  if (view.phase === "doubling") return byText.get("no double");
  const plays = legal.filter((a) => a.text !== "pass");
  if (!plays.length) return byText.get("pass");
  const me = view.seat;
  const landlord = view.landlord;
  const partners = me !== landlord && view.top !== null && view.top_seat !== landlord;
  const danger = view.cards_left.some((n, s) => s !== me && n <= 2 &&
                                      (s === landlord || me === landlord));
  const quiet = plays.filter((a) => !["bomb", "rocket"].includes(kindOf(a.text)));
  if (byText.has("pass") && (partners || (!quiet.length && !danger))) return byText.get("pass");
  const pool = quiet.length ? quiet : plays;
  const key = view.top === null
    ? (a) => [Math.min(...ranksOf(a)), -ranksOf(a).length]
    : (a) => [Math.max(...ranksOf(a)), ranksOf(a).length];
  pool.sort((x, y) => {
    const [a, b] = [key(x), key(y)];
    return a[0] - b[0] || a[1] - b[1];
  });
  return pool[0].id;
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const message = JSON.parse(line);
  let answer = null;
  if (message.type === "hello") answer = { type: "hello", name: "plain-js", protocol: 1 };
  else if (message.type === "act") answer = { type: "action", id: message.id, action: choose(message) };
  else if (message.type === "bye") lines.close();
  if (answer) process.stdout.write(JSON.stringify(answer) + "\n");
});
