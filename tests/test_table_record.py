"""A table's game as a record file: the deal written out, the seats' players, every move; it replays
with the same computer players making the same decisions."""

from __future__ import annotations

import pytest

from cardavia_nb.core.record import Record
from cardavia_nb.games import get
from cardavia_nb.players import seats
from cardavia_nb.ui import Settings, Table
from tests.support import send


def _play_to_the_end(table: Table, limit: int = 400) -> None:
    """The human plays the first legal move until the game is over."""
    for _ in range(limit):
        if table.turn.over:
            return
        send(table, {"type": "act", "id": table.turn.legal[0].id})
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("name", ["truco", "pao_de_kuai", "french_tarot"])
def test_a_finished_table_game_is_a_record_that_replays_with_its_players(name):
    table = Table(name, seed=21, settings=Settings(), delay=0)
    _play_to_the_end(table)
    record = Record.from_json(table.record().to_json())
    assert record.players[0].kind == "human" and {p.kind for p in record.players[1:]} == {"low"}
    assert record.result is not None and record.setup["hands"]
    game = get(name)
    assert seats.walk(game, record, seats.rebuilt(record)) == table.state  # every computer move again
    other = game.new(999, **record.setup)  # the deal is written out: another seed deals it the same
    assert game.observe(other, 0) == game.observe(game.new(21), 0)


def test_a_level_change_during_the_game_makes_the_computers_bots_in_the_record():
    table = Table("pao_de_kuai", seed=4, settings=Settings(), delay=0)
    send(table, {"type": "act", "id": table.turn.legal[0].id})
    send(table, {"type": "level", "level": "high"})
    assert {p.kind for p in table.record().players[1:]} == {"bot"}
    assert table.record().actions  # the moves are all there, computer moves included
