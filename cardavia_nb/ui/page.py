"""The words of a Voila page around its widgets (title, heading, tabs, skip link, start-up line).

The cardavia Voila template shows them before the kernel runs, so it carries them as a static file,
``words.json`` beside the template, written from the catalogs by ``python -m cardavia_nb.ui.page``;
a test keeps the file equal to the catalogs.
"""

from __future__ import annotations

import json
from pathlib import Path

from cardavia_nb import i18n
from cardavia_nb.ui.home import PAGES

CLASS = "class"  # the teacher's page (notebooks/05-class.ipynb, its metadata's cardavia.page)

WORDS_FILE = Path(__file__).resolve().parents[2] / "share" / "jupyter" / "voila" / "templates" / "cardavia" / "words.json"


def page_words() -> dict[str, dict]:
    """Per language: the start-up line, the tab list's name and tabs, the skip link, headings and titles."""
    out = {}
    for lang in i18n.LANGS:
        t = lambda key, **p: i18n.translate(key, lang, **p)  # noqa: E731,B023
        games = {game: t(f"games.{game}.title") for game in PAGES}
        out[lang] = {
            "starting": t("ui.page.starting"),
            "tabs": t("ui.page.tabs"),
            "skip": t("ui.page.skip"),
            "tab": {"learn": t("ui.page.learn"), "table": t("ui.table.tab_table"), "rules": t("ui.table.tab_rules")},
            "heading": {"home": t("home.title"), **games, CLASS: t("board.title")},
            "title": {"home": t("home.title"), **{game: t("ui.page.title", page=name) for game, name in games.items()},
                      CLASS: t("ui.page.title", page=t("board.title"))},
        }
    return out


def words_json() -> str:
    """``page_words()`` as the template's JSON text."""
    return json.dumps(page_words(), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


if __name__ == "__main__":
    WORDS_FILE.write_text(words_json(), encoding="utf-8")
    print(f"wrote {WORDS_FILE}")
