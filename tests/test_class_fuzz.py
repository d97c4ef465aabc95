"""Hypothesis drives a student's class page with every intent it has, a store that fails now and then, reloads,
and the page's token switched at any point (issue 41), on SQLite and PostgreSQL. Whatever the order: no
intent breaks the page, a deal whose result the class holds is never dealt again, and nothing is dealt,
kept or counted under a token the panel did not join with."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings as hsettings, strategies as st
from sqlalchemy import func, select

from cardavia_nb.store import StoreError, new_token
from cardavia_nb.classroom import Classes
from cardavia_nb.store.tables import class_students
from cardavia_nb.ui.classroom import student as student_module
from tests import databases
from tests.test_class_integrity import new_token_from_page, set_deals_kept
from tests.test_classplay import TEACHER, Page, no_mistakes

url, store = databases.sqlite_url, databases.store  # SQLite: the store's own modules test both

STEP = st.one_of(
    st.tuples(st.just("act"), st.integers(0, 20)),
    st.sampled_from([("finish",), ("next",), ("new",), ("hint",), ("review",), ("download",), ("level",),
                     ("switch",), ("back",), ("reload",), ("break",), ("mend",)]),
    st.tuples(st.just("name"), st.sampled_from(["Ana", "Bo", "\u0410na"])),
)


def students(classes, cls) -> int:
    """How many students the set has (the store is shared by every example)."""
    with classes.engine.connect() as connection:
        return connection.execute(select(func.count()).where(class_students.c.set_id == cls.id)).scalar_one()


def table_intent(page, content: dict) -> None:
    """A table intent through the table's own handler: anything it raises reaches the test."""
    page.table.send_intent(content)


def panel_intent(page, content: dict) -> None:
    """A panel intent through the panel's own handler: anything it raises reaches the test."""
    page.panel._on_msg(page.panel, content, [])


def play(page, pick: int) -> None:
    """One legal move of the human, if it is the human's turn."""
    legal = [a.id for a in page.table.turn.legal]
    if legal and not page.table.turn.over:
        table_intent(page, {"type": "act", "id": legal[pick % len(legal)]})


@hsettings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(steps=st.lists(STEP, min_size=1, max_size=14))
def test_class_intents_with_a_token_switch_at_any_point(store, monkeypatch, steps):
    monkeypatch.setattr(student_module, "reviewing", no_mistakes)
    broken = {"on": False}
    real_finish = Classes.finish

    def finish(self, *args, **kwargs):
        if broken["on"]:
            raise StoreError("The game store could not keep the class result.")
        return real_finish(self, *args, **kwargs)

    monkeypatch.setattr(Classes, "finish", finish)
    classes = Classes(store)
    cls = classes.create(TEACHER, "pao_de_kuai", "low", 2)
    ana, others = new_token(), []
    page = Page(store, "pao_de_kuai", cls.code, ana, name="Ana")
    for step in steps:
        kind = step[0]
        if kind == "act":
            play(page, step[1])
        elif kind == "finish":
            for turn in range(300):
                if page.table.turn.over or not page.panel.joined:
                    break
                play(page, turn)
            page.panel.wait()
        elif kind in ("next", "download"):
            panel_intent(page, {"type": "press", "id": kind})
        elif kind == "name":
            panel_intent(page, {"type": "text", "id": "name", "value": step[1]})
        elif kind in ("new", "hint", "review"):
            table_intent(page, {"type": kind})
        elif kind == "level":
            table_intent(page, {"type": "level", "level": "high"})
        elif kind == "switch":
            others.append(new_token())
            new_token_from_page(page, others[-1])
        elif kind == "back":
            new_token_from_page(page, ana)
        elif kind == "reload":
            page.panel.wait()
            page = Page(store, "pao_de_kuai", cls.code, ana)
        else:
            broken["on"] = kind == "break"
        page.panel.wait()
        done = set(classes.student(cls, ana)["done"])
        panel = page.panel
        if panel.joined and panel.deal is not None and not panel.over:
            assert panel.deal not in done, f"deal {panel.deal} dealt again after its result was written"
        if panel.problem == "new_token":
            assert panel.token == ana and page.table.seed is not None  # the table plays the page's own game
    assert students(classes, cls) == 1 and classes.student(cls, ana)["name"] == "Ana"
    for token in others:
        assert classes.student(cls, token) is None and set_deals_kept(store, token, cls) == []


def test_a_token_switch_before_the_name_joins_nobody(store):
    classes = Classes(store)
    cls = classes.create(TEACHER, "pao_de_kuai", "low", 2)
    ana, other = new_token(), new_token()
    page = Page(store, "pao_de_kuai", cls.code, ana)
    new_token_from_page(page, other)
    panel_intent(page, {"type": "text", "id": "name", "value": "Ana"})
    assert "no class to join" in page.panel.notice and students(classes, cls) == 0
