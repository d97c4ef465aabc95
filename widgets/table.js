// The Cardavia table: renders the snapshot Python sends, animates computer turns, sends intents.
// It decides no rule and writes no trait: every click becomes a message (a TableIntent) that Python
// checks with the engine. Stable hooks for browser tests: data-testid, data-action-id, data-card,
// and data-ready="1" on the root once rendered.

/**
 * The table model's traits, all written by the kernel (cardavia_nb/ui/table.py).
 * @typedef {object} TableTraits
 * @property {TableFrame} frame everything the felt and the log draw, changed as one value
 * @property {string} notice why the last intent was refused ("" when it was not)
 * @property {Object<string, string>} texts the table's words in the page language
 * @property {"low"|"high"} level the computer players' level
 * @property {number} delay milliseconds between animated steps
 * @property {Look} look the page's look (the `Look` type of look.js)
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

function fill(template, values) {
  return String(template ?? "").replace(/\{(\w+)\}/g, (m, k) => (k in values ? values[k] : m));
}

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

const FOCUSABLE = "button:not([disabled]), input, select, [tabindex='0'], [tabindex='-1'].cv-felt";

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
 */

const texts = (ui) => ui.model.get("texts") || {};
const frameOf = (ui) => ui.model.get("frame") || {};
const send = (ui, intent) => ui.model.send(intent);

/** Build the table's parts once (the status is a live region: never recreated) and wire the bar. */
function build(model, el, shared) {
  const { h } = shared;
  const parts = {
    root: h("div", { class: "cardavia cv-table", "data-testid": "table" }), play: h("div", { class: "cv-panel" }),
    // One compact bar: level, deal code, new game (the page's own header names the game). Built once
    // so that typing in the code box survives updates. The skip button sits on the felt's status row.
    levelSel: h("select", { "data-testid": "level" }),
    seedBox: h("input", { type: "text", inputmode: "numeric", "data-testid": "seed", size: 10 }),
    newBtn: h("button", { class: "cv-btn", "data-testid": "new-game" }),
    skipBtn: h("button", { class: "cv-btn cv-skip", "data-testid": "skip", "aria-hidden": "true", tabindex: "-1" }),
    notice: h("div", { class: "cv-notice", role: "alert", "data-testid": "notice" }),
    felt: h("div", { class: "cv-felt", "data-testid": "felt", tabindex: "-1" }),
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
    selected: [], picking: false, timers: [], animating: false, seen: null, owns: false, lastKey: null, reviewOpen: false };
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
  p.play.append(h("div", { class: "cv-bar" }, p.levelSel, p.seedBox, p.newBtn), p.notice, h("div", { class: "cv-main" }, p.felt, side));
  p.felt.append(p.opponents, p.middle, h("div", { class: "cv-status-row" }, p.status, p.skipBtn), p.help, p.mySeat,
    p.handBox, p.selectionSlot, h("div", { class: "cv-action-row" }, p.actions, p.hintBtn), p.hintPanel, p.summary);
  return ui;
}

