"""The store against both real databases: SQLite files and a PostgreSQL server started for the session."""

from __future__ import annotations

import logging
import multiprocessing

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import select, text

from cardavia_nb.store import Store, StoreError, new_token
from cardavia_nb.store.engine import head
from cardavia_nb.store.tables import games, metadata, players
from tests import databases

postgresql, url, store = databases.postgresql, databases.url, databases.store  # the database fixtures

def _save(store, token, **changes):
    """Save a game with plain defaults."""
    values = dict(game="truco", record='{"moves": 1}', level="low", seat=0, moves=1, deals=1)
    values.update(changes)
    return store.save(token, values.pop("game"), values.pop("record"), **values)


def test_first_use_creates_the_schema_of_the_newest_migration(store):
    with store.engine.connect() as connection:
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar() == head()
        differences = compare_metadata(MigrationContext.configure(connection), metadata)
    assert differences == [], f"the migrations and tables.py disagree: {differences}"


def test_a_game_is_kept_after_every_move_and_found_again(store):
    token = new_token()
    game_id = _save(store, token, record="r1")
    assert store.in_progress(token, "truco").record == "r1"
    assert _save(store, token, record="r2", moves=2, game_id=game_id) == game_id
    again = Store(store.url)  # a new kernel, or the server restarted
    saved = again.in_progress(token, "truco")
    again.close()
    assert (saved.id, saved.record, saved.moves, saved.status) == (game_id, "r2", 2, "playing")
    assert store.in_progress(token, "pao_de_kuai") is None
    _save(store, token, record="r3", game_id=game_id, over=True, points=3, outcome="won")
    assert store.in_progress(token, "truco") is None
    assert [g.record for g in store.recent(token)] == ["r3"]


def test_a_token_reads_and_writes_only_its_own_games(store):
    mine, theirs = new_token(), new_token()
    game_id = _save(store, mine)
    assert store.get(theirs, game_id) is None and store.in_progress(theirs, "truco") is None
    with pytest.raises(LookupError):
        _save(store, theirs, record="forged", game_id=game_id)
    assert store.get(mine, game_id).record == '{"moves": 1}'
    assert store.tally(theirs) == [] and list(store.records(theirs)) == []
    assert store.delete_all(theirs) == 0 and store.get(mine, game_id) is not None


def test_a_game_in_progress_elsewhere_is_found_by_its_game_name(store):
    token = new_token()
    assert store.elsewhere(token, "truco") is None
    tarot = _save(store, token, game="french_tarot")
    _save(store, token, game="pao_de_kuai", over=True, points=1, outcome="won")
    assert store.elsewhere(token, "truco").id == tarot and store.elsewhere(token, "french_tarot") is None
    assert store.elsewhere(new_token(), "truco") is None


def test_the_last_class_deal_is_the_newest_in_play_or_finished_never_a_left_one_nor_the_pages_own(store):
    token = new_token()
    assert store.last_class_deal(token, "truco") is None
    _save(store, token)  # the page's own game
    first = _save(store, token, class_deal=True)
    _save(store, token, class_deal=True, game_id=first, over=True, points=1, outcome="won")
    assert store.last_class_deal(token, "truco").id == first and store.last_class_deal(token, "truco").over
    second = _save(store, token, class_deal=True)
    assert store.last_class_deal(token, "truco").id == second
    third = _save(store, token, class_deal=True)  # a new class deal leaves the one in play apart
    assert store.get(token, second).status == "left" and store.last_class_deal(token, "truco").id == third
    assert store.last_class_deal(token, "pao_de_kuai") is None and store.last_class_deal(new_token(), "truco") is None


def test_sqlite_commits_without_waiting_for_the_disk_in_wal_mode(store):
    if store.engine.dialect.name != "sqlite":
        pytest.skip("a SQLite setting")
    with store.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL


def test_a_read_takes_no_write_lock(store):
    token = new_token()
    _save(store, token, over=True, points=1, outcome="won")
    with store.engine.connect() as writer, writer.begin():  # another kernel in the middle of a save
        writer.execute(text("UPDATE games SET moves = moves + 1"))
        assert len(store.recent(token)) == 1 and store.tally(token)[0]["won"] == 1
        assert store.in_progress(token, "truco") is None


def test_the_database_never_holds_a_token(store):
    token = new_token()
    _save(store, token)
    with store.engine.connect() as connection:
        rows = [*connection.execute(select(players)), *connection.execute(select(games))]
    assert rows and not any(token in str(value) for row in rows for value in row)


