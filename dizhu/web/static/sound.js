// The table's sounds, made by the page with the Web Audio API (no recordings): a card
// snap for a play, a soft double tap for a pass, a boom for a bomb, a rising whoosh and a
// boom for the rocket, a bright run of notes for a win, a falling one for a loss, a tick
// for a turn clock, a chime for "your turn", a riffle for a new deal, and bells when a seat is down to two cards
// (报双) or one (报单), said aloud too where the browser can speak. A mute switch, remembered in
// localStorage. Nothing here ever throws: without audio (a headless browser, an old one,
// a context the browser keeps suspended until the person touches the page) a sound is
// simply not made.
//
//   playSound(name)   -> true when the sound was started; false when muted or impossible
//   speak(text, lang) -> the words said by the browser's speech synthesis, if it has one
//   setMuted(bool), isMuted(), toggleMuted()
//   soundButton()     -> a <button> for a tool bar: an icon, a translated title, aria-pressed
//   SOUND_NAMES       -> the names playSound knows
//   renderSound(name) -> the sound rendered offline: {peak, seconds} (for the tests)
// A "mutechange" event (detail: muted) is sent on document when the switch changes.

import { t } from "./i18n.js";
import { icon } from "./icons.js";

const STORED = "dizhu.muted";
const VOLUME = 0.32;

let context = null;
let master = null;
let muted = readStored();

function readStored() {
  try { return localStorage.getItem(STORED) === "1"; } catch { return false; }
}

/** The audio context, made on first need; null when the browser has none. */
function audio() {
  if (context) return context;
  try {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    context = new Context();
    master = context.createGain();
    master.gain.value = VOLUME;
    master.connect(context.destination);
  } catch {
    context = null;
    master = null;
  }
  return context;
}

/** Browsers start audio suspended until the person interacts with the page: the first
 * touch, click or key wakes it. A sound asked for before that is skipped (not queued). */
function unlock() {
  if (muted) return;
  try {
    const ctx = audio();
    if (ctx && ctx.state === "suspended") ctx.resume().catch(() => {});
  } catch { /* no audio */ }
}

for (const type of ["pointerdown", "keydown", "touchstart"]) {
  try { document.addEventListener(type, unlock, { capture: true, passive: true }); } catch { /* */ }
}

// ------------------------------------------------------------------ building blocks

/** A tone: ``type`` oscillator from ``f0`` to ``f1`` Hz over ``dur`` s, with a quick attack
 * and an exponential decay to silence. */
function tone(ctx, when, { type = "sine", f0, f1 = f0, dur, gain = 0.6, attack = 0.005 }) {
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(f0, when);
  if (f1 !== f0) osc.frequency.exponentialRampToValueAtTime(f1, when + dur);
  amp.gain.setValueAtTime(0.0001, when);
  amp.gain.exponentialRampToValueAtTime(gain, when + attack);
  amp.gain.exponentialRampToValueAtTime(0.0001, when + dur);
  osc.connect(amp).connect(master);
  osc.start(when);
  osc.stop(when + dur + 0.02);
}

let noiseBuffer = null;

/** A burst of white noise through a filter sweeping from ``f0`` to ``f1`` Hz. */
function noise(ctx, when, { filter = "bandpass", f0, f1 = f0, q = 1, dur, gain = 0.6, attack = 0.002 }) {
  if (!noiseBuffer || noiseBuffer.sampleRate !== ctx.sampleRate) {
    noiseBuffer = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * 1.5), ctx.sampleRate);
    const data = noiseBuffer.getChannelData(0);
    let seed = 12345;
    for (let i = 0; i < data.length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      data[i] = seed / 0x3fffffff - 1;
    }
  }
  const source = ctx.createBufferSource();
  source.buffer = noiseBuffer;
  const shape = ctx.createBiquadFilter();
  shape.type = filter;
  shape.Q.value = q;
  shape.frequency.setValueAtTime(f0, when);
  if (f1 !== f0) shape.frequency.exponentialRampToValueAtTime(f1, when + dur);
  const amp = ctx.createGain();
  amp.gain.setValueAtTime(0.0001, when);
  amp.gain.exponentialRampToValueAtTime(gain, when + attack);
  amp.gain.exponentialRampToValueAtTime(0.0001, when + dur);
  source.connect(shape).connect(amp).connect(master);
  source.start(when);
  source.stop(when + dur + 0.02);
}

