// The Cardavia table: renders the snapshot Python sends, animates computer turns, sends intents.
// It decides no rule and writes no trait: every click becomes a message (a TableIntent) that Python
// checks with the engine. Stable hooks for browser tests: data-testid, data-action-id, data-card,
// and data-ready="1" on the root once rendered.

/**
 * The table model's traits, all written by the kernel (cardavia_nb/ui/table.py).
 * @typedef {object} TableTraits
 * @property {TableView} view the human seat's snapshot now
 * @property {{view: TableView, lines: string[]}[]} steps snapshots and log lines to animate, oldest first
 * @property {number} seq bumped once per accepted intent: the signal to animate `steps`
 * @property {string[]} log the last log lines
 * @property {string} notice why the last intent was refused ("" when it was not)
 * @property {{cards?: string[], ok?: boolean, action?: string|null, text?: string}} selection Python's verdict on the picked cards
 * @property {string} rules the full rules, Markdown
 * @property {Object<string, string>} texts the table's words in the page language
 * @property {"low"|"high"} level the computer players' level
 * @property {number} delay milliseconds between animated steps
 * @property {Look} look the page's look (see shared.js)
 * @property {string} _hub the model id of the page's Settings
 *
 * The snapshot of the table for the human seat (built from its View only).
 * @typedef {object} TableView
 * @property {string} game
 * @property {string} pack
 * @property {number} me
 * @property {{seat: number, name: string, level: string, count: number, score: string, tag: string, turn: boolean}[]} seats
 * @property {{id: string, name: string, action: string|null}[]} hand
 * @property {{seat: number, name: string, note: string, cards: Card[]}[]} center
 * @property {{label: string, cards: Card[]}[]} extras
 * @property {string[]} info
 * @property {string} status
 * @property {{id: string, label: string}[]} actions
 * @property {{hint?: string, confirm?: string, presets: {label: string, cards: string[]}[]}|null} select
 * @property {{title?: string, items: {seat: number|null, label: string, amount: string}[], winners: number[], payoffs: string[], replay: string}|null} result
 * @property {boolean} over
 *
 * What the table sends to Python (a `custom` message); `seed` is a typed deal code, as text.
 * @typedef {{type: "act", id: string} | {type: "select", cards: string[]} | {type: "new", seed: string|null}
 *   | {type: "level", level: "low"|"high"} | {type: "skip"}} TableIntent
 * @typedef {{id: string, name: string}} Card
 * @typedef {{lang?: string, contrast?: number, grain?: number, temperature?: number}} Look
 */

function fill(template, values) {
  return String(template ?? "").replace(/\{(\w+)\}/g, (m, k) => (k in values ? values[k] : m));
}

/** Arrow keys move the focus among the focusable children of a group (roving focus). */
function arrowKeys(group) {
  group.addEventListener("keydown", (event) => {
    const keys = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    if (!(event.key in keys)) return;
    const items = [...group.querySelectorAll("button:not([disabled])")];
    const at = items.indexOf(document.activeElement);
    if (at < 0 || !items.length) return;
    event.preventDefault();
    items[(at + keys[event.key] + items.length) % items.length].focus();
  });
}

function focusKey(el) {
  const active = el.ownerDocument.activeElement;
  if (!active || !el.contains(active)) return null;
  for (const attr of ["data-card", "data-action-id", "data-testid"]) {
    if (active.hasAttribute(attr)) return `[${attr}="${CSS.escape(active.getAttribute(attr))}"]`;
  }
  return null;
}

