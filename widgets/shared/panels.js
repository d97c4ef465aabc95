// Teaching panels and card fans: their widgets' own module (panel_or_fan.js) only calls these. Part of the
// page's shared module (see dom.js); uses `h`, `cardElement`, `applyLook`, `roving` and `keyOf`.

/**
 * A teaching panel's traits (cardavia_nb/ui/panel.py), all written by the kernel.
 * @typedef {object} PanelTraits
 * @property {Block[]} blocks what to draw, in order
 * @property {string} notice why the last click was refused ("" when it was not)
 * @property {Look} look the page's look
 * @property {"panel"} _renderer
 * @typedef {{type: "md", html: string} | {type: "cards", id: string, pack: string, pick: boolean, cards: {id: string, name: string, selected: boolean, mark: string}[]}
 *   | {type: "buttons", items: {id: string, label: string, pressed: boolean, testid: string}[]} | {type: "note", tone: "ok"|"bad"|"info", html: string}
 *   | {type: "table", head: string[], rows: string[][]} | {type: "number", id: string, label: string, value: number, min: number, max: number}
 *   | {type: "field", id: string, label: string, value: string, button: string, max: number}
 *   | {type: "file", id: string, label: string, accept: string, max: number} | {type: "image", src: string, alt: string}
 *   | {type: "link", href: string, text: string, testid: string}} Block
 * What a panel sends to Python (a `custom` message).
 * @typedef {{type: "pick", block: string, card: string} | {type: "press", id: string} | {type: "number", id: string, value: number}
 *   | {type: "text", id: string, value: string} | {type: "file", id: string, name: string, text: string}} PanelIntent
 * What Python may send a panel: `{type: "download", name, text, mime}`, a file to save (see `saveFile`).
 *
 * A card fan's traits (cardavia_nb/ui/cards.py), all written by the kernel; it sends nothing.
 * @typedef {object} FanTraits
 * @property {{id: string, name: string}[]} cards
 * @property {string} pack
 * @property {number} backs
 * @property {string} caption
 * @property {string} notice
 * @property {Look} look
 * @property {"fan"} _renderer
 */

let nameIds = 0;

/** The text that names a card picker: the heading, else the first paragraph, of the Markdown before it. */
function pickerName(row) {
  for (let node = row.previousElementSibling; node; node = node.previousElementSibling) {
    if (node.classList.contains("cv-md")) {
      const found = node.querySelector("h2, h3, h4") || [...node.querySelectorAll("p, li")].at(-1);
      if (found) return found;
    }
  }
  return row.closest("section")?.querySelector("h2, h3, h4") ?? null;
}

function drawBlock(block, model) {
  switch (block.type) {
    case "md": {
      const box = h("div", { class: "cv-md" });
      box.innerHTML = block.html;  // rendered in the kernel by a CommonMark library, raw HTML off
      return box;
    }
    case "cards": {
      const row = h("div", { class: "cv-row", role: "group", "data-block": block.id || "", "data-pick": block.pick ? "1" : null });
      for (const card of block.cards) {
        const face = cardElement(card, block.pack, block.pick ? "button" : "div");
        if (card.selected) face.classList.add("cv-selected");
        if (block.pick) {
          face.setAttribute("aria-pressed", card.selected ? "true" : "false");
          face.addEventListener("click", () => model.send({ type: "pick", block: block.id || "", card: card.id }));
        }
        row.append(card.mark ? h("div", { class: "cv-marked" }, face, h("span", { class: "cv-mark", text: card.mark })) : face);
      }
      return row;
    }
    case "buttons":
      return h("div", { class: "cv-buttons" }, block.items.map((item) => h("button", {
        class: "cv-btn", text: item.label, "data-action-id": item.id, "aria-pressed": item.pressed ? "true" : "false",
        "data-testid": item.testid || null,
        onclick: () => model.send({ type: "press", id: item.id }),
      })));
    case "note":
    {
      const line = h("p", { class: `cv-note cv-${block.tone}`, role: "status", "data-testid": "feedback" });
      line.innerHTML = block.html;  // inline Markdown rendered in the kernel
      return line;
    }
    case "table":
      return h("table", { class: "cv-grid" },
        h("tr", {}, block.head.map((cell) => h("th", { text: cell }))),
        block.rows.map((row) => h("tr", {}, row.map((cell) => h("td", { text: cell })))));
    case "number": {
      const input = h("input", { type: "number", min: String(block.min), max: String(block.max), value: String(block.value), "data-number-id": block.id });
      input.addEventListener("change", () => {
        const value = Math.round(Number(input.value));
        if (Number.isFinite(value)) model.send({ type: "number", id: block.id, value });
      });
      return h("label", { class: "cv-number", text: block.label + " " }, input);
    }
    case "field": {
      const input = h("input", { type: "text", value: block.value, maxlength: String(block.max), "data-field-id": block.id, autocomplete: "off" });
      const submit = () => model.send({ type: "text", id: block.id, value: input.value.slice(0, block.max) });
      input.addEventListener("keydown", (event) => { if (event.key === "Enter") submit(); });
      return h("div", { class: "cv-field-row" }, h("label", { class: "cv-number", text: block.label + " " }, input),
        h("button", { class: "cv-btn", text: block.button, "data-action-id": `${block.id}-go`, onclick: submit }));
    }
    case "file": {
      const input = h("input", { type: "file", accept: block.accept, multiple: true, "data-file-id": block.id });
      input.addEventListener("change", async () => {
        for (const chosen of input.files ?? []) {
          // a longer file is cut one character past the limit: Python then says it is too big
          model.send({ type: "file", id: block.id, name: chosen.name.slice(0, 200), text: await chosen.slice(0, block.max + 1).text() });
        }
        input.value = "";
      });
      return h("label", { class: "cv-number", text: block.label + " " }, input);
    }
    case "image":
      return h("img", { class: "cv-image", src: block.src, alt: block.alt });
    case "link": {
      const href = new URL(block.href, location.href).href;  // a relative address shown as the full one to send
      if (block.follow) {  // only to follow: its words, not an address to read
        return h("p", { class: "cv-link-line" }, h("a", { href, text: block.text, "data-testid": block.testid, class: "cv-follow" }));
      }
      return h("p", { class: "cv-link-line" }, h("span", { text: `${block.text} ` }),
        h("a", { href, text: href, "data-testid": block.testid, class: "cv-invite" }));
    }
    default:
      return h("div");
  }
}

