"""The store's test databases: a SQLite file, and a real PostgreSQL server the tests start and stop.

PostgreSQL refuses to run as root, so as root the server runs as the ``postgres`` system user, in a
temporary folder it owns, listening only on a unix socket there (no TCP port).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from itertools import count
from typing import Iterator

import pytest
from sqlalchemy import create_engine, text

from cardavia_nb.store import Store

PG_BIN = Path(os.environ.get("CARDAVIA_PG_BIN", "/usr/lib/postgresql/15/bin"))


def pg_missing() -> str | None:
    """Why no PostgreSQL server can be started here, or None when one can."""
    if not (PG_BIN / "initdb").exists():
        return f"PostgreSQL's initdb is not in {PG_BIN} (`make test` installs Debian's postgresql package)."
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "running as root without runuser: PostgreSQL cannot be started as another user."
    return None


def _as_server_user(args: list[str]) -> list[str]:
    """The command run as ``postgres`` when we are root (the server will not run as root)."""
    return ["runuser", "-u", "postgres", "--", *args] if os.geteuid() == 0 else args


# A test server's cluster is thrown away with its folder: nothing in it needs to survive a crash, so it skips
# every flush to disk (each test creates a database, and each CREATE DATABASE otherwise waits for its files).
THROWAWAY = " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"


@contextlib.contextmanager
def postgresql_server(durable: bool = True, password: str | None = None) -> Iterator[str]:
    """A fresh PostgreSQL cluster for the duration of the block; yields its SQLAlchemy URL. ``durable=False``
    for tests: no flushes to disk (benchmarks keep the defaults, so that their figures are a real server's).
    With ``password`` every login needs its password (SCRAM), as on a school's server; the owner's is that one."""
    folder = Path(tempfile.mkdtemp(prefix="cardavia-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres")
    data, log = folder / "data", folder / "log"
    run = lambda *args: subprocess.run(_as_server_user([str(PG_BIN / args[0]), *args[1:]]),  # noqa: E731
                                       check=True, capture_output=True, timeout=120)
    login = ["-A", "trust"]
    if password:
        (folder / "pw").write_text(password)
        if os.geteuid() == 0:
            shutil.chown(folder / "pw", "postgres")
        login = ["-A", "scram-sha-256", f"--pwfile={folder / 'pw'}"]
    try:
        run("initdb", "-D", str(data), *login, "-U", "cardavia", *([] if durable else ["--no-sync"]))
        (folder / "pw").unlink(missing_ok=True)
        options = f"-k {folder} -c listen_addresses=''" + ("" if durable else THROWAWAY)
        run("pg_ctl", "-D", str(data), "-o", options, "-l", str(log), "-w", "start")
        try:
            yield f"postgresql+psycopg://cardavia{':' + password if password else ''}@/postgres?host={folder}"
        finally:
            # a throwaway cluster stops at once, without the shutdown checkpoint that writes out every test
            # database's pages only for the folder to be deleted next (seconds at the end of each test process)
            run("pg_ctl", "-D", str(data), "-m", "fast" if durable else "immediate", "-w", "stop")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def restart_postgresql(url: str) -> None:
    """Restart the test server ``url`` runs on (``postgresql_server``'s folder is its socket's host): every
    connection to it drops, as when a database server restarts under running kernels."""
    folder = Path(url.split("host=")[1].split("&")[0])
    subprocess.run(_as_server_user([str(PG_BIN / "pg_ctl"), "-D", str(folder / "data"), "-l", str(folder / "log"),
                                    "-m", "fast", "-w", "restart"]), check=True, capture_output=True, timeout=120)


@contextlib.contextmanager
def database(kind: str) -> Iterator[str]:
    """A fresh database of ``kind`` ("sqlite" or "postgresql") for the block; yields its URL (benchmarks)."""
    if kind == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            yield f"sqlite:///{Path(tmp) / 'games.sqlite'}"
    else:
        with postgresql_server() as url:
            yield url


# --- fixtures: a test module that touches the database imports these three -----------------

_numbers = count()


@pytest.fixture(scope="session")
def postgresql():
    """One PostgreSQL server for the session; missing in CI fails, elsewhere skips with the reason."""
    missing = pg_missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"PostgreSQL is needed for the store's tests: {missing}")
        pytest.skip(missing)
    with postgresql_server(durable=False) as url:
        yield url


def _sqlite(folder: Path) -> str:
    """A fresh SQLite database's URL in ``folder``."""
    return f"sqlite:///{folder / 'store' / 'games.sqlite'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path):
    """A fresh, empty database of each kind."""
    if request.param == "sqlite":
        return _sqlite(tmp_path)
    server = request.getfixturevalue("postgresql")
    name = f"test_{next(_numbers)}_{os.getpid()}"
    admin = create_engine(server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return server.replace("/postgres?", f"/{name}?")


@pytest.fixture(name="url")
def sqlite_url(tmp_path):
    """``url`` for the modules that test a page's flows over the store, on SQLite only: the store's queries those
    flows call are tested on both databases in the store's own modules, and a PostgreSQL database for each of
    these tests would cost the suite half a minute more."""
    return _sqlite(tmp_path)


@pytest.fixture
def store(url):
    """A store on that database, closed afterwards."""
    opened = Store(url)
    yield opened
    opened.close()
