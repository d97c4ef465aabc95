// After the deal: the record tools of the summary (download, open), the replay's controls and the
// review's judgements, drawn from the table's `review` trait (the replay) and `judge` trait (the
// judgements, which stream in while the replay stays: cardavia_nb/ui/review/reviewing.py). Like the rest of
// the table it decides nothing: a step, a record's text or a mistake's move is sent as an intent that
// Python checks. The third part of the table's module (see table/model.js): it uses the names of
// table/model.js and table/felt.js.

/**
 * The table's `review` trait ({} during a deal; at its end the summary's `same`, then the review when asked for).
 * @typedef {object} ReviewTrait
 * @property {boolean} open whether the replay takes the felt
 * @property {string} [practice] set while a practice deal taken over from the review is played (its mark)
 * @property {string} [same] the summary's line of High on the same cards ("High is playing…" until it has played)
 * @property {{view: TableView, hands: {seat: number, name: string, cards: Card[]}[], step: number, last: number, faceup: boolean, where: string}} replay
 * @property {string[]} lines the log line of each move (line 0 opens the deal)
 * @property {{step: number, label: string}[]} jumps the move completing each trick or round
 */

/**
 * One judged move of the `judge` trait, a mistake or one worth a look (Python wrote every word of it).
 * `best` and `reason` are "" until the learner tried a move or asked for High's; `options` are the moves left to try.
 * @typedef {{step: number, where: string, played: string, best: string, loss: string, reason: string,
 *   options: {id: string, label: string}[], tried: string, tried_move: string}} JudgedRow
 */

/**
 * The table's `judge` trait: the review's judgements so far ({} until a review is asked for, and in practice):
 * the mistakes, and apart from them the moves only worth a look (the worlds weighed could not settle them).
 * `method` says how the worlds were played on (by High, or by Low for speed).
 * @typedef {{done: boolean, progress: string, summary: string, high: string, hindsight: string[],
 *   mistakes: JudgedRow[], looks: JudgedRow[], method: string}} JudgeTrait
 */

const RECORD_CHARS = 1_000_001;  // a longer file is cut here: Python says it is too big (the limit is 1 MB)

/** @returns {JudgeTrait|{}} */
const judgeOf = (ui) => ui.model.get("judge") || {};

/** The summary's record tools: download this deal's record, review it, open a record from a file or pasted text. */
function recordTools(ui, t) {
  const { h } = ui.shared;
  const download = h("button", { class: "cv-btn", "data-testid": "download-record", text: t.download });
  download.addEventListener("click", () => send(ui, { type: "download" }));
  const review = h("button", { class: "cv-btn", "data-testid": "review", text: t.review });
  review.addEventListener("click", () => { ui.lastKey = "[data-testid='replay-forward']"; send(ui, { type: "review" }); });
  const file = h("input", { type: "file", accept: ".json,application/json", "data-testid": "record-file", "aria-label": t.record_file });
  file.addEventListener("change", async () => {
    const chosen = file.files?.[0];
    if (chosen) send(ui, { type: "open_record", text: (await chosen.slice(0, RECORD_CHARS).text()) });
  });
  const paste = h("textarea", { rows: 3, class: "cv-record-text", "data-testid": "record-text", "aria-label": t.record_text, placeholder: t.record_text });
  const go = h("button", { class: "cv-btn", "data-testid": "open-record", text: t.open_go });
  go.addEventListener("click", () => send(ui, { type: "open_record", text: paste.value.slice(0, RECORD_CHARS) }));
  const open = h("details", { class: "cv-open-record", "data-testid": "open-record-box" },
    h("summary", { text: t.open_record }),
    h("label", { class: "cv-record-file" }, h("span", { text: t.record_file }), file), paste, go);
  return h("div", { class: "cv-record-tools", role: "group", "aria-label": t.review_title }, review, download, open);
}

