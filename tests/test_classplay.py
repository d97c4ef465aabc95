"""A student's class panel without a browser, on SQLite and PostgreSQL: joining, the set's deals in order,
the table locked in class, each finished deal written once, the class's results only after the deal,
a reload that resumes, the open set's results file, forged intents, and the hidden-card boundary."""

from __future__ import annotations

import json
import sys

import pytest
from hypothesis import HealthCheck, given, settings as hsettings, strategies as st
from sqlalchemy import func, select

from cardavia_nb.review import Review
from cardavia_nb.review.report import reviewing
from cardavia_nb.review import report as report_module
from cardavia_nb.store import new_token
from cardavia_nb.classroom.results_files import parse_file
from cardavia_nb.classroom import Classes, deal_seed, open_code, set_deal
from cardavia_nb.store.tables import class_results, class_students
from cardavia_nb.ui import Settings, Table
from cardavia_nb.ui.panel import Prose
from cardavia_nb.ui.classroom import student as student_module
from cardavia_nb.ui.classroom.student import ClassPlay
from cardavia_nb.store.browser import page_store
from cardavia_nb.ui.history import keeper as keeping
from cardavia_nb.ui.history.keeper import Keeper
from tests.scanners import cards_shown, exposed_cards
from tests import databases
from tests.support import MOVES, PUBLIC, counted_steps, recording, send
from tests.wire import Wire, leaks, payload

url, store = databases.sqlite_url, databases.store  # SQLite: the store's own modules test both

TEACHER = "teacher-key-" + "c" * 20


def no_mistakes(record, worlds, **_):
    """A review that finds nothing at once: most tests check the class's flow, not the judging."""
    yield from ()  # the review as steps (core.steps), none of them
    return Review(record.game, 0, "points", (), ())


@pytest.fixture(autouse=True)
def quick_review(monkeypatch):
    """Reviews with few sampled worlds, and none at all where a test does not read them."""
    monkeypatch.setattr(ClassPlay, "worlds", 6)  # (2 worlds can leave a decision with none: judge.py divides by 0)
    monkeypatch.setattr(student_module, "reviewing", no_mistakes)


@pytest.fixture
def classes(store):
    """The class door of a fresh store."""
    return Classes(store)


class Page:
    """One student page: its settings hub, table, keeper and class panel, opened with a token and a code."""

    def __init__(self, store, game, code, token, name=None):
        self.settings = Settings()
        self.keeper = Keeper(store=store)
        self.table = Table(game, settings=self.settings, keeper=self.keeper, delay=0)
        self.play = Prose(f"{game}.lesson.play.text")  # the lesson's words about playing on one's own
        self.panel = ClassPlay(self.table, keeper=self.keeper, free_play=[self.play])
        self.wire = Wire(self.table, self.panel)
        self.settings._on_msg(self.settings, {"type": "token", "value": token}, [])
        if code is not None:
            send(self.panel, {"type": "class", "code": code})
        if name is not None:
            send(self.panel, {"type": "text", "id": "name", "value": name})

    def text(self) -> str:
        """Everything the panel shows now, as one text."""
        return json.dumps(self.panel.blocks, ensure_ascii=False) + self.panel.notice

    def finish_deal(self) -> None:
        """Play the human's first legal move, refusing every call, until the class deal ends; wait for its
        writing and review. (A set's cards come from a secret seed: a falta envido accepted in its first deal
        could end a Truco match, and the tests go on to the set's next deal.)"""
        for _ in range(400):
            if self.panel.over:
                break
            legal = [a.id for a in self.table.turn.legal]
            send(self.table, {"type": "act", "id": "answer:no_quiero" if "answer:no_quiero" in legal else legal[0]})
        assert self.panel.over
        self.panel.wait()


def rows(classes, table) -> int:
    """The number of rows of a class table."""
    with classes.engine.connect() as connection:
        return connection.execute(select(func.count()).select_from(table)).scalar_one()


