// Prepended by Python to every widget's module (anywidget cannot import a sibling file):
// finds the page's hub model and imports the shared module it carries, once per page.

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
