"""Property-based fuzzing of the teacher's board (as ``tests/test_ui_fuzz.py`` does for the other widgets),
on SQLite and PostgreSQL: arbitrary intents, trait writes and junk from the page; a notice or nothing out,
never an exception, never the teacher key, a path or a traceback in what is sent back, and the store
changed only by an accepted *Create*, *Close* or results file; the page's token may change at any point."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from cardavia_nb.store import new_token
from cardavia_nb.classroom import Classes
from cardavia_nb.ui import Settings
from cardavia_nb.ui.classroom.teacher_page import Board
from cardavia_nb.ui.classroom.high_scores import keep_high
from tests import databases
from tests.test_board import ENV, KEY, OTHER, played
from tests.test_ui_fuzz import FAILED, comm_data, json as any_json
from tests.wire import Wire, custom, leaks, raw

url, store = databases.sqlite_url, databases.store  # SQLite: the store's own modules test both

TOKEN_SWITCH = "token switch"
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
IDS = ("create", "close", "export", "set:1", "set:2", "set:3", "replay:0:0", "replay:1:0", "replay:0:9", "game:truco",
       "game:poker", "level:high", "kind:open", "results", "key", "deals", "")
TYPES = ("key", "origin", "press", "number", "text", "file", "result", "finish", "act", "")
intent = st.fixed_dictionaries(
    {"type": st.sampled_from(TYPES)},
    optional={"id": st.sampled_from(IDS) | any_json, "value": st.sampled_from([KEY, OTHER, 3, 99, "x" * 3000]) | any_json,
              "name": st.text(max_size=20), "text": st.sampled_from(["{}", "x" * 10]) | st.text(max_size=50),
              "score": any_json, "deal": any_json})


def snapshot(classes: Classes) -> str:
    """Everything the store holds of the teacher's sets (and of the other teacher's), as one text."""
    sets = classes.sets(KEY) + classes.sets(OTHER)
    return json.dumps([[s.id, s.closed] for s in sets] +
                      [classes.board(KEY, s.id) for s in classes.sets(KEY)], default=str, sort_keys=True)


def test_fuzz_board_messages(store, monkeypatch):
    monkeypatch.setattr("cardavia_nb.ui.classroom.high_scores.high_score", lambda game, cls, index: 1.5)
    monkeypatch.setattr("cardavia_nb.ui.classroom.teacher_page.start_high", lambda *args: keep_high(*args))  # at once: no race
    classes = Classes(store)
    theirs = classes.create(OTHER, "pao_de_kuai", "low", 1)
    board = Board(classes=classes, environ=ENV, settings=Settings())
    custom(board, {"type": "key", "value": KEY})
    custom(board, {"type": "press", "id": "game:pao_de_kuai"})
    custom(board, {"type": "press", "id": "create"})
    mine = board.chosen
    classes.join(classes.sets(KEY)[0], "a" * 43, "Ana")
    classes.finish(classes.sets(KEY)[0], "a" * 43, 0, played(classes.sets(KEY)[0], 0))
    names = sorted(board.keys)
    fixed = {"_hub", "_esm", "_renderer"}
    downloads: list = []
    board.send = downloads.append
    cases = [0]

    @FUZZ
    @given(data=comm_data(names) | st.fixed_dictionaries({"method": st.just("custom"), "content": intent})
           | st.just(TOKEN_SWITCH))
    def case(data):
        cases[0] += 1
        before, state = snapshot(classes), board.get_state()
        wire = Wire(board, board.settings)
        if data == TOKEN_SWITCH:  # the page's settings bar tells a new token (its storage was cleared)
            custom(board.settings, {"type": "token", "value": new_token()})
        else:
            raw(board, data)
        sent = wire.take() + downloads
        downloads.clear()
        assert not leaks(sent) and KEY not in json.dumps(sent, default=str)
        assert not board.notice.startswith(FAILED), (data, board.notice)
        content = data.get("content") if isinstance(data, dict) and data.get("method") == "custom" else None
        changed = snapshot(classes) != before
        if changed:  # only an accepted Create, Close or results file writes to the store
            assert isinstance(content, dict) and board.teacher and not board.notice, data
            assert (content.get("type"), content.get("id")) in {("press", "create"), ("press", "close"), ("file", "results")}
        after = board.get_state()
        assert all(after[k] == state[k] for k in fixed)
        assert all(s.closed is False for s in classes.sets(OTHER)) and classes.board(OTHER, theirs.id)["students"] == []
        custom(board, {"type": "key", "value": KEY})  # a wrong key closed the page: open it again
        if board.chosen is None:
            custom(board, {"type": "press", "id": f"set:{mine}"})

    case()
    print(f"board fuzz cases run: {cases[0]}")
    assert cases[0] >= 100


@pytest.mark.parametrize("junk", [{"method": "update", "state": {"blocks": [], "notice": "x"}}, {"method": "custom"}, None])
def test_trait_writes_and_junk_change_nothing(junk):
    board = Board(classes=None, environ=ENV, settings=Settings())
    before = board.get_state()
    raw(board, junk)
    assert board.get_state()["blocks"] == before["blocks"] and not board.teacher