def test_a_page_without_a_class_is_empty_and_its_table_plays_as_usual(store):
    page = Page(store, "pao_de_kuai", None, new_token())
    assert page.panel.blocks == [] and page.table.bar
    first = page.table.state
    send(page.table, {"type": "new"})
    assert page.table.state != first and page.table.notice == ""


def test_a_wrong_code_says_so_and_the_table_plays_on(store, classes):
    classes.create(TEACHER, "pao_de_kuai", "low", 2)
    page = Page(store, "pao_de_kuai", "not-a-class-code", new_token())
    assert "There is no class with this code" in page.text() and page.table.bar
    first = page.table.state
    send(page.table, {"type": "new"})
    send(page.table, {"type": "level", "level": "high"})
    assert page.table.state != first and page.table.level == "high" and page.table.notice == ""
    send(page.panel, {"type": "text", "id": "name", "value": "Ana"})
    assert "no class to join" in page.panel.notice and rows(classes, class_students) == 0


def test_a_set_of_another_game_says_which_page_to_open(store, classes):
    cls = classes.create(TEACHER, "truco", "low", 2)
    page = Page(store, "pao_de_kuai", cls.code, new_token())
    assert "This class plays Truco" in page.text() and f"01-truco.ipynb?tab=table&amp;class={cls.code}" in page.text()
    assert "field" not in page.text()


def test_a_closed_set_says_so_and_shows_the_class_results(store, classes):
    cls = classes.create(TEACHER, "pao_de_kuai", "low", 1)
    ana = new_token()
    Page(store, "pao_de_kuai", cls.code, ana, name="Ana").finish_deal()
    classes.close(TEACHER, cls.id)
    late = Page(store, "pao_de_kuai", cls.code, new_token())
    assert "closed this class set" in late.text() and "Ana" in late.text() and "Join" not in late.text()


def test_two_students_are_dealt_the_sets_deals_in_order_the_same_cards(store, classes):
    cls = classes.create(TEACHER, "pao_de_kuai", "low", 2)
    game = Page(store, "pao_de_kuai", None, new_token()).table.game
    ana, bo = (Page(store, "pao_de_kuai", cls.code, new_token(), name=n) for n in ("Ana", "Bo"))
    for deal in (0, 1):
        for page in (ana, bo):
            assert page.panel.deal == deal and page.table.seed is None
            assert page.table.record().setup == game.deal_setup(set_deal(game, cls, deal))
            assert page.table.level == "low"
        assert ana.table.state == bo.table.state  # the same cards and the same computer moves so far
        ana.finish_deal()
        bo.finish_deal()
        if deal == 0:
            for page in (ana, bo):
                send(page.panel, {"type": "press", "id": "next"})
    assert "You have played every deal of the set" in ana.text()
    assert classes.student(cls, ana.settings.token)["done"] == [0, 1]


def test_the_set_line_says_one_deal_in_the_singular_in_every_language(store, classes):
    cls = classes.create(TEACHER, "truco", "low", 1)
    page = Page(store, "truco", cls.code, new_token(), name="Ana")
    for lang, said in {"en": ": 1 deal,", "pt": ": 1 mão,", "fr": ": 1 donne,", "nl": ": 1 spel,", "es": ": 1 mano,"}.items():
        page.settings.lang = lang
        assert said in page.text(), (lang, page.text()[:400])


def test_a_name_taken_by_another_student_is_refused_in_words(store, classes):
    cls = classes.create(TEACHER, "french_tarot", "low", 2)
    Page(store, "french_tarot", cls.code, new_token(), name="Ana")
    other = Page(store, "french_tarot", cls.code, new_token(), name="ana")
    assert "The name ana is already taken" in other.panel.notice and other.panel.name is None
    assert "field" in other.text() and rows(classes, class_students) == 1
    send(other.panel, {"type": "text", "id": "name", "value": "Bo"})
    assert other.panel.name == "Bo" and other.panel.deal == 0


