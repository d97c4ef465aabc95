// Play with friends (cardavia_nb/ui/friends.py): drawn by the shared panel renderer. It tells the kernel the page's
// address, beside which the invite link is built, and the room code of the address (`?room=…`), which the kernel
// joins with the page's player token: a preheated kernel has no query string; and signs of life. The kernel checks
// all of them.

export default {
  async render({ model, el }) {
    const shared = await loadShared(model);
    shared.renderPanel(model, el);
    el.querySelector(".cv-lesson")?.classList.add("cv-friends");
    shared.tellOrigin(model);
    const code = new URLSearchParams(location.search).get("room");
    if (code) model.send({ type: "room", value: code.slice(0, 200) });
    // a sign of life every 4 s while the page is open and holds a seat: a closed page's seat is played for after
    // a while, though its kernel may run on until the server culls it
    const beat = setInterval(() => { if (model.get("seated")) model.send({ type: "beat" }); }, 4000);
    return () => clearInterval(beat);
  },
};
