// The class panel under a game's table (cardavia_nb/ui/classroom/student.py): drawn by the shared panel renderer,
// which also saves the kernel's `{type: "download"}` message (the results file). It tells the kernel the
// page's class code, read from the address: a preheated kernel has no query string.

export default {
  async render({ model, el }) {
    const shared = await loadShared(model);
    shared.renderPanel(model, el);
    const code = new URLSearchParams(location.search).get("class");
    if (code) model.send({ type: "class", code: code.slice(0, 200) });
  },
};
