"""The class keeps its integrity (issue 41), on SQLite and PostgreSQL: a class panel stays bound to the token it
was given, a deal counts once its result is written (a result the store could not take is written at the
next chance, never played again), hints are off in class deals, and the page plays on whatever the store
raises. The pages are driven as the browser drives them (tests/test_classplay.py's Page)."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from cardavia_nb.core.record import Record
from cardavia_nb.games import get
from cardavia_nb.store import StoreError, new_token
from cardavia_nb.classroom import Classes, set_deal
from cardavia_nb.store.tables import class_results, class_students, games
from cardavia_nb.store.tokens import token_key
from cardavia_nb.ui.classroom import student as student_module
from tests import databases
from tests.support import send
from tests.test_classplay import TEACHER, Page, no_mistakes, rows

postgresql, url, store = databases.postgresql, databases.url, databases.store  # the database fixtures

BROKEN = [StoreError("The game store could not keep the class result."), RuntimeError("the driver went away")]


@pytest.fixture(autouse=True)
def quick_review(monkeypatch):
    """No review work: these tests check the class's flow."""
    monkeypatch.setattr(student_module, "reviewing", no_mistakes)


@pytest.fixture
def classes(store):
    """The class door of a fresh store."""
    return Classes(store)


def set_deal_at(page, cls) -> int | None:
    """Which of the set's deals the page's table holds, else None."""
    game = page.table.game
    setup = page.table.record().setup
    return next((i for i in range(cls.deals) if setup == game.deal_setup(set_deal(game, cls, i))), None)


def set_deals_kept(store, token: str, cls) -> list[int]:
    """The set's deals that any row the store keeps under ``token`` holds (in progress, left or over)."""
    game = get(cls.game)
    setups = [game.deal_setup(set_deal(game, cls, i)) for i in range(cls.deals)]
    with store.engine.connect() as connection:
        texts = connection.execute(select(games.c.record).where(games.c.player == token_key(token))).scalars()
        kept = [Record.from_json(text).setup for text in texts]
    return [i for i, setup in enumerate(setups) if setup in kept]


def new_token_from_page(page, token: str) -> None:
    """The page sends another token, as the settings bar does."""
    page.settings._on_msg(page.settings, {"type": "token", "value": token}, [])


def failing(monkeypatch, name: str, error: Exception, times: int | None = None) -> list:
    """``Classes.<name>`` raising ``error`` (the first ``times`` calls, or every call); returns the calls."""
    real, calls = getattr(Classes, name), []

    def call(self, *args, **kwargs):
        calls.append(args)
        if times is None or len(calls) <= times:
            raise error
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Classes, name, call)
    return calls


# --- a panel stays bound to its token ---------------------------------------------------------

def test_a_new_token_mid_deal_stops_the_class_and_nothing_of_the_seat_goes_to_it(store, classes):
    cls = classes.create(TEACHER, "pao_de_kuai", "low", 2)
    ana, other = new_token(), new_token()
    page = Page(store, "pao_de_kuai", cls.code, ana, name="Ana")
    send(page.table, {"type": "act", "id": page.table.turn.legal[0].id})
    begun = page.table.state
    new_token_from_page(page, other)
    assert "another player key" in page.text() and page.panel.token == ana and not page.panel.joined
    assert set_deal_at(page, cls) is None and page.table.bar  # the class deal left the table
    send(page.panel, {"type": "text", "id": "name", "value": "Bo"})
    send(page.panel, {"type": "press", "id": "next"})
    assert "no class to join" in page.panel.notice and set_deal_at(page, cls) is None
    assert classes.student(cls, other) is None and rows(classes, class_students) == 1
    assert set_deals_kept(store, other, cls) == []  # no row of the new token holds the class's cards
    again = Page(store, "pao_de_kuai", cls.code, ana)  # the first token's reload: its deal where it was
    assert again.panel.deal == 0 and again.table.state == begun and not again.panel.over
    fresh = Page(store, "pao_de_kuai", cls.code, new_token(), name="Carl")
    later = Page(store, "pao_de_kuai", cls.code, other, name="Bo")  # the new token's class page: deal 1 from its start
    assert later.panel.deal == 0 and later.table.record().actions == fresh.table.record().actions


def test_a_new_token_after_a_finished_deal_gets_no_copy_of_it(store, classes):
    cls = classes.create(TEACHER, "pao_de_kuai", "low", 2)
    ana, other = new_token(), new_token()
    page = Page(store, "pao_de_kuai", cls.code, ana, name="Ana")
    page.finish_deal()
    new_token_from_page(page, other)
    assert set_deals_kept(store, other, cls) == [] and classes.student(cls, other) is None
    bo = Page(store, "pao_de_kuai", cls.code, other, name="Bo")  # joins: deal 0 dealt from its start, unplayed
    assert bo.panel.deal == 0 and not bo.panel.over and classes.student(cls, other)["done"] == []
    assert rows(classes, class_results) == 1


