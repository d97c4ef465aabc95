"""High's score on each deal of a class set: the yardstick the board puts beside every student's score.

High sits in seat 0 (seeded as the table's hint adviser, ``computer(game, "high", 0)``) against the set's
own computer players (``classroom.set_players``: the very opponents every student meets on that deal), and
plays the set's deal to its end; the score is counted as the students' (``Game.deal_score``). It runs once per deal, in a
thread after the set is made (a few seconds a deal), and is kept in the store with ``Classes.high``: the
board, which polls the store, shows it when it lands.
"""

from __future__ import annotations

import logging
import threading
from typing import Any, Iterable

from cardavia_nb.core.game import Game
from cardavia_nb.core.playing import play_out
from cardavia_nb.games import get as get_game
from cardavia_nb.players.seats import computer
from cardavia_nb.classroom import set_deal, set_players
from cardavia_nb.ui.background import in_background

log = logging.getLogger("cardavia_nb.ui.classroom.teacher_page")


def high_score(game: Game, cls: Any, index: int) -> float:
    """High's score on deal ``index`` of the set ``cls``, against the set's level."""
    players = [computer(game.name, "high", 0), *set_players(cls, index)[1:]]
    state = set_deal(game, cls, index)
    for decision in play_out(game, state, players, until=game.deal_over):
        state = decision.after
    return game.deal_score(state, 0)


def keep_high(classes: Any, key: str, cls: Any, deals: Iterable[int]) -> None:
    """Play and keep High's score on each of ``deals``; a failure is logged on the server and the deal
    shows "High is still playing" (the board starts it again when the set is opened anew)."""
    game = get_game(cls.game)
    for index in deals:
        try:
            classes.high(key, cls.id, index, high_score(game, cls, index))
        except Exception:
            log.exception("High's score on deal %s of a %s class set failed", index, cls.game)


def start_high(classes: Any, key: str, cls: Any, deals: Iterable[int]) -> threading.Thread | None:
    """``keep_high`` in a daemon thread (None where Python has no threads: then it runs here, at once)."""
    return in_background(keep_high, classes, key, cls, list(deals))
