// A fan of cards drawn with the table's SVG (cards.js): for the home page and notebook demos.

const loadCards = (model) => import(URL.createObjectURL(new Blob([model.get("_cards_esm")], { type: "text/javascript" })));

export default {
  async render({ model, el }) {
    const cards = await loadCards(model);
    const root = document.createElement("figure");
    root.className = "cardavia cv-fan";
    root.dataset.testid = "card-fan";
    el.append(root);

    function draw() {
      const row = document.createElement("div");
      row.className = "cv-row";
      row.setAttribute("role", "group");
      row.setAttribute("aria-label", model.get("cards").map((c) => c.name).join(", "));
      for (const card of model.get("cards")) row.append(cards.cardElement(card, model.get("pack")));
      for (let i = 0; i < model.get("backs"); i += 1) row.append(cards.cardElement(null, model.get("pack")));
      const parts = [row];
      if (model.get("caption")) parts.push(Object.assign(document.createElement("figcaption"), { textContent: model.get("caption") }));
      root.replaceChildren(...parts);
      root.dataset.ready = "1";
    }

    for (const name of ["cards", "pack", "backs", "caption"]) model.on(`change:${name}`, draw);
    model.on("change:look", () => cards.applyLook(root, model.get("look")));
    cards.applyLook(root, model.get("look"));
    draw();
  },
};
