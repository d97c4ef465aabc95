"""Whole games of all three games at both levels, scanned at the kernel-to-browser boundary.

Each game is played once at the table through its message handler (no browser). After every update
two scans look for cards the human may not see: the synced traits (``exposed_cards``), and every
message the table sent to the page (views, animation steps, log lines, notices, selections), by card
id and by card name. The allowed set comes from the engine states (``tests.support.PUBLIC``). The
deal code must not be sent before the game is over. Before every move the review's intents are forged
too (download, review, replay, open a record, try a move, show High's move, take over, back): while the deal goes on each is refused in words, the
review trait stays empty and no record file is sent, so nothing of the review, the record or High's
choices reaches the page before the deal is over. The summary's line of High on the same cards is not
begun before the deal is over; once it is, the line is there and what it sends is scanned too. The
count of whole games is printed.
"""

from __future__ import annotations

import pytest

from cardavia_nb.ui import Settings, Table
from cardavia_nb.ui.review import same_cards
from tests.scanners import cards_shown, exposed_cards
from tests.support import MOVES, PUBLIC, recording, send, quick_tarot_high_here  # noqa: F401 (an autouse fixture)
from tests.wire import Wire, leaks, payload

GAMES = {"low": 3, "high": 1}
"""Whole games per level and game (High's are the slow ones)."""
SCANNED: list[str] = []


@pytest.fixture(scope="module", autouse=True)
def report():
    """Print the number of whole games scanned (shown with ``pytest -rA`` or ``-s``)."""
    yield
    print(f"whole games scanned at the boundary: {len(SCANNED)} ({', '.join(sorted(set(SCANNED)))})")


def forge_review(table: Table, wire: Wire) -> list:
    """Every review intent sent during a live deal: each refused, nothing of the review sent; returns
    what went to the page (the notices), for the hidden-card scan."""
    forged = [{"type": "download"}, {"type": "review"}, {"type": "replay", "step": 0, "faceup": True},
              {"type": "close_review"}, {"type": "open_record", "text": table.record().to_json()},
              {"type": "try", "step": 0, "id": "pass"}, {"type": "reveal", "step": 0},
              {"type": "take_over", "step": 0}, {"type": "back_to_review"}]
    sent: list = []
    for intent in forged:
        state = table.state
        send(table, intent)
        assert "nothing changed" in table.notice and table.review == table.judge == {} and table.state is state, intent
        sent += wire.take()
    assert not [m for m in payload(sent) if isinstance(m, dict) and m.get("type") == "download"]
    return sent


def scan_game(name: str, level: str, index: int, max_turns: int = 400) -> Table:
    """Play one whole game with a fresh OS-drawn deal (its code, named in every failure, is not shown
    before the end), scanning the synced traits and the messages sent after every update; return the
    finished table."""
    game, states = recording(name)
    table = Table(game, level=level, settings=Settings(), delay=0)
    wire = Wire(table)
    code = str(table.seed)
    allowed: set[str] = set()
    scanned = 0
    for state in states:
        allowed |= PUBLIC[name](state)
    states.clear()
    opened = exposed_cards(table)  # the state sent when the widget opened
    assert not opened - allowed and code not in str(table.get_state())
    for turn in range(max_turns):
        leaked = exposed_cards(table) - allowed
        assert not leaked, f"{name} {level} seed {code}: hidden cards {sorted(leaked)} reached the synced traits"
        assert not table.notice, table.notice
        view = table.view
        assert all(isinstance(s["count"], int) for s in view["seats"] if s["seat"] != 0)
        if view["over"]:
            assert scanned > 0
            SCANNED.append(f"{name}/{level}")
            return table
        forged = forge_review(table, wire) if not table.game.deal_over(table.state) else []
        send(table, MOVES[name](table, index, turn))
        over = table.game.deal_over(table.state)
        if over and same_cards.wanted():  # the summary's line of High on the same cards, scanned as it arrives
            assert table.review.get("same"), f"{name} {level}: no line of High on the same cards"
            table.reviewing.wait()
        elif not over:  # nothing of it before the deal is over: not begun, not sent
            assert table.review == {} and table.reviewing.same.record is None, f"{name} {level}: {table.review}"
        for state in states:
            allowed |= PUBLIC[name](state)
        states.clear()
        sent = payload(forged + wire.take())
        scanned += len(sent)
        hidden = cards_shown(sent, table) - allowed
        assert not hidden, f"{name} {level} seed {code}: hidden cards {sorted(hidden)} sent to the page"
        assert not leaks(sent)
        if not table.view["over"]:
            assert code not in str(sent), f"{name} {level}: the deal code was sent during play"
    raise AssertionError(f"{name} {level} seed {code}: no end after {max_turns} human turns")


# At Low the summary's line of High on the same cards is scanned too (at High its play-out, four High
# players at Tarot, would double the test's time for the same line)
@pytest.mark.parametrize("level", [pytest.param("low", marks=pytest.mark.same_cards), "high"])
@pytest.mark.parametrize("name", ["truco", "pao_de_kuai", "french_tarot"])
def test_whole_games_show_and_send_no_hidden_card(name, level):
    for index in range(GAMES[level]):
        table = scan_game(name, level, index)
        result, view = table.result, table.view
        assert len(result["payoffs"]) == table.game.num_players and result["items"]
        assert view["actions"] == [] and view["status"] == "The game is over."
        if name == "truco":
            assert result["winners"] in ([0], [1]) and "Final score" in result["title"]
