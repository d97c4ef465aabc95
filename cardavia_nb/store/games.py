"""The store's one door: save a game after every move, find a player's game in progress, list, export
and delete a player's games. Every query is bound to the token's hash, so a token reads only its own rows.
"""

from __future__ import annotations

import logging
from datetime import datetime, timezone
from typing import Any, Iterator

from sqlalchemy import Engine, and_, case, delete, func, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite

from cardavia_nb.core.record import RecordError
from cardavia_nb.store.engine import make_engine, migrate, reading
from cardavia_nb.store.errors import Refused, StoreError
from cardavia_nb.store.location import store_url
from cardavia_nb.store.rows import LEFT, OVER, PLAYING, Saved, check_outcome
from cardavia_nb.store.tables import games, players
from cardavia_nb.store.tokens import token_key

log = logging.getLogger("cardavia_nb.store")

def _now() -> datetime:
    """The current time in UTC (the store keeps every time in UTC)."""
    return datetime.now(timezone.utc)


def _saved(row: Any) -> Saved:
    """A ``Saved`` from a row of the games table (SQLite returns naive times: they are UTC)."""
    values = dict(row._mapping)
    values.pop("player")
    for name in ("started", "updated"):
        if values[name].tzinfo is None:
            values[name] = values[name].replace(tzinfo=timezone.utc)
    return Saved(**values)