const NOTE = (n) => 440 * 2 ** ((n - 69) / 12); // a MIDI note number in Hz

// ------------------------------------------------------------------ the sounds

const RECIPES = {
  play(ctx, at) { // a card laid on the felt: a short papery snap
    noise(ctx, at, { filter: "bandpass", f0: 2600, f1: 900, q: 0.9, dur: 0.09, gain: 0.9 });
    tone(ctx, at, { type: "triangle", f0: 190, f1: 120, dur: 0.07, gain: 0.35 });
  },
  pass(ctx, at) { // two soft knocks on the table
    for (const [dt, f] of [[0, 330], [0.13, 262]]) {
      tone(ctx, at + dt, { type: "sine", f0: f, f1: f * 0.8, dur: 0.12, gain: 0.35 });
    }
  },
  bomb(ctx, at) { // a low boom with a rumble
    tone(ctx, at, { type: "sine", f0: 120, f1: 38, dur: 0.75, gain: 1, attack: 0.01 });
    noise(ctx, at, { filter: "lowpass", f0: 1800, f1: 90, q: 0.7, dur: 0.8, gain: 0.9, attack: 0.004 });
    tone(ctx, at + 0.02, { type: "square", f0: 70, f1: 40, dur: 0.3, gain: 0.18 });
  },
  rocket(ctx, at) { // a rising whoosh, then a bright boom
    noise(ctx, at, { filter: "bandpass", f0: 300, f1: 3200, q: 1.4, dur: 0.45, gain: 0.55, attack: 0.3 });
    tone(ctx, at, { type: "sawtooth", f0: 180, f1: 1400, dur: 0.42, gain: 0.12, attack: 0.3 });
    tone(ctx, at + 0.42, { type: "sine", f0: 150, f1: 40, dur: 0.7, gain: 1 });
    noise(ctx, at + 0.42, { filter: "lowpass", f0: 4000, f1: 120, dur: 0.7, gain: 0.8 });
    for (const [dt, n] of [[0.45, 88], [0.52, 93], [0.6, 96]]) {
      tone(ctx, at + dt, { type: "triangle", f0: NOTE(n), dur: 0.25, gain: 0.16 });
    }
  },
  win(ctx, at) { // a rising major run
    [72, 76, 79, 84].forEach((n, i) => {
      tone(ctx, at + i * 0.11, { type: "triangle", f0: NOTE(n), dur: 0.32, gain: 0.5 });
      tone(ctx, at + i * 0.11, { type: "sine", f0: NOTE(n + 12), dur: 0.2, gain: 0.12 });
    });
    tone(ctx, at + 0.44, { type: "triangle", f0: NOTE(88), dur: 0.6, gain: 0.35 });
  },
  lose(ctx, at) { // a slow falling minor line
    [67, 63, 60, 55].forEach((n, i) => {
      tone(ctx, at + i * 0.2, { type: "triangle", f0: NOTE(n), f1: NOTE(n) * 0.985, dur: 0.38, gain: 0.42 });
    });
  },
  tick(ctx, at) { // a short clock tick
    tone(ctx, at, { type: "square", f0: 1500, f1: 1100, dur: 0.035, gain: 0.25, attack: 0.002 });
  },
  turn(ctx, at) { // a two-note chime: your turn
    tone(ctx, at, { type: "sine", f0: NOTE(81), dur: 0.22, gain: 0.3 });
    tone(ctx, at + 0.1, { type: "sine", f0: NOTE(86), dur: 0.3, gain: 0.28 });
  },
  deal(ctx, at) { // a new deal: the cards riffled out, a quick run of soft snaps
    for (let i = 0; i < 6; i++) {
      noise(ctx, at + i * 0.07, { filter: "bandpass", f0: 3200 - i * 150, f1: 1400, q: 1.1, dur: 0.05, gain: 0.45 });
    }
  },
  two_left(ctx, at) { // 报双: two bright bells, after the play's snap
    for (const dt of [0.18, 0.36]) {
      tone(ctx, at + dt, { type: "triangle", f0: NOTE(86), dur: 0.24, gain: 0.45 });
      tone(ctx, at + dt, { type: "sine", f0: NOTE(98), dur: 0.14, gain: 0.12 });
    }
  },
  one_left(ctx, at) { // 报单: three quick bells, rising: a seat may go out next
    [88, 91, 96].forEach((n, i) => {
      tone(ctx, at + 0.18 + i * 0.13, { type: "triangle", f0: NOTE(n), dur: 0.22, gain: 0.5 });
      tone(ctx, at + 0.18 + i * 0.13, { type: "sine", f0: NOTE(n + 12), dur: 0.12, gain: 0.12 });
    });
  },
};

