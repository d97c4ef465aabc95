"""A store that fails, whatever it raises, never breaks play: driven through the comm messages a page sends,
the table plays on, the parts that follow it are told of every move, the page hears once that games are not
kept, every move tries again, and keeping resumes when the store answers."""

from __future__ import annotations

import logging

import pytest
from sqlalchemy import create_engine, text

from cardavia_nb.core.record import Record
from cardavia_nb.store import Store, StoreError
from cardavia_nb.ui import Settings, Table
from cardavia_nb.ui.history.keeper import Keeper
from cardavia_nb.ui.table.companion import Companion
from tests import databases
from tests.wire import Wire, custom, leaks

postgresql, url, store = databases.postgresql, databases.url, databases.store  # the database fixtures

NOT_KEPT = "Games are not being kept"
WENT_WRONG = "Something went wrong"


def newer(url: str) -> str:
    """``url``'s database as another server left it after upgrading it past this package's migrations."""
    Store(url).close()
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = 'f00dfeedbeef'"))
    engine.dispose()
    return url


class Noting(Companion):
    """A part that notes the number of moves of the table's game each time it is told of a move."""

    def __init__(self, observed: list[int]):
        self.observed = observed

    def moved(self, table: Table) -> None:
        self.observed.append(len(table.record().actions))


def opened(keeper: Keeper, game: str = "truco"):
    """A page of ``game`` kept by ``keeper``: its settings bar has sent a new token, as a page does; every
    message the kernel sends is on the wire, and every committed move is noted as the class panel is told it."""
    settings = Settings()
    table = Table(game, settings=settings, keeper=keeper, seed=7)
    wire, observed = Wire(settings, table), []
    table.attach(Noting(observed))
    custom(settings, {"type": "token", "value": ""})
    return settings, table, wire, observed


def move(table: Table) -> None:
    """The human's first legal move, sent as the page sends it."""
    custom(table, {"type": "act", "id": table.turn.legal[0].id})


def plays_on_unkept(keeper: Keeper, caplog) -> Table:
    """Five moves on a page whose store fails: each is played, observed and never told as a failure; the page
    hears once that games are not kept, and nothing about the database."""
    with caplog.at_level(logging.ERROR, logger="cardavia_nb"):
        settings, table, wire, observed = opened(keeper)
        said = [table.notice]
        for _ in range(5):
            move(table)
            said.append(table.notice)
    assert NOT_KEPT in said[0] and all(n in ("", said[0]) for n in said) and not any(WENT_WRONG in n for n in said)
    assert len(observed) == 5 and len(table.record().actions) >= 5
    sent = repr(wire.take())
    assert leaks([sent]) == [] and sent.count(NOT_KEPT) == 1 and "alembic" not in sent.lower()
    assert caplog.text and settings.token not in caplog.text
    return table


def test_a_database_upgraded_by_a_newer_server_leaves_play_going(url, caplog):
    with pytest.raises(StoreError):
        Store(newer(url))
    plays_on_unkept(Keeper(url=url), caplog)
    assert "f00dfeedbeef" in caplog.text  # the server's log says why, in full


def test_a_database_whose_driver_is_not_installed_leaves_play_going(tmp_path, caplog):
    absent = f"postgresql://cardavia@/games?host={tmp_path}"  # psycopg2: not installed here
    with pytest.raises(StoreError):
        Store(absent)
    plays_on_unkept(Keeper(url=absent), caplog)
    assert "psycopg2" in caplog.text


class Flaky:
    """A store whose writes fail while ``down`` (as any of them could: ``StoreError`` or anything else)."""

    def __init__(self, store: Store, error: Exception):
        self.store, self.error, self.down = store, error, False

    def save(self, *args, **kwargs):
        """The real save, or the failure while down."""
        if self.down:
            raise self.error
        return self.store.save(*args, **kwargs)

    def __getattr__(self, name):
        return getattr(self.store, name)


@pytest.mark.parametrize("error", [StoreError("The game store could not save the game."), KeyError("surprise")])
def test_a_store_that_fails_for_a_while_is_tried_again_at_every_move_and_keeps_again(store, error, caplog):
    flaky = Flaky(store, error)
    settings, table, wire, observed = opened(Keeper(store=flaky))
    move(table)
    flaky.down = True
    with caplog.at_level(logging.ERROR, logger="cardavia_nb"):
        move(table)
        assert NOT_KEPT in table.notice and WENT_WRONG not in table.notice
        move(table)
        assert table.notice == ""  # said once
    assert len(observed) == 3
    flaky.down = False
    move(table)
    assert "kept again" in table.notice and table.tone == "info"
    saved = store.in_progress(settings.token, "truco")
    assert saved.moves == len(table.record().actions)  # the whole game, the moves while down included
    assert [g.id for g in store.unfinished(settings.token)] == [saved.id]  # still one row
    flaky.down = True
    move(table)
    assert NOT_KEPT in table.notice  # a new failure after keeping again is said again
    assert leaks(wire.take()) == []


def test_a_game_that_ended_while_the_store_failed_is_kept_finished_before_the_next_one(store):
    flaky = Flaky(store, StoreError("The game store could not save the game."))
    settings, table, _, _ = opened(Keeper(store=flaky), "pao_de_kuai")
    flaky.down = True
    while not table.turn.over:
        move(table)
    flaky.down = False
    custom(table, {"type": "new"})
    [done] = store.recent(settings.token)
    assert Record.from_json(done.record).result is not None and done.outcome in ("won", "lost")
    assert store.in_progress(settings.token, "pao_de_kuai").id != done.id
