"""The widgets: the shared ``Settings`` bar, the playable ``Table`` and the ``CardFan`` card widget."""

from cardavia_nb.ui.assets import asset
from cardavia_nb.ui.cards import CardFan
from cardavia_nb.ui.settings import Settings, query_lang
from cardavia_nb.ui.table import Table

__all__ = ["CardFan", "Settings", "Table", "asset", "query_lang"]