/** Ask Python for another step of the replay (the arrow keys, the buttons, a jump, a mistake). */
const goTo = (ui, step) => send(ui, { type: "replay", step });

/** The replay's keys inside its region: arrows step, Home and End go to the first and the last move. */
function replayKeys(ui, event) {
  const r = reviewOf(ui).replay;
  if (!r || ["SELECT", "INPUT", "TEXTAREA"].includes(event.target.tagName)) return;
  const to = { ArrowLeft: r.step - 1, ArrowRight: r.step + 1, Home: 0, End: r.last }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  if (to >= 0 && to <= r.last && to !== r.step) goTo(ui, to);
}

/** One button of the replay's controls, disabled where it would not move. */
function stepButton(ui, testid, label, to, r) {
  const b = ui.shared.h("button", { class: "cv-btn", "data-testid": testid, text: label, disabled: to < 0 || to > r.last || to === r.step });
  b.addEventListener("click", () => goTo(ui, to));
  return b;
}

/** The replay's bar: first / back / forward / last, the jump to a trick or round, all hands or yours, the way back. */
function replayBar(ui, rv, t) {
  const { h } = ui.shared;
  const r = rv.replay;
  const jump = h("select", { "data-testid": "replay-jump", "aria-label": t.jump },
    h("option", { value: "0", text: t.jump_start }),
    (rv.jumps || []).map((j) => h("option", { value: String(j.step), text: j.label })));
  jump.value = String([...(rv.jumps || [])].reverse().find((j) => j.step <= r.step)?.step ?? 0);
  jump.addEventListener("change", () => goTo(ui, Number(jump.value)));
  const box = h("input", { type: "checkbox", "data-testid": "replay-faceup" });
  box.checked = !!r.faceup;
  box.addEventListener("change", () => send(ui, { type: "replay", step: r.step, faceup: box.checked }));
  const take = h("button", { class: "cv-btn", "data-testid": "take-over", text: t.take_over });  // enabled by drawReview
  take.addEventListener("click", () => { ui.tookOver = true; send(ui, { type: "take_over", step: r.step }); });
  const close = h("button", { class: "cv-btn", "data-testid": "close-review", text: t.close_review });
  close.addEventListener("click", () => { ui.lastKey = "[data-testid='review']"; send(ui, { type: "close_review" }); });
  return h("div", { class: "cv-replay-bar", role: "group", "aria-label": t.replay_region },
    stepButton(ui, "replay-first", t.first, 0, r), stepButton(ui, "replay-back", t.back, r.step - 1, r),
    h("span", { class: "cv-replay-where", "data-testid": "replay-where", role: "status", text: r.where }),
    stepButton(ui, "replay-forward", t.forward, r.step + 1, r), stepButton(ui, "replay-last", t.last_move, r.last, r),
    h("label", { class: "cv-replay-jump" }, h("span", { text: t.jump }), jump),
    h("label", { class: "cv-replay-faceup" }, box, h("span", { text: t.faceup })), take, close);
}

/** The moves of the deal, the current one marked (a click goes to it). */
function replayLines(ui, rv, t) {
  const { h } = ui.shared;
  const wrong = new Set((judgeOf(ui).mistakes || []).map((m) => m.step));
  const unsure = new Set((judgeOf(ui).looks || []).map((m) => m.step));
  const list = h("ol", { class: "cv-replay-lines", "data-testid": "replay-lines", "aria-label": t.moves, start: 0, tabindex: "0" },
    (rv.lines || []).map((line, i) => {
      const mark = wrong.has(i - 1) ? " cv-mistaken" : unsure.has(i - 1) ? " cv-look" : "";  // line i: the move made at step i - 1
      const li = h("li", { "data-step": String(i), class: `${i === rv.replay.step ? "cv-current" : ""}${mark}`, text: line || "…" });
      if (i === rv.replay.step) li.setAttribute("aria-current", "step");
      li.addEventListener("click", () => goTo(ui, i));
      return li;
    }));
  return list;
}

