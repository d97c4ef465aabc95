"""Which database the store uses: one URL, from the caller, ``CARDAVIA_STORE``, or the default file."""

from __future__ import annotations

import os
from pathlib import Path

ENV = "CARDAVIA_STORE"
ROOM_ENV = "CARDAVIA_ROOM_URL"  # class mode: the server's address on the room's network, for the board's student link
DATA_DIR = ".cardavia"
FILE_NAME = "games.sqlite"


def default_url(where: Path | str | None = None) -> str:
    """A SQLite file in ``.cardavia/`` under ``where`` (the folder the server runs in by default)."""
    folder = Path(where or os.getcwd()) / DATA_DIR
    return f"sqlite:///{folder / FILE_NAME}"


def store_url(url: str | None = None) -> str:
    """The URL in force: the one given, else ``$CARDAVIA_STORE``, else the default SQLite file."""
    return url or os.environ.get(ENV) or default_url()
