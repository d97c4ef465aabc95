"""A student's bot at the table: ``Table(game, players={seat: bot})`` puts it in a computer seat."""

from __future__ import annotations

import pytest

from cardavia_nb.ui import Settings, Table
from tests.support import send


class Recorder:
    """Plays the last legal move and remembers what it was shown."""

    name = "Mine"

    def __init__(self):
        self.seen = []

    def choose(self, game, view, legal):
        self.seen.append(view)
        return legal[-1]


def test_given_bot_takes_the_computer_seat_and_sees_only_its_view():
    bot = Recorder()
    table = Table("truco", players={1: bot}, seed=4, settings=Settings())
    for _ in range(6):
        if table.view["over"] or bot.seen:
            break
        ids = [a["id"] for a in table.view["actions"]] or [c["action"] for c in table.view["hand"] if c["action"]]
        send(table, {"type": "act", "id": ids[0]})
    assert bot.seen and all(v.seat == 1 for v in bot.seen)
    send(table, {"type": "level", "level": "high"})
    assert table._players[1] is bot  # the level changes the house players, never the given one


def test_players_must_name_computer_seats():
    with pytest.raises(ValueError, match=r"computer seats 1, not \[0\]"):
        Table("truco", players={0: Recorder()}, settings=Settings())