def test_new_game_and_the_level_are_hidden_and_refused_during_a_class_deal(store, classes):
    cls = classes.create(TEACHER, "pao_de_kuai", "high", 2)
    page = Page(store, "pao_de_kuai", cls.code, new_token())
    assert page.table.bar and page.play.layout.display is None  # the name is asked first: nothing is dealt yet
    send(page.panel, {"type": "text", "id": "name", "value": "Ana"})
    assert not page.table.bar and page.play.layout.display == "none"  # levels and deal codes: not in a class
    state = page.table.state
    send(page.table, {"type": "new"})
    assert "deals come in order" in page.table.notice and page.table.state is state
    send(page.table, {"type": "new", "seed": "42"})
    assert "deals come in order" in page.table.notice and page.table.state is state
    send(page.table, {"type": "level", "level": "low"})
    assert "same computer level" in page.table.notice and page.table.level == "high" and page.table.state is state
    send(page.panel, {"type": "press", "id": "next"})
    assert "Finish this deal" in page.panel.notice and page.panel.deal == 0


@pytest.mark.same_cards
def test_the_finished_deal_is_written_once_and_its_review_with_it(store, classes, monkeypatch):
    monkeypatch.setattr(student_module, "reviewing", reviewing)  # the real review, its summary written with the result
    played_again = []
    monkeypatch.setattr(report_module, "playing_same_cards", counted_steps(played_again, report_module.playing_same_cards))
    cls = classes.create(TEACHER, "pao_de_kuai", "low", 2)
    page = Page(store, "pao_de_kuai", cls.code, new_token(), name="Ana")
    page.finish_deal()
    page.panel.wait()
    found, same = page.panel.reviews[0], page.table.reviewing.same
    # High's deal on the same cards is the summary's, not played a second time; no hindsight (nobody shows it)
    assert played_again == [] and same.high is not None and found.high_score == same.high.value
    assert found.hindsight == ()
    assert rows(classes, class_results) == 1
    page.panel.deal_ended(page.table)  # told again about the same finished deal
    page.panel.wait()
    record = page.panel.records[0]
    assert classes.finish(cls, page.settings.token, 0, record) is False
    assert rows(classes, class_results) == 1
    board = classes.board(TEACHER, cls.id)
    row, = board["deals"][0]["rows"]
    assert row["name"] == "Ana" and row["mistakes"] is not None and row["score"] == page.panel.results[0][0]["score"]
    assert record.seed == deal_seed(cls, 0) and str(record.seed) not in page.text()


def test_the_class_results_of_a_deal_show_only_after_finishing_it(store, classes):
    cls = classes.create(TEACHER, "pao_de_kuai", "low", 2)
    ana = Page(store, "pao_de_kuai", cls.code, new_token(), name="Ana")
    bo = Page(store, "pao_de_kuai", cls.code, new_token(), name="Bo")
    ana.finish_deal()
    assert "Ana" in ana.text() and "Deal 1 of 2: you scored" in ana.text()
    assert bo.panel.results == {} and "Ana" not in bo.text()
    assert classes.results(cls, bo.settings.token, 0) is None
    bo.finish_deal()
    names = [r["name"] for r in bo.panel.results[0]]
    assert sorted(names) == ["Ana", "Bo"] and "% of the class who finished it" in bo.text()
    assert "Review" in bo.text() and "Next deal" in bo.text()


