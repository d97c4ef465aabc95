// The "Your games" panel (cardavia_nb/ui/history/panel.py): drawn by the shared panel renderer, which also
// saves the kernel's `{type: "download"}` message as a file (Download all: one JSON record a line).
//
// A game page opened from the home page's "Review" link carries `&review=<id>`: the kernel cannot read
// the address (a preheated kernel ran before the request), so this panel sends it as the press of
// that game's Review, `{type: "press", id: "review:<id>"}`, once; the kernel checks that the id is one
// of the page token's finished games of this game. The id then leaves the address, so that a reload
// brings back the game in progress, not the review.

/** Send the address's `review` (a game's id) as that game's Review press, and take it out of the address. */
function askReview(model) {
  const address = new URL(location.href);
  const id = address.searchParams.get("review");
  if (id === null) return;
  model.send({ type: "press", id: `review:${id.slice(0, 20)}` });
  address.searchParams.delete("review");
  try { history.replaceState(history.state, "", address); } catch { /* an address that cannot change: a reload reviews again */ }
}

export default {
  async render({ model, el }) {
    const shared = await loadShared(model);
    shared.renderPanel(model, el);
    askReview(model);
  },
};
