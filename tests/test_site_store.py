"""The static site's games, kept by the page: where Python has no SQLAlchemy (Pyodide), the settings bar hands
the kernel the rows the browser kept with the token, the kernel hands back each row it saves or deletes,
and what the page sends is checked (malformed rows refused in words, a record that no longer replays said
as such). A server's kernel ignores rows a page sends."""

from __future__ import annotations

import json
import sys

import pytest
from hypothesis import HealthCheck, given, settings as hsettings, strategies as st

from cardavia_nb import i18n
from cardavia_nb.store import new_token
from cardavia_nb.store.browser import FIELDS, MAX_RECORD, MAX_ROWS, PageStore, page_row, page_store
from cardavia_nb.ui import Settings, Table
from cardavia_nb.ui.history import keeper as keeping
from cardavia_nb.ui.history.panel import History
from cardavia_nb.ui.history.keeper import Keeper
from tests.test_store_fuzz import junk

DROP = object()  # a field left out of a row


@pytest.fixture
def browser_edition(monkeypatch):
    """This process as Pyodide is: no SQLAlchemy, a fresh page store (each page load has its own Python)."""
    monkeypatch.setitem(sys.modules, "sqlalchemy", None)
    monkeypatch.setattr(keeping, "_OPEN", {})
    page_store.cache_clear()
    yield
    page_store.cache_clear()


class Page:
    """A game page of the static site: its settings bar, table and history panel, and the browser's storage
    (``kept``, shared by the pages of one browser) that widgets/settings.js keeps from the kernel's messages."""

    def __init__(self, kept: dict, token: str = "", game: str = "truco", **table):
        page_store.cache_clear()  # a new page load: a new Python
        self.kept = kept
        self.settings = Settings()
        self.settings.send = self.receive
        keeper = Keeper()
        self.table = Table(game, settings=self.settings, keeper=keeper, **{"seed": 7, **table})
        self.history = History(game, keeper=keeper, settings=self.settings)
        self.token = token
        self.settings._on_msg(self.settings, {"type": "token", "value": token, "games": list(kept.values())}, [])

    def receive(self, msg: dict) -> None:
        """What settings.js does with the kernel's messages (as Pyodide hands them over): keep the token,
        keep and forget games."""
        if msg["type"] == "token":
            self.token = msg["value"]
        if msg["type"] == "kept":  # Pyodide hands the page a None as no field at all
            self.kept.update((row["id"], {k: v for k, v in json.loads(json.dumps(row)).items() if v is not None})
                             for row in msg["rows"])
            for n in msg["gone"]:
                self.kept.pop(n, None)

    def play(self, moves: int) -> None:
        for _ in range(moves):
            self.table.send_intent({"type": "act", "id": self.table.turn.legal[0].id})


def test_a_reload_resumes_the_game_the_page_kept(browser_edition):
    kept: dict = {}
    first = Page(kept)
    first.play(5)
    assert first.table.notice == "" and first.settings.notice == ""
    [row] = kept.values()
    assert row["moves"] == len(first.table.record().actions) and first.token not in json.dumps(row)
    again = Page(kept, first.token)
    assert again.table.state == first.table.state and again.table.notice.startswith("Your match is back")
    again.play(2)
    assert [r["moves"] for r in kept.values()] == [len(again.table.record().actions)]  # the same row, kept again


def test_a_finished_game_shows_in_the_history_and_delete_forgets_it_in_the_page(browser_edition):
    kept: dict = {}
    page = Page(kept, game="pao_de_kuai")
    while not page.table.turn.over:
        page.play(1)
    again = Page(kept, page.token, game="pao_de_kuai")
    shown = json.dumps(again.history.blocks, ensure_ascii=False)
    assert "Last games" in shown and [r["status"] for r in kept.values()] == ["over", "playing"]
    for press in ("delete", "delete-yes"):
        again.history._on_msg(again.history, {"type": "press", "id": press}, [])
    assert kept == {}


