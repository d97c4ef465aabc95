"""The Tarot table offers its whole-set moves (the discard, a poignée) from the engine's own lazy list."""

from __future__ import annotations

from cardavia_nb.games.french_tarot.rules import ActionList
from cardavia_nb.ui import Settings, Table
from tests.support import send


def test_the_poignee_the_engine_offers_is_offered_at_the_table():
    table = Table("french_tarot", seed=2025, settings=Settings(), delay=0)  # seat 0 takes with 10 trumps
    send(table, {"type": "act", "id": "bid:garde"})
    assert isinstance(table.turn.legal, ActionList)  # the discard's sets stay lazy, not a tuple of thousands
    send(table, {"type": "select", "cards": ["10S", "9S", "7S", "5S", "2S", "1H"]})
    send(table, {"type": "act", "id": table.selection["action"]})
    send(table, {"type": "act", "id": "chelem:no"})
    offers = table.game.poignee_offers(table.state)
    presets = table.view["select"]["presets"]
    assert len(offers) == 1 and [p["cards"] for p in presets] == [list(offers[0][1].cards)]
