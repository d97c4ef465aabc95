// Keyboard focus shared by the widgets: one Tab stop per group of buttons, and finding a control
// again after a redraw. Part of the page's shared module (see dom.js).

/**
 * One Tab stop for a group of buttons, arrow keys (and Home/End) between them: the WAI-ARIA roving
 * tabindex. The stop starts on the button matching `current` (a selector), else the first usable one.
 * A group drawn again keeps one key handler: `onkeydown` is replaced, never added to (two handlers
 * would each move the focus, skipping every other button).
 * @param {HTMLElement} group
 * @param {string|null} current
 */
export function roving(group, current) {
  const items = () => [...group.querySelectorAll(":scope > button, :scope > * > button")].filter((b) => !b.disabled);
  const list = items();
  const start = list.find((b) => current && b.matches(current))
    || list.find((b) => b.getAttribute("aria-disabled") !== "true") || list[0];
  list.forEach((b) => { b.tabIndex = b === start ? 0 : -1; });
  group.onkeydown = (event) => {
    const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: "first", End: "last" };
    if (!(event.key in keys)) return;
    const all = items();
    const at = all.indexOf(group.ownerDocument.activeElement);
    if (at < 0) return;
    event.preventDefault();
    const k = keys[event.key];
    const next = k === "first" ? 0 : k === "last" ? all.length - 1 : (at + k + all.length) % all.length;
    all.forEach((b, i) => { b.tabIndex = i === next ? 0 : -1; });
    all[next].focus();
  };
}

/** A selector that finds the same control after a redraw (by its card, move or test id), or null. */
export function keyOf(node) {
  for (const attr of ["data-card", "data-action-id", "data-number-id", "data-testid"]) {
    if (node?.hasAttribute?.(attr)) return `[${attr}="${CSS.escape(node.getAttribute(attr))}"]`;
  }
  return null;
}
