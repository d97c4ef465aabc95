// The Cardavia settings bar: language menu and contrast / grain / colour-temperature sliders.
// It writes no trait: each change is sent as an intent that Python checks, and Python re-renders
// every widget that follows the settings.

/**
 * The settings model's traits (cardavia_nb/ui/settings.py), all written by the kernel.
 * @typedef {object} SettingsTraits
 * @property {string} lang the page language ("en", "pt", "fr", "nl", "es")
 * @property {number} contrast 0 to 100, 50 neutral
 * @property {number} grain 0 to 100
 * @property {number} temperature 0 to 100, 50 neutral
 * @property {string[]} langs the languages offered
 * @property {Object<string, any>} texts the bar's words, and `langs`: each language's own name
 * @property {string} notice why the last change was refused ("" when it was not)
 * @property {string} _shared_esm the page's shared module (widgets/shared.js), read by boot.js
 * @property {string} _shared_css the page's stylesheet
 *
 * What the bar sends to Python (a `custom` message). Any other page script may send the same,
 * e.g. to follow a `?lang=` in the address: `{type: "set", key: "lang", value: "pt"}`.
 * @typedef {{type: "set", key: "lang", value: string} | {type: "set", key: "contrast"|"grain"|"temperature", value: number}} SettingsIntent
 */

export default {
  async render({ model, el }) {
    const shared = await loadShared(model);
    const { h } = shared;
    const root = h("div", { class: "cardavia cv-settings", "data-testid": "settings" });
    el.append(root);
    const set = (key, value) => model.send({ type: "set", key, value });
    const uid = (name) => `cv-${name}-${Math.random().toString(36).slice(2, 8)}`;

    function slider(name, label) {
      const id = uid(name);
      const out = h("output", { for: id, text: `${model.get(name)}%` });
      const input = h("input", { type: "range", min: "0", max: "100", step: "5", id, value: String(model.get(name)), "data-testid": `setting-${name}` });
      input.addEventListener("input", () => { out.textContent = `${input.value}%`; });
      input.addEventListener("change", () => set(name, Number(input.value)));
      return h("div", { class: "cv-field" }, h("label", { for: id, text: label }), input, out);
    }

    function draw() {
      const t = model.get("texts") || {};
      const select = h("select", { id: uid("lang"), "data-testid": "setting-lang", onchange: () => set("lang", select.value) },
        model.get("langs").map((code) => h("option", { value: code, text: t.langs?.[code] ?? code })));
      select.value = model.get("lang");
      root.replaceChildren(
        h("strong", { class: "cv-brand", text: t.title ?? "Cardavia" }),
        h("div", { class: "cv-field" }, h("label", { for: select.id, text: t.language }), select),
        slider("contrast", t.contrast), slider("grain", t.grain), slider("temperature", t.temperature),
        ...[shared.noticeLine(model)].filter(Boolean));
      root.setAttribute("lang", model.get("lang"));
      root.dataset.ready = "1";
    }

    for (const name of ["texts", "lang", "notice", "contrast", "grain", "temperature"]) model.on(`change:${name}`, draw);
    model.on("change:look", () => shared.applyLook(root, model.get("look")));
    shared.applyLook(root, model.get("look"));
    draw();
  },
};