/** The bar's and the headings' words, and the level shown. */
function drawBar(ui) {
  const { h } = ui.shared;
  const p = ui.parts;
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

/** A row of face-up cards, named as a group. */
function cardRow(ui, list, pack, label, testid) {
  return ui.shared.h("div", { class: "cv-row", role: "group", "aria-label": label, "data-testid": testid },
    list.map((c) => ui.shared.cardElement(c, pack)));
}

/** One seat: its name, level, tag and turn chips, its score, and the backs of its cards (not yours). */
function seatBox(ui, seat, view, t) {
  const { h, cardElement } = ui.shared;
  const backs = seat.seat === view.me ? null : h("div", { class: "cv-backs", "aria-hidden": "true" },
    Array.from({ length: Math.min(seat.count, 24) }, () => cardElement(null, view.pack)));
  const count = fill(t.cards, { n: seat.count });
  return h("div", { class: `cv-seat${seat.turn ? " cv-turn" : ""}`, role: "group", "data-seat": String(seat.seat), "data-testid": `seat-${seat.seat}`, "aria-label": `${seat.name}: ${count}${seat.score ? ", " + seat.score : ""}` },
    h("div", { class: "cv-seat-head" },
      h("strong", { text: seat.name }),
      seat.level ? h("span", { class: "cv-chip", text: seat.level }) : null,
      seat.tag ? h("span", { class: "cv-chip cv-tag", text: seat.tag }) : null,
      seat.turn ? h("span", { class: "cv-chip cv-now", text: t.turn }) : null),
    h("div", { class: "cv-seat-score", "data-testid": `score-${seat.seat}`, text: seat.score || "" }),
    backs ? h("div", { class: "cv-count", "data-testid": `count-${seat.seat}`, text: count }) : null,
    backs);
}

/** Whether a click picks a card: with card plays possible too (a poignée before the first card), only once the player chose to pick. */
const isSelecting = (ui, view) => !!view.select && (ui.picking || !view.hand.some((c) => c.action));

/** Pick cards for a selection (and ask Python whether they make a move), then redraw. */
function pick(ui, cards, view) {
  ui.selected = cards;
  send(ui, { type: "select", cards });
  drawFelt(ui, view);
}

/** The human's hand: a click plays a card, or picks it for a selection; a refused card says why. */
function handRow(ui, view, t) {
  const { h, cardElement, roving } = ui.shared;
  const selecting = isSelecting(ui, view);
  const row = h("div", { class: "cv-hand", role: "group", "aria-label": t.hand, "data-testid": "hand" });
  for (const card of view.hand) {
    const on = ui.selected.includes(card.id);
    const usable = selecting || !!card.action;  // a refused pick is still made: the engine says why
    const btn = cardElement(card, view.pack, "button");
    btn.classList.add("cv-hand-card");
    if (card.label) btn.setAttribute("aria-label", card.label);
    if (on) btn.classList.add("cv-selected");
    if (selecting) btn.setAttribute("aria-pressed", String(on));
    if (card.action) btn.dataset.actionId = card.action;
    if (!usable) {
      btn.setAttribute("aria-disabled", "true");
      btn.classList.add("cv-idle");
    }
    if (card.why) {
      btn.classList.add("cv-impossible");
      btn.title = card.why;
      btn.setAttribute("aria-description", card.why);
    }
    btn.addEventListener("click", () => {
      if (ui.animating || !usable) return;
      if (selecting) pick(ui, on ? ui.selected.filter((c) => c !== card.id) : [...ui.selected, card.id], frameOf(ui).view);
      else if (card.action) send(ui, { type: "act", id: card.action });
    });
    row.append(btn);
  }
  roving(row, ui.lastKey);
  return row;
}

/** The selection panel: ready-made selections, Python's verdict on the picked cards, play and clear. */
function selectionBox(ui, view, t) {
  const { h } = ui.shared;
  if (!view.select) return null;
  const answer = frameOf(ui).selection || {};
  const current = JSON.stringify(answer.cards || []) === JSON.stringify(ui.selected);
  const ok = current && answer.ok;
  const go = h("button", { class: "cv-btn cv-primary", "data-testid": "play-selection", disabled: !ok, text: view.select.confirm || t.play_selected });
  go.addEventListener("click", () => { if (ok) send(ui, { type: "act", id: answer.action }); });
  const clear = h("button", { class: "cv-btn", "data-testid": "clear-selection", disabled: !ui.selected.length, text: t.clear });
  clear.addEventListener("click", () => pick(ui, [], view));
  const presets = (view.select.presets || []).map((preset, i) => {
    const b = h("button", { class: "cv-btn", "data-testid": `preset-${i}`, text: preset.label });
    b.addEventListener("click", () => { ui.picking = true; pick(ui, [...preset.cards], view); });
    return b;
  });
  if (view.hand.some((c) => c.action)) {
    const toggle = h("button", { class: "cv-btn", "data-testid": "pick-toggle", "aria-pressed": String(ui.picking), text: ui.picking ? t.stop_pick : t.pick });
    toggle.addEventListener("click", () => { ui.picking = !ui.picking; pick(ui, [], view); });
    presets.push(toggle);
  }
  return h("div", { class: `cv-selection${ok ? " cv-ok" : ""}`, "data-testid": "selection" },
    h("span", { class: "cv-hint", text: view.select.hint || "" }),
    presets,
    h("span", { class: "cv-verdict", "data-testid": "selection-text", role: "status", text: current && ui.selected.length ? answer.text : fill(t.selected, { n: ui.selected.length }) }),
    go, clear);
}

/** The deal's end: each seat's points by source, this deal's total when there are several sources,
 * the running score, the result's other lines, and the one button to go on. */
function summaryBox(ui, view, t) {
  const { h } = ui.shared;
  const s = view.summary;
  if (!s) return null;
  const many = s.sources.length > 1;
  const running = s.rows.some((r) => r.score);
  const head = h("tr", {}, h("th", { scope: "col" }), s.sources.map((x) => h("th", { scope: "col", class: "cv-num", text: x })),
    many ? h("th", { scope: "col", class: "cv-num", text: t.deal_total }) : null,
    running ? h("th", { scope: "col", class: "cv-num", text: t.score_now }) : null);
  const rows = s.rows.map((r) => h("tr", {}, h("th", { scope: "row", text: r.name }),
    r.cells.map((c) => h("td", { class: "cv-num", text: c })),
    many ? h("td", { class: "cv-num cv-total", text: r.total }) : null,
    running ? h("td", { class: "cv-num", text: r.score }) : null));
  const points = s.sources.length || running
    ? h("table", { class: "cv-points", "data-testid": "points" }, h("thead", {}, head), h("tbody", {}, rows)) : null;
  const notes = s.notes.length ? h("table", { class: "cv-notes", "data-testid": "notes" }, h("tbody", {},
    s.notes.map((n) => h("tr", {}, h("td", { text: n.name ? `${n.name} · ${n.label}` : n.label }), h("td", { class: "cv-num", text: n.amount }))))) : null;
  const go = s.go
    ? h("button", { class: "cv-btn cv-primary", "data-action-id": s.go.id, "data-testid": "summary-go", text: s.go.label })
    : h("button", { class: "cv-btn cv-primary", "data-testid": "summary-new", text: t.new_game });
  go.addEventListener("click", () => { if (ui.animating) return; if (s.go) send(ui, { type: "act", id: s.go.id }); else ui.parts.newBtn.click(); });
  return h("div", { class: "cv-result cv-summary", "data-testid": "result", role: "region", "aria-label": t.result },
    h("h3", { "data-testid": "summary-title", text: s.title }),
    h("div", { class: "cv-summary-body" }, points, notes),
    h("div", { class: "cv-summary-foot" },
      h("span", { class: "cv-hints-used", "data-testid": "hints-used", text: s.hints }),
      s.replay ? h("span", { class: "cv-replay", "data-testid": "replay", text: s.replay }) : null,
      go));
}

/** The Hint button on the human's turn, and the High player's ranking once Python sent it. */
function drawHint(ui, view, t) {
  const { h } = ui.shared;
  const { hintBtn, hintPanel } = ui.parts;
  const rows = frameOf(ui).hint || [];
  const mine = !!view.mine;
  hintBtn.hidden = !mine;
  hintBtn.setAttribute("aria-expanded", String(mine && rows.length > 0));
  hintPanel.hidden = !(mine && rows.length);
  if (hintPanel.hidden) { hintPanel.replaceChildren(); return; }
  hintPanel.setAttribute("aria-label", t.hint_title ?? "");
  const close = h("button", { class: "cv-btn", "data-testid": "hint-close", text: t.close_hint });
  close.addEventListener("click", () => { hintPanel.hidden = true; hintBtn.setAttribute("aria-expanded", "false"); hintBtn.focus(); });
  hintPanel.replaceChildren(h("h3", { text: t.hint_title }),
    h("ol", {}, rows.map((r) => h("li", { "data-hint-id": r.id }, h("strong", { text: r.label }), " — ", r.reason))),
    h("p", { class: "cv-hints-used", text: view.hints }), close);
}

/** The middle: each seat's played cards or the Truco trick columns, then the other public groups. */
function drawMiddle(ui, view) {
  const { h, cardElement } = ui.shared;
  ui.parts.middle.replaceChildren(
    ...view.center.map((g, i) => h("div", { class: `cv-play${g.column ? " cv-trick" : ""}`, "data-seat": String(g.seat ?? ""), "data-testid": g.column ? `trick-${i}` : null },
      h("div", { class: "cv-play-name", text: g.note ? `${g.name} · ${g.note}` : g.name }),
      g.column
        ? g.plays.map((p) => h("div", { class: "cv-trick-play" }, h("span", { class: "cv-trick-who", text: p.name }), cardElement(p.card, view.pack)))
        : cardRow(ui, g.cards, view.pack, g.name, `played-${g.seat}`))),
    ...view.extras.map((x, i) => (x.plays ? reviewBox(ui, x, view.pack, i)
      : h("div", { class: `cv-extra${x.small ? " cv-small" : ""}` }, h("div", { class: "cv-play-name", text: x.label }), cardRow(ui, x.cards, view.pack, x.label, `extra-${i}`)))));
}

/** A finished round to review, folded: who played what, in order (a pass as a word). */
function reviewBox(ui, x, pack, i) {
  const { h } = ui.shared;
  const box = h("details", { class: "cv-review", "data-testid": `extra-${i}` },
    h("summary", { text: x.label }),
    h("ol", { class: "cv-review-plays" }, x.plays.map((p) => h("li", {},
      h("span", { class: "cv-trick-who", text: p.note ? `${p.name} · ${p.note}` : p.name }),
      p.cards.length ? cardRow(ui, p.cards, pack, p.name, null) : null))));
  box.open = ui.reviewOpen;
  box.addEventListener("toggle", () => { ui.reviewOpen = box.open; });
  return box;
}

/** Draw one snapshot on the felt, keeping the player's focus in the table. */
function drawFelt(ui, view) {
  if (!view || !view.seats) return;
  const { h, roving } = ui.shared;
  const p = ui.parts;
  const t = texts(ui);
  const active = p.root.ownerDocument.activeElement;
  const keep = ui.owns && (!active || active === p.root.ownerDocument.body || p.root.contains(active));
  const others = view.seats.filter((s) => s.seat !== view.me).reverse();  // the next player sits on your right
  p.opponents.replaceChildren(...others.map((s) => seatBox(ui, s, view, t)));
  drawMiddle(ui, view);
  if (p.status.textContent !== view.status) p.status.textContent = view.status;
  p.help.textContent = view.help || "";
  p.help.hidden = !view.help;
  p.mySeat.replaceChildren(seatBox(ui, view.seats.find((s) => s.seat === view.me), view, t));
  p.handBox.replaceChildren(handRow(ui, view, t));
  p.selectionSlot.replaceChildren(...[selectionBox(ui, view, t)].filter(Boolean));
  p.actions.replaceChildren(...view.actions.filter((a) => a.id !== view.summary?.go?.id).map((a) => {
    const b = h("button", { class: "cv-btn cv-action", "data-action-id": a.id, text: a.label });
    b.addEventListener("click", () => { if (!ui.animating) send(ui, { type: "act", id: a.id }); });
    return b;
  }));
  roving(p.actions, ui.lastKey);
  drawHint(ui, view, t);
  p.summary.replaceChildren(...[summaryBox(ui, view, t)].filter(Boolean));
  for (const part of [p.middle, p.mySeat, p.handBox]) part.hidden = view.over;  // the game's end: the summary takes the felt
  if (!view.hand.length) p.handBox.hidden = true;
  p.facts.replaceChildren(...view.info.map((line) => h("p", { text: line })));
  p.root.dataset.game = view.game;
  p.root.dataset.over = view.over ? "1" : "0";
  p.root.dataset.toAct = String(view.seats.find((s) => s.turn)?.seat ?? "");
  if (keep) refocus(ui);
}

/** Focus the control the player used, or the next sensible one; never leave it on <body>. */
function refocus(ui) {
  const { root, play, felt, actions, selectionSlot } = ui.parts;
  const now = root.ownerDocument.activeElement;
  if (now && now !== root.ownerDocument.body && root.contains(now) && now.isConnected) return;
  const same = ui.lastKey ? [...play.querySelectorAll(ui.lastKey)].find((n) => n.matches(FOCUSABLE) && n.getAttribute("aria-disabled") !== "true") : null;
  const next = same
    || felt.querySelector("[data-testid='summary-go'], [data-testid='summary-new']")
    || felt.querySelector(".cv-hand button[data-action-id][tabindex='0']")
    || felt.querySelector(".cv-hand button[data-action-id]")
    || actions.querySelector("button")
    || selectionSlot.querySelector("button:not([disabled])")
    || felt.querySelector(".cv-hand button[tabindex='0']")
    || felt;
  next.focus({ preventScroll: true });
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

/** The refusal of the last intent, if any. */
function drawNotice(ui) {
  Object.assign(ui.parts.notice, { textContent: ui.model.get("notice"), hidden: !ui.model.get("notice") });
}

/** Every word again (a new language), and the felt unless an animation is drawing it. */
function drawAll(ui) {
  drawBar(ui);
  drawNotice(ui);
  if (!ui.animating) finish(ui, false);
}

export default {
  async render({ model, el }) {
    const shared = await loadShared(model);
    const ui = build(model, el, shared);
    const on = (name, fn) => model.on(`change:${name}`, fn);
    on("frame", () => onFrame(ui));
    on("notice", () => drawNotice(ui));
    on("texts", () => drawAll(ui));
    on("level", () => drawBar(ui));
    on("look", () => shared.applyLook(ui.parts.root, model.get("look")));
    shared.applyLook(ui.parts.root, model.get("look"));
    ui.seen = frameOf(ui).seq;
    drawAll(ui);
    return () => stopTimers(ui);
  },
};
