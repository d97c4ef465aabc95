"""How many people a room seats, and people in order seated at tables: two at least, four at most, never more
than the game's seats. No SQLAlchemy here: the pages that offer rooms or tables import it."""

from __future__ import annotations

from typing import Any

from cardavia_nb.games import get

MIN_HUMANS, MAX_HUMANS = 2, 4


def table_sizes(game: str) -> range:
    """The people a room of ``game`` may seat: from two to four, or to the game's seats if fewer."""
    return range(MIN_HUMANS, min(MAX_HUMANS, get(game).num_players) + 1)


def tables_of(people: list[Any], size: int, most: int) -> tuple[list[list[Any]], list[Any]]:
    """``people`` in order, ``size`` to a table; one left alone joins the last table when it has a seat (a table
    seats ``most`` people at most: ``table_sizes(game)[-1]``), else stays out. The tables, and who stays out."""
    tables = [people[i:i + size] for i in range(0, len(people), size)]
    if tables and len(tables[-1]) < MIN_HUMANS:
        lone = tables.pop()
        if tables and len(tables[-1]) + len(lone) <= most:
            tables[-1] = tables[-1] + lone
        else:
            return tables, lone
    return tables, []


__all__ = ["MAX_HUMANS", "MIN_HUMANS", "table_sizes", "tables_of"]
