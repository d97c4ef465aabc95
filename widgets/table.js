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
 * @property {Look} look the page's look (see shared.js)
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
 * @typedef {{lang?: string, contrast?: number, grain?: number, temperature?: number}} Look
 */

function fill(template, values) {
  return String(template ?? "").replace(/\{(\w+)\}/g, (m, k) => (k in values ? values[k] : m));
}

/**
 * What the felt and the log show, in order, for one committed frame: each animated step with the
 * log as it stood then, the last one being the frame's own view and full log. It reads the frame's
 * values by name only, so the order of the keys in a message cannot change what is drawn.
 * @param {TableFrame} frame
 * @param {boolean} animated false with reduced motion or no delay: only the final state is drawn
 * @returns {{view: TableView, log: string[]}[]}
 */
export function framesOf(frame, animated = true) {
  const steps = frame.steps || [];
  const full = frame.log || [];
  const last = { view: frame.view, log: full };
  if (!animated || steps.length < 2) return [last];
  const added = steps.reduce((n, s) => n + s.lines.length, 0);
  let shown = full.slice(0, Math.max(0, full.length - added));
  const out = steps.slice(0, -1).map((step) => ({ view: step.view, log: (shown = shown.concat(step.lines)) }));
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

export default {
  async render({ model, el }) {
    const shared = await loadShared(model);
    const { h, roving, keyOf } = shared;
    const texts = () => model.get("texts") || {};
    const frame = () => model.get("frame") || {};
    let selected = [];
    let picking = false;
    let timers = [];
    let animating = false;
    let seen = null;  // the seq of the frame drawn last: a new seq is the one commit signal
    let owns = false;  // the player is working in this table: keep the focus in it across redraws
    let lastKey = null;  // the control the player focused last
    let hintOpen = false;

    const root = h("div", { class: "cardavia cv-table", "data-testid": "table" });
    const play = h("div", { class: "cv-panel" });
    root.append(play);
    el.append(root);
    let reviewOpen = false;  // the player opened the last round's review: it stays open across redraws
    root.addEventListener("focusin", (event) => { owns = true; lastKey = keyOf(event.target) ?? lastKey; });
    root.addEventListener("focusout", (event) => { if (event.relatedTarget && !root.contains(event.relatedTarget)) owns = false; });

    // One compact bar: level, deal code, new game (the page's own header names the game). Built once
    // so that typing in the code box survives updates. The skip button sits on the felt's status row.
    const levelSel = h("select", { "data-testid": "level" });
    const seedBox = h("input", { type: "text", inputmode: "numeric", "data-testid": "seed", size: 10 });
    const newBtn = h("button", { class: "cv-btn", "data-testid": "new-game" });
    const skipBtn = h("button", { class: "cv-btn cv-skip", "data-testid": "skip", "aria-hidden": "true", tabindex: "-1" });
    levelSel.addEventListener("change", () => model.send({ type: "level", level: levelSel.value }));  // Python answers with `level`
    newBtn.addEventListener("click", () => {
      const text = seedBox.value.trim();
      model.send({ type: "new", seed: text === "" ? null : text });  // as text: a Number loses digits past 2**53
    });
    seedBox.addEventListener("keydown", (event) => { if (event.key === "Enter") newBtn.click(); });
    skipBtn.addEventListener("click", () => finish(true));
    const bar = h("div", { class: "cv-bar" }, levelSel, seedBox, newBtn);
    const narrow = globalThis.matchMedia?.("(max-width: 760px)");  // a phone: the code box gets a one-word placeholder
    narrow?.addEventListener?.("change", () => drawBar());
    const notice = h("div", { class: "cv-notice", role: "alert", "data-testid": "notice" });
    const felt = h("div", { class: "cv-felt", "data-testid": "felt", tabindex: "-1" });
    const facts = h("div", { class: "cv-facts", "data-testid": "facts" });
    const log = h("ol", { class: "cv-log", "aria-live": "polite", "aria-relevant": "additions", tabindex: "0", "data-testid": "log" });
    const logHead = h("h3", {});
    const factsHead = h("h3", {});
    const side = h("aside", { class: "cv-side" }, factsHead, facts, logHead, log);
    play.append(bar, notice, h("div", { class: "cv-main" }, felt, side));

    // The felt's parts are built once and filled in place (the status is a live region: never recreated).
    const opponents = h("div", { class: "cv-opponents", role: "group" });
    const middle = h("div", { class: "cv-middle", "data-testid": "middle", role: "group" });
    const status = h("div", { class: "cv-status", role: "status", "data-testid": "status" });
    const help = h("p", { class: "cv-help", "data-testid": "help" });
    const mySeat = h("div", { class: "cv-my-seat" });
    const handBox = h("div", { class: "cv-hand-box" });
    const selectionSlot = h("div", { class: "cv-selection-slot" });
    const actions = h("div", { class: "cv-actions", role: "group", "data-testid": "actions" });
    const hintBtn = h("button", { class: "cv-btn cv-hint-btn", "data-testid": "hint", "aria-expanded": "false" });
    const hintPanel = h("div", { class: "cv-hint-panel", "data-testid": "hint-panel", role: "region", hidden: true });
    const summary = h("div", { class: "cv-summary-slot" });
    hintBtn.addEventListener("click", () => {
      if (animating) return;
      hintOpen = true;
      model.send({ type: "hint" });
    });
    felt.append(opponents, middle, h("div", { class: "cv-status-row" }, status, skipBtn), help, mySeat, handBox, selectionSlot, h("div", { class: "cv-action-row" }, actions, hintBtn), hintPanel, summary);

    function drawBar() {
      const t = texts();
      const level = model.get("level");
      const choices = ["low", "high"].map((v) => fill(t.level_choice, { level: t[`level_${v}`] ?? v }));
      if (levelSel.options.length !== 2 || levelSel.options[0].text !== choices[0]) {
        levelSel.replaceChildren(...["low", "high"].map((v, i) => h("option", { value: v, text: choices[i] })));
      }
      levelSel.value = level;
      levelSel.setAttribute("aria-label", t.level ?? "");
      seedBox.placeholder = (narrow?.matches ? t.seed_short : t.seed) ?? "";  // the full name stays its label
      seedBox.setAttribute("aria-label", t.seed ?? "");
      seedBox.title = t.seed_hint ?? "";
      newBtn.textContent = t.new_game ?? "New game";
      skipBtn.textContent = t.skip ?? "Skip";
      logHead.textContent = t.log ?? "";
      log.setAttribute("aria-label", t.log_name ?? t.log ?? "");
      factsHead.textContent = t.facts ?? "";
      hintBtn.textContent = t.hint ?? "Hint";
      middle.setAttribute("aria-label", t.middle ?? "");
      opponents.setAttribute("aria-label", t.seats ?? "");
    }

    function cardRow(list, pack, label, testid) {
      return h("div", { class: "cv-row", role: "group", "aria-label": label, "data-testid": testid },
        list.map((c) => shared.cardElement(c, pack)));
    }

    function seatBox(seat, view, t) {
      const backs = seat.seat === view.me ? null : h("div", { class: "cv-backs", "aria-hidden": "true" },
        Array.from({ length: Math.min(seat.count, 24) }, () => shared.cardElement(null, view.pack)));
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

    // With both card plays and a selection possible (a poignée before the first card), the cards
    // play on click until the player chooses to pick cards for the selection.
    const isSelecting = (view) => !!view.select && (picking || !view.hand.some((c) => c.action));

    function handRow(view, t) {
      const selecting = isSelecting(view);
      const row = h("div", { class: "cv-hand", role: "group", "aria-label": t.hand, "data-testid": "hand" });
      for (const card of view.hand) {
        const on = selected.includes(card.id);
        const usable = selecting || !!card.action;  // a refused pick is still made: the engine says why
        const btn = shared.cardElement(card, view.pack, "button");
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
          if (animating || !usable) return;
          if (selecting) {
            selected = on ? selected.filter((c) => c !== card.id) : [...selected, card.id];
            model.send({ type: "select", cards: selected });
            drawFelt(frame().view);
          } else if (card.action) {
            model.send({ type: "act", id: card.action });
          }
        });
        row.append(btn);
      }
      roving(row, lastKey);
      return row;
    }

    function selectionBox(view, t) {
      if (!view.select) return null;
      const answer = frame().selection || {};
      const current = JSON.stringify(answer.cards || []) === JSON.stringify(selected);
      const ok = current && answer.ok;
      const go = h("button", { class: "cv-btn cv-primary", "data-testid": "play-selection", disabled: !ok, text: view.select.confirm || t.play_selected });
      go.addEventListener("click", () => { if (ok) model.send({ type: "act", id: answer.action }); });
      const clear = h("button", { class: "cv-btn", "data-testid": "clear-selection", disabled: !selected.length, text: t.clear });
      clear.addEventListener("click", () => { selected = []; model.send({ type: "select", cards: [] }); drawFelt(view); });
      const presets = (view.select.presets || []).map((p, i) => {
        const b = h("button", { class: "cv-btn", "data-testid": `preset-${i}`, text: p.label });
        b.addEventListener("click", () => { picking = true; selected = [...p.cards]; model.send({ type: "select", cards: selected }); drawFelt(view); });
        return b;
      });
      if (view.hand.some((c) => c.action)) {
        const toggle = h("button", { class: "cv-btn", "data-testid": "pick-toggle", "aria-pressed": String(picking), text: picking ? t.stop_pick : t.pick });
        toggle.addEventListener("click", () => { picking = !picking; selected = []; model.send({ type: "select", cards: [] }); drawFelt(view); });
        presets.push(toggle);
      }
      return h("div", { class: `cv-selection${ok ? " cv-ok" : ""}`, "data-testid": "selection" },
        h("span", { class: "cv-hint", text: view.select.hint || "" }),
        presets,
        h("span", { class: "cv-verdict", "data-testid": "selection-text", role: "status", text: current && selected.length ? answer.text : fill(t.selected, { n: selected.length }) }),
        go, clear);
    }

    function summaryBox(view, t) {
      const s = view.summary;
      if (!s) return null;
      // Each seat's points by source, this deal's total when there are several sources, the running score.
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
      go.addEventListener("click", () => { if (animating) return; if (s.go) model.send({ type: "act", id: s.go.id }); else newBtn.click(); });
      return h("div", { class: "cv-result cv-summary", "data-testid": "result", role: "region", "aria-label": t.result },
        h("h3", { "data-testid": "summary-title", text: s.title }),
        h("div", { class: "cv-summary-body" }, points, notes),
        h("div", { class: "cv-summary-foot" },
          h("span", { class: "cv-hints-used", "data-testid": "hints-used", text: s.hints }),
          s.replay ? h("span", { class: "cv-replay", "data-testid": "replay", text: s.replay }) : null,
          go));
    }

    function drawHint(view, t) {
      const rows = frame().hint || [];
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

    function drawMiddle(view) {
      middle.replaceChildren(
        ...view.center.map((g, i) => h("div", { class: `cv-play${g.column ? " cv-trick" : ""}`, "data-seat": String(g.seat ?? ""), "data-testid": g.column ? `trick-${i}` : null },
          h("div", { class: "cv-play-name", text: g.note ? `${g.name} · ${g.note}` : g.name }),
          g.column
            ? g.plays.map((p) => h("div", { class: "cv-trick-play" }, h("span", { class: "cv-trick-who", text: p.name }), shared.cardElement(p.card, view.pack)))
            : cardRow(g.cards, view.pack, g.name, `played-${g.seat}`))),
        ...view.extras.map((x, i) => (x.plays ? reviewBox(x, view.pack, i)
          : h("div", { class: `cv-extra${x.small ? " cv-small" : ""}` }, h("div", { class: "cv-play-name", text: x.label }), cardRow(x.cards, view.pack, x.label, `extra-${i}`)))));
    }

    /** A finished round to review, folded: who played what, in order (a pass as a word). */
    function reviewBox(x, pack, i) {
      const box = h("details", { class: "cv-review", "data-testid": `extra-${i}` },
        h("summary", { text: x.label }),
        h("ol", { class: "cv-review-plays" }, x.plays.map((p) => h("li", {},
          h("span", { class: "cv-trick-who", text: p.note ? `${p.name} · ${p.note}` : p.name }),
          p.cards.length ? cardRow(p.cards, pack, p.name, null) : null))));
      box.open = reviewOpen;
      box.addEventListener("toggle", () => { reviewOpen = box.open; });
      return box;
    }

    function drawFelt(view) {
      if (!view || !view.seats) return;
      const t = texts();
      const active = root.ownerDocument.activeElement;
      const keep = owns && (!active || active === root.ownerDocument.body || root.contains(active));
      const others = view.seats.filter((s) => s.seat !== view.me).reverse();  // the next player sits on your right
      opponents.replaceChildren(...others.map((s) => seatBox(s, view, t)));
      drawMiddle(view);
      if (status.textContent !== view.status) status.textContent = view.status;
      help.textContent = view.help || "";
      help.hidden = !view.help;
      mySeat.replaceChildren(seatBox(view.seats.find((s) => s.seat === view.me), view, t));
      handBox.replaceChildren(handRow(view, t));
      selectionSlot.replaceChildren(...[selectionBox(view, t)].filter(Boolean));
      actions.replaceChildren(...view.actions.filter((a) => a.id !== view.summary?.go?.id).map((a) => {
        const b = h("button", { class: "cv-btn cv-action", "data-action-id": a.id, text: a.label });
        b.addEventListener("click", () => { if (!animating) model.send({ type: "act", id: a.id }); });
        return b;
      }));
      roving(actions, lastKey);
      drawHint(view, t);
      summary.replaceChildren(...[summaryBox(view, t)].filter(Boolean));
      for (const part of [middle, mySeat, handBox]) part.hidden = view.over;  // the game's end: the summary takes the felt
      if (!view.hand.length) handBox.hidden = true;
      facts.replaceChildren(...view.info.map((line) => h("p", { text: line })));
      root.dataset.game = view.game;
      root.dataset.over = view.over ? "1" : "0";
      root.dataset.toAct = String(view.seats.find((s) => s.turn)?.seat ?? "");
      if (keep) refocus();
    }

    /** Focus the control the player used, or the next sensible one; never leave it on <body>. */
    function refocus() {
      const now = root.ownerDocument.activeElement;
      if (now && now !== root.ownerDocument.body && root.contains(now) && now.isConnected) return;
      const same = lastKey ? [...play.querySelectorAll(lastKey)].find((n) => n.matches(FOCUSABLE) && n.getAttribute("aria-disabled") !== "true") : null;
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

    /** Append only the new lines (a screen reader hears each line once); rebuild only when they differ. */
    function drawLog(lines) {
      const old = [...log.children].map((li) => li.textContent);
      let drop = 0;
      while (drop < old.length && !old.slice(drop).every((line, i) => line === lines[i])) drop += 1;
      if (old.length - drop > lines.length) drop = old.length;
      for (let i = 0; i < drop; i += 1) log.firstElementChild.remove();
      log.append(...lines.slice(old.length - drop).map((line) => h("li", { text: line })));
      log.scrollTop = log.scrollHeight;
    }

    function showSkip(on) {
      skipBtn.classList.toggle("cv-shown", on);
      skipBtn.setAttribute("aria-hidden", String(!on));
      skipBtn.tabIndex = on ? 0 : -1;
    }

    function finish(skipped) {
      timers.forEach(clearTimeout);
      timers = [];
      if (animating && skipped) model.send({ type: "skip" });
      const wasAnimating = animating;
      animating = false;
      showSkip(false);
      root.dataset.animating = "0";
      const f = frame();
      drawFelt(f.view);
      drawLog(f.log || []);
      if (wasAnimating && skipped) refocus();
      root.dataset.ready = "1";
    }

    function animate() {
      timers.forEach(clearTimeout);
      timers = [];
      selected = [];
      picking = false;
      const delay = model.get("delay");
      const frames = framesOf(frame(), delay > 0 && !reducedMotion(root));
      if (frames.length < 2) { animating = false; finish(false); return; }
      animating = true;
      showSkip(true);
      root.dataset.animating = "1";
      frames.forEach((f, i) => {
        timers.push(setTimeout(() => {
          if (i === frames.length - 1) { finish(false); return; }
          drawFelt(f.view);
          drawLog(f.log);
        }, i * delay));
      });
    }

    /** The one handler of the frame: a new seq animates, the same seq redraws (a selection, a hint). */
    function onFrame() {
      const f = frame();
      if (f.seq !== seen) {
        seen = f.seq;
        animate();
      } else if (!animating) {
        drawFelt(f.view);
        drawLog(f.log || []);
      }
    }

    function drawNotice() {
      notice.textContent = model.get("notice");
      notice.hidden = !model.get("notice");
    }

    function drawAll() {
      drawBar();
      drawNotice();
      if (!animating) finish(false);
    }

    const on = (name, fn) => model.on(`change:${name}`, fn);
    on("frame", onFrame);
    on("notice", drawNotice);
    on("texts", drawAll);
    on("level", drawBar);
    on("look", () => shared.applyLook(root, model.get("look")));
    shared.applyLook(root, model.get("look"));
    seen = frame().seq;
    drawAll();
    return () => { timers.forEach(clearTimeout); };
  },
};
