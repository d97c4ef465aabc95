"""Where games last: games in progress, each player's history and classes, in one database named by a URL.

SQLAlchemy Core over SQLite (the default, a file beside the server) or PostgreSQL (several machines);
the schema is versioned by Alembic. Only the kernel reaches it; a page holds nothing but its token.
Tokens and the URL need no SQLAlchemy (the browser edition has none): ``Store`` is imported on first use.
"""

from importlib import import_module
from typing import Any

from cardavia_nb.store.errors import StoreError
from cardavia_nb.store.location import default_url, store_url
from cardavia_nb.store.tokens import check_token, new_token

_DATABASE = {"Saved": "games", "Store": "games", "Classes": "class_store"}


def __getattr__(name: str) -> Any:
    """``Store`` and ``Saved`` (``store.games``), ``Classes`` (``store.class_store``), imported when first asked for."""
    if name in _DATABASE:
        return getattr(import_module(f"cardavia_nb.store.{_DATABASE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Classes", "Saved", "Store", "StoreError", "check_token", "default_url", "new_token", "store_url"]
