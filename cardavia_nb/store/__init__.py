"""Where games last: games in progress and each player's history, in one database named by a URL.

SQLAlchemy Core over SQLite (the default, a file beside the server) or PostgreSQL (several machines);
the schema is versioned by Alembic. Only the kernel reaches it; a page holds nothing but its token.
"""

from cardavia_nb.store.games import Saved, Store, StoreError
from cardavia_nb.store.location import default_url, store_url
from cardavia_nb.store.tokens import check_token, new_token

__all__ = ["Saved", "Store", "StoreError", "check_token", "default_url", "new_token", "store_url"]
