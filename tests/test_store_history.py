"""The *Your games* panel against SQLite and PostgreSQL: finished games counted per game and level,
unfinished ones apart, a token sees only its own games, Download all and Delete my history (asked once)."""

from __future__ import annotations

import json

from cardavia_nb import i18n
from cardavia_nb.core.record import Record
from cardavia_nb.store import new_token
from cardavia_nb.ui import Settings, Table
from cardavia_nb.ui.history import History
from cardavia_nb.ui.keeping import Keeper
from tests import databases

postgresql, url, store = databases.postgresql, databases.url, databases.store  # the database fixtures


def connect(settings, token):
    """The page tells its token."""
    settings._on_msg(settings, {"type": "token", "value": token}, [])


def finished_game(store, token):
    """A Pao De Kuai deal played to its end on a kept table under ``token``; returns the table."""
    settings = Settings()
    table = Table("pao_de_kuai", settings=settings, keeper=Keeper(store=store), seed=3)
    connect(settings, token)
    while not table.turn.over:
        table.send_intent({"type": "act", "id": table.turn.legal[0].id})
    return table


def words(panel) -> str:
    """Everything the panel draws, as one text."""
    return json.dumps(panel.blocks, ensure_ascii=False)


def press(panel, button):
    panel._on_msg(panel, {"type": "press", "id": button}, [])


def test_a_finished_game_is_counted_and_an_unfinished_one_kept_apart(store):
    token = new_token()
    finished_game(store, token)
    settings = Settings()
    table = Table("truco", settings=settings, keeper=Keeper(store=store), seed=5)
    panel = History(store=store, settings=settings)
    connect(settings, token)
    table.send_intent({"type": "act", "id": table.turn.legal[0].id})
    [row] = store.tally(token)
    assert row["game"] == "pao_de_kuai" and row["played"] == 1 and row["won"] + row["lost"] == 1
    shown = words(panel)
    counted = shown.split("Unfinished")[0]
    assert i18n.translate("games.pao_de_kuai.title") in counted and i18n.translate("games.truco.title") not in counted
    assert "Unfinished games (not counted): 1" in shown


def test_a_game_page_panel_is_drawn_again_when_its_game_ends(store):
    settings = Settings()
    keeper = Keeper(store=store)
    table = Table("pao_de_kuai", settings=settings, keeper=keeper, seed=3)
    panel = History("pao_de_kuai", keeper=keeper, settings=settings)
    connect(settings, new_token())
    assert "No finished games yet" in words(panel)
    while not table.turn.over:
        table.send_intent({"type": "act", "id": table.turn.legal[0].id})
    assert "No finished games yet" not in words(panel) and "Last games" in words(panel)


def test_a_token_sees_only_its_own_games(store):
    mine, theirs = new_token(), new_token()
    finished_game(store, mine)
    settings = Settings()
    panel = History(store=store, settings=settings)
    connect(settings, theirs)
    assert "No finished games yet" in words(panel) and "Unfinished" not in words(panel)
    press(panel, "delete")
    press(panel, "delete-yes")
    assert len(store.recent(mine)) == 1  # their delete leaves my games alone


def test_download_all_sends_one_json_record_a_line_and_never_the_token(store):
    token = new_token()
    table = finished_game(store, token)
    settings = Settings()
    panel = History(store=store, settings=settings)
    sent = []
    panel.send = sent.append
    connect(settings, token)
    press(panel, "download")
    [message] = sent
    lines = message["text"].splitlines()
    assert message["type"] == "download" and len(lines) == 1 and Record.from_json(lines[0]) == table.record()
    assert token not in message["text"] and token not in words(panel)


def test_delete_my_history_asks_once_then_deletes_every_game_of_the_token(store):
    token = new_token()
    finished_game(store, token)
    settings = Settings()
    panel = History(store=store, settings=settings)
    connect(settings, token)
    press(panel, "delete")
    assert store.recent(token) and "Yes, delete" in words(panel)
    press(panel, "delete-no")
    assert store.recent(token) and "Yes, delete" not in words(panel)
    press(panel, "delete-yes")  # without asking first: nothing happens
    assert store.recent(token)
    press(panel, "delete")
    press(panel, "delete-yes")
    assert not store.recent(token) and not store.unfinished(token) and "history is deleted (1 games)" in words(panel)


def test_a_store_that_fails_shows_no_history_and_says_why(tmp_path):
    (tmp_path / "games.sqlite").mkdir()
    settings = Settings()
    keeper = Keeper(url=f"sqlite:///{tmp_path / 'games.sqlite'}")
    Table("truco", settings=settings, keeper=keeper)
    panel = History("truco", keeper=keeper, settings=settings)
    connect(settings, "")
    assert "games are not being kept" in words(panel)
    press(panel, "download")
    assert "games are not being kept" in words(panel)
