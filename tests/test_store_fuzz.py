"""Property-based fuzzing of the store's intents, as tests/test_ui_fuzz.py does for the table: arbitrary
JSON as the page's token (resume), and as presses of the history panel (history, download, delete),
against SQLite and PostgreSQL. Never an exception, never a token that is not one, never a game of
another token shown or deleted, and a history deleted only by *Delete my history* confirmed."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings as hsettings, strategies as st

from cardavia_nb.store import check_token, new_token
from cardavia_nb.ui import Settings, Table
from cardavia_nb.ui.history import History
from cardavia_nb.ui.keeping import Keeper
from tests import databases

postgresql, url, store = databases.postgresql, databases.url, databases.store  # the database fixtures
FUZZ = hsettings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))

scalars = st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False) | st.text(max_size=50)
junk = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)
tokens = junk | st.just(new_token()) | st.text(alphabet="abcXYZ019-_", min_size=40, max_size=46)
presses = st.lists(st.fixed_dictionaries({"type": st.sampled_from(["press", "pick", "number", "token", "set", ""])},
                                         optional={"id": st.sampled_from(["download", "delete", "delete-yes", "delete-no"]) | junk,
                                                   "value": junk}) | junk, max_size=6)


@FUZZ
@given(value=tokens)
def test_any_token_intent_leaves_a_valid_token_and_the_game_in_play(store, value):
    settings = Settings()
    table = Table("truco", settings=settings, keeper=Keeper(store=store), seed=11)
    before = table.state
    settings._on_msg(settings, {"type": "token", "value": value}, [])
    assert check_token(settings.token) == settings.token
    assert table.state == before  # nothing kept under that token: the game in play goes on
    assert "Traceback" not in table.notice and "sqlite" not in table.notice.lower()


@FUZZ
@given(intents=presses)
def test_history_intents_never_raise_and_delete_only_when_confirmed(store, intents):
    mine, theirs = new_token(), new_token()
    store.save(theirs, "truco", "{}", level="low", seat=0, moves=1, deals=1, over=True, points=1.0, outcome="won")
    store.save(mine, "truco", "{}", level="high", seat=0, moves=1, deals=1, over=True, points=-1.0, outcome="lost")
    settings = Settings()
    panel = History(store=store, settings=settings)
    sent = []
    panel.send = sent.append
    settings._on_msg(settings, {"type": "token", "value": mine}, [])
    confirmed = False
    asked = False
    for intent in intents:
        panel._on_msg(panel, intent, [])
        press = intent.get("id") if isinstance(intent, dict) and intent.get("type") == "press" else None
        confirmed = confirmed or (asked and press == "delete-yes")
        asked = press == "delete" or (asked and press not in ("delete-yes", "delete-no"))
    assert len(store.recent(theirs)) == 1  # another token's game is never touched
    assert bool(store.recent(mine)) != confirmed
    for message in sent:
        assert theirs not in json.dumps(message) and mine not in json.dumps(message)
    assert mine not in json.dumps(panel.blocks)
