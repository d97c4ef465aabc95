"""The class (issue 29): sets of the same deals a teacher hands out, and the one place the pages import it from.

The pure parts (codes, the set's deals and players, scores, the results file, the teacher key) need no
database and work in the browser edition too; ``Classes``, the door to the class tables, needs SQLAlchemy
and is imported when first asked for. The server command is ``python -m cardavia_nb.classroom``
(``classroom.server``).

A student's page deals deal ``i`` as ``set_deal(game, cls, i)`` (its seed is ``deal_seed(cls, i)``) against
``set_players(cls, i)`` (seat 0 is the student), and hands the table's record of the finished deal, cut at
the deal's end, to ``Classes.finish``: any other cards, players or moves are refused in words.
"""

from __future__ import annotations

from typing import Any

from cardavia_nb.classroom.board_data import board_csv
from cardavia_nb.classroom.deals import (
    MAX_DEALS, MAX_NAME, SET_LEVELS, ClassError, ClassSet, check_name, deal_seed, open_code,
    parse_open, set_deal, set_players,
)
from cardavia_nb.classroom.results_files import MAX_FILE, parse_file, results_file
from cardavia_nb.classroom.teacher_key import HASH_ENV, teacher_id, teacher_ok


def __getattr__(name: str) -> Any:
    """``Classes`` from ``classroom.door``, imported when first asked for (it needs SQLAlchemy)."""
    if name == "Classes":
        from cardavia_nb.classroom.door import Classes
        return Classes
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["HASH_ENV", "MAX_DEALS", "MAX_FILE", "MAX_NAME", "SET_LEVELS", "ClassError", "ClassSet",
           "board_csv", "check_name", "deal_seed", "open_code", "parse_file", "parse_open",
           "results_file", "set_deal", "set_players", "teacher_id", "teacher_ok"]
