// Small DOM helpers shared by the page's modules.

export const $ = (id) => document.getElementById(id);

export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An element with a class and optional text. */
export function el(tag, cls = "", text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A button; ``opts``: id, cls, disabled, title, label (aria-label), html (the label is
 * markup the page made, never a player's words). */
export function button(label, onClick, opts = {}) {
  const b = document.createElement("button");
  b.type = "button";
  if (opts.html) b.innerHTML = label; else b.textContent = label;
  if (opts.id) b.id = opts.id;
  if (opts.cls) b.className = opts.cls;
  if (opts.disabled) b.disabled = true;
  if (opts.title) b.title = opts.title;
  if (opts.label) b.setAttribute("aria-label", opts.label);
  b.addEventListener("click", onClick);
  return b;
}

/** JSON from the server, or an Error carrying the server's words (``message``) and, when
 * the server gave one, its ``reason`` ({code, params, text}) to say in the page's language. */
export async function api(path, options = {}) {
  const response = await fetch(path, options);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error(body.error || `HTTP ${response.status}`);
    error.reason = body.reason || null;
    error.status = response.status;
    throw error;
  }
  return body;
}

/** Whether the person asked for less movement. */
export function reducedMotion() {
  return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** A remembered setting (localStorage, when the browser allows it). */
export function remembered(key, fallback) {
  try { return localStorage.getItem(key) ?? fallback; } catch { return fallback; }
}

export function remember(key, value) {
  try { localStorage.setItem(key, value); } catch { /* private mode: not remembered */ }
}