/** Find it yourself first: the other moves possible at a mistake (or a move worth a look: `kind` "look"), one to
 * try, or High's move shown. */
function findBox(ui, m, t, kind) {
  const { h } = ui.shared;
  if (!m.options?.length) return null;
  const choice = h("select", { "data-testid": `try-choice-${m.step}`, "aria-label": t.find },
    m.options.map((o) => h("option", { value: o.id, text: o.label })));
  const go = h("button", { class: "cv-btn", "data-testid": `try-${m.step}`, text: t.try_go });
  go.addEventListener("click", () => { ui.lastKey = `[data-testid="${kind}-${m.step}"]`; send(ui, { type: "try", step: m.step, id: choice.value }); });
  const reveal = h("button", { class: "cv-btn", "data-testid": `reveal-${m.step}`, text: t.reveal });
  reveal.addEventListener("click", () => { ui.lastKey = `[data-testid="${kind}-${m.step}"]`; send(ui, { type: "reveal", step: m.step }); });
  return h("div", { class: "cv-find", role: "group", "aria-label": t.find },
    h("label", {}, h("span", { text: t.find }), choice), go, reveal);
}

/** One judged move: where, the moves, its loss, a move tried, High's reason, the way to it and to try another.
 * `kind` is "mistake" or "look" (a move worth a look: its loss drawn apart, its buttons named apart). */
function judgedRow(ui, m, rv, t, kind) {
  const { h } = ui.shared;
  const show = h("button", { class: "cv-btn", "data-testid": `${kind}-${m.step}`, text: t.show_move });
  show.addEventListener("click", () => goTo(ui, m.step));
  return h("li", { class: m.step === rv.replay.step ? "cv-current" : "", "data-step": String(m.step) },
    h("strong", { text: `${m.where} · ${m.best ? fill(t.you_played, { move: m.played, best: m.best }) : fill(t.your_move, { move: m.played })} ` }),
    h("span", { class: kind === "look" ? "cv-look-loss" : "cv-loss", text: m.loss }),
    m.tried ? h("p", { class: "cv-tried", "data-testid": `tried-${m.step}`, role: "status", text: `${fill(t.tried, { move: m.tried_move })} ${m.tried}` }) : null,
    m.reason ? h("p", { class: "cv-reason", text: m.reason }) : null, show, findBox(ui, m, t, kind));
}

/** The review's judgements: progress, the summary line, High on the same cards, the mistakes, the moves worth a
 * look apart from them, hindsight apart. */
function judgements(ui, rv, t) {
  const { h } = ui.shared;
  const j = judgeOf(ui);
  const mistakes = (j.mistakes || []).map((m) => judgedRow(ui, m, rv, t, "mistake"));
  const looks = (j.looks || []).map((m) => judgedRow(ui, m, rv, t, "look"));
  return h("section", { class: "cv-judge", "data-testid": "judge", "aria-label": t.mistakes },
    h("h4", { text: t.mistakes }),
    h("p", { class: "cv-progress", role: "status", "data-testid": "review-progress", "data-done": j.done ? "1" : "0", text: j.done ? j.summary : j.progress }),
    j.high ? h("p", { class: "cv-high", "data-testid": "review-high", text: j.high }) : null,
    j.method ? h("p", { class: "cv-method", "data-testid": "review-method", text: j.method }) : null,
    mistakes.length ? h("ol", { class: "cv-mistakes", "data-testid": "mistakes" }, mistakes) : null,
    looks.length ? h("div", { class: "cv-looks", "data-testid": "looks-box", role: "group", "aria-label": t.looks },
      h("h4", { text: t.looks }), h("p", { class: "cv-looks-note", text: t.looks_note }),
      h("ol", { class: "cv-mistakes", "data-testid": "looks" }, looks)) : null,
    j.hindsight?.length ? h("div", { class: "cv-hindsight", "data-testid": "hindsight" },
      h("h4", { text: t.hindsight }), j.hindsight.map((line) => h("p", { text: line }))) : null);
}