# --- a deal counts once written ---------------------------------------------------------------

@pytest.mark.parametrize("error", BROKEN, ids=["StoreError", "RuntimeError"])
def test_a_result_the_store_could_not_take_is_written_at_the_next_move(store, classes, monkeypatch, error):
    cls = classes.create(TEACHER, "french_tarot", "low", 2)
    calls = failing(monkeypatch, "finish", error, times=1)
    page = Page(store, "french_tarot", cls.code, new_token(), name="Ana")
    page.finish_deal()
    assert page.panel.done == set() and page.panel.waiting == {0} and classes.student(cls, page.settings.token)["done"] == []
    assert "it will be at your next move" in page.text()
    send(page.table, {"type": "review"})
    assert "once your result is written" in page.table.notice and not page.table.review
    send(page.panel, {"type": "press", "id": "next"})  # the next deal: deal 2, not deal 1 again
    assert page.panel.deal == 1 and set_deal_at(page, cls) == 1
    assert page.panel.done == {0} and classes.student(cls, page.settings.token)["done"] == [0] and len(calls) == 2
    assert page.panel.results[0] and "it will be at your next move" not in page.text()


@pytest.mark.parametrize("error", BROKEN, ids=["StoreError", "RuntimeError"])
def test_a_result_not_written_before_a_reload_is_written_from_the_kept_row(store, classes, monkeypatch, error):
    cls = classes.create(TEACHER, "pao_de_kuai", "low", 3)
    token = new_token()
    failing(monkeypatch, "finish", error)
    page = Page(store, "pao_de_kuai", cls.code, token, name="Ana")
    page.finish_deal()
    assert classes.student(cls, token)["done"] == []
    monkeypatch.undo()
    monkeypatch.setattr(student_module, "reviewing", no_mistakes)
    again = Page(store, "pao_de_kuai", cls.code, token)  # a reload with the store answering again
    assert classes.student(cls, token)["done"] == [0] and again.panel.done == {0}
    # the finished deal at its end with its results, as the page left it: never played again
    assert again.panel.deal == 0 and again.panel.over and again.panel.results[0]
    assert again.table.game.deal_over(again.table.state)
    send(again.panel, {"type": "press", "id": "next"})
    assert again.panel.deal == 1 and set_deal_at(again, cls) == 1 and not again.panel.over


def test_a_closed_set_refuses_the_result_in_words_and_the_deal_is_not_dealt_again(store, classes):
    cls = classes.create(TEACHER, "pao_de_kuai", "low", 2)
    page = Page(store, "pao_de_kuai", cls.code, new_token(), name="Ana")
    classes.close(TEACHER, cls.id)
    page.finish_deal()
    assert "closed this class set" in page.panel.notice and page.panel.waiting == set()
    send(page.panel, {"type": "press", "id": "next"})
    assert page.panel.deal == 1


# --- hints ------------------------------------------------------------------------------------

def test_hints_are_refused_in_a_class_deal_and_work_again_outside_it(store, classes):
    cls = classes.create(TEACHER, "truco", "low", 2)
    page = Page(store, "truco", cls.code, new_token(), name="Ana")
    send(page.table, {"type": "hint"})
    assert "no hints" in page.table.notice and page.table.hints == 0 and page.table.frame["hint"] == []
    own = Page(store, "truco", None, new_token())
    send(own.table, {"type": "hint"})
    assert own.table.hints == 1 and own.table.frame["hint"]


# --- the page plays on, whatever the store raises -------------------------------------------

@pytest.mark.parametrize("name", ["started", "results", "reviewed", "student", "kept"])
def test_the_page_plays_on_when_the_class_store_raises_anything(store, classes, monkeypatch, name):
    cls = classes.create(TEACHER, "pao_de_kuai", "low", 2)
    token = new_token()
    Page(store, "pao_de_kuai", cls.code, token, name="Ana")  # joined while the store answered
    failing(monkeypatch, name, RuntimeError("the driver went away"))
    page = Page(store, "pao_de_kuai", cls.code, token)
    for _ in range(400):  # every move through the table's own handler: an exception would reach the test
        if page.panel.over or page.panel.problem:
            break
        legal = [a.id for a in page.table.turn.legal]
        page.table.send_intent({"type": "act", "id": legal[0]})
    if page.panel.problem is None:
        page.panel.wait()
        page.table.send_intent({"type": "new"})  # a finished class deal's New game: the set's next deal
        assert page.panel.deal == 1
    else:
        assert "cannot be reached just now" in page.text()
