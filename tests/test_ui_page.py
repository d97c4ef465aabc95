"""The page around the widgets: the template's words, the Full rules panel, the suit-colour setting,
the home page's Learn and Play links, and the notebooks' page parts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardavia_nb import i18n
from cardavia_nb.ui.markdown import to_html
from cardavia_nb.ui import Settings
from cardavia_nb.ui.home import Home, page_link
from cardavia_nb.ui.page import WORDS_FILE, page_words, words_json
from cardavia_nb.ui.rules import Rules
from tests.wire import custom

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
PARTS = {"tab-learn", "tab-table", "tab-rules", "page-main"}


def test_template_words_are_the_catalogs():
    assert WORDS_FILE.read_text(encoding="utf-8") == words_json(), "run: python -m cardavia_nb.ui.page"
    words = page_words()
    assert set(words) == set(i18n.LANGS)
    assert words["pt"]["title"]["truco"] == "Truco — Cardavia" and words["en"]["starting"] == "Starting the game…"
    assert words["fr"]["tab"] == {"learn": "Apprendre", "table": "Table", "rules": "Règles complètes"}
    assert len({words[lang]["starting"] for lang in i18n.LANGS}) == len(i18n.LANGS)


def test_rules_panel_shows_the_full_rules_in_the_page_language():
    settings = Settings()
    rules = Rules("french_tarot", settings=settings)
    assert rules.blocks == [{"type": "md", "html": to_html(i18n.translate("french_tarot.rules.full"))}]
    settings.lang = "nl"
    assert rules.blocks[0]["html"] == to_html(i18n.translate("french_tarot.rules.full", "nl"))
    with pytest.raises(ValueError, match="no full rules"):
        Rules("poker", settings=settings)


def test_suit_colours_change_only_by_a_checked_intent():
    settings = Settings()
    rules = Rules("truco", settings=settings)
    assert settings.suits == "two" and rules.look["suits"] == "two"
    custom(settings, {"type": "set", "key": "suits", "value": "four"})
    assert settings.suits == "four" and rules.look["suits"] == "four" and settings.notice == ""
    for bad in ("six", 4, None):
        custom(settings, {"type": "set", "key": "suits", "value": bad})
        assert settings.suits == "four" and settings.notice


def test_home_offers_learn_and_play_for_each_game():
    assert page_link("truco", "pt") == "01-truco.ipynb?lang=pt"
    assert page_link("truco", "pt", "table") == "01-truco.ipynb?lang=pt&tab=table"
    html = "\n".join(b["html"] for b in Home(settings=Settings(lang="es")).blocks if b["type"] == "md")
    for game in ("truco", "pao_de_kuai", "french_tarot"):
        learn, play = page_link(game, "es"), page_link(game, "es", "table").replace("&", "&amp;")
        assert f'<a href="{learn}">Aprender</a>' in html and f'<a href="{play}">Jugar</a>' in html
    assert "<h1>" not in html  # the page's h1 is the template's


@pytest.mark.parametrize("name, page", [("00-cardavia", "home"), ("01-truco", "truco"),
                                        ("02-pao-de-kuai", "pao_de_kuai"), ("03-french-tarot", "french_tarot")])
def test_notebook_cells_are_tagged_by_page_part(name, page):
    nb = json.loads((NOTEBOOKS / f"{name}.ipynb").read_text(encoding="utf-8"))
    assert nb["metadata"]["cardavia"] == {"page": page}
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    parts = [next(iter(PARTS & set(c["metadata"].get("tags", []))), "") for c in code]
    assert parts[0] == ""  # the settings bar opens the page's header
    if page == "home":
        assert set(parts[1:]) == {"page-main"}
        return
    sources = ["".join(c["source"]) for c in code]
    table = parts.index("tab-table")
    assert set(parts[1:table]) == {"tab-learn"}
    assert any(f'Table("{page}"' in s for s, part in zip(sources, parts) if part == "tab-table")
    assert parts[-2:] == ["tab-rules", ""] and f'Rules("{page}")' in sources[-2] and "Nav(" in sources[-1]