def well_formed(**changes) -> dict:
    """A row as a page keeps it, of a game that does not replay."""
    store = PageStore()
    game_id = store.save(new_token(), "truco", "{}", level="low", seat=0, moves=0, deals=1)
    [(key, saved)] = store._rows.values()
    return {**page_row(key, saved), "id": game_id, **changes}


@pytest.mark.parametrize("apart", [True, False])
def test_a_row_kept_before_class_deal_was_named_so_is_read_as_it_was(apart):
    """A browser kept its rows with ``practice`` before the field took the database column's new name."""
    row = well_formed(class_deal=apart)
    store = PageStore()
    assert store.load([{("practice" if name == "class_deal" else name): value for name, value in row.items()}]) == 0
    [(key, saved)] = store._rows.values()
    assert saved.class_deal is apart and page_row(key, saved) == row


@pytest.mark.parametrize("bad", [
    "not json", None, [], {"record": DROP}, {"player": "nobody"}, {"game": "poker"}, {"status": "won"},
    {"seat": True}, {"moves": -1}, {"points": float("inf")}, {"outcome": "maybe"}, {"started": "yesterday"},
    {"updated": "2026-12-03T09:00:00"}, {"record": "x" * (MAX_RECORD + 1)}, {"id": 2**60}, {"extra": 1}])
def test_a_malformed_row_is_refused_in_words_and_the_others_are_kept(browser_edition, bad):
    token = new_token()
    good = Page({}, token)
    good.play(1)
    [row] = good.kept.values()
    if isinstance(bad, dict):
        bad = {k: v for k, v in {**row, "id": row["id"] + 1, **bad}.items() if v is not DROP}
    page = Page({**good.kept, "bad": bad}, token)
    assert page.settings.notice == i18n.translate("site.store.refused", count=1)
    assert page.table.notice.startswith("Your match is back")


def test_more_rows_than_a_page_may_send_are_refused_in_words(browser_edition):
    rows = [well_formed(id=n + 1) for n in range(MAX_ROWS + 3)]
    store = PageStore()
    assert store.load(rows) == 3 and len(store._rows) == MAX_ROWS


def test_a_kept_row_that_no_longer_replays_is_said_and_a_new_game_starts(browser_edition):
    token = new_token()
    first = Page({}, token)
    first.play(2)
    [row] = first.kept.values()
    broken = {**row, "record": json.dumps({"game": "truco", "actions": ["no-such-move"]})}
    page = Page({row["id"]: broken}, token)
    assert "could not be brought back" in page.table.notice and page.settings.notice == ""
    assert len(page.kept) == 2  # the broken row stays the player's; the new game is a new row


def test_without_sqlalchemy_the_page_keeps_its_games_and_says_nothing_is_lost(browser_edition):
    page = Page({})
    page.play(1)
    assert i18n.translate("store.not_kept") not in (page.table.notice, page.settings.notice)
    assert keeping.shared_store() is page_store() and len(page.kept) == 1


def test_a_server_ignores_the_rows_a_page_sends(store_url_sqlite):
    settings = Settings()
    sent = []
    settings.send = sent.append
    table = Table("truco", settings=settings, keeper=Keeper(url=store_url_sqlite), seed=7)
    settings._on_msg(settings, {"type": "token", "value": new_token(), "games": [well_formed(), "junk"]}, [])
    table.send_intent({"type": "act", "id": table.turn.legal[0].id})
    assert settings.notice == "" and [m["type"] for m in sent] == [] and not page_store()._rows


@pytest.fixture
def store_url_sqlite(tmp_path):
    return f"sqlite:///{tmp_path / 'games.sqlite'}"


@hsettings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(rows=st.lists(junk | st.fixed_dictionaries({name: junk for name in FIELDS}), max_size=5) | junk)
def test_any_junk_a_page_sends_as_rows_is_refused_never_raised(rows):
    store = PageStore()
    refused = store.load(rows)
    assert refused == (len(rows) if isinstance(rows, list) else int(rows is not None)) and not store._rows