def test_a_reload_resumes_the_class_deal_in_play_and_never_deals_a_finished_one_again(store, classes):
    cls = classes.create(TEACHER, "truco", "low", 3)
    token = new_token()
    first = Page(store, "truco", cls.code, token, name="Ana")
    first.finish_deal()
    send(first.table, {"type": "act", "id": first.table.turn.pause.id})  # the summary's button: the set's next deal
    assert first.panel.deal == 1 and first.table.state.scores == (0, 0)
    legal = [a.id for a in first.table.turn.legal]
    card = next((a for a in legal if a.startswith("play:")), "quiero")  # a card, or accept a call: the deal goes on
    send(first.table, {"type": "act", "id": card})
    again = Page(store, "truco", cls.code, token)  # a reload: a new kernel's table, keeper and panel
    assert again.panel.name == "Ana" and again.panel.deal == 1 and not again.panel.over
    assert again.table.seed is None  # the resumed deal's code is not the page's either
    assert again.table.state == first.table.state
    again.finish_deal()
    assert classes.student(cls, token)["done"] == [0, 1] and rows(classes, class_results) == 2
    assert "Replay this deal" not in json.dumps(again.table.frame)
    third = Page(store, "truco", cls.code, token)  # reloaded on the finished deal: its results, then deal 3
    assert third.panel.deal == 1 and third.panel.over and third.panel.results[1]
    send(third.panel, {"type": "press", "id": "next"})
    assert third.panel.deal == 2 and rows(classes, class_results) == 2


@pytest.mark.parametrize("game", ["pao_de_kuai", "french_tarot"])
def test_a_reload_on_a_deal_that_ended_its_game_shows_its_results_and_deals_nothing(store, classes, game):
    """A set's deal that ends its game (every Pao De Kuai and Tarot deal; a Truco deal whose falta envido ends the
    match, as in fc45's browser run) leaves no game in play: a reload shows that deal's end and its class results, as a reload on any other
    finished deal does, and the next deal waits for the student's Next (fc45: the page dealt it at once)."""
    cls = classes.create(TEACHER, game, "low", 2)
    token = new_token()
    first = Page(store, game, cls.code, token, name="Ana")
    first.finish_deal()
    assert classes.student(cls, token)["done"] == [0]
    again = Page(store, game, cls.code, token)  # a reload: a new kernel's table, keeper and panel
    assert again.panel.deal == 0 and again.panel.over and again.panel.results[0]
    assert again.table.game.deal_over(again.table.state) and again.table.state == first.table.state
    assert classes.student(cls, token)["playing"] is None  # the next deal is not begun
    send(again.panel, {"type": "press", "id": "next"})
    assert again.panel.deal == 1 and not again.panel.over


def test_a_class_deal_is_kept_apart_from_the_pages_own_games(store, classes):
    cls = classes.create(TEACHER, "pao_de_kuai", "low", 2)
    token = new_token()
    own = Page(store, "pao_de_kuai", None, token)  # the page without a class: the player's own game
    send(own.table, {"type": "act", "id": own.table.turn.legal[0].id})
    mine = own.table.record()
    student = Page(store, "pao_de_kuai", cls.code, token, name="Ana")
    class_deal = student.table.record().setup
    send(student.table, {"type": "act", "id": student.table.turn.legal[0].id})
    plain = Page(store, "pao_de_kuai", None, token)  # later, the page without a class: the own game, not the class's
    assert plain.table.record().setup == mine.setup != class_deal and plain.table.seed is not None
    again = Page(store, "pao_de_kuai", cls.code, token)  # and the class page brings the class deal back
    assert again.table.record().setup == class_deal and again.table.seed is None
    again.finish_deal()
    assert store.recent(token) == []  # a finished class deal is never in Your games
    assert [g.game for g in store.unfinished(token)] == ["pao_de_kuai"]  # only the page's own game waits