def test_a_new_game_leaves_the_old_one_apart_and_uncounted(store):
    token = new_token()
    first = _save(store, token, record="abandoned")
    second = _save(store, token, record="current")
    assert store.in_progress(token, "truco").id == second
    assert [(g.id, g.status) for g in store.unfinished(token)] == [(second, "playing"), (first, "left")]
    with pytest.raises(LookupError):  # a left game can no longer be saved into
        _save(store, token, game_id=first)
    assert store.tally(token) == []


def test_history_counts_finished_games_per_game_and_level(store):
    token = new_token()
    for level, outcome, points, deals in [("low", "won", 30, 9), ("low", "lost", -30, 11), ("high", "lost", -30, 7)]:
        _save(store, token, level=level, over=True, outcome=outcome, points=points, deals=deals)
    _save(store, token, game="french_tarot", over=True, outcome="won", points=66, deals=1, level="high")
    _save(store, token, game="french_tarot", over=True, outcome="won", points=99, class_deal=True)
    _save(store, token)  # in progress: never counted
    assert store.tally(token) == [
        {"game": "french_tarot", "level": "high", "played": 1, "won": 1, "lost": 0, "drawn": 0, "deals": 1,
         "points_per_deal": 66.0},
        {"game": "truco", "level": "high", "played": 1, "won": 0, "lost": 1, "drawn": 0, "deals": 7,
         "points_per_deal": -30 / 7},
        {"game": "truco", "level": "low", "played": 2, "won": 1, "lost": 1, "drawn": 0, "deals": 20,
         "points_per_deal": 0.0},
    ]
    assert len(store.recent(token, limit=2)) == 2 and len(store.recent(token)) == 4


def test_download_all_gives_every_record_oldest_first_and_delete_removes_them(store):
    token, other = new_token(), new_token()
    for n in range(3):
        _save(store, token, game=("truco", "pao_de_kuai", "french_tarot")[n], record=f"record {n}")
    _save(store, other, record="someone else's")
    assert list(store.records(token)) == ["record 0", "record 1", "record 2"]
    assert store.delete_all(token) == 3
    assert list(store.records(token)) == [] and store.unfinished(token) == []
    assert list(store.records(other)) == ["someone else's"]


@pytest.mark.parametrize("bad", ["", "short", "x" * 43 + "!", None, 12, "ä" * 43, "a" * 44])
def test_a_malformed_token_is_refused_before_any_query(store, bad):
    with pytest.raises(ValueError, match="not a player token"):
        store.in_progress(bad, "truco")
    with pytest.raises(ValueError, match="not a player token"):
        _save(store, bad)
    with store.engine.connect() as connection:
        assert connection.execute(select(games)).first() is None


def test_an_unreachable_database_says_so_in_words_and_logs_the_details(tmp_path, caplog):
    where = tmp_path / "nowhere"
    with caplog.at_level(logging.ERROR, logger="cardavia_nb.store"):
        with pytest.raises(StoreError) as err:
            Store(f"postgresql+psycopg://cardavia@/postgres?host={where}&connect_timeout=2")
    assert str(err.value) == "The game store could not open." and str(where) not in str(err.value)
    assert str(where) in caplog.text


def test_a_corrupt_file_fails_in_words_not_with_a_crash(tmp_path, caplog):
    path = tmp_path / "games.sqlite"
    path.write_bytes(b"this is not a database" * 200)
    with caplog.at_level(logging.ERROR, logger="cardavia_nb.store"), pytest.raises(StoreError) as err:
        Store(f"sqlite:///{path}")
    assert "could not open" in str(err.value) and str(tmp_path) not in str(err.value)
    assert "not a database" in caplog.text


def _kernel(url: str, token: str, saves: int) -> int:
    """One process doing what a table's kernel does: open the store, save after every move, finish."""
    store = Store(url)
    game_id = None
    for move in range(1, saves + 1):
        game_id = store.save(token, "truco", f"move {move}", level="low", seat=0, moves=move, deals=1,
                             game_id=game_id, over=move == saves, points=1, outcome="won")
    store.close()
    return game_id


def test_many_kernels_opening_and_saving_at_once_lose_nothing(url):
    tokens = [new_token() for _ in range(6)]
    with multiprocessing.get_context("spawn").Pool(6) as pool:
        ids = pool.starmap(_kernel, [(url, token, 25) for token in tokens])
    store = Store(url)
    try:
        assert len(set(ids)) == 6
        for token in tokens:
            (saved,) = store.recent(token)
            assert (saved.record, saved.moves, saved.status) == ("move 25", 25, "over")
        with store.engine.connect() as connection:
            assert connection.execute(text("SELECT count(*) FROM alembic_version")).scalar() == 1
    finally:
        store.close()
