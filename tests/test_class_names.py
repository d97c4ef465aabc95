"""Display names in a class set, on SQLite and PostgreSQL (issue 41): one name after case folding and Unicode's
confusable skeleton, bounded once written out in full, refused in words; results files only for open sets,
and never under the name of a student who joined on the server."""

from __future__ import annotations

import pytest

from cardavia_nb.store import new_token
from cardavia_nb.classroom.names import name_key, skeleton
from cardavia_nb.classroom import check_name, results_file
from cardavia_nb.store.tables import class_students
from tests import databases
from tests.classroom import student_record
from tests import test_class_store
from tests.test_classplay import Page, rows

postgresql, url, store = databases.postgresql, databases.url, databases.store  # the database fixtures
classes, refused = test_class_store.classes, test_class_store._refused  # the class door's fixture, its refusal check

TEACHER = "teacher-key-" + "d" * 20
LONG = "\ufdfa" * 40  # 40 characters, 720 once written out in full (NFKC)


@pytest.mark.parametrize("one, other", [
    ("Ana", "\u0410na"),  # Cyrillic capital A
    ("ana", "\u0430n\u0430"),  # Cyrillic small a, twice
    ("Ana", "ＡＮＡ"),  # full-width
    ("Paypal", "\u0420\u0430ypal"),  # Cyrillic Р and а
    ("Zoë", "Zoe\u0308"),  # composed and decomposed
    ("Ioana", "\u0399oana"),  # Greek capital iota
])
def test_confusable_names_have_one_key(one, other):
    assert name_key(one) == name_key(other)


def test_names_that_only_look_alike_in_some_fonts_stay_apart():
    assert len({name_key(n) for n in ["Ana", "Ane", "Bo", "陈静", "علی\u200cرضا", "Ana Lúcia"]}) == 6
    assert skeleton("m") == skeleton("rn")  # Unicode's own table: "rn" is read as "m"


def test_a_name_that_looks_like_a_classmates_is_refused_in_words(classes, store):
    cls = classes.create(TEACHER, "truco", "low", 2)
    classes.join(cls, new_token(), "Ana")
    err = refused("name_taken", lambda: classes.join(cls, new_token(), "\u0410na"))
    assert "\u0410na" in err.text("en")
    page = Page(store, "truco", cls.code, new_token(), name="\u0430na")  # the page says it too
    assert "already taken" in page.panel.notice and page.panel.name is None
    assert rows(classes, class_students) == 1


def test_a_name_too_long_once_written_out_is_refused_in_words_not_as_a_store_failure(classes, store):
    cls = classes.create(TEACHER, "truco", "low", 2)
    refused("name_too_long", lambda: check_name(LONG))
    refused("name_too_long", lambda: classes.join(cls, new_token(), LONG))
    page = Page(store, "truco", cls.code, new_token(), name=LONG)
    assert "too long once its characters are written out" in page.panel.notice and page.panel.problem is None
    assert rows(classes, class_students) == 0
    assert classes.join(cls, new_token(), "\ufdfa" * 8) == "\ufdfa" * 8  # 144 characters written out: kept


def test_one_name_per_token_in_a_set(classes, store):
    cls = classes.create(TEACHER, "truco", "low", 2)
    token = new_token()
    assert classes.join(cls, token, "Ana") == "Ana"
    assert classes.join(cls, token, "Bo") == "Ana"
    page = Page(store, "truco", cls.code, token)
    send_name = {"type": "text", "id": "name", "value": "Carl"}
    page.panel._on_msg(page.panel, send_name, [])
    assert "already joined this class as Ana" in page.panel.notice and rows(classes, class_students) == 1


def test_a_server_set_takes_no_results_file(classes):
    cls = classes.create(TEACHER, "truco", "low", 2)
    text = results_file(cls, "Zoë", [student_record(cls, 0, seed=7)])
    refused("file_server_set", lambda: classes.upload(TEACHER, cls.id, text))
    assert classes.board(TEACHER, cls.id)["students"] == []


def test_an_uploaded_name_never_joins_a_student_who_joined_on_the_server(classes):
    cls = classes.create(TEACHER, "truco", "low", 2, kind="open")
    token = new_token()
    classes.join(cls, token, "Ana")
    for name in ("Ana", "ANA", "\u0410na"):
        refused("name_taken", lambda name=name: classes.upload(
            TEACHER, cls.id, results_file(cls, name, [student_record(cls, 0, seed=7)])))
    assert classes.student(cls, token) == {"name": "Ana", "done": [], "playing": None}
    assert rows(classes, class_students) == 1
