"""Whole games of all three games at both levels, scanned at the kernel-to-browser boundary.

Every message the table sends to the page (each synced state update: views, animation steps, log
lines, notices, selections) is captured at the comm and scanned for the id or the name of any card
the human may not see; the allowed set comes from the engine states (tests/test_ui_games.PUBLIC).
The deal code must not be sent before the game is over. The count of whole games is printed.
"""

from __future__ import annotations

import pytest

from cardavia_nb.ui import Settings, Table
from cardavia_nb.ui.table import cards_shown, exposed_cards
from tests.test_ui_games import PUBLIC, human_move, pdk_move, recording, tarot_move
from tests.wire import Wire, leaks, payload

MOVES = {"truco": human_move, "pao_de_kuai": pdk_move, "french_tarot": tarot_move}
GAMES_PER_LEVEL = 3
SCANNED: list[str] = []


@pytest.fixture(scope="module", autouse=True)
def report():
    """Print the number of whole games scanned (shown with ``pytest -rA`` or ``-s``)."""
    yield
    print(f"whole games scanned at the boundary: {len(SCANNED)} ({', '.join(sorted(set(SCANNED)))})")


def scan_game(name: str, level: str, index: int, max_turns: int = 400) -> int:
    """Play one whole game with a fresh OS-drawn deal; return the number of messages scanned."""
    game, states = recording(name)
    table = Table(game, level=level, settings=Settings(), delay=0)
    wire = Wire(table)
    code = str(table.seed)
    allowed: set[str] = set()
    scanned = 0
    for state in states:
        allowed |= PUBLIC[name](state)
    opened = exposed_cards(table)  # the state sent when the widget opened
    assert not opened - allowed and code not in str(table.get_state())
    for turn in range(max_turns):
        if table.view["over"]:
            SCANNED.append(f"{name}/{level}")
            return scanned
        table._handle_custom_msg(MOVES[name](table, index, turn), [])
        for state in states:
            allowed |= PUBLIC[name](state)
        states.clear()
        sent = payload(wire.take())
        scanned += len(sent)
        hidden = cards_shown(sent, table) - allowed
        assert not hidden, f"{name} {level}: hidden cards {sorted(hidden)} sent to the page"
        assert not leaks(sent)
        if not table.view["over"]:
            assert code not in str(sent), f"{name} {level}: the deal code was sent during play"
    raise AssertionError(f"{name} {level}: no end after {max_turns} human turns")


@pytest.mark.parametrize("level", ["low", "high"])
@pytest.mark.parametrize("name", ["truco", "pao_de_kuai", "french_tarot"])
def test_whole_games_send_no_hidden_card(name, level):
    for index in range(GAMES_PER_LEVEL):
        assert scan_game(name, level, index) > 0
