// The Cardavia table: renders the snapshot Python sends, animates computer turns, sends intents.
// It decides no rule and writes no trait: every click becomes a message (a TableIntent) that Python
// checks with the engine. Stable hooks for browser tests: data-testid, data-action-id, data-card,
// and data-ready="1" on the root once rendered. The last part of the table's module (see model.js):
// the felt's builders are in felt.js, the review's in review/review.js.

/**
 * The table model's traits, all written by the kernel (cardavia_nb/ui/table/widget.py).
 * @typedef {object} TableTraits
 * @property {TableFrame} frame everything the felt and the log draw, changed as one value
 * @property {string} notice why the last intent was refused ("" when it was not), or news such as a game brought back
 * @property {"bad"|"info"} tone the notice's tone: a refusal, or news (drawn in a neutral colour)
 * @property {Object<string, string>} texts the table's words in the page language
 * @property {"low"|"high"} level the computer players' level
 * @property {boolean} bar whether the bar (level, deal code, New game) is shown; a class deal hides it
 * @property {number} delay milliseconds between animated steps
 * @property {Look} look the page's look (the `Look` type of shared/look.js)
 * @property {string} _hub the model id of the page's Settings
 *
 * @typedef {object} TableFrame
 * @property {number} seq bumped once per new table state: the one signal to animate `steps`
 * @property {TableView} view the human seat's snapshot now
 * @property {string[]} log the last log lines
 * @property {{view: TableView, lines: string[]}[]} steps snapshots and log lines to animate, oldest first
 * @property {{cards?: string[], ok?: boolean, action?: string|null, text?: string}} selection Python's verdict on the picked cards
 * @property {{id: string, label: string, reason: string}[]} hint the High player's ranking, when asked for
 *
 * The snapshot of the table for the human seat (built from its View only).
 * @typedef {object} TableView
 * @property {string} game
 * @property {string} pack
 * @property {number} me
 * @property {{seat: number, name: string, level: string, count: number, score: string, tag: string, turn: boolean}[]} seats
 * @property {{id: string, name: string, label: string, action: string|null, why: string}[]} hand (`why`: the reason a card cannot be chosen)
 * @property {{seat: number|null, name: string, note: string, cards: Card[], column?: boolean, plays?: {name: string, card: Card}[]}[]} center (a `column` is one Truco trick)
 * @property {{label: string, cards: Card[], small: boolean, plays?: {name: string, cards: Card[], note: string}[]}[]} extras (with `plays`: a finished round to review)
 * @property {string[]} info
 * @property {string} status
 * @property {{id: string, label: string}[]} actions
 * @property {{hint?: string, confirm?: string, presets: {label: string, cards: string[]}[]}|null} select
 * @property {boolean} over
 * @property {string} help one sentence on what the player may do and why, when the choice is forced
 * @property {boolean} mine whether the human must act now (the Hint button shows then)
 * @property {string} hints "Hints used: n"
 * @property {{title: string, sources: string[], rows: {name: string, cells: string[], total: string, score: string}[], notes: {name: string, label: string, amount: string}[], hints: string, replay: string, go: {id: string, label: string}|null}|null} summary the deal's end on the felt: who won, each seat's points by source, the result's other lines
 *
 * What the table sends to Python (a `custom` message); `seed` is a typed deal code, as text.
 * @typedef {{type: "act", id: string} | {type: "select", cards: string[]} | {type: "new", seed: string|null}
 *   | {type: "level", level: "low"|"high"} | {type: "skip"} | {type: "hint"}} TableIntent
 * @typedef {{id: string, name: string}} Card
 */

/**
 * What the felt and the log show, in order, for one committed frame: each animated step with its
 * own lines appended to the log drawn before, the last one being the frame's own view and log. It
 * reads the frame's values by name only, so the order of the keys in a message cannot change what is drawn.
 * @param {TableFrame} frame
 * @param {boolean} animated false with reduced motion or no delay: only the final state is drawn
 * @param {string[]} shown the log lines the page showed before this frame
 * @returns {{view: TableView, log: string[]}[]}
 */
export function framesOf(frame, animated = true, shown = []) {
  const steps = frame.steps || [];
  const last = { view: frame.view, log: frame.log || [] };
  if (!animated || steps.length < 2) return [last];
  let log = shown;
  const out = steps.slice(0, -1).map((step) => ({ view: step.view, log: (log = log.concat(step.lines)) }));
  return [...out, last];
}