/** The other hands face up, when the player asked for them. */
function replayHands(ui, r, t) {
  const { h } = ui.shared;
  if (!r.hands.length) return null;
  return h("div", { class: "cv-replay-hands", "data-testid": "replay-hands" },
    r.hands.map((x) => h("div", { class: "cv-extra" }, h("div", { class: "cv-play-name", text: fill(t.other_hand, { name: x.name }) }),
      cardRow(ui, x.cards, r.view.pack, fill(t.other_hand, { name: x.name }), `replay-hand-${x.seat}`))));
}

/** The review's two regions while the replay is open (empty otherwise): above the felt its title, its
 * bar and the hands shown; under it the moves and the judgements. `bar` false: only the judgements changed. */
function drawReview(ui, bar = true) {
  if (!bar && !replaying(ui)) return;  // judgements are drawn in the open replay only
  const { h } = ui.shared;
  const { reviewSlot: slot, reviewMore: more, root } = ui.parts;
  const rv = reviewOf(ui);
  const doc = root.ownerDocument;
  root.dataset.replay = replaying(ui) ? "1" : "0";
  root.dataset.practice = rv.practice ? "1" : "0";
  if (rv.practice) {  // a practice deal taken over from the review: marked, and the way back
    const t = texts(ui);
    const back = h("button", { class: "cv-btn cv-primary", "data-testid": "back-to-review", text: t.back_to_review });
    back.addEventListener("click", () => { ui.lastKey = "[data-testid='take-over']"; send(ui, { type: "back_to_review" }); });
    slot.hidden = false;
    more.hidden = true;
    more.replaceChildren();
    slot.replaceChildren(h("p", { class: "cv-practice", "data-testid": "practice", text: rv.practice }), back);
    if (ui.tookOver) { ui.tookOver = false; back.focus({ preventScroll: true }); }  // just taken over: the way back first
    return;
  }
  if (!replaying(ui)) {
    const had = slot.contains(doc.activeElement) || more.contains(doc.activeElement);  // the way back: to the summary
    for (const part of [slot, more]) { part.replaceChildren(); part.hidden = true; }
    if (had) refocus(ui);
    return;
  }
  const t = texts(ui);
  slot.hidden = more.hidden = false;
  more.setAttribute("aria-label", t.review_title);
  // The bar is drawn again only when the replay or the words changed, never for a judgement: they stream in
  // several times a second, and a control replaced between a key's press and its release would lose that key
  // (Space on "all hands"). The end of the judging only enables "Take over", in place, for the same reason.
  if (bar) slot.replaceChildren(h("h3", { text: t.review_title }), replayBar(ui, rv, t), ...[replayHands(ui, rv.replay, t)].filter(Boolean));
  const take = slot.querySelector("[data-testid='take-over']");
  if (take) take.disabled = rv.replay.step >= rv.replay.last || !judgeOf(ui).done;
  more.replaceChildren(h("div", { class: "cv-replay-body" }, replayLines(ui, rv, t), judgements(ui, rv, t)));
  const lines = more.querySelector(".cv-replay-lines");
  const current = lines?.querySelector(".cv-current");
  if (lines && current) {  // the current line in the middle of its list, the page itself not scrolled
    const [box, line] = [lines.getBoundingClientRect(), current.getBoundingClientRect()];
    lines.scrollTop += line.top - box.top - (box.height - line.height) / 2;
  }
  const active = doc.activeElement;
  if (ui.owns && (!active || active === doc.body || !active.isConnected || !root.contains(active))) {
    const same = ui.lastKey ? [...root.querySelectorAll(`.cv-review-slot ${ui.lastKey}`)].find((n) => !n.disabled) : null;
    (same || slot.querySelector("button:not([disabled])") || slot).focus({ preventScroll: true });
  }
}
