"""Where games last: games in progress, each player's history and the class tables, in one database named by a URL.

SQLAlchemy Core over SQLite (the default, a file beside the server) or PostgreSQL (several machines);
the schema is versioned by Alembic. Only the kernel reaches it; a page holds nothing but its token.
Tokens, the URL and the rows need no SQLAlchemy (the browser edition has none, and keeps its games with
``store.browser.PageStore`` instead): ``Store`` is imported on first use.
"""

from importlib import import_module
from typing import Any

from cardavia_nb.store.errors import StoreError
from cardavia_nb.store.location import default_url, store_url
from cardavia_nb.store.rows import Saved
from cardavia_nb.store.tokens import check_token, new_token


def __getattr__(name: str) -> Any:
    """``Store`` (``store.games``), imported when first asked for."""
    if name == "Store":
        return import_module("cardavia_nb.store.games").Store
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["Saved", "Store", "StoreError", "check_token", "default_url", "new_token", "store_url"]
