// Prepended by Python to every widget's module (anywidget cannot import a sibling file):
// finds the page's hub model and imports the shared module it carries, once per page.

// The shared module (the DOM helper `h`, card drawing, the look, focus, panels and the stylesheet:
// the parts that cardavia_nb/ui/assets.py joins) travels once per page,
// on the hub model; while Voila is still streaming the page, the hub's model may register a moment
// after this one.
//
// `model.widget_manager` is NOT part of anywidget's documented model interface (get / set / on /
// off / send / save_changes): it is the ipywidgets WidgetModel's own manager, which anywidget's
// model proxy happens to expose. This is the only place it is used: to find the hub's model by its
// id (`get_model`). If a future anywidget hides it, `loadShared` throws at once, and every Cardavia
// widget except the Settings bar stops drawing (the bar, the tables and the panels would each need
// to carry the shared module and shared/cardavia.css themselves again, about 30 kB of state per widget).
async function loadShared(model) {
  const manager = model.widget_manager;
  if (!manager?.get_model) throw new Error("Cardavia: this front end does not expose model.widget_manager.");
  let hub;
  for (let wait = 50; !hub; wait *= 2) {
    hub = await manager.get_model(model.get("_hub")).catch(() => null);
    if (!hub && wait > 6400) throw new Error(`Cardavia: the page's settings widget never arrived (${model.get("_hub")}).`);
    if (!hub) await new Promise((resume) => setTimeout(resume, wait));
  }
  const source = hub.get("_shared_esm");
  const cache = (globalThis.cardaviaShared ??= {});
  cache[source] ??= import(URL.createObjectURL(new Blob([source], { type: "text/javascript" })));
  return (await cache[source]).ready(hub);
}
