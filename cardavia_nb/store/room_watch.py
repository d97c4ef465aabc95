"""Hearing at once that another kernel wrote a room's move: PostgreSQL's LISTEN, or SQLite's data_version polled.

Each listener is a thread with a database connection of its own, outside the engine's pool: on PostgreSQL it
LISTENs on the room's channel (``rooms.channel``; psycopg 3's ``notifies``, delivered at commit); SQLite has no
notification, but ``PRAGMA data_version`` changes when another connection commits, so a cheap poll of it asks
``progress`` only after a commit somewhere. Either calls ``callback(version)`` when the room started or its last
move moved.
"""

from __future__ import annotations

import logging
import threading
from typing import Any, Callable

from cardavia_nb.store.rooms import channel, progress, room_id

log = logging.getLogger("cardavia_nb.store")
EVERY = 0.05  # seconds between SQLite's polls, and between PostgreSQL's looks at whether to stop
RETRY = 0.5  # seconds before a listener whose connection failed connects again


class Listening:
    """A room's listener thread; ``stop()`` ends it and closes its connection."""

    def __init__(self, store: Any, code: str, callback: Callable[[int], None], every: float = EVERY):
        """Start listening to the room ``code`` (unknown: refused in words); returns once it hears."""
        self.store, self.code, self.callback, self.every = store, code, callback, every
        self.room = room_id(store, code)
        self._stop, self._ready = threading.Event(), threading.Event()
        postgres = store.engine.dialect.name == "postgresql"
        self._thread = threading.Thread(target=self._listen if postgres else self._poll, daemon=True,
                                        name=f"cardavia-room-{self.room}")
        self._thread.start()
        self._ready.wait()

    def _connect(self) -> Any:
        """A driver connection of its own to the store's database (not one of the pool's)."""
        dialect = self.store.engine.dialect
        args, kwargs = dialect.create_connect_args(self.store.engine.url)
        return dialect.connect(*args, **kwargs)

    def _listen(self) -> None:
        """PostgreSQL: LISTEN on the room's channel; each notification's payload is the move's number (0: the start).
        A connection that drops (the server restarted, the network failed) is made again, and what was written
        meanwhile, whose notifications are lost, is read at once."""
        again = False  # listening again: moves may have been written while nobody listened
        while not self._stop.is_set():
            try:
                connection = self._connect()
            except Exception as err:  # noqa: BLE001 - the server is not back yet: try again
                self._waiting(err)
                continue
            try:
                connection.autocommit = True
                connection.execute(f'LISTEN "{channel(self.room)}"')
                if again:
                    self.callback(progress(self.store, self.code)[0])
                again = True
                self._ready.set()
                while not self._stop.is_set():
                    for note in connection.notifies(timeout=self.every):
                        self.callback(int(note.payload))
            except Exception as err:  # noqa: BLE001 - the connection dropped: listen again
                self._waiting(err)
            finally:
                connection.close()

    def _poll(self) -> None:
        """SQLite: after each commit elsewhere (``PRAGMA data_version`` changed), the room's version, if it started
        or moved. A read that fails (the file locked or gone a moment) is tried again, with a connection anew."""
        last = None
        while not self._stop.is_set():
            try:
                connection = self._connect()
            except Exception as err:  # noqa: BLE001 - try again
                self._waiting(err)
                continue
            try:
                changes = None
                while not self._stop.is_set():
                    now = connection.execute("PRAGMA data_version").fetchone()[0]
                    if now != changes:
                        changes, moved = now, progress(self.store, self.code)
                        if last is not None and moved != last:
                            self.callback(moved[0])
                        last = moved
                    self._ready.set()
                    self._stop.wait(self.every)
            except Exception as err:  # noqa: BLE001 - read again after a pause
                self._waiting(err)
            finally:
                connection.close()

    def _waiting(self, err: Exception) -> None:
        """Say that hearing the room stopped (logged), and pause before trying again; ``__init__`` waits no more."""
        log.warning("store: hearing room %s stopped (%r); trying again in %s s", self.room, err, RETRY)
        self._ready.set()
        self._stop.wait(RETRY)

    def stop(self) -> None:
        """Stop listening and wait for the thread to end."""
        self._stop.set()
        self._thread.join()


def listen(store: Any, code: str, callback: Callable[[int], None], every: float = EVERY) -> Listening:
    """Call ``callback(version)`` from a thread of its own each time another kernel starts the room or writes a
    move in it."""
    return Listening(store, code, callback, every)
