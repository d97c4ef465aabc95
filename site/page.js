// What the static site adds to every app page (build.py inlines it): what Voila's server does otherwise.
(() => {
  // Links between the lessons name notebooks ("01-truco.ipynb?lang=pt"), as Voila serves them; here a
  // voici page is "<name>.html" and JupyterLite opens a notebook with "index.html?path=". Such a link
  // is rewritten just before the browser follows it.
  const NOTEBOOK = /^([\w.-]+\.ipynb)(?:\?(.*))?$/;
  const inVoici = /\/voici\/render\/[^/]*$/.test(location.pathname);
  function rewrite(event) {
    const link = event.target.closest?.("a[href]");
    const match = link && link.getAttribute("href").match(NOTEBOOK);
    if (!match) return;
    const [, notebook, query] = match;
    if (inVoici) {
      link.setAttribute("href", `${notebook.replace(/\.ipynb$/, ".html")}${query ? `?${query}` : ""}`);
    } else {
      const params = new URLSearchParams(query ?? "");
      params.set("path", notebook);
      link.setAttribute("href", `index.html?${params}`);
      link.removeAttribute("target");
    }
  }
  for (const type of ["click", "auxclick", "keydown"]) document.addEventListener(type, rewrite, true);

  // Voila hands the page's ?lang= to the kernel; here nothing does. Once the page's language menu is
  // drawn, it is set to that language as a reader would, and the menu tells the kernel.
  const asked = new URLSearchParams(location.search).get("lang");
  if (!asked) return;
  const follow = new MutationObserver(() => {
    const menu = document.querySelector("[data-testid='setting-lang']");
    if (!menu) return;
    follow.disconnect();
    if (menu.value !== asked && [...menu.options].some((option) => option.value === asked)) {
      menu.value = asked;
      menu.dispatchEvent(new Event("change"));
    }
  });
  follow.observe(document, { childList: true, subtree: true });
})();
