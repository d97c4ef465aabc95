// The "Your games" panel (cardavia_nb/ui/history.py): drawn by the shared panel renderer; besides, it
// turns the kernel's `{type: "download", name, text}` message into a file the browser saves
// (Download all: one JSON record a line). The text is the player's own records, made by the kernel.

function download(msg) {
  if (!msg || msg.type !== "download" || typeof msg.text !== "string" || typeof msg.name !== "string") return;
  const url = URL.createObjectURL(new Blob([msg.text], { type: "application/x-ndjson" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: msg.name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export default {
  async render({ model, el }) {
    const shared = await loadShared(model);
    shared.renderPanel(model, el);
    model.on("msg:custom", download);
    return () => model.off("msg:custom", download);
  },
};
