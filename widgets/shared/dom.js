// The one DOM helper of every Cardavia widget. Part of the page's shared module: ui/assets.py joins
// dom.js, cards.js, look.js, focus.js, panels.js and stylesheet.js of widgets/shared/, in that order, into
// one ES module (no build step), so a later part uses an earlier part's names directly, never the reverse.

/**
 * The one DOM helper of every Cardavia widget: `h("button", {class: "cv-btn", text: "OK", onclick: f}, ...children)`.
 * Attributes: `class`, `text` (textContent), `on<event>` (a listener), element properties given as
 * non-strings (`disabled: true`, `hidden: false`), anything else as an attribute; null, undefined and
 * false are left out. Children may be nested arrays; null children are skipped.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key in el && typeof value !== "string") el[key] = value;
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) if (child) el.append(child);
  return el;
}

/** Save text the kernel sent as a file (a `download` message: `{type: "download", name, text, mime?}`)
 * through a temporary link; the text is what the kernel made, never read back. */
export function saveFile(msg) {
  if (!msg || msg.type !== "download" || typeof msg.text !== "string" || typeof msg.name !== "string") return;
  const type = typeof msg.mime === "string" ? msg.mime : "application/json";
  const url = URL.createObjectURL(new Blob([msg.text], { type }));
  const link = h("a", { href: url, download: msg.name, hidden: true, "data-testid": "download-link" });
  document.body.append(link);
  link.click();
  setTimeout(() => { link.remove(); URL.revokeObjectURL(url); }, 10_000);
}