def test_an_open_set_downloads_a_results_file_that_survives_a_reload(store, classes):
    code = open_code("pao_de_kuai", "low", 2)
    token = new_token()
    page = Page(store, "pao_de_kuai", code, token, name="Ana")
    page.finish_deal()
    send(page.panel, {"type": "press", "id": "next"})
    send(page.panel, {"type": "press", "id": "download"})
    assert "(1 deal)" in page.panel.notice  # deal 2 is in play: the file holds the finished one
    again = Page(store, "pao_de_kuai", code, token)
    again.finish_deal()
    assert "Download my results" in again.text()
    again.wire.take()
    send(again.panel, {"type": "press", "id": "download"})
    sent = [m["content"] for m in again.wire.take() if m.get("method") == "custom"]
    assert [m["type"] for m in sent] == ["download"] and "2 deals" in again.panel.notice
    parsed = parse_file(sent[0]["text"])
    assert parsed.code == code and parsed.name == "Ana" and [e.deal for e in parsed.entries] == [0, 1]


def test_a_server_set_has_no_results_file(store, classes):
    cls = classes.create(TEACHER, "pao_de_kuai", "low", 1)
    page = Page(store, "pao_de_kuai", cls.code, new_token(), name="Ana")
    page.finish_deal()
    assert "Download my results" not in page.text()
    send(page.panel, {"type": "press", "id": "download"})
    assert "already on your teacher's board" in page.panel.notice


def test_an_open_set_plays_without_any_store(monkeypatch):
    monkeypatch.setattr(keeping, "shared_store", lambda url=None: None)
    code = open_code("pao_de_kuai", "low", 1)
    settings = Settings()
    table = Table("pao_de_kuai", settings=settings, delay=0)
    panel = ClassPlay(table)
    wire = Wire(panel)
    settings._on_msg(settings, {"type": "token", "value": new_token()}, [])
    send(panel, {"type": "class", "code": code})
    send(panel, {"type": "text", "id": "name", "value": "陈静"})
    assert panel.deal == 0 and table.seed is None
    while not panel.over:
        send(table, {"type": "act", "id": table.turn.legal[0].id})
    panel.wait()
    assert panel.results[0][0]["name"] == "陈静"
    wire.take()
    send(panel, {"type": "press", "id": "download"})
    sent, = [m["content"] for m in wire.take() if m.get("method") == "custom"]
    assert parse_file(sent["text"]).entries[0].deal == 0


def test_an_open_set_plays_on_the_static_site_beside_the_page_store(monkeypatch):
    """In the browser edition the keeper's store is the page's own (no database): the class is the page's."""
    monkeypatch.setitem(sys.modules, "sqlalchemy", None)
    monkeypatch.setattr(keeping, "_OPEN", {})
    page_store.cache_clear()
    try:
        settings, keeper = Settings(), Keeper()
        table = Table("pao_de_kuai", settings=settings, keeper=keeper, delay=0)
        panel = ClassPlay(table, keeper=keeper)
        settings._on_msg(settings, {"type": "token", "value": new_token(), "games": []}, [])
        send(panel, {"type": "class", "code": open_code("pao_de_kuai", "low", 1)})
        send(panel, {"type": "text", "id": "name", "value": "Bo"})
        assert panel.problem is None and panel.deal == 0 and table.seed is None
    finally:
        page_store.cache_clear()


FORGED = st.one_of(
    st.fixed_dictionaries({"type": st.just("text"), "id": st.sampled_from(["name", "other", ""]),
                           "value": st.sampled_from(["Bo", "bo", "Someone", "", "x" * 41]) | st.text(max_size=50)}),
    st.fixed_dictionaries({"type": st.just("text"), "id": st.just("name"), "value": st.just("A" * 3_000)}),
    st.fixed_dictionaries({"type": st.just("press"), "id": st.sampled_from(["next", "download", "deal:99", "finish"])},
                          optional={"deal": st.integers(-5, 99)}),
    st.fixed_dictionaries({"type": st.sampled_from(["result", "finish", "score", "deal"]), "deal": st.integers(-5, 99),
                           "score": st.floats(allow_nan=True) | st.integers()}),
    st.fixed_dictionaries({"type": st.just("class")}, optional={"code": st.text(max_size=30) | st.integers()}),
    st.dictionaries(st.text(max_size=8), st.text(max_size=8) | st.integers(), max_size=4),
    st.text(max_size=20) | st.none() | st.integers())