/** A notice line under a widget, when the kernel refused the last message. */
function noticeLine(model) {
  return model.get("notice") ? h("p", { class: "cv-note cv-bad", role: "alert", "data-testid": "notice", text: model.get("notice") }) : null;
}

/** Tell the kernel the page's own address (no query, no fragment), beside which it builds links for other
 * devices (cardavia_nb/ui/addresses.py: at most MAX_ORIGIN characters, checked there). */
export function tellOrigin(model) {
  model.send({ type: "origin", value: `${location.origin}${location.pathname}`.slice(0, 500) });
}

/** Draw a teaching panel (blocks from Python) into `el`; clicks go back as intents. */
export function renderPanel(model, el) {
  const root = h("section", { class: "cardavia cv-lesson", "data-testid": "panel" });
  el.append(root);

  // A redraw keeps the focus on the control the reader used (a picked card, an answer button).
  function draw() {
    const active = root.ownerDocument.activeElement;
    const inside = !!active && root.contains(active);
    const block = inside ? active.closest("[data-block]")?.dataset.block : null;
    const key = inside ? keyOf(active) : null;
    root.replaceChildren(...model.get("blocks").map((block) => drawBlock(block, model)), ...[noticeLine(model)].filter(Boolean));
    for (const row of root.querySelectorAll("[data-pick='1']")) {
      const name = pickerName(row);
      if (name) row.setAttribute("aria-labelledby", name.id || (name.id = `cv-picker-name-${++nameIds}`));
      roving(row, key);
    }
    if (key) {
      const scope = block ? root.querySelector(`[data-block="${CSS.escape(block)}"]`) : root;
      (scope?.querySelector(key) ?? root.querySelector(key))?.focus();
    }
    root.dataset.ready = "1";
  }

  model.on("change:blocks", draw);
  model.on("change:notice", draw);
  model.on("msg:custom", saveFile);
  model.on("change:look", () => applyLook(root, model.get("look")));
  applyLook(root, model.get("look"));
  draw();
}

/** Draw a fan of face-up cards (and backs) into `el`. */
export function renderFan(model, el) {
  const root = h("figure", { class: "cardavia cv-fan", "data-testid": "card-fan" });
  el.append(root);

  function draw() {
    const row = h("div", { class: "cv-row", role: "group", "aria-label": model.get("cards").map((c) => c.name).join(", ") },
      model.get("cards").map((card) => cardElement(card, model.get("pack"))),
      Array.from({ length: model.get("backs") }, () => cardElement(null, model.get("pack"))));
    root.replaceChildren(row, ...[model.get("caption") ? h("figcaption", { text: model.get("caption") }) : null, noticeLine(model)].filter(Boolean));
    root.dataset.ready = "1";
  }

  for (const name of ["cards", "pack", "backs", "caption", "notice"]) model.on(`change:${name}`, draw);
  model.on("change:look", () => applyLook(root, model.get("look")));
  applyLook(root, model.get("look"));
  draw();
}
