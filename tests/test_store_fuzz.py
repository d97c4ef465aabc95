"""Property-based fuzzing of the store's intents, as tests/test_ui_fuzz.py does for the table: arbitrary
JSON as the page's token (resume), and as presses of the history panel (history, download, delete,
a game's review by id and back to the game, on a game page and on the home page, before and after
the token), against SQLite and PostgreSQL. Never an exception, never a token that is not one, never a
game of another token shown, reviewed or deleted, and a history deleted only by *Delete my history*
confirmed."""

from __future__ import annotations

import functools
import json

from hypothesis import HealthCheck, given, settings as hsettings, strategies as st

from cardavia_nb.store import check_token, new_token
from cardavia_nb.ui import Settings, Table
from cardavia_nb.ui.history.panel import History
from cardavia_nb.ui.history.keeper import Keeper
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


# A review press names a game by id: the player's own finished game, another token's, the player's
# unfinished one (replaced by their ids when the test runs), or junk.
GAME_IDS = ("MINE", "THEIRS", "UNFINISHED")
review_ids = st.sampled_from(GAME_IDS) | st.integers(-5, 2**40) | st.text(max_size=12)
review_presses = st.lists(st.tuples(st.sampled_from(["game", "home"]), st.booleans(), st.fixed_dictionaries(
    {"type": st.sampled_from(["press", "press", "review", ""])},
    optional={"id": st.sampled_from(["back", "delete"]) | review_ids.map(lambda i: ("review", i))})), max_size=5)


@functools.cache
def finished_match(seed: int) -> tuple[str, object]:
    """A Truco match played to its end by the first legal moves: its record as JSON, its last state."""
    table = Table("truco", settings=Settings(), seed=seed)
    while not table.turn.over:
        table.send_intent({"type": "act", "id": table.turn.legal[0].id})
    return table.record().to_json(), table.state


def keep(store, token, seed, over=True):
    """A Truco match of ``seed`` kept under ``token`` (finished, or as a game in progress); its id."""
    record, _ = finished_match(seed)
    return store.save(token, "truco", record, level="low", seat=0, moves=1, deals=1, over=over,
                      points=1.0 if over else None, outcome="won" if over else None)


@hsettings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(intents=review_presses, early=st.booleans())
def test_review_intents_open_only_the_tokens_own_finished_games(store, intents, early):
    mine, theirs = new_token(), new_token()
    ids = {"UNFINISHED": keep(store, mine, 21, over=False), "MINE": keep(store, mine, 5), "THEIRS": keep(store, theirs, 9)}
    theirs_final, mine_final = finished_match(9)[1], finished_match(5)[1]
    settings = Settings()
    keeper = Keeper(store=store)
    table = Table("truco", settings=settings, keeper=keeper, seed=11)
    panels = {"game": History("truco", keeper=keeper, settings=settings), "home": History(store=store, settings=settings)}
    connected = False
    for where, later, intent in intents:
        if not connected and (later or not early):
            settings._on_msg(settings, {"type": "token", "value": mine}, [])
            connected = True
        if isinstance(intent.get("id"), tuple):
            asked = intent["id"][1]
            intent = {**intent, "id": f"review:{ids.get(asked, asked)}"}
        panels[where]._on_msg(panels[where], intent, [])
        table.reviewing.wait(60)
        if connected and where == "game" and intent == {"type": "press", "id": f"review:{ids['MINE']}"}:
            assert table.state == mine_final and table.review["open"]  # the player's own finished game is reviewed
        assert table.state != theirs_final  # another token's game is never on this table
        assert table.state == mine_final or not table.game.deal_over(table.state) or table.review == {}
        assert "Traceback" not in table.notice and "sqlite" not in table.notice.lower()
    assert store.get(theirs, ids["THEIRS"]) is not None and store.get(mine, ids["UNFINISHED"]).status != "over"
    shown = json.dumps([panel.blocks for panel in panels.values()])
    assert f"review={ids['THEIRS']}" not in shown and f"review:{ids['THEIRS']}" not in shown
    assert mine not in shown and theirs not in shown
