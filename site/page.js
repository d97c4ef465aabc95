// What the static site adds to every app page (build.py inlines it): what Voila's server does otherwise.
// (The address's ?lang= needs nothing here: the settings bar sends it to the kernel, widgets/settings.js.)
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
})();
