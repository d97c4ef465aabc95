// The "Your games" panel (cardavia_nb/ui/history.py): drawn by the shared panel renderer, which also
// saves the kernel's `{type: "download"}` message as a file (Download all: one JSON record a line).

export default {
  async render({ model, el }) {
    const shared = await loadShared(model);
    shared.renderPanel(model, el);
  },
};
