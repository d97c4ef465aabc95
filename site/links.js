// Links between the lessons name notebooks ("01-truco.ipynb?lang=pt"), as Voila serves them. In the
// static site a voici page is "<name>.html" and JupyterLite opens a notebook with "index.html?path=";
// this rewrites such a link just before the browser follows it. Inlined into every app page by build.py.
(() => {
  const NOTEBOOK = /^([\w.-]+\.ipynb)(?:\?(.*))?$/;
  const inVoici = /\/voici\/render\/[^/]*$/.test(location.pathname);
  function rewrite(event) {
    const link = event.target.closest?.("a[href]");
    const match = link && link.getAttribute("href").match(NOTEBOOK);
    if (!match) return;
    const [, notebook, query] = match;
    const params = new URLSearchParams(query ?? "");
    if (inVoici) {
      link.setAttribute("href", `${notebook.replace(/\.ipynb$/, ".html")}${query ? `?${query}` : ""}`);
    } else {
      params.set("path", notebook);
      link.setAttribute("href", `index.html?${params}`);
      link.removeAttribute("target");
    }
  }
  for (const type of ["click", "auxclick", "keydown"]) document.addEventListener(type, rewrite, true);
})();
