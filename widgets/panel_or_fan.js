// The front end of teaching panels (ui/panel.py) and card fans (ui/cards.py): a widget drawn entirely by the
// page's shared module. Python says which renderer in `_renderer`; the renderer draws the synced data and
// sends intents back.

export default {
  async render({ model, el }) {
    const shared = await loadShared(model);
    const renderer = { panel: shared.renderPanel, fan: shared.renderFan }[model.get("_renderer")];
    renderer(model, el);
  },
};
