// A widget drawn entirely by the page's shared module (teaching panels, card fans): Python says
// which renderer in `_renderer`; the renderer draws the synced data and sends intents back.

// The shared module (cards, Markdown, look, stylesheet) travels once per page, on the hub model;
// while Voila is still streaming the page, the hub's model may register a moment after this one.
async function loadShared(model) {
  let hub;
  for (let wait = 50; !hub; wait *= 2) {
    hub = await model.widget_manager.get_model(model.get("_hub")).catch(() => null);
    if (!hub && wait > 6400) throw new Error(`Cardavia: the page's settings widget never arrived (${model.get("_hub")}).`);
    if (!hub) await new Promise((resume) => setTimeout(resume, wait));
  }
  const source = hub.get("_shared_esm");
  const cache = (globalThis.cardaviaShared ??= {});
  cache[source] ??= import(URL.createObjectURL(new Blob([source], { type: "text/javascript" })));
  return (await cache[source]).ready(hub);
}

export default {
  async render({ model, el }) {
    const shared = await loadShared(model);
    const renderer = { panel: shared.renderPanel, fan: shared.renderFan }[model.get("_renderer")];
    renderer(model, el);
  },
};
