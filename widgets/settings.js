// The Cardavia settings bar: language menu, contrast / grain / colour-temperature sliders and the
// suit colours. It writes no trait: each change is sent as an intent that Python checks, and Python
// re-renders every widget that follows the settings.
//
// The settings outlive the page: the kernel's answers are kept in the browser's storage
// ("cardavia.settings") and sent again as intents when a page opens; a `?lang=` in the address wins
// over the stored language. On a Voila page (the cardavia template) the bar also tells the page a
// new language ("cardavia:lang") and that the stored settings are applied ("cardavia:settled"),
// so the page shows its words only then.
//
// The bar also holds the page's player token, the key of its games in the kernel's store: kept in
// the browser's storage ("cardavia.token"), sent as `{type: "token", value}` when the page connects
// (empty when there is none), and replaced by the one the kernel sends back when it makes a new one.
// It never goes into the address or a log.
//
// Where Python runs in the browser (the static site) the kernel has no database: the page keeps the
// games. Each row the kernel saves or deletes comes as `{type: "kept", rows, gone}` and is kept in the
// browser's storage under "cardavia.game.<id>" (one key per game, so two open pages never overwrite
// each other's games); every kept row goes back to the kernel with the token, `{type: "token", value,
// games}`, which checks them. A server's kernel never sends "kept" and ignores `games`.

/**
 * The settings model's traits (cardavia_nb/ui/settings.py), all written by the kernel.
 * @typedef {object} SettingsTraits
 * @property {string} lang the page language ("en", "pt", "fr", "nl", "es")
 * @property {number} contrast 0 to 100, 50 neutral
 * @property {number} grain 0 to 100
 * @property {number} temperature 0 to 100, 50 neutral
 * @property {"two"|"four"} suits suit colours: as printed, or one colour per suit
 * @property {string[]} langs the languages offered
 * @property {Object<string, any>} texts the bar's words, and `langs`: each language's own name
 * @property {string} notice why the last change was refused ("" when it was not)
 * @property {string} _shared_esm the page's shared module (the parts joined by ui/assets.py), read by boot.js
 * @property {string} _shared_css the page's stylesheet
 *
 * What the bar sends to Python (a `custom` message). Any other page script may send the same.
 * @typedef {{type: "set", key: "lang", value: string} | {type: "set", key: "contrast"|"grain"|"temperature", value: number}
 *   | {type: "set", key: "suits", value: "two"|"four"} | {type: "token", value: string}} SettingsIntent
 * What the kernel sends to the bar: `{type: "token", value: string}`, a new token to keep, and
 * `{type: "kept", rows: object[], gone: number[]}`, games to keep (by their `id`) and to forget.
 */

const STORE = "cardavia.settings";
const KEYS = ["lang", "contrast", "grain", "temperature", "suits"];
const SETTLE_MS = 4000;
const TOKEN = "cardavia.token";

function storedToken() {
  try {
    return localStorage.getItem(TOKEN) || "";
  } catch {
    return "";
  }
}

const GAME = "cardavia.game.";

function keepToken(msg) {
  if (!msg || msg.type !== "token" || typeof msg.value !== "string") return;
  try { localStorage.setItem(TOKEN, msg.value); } catch { /* storage refused: this page's game is kept for this visit only */ }
}

// Every game this browser keeps, as the kernel sent it (a row that is no JSON goes as its text: the kernel refuses it in words).
function keptGames() {
  const rows = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (!key?.startsWith(GAME)) continue;
      const text = localStorage.getItem(key);
      try { rows.push(JSON.parse(text)); } catch { rows.push(text); }
    }
  } catch { /* storage refused: no games kept */ }
  return rows;
}

function keepGames(msg) {
  if (!msg || msg.type !== "kept") return;
  try {
    for (const row of Array.isArray(msg.rows) ? msg.rows : []) localStorage.setItem(GAME + row.id, JSON.stringify(row));
    for (const id of Array.isArray(msg.gone) ? msg.gone : []) localStorage.removeItem(GAME + id);
  } catch { /* storage full or refused: the game lasts as long as this page */ }
}

