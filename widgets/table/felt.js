// The felt of the Cardavia table: builders that draw one snapshot (seats, the middle, the hand, the
// selection, the hint and the deal's summary) from the table's one UI state (`TableUI`, table.js).
// The second part of the table's module (see model.js): it uses model.js's names; the review's record
// tools, drawn in the summary, come as `ui.recordTools`.

const FOCUSABLE = "button:not([disabled]), input, select, [tabindex='0'], [tabindex='-1'].cv-felt";

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
  // data-answered: the cards of the kernel's last verdict (a test picks the next card only once it is drawn)
  return h("div", { class: `cv-selection${ok ? " cv-ok" : ""}`, "data-testid": "selection", "data-answered": (answer.cards || []).join(" ") },
    h("span", { class: "cv-hint", text: view.select.hint || "" }),
    presets,
    h("span", { class: "cv-verdict", "data-testid": "selection-text", role: "status", text: current && ui.selected.length ? answer.text : fill(t.selected, { n: ui.selected.length }) }),
    go, clear);
}

/** The deal's end: each seat's points by source, this deal's total when there are several sources,
 * the running score, the result's other lines, High on the same cards (once it has played them; the
 * `review` trait's `same`, review/review.js), and the one button to go on. */
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
    reviewOf(ui).same ? sameLine(ui, reviewOf(ui).same) : null,
    h("div", { class: "cv-summary-foot" },
      h("span", { class: "cv-hints-used", "data-testid": "hints-used", text: s.hints }),
      s.replay ? h("span", { class: "cv-replay", "data-testid": "replay", text: s.replay }) : null,
      go),
    reviewOf(ui).practice ? null : ui.recordTools(ui, t));  // after the deal: review/review.js (a practice deal is never kept)
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

/** The middle: each seat's played cards or the Truco trick columns, then the other public groups (a line of
 * their own on a phone, see shared/cardavia.css). */
function drawMiddle(ui, view) {
  const { h, cardElement } = ui.shared;
  ui.parts.middle.replaceChildren(
    ...view.center.map((g, i) => h("div", { class: `cv-play${g.column ? " cv-trick" : ""}`, "data-seat": String(g.seat ?? ""), "data-testid": g.column ? `trick-${i}` : null },
      h("div", { class: "cv-play-name", text: g.note ? `${g.name} · ${g.note}` : g.name }),
      g.column
        ? g.plays.map((p) => h("div", { class: "cv-trick-play" }, h("span", { class: "cv-trick-who", text: p.name }), cardElement(p.card, view.pack)))
        : cardRow(ui, g.cards, view.pack, g.name, `played-${g.seat}`))),
    ...(view.extras.length ? [h("div", { class: "cv-extras" }, view.extras.map((x, i) => (x.plays ? reviewBox(ui, x, view.pack, i)
      : h("div", { class: `cv-extra${x.small ? " cv-small" : ""}` }, h("div", { class: "cv-play-name", text: x.label }), cardRow(ui, x.cards, view.pack, x.label, `extra-${i}`)))))] : []));
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

/** The summary's line of High on the same cards. */
const sameLine = (ui, text) => ui.shared.h("p", { class: "cv-same-cards", "data-testid": "same-cards", role: "status", text });

/** What of the `review` trait the felt shows besides High's line (null while the replay takes the felt). */
const feltShape = (ui) => (replaying(ui) ? null : `practice:${!!reviewOf(ui).practice}`);

/** The felt after a change of the `review` trait. When only High's line changed it is changed in place:
 * drawing the summary again would close an open record box, drop its pasted text and the focus. */
function reviewChanged(ui) {
  const box = ui.parts.summary.querySelector("[data-testid='result']");
  const shape = feltShape(ui);
  if (!box || shape === null || shape !== ui.feltShape) { drawFelt(ui, frameOf(ui).view); return; }
  const text = reviewOf(ui).same;
  const line = box.querySelector("[data-testid='same-cards']");
  if (!text) line?.remove();
  else if (!line) box.querySelector(".cv-summary-foot").before(sameLine(ui, text));
  else if (line.textContent !== text) line.textContent = text;
}

/** Draw one snapshot on the felt, keeping the player's focus in the table. */
function drawFelt(ui, view) {
  ui.feltShape = feltShape(ui);
  if (replaying(ui)) view = reviewOf(ui).replay.view;  // after the deal: the replay's move takes the felt (review/review.js)
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
  if (keep && !replaying(ui)) refocus(ui);  // in a replay the review panel keeps the focus (review/review.js)
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
