// A widget drawn entirely by the page's shared module (teaching panels, card fans): Python says
// which renderer in `_renderer`; the renderer draws the synced data and sends intents back.

// The shared module (cards, Markdown, look, stylesheet) travels once per page, on the hub model.
const loadShared = (model) => model.widget_manager.get_model(model.get("_hub")).then((hub) =>
  ((globalThis.cardaviaShared ??= {})[hub.get("_shared_esm")] ??= import(URL.createObjectURL(
    new Blob([hub.get("_shared_esm")], { type: "text/javascript" })))).then((module) => module.ready(hub)));

export default {
  async render({ model, el }) {
    const shared = await loadShared(model);
    const renderer = { panel: shared.renderPanel, fan: shared.renderFan }[model.get("_renderer")];
    renderer(model, el);
  },
};
