"""The table: a widget that is a view of one seat of a game in play (``widget``), the turn records and snapshots
it draws from, the words of a finished deal, and one adapter per game."""

from cardavia_nb.ui.table.widget import LEVELS, Table, deal_code, default_opponents

__all__ = ["LEVELS", "Table", "deal_code", "default_opponents"]
