"""Raw comm messages from an untrusted page: trait writes refused and re-sent, malformed messages
answered in words, no traceback or path ever sent, and settings followers that do not pile up."""

from __future__ import annotations

import gc
import logging
from types import SimpleNamespace

import pytest

from cardavia_nb.players.base import RandomPlayer
from cardavia_nb.ui import CardFan, Settings, Table
from cardavia_nb.ui.panel import Prose, Quiz
from cardavia_nb.ui.settings import CELLS
from tests.toy_game import Toy
from tests.wire import Wire, custom, leaks, raw
from tests.blocks import block_text

MALFORMED = [
    None, 7, "update", [], {}, {"method": None}, {"method": 5}, {"method": "nonsense"}, {"method": "custom"},
    {"method": "custom", "content": "act"}, {"method": "custom", "content": [1, 2]}, {"method": "update"},
    {"method": "update", "state": "junk"}, {"method": "update", "state": [1]}, {"method": "update", "state": {"nope": 1}},
    {"method": "update", "state": {"frame": {"view": {"select": {"hint": "x"}}}}, "buffer_paths": [["frame"]]},
    {"method": "echo_update", "state": {}}, {"method": "comm_close"},
]


def widgets() -> list:
    settings = Settings()
    quiz = Quiz("ui.settings.title", [("a", "ui.lang.en"), ("b", "ui.lang.pt")], "a", "ui.settings.title", settings=settings)
    table = Table(Toy(), opponents=lambda level, seat: RandomPlayer(seat), settings=settings, seed=4)
    return [settings, table, quiz, Prose("ui.settings.title", settings=settings), CardFan("1E 7O", settings=settings)]


@pytest.mark.parametrize("data", MALFORMED, ids=repr)
def test_malformed_messages_get_words_and_change_nothing(data, caplog):
    for widget in widgets():
        wire = Wire(widget)
        before = widget.get_state()
        raw(widget, data)
        after = widget.get_state()
        assert widget.notice, f"{type(widget).__name__}: no notice for {data!r}"
        assert {k: v for k, v in after.items() if k != "notice"} == {k: v for k, v in before.items() if k != "notice"}
        assert not leaks(wire.sent)
    assert "Traceback" not in caplog.text


def test_a_bare_message_without_content_is_told_not_raised():
    table = widgets()[1]
    wire = Wire(table)
    for msg in (None, {}, {"content": None}, {"content": {"data": None}}, "x"):
        table._handle_msg(msg)
        assert table.notice and not leaks(wire.sent)


@pytest.mark.parametrize("index", range(5))
def test_trait_writes_are_refused_and_the_kernel_values_sent_back(index):
    widget = widgets()[index]
    forged = {"level": "high", "view": {"select": {"hint": "x"}}, "notice": "forged", "selection": {"ok": True},
              "steps": [1], "seq": 99, "lang": "pt", "contrast": 3, "delay": -5, "log": [1, 2], "blocks": [],
              "cards": [{"id": "1E"}], "look": {"lang": "es"}, "_hub": "x", "texts": {}}
    state = {name: value for name, value in forged.items() if name in widget.keys}
    assert state
    before = widget.get_state()
    wire = Wire(widget)
    raw(widget, {"method": "update", "state": state, "buffer_paths": []})
    after = widget.get_state()
    assert {k: v for k, v in after.items() if k != "notice"} == {k: v for k, v in before.items() if k != "notice"}
    assert widget.notice == "The page cannot change this directly; nothing changed."
    echo = [m for m in wire.sent if m["method"] == "echo_update"]
    assert echo and set(echo[0]["state"]) == set(state)
    assert all(echo[0]["state"][k] == before[k] for k in state if k != "notice")
    resent = {k for m in wire.sent if m["method"] == "update" for k in m["state"]}
    assert set(state) <= resent


def test_request_state_sends_the_whole_state():
    table = widgets()[1]
    wire = Wire(table)
    raw(table, {"method": "request_state"})
    assert wire.sent and wire.sent[-1]["state"]["frame"]["view"] == table.view and not table.notice


def test_a_failing_handler_is_logged_on_the_server_and_told_in_words(caplog):
    class Broken(Quiz):
        def handle(self, intent, content):
            raise KeyError("/secret/path/module.py")

    quiz = Broken("ui.settings.title", [("a", "ui.lang.en")], "a", "ui.settings.title", settings=Settings())
    wire = Wire(quiz)
    with caplog.at_level(logging.ERROR, logger="cardavia_nb.ui"):
        custom(quiz, {"type": "press", "id": "a"})
    assert "secret/path" in caplog.text and "Broken" in caplog.text
    assert quiz.notice.startswith("Something went wrong") and not leaks(wire.sent)
    assert not any("secret" in str(m) for m in wire.sent)


def test_settings_change_only_through_checked_intents():
    settings = Settings()
    table = Table(Toy(), opponents=lambda level, seat: RandomPlayer(seat), settings=settings)
    for bad in ({"type": "set", "key": "lang", "value": "xx"}, {"type": "set", "key": "lang", "value": 5},
                {"type": "set", "key": "contrast", "value": 101}, {"type": "set", "key": "grain", "value": True},
                {"type": "set", "key": "temperature", "value": 5.5}, {"type": "set", "key": "texts", "value": {}},
                {"type": "lang", "value": "pt"}, {"type": "set"}):
        before = settings.get_state()
        custom(settings, bad)
        assert settings.notice.startswith("Language must be one of the listed languages")
        assert {k: v for k, v in settings.get_state().items() if k != "notice"} == {k: v for k, v in before.items() if k != "notice"}
    custom(settings, {"type": "set", "key": "lang", "value": "pt-BR"})
    assert settings.lang == "pt" and table.lang == "pt" and settings.notice == ""
    custom(settings, {"type": "set", "key": "grain", "value": 0})
    assert table.look["grain"] == 0


def test_a_selection_kept_across_a_language_change_cannot_raise():
    table = widgets()[1]
    table._commit(selection={"cards": ["1E"], "ok": False, "action": None, "text": ""},
                  view={**table.view, "select": None})
    table.settings.lang = "fr"
    assert table.lang == "fr"


def test_re_running_cells_leaves_no_extra_follower():
    settings = Settings()
    assert settings.followers() == 1  # the bar itself
    for run in range(3):
        CELLS._before_cell(SimpleNamespace(cell_id="cell-1"))
        for _ in range(4):
            Prose("ui.settings.title", settings=settings)
        CELLS._before_cell(SimpleNamespace(cell_id="cell-2"))
        Table(Toy(), opponents=lambda level, seat: RandomPlayer(seat), settings=settings)
        gc.collect()
        assert settings.followers() == 1 + 4 + 1, f"run {run + 1}"
    CELLS._before_cell(SimpleNamespace(cell_id=None))
    closed, live = Prose("ui.settings.language", settings=settings), Prose("ui.settings.language", settings=settings)
    closed.close()
    assert settings.followers() == 1 + 4 + 1 + 1
    settings.lang = "nl"  # a closed widget hears nothing more, a live one follows
    assert block_text(closed.blocks[0]) == "Language" and block_text(live.blocks[0]) == "Taal"
