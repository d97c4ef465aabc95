// The Cardavia page around the widgets (inlined by index.html.j2 into the head).
// On the class board, the teacher key is first taken out of the address (see `teacherKey`).
// Before the kernel runs: the language (?lang=, else the stored settings, else English) gives
// <html lang>, the title and a "Starting the game…" line. At Voila's finish, the cells are placed
// by their part: header (h1, settings bar, tab bar), main (one tab panel per tab), footer; a skip
// link leads to the table. The settings bar (widgets/settings.js) tells a new language with the
// "cardavia:lang" event and ends the start-up with "cardavia:settled".
(() => {
  const WORDS = window.cardaviaWords;
  const PAGE = window.cardaviaPage;
  const TABS = ["learn", "table", "rules"];
  const root = document.documentElement;
  const params = new URLSearchParams(location.search);
  const known = (code) => (typeof code === "string" && WORDS[code.slice(0, 2).toLowerCase()] ? code.slice(0, 2).toLowerCase() : null);
  const stored = (() => {
    try { return JSON.parse(localStorage.getItem("cardavia.settings")) || {}; } catch { return {}; }
  })();
  let lang = known(params.get("lang")) ?? known(stored.lang) ?? "en";
  const parts = {};

  // The class board's teacher key comes in the address's fragment (#key=…, never sent to a server). It leaves
  // the address bar before anything is drawn (the bar may be on the projector) and is handed once to the
  // board's front end (widgets/classroom/teacher_page.js), which sends it to the kernel.
  let teacherKey = null;
  if (PAGE === "class" && /(^#|&)key=/.test(location.hash)) {
    const fragment = new URLSearchParams(location.hash.slice(1));
    teacherKey = fragment.get("key");
    fragment.delete("key");
    history.replaceState(history.state, "", `${location.pathname}${location.search}${fragment.size ? `#${fragment}` : ""}`);
  }
  window.cardaviaTeacherKey = () => {
    const key = teacherKey;
    teacherKey = null;
    return key;
  };
  root.dataset.cvSettling = "1";
  if (matchMedia("(prefers-reduced-motion: reduce)").matches) root.dataset.cvReducedMotion = "1";
  matchMedia("(prefers-reduced-motion: reduce)").addEventListener("change", (e) => {
    if (e.matches) root.dataset.cvReducedMotion = "1"; else delete root.dataset.cvReducedMotion;
  });

  const el = (tag, attrs = {}, text = "") => {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
    node.textContent = text;
    return node;
  };

  // Every word of the page chrome in `lang`.
  function label() {
    const words = WORDS[lang];
    root.lang = lang;
    document.title = words.title[PAGE] ?? words.title.home;
    if (parts.starting) parts.starting.lastChild.textContent = words.starting;
    if (parts.h1) parts.h1.textContent = words.heading[PAGE] ?? words.heading.home;
    if (parts.skip) parts.skip.textContent = words.skip;
    if (parts.tablist) parts.tablist.setAttribute("aria-label", words.tabs);
    for (const [kind, tab] of Object.entries(parts.tabs ?? {})) tab.textContent = words.tab[kind];
  }

  // The address keeps ?lang= and ?tab= (Learn, the first tab, is the address without ?tab=).
  function remember(key, value) {
    const url = new URL(location.href);
    if (value) url.searchParams.set(key, value); else url.searchParams.delete(key);
    history.replaceState(history.state, "", url);
  }

  function select(kind, focus = false) {
    for (const [name, tab] of Object.entries(parts.tabs)) {
      const on = name === kind;
      tab.setAttribute("aria-selected", String(on));
      tab.tabIndex = on ? 0 : -1;
      parts.panels[name].hidden = !on;
    }
    if (focus) parts.tabs[kind].focus();
    // the new panel starts at the top of the screen (the tab bar stays in view), not mid-way down
    if (parts.tablist.getBoundingClientRect().top < 0) parts.tablist.scrollIntoView({ block: "start" });
    remember("tab", kind === Object.keys(parts.tabs)[0] ? "" : kind);
    window.dispatchEvent(new CustomEvent("cardavia:tab", { detail: kind }));
  }

  // WAI-ARIA tabs: arrows move between tabs (and select them), Home and End go to the ends.
  function onKey(event) {
    const kinds = Object.keys(parts.tabs);
    const at = kinds.indexOf(event.target.dataset.tab);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: kinds.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(kinds[(next + kinds.length) % kinds.length], true);
  }

  function build() {
    const holder = document.querySelector("#rendered_cells > div");
    if (!holder || parts.main) return;
    const cells = [...holder.querySelectorAll(":scope > .cv-page-cell")];
    const kinds = TABS.filter((kind) => cells.some((cell) => cell.dataset.cvPart === `tab-${kind}`));
    const header = el("header", { class: "cv-page-header" });
    const main = el("main", { class: "cv-page-main", id: "cv-main" });
    const footer = el("footer", { class: "cv-page-footer" });
    parts.h1 = el("h1", { class: "cv-page-title" });
    header.append(parts.h1);
    parts.main = main;
    parts.tabs = {};
    parts.panels = {};
    if (kinds.length > 1) {
      parts.tablist = el("div", { role: "tablist", class: "cv-page-tabs" });
      for (const kind of kinds) {
        const tab = el("button", { type: "button", role: "tab", id: `cv-tab-${kind}`, "aria-controls": `cv-panel-${kind}`, "data-tab": kind, class: "cv-page-tab" });
        tab.addEventListener("click", () => select(kind));
        tab.addEventListener("keydown", onKey);
        parts.tabs[kind] = tab;
        parts.tablist.append(tab);
      }
    }
    for (const kind of kinds) {
      const panel = el("section", { role: "tabpanel", id: `cv-panel-${kind}`, "aria-labelledby": `cv-tab-${kind}`, tabindex: "-1", class: "cv-page-panel" });
      parts.panels[kind] = panel;
      main.append(panel);
    }
    const untagged = !cells.some((cell) => cell.dataset.cvPart);  // a notebook without parts: all in main
    let seen = false;
    for (const cell of cells) {
      const part = cell.dataset.cvPart;
      if (part) seen = true;
      if (part === "page-main" || untagged) main.append(cell);
      else if (part) (parts.panels[part.slice(4)] ?? main).append(cell);
      else (seen ? footer : header).append(cell);
    }
    if (parts.tablist) header.append(parts.tablist);
    if (parts.panels.table) {
      parts.skip = el("a", { href: "#cv-panel-table", class: "cv-skiplink" });
      parts.skip.addEventListener("click", (event) => {
        event.preventDefault();
        if (parts.tabs.table) select("table");
        parts.panels.table.focus();
      });
      holder.append(parts.skip);
    }
    holder.append(header, main, footer);
    if (parts.tablist) {
      const asked = params.get("tab");
      select(kinds.includes(asked) ? asked : kinds[0]);
    }
    label();
  }

  // The start-up line (the body exists now); Voila's own "Executing N of M" is hidden by page.css.
  window.cardaviaStarting = () => {
    parts.starting = el("div", { id: "cv-starting", role: "status" });
    parts.starting.append(el("span", { class: "cv-starting-mark", "aria-hidden": "true" }), el("span"));
    document.body.prepend(parts.starting);
    label();
    const finish = window.voila_finish;
    window.voila_finish = (...args) => {
      build();
      setTimeout(settled, 20000);  // the settings bar never answered: show the page anyway
      return finish(...args);
    };
  };

  // The page is shown; a page opened on its Table or Full rules tab (a phone's first screen is small)
  // starts at the tab bar.
  function settled() {
    if (!root.dataset.cvSettling) return;
    delete root.dataset.cvSettling;
    parts.starting?.remove();
    const open = parts.tablist?.querySelector("[aria-selected='true']");
    if (!open || open === parts.tablist.firstChild) return;
    // the widgets below may still be drawing: follow the page's growth for a moment, until the reader acts
    const toTabs = () => parts.tablist.scrollIntoView({ block: "start" });
    const follow = new ResizeObserver(toTabs);
    follow.observe(parts.main);
    const stop = () => follow.disconnect();
    setTimeout(stop, 4000);
    for (const kind of ["wheel", "touchstart", "keydown", "mousedown"]) window.addEventListener(kind, stop, { once: true });
  }

  window.addEventListener("cardavia:lang", (event) => {
    if (!known(event.detail)) return;
    lang = known(event.detail);
    remember("lang", lang);
    label();
  });
  window.addEventListener("cardavia:settled", settled);
  label();
})();
