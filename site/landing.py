"""The site's landing page: the games as in-browser apps and the notebooks in JupyterLab, in five languages.

One static page holds a section per language; a few lines of script show the one asked for with
``?lang=`` (or the browser's language), English without script. Every word comes from the catalogs.
"""

from __future__ import annotations

import html
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardavia_nb import i18n  # noqa: E402
from cardavia_nb.ui.home import PAGES  # noqa: E402

HOME = "00-cardavia"
PICK = """<script>
const asked = (new URLSearchParams(location.search).get("lang") || navigator.language || "").slice(0, 2).toLowerCase();
const shown = document.querySelector(`section[lang="${asked}"]`);
if (shown) {
  for (const section of document.querySelectorAll("section[lang]")) section.hidden = section !== shown;
  document.documentElement.lang = asked;
}
</script>"""
STYLE = """<style>
body { font: 17px/1.5 system-ui, sans-serif; max-width: 46rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
nav a { margin-right: 0.8rem; } li { margin: 0.5rem 0; } h1 { margin-bottom: 0.2rem; }
</style>"""


def app_url(stem: str, lang: str) -> str:
    """A page as a voici app, relative to the landing page."""
    return f"app/voici/render/{stem}.html?lang={lang}"


def lab_url(stem: str, lang: str) -> str:
    """A notebook opened in JupyterLite's Lab, relative to the landing page."""
    return f"lab/lab/index.html?path={stem}.ipynb&amp;lang={lang}"


def section(lang: str, notebooks: list[str]) -> str:
    """Everything the landing page says in ``lang``."""
    t = lambda key: html.escape(i18n.translate(key, lang))  # noqa: E731
    games = [(game, Path(page).stem) for game, page in PAGES.items() if Path(page).stem in notebooks]
    items = "".join(f'<li><a href="{app_url(stem, lang)}"><strong>{t(f"games.{game}.title")}</strong></a> — '
                    f'{t(f"games.{game}.blurb")}</li>' for game, stem in games)
    hidden = "" if lang == i18n.DEFAULT else " hidden"
    return (f'<section lang="{lang}"{hidden}>\n<h1><a href="{app_url(HOME, lang)}">{t("home.title")}</a></h1>\n'
            f'<p>{t("home.tagline")}</p>\n<p>{t("site.intro")}</p>\n<p>{t("site.kept")}</p>\n<h2>{t("home.play")}</h2>\n<ul>{items}</ul>\n'
            f'<h2>{t("site.lab_title")}</h2>\n<p><a href="{lab_url(HOME, lang)}">{t("site.lab")}</a></p>\n</section>')


def landing(notebooks: list[str]) -> str:
    """The whole page; ``notebooks`` are the stems of the notebooks the site holds."""
    langs = " ".join(f'<a href="?lang={code}" lang="{code}">{html.escape(i18n.translate(f"ui.lang.{code}", code))}</a>'
                     for code in i18n.LANGS)
    body = "\n".join(section(lang, notebooks) for lang in i18n.LANGS)
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n<title>Cardavia</title>\n'
            # no icon: else the browser asks the host's root (outside a project site) for a favicon.ico
            '<link rel="icon" href="data:,">\n'
            f'{STYLE}\n'
            f'</head>\n<body>\n<nav>{langs}</nav>\n{body}\n{PICK}\n</body>\n</html>\n')
