"""The widgets: the shared ``Settings`` bar, the playable ``Table`` and the ``CardFan`` card widget.

Importing it (the first code of every page) puts the comm guard in front of the kernel (``comm_guard``).
"""

from cardavia_nb.ui import comm_guard
from cardavia_nb.ui.assets import asset
from cardavia_nb.ui.cards import CardFan
from cardavia_nb.ui.settings import Settings, query_lang
from cardavia_nb.ui.table import Table

comm_guard.install()

__all__ = ["CardFan", "Settings", "Table", "asset", "query_lang"]
