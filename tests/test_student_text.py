"""Student text is text: a results file's name and a display name quoted on the teacher's board and on the
class panel, and the board's CSV, through the real render path (the HTML blocks the page receives): no image,
no link, no markup, no formula."""

from __future__ import annotations

import csv
import io
import json

from cardavia_nb.store import Store, new_token
from cardavia_nb.classroom import HASH_ENV, Classes, board_csv, results_file, teacher_id
from cardavia_nb.ui import Settings, Table
from cardavia_nb.ui.classroom.teacher_page import Board
from cardavia_nb.ui.classroom.student import ClassPlay
from cardavia_nb.ui.history.keeper import Keeper
from cardavia_nb.ui.markdown import inline_html, to_html
from tests.classroom import student_record
from tests.support import send
from tests.wire import custom

KEY = "teacher-key-for-student-text-0123456789"
FILE = "![](http://198.51.100.7/p.png)[Session expired: re-enter your key](http://198.51.100.7/k).json"
NAME = "[x](http://198.51.100.7/) <b>*hi*</b>"
MARKUP = ("<img", "<a ", "<b>", "<em>", "<strong>", "href", "src=")


def notes(board: Board) -> str:
    """The HTML of the board's notes and Markdown blocks, as the page receives them."""
    return "\n".join(b["html"] for b in board.blocks if b["type"] in ("md", "note"))


def test_a_file_name_and_a_display_name_on_the_board_are_shown_as_typed(tmp_path, monkeypatch):
    monkeypatch.setattr("cardavia_nb.ui.classroom.high_scores.high_score", lambda game, cls, index: 1.5)
    classes = Classes(Store(f"sqlite:///{tmp_path / 'games.sqlite'}"))
    board = Board(classes=classes, environ={HASH_ENV: teacher_id(KEY)}, settings=Settings())
    custom(board, {"type": "key", "value": KEY})
    cls = classes.create(KEY, "pao_de_kuai", "low", 1, kind="open")
    send(board, {"type": "press", "id": f"set:{cls.id}"})
    text = results_file(cls, NAME, [student_record(cls, 0)])
    for _ in range(2):  # the second time the board quotes the name: already on the board
        send(board, {"type": "file", "id": "results", "name": FILE, "text": text})
        board.upload_thread.join(60)
        board.refresh()
    html = notes(board)
    assert "already on the board" in html and not [mark for mark in MARKUP if mark in html], html
    assert "Session expired: re-enter your key" in html and "*hi*" in html and "&lt;b&gt;" in html


def test_a_display_name_on_the_class_panel_is_shown_as_typed(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'games.sqlite'}")
    cls = Classes(store).create(KEY, "pao_de_kuai", "low", 1)
    settings, keeper = Settings(), Keeper(store=store)
    panel = ClassPlay(Table("pao_de_kuai", settings=settings, keeper=keeper, delay=0), keeper=keeper)
    settings._on_msg(settings, {"type": "token", "value": new_token()}, [])
    send(panel, {"type": "class", "code": cls.code})
    send(panel, {"type": "text", "id": "name", "value": NAME})
    html = "\n".join(b["html"] for b in panel.blocks if b["type"] in ("md", "note"))
    assert "<strong>[x](http://198.51.100.7/) &lt;b&gt;*hi*&lt;/b&gt;</strong>" in html, html  # the catalog's bold only


def test_literal_text_renders_as_itself_in_block_and_inline_markdown():
    from cardavia_nb.ui.markdown import literal

    for typed in (FILE, NAME, "a\n===\n# b", "1. x", "> q", "`c`", "&amp; &#42;", "<http://198.51.100.7>", "\\*"):
        for html in (to_html(literal(typed)), inline_html(literal(typed))):
            assert not [mark for mark in (*MARKUP, "<h", "<ol", "<blockquote", "<code", "<hr") if mark in html], html
    assert inline_html(literal("a*b*c [d](e) & <f>")) == "a*b*c [d](e) &amp; &lt;f&gt;"


def test_the_csv_neutralises_formulas_in_student_names():
    names = ["=HYPERLINK(\"http://198.51.100.7\",\"x\")", "+1", "-1", "@SUM(A1)", NAME]
    board = {"set": {"deals": 1}, "deals": [{"index": 0, "high": 1.0, "rows": [
        {"name": n, "status": "over", "score": 1.0, "beaten": None, "mistakes": 0, "cost": 0.0} for n in names]}],
        "totals": [{"name": n, "score": 1.0, "high": 1.0, "deals": 1} for n in names]}
    rows = list(csv.reader(io.StringIO(board_csv(board, "en"))))[1:]
    assert [r[0] for r in rows] == ["'" + n if n[0] in "=+-@" else n for n in names] * 2
    assert json.dumps(rows).count("'=") == 2
