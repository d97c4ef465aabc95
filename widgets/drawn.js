// A widget drawn entirely by the page's shared module (teaching panels, card fans): Python says
// which renderer in `_renderer`; the renderer draws the synced data and sends intents back.

export default {
  async render({ model, el }) {
    const shared = await loadShared(model);
    const renderer = { panel: shared.renderPanel, fan: shared.renderFan }[model.get("_renderer")];
    renderer(model, el);
  },
};
