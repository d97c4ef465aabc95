// A teaching panel: draws the blocks Python sends (text, cards, buttons, notes, tables, numbers)
// and sends the learner's clicks back as intents. It decides nothing about the rules.

const loadShared = (model) => import(URL.createObjectURL(new Blob([model.get("_cards_esm")], { type: "text/javascript" })));

function element(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function drawBlock(block, shared, model) {
  switch (block.type) {
    case "md": {
      const box = element("div", "cv-md");
      box.innerHTML = shared.markdown(block.text);
      return box;
    }
    case "cards": {
      const row = element("div", "cv-row");
      row.setAttribute("role", block.pick ? "listbox" : "group");
      row.dataset.block = block.id || "";
      for (const card of block.cards) {
        const tag = block.pick ? "button" : "div";
        const face = shared.cardElement(card, block.pack, tag);
        face.dataset.card = card.id;
        if (card.selected) face.classList.add("cv-selected");
        if (block.pick) {
          face.setAttribute("aria-pressed", card.selected ? "true" : "false");
          face.addEventListener("click", () => model.send({ type: "pick", block: block.id || "", card: card.id }));
        }
        if (card.mark) {
          const cell = element("div", "cv-marked");
          cell.append(face, element("span", "cv-mark", card.mark));
          row.append(cell);
        } else {
          row.append(face);
        }
      }
      return row;
    }
    case "buttons": {
      const row = element("div", "cv-buttons");
      for (const item of block.items) {
        const button = element("button", "cv-btn", item.label);
        button.dataset.actionId = item.id;
        button.setAttribute("aria-pressed", item.pressed ? "true" : "false");
        button.addEventListener("click", () => model.send({ type: "press", id: item.id }));
        row.append(button);
      }
      return row;
    }
    case "note": {
      const line = element("p", `cv-note cv-${block.tone}`, block.text);
      line.setAttribute("role", "status");
      line.dataset.testid = "feedback";
      return line;
    }
    case "table": {
      const grid = element("table", "cv-grid");
      const head = element("tr");
      for (const cell of block.head) head.append(element("th", "", cell));
      grid.append(head);
      for (const row of block.rows) {
        const line = element("tr");
        for (const cell of row) line.append(element("td", "", cell));
        grid.append(line);
      }
      return grid;
    }
    case "number": {
      const label = element("label", "cv-number", block.label + " ");
      const input = element("input");
      Object.assign(input, { type: "number", min: block.min, max: block.max, value: block.value });
      input.dataset.numberId = block.id;
      input.addEventListener("change", () => {
        const value = Math.round(Number(input.value));
        if (Number.isFinite(value)) model.send({ type: "number", id: block.id, value });
      });
      label.append(input);
      return label;
    }
    default:
      return element("div");
  }
}

export default {
  async render({ model, el }) {
    const shared = await loadShared(model);
    const root = element("section", "cardavia cv-lesson");
    root.dataset.testid = "panel";
    el.append(root);

    function draw() {
      const parts = model.get("blocks").map((block) => drawBlock(block, shared, model));
      if (model.get("notice")) parts.push(element("p", "cv-note cv-bad", model.get("notice")));
      root.replaceChildren(...parts);
      root.dataset.ready = "1";
    }

    model.on("change:blocks", draw);
    model.on("change:notice", draw);
    model.on("change:look", () => shared.applyLook(root, model.get("look")));
    shared.applyLook(root, model.get("look"));
    draw();
  },
};
