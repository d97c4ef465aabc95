"""Opening the database: a SQLAlchemy engine set up for many kernels at once, migrated on first use.

SQLite gets WAL, a busy timeout, ``BEGIN IMMEDIATE`` transactions for writes (a writer waits for the
lock at the start instead of failing with "database is locked" half way; reads, through ``reading``,
take no lock) and ``synchronous = NORMAL`` (a commit
writes the log without waiting for the disk: the write lock is held for microseconds, not an fsync);
PostgreSQL needs nothing special.
The schema is brought to the newest Alembic revision under a lock, so thirty kernels starting at once
migrate it once.
"""

from __future__ import annotations

import contextlib
import logging
import os
from pathlib import Path
from typing import Iterator

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError

MIGRATIONS = Path(__file__).with_name("migrations")
log = logging.getLogger("cardavia_nb.store")
BUSY_MS = 15_000
CONNECT_SECONDS = 5  # PostgreSQL's connect timeout
_LOCK_ID = 0x63617264  # any fixed number: PostgreSQL's advisory lock for the migration
_READING = "cardavia_reading"  # an execution option: this transaction only reads
_NOT_ALLOWED = "42501"  # PostgreSQL's SQLSTATE for a statement the role may not run


def _sqlite_setup(engine: Engine) -> None:
    """WAL, foreign keys, a busy timeout, and transactions that take the write lock when they begin."""

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection, _record) -> None:
        dbapi_connection.isolation_level = None  # the driver opens no transaction of its own
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
        cursor.execute("PRAGMA journal_mode = WAL")
        # NORMAL in WAL mode: a commit is not fsynced, the log is at checkpoints. A crashed or killed
        # process (a kernel, the server) loses nothing committed; only a power loss or an OS crash can
        # lose the last commits (the last moves), never corrupt the file (docs/classroom.md).
        cursor.execute("PRAGMA synchronous = NORMAL")
        cursor.execute("PRAGMA foreign_keys = ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _begin(connection) -> None:
        # a read needs no write lock: in WAL it sees a snapshot, and writers need not wait for it
        connection.exec_driver_sql("BEGIN" if connection.get_execution_options().get(_READING) else "BEGIN IMMEDIATE")


@contextlib.contextmanager
def reading(engine: Engine) -> Iterator[Connection]:
    """A transaction that only reads (on SQLite it takes no write lock, unlike ``engine.begin()``)."""
    with engine.connect() as connection:
        connection.execution_options(**{_READING: True})
        with connection.begin():
            yield connection


def _private_file(path: Path) -> None:
    """Create the SQLite file ``path`` (and its folder) readable by this user only: it holds every record and
    the class seeds. SQLite gives its log files the database file's mode. A file an older version left readable
    by others is made private (when this user owns it; else the log says so)."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))  # an empty file is an empty database
    except FileExistsError:
        for kept in (path, path.with_name(f"{path.name}-wal"), path.with_name(f"{path.name}-shm")):
            try:
                if kept.exists() and kept.stat().st_mode & 0o077:
                    kept.chmod(0o600)
            except OSError as err:
                log.warning("store: %s is readable by other users and could not be made private: %s", kept, err)


def make_engine(url: str) -> Engine:
    """An engine for ``url``; a SQLite file is created private (folder 0700, file 0600) if it does not exist."""
    parsed = make_url(url)
    if parsed.get_backend_name() == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            _private_file(Path(parsed.database))
        engine = create_engine(parsed, connect_args={"timeout": BUSY_MS / 1000})
        _sqlite_setup(engine)
        return engine
    # a server that does not answer fails the move's save in seconds (play goes on), not after the system's timeout
    return create_engine(parsed, pool_pre_ping=True, connect_args={"connect_timeout": CONNECT_SECONDS})


def _config() -> Config:
    """Alembic's configuration, pointing at the migrations shipped inside the package."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def head() -> str:
    """The newest schema revision the package knows."""
    return ScriptDirectory.from_config(_config()).get_current_head()


def _revision(engine: Engine) -> str | None:
    """The revision the database is at, or None before the first migration."""
    with engine.connect() as connection:
        if not engine.dialect.has_table(connection, "alembic_version"):
            return None
        return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()


def _upgrade(engine: Engine, config: Config) -> None:
    """Run the migrations to the newest revision in one transaction (on PostgreSQL under the advisory lock)."""
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:id)"), {"id": _LOCK_ID})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest revision (a no-op when it is there), once across processes; a schema
    this package does not know (a newer Cardavia upgraded it) is left alone and said in the error, and so is a
    role that may not change the schema (a kernel's on a hub, ``store.roles``)."""
    config = _config()
    script = ScriptDirectory.from_config(config)
    newest, current = script.get_current_head(), _revision(engine)
    if current == newest:
        return
    if current is not None and current not in {r.revision for r in script.walk_revisions()}:
        raise RuntimeError(f"the database's schema is at revision {current!r}, which this Cardavia (newest "
                           f"{newest!r}) does not know: a newer version upgraded it; upgrade Cardavia here too")
    try:
        _upgrade(engine, config)
    except DBAPIError as err:
        if getattr(err.orig, "sqlstate", None) != _NOT_ALLOWED:
            raise
        raise RuntimeError(f"the database's schema is at revision {current or 'none'}, this Cardavia's is {newest}, "
                           "and this database role may not change the schema: the owner's start-up job upgrades it "
                           "(python -m cardavia_nb.store.roles)") from err
