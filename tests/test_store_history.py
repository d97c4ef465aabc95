"""The *Your games* panel against SQLite and PostgreSQL: finished games counted per game and level,
unfinished ones apart, a token sees only its own games, Download all and Delete my history (asked once)."""

from __future__ import annotations

import json

import babel.dates

from cardavia_nb import i18n
from cardavia_nb.core.record import Record
from cardavia_nb.store import new_token
from cardavia_nb.ui import Settings, Table
from cardavia_nb.ui.history.panel import History
from cardavia_nb.ui.history.keeper import Keeper
from cardavia_nb.ui.table.companion import Companion
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


def game_page(store, game="pao_de_kuai", seed=5):
    """A game page: its settings, a kept table and the history panel built with the table's keeper."""
    settings = Settings()
    keeper = Keeper(store=store)
    table = Table(game, settings=settings, keeper=keeper, seed=seed)
    return settings, table, History(game, keeper=keeper, settings=settings)


def reviewed(table):
    """The record the table's review replays, once its judgements are in."""
    table.reviewing.wait(120)
    return table.reviewing.replay.record


def test_a_game_page_reviews_a_finished_game_then_gives_the_game_in_progress_back(store):
    token = new_token()
    done = finished_game(store, token)
    [kept] = store.recent(token)
    settings, table, panel = game_page(store)
    connect(settings, token)
    for _ in range(2):
        table.send_intent({"type": "act", "id": table.turn.legal[0].id})
    playing, row = table.state, store.in_progress(token, "pao_de_kuai")
    [button] = [b for b in panel.blocks if b["type"] == "buttons" and b["items"][0]["id"].startswith("review:")]
    press(panel, button["items"][0]["id"])
    assert table.state == done.state and table.review["open"] and reviewed(table) == done.record()
    assert table.tone == "info" and "Back to my game" in table.notice and "Back to my game" in words(panel)
    assert store.get(token, kept.id) == kept and store.in_progress(token, "pao_de_kuai") == row  # nothing written
    press(panel, "back")
    assert table.state == playing and table.review == {} and table.notice.startswith("Your game is back")
    assert "Back to my game" not in words(panel)


def test_one_token_cannot_review_another_tokens_game_nor_an_unfinished_one(store):
    mine, theirs = new_token(), new_token()
    finished_game(store, theirs)
    [their_game] = store.recent(theirs)
    settings, table, panel = game_page(store)
    connect(settings, mine)
    before, unfinished = table.state, store.in_progress(mine, "pao_de_kuai")
    for press_id, said in ((f"review:{their_game.id}", "not among this browser's games"),
                           (f"review:{unfinished.id}", "was not finished"), ("review:12x", "not among"),
                           ("review:99999999999999", "not among")):
        press(panel, press_id)
        assert said in table.notice and table.tone == "bad" and table.state == before and table.review == {}
    assert f"review:{their_game.id}" not in words(panel)


def test_a_game_of_another_name_is_reviewed_on_its_own_page(store):
    token = new_token()
    finished_game(store, token)
    [kept] = store.recent(token)
    settings, table, panel = game_page(store, "truco")
    connect(settings, token)
    before = table.state
    press(panel, f"review:{kept.id}")
    assert "Pao De Kuai (Run Fast) game: review it on its own page" in table.notice and table.state == before


def test_the_home_page_links_each_game_to_its_page_with_the_review_in_the_page_language(store):
    token = new_token()
    finished_game(store, token)
    [kept] = store.recent(token)
    settings = Settings(lang="fr")
    panel = History(store=store, settings=settings)
    connect(settings, token)
    html = "".join(block.get("html", "") for block in panel.blocks)
    assert f'href="02-pao-de-kuai.ipynb?lang=fr&amp;tab=table&amp;review={kept.id}">Revoir</a>' in html
    before = panel.blocks
    press(panel, f"review:{kept.id}")  # the home page has no table: nothing happens
    assert panel.blocks == before


def test_the_review_asked_by_the_address_opens_once_the_token_arrives(store):
    token = new_token()
    done = finished_game(store, token)
    [kept] = store.recent(token)
    settings, table, panel = game_page(store)
    press(panel, f"review:{kept.id}")  # widgets/history/history.js sends ?review=<id> as the page opens
    assert table.review == {}
    connect(settings, token)
    assert table.state == done.state and reviewed(table) == done.record()
    assert "Back to my game" not in table.notice  # the page's fresh deal was no game in progress


def test_a_truco_match_is_reviewed_by_its_last_deal(store):
    token = new_token()
    settings = Settings()
    table = Table("truco", settings=settings, keeper=Keeper(store=store), seed=5)
    connect(settings, token)
    while not table.turn.over:
        table.send_intent({"type": "act", "id": table.turn.legal[0].id})
    table.send_intent({"type": "review"})
    last_deal = reviewed(table)
    [kept] = store.recent(token)
    settings, page_table, panel = game_page(store, "truco")
    connect(settings, token)
    press(panel, f"review:{kept.id}")
    assert reviewed(page_table) == last_deal and last_deal.setup != table.record().setup


def test_without_time_zone_data_the_panel_still_shows_the_finished_game_and_its_table_plays_on(store, monkeypatch):
    """Python in the browser (the static site) has no time zone database: a zone named by text is unknown
    there. The panel draws its times all the same, and the deal's end still reaches what follows the table."""
    real = babel.dates.get_timezone

    def no_database(zone=None):
        if isinstance(zone, str):
            raise LookupError(f"Unknown timezone {zone}")
        return real(zone)

    monkeypatch.setattr(babel.dates, "get_timezone", no_database)
    settings = Settings()
    keeper = Keeper(store=store)
    table = Table("pao_de_kuai", settings=settings, keeper=keeper, seed=3)
    panel = History("pao_de_kuai", keeper=keeper, settings=settings)
    ended = []
    table.attach(type("Ends", (Companion,), {"deal_ended": lambda self, table: ended.append(table.moves)})())
    connect(settings, new_token())
    while not table.turn.over:
        table.send_intent({"type": "act", "id": table.turn.legal[0].id})
    assert "Last games" in words(panel) and not table.notice and ended == [table.moves]
