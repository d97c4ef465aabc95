"""The card widget, the front-end files (no CDN, CSS scoped to .cardavia) and the leak scanner."""

from __future__ import annotations

import re

from cardavia_nb.players.base import RandomPlayer
from cardavia_nb.ui import CardFan, Settings, Table, asset
from cardavia_nb.ui.assets import BOOT, SHARED_CSS, SHARED_PARTS, shared_module
from tests.scanners import exposed_cards
from tests.toy_game import Toy

# The front-end files of the feature widgets (the table, its review, the history, the class).
FRONT_END = ("table/model.js", "table/felt.js", "review/review.js", "table/table.js", "history/history.js",
             "classroom/teacher_page.js", "classroom/student.js")


def test_card_fan_names_cards_and_follows_language():
    settings = Settings()
    fan = CardFan("1E 7O 12C", settings=settings, caption="Envido 33?")
    assert fan.pack == "spanish"
    assert fan.cards == [{"id": "1E", "name": "Ace of swords"}, {"id": "7O", "name": "Seven of coins"},
                         {"id": "12C", "name": "Rey (King) of cups"}]
    settings.grain = 10
    assert fan.look["grain"] == 10
    tarot = CardFan(["T21", "EX", "NC"], pack="tarot", backs=2, settings=settings)
    assert [c["name"] for c in tarot.cards] == ["Trump 21", "the Excuse", "Knight of clubs"] and tarot.backs == 2


def test_front_end_files_fetch_nothing_and_css_is_scoped():
    for name in (*FRONT_END, *SHARED_PARTS, "settings.js", "panel_or_fan.js", BOOT):
        text = asset(name).read_text(encoding="utf-8")
        assert not [u for u in re.findall(r"https?://[^\s\"'`)]+", text) if "www.w3.org" not in u], name
    css = re.sub(r"/\*.*?\*/", "", asset(SHARED_CSS).read_text(encoding="utf-8"), flags=re.S)
    top_level_comma = r",(?![^()]*\))"  # a comma outside parentheses: :is(a, b) stays one selector
    selectors = [s.strip() for block in re.findall(r"([^{}]+)\{", css) for s in re.split(top_level_comma, block)]
    rules = [s for s in selectors if s and not s.startswith("@")]
    assert rules and all(s.startswith(".cardavia") for s in rules), [s for s in rules if not s.startswith(".cardavia")]
    assert "http" not in css


def test_cards_module_draws_every_kind_of_card():
    text = shared_module()
    for needed in ("export function cardSVG", "export function backSVG", "export function cardElement",
                   "export function applyLook", "trumpFace", "spanishFace", "frenchFace", "JOKER", "EXCUSE"):
        assert needed in text


def test_the_leak_scanner_finds_ids_and_names():
    table = Table(Toy(), seed=3, opponents=lambda level, seat: RandomPlayer(seat), settings=Settings())
    hidden = table.state.hands[1][0]
    assert hidden not in exposed_cards(table)
    table.notice = f"look: {hidden}"
    assert hidden in exposed_cards(table)
    table.notice = ""
    name = next(c["name"] for c in table.view["hand"])
    table._commit(log=[f"somebody holds {name.lower().capitalize()}"])
    assert table.view["hand"][0]["id"] in exposed_cards(table)


def test_front_end_has_one_dom_helper_and_one_name_for_the_shared_module():
    names = (*FRONT_END, *SHARED_PARTS, "settings.js", "panel_or_fan.js", BOOT)
    files = {name: asset(name).read_text(encoding="utf-8") for name in names}
    for name, text in files.items():
        builders = re.findall(r"createElement\(", text)
        assert len(builders) == (1 if name == "shared/dom.js" else 0), f"{name}: DOM built outside shared.h"
        assert "Object.assign(document" not in text and "function element(" not in text, name
        if "await loadShared(model)" in text:
            assert "const shared = await loadShared(model)" in text, f"{name}: the shared module has another name"
    assert "export function h(" in files["shared/dom.js"]
    for name in ("table/table.js", "review/review.js", "settings.js", "shared/panels.js"):
        assert "@typedef" in files[name], f"{name}: its model has no JSDoc types"
    assert "model.widget_manager" in files[BOOT] and "NOT part of anywidget's documented model interface" in files[BOOT]
