// The Cardavia settings bar: language menu and contrast / grain / colour-temperature sliders.
// It only sets synced traits; Python re-renders every widget that follows the settings.

export default {
  async render({ model, el }) {
    const cards = await loadShared(model);
    const root = document.createElement("div");
    root.className = "cardavia cv-settings";
    root.dataset.testid = "settings";
    el.append(root);

    function slider(name, label) {
      const id = `cv-${name}-${Math.random().toString(36).slice(2, 8)}`;
      const input = Object.assign(document.createElement("input"), { type: "range", min: 0, max: 100, step: 5, id, value: model.get(name) });
      input.dataset.testid = `setting-${name}`;
      const out = document.createElement("output");
      out.htmlFor = id;
      out.textContent = `${model.get(name)}%`;
      input.addEventListener("input", () => { out.textContent = `${input.value}%`; });
      input.addEventListener("change", () => { model.set(name, Number(input.value)); model.save_changes(); });
      const lab = Object.assign(document.createElement("label"), { htmlFor: id, textContent: label });
      const box = document.createElement("div");
      box.className = "cv-field";
      box.append(lab, input, out);
      return box;
    }

    function draw() {
      const t = model.get("texts") || {};
      const title = Object.assign(document.createElement("strong"), { className: "cv-brand", textContent: t.title ?? "Cardavia" });
      const select = document.createElement("select");
      select.dataset.testid = "setting-lang";
      select.id = `cv-lang-${Math.random().toString(36).slice(2, 8)}`;
      for (const code of model.get("langs")) {
        select.append(Object.assign(document.createElement("option"), { value: code, textContent: t.langs?.[code] ?? code }));
      }
      select.value = model.get("lang");
      select.addEventListener("change", () => { model.set("lang", select.value); model.save_changes(); });
      const lab = Object.assign(document.createElement("label"), { htmlFor: select.id, textContent: t.language });
      const lang = document.createElement("div");
      lang.className = "cv-field";
      lang.append(lab, select);
      root.replaceChildren(title, lang, slider("contrast", t.contrast), slider("grain", t.grain), slider("temperature", t.temperature));
      root.setAttribute("lang", model.get("lang"));
      root.dataset.ready = "1";
    }

    model.on("change:texts", draw);
    model.on("change:lang", draw);
    model.on("change:look", () => cards.applyLook(root, model.get("look")));
    for (const name of ["contrast", "grain", "temperature"]) model.on(`change:${name}`, draw);
    cards.applyLook(root, model.get("look"));
    draw();
  },
};