export default {
  async render({ model, el }) {
    const shared = await loadShared(model);
    const { h } = shared;
    const texts = () => model.get("texts") || {};
    let selected = [];
    let picking = false;
    let timers = [];
    let animating = false;

    const root = h("div", { class: "cardavia cv-table", "data-testid": "table" });
    const tabs = h("div", { class: "cv-tabs", role: "tablist" });
    const play = h("section", { class: "cv-panel", role: "tabpanel", "data-testid": "panel-table" });
    const rules = h("section", { class: "cv-panel cv-rules", role: "tabpanel", "data-testid": "panel-rules", hidden: true });
    root.append(tabs, play, rules);
    el.append(root);
    let tab = "table";

    // Bar: level, deal code, new game, skip. Built once so that typing in the code box survives updates.
    const title = h("h2", { class: "cv-title", "data-testid": "title" });
    const levelSel = h("select", { "data-testid": "level" });
    const levelLabel = h("label", { class: "cv-field" });
    const seedBox = h("input", { type: "text", inputmode: "numeric", "data-testid": "seed", size: 22 });
    const seedLabel = h("label", { class: "cv-field" });
    const newBtn = h("button", { class: "cv-btn", "data-testid": "new-game" });
    const skipBtn = h("button", { class: "cv-btn cv-skip", "data-testid": "skip", hidden: true });
    levelSel.addEventListener("change", () => model.send({ type: "level", level: levelSel.value }));  // Python answers with `level`
    newBtn.addEventListener("click", () => {
      const text = seedBox.value.trim();
      model.send({ type: "new", seed: text === "" ? null : text });  // as text: a Number loses digits past 2**53
    });
    seedBox.addEventListener("keydown", (event) => { if (event.key === "Enter") newBtn.click(); });
    skipBtn.addEventListener("click", () => finish(true));
    const bar = h("div", { class: "cv-bar" }, title, levelLabel, seedLabel, newBtn, skipBtn);
    const notice = h("div", { class: "cv-notice", role: "alert", "data-testid": "notice" });
    const felt = h("div", { class: "cv-felt", "data-testid": "felt" });
    const facts = h("div", { class: "cv-facts", "data-testid": "facts" });
    const log = h("ol", { class: "cv-log", "aria-live": "polite", "data-testid": "log" });
    const logHead = h("h3", {});
    const factsHead = h("h3", {});
    const side = h("aside", { class: "cv-side" }, factsHead, facts, logHead, log);
    play.append(bar, notice, h("div", { class: "cv-main" }, felt, side));

    function drawTabs() {
      const t = texts();
      tabs.replaceChildren(...[["table", t.tab_table], ["rules", t.tab_rules]].map(([id, label]) => {
        const b = h("button", { role: "tab", class: "cv-tab", "aria-selected": String(tab === id), "data-testid": `tab-${id}`, tabindex: tab === id ? "0" : "-1", text: label ?? id });
        b.addEventListener("click", () => { tab = id; drawTabs(); });
        return b;
      }));
      play.hidden = tab !== "table";
      rules.hidden = tab !== "rules";
    }
    arrowKeys(tabs);

    function drawBar() {
      const t = texts();
      title.textContent = t.game ?? "";
      levelLabel.replaceChildren(h("span", { text: t.level }), levelSel);
      levelSel.replaceChildren(...["low", "high"].map((v) => h("option", { value: v, text: t[`level_${v}`] ?? v })));
      levelSel.value = model.get("level");
      seedLabel.replaceChildren(h("span", { text: t.seed }), seedBox);
      seedBox.title = t.seed_hint ?? "";
      newBtn.textContent = t.new_game ?? "New game";
      skipBtn.textContent = t.skip ?? "Skip";
      logHead.textContent = t.log ?? "";
      factsHead.textContent = t.facts ?? "";
    }

    function cardRow(list, pack, label, testid) {
      return h("div", { class: "cv-row", role: "group", "aria-label": label, "data-testid": testid },
        list.map((c) => shared.cardElement(c, pack)));
    }

    function seatBox(seat, view, t) {
      const backs = seat.seat === view.me ? null : h("div", { class: "cv-backs", "aria-hidden": "true" },
        Array.from({ length: Math.min(seat.count, 24) }, () => shared.cardElement(null, view.pack)));
      const count = fill(t.cards, { n: seat.count });
      return h("div", { class: `cv-seat${seat.turn ? " cv-turn" : ""}`, "data-seat": String(seat.seat), "data-testid": `seat-${seat.seat}`, "aria-label": `${seat.name}: ${count}${seat.score ? ", " + seat.score : ""}` },
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
        const usable = selecting || !!card.action;
        const btn = shared.cardElement(card, view.pack, "button");
        btn.classList.add("cv-hand-card");
        if (on) btn.classList.add("cv-selected");
        if (selecting) btn.setAttribute("aria-pressed", String(on));
        if (card.action) btn.dataset.actionId = card.action;
        if (!usable) { btn.disabled = true; btn.classList.add("cv-idle"); }
        btn.addEventListener("click", () => {
          if (animating) return;
          if (selecting) {
            selected = on ? selected.filter((c) => c !== card.id) : [...selected, card.id];
            model.send({ type: "select", cards: selected });
            drawFelt(model.get("view"));
          } else if (card.action) {
            model.send({ type: "act", id: card.action });
          }
        });
        row.append(btn);
      }
      arrowKeys(row);
      return row;
    }

    function selectionBox(view, t) {
      if (!view.select) return null;
      const answer = model.get("selection") || {};
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

    function resultBox(view, t) {
      const r = view.result;
      if (!r) return null;
      const names = Object.fromEntries(view.seats.map((s) => [s.seat, s.name]));
      const rows = r.items.map((i) => h("tr", {}, h("td", { text: i.seat === null || i.seat === undefined ? "" : names[i.seat] }), h("td", { text: i.label }), h("td", { class: "cv-num", text: i.amount })));
      const pay = view.seats.map((s, k) => h("tr", { class: "cv-total" }, h("td", { text: s.name }), h("td", { text: t.payoff }), h("td", { class: "cv-num", text: r.payoffs[k] })));
      return h("div", { class: "cv-result", "data-testid": "result", role: "region", "aria-label": t.result },
        h("h3", { text: t.result }),
        r.title ? h("p", { text: r.title }) : null,
        h("p", { class: "cv-winners", text: fill(t.winners, { names: r.winners.map((w) => names[w]).join(", ") }) }),
        h("table", {}, h("tbody", {}, rows, pay)),
        r.replay ? h("p", { class: "cv-replay", "data-testid": "replay", text: r.replay }) : null);
    }

    function drawFelt(view) {
      if (!view || !view.seats) return;
      const t = texts();
      const key = focusKey(root);
      const others = view.seats.filter((s) => s.seat !== view.me);
      const me = view.seats.find((s) => s.seat === view.me);
      const middle = h("div", { class: "cv-middle", "data-testid": "middle", role: "group", "aria-label": t.middle },
        view.center.map((g) => h("div", { class: "cv-play", "data-seat": String(g.seat) },
          h("div", { class: "cv-play-name", text: g.note ? `${g.name} · ${g.note}` : g.name }),
          cardRow(g.cards, view.pack, g.name, `played-${g.seat}`))),
        view.extras.map((x, i) => h("div", { class: "cv-extra" }, h("div", { class: "cv-play-name", text: x.label }), cardRow(x.cards, view.pack, x.label, `extra-${i}`))));
      const actions = h("div", { class: "cv-actions", role: "group", "data-testid": "actions" },
        view.actions.map((a) => {
          const b = h("button", { class: "cv-btn cv-action", "data-action-id": a.id, text: a.label });
          b.addEventListener("click", () => { if (!animating) model.send({ type: "act", id: a.id }); });
          return b;
        }));
      arrowKeys(actions);
      felt.replaceChildren(...[
        h("div", { class: "cv-opponents" }, others.map((s) => seatBox(s, view, t))),
        middle,
        h("div", { class: "cv-status", role: "status", "data-testid": "status", text: view.status }),
        seatBox(me, view, t),
        handRow(view, t),
        selectionBox(view, t),
        actions,
        resultBox(view, t)].filter(Boolean));
      facts.replaceChildren(...view.info.map((line) => h("p", { text: line })));
      root.dataset.game = view.game;
      root.dataset.over = view.over ? "1" : "0";
      root.dataset.toAct = String(view.seats.find((s) => s.turn)?.seat ?? "");
      if (key) root.querySelector(key)?.focus();
    }

    function drawLog(lines) {
      log.replaceChildren(...lines.map((line) => h("li", { text: line })));
      log.scrollTop = log.scrollHeight;
    }

    function finish(skipped) {
      timers.forEach(clearTimeout);
      timers = [];
      if (animating && skipped) model.send({ type: "skip" });
      animating = false;
      skipBtn.hidden = true;
      root.dataset.animating = "0";
      drawFelt(model.get("view"));
      drawLog(model.get("log"));
      root.dataset.ready = "1";
    }

    function animate() {
      timers.forEach(clearTimeout);
      timers = [];
      selected = [];
      picking = false;
      const steps = model.get("steps") || [];
      const delay = model.get("delay");
      if (steps.length < 2 || delay <= 0) { animating = false; finish(false); return; }
      const full = model.get("log");
      const added = steps.reduce((n, s) => n + s.lines.length, 0);
      let shown = full.slice(0, Math.max(0, full.length - added));
      animating = true;
      skipBtn.hidden = false;
      root.dataset.animating = "1";
      steps.forEach((step, i) => {
        timers.push(setTimeout(() => {
          shown = shown.concat(step.lines);
          drawFelt(step.view);
          drawLog(shown);
          if (i === steps.length - 1) finish(false);
        }, i * delay));
      });
    }

    function drawRules() {
      rules.innerHTML = model.get("rules");  // HTML from the kernel's Markdown renderer
    }

    function drawNotice() {
      notice.textContent = model.get("notice");
      notice.hidden = !model.get("notice");
    }

    function drawAll() {
      drawTabs();
      drawBar();
      drawRules();
      drawNotice();
      if (!animating) finish(false);
    }

    const on = (name, fn) => model.on(`change:${name}`, fn);
    on("seq", animate);
    on("view", () => { if (!animating) drawFelt(model.get("view")); });
    on("log", () => { if (!animating) drawLog(model.get("log")); });
    on("selection", () => { if (!animating) drawFelt(model.get("view")); });
    on("notice", drawNotice);
    on("rules", drawRules);
    on("texts", drawAll);
    on("level", drawBar);
    on("look", () => shared.applyLook(root, model.get("look")));
    shared.applyLook(root, model.get("look"));
    drawAll();
    return () => { timers.forEach(clearTimeout); };
  },
};
