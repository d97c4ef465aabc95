"""Hypothesis drives a game page's *Your games* panel and its table with the page's token switched at any point
(issue 41), on SQLite and PostgreSQL: whatever the order, no intent breaks the page, *Download all* sends only
finished games of the token the page holds at that moment, and nothing the page receives carries another
token's game, a game in progress or a class deal's record."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings as hsettings, strategies as st

from cardavia_nb.core.record import Record
from cardavia_nb.store import new_token
from cardavia_nb.ui import Settings, Table
from cardavia_nb.ui.history.panel import History
from cardavia_nb.ui.history.keeper import Keeper
from tests import databases
from tests.test_disclosure import to_the_end
from tests.test_ui_fuzz import FAILED
from tests.wire import Wire, custom

url, store = databases.sqlite_url, databases.store  # SQLite: the store's own modules test both

GAME = "pao_de_kuai"
STEP = st.one_of(
    st.tuples(st.just("act"), st.integers(0, 20)),
    st.tuples(st.just("press"), st.sampled_from(["download", "delete", "delete-yes", "delete-no", "back", "review:0",
                                                 "review:1", "review:2", "review:999", "review:x"])),
    st.sampled_from([("finish",), ("new",), ("switch",), ("first",), ("review",), ("download_record",)]),
)


def planted(store, token: str, marker: int, **row) -> int:
    """A kept row of ``token`` whose record carries the seed ``marker``, so any message holding it is seen."""
    record = Record(GAME, marker, (), {}, None, ())
    return store.save(token, GAME, record.to_json(), level="low", seat=0, moves=40, deals=1, **row)


@hsettings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(steps=st.lists(STEP, min_size=1, max_size=16))
def test_history_intents_with_a_token_switch_at_any_point(store, steps):
    first, other = new_token(), new_token()
    foreign = 9_100_000_000_000_001  # a finished game of another browser's token
    apart = 9_100_000_000_000_002  # a class deal of the page's own token
    planted(store, other, foreign, over=True, points=1.0, outcome="won")
    ids = [planted(store, first, apart, over=True, points=1.0, outcome="won", class_deal=True)]
    settings, keeper = Settings(), Keeper(store=store)
    table = Table(GAME, settings=settings, keeper=keeper, seed=3, delay=0)
    history = History(GAME, keeper=keeper, settings=settings)
    wire = Wire(settings, table, history)
    files: list = []
    history.send = table.send = files.append
    custom(settings, {"type": "token", "value": first})
    for step in steps:
        kind = step[0]
        if kind == "act" and table.turn.legal and not table.turn.over:
            custom(table, {"type": "act", "id": table.turn.legal[step[1] % len(table.turn.legal)].id})
        elif kind == "finish":
            to_the_end(table)
        elif kind == "new":
            custom(table, {"type": "new"})
        elif kind == "press":
            press = step[1]
            if press.startswith("review:") and press[7:].isdigit() and int(press[7:]) < len(ids):
                press = f"review:{ids[int(press[7:])]}"
            custom(history, {"type": "press", "id": press})
        elif kind in ("switch", "first"):  # a browser whose storage was cleared, or the first one's again
            custom(settings, {"type": "token", "value": new_token() if kind == "switch" else first})
        elif kind == "review":
            custom(table, {"type": "review"})
        elif kind == "download_record":
            custom(table, {"type": "download"})
        assert not table.notice.startswith(FAILED) and not history.notice.startswith(FAILED), (step, table.notice)
        if keeper.game_id is not None and keeper.game_id not in ids:
            ids.append(keeper.game_id)
        sent = json.dumps(wire.take() + files, default=str)
        assert str(foreign) not in sent and str(apart) not in sent, step
        for file in files:
            if file.get("name") == "cardavia-games.jsonl":  # Download all: finished games of the token now held
                mine = {saved.record for saved in store.recent(settings.token, limit=None)}
                for line in file["text"].splitlines():
                    assert line in mine and Record.from_json(line).result is not None, step
        files.clear()
    table.close()
    history.close()