function stored() {
  try {
    const value = JSON.parse(localStorage.getItem(STORE));
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

// What this page should show: the stored settings, the address's ?lang= over the stored language.
function wanted() {
  const want = {};
  for (const [key, value] of Object.entries(stored())) if (KEYS.includes(key)) want[key] = value;
  const lang = new URLSearchParams(location.search).get("lang");
  if (lang) want.lang = lang;
  return want;
}

export default {
  async render({ model, el }) {
    const shared = await loadShared(model);
    const { h } = shared;
    const root = h("div", { class: "cardavia cv-settings", "data-testid": "settings" });
    el.append(root);
    const set = (key, value) => model.send({ type: "set", key, value });
    const uid = (name) => `cv-${name}-${Math.random().toString(36).slice(2, 8)}`;
    const want = wanted();
    const pending = new Set(Object.keys(want).filter((key) => String(want[key]).slice(0, key === "lang" ? 2 : undefined) !== String(model.get(key))));

    function settle() {
      pending.clear();
      window.dispatchEvent(new CustomEvent("cardavia:settled"));
    }

    function keep() {
      if (pending.size) return;  // still applying the stored values: do not overwrite them
      const value = Object.fromEntries(KEYS.map((key) => [key, model.get(key)]));
      try { localStorage.setItem(STORE, JSON.stringify(value)); } catch { /* storage refused: settings last this page */ }
    }

    const controls = {};  // setting -> {input, out}: a new value is written into its control, never a new bar

    function slider(name, label) {
      const id = uid(name);
      const out = h("output", { for: id, text: `${model.get(name)}%` });
      const input = h("input", { type: "range", min: "0", max: "100", step: "5", id, value: String(model.get(name)), "data-testid": `setting-${name}` });
      input.addEventListener("input", () => { out.textContent = `${input.value}%`; });
      input.addEventListener("change", () => set(name, Number(input.value)));
      controls[name] = { input, out };
      return h("div", { class: "cv-field" }, h("label", { for: id, text: label }), input, out);
    }

    function menu(name, label, options) {
      const select = h("select", { id: uid(name), "data-testid": `setting-${name}`, onchange: () => set(name, select.value) },
        options.map(([value, text]) => h("option", { value, text })));
      select.value = model.get(name);
      controls[name] = { input: select, out: null };
      return h("div", { class: "cv-field" }, h("label", { for: select.id, text: label }), select);
    }

    /** Show the kernel's value of one setting in its control, leaving the other controls as the player left them. */
    function show(key) {
      const control = controls[key];
      if (!control || key === "lang") { draw(); return; }  // a new language brings new words: the whole bar
      control.input.value = String(model.get(key));
      if (control.out) control.out.textContent = `${model.get(key)}%`;
    }

    // Build the bar (words changed) keeping focus on the control the player was using.
    function draw() {
      const t = model.get("texts") || {};
      const focused = root.contains(document.activeElement) ? document.activeElement.dataset.testid : null;
      root.replaceChildren(
        h("strong", { class: "cv-brand", text: t.title ?? "Cardavia" }),
        menu("lang", t.language, model.get("langs").map((code) => [code, t.langs?.[code] ?? code])),
        slider("contrast", t.contrast), slider("grain", t.grain), slider("temperature", t.temperature),
        menu("suits", t.suits, [["two", t.suits_two], ["four", t.suits_four]]),
        ...[shared.noticeLine(model)].filter(Boolean));
      root.setAttribute("lang", model.get("lang"));
      root.dataset.ready = "1";
      if (focused) root.querySelector(`[data-testid="${focused}"]`)?.focus();
    }

    function changed(key) {
      pending.delete(key);
      if (key === "lang") window.dispatchEvent(new CustomEvent("cardavia:lang", { detail: model.get("lang") }));
      if (!pending.size) settle();
      keep();
    }

    for (const name of ["texts", "notice"]) model.on(`change:${name}`, draw);
    for (const key of KEYS) model.on(`change:${key}`, () => { show(key); changed(key); });
    model.on("change:look", () => shared.applyLook(root, model.get("look")));
    model.on("msg:custom", (msg) => { keepToken(msg); keepGames(msg); });
    shared.applyLook(root, model.get("look"));
    draw();
    window.dispatchEvent(new CustomEvent("cardavia:lang", { detail: model.get("lang") }));
    for (const key of pending) set(key, want[key]);
    // the token after the language: what the kernel says on it (a game resumed) is in the page's language
    model.send({ type: "token", value: storedToken(), games: keptGames() });
    if (pending.size) setTimeout(settle, SETTLE_MS);  // a refused stored value must not hide the page
    else { settle(); keep(); }
  },
};