/** Reduced motion: the page's own setting (a flag on the page root) or the system preference. */
function reducedMotion(el) {
  const page = el.ownerDocument.documentElement;
  return page.dataset.reducedMotion === "1" || page.classList.contains("cv-reduced-motion")
    || !!el.closest?.("[data-reduced-motion='1'], .cv-reduced-motion")
    || !!globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

/**
 * The one state of a drawn table: its model, the shared module, the parts built once, and what the
 * player is doing that the kernel does not know (the cards picked, the focus, an open review).
 * @typedef {object} TableUI
 * @property {object} model the anywidget model
 * @property {object} shared the page's shared module (boot.js)
 * @property {Object<string, HTMLElement>} parts the table's elements, built once and filled in place
 * @property {MediaQueryList|undefined} narrow a phone-sized page (the code box gets a one-word placeholder)
 * @property {string[]} selected the card ids picked for a selection
 * @property {boolean} picking whether cards are picked for a selection although they could be played
 * @property {number[]} timers the pending animation steps
 * @property {boolean} animating whether computer moves are being animated (clicks wait)
 * @property {number|null} seen the seq of the frame drawn last: a new seq is the one commit signal
 * @property {boolean} owns whether the player works in this table: the focus stays in it across redraws
 * @property {string|null} lastKey the control the player focused last
 * @property {boolean} reviewOpen whether the last round's review is open: it stays open across redraws
 * @property {boolean} [tookOver] the player just took over from the replay: the way back gets the focus (review/review.js)
 * @property {string|null} [feltShape] what of the `review` trait the felt drew last besides High's line (felt.js)
 * @property {(ui: TableUI, t: Object<string, string>) => HTMLElement} recordTools the summary's record tools
 *   (review/review.js's `recordTools`, which comes after the felt in the module)
 */

/** Build the table's parts once (the status is a live region: never recreated) and wire the bar. */
function build(model, el, shared) {
  const { h } = shared;
  const parts = {
    root: h("div", { class: "cardavia cv-table", "data-testid": "table" }), play: h("div", { class: "cv-panel" }),
    // One compact bar: level, deal code, new game (the page's own header names the game). Built once
    // so that typing in the code box survives updates. The skip button sits on the felt's status row.
    bar: h("div", { class: "cv-bar", "data-testid": "bar" }),
    levelSel: h("select", { "data-testid": "level" }),
    seedBox: h("input", { type: "text", inputmode: "numeric", "data-testid": "seed", size: 10 }),
    newBtn: h("button", { class: "cv-btn", "data-testid": "new-game" }),
    skipBtn: h("button", { class: "cv-btn cv-skip", "data-testid": "skip", "aria-hidden": "true", tabindex: "-1" }),
    notice: h("div", { class: "cv-notice", role: "alert", "data-testid": "notice" }),
    felt: h("div", { class: "cv-felt", "data-testid": "felt", tabindex: "-1" }),
    reviewSlot: h("section", { class: "cv-review-slot", "data-testid": "review-panel", tabindex: "-1", hidden: true }),
    reviewMore: h("section", { class: "cv-review-slot cv-review-more", "data-testid": "review-more", hidden: true }),
    facts: h("div", { class: "cv-facts", "data-testid": "facts" }),
    log: h("ol", { class: "cv-log", "aria-live": "polite", "aria-relevant": "additions", tabindex: "0", "data-testid": "log" }),
    logHead: h("h3", {}), factsHead: h("h3", {}),
    opponents: h("div", { class: "cv-opponents", role: "group" }),
    middle: h("div", { class: "cv-middle", "data-testid": "middle", role: "group" }),
    status: h("div", { class: "cv-status", role: "status", "data-testid": "status" }),
    help: h("p", { class: "cv-help", "data-testid": "help" }),
    mySeat: h("div", { class: "cv-my-seat" }), handBox: h("div", { class: "cv-hand-box" }),
    selectionSlot: h("div", { class: "cv-selection-slot" }), summary: h("div", { class: "cv-summary-slot" }),
    actions: h("div", { class: "cv-actions", role: "group", "data-testid": "actions" }),
    hintBtn: h("button", { class: "cv-btn cv-hint-btn", "data-testid": "hint", "aria-expanded": "false" }),
    hintPanel: h("div", { class: "cv-hint-panel", "data-testid": "hint-panel", role: "region", hidden: true }),
  };
  /** @type {TableUI} */
  const ui = { model, shared, parts, narrow: globalThis.matchMedia?.("(max-width: 760px)"),
    selected: [], picking: false, timers: [], animating: false, seen: null, owns: false, lastKey: null, reviewOpen: false,
    recordTools };
  const p = parts;
  p.root.append(p.play);
  el.append(p.root);
  p.root.addEventListener("focusin", (event) => { ui.owns = true; ui.lastKey = shared.keyOf(event.target) ?? ui.lastKey; });
  p.root.addEventListener("focusout", (event) => { if (event.relatedTarget && !p.root.contains(event.relatedTarget)) ui.owns = false; });
  p.levelSel.addEventListener("change", () => send(ui, { type: "level", level: p.levelSel.value }));  // Python answers with `level`
  p.newBtn.addEventListener("click", () => {
    const text = p.seedBox.value.trim();
    send(ui, { type: "new", seed: text === "" ? null : text });  // as text: a Number loses digits past 2**53
  });
  p.seedBox.addEventListener("keydown", (event) => { if (event.key === "Enter") p.newBtn.click(); });
  p.skipBtn.addEventListener("click", () => finish(ui, true));
  p.hintBtn.addEventListener("click", () => { if (!ui.animating) send(ui, { type: "hint" }); });
  ui.narrow?.addEventListener?.("change", () => drawBar(ui));
  const side = h("aside", { class: "cv-side" }, p.factsHead, p.facts, p.logHead, p.log);
  p.bar.append(p.levelSel, p.seedBox, p.newBtn);
  p.play.append(p.bar, p.notice, h("div", { class: "cv-main" }, p.felt, side));
  for (const slot of [p.reviewSlot, p.reviewMore]) slot.addEventListener("keydown", (event) => replayKeys(ui, event));  // after the deal (review/review.js)
  p.felt.append(p.reviewSlot, p.opponents, p.middle, h("div", { class: "cv-status-row" }, p.status, p.skipBtn), p.help, p.mySeat,
    p.handBox, p.selectionSlot, h("div", { class: "cv-action-row" }, p.actions, p.hintBtn), p.hintPanel, p.summary, p.reviewMore);
  return ui;
}

/** The bar's and the headings' words, and the level shown (no bar while a class deal is at the table). */
function drawBar(ui) {
  const { h } = ui.shared;
  const p = ui.parts;
  p.bar.hidden = !ui.model.get("bar");
  const t = texts(ui);
  const choices = ["low", "high"].map((v) => fill(t.level_choice, { level: t[`level_${v}`] ?? v }));
  if (p.levelSel.options.length !== 2 || p.levelSel.options[0].text !== choices[0]) {
    p.levelSel.replaceChildren(...["low", "high"].map((v, i) => h("option", { value: v, text: choices[i] })));
  }
  p.levelSel.value = ui.model.get("level");
  p.levelSel.setAttribute("aria-label", t.level ?? "");
  p.seedBox.placeholder = (ui.narrow?.matches ? t.seed_short : t.seed) ?? "";  // the full name stays its label
  p.seedBox.setAttribute("aria-label", t.seed ?? "");
  p.seedBox.title = t.seed_hint ?? "";
  p.newBtn.textContent = t.new_game ?? "New game";
  p.skipBtn.textContent = t.skip ?? "Skip";
  p.logHead.textContent = t.log ?? "";
  p.log.setAttribute("aria-label", t.log_name ?? t.log ?? "");
  p.factsHead.textContent = t.facts ?? "";
  p.hintBtn.textContent = t.hint ?? "Hint";
  p.middle.setAttribute("aria-label", t.middle ?? "");
  p.opponents.setAttribute("aria-label", t.seats ?? "");
}

/** The log lines drawn now. */
const drawnLog = (ui) => [...ui.parts.log.children].map((li) => li.textContent);

/** Append only the new lines (a screen reader hears each line once); rebuild only when they differ. */
function drawLog(ui, lines) {
  const { log } = ui.parts;
  const old = drawnLog(ui);
  let drop = 0;
  while (drop < old.length && !old.slice(drop).every((line, i) => line === lines[i])) drop += 1;
  if (old.length - drop > lines.length) drop = old.length;
  for (let i = 0; i < drop; i += 1) log.firstElementChild.remove();
  log.append(...lines.slice(old.length - drop).map((line) => ui.shared.h("li", { text: line })));
  log.scrollTop = log.scrollHeight;
}

/** Show the Skip button while computer moves are animated. */
function showSkip(ui, on) {
  const { skipBtn } = ui.parts;
  skipBtn.classList.toggle("cv-shown", on);
  skipBtn.setAttribute("aria-hidden", String(!on));
  skipBtn.tabIndex = on ? 0 : -1;
}

/** Cancel the animation steps not drawn yet. */
const stopTimers = (ui) => { ui.timers.forEach(clearTimeout); ui.timers = []; };

/** End the animation (skipped by the player, or done) and draw the frame's own state. */
function finish(ui, skipped) {
  stopTimers(ui);
  if (ui.animating && skipped) send(ui, { type: "skip" });
  const wasAnimating = ui.animating;
  ui.animating = false;
  showSkip(ui, false);
  ui.parts.root.dataset.animating = "0";
  const f = frameOf(ui);
  drawFelt(ui, f.view);
  drawLog(ui, f.log || []);
  if (wasAnimating && skipped) refocus(ui);
  ui.parts.root.dataset.seq = String(f.seq ?? "");  // which frame the felt shows in full (tests wait on it)
  ui.parts.root.dataset.ready = "1";
}

/** Animate a new frame's steps, one per `delay`, then draw its final state. */
function animate(ui) {
  stopTimers(ui);
  ui.selected = [];
  ui.picking = false;
  const delay = ui.model.get("delay");
  const frames = framesOf(frameOf(ui), delay > 0 && !reducedMotion(ui.parts.root), drawnLog(ui));
  if (frames.length < 2) { ui.animating = false; finish(ui, false); return; }
  ui.animating = true;
  showSkip(ui, true);
  ui.parts.root.dataset.animating = "1";
  frames.forEach((f, i) => {
    ui.timers.push(setTimeout(() => {
      if (i === frames.length - 1) { finish(ui, false); return; }
      drawFelt(ui, f.view);
      drawLog(ui, f.log);
    }, i * delay));
  });
}

/** The one handler of the frame: a new seq animates, the same seq redraws (a selection, a hint). */
function onFrame(ui) {
  const f = frameOf(ui);
  if (f.seq !== ui.seen) {
    ui.seen = f.seq;
    animate(ui);
  } else if (!ui.animating) {
    drawFelt(ui, f.view);
    drawLog(ui, f.log || []);
  }
}

/** The refusal of the last intent, or news in the neutral tone, if any. */
function drawNotice(ui) {
  Object.assign(ui.parts.notice, { textContent: ui.model.get("notice"), hidden: !ui.model.get("notice") });
  ui.parts.notice.dataset.tone = ui.model.get("tone");
}

/** Every word again (a new language), and the felt unless an animation is drawing it. */
function drawAll(ui) {
  drawBar(ui);
  drawNotice(ui);
  if (!ui.animating) finish(ui, false);
  drawReview(ui);
}

export default {
  async render({ model, el }) {
    const shared = await loadShared(model);
    const ui = build(model, el, shared);
    const on = (name, fn) => model.on(`change:${name}`, fn);
    on("frame", () => onFrame(ui));
    on("notice", () => drawNotice(ui));
    on("tone", () => drawNotice(ui));
    on("texts", () => drawAll(ui));
    on("level", () => drawBar(ui));
    on("bar", () => drawBar(ui));
    on("review", () => { if (!ui.animating) reviewChanged(ui); drawReview(ui); });  // after the deal: the replay
    on("judge", () => drawReview(ui, false));  // its judgements, streamed: the felt and the replay's bar stay
    model.on("msg:custom", shared.saveFile);  // a record file the kernel sent
    on("look", () => shared.applyLook(ui.parts.root, model.get("look")));
    shared.applyLook(ui.parts.root, model.get("look"));
    ui.seen = frameOf(ui).seq;
    drawAll(ui);
    return () => stopTimers(ui);
  },
};
