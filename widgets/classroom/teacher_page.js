// The class board (cardavia_nb/ui/classroom/teacher_page.py): drawn by the shared panel renderer (which also saves the
// kernel's `{type: "download"}` messages: the CSV export). It tells the kernel the page's address, from
// which the kernel builds the students' link, and the teacher key of the address's fragment (#key=…,
// never sent to a server): the Voila template takes the key out of the address bar as the page loads
// and hands it over once (`cardaviaTeacherKey`); elsewhere (JupyterLab) it is read and removed here.
// Sends `{type: "origin", value}` and `{type: "key", value}`; the kernel checks both.

function fragmentKey() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const key = fragment.get("key");
  if (key !== null) {
    fragment.delete("key");
    history.replaceState(history.state, "", `${location.pathname}${location.search}${fragment.size ? `#${fragment}` : ""}`);
  }
  return key;
}

export default {
  async render({ model, el }) {
    const shared = await loadShared(model);
    shared.renderPanel(model, el);
    el.querySelector(".cv-lesson")?.classList.add("cv-board");
    shared.tellOrigin(model);
    const key = globalThis.cardaviaTeacherKey ? globalThis.cardaviaTeacherKey() : fragmentKey();
    if (key) model.send({ type: "key", value: key.slice(0, 400) });
  },
};