class Store:
    """Games in progress and history in the database at ``url`` (see ``store_url``)."""

    def __init__(self, url: str | None = None):
        """Open (and on first use create or upgrade) the database; a failure raises StoreError."""
        self.url = store_url(url)
        self.engine: Engine = self._guard("open", lambda: self._open(self.url))

    @staticmethod
    def _open(url: str) -> Engine:
        """The migrated engine of ``url``."""
        engine = make_engine(url)
        migrate(engine)
        return engine

    @staticmethod
    def _guard(what: str, work: Any) -> Any:
        """Run ``work()``; whatever fails in it (the database, its driver, Alembic, the file system ...) is
        logged in full and raised as a StoreError in words. The work's own answers pass: a row that is not
        there (``LookupError``), a request refused in words (``Refused``, ``RecordError``)."""
        try:
            return work()
        except StoreError:
            raise
        except Exception as err:
            if type(err) is LookupError or isinstance(err, (Refused, RecordError)):
                raise
            log.error("store: %s failed: %r", what, err, exc_info=True)
            raise StoreError(f"The game store could not {what}.") from None

    def run(self, what: str, work: Any, reads: bool = False) -> Any:
        """``work(connection)`` in one transaction, guarded (``_guard``); ``reads`` marks one that writes
        nothing (on SQLite it takes no write lock): the class tables' and the rooms' door."""
        def transaction() -> Any:
            with (reading(self.engine) if reads else self.engine.begin()) as connection:
                return work(connection)
        return self._guard(what, transaction)

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()

    # --- writing ----------------------------------------------------------------------------
    def save(self, token: str, game: str, record: str, *, level: str, seat: int, moves: int, deals: int,
             game_id: int | None = None, over: bool = False, points: float | None = None,
             outcome: str | None = None, class_deal: bool = False) -> int:
        """Keep a game's record after a move: a new row without ``game_id``, else that row updated.
        Returns the game's id. A new game leaves the player's earlier unfinished game of the same name
        as "left" (kept apart, never counted)."""
        check_outcome(outcome)
        key, now = token_key(token), _now()
        values = dict(record=record, moves=moves, deals=deals, updated=now, status=OVER if over else PLAYING,
                      points=points if over else None, outcome=outcome if over else None)

        def write() -> int:
            with self.engine.begin() as connection:
                if game_id is not None:
                    done = connection.execute(update(games).where(
                        and_(games.c.id == game_id, games.c.player == key, games.c.status == PLAYING)
                    ).values(**values))
                    if done.rowcount != 1:
                        raise LookupError("no such game in progress for this token")
                    return game_id
                connection.execute(self._new_player().values(key=key, created=now).on_conflict_do_nothing())
                connection.execute(update(games).where(and_(
                    games.c.player == key, games.c.game == game, games.c.status == PLAYING,
                    games.c.class_deal == class_deal)).values(status=LEFT, updated=now))
                return connection.execute(insert(games).values(
                    player=key, game=game, level=level, seat=seat, class_deal=class_deal, started=now, **values
                ).returning(games.c.id)).scalar_one()

        return self._guard("save the game", write)

    def _new_player(self) -> Any:
        """An INSERT into players that does nothing when the key is there (two kernels' first saves)."""
        dialect = postgresql if self.engine.dialect.name == "postgresql" else sqlite
        return dialect.insert(players)

    def delete_all(self, token: str) -> int:
        """Delete every game and the player row of ``token``; returns how many games went."""
        key = token_key(token)

        def wipe() -> int:
            with self.engine.begin() as connection:
                gone = connection.execute(delete(games).where(games.c.player == key)).rowcount
                connection.execute(delete(players).where(players.c.key == key))
                return gone

        return self._guard("delete the history", wipe)

    # --- reading ----------------------------------------------------------------------------
    def _rows(self, token: str, *conditions: Any, newest_first: bool = True, limit: int | None = None) -> list[Saved]:
        """The token's games matching ``conditions``."""
        key = token_key(token)
        order = games.c.updated.desc() if newest_first else games.c.id
        query = select(games).where(games.c.player == key, *conditions).order_by(order, games.c.id.desc())
        if limit is not None:
            query = query.limit(limit)

        def read() -> list[Saved]:
            with reading(self.engine) as connection:
                return [_saved(row) for row in connection.execute(query)]

        return self._guard("read the games", read)

    def in_progress(self, token: str, game: str) -> Saved | None:
        """The token's unfinished game of this name (the newest, not a class deal: ``last_class_deal``), or None."""
        found = self._rows(token, games.c.game == game, games.c.status == PLAYING,
                           games.c.class_deal.is_(False), limit=1)
        return found[0] if found else None

    def last_class_deal(self, token: str, game: str) -> Saved | None:
        """The token's newest class deal of this name, in progress or finished (not left), or None: a reload brings
        back the deal the student was at, even one that ended its game (its results are on the page)."""
        found = self._rows(token, games.c.game == game, games.c.status.in_((PLAYING, OVER)),
                           games.c.class_deal.is_(True), limit=1)
        return found[0] if found else None

    def elsewhere(self, token: str, game: str) -> Saved | None:
        """The token's newest game in progress of another name than ``game`` (its own page resumes it), or None."""
        found = self._rows(token, games.c.game != game, games.c.status == PLAYING, games.c.class_deal.is_(False),
                           limit=1)
        return found[0] if found else None

    def get(self, token: str, game_id: int) -> Saved | None:
        """One of the token's games by id; another token's game is simply not found."""
        found = self._rows(token, games.c.id == game_id, limit=1)
        return found[0] if found else None

    def recent(self, token: str, limit: int | None = 10) -> list[Saved]:
        """The token's last finished games (class deals excluded), newest first; every one with ``limit=None``."""
        return self._rows(token, games.c.status == OVER, games.c.class_deal.is_(False), limit=limit)

    def unfinished(self, token: str) -> list[Saved]:
        """The token's games that were not finished (in progress or left), newest first: never counted."""
        return self._rows(token, games.c.status.in_((PLAYING, LEFT)), games.c.class_deal.is_(False))

    def tally(self, token: str) -> list[dict[str, Any]]:
        """Per game and level: finished games, won, lost, drawn, deals and points per deal."""
        key = token_key(token)
        won = func.sum(case((games.c.outcome == "won", 1), else_=0))
        lost = func.sum(case((games.c.outcome == "lost", 1), else_=0))
        query = (select(games.c.game, games.c.level, func.count().label("played"), won.label("won"),
                        lost.label("lost"), func.sum(games.c.deals).label("deals"),
                        func.sum(games.c.points).label("points"))
                 .where(games.c.player == key, games.c.status == OVER, games.c.class_deal.is_(False))
                 .group_by(games.c.game, games.c.level).order_by(games.c.game, games.c.level))

        def read() -> list[dict[str, Any]]:
            with reading(self.engine) as connection:
                out = []
                for row in connection.execute(query):
                    deals = int(row.deals or 0)
                    out.append({"game": row.game, "level": row.level, "played": row.played,
                                "won": int(row.won or 0), "lost": int(row.lost or 0),
                                "drawn": row.played - int(row.won or 0) - int(row.lost or 0), "deals": deals,
                                "points_per_deal": (row.points or 0.0) / deals if deals else 0.0})
                return out

        return self._guard("read the history", read)

    def records(self, token: str) -> Iterator[str]:
        """Every record of the token, oldest first, for the kernel only (what may leave for a page is
        ``ui.disclosure``'s to decide)."""
        for saved in self._rows(token, newest_first=False):
            yield saved.record
