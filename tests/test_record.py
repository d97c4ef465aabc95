"""Record files, version 2: explicit deal, players with seeds, engine, result; bad files refused in words."""

from __future__ import annotations

import json

import pytest

from cardavia_nb import __version__, i18n
from cardavia_nb.core import arena
from cardavia_nb.core.record import FORMAT, MAX_BYTES, Record, RecordError, SeatPlayer, replay, result_data
from cardavia_nb.games import get, load
from cardavia_nb.players.base import RandomPlayer


def _played(name="truco", seed=11):
    """A whole random game of ``name`` and its record with players and result."""
    game = get(name)
    final, record = arena.play(game, [RandomPlayer(s) for s in range(game.num_players)], seed)
    players = tuple(SeatPlayer("random", s, "Random") for s in range(game.num_players))
    return game, final, Record(record.game, record.seed, record.actions, record.options, record.setup, players,
                               result=result_data(game, final))


@pytest.mark.parametrize("name", ["truco", "pao_de_kuai", "french_tarot"])
def test_a_record_keeps_players_engine_and_result_and_replays(name):
    game, final, record = _played(name)
    data = json.loads(record.to_json())
    assert data["format"] == FORMAT and data["engine"] == __version__
    assert data["players"][0] == {"kind": "random", "seed": 0, "name": "Random"}
    assert data["result"]["payoffs"] == list(game.result(final).payoffs)
    again = Record.from_json(record.to_json())
    assert again == record and replay(game, again) == final
    assert load(record.to_json())[1] == final


def test_version_1_records_are_still_read():
    text = json.dumps({"format": "cardavia-record/1", "game": "truco", "seed": 3, "setup": None, "options": {},
                       "actions": ["play:1E"]})
    record = Record.from_json(text)
    assert (record.players, record.result, record.actions) == ((), None, ("play:1E",))


def _json(**changes):
    base = {"format": FORMAT, "game": "truco", "engine": __version__, "options": {}, "seed": 1, "setup": None,
            "players": [], "actions": [], "result": None}
    base.update(changes)
    return json.dumps(base)


@pytest.mark.parametrize("text, key", [
    ("{not json", "not_json"),
    ("[1, 2]", "not_record"),
    (json.dumps({"format": "another-tool/7"}), "not_record"),
    (_json(format="cardavia-record/9"), "newer"),
    (_json(game=None), "no_game"),
    (_json(actions="play:1E"), "bad_actions"),
    (_json(setup=[1]), "bad_objects"),
    (_json(seed=-1), "bad_seed"),
    (_json(seed=True), "bad_seed"),
    (_json(players={"kind": "low"}), "bad_players"),
    (_json(players=[{"kind": "low", "seed": "x"}]), "bad_players"),
    (_json(players=[{"kind": "low", "rogue": 1}]), "bad_players"),
    (_json(players=[{"kind": "", "seed": 1}]), "bad_players"),
    ("x" * (MAX_BYTES + 1), "too_big"),
])
def test_a_bad_file_gets_one_sentence_in_every_language(text, key):
    with pytest.raises(RecordError) as err:
        Record.from_json(text)
    assert err.value.msg.key == f"record.{key}"
    sentences = {lang: err.value.text(lang) for lang in i18n.LANGS}
    assert len(set(sentences.values())) == len(i18n.LANGS), sentences
    assert all("{" not in s and "record." not in s for s in sentences.values()), sentences


def test_records_that_do_not_replay_are_refused_in_words():
    game, final, record = _played()
    cases = {
        "unknown_game": lambda: load(_json(game="poker")),
        "other_game": lambda: replay(get("pao_de_kuai"), record),
        "bad_deal": lambda: replay(game, Record("truco", 1, setup={"hands": [["1E", "1E", "7O"], ["2C", "3C", "4C"]]})),
        "illegal_move": lambda: replay(game, Record("truco", 1, ("next_deal",))),
        "result_differs": lambda: replay(game, Record(record.game, record.seed, record.actions, setup=record.setup,
                                                      result={"payoffs": [9, -9], "winners": [0]})),
    }
    for key, attempt in cases.items():
        with pytest.raises(RecordError) as err:
            attempt()
        assert err.value.msg.key == f"record.{key}", key
    with pytest.raises(RecordError) as err:
        replay(game, Record("truco", 1, ("next_deal",)))
    assert err.value.text("fr").startswith("Le coup 1 du relevé (next_deal) ne peut pas être joué : ")
    assert "next_deal" in err.value.text("nl") and err.value.text("nl") != err.value.text("en")
