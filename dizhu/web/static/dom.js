// Small DOM helpers shared by the page's modules.

export const $ = (id) => document.getElementById(id);

export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A button; ``opts``: id, cls, disabled, title. */
export function button(label, onClick, opts = {}) {
  const b = document.createElement("button");
  b.type = "button";
  b.innerHTML = label;
  if (opts.id) b.id = opts.id;
  if (opts.cls) b.className = opts.cls;
  if (opts.disabled) b.disabled = true;
  if (opts.title) b.title = opts.title;
  b.addEventListener("click", onClick);
  return b;
}

/** JSON from the server, or an Error carrying the server's message. */
export async function api(path, options = {}) {
  const response = await fetch(path, options);
  const body = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(body.error || `the server answered ${response.status}`);
  return body;
}
