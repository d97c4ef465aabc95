// A fan of cards drawn with the table's SVG: for the home page and notebook demos.

// The shared module (cards, Markdown, look, stylesheet) travels once per page, on the hub model.
const loadShared = (model) => model.widget_manager.get_model(model.get("_hub")).then((hub) =>
  ((globalThis.cardaviaShared ??= {})[hub.get("_shared_esm")] ??= import(URL.createObjectURL(
    new Blob([hub.get("_shared_esm")], { type: "text/javascript" })))).then((module) => module.ready(hub)));

export default {
  async render({ model, el }) {
    (await loadShared(model)).renderFan(model, el);
  },
};
