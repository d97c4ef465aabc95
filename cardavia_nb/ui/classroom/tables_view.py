"""The board's *Tables in class*: the buttons that seat a server set's students in pairs or fours, and each table's
people, state and results, apart from the set's deals (``classroom.rooms``).

Pure functions of the board's plain data and the page language. Students' names only go into table cells, which
the page shows as text.
"""

from __future__ import annotations

from typing import Any

from cardavia_nb import i18n
from cardavia_nb.store.seating import table_sizes
from cardavia_nb.ui.classroom.teacher_view import head
from cardavia_nb.ui.history.panel import RESULTS
from cardavia_nb.ui.panel import buttons, md, table


def size_label(size: int, lang: str) -> str:
    """The button that seats ``size`` students to a table: "Pairs", "Tables of 3" …"""
    return i18n.translate("board.tables.pairs" if size == 2 else "board.tables.size", lang, n=size)


def state(room: dict[str, Any], lang: str) -> str:
    """Where a table's game stands: not begun, how many moves, or over."""
    if any(p["outcome"] for p in room["people"]):
        return i18n.translate("board.tables.over", lang)
    if not room["moves"]:
        return i18n.translate("board.tables.waiting", lang)
    return i18n.translate("board.tables.playing", lang, n=room["moves"])


def results(room: dict[str, Any], lang: str) -> str:
    """Each student's result once the table's game is over, marked where a computer played for them."""
    t = lambda key, **p: i18n.translate(key, lang, **p)  # noqa: E731
    out = []
    for person in room["people"]:
        word = t(RESULTS[person["outcome"]]) if person["outcome"] in RESULTS else "–"
        out.append(f"{person['name']}: {word}" + (f" ({t('board.tables.helped')})" if person["helped"] else ""))
    return " · ".join(out)


def tables_blocks(rooms: list[dict[str, Any]], info: dict[str, Any], lang: str) -> list[dict]:
    """The section under the board of a set kept on this server (none for an open set: no shared server)."""
    if info["kind"] != "server":
        return []
    t = lambda key, **p: i18n.translate(key, lang, **p)  # noqa: E731
    out = [md(f"## {t('board.tables.title')}"),
           md(t("board.tables.intro", level=t(f"ui.level.{info['level']}"))),
           buttons([(f"tables:{n}", size_label(n, lang)) for n in table_sizes(info["game"])], named=True)]
    if rooms:
        rows = [[i18n.number(r["number"], lang), ", ".join(p["name"] for p in r["people"]), state(r, lang),
                 results(r, lang)] for r in rooms]
        out.append(table(head(lang, "table", "people", "state", "result"), rows))
    return out


__all__ = ["results", "size_label", "state", "tables_blocks"]