/** The names ``playSound`` knows. */
export const SOUND_NAMES = Object.freeze(Object.keys(RECIPES));

/** Make the sound ``name``; true if it was started. Never throws. */
export function playSound(name) {
  if (muted) return false;
  const recipe = RECIPES[name];
  if (!recipe) return false;
  try {
    const ctx = audio();
    if (!ctx) return false;
    if (ctx.state !== "running") {
      ctx.resume().catch(() => {});
      return false;
    }
    recipe(ctx, ctx.currentTime + 0.01);
    return true;
  } catch {
    return false;
  }
}

/** Say ``text`` aloud in ``lang`` ("zh-CN", "en-US") where the browser can speak (speech
 * synthesis), on top of the sounds; true when it was asked to. Muted, or without a voice,
 * nothing is said and nothing throws: the page never depends on it. */
export function speak(text, lang) {
  if (muted) return false;
  try {
    const synth = window.speechSynthesis;
    const Utterance = window.SpeechSynthesisUtterance;
    if (!synth || !Utterance) return false;
    const words = new Utterance(text);
    words.lang = lang;
    words.rate = 1.1;
    synth.speak(words);
    return true;
  } catch {
    return false;
  }
}

/** The sound ``name`` rendered offline (no speaker needed), for checks: its length in
 * seconds and its loudest sample, or null where the browser cannot render audio. */
export async function renderSound(name, seconds = 1.6, sampleRate = 22050) {
  const Offline = window.OfflineAudioContext || window.webkitOfflineAudioContext;
  if (!Offline || !RECIPES[name]) return null;
  const ctx = new Offline(1, Math.ceil(seconds * sampleRate), sampleRate);
  const live = master;
  master = ctx.createGain();
  master.gain.value = VOLUME;
  master.connect(ctx.destination);
  try {
    RECIPES[name](ctx, 0.01);
  } finally {
    master = live;
  }
  const samples = (await ctx.startRendering()).getChannelData(0);
  let peak = 0;
  let last = 0;
  for (let i = 0; i < samples.length; i++) {
    const v = Math.abs(samples[i]);
    if (v > peak) peak = v;
    if (v > 0.001) last = i;
  }
  return { peak, seconds: last / sampleRate };
}

export function isMuted() {
  return muted;
}

/** Switch the sounds off (true) or on (false); remembered across visits. */
export function setMuted(value) {
  muted = Boolean(value);
  try { localStorage.setItem(STORED, muted ? "1" : "0"); } catch { /* not remembered */ }
  if (!muted) unlock();
  try {
    document.dispatchEvent(new CustomEvent("mutechange", { detail: muted }));
  } catch { /* */ }
  return muted;
}

export function toggleMuted() {
  return setMuted(!muted);
}

/** A tool-bar button switching the sounds on and off: its icon and aria-pressed show the
 * state ("pressed" = muted), its title and label say what a click does, in the page's
 * language. Every button made follows the switch, wherever it is flipped. */
export function soundButton({ id = "sound-button", cls = "sound-button" } = {}) {
  const b = document.createElement("button");
  b.type = "button";
  if (id) b.id = id;
  if (cls) b.className = cls;
  const show = () => {
    b.replaceChildren(icon(muted ? "muted" : "sound"));
    b.setAttribute("aria-pressed", String(muted));
    b.title = t(muted ? "sound.off" : "sound.on");
    b.setAttribute("aria-label", t("sound.label"));
    b.dataset.muted = String(muted);
  };
  b.addEventListener("click", () => {
    toggleMuted();
    if (!muted) playSound("play");
  });
  document.addEventListener("mutechange", show);
  document.addEventListener("languagechange", show);
  show();
  return b;
}