@hsettings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(intents=st.lists(FORGED, min_size=1, max_size=6))
def test_forged_intents_are_refused_in_words_and_change_nothing(store, intents):
    classes = Classes(store)
    cls = next(iter(classes.sets(TEACHER)), None)
    if cls is None:  # the first example: the set, and another student who holds "Bo"
        cls = classes.create(TEACHER, "pao_de_kuai", "low", 2)
        classes.join(cls, new_token(), "Bo")
    name = f"Ana {new_token()[:8]}"
    page = Page(store, "pao_de_kuai", cls.code, new_token(), name=name)
    send(page.table, {"type": "act", "id": page.table.turn.legal[0].id})  # a deal begun: dealt again, it would change
    before = (rows(classes, class_students), rows(classes, class_results), page.panel.deal, page.table.state)
    page.wire.take()
    for intent in intents:
        send(page.panel, intent)
        sent = page.wire.take()
        assert not leaks(payload(sent)) and not [m for m in sent if m.get("method") == "custom"]
    assert (rows(classes, class_students), rows(classes, class_results), page.panel.deal, page.table.state) == before
    assert page.panel.name == name


def test_forged_intents_name_the_refusal(store, classes):
    cls = classes.create(TEACHER, "pao_de_kuai", "low", 2)
    classes.join(cls, new_token(), "Bo")
    page = Page(store, "pao_de_kuai", cls.code, new_token())
    cases = [({"type": "text", "id": "name", "value": "BO"}, "already taken"),
             ({"type": "text", "id": "name", "value": "x" * 5_000}, "could not be understood"),
             ({"type": "result", "deal": 0, "score": 99}, "could not be understood"),
             ({"type": "press", "id": "deal:7"}, "could not be understood"),
             ({"type": "class", "code": "another-code"}, "another class")]
    for intent, words in cases:
        send(page.panel, intent)
        assert words in page.panel.notice, (intent, page.panel.notice)
    assert rows(classes, class_students) == 1 and page.panel.name is None


@pytest.mark.parametrize("game", ["truco", "pao_de_kuai", "french_tarot"])
def test_no_hidden_card_nor_the_sets_seed_reaches_the_page_over_whole_class_deals(store, classes, game):
    cls = classes.create(TEACHER, game, "low", 1 if game == "french_tarot" else 2)  # Tarot's deals are long
    engine, states = recording(game)
    settings, keeper = Settings(), Keeper(store=store)
    table = Table(engine, settings=settings, keeper=keeper, delay=0)
    panel = ClassPlay(table, keeper=keeper)
    wire = Wire(table, panel, settings)
    settings._on_msg(settings, {"type": "token", "value": new_token()}, [])
    send(panel, {"type": "class", "code": cls.code})
    states.clear()
    send(panel, {"type": "text", "id": "name", "value": "Ana"})
    secrets = [str(cls.seed), *(str(deal_seed(cls, i)) for i in range(cls.deals))]
    for deal in range(cls.deals):
        allowed: set[str] = set()
        for turn in range(400):
            for state in states:
                allowed |= PUBLIC[game](state)
            states.clear()
            sent = payload(wire.take()) + [table.get_state(), panel.get_state()]
            hidden = (cards_shown(sent, table) | exposed_cards(table)) - allowed
            assert not hidden, f"{game} deal {deal}: hidden cards {sorted(hidden)} reached the page"
            assert not any(secret in json.dumps(sent, default=str) for secret in secrets)
            if panel.over:
                break
            send(table, MOVES[game](table, deal, turn))
        panel.wait()
        sent = payload(wire.take()) + [table.get_state(), panel.get_state()]
        assert not any(secret in json.dumps(sent, default=str) for secret in secrets)
        states.clear()
        send(panel, {"type": "press", "id": "next"})
    assert classes.student(cls, settings.token)["done"] == list(range(cls.deals))
