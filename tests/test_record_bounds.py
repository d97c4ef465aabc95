"""Records are bounded by the games' own worst cases: the JSON text when it is read, moves and cancelled deals
before a single move is replayed, each refused at once in a sentence of every language, before any review."""

from __future__ import annotations

import json
import time

import pytest

from cardavia_nb import __version__, i18n
from cardavia_nb.core import arena
from cardavia_nb.core.record import FORMAT, MAX_BYTES, Record, RecordError, replay
from cardavia_nb.games import REGISTRY, get
from cardavia_nb.players.base import RandomPlayer
from cardavia_nb.ui import Settings, Table
from tests.wire import Wire, custom, leaks

PASSES = ["bid:pass"] * 4  # a French Tarot deal everybody passed: dealt again


def text(game: str, actions: list[str]) -> str:
    """A record of ``game`` holding ``actions`` (whether they replay is not the point)."""
    return json.dumps({"format": FORMAT, "game": game, "engine": __version__, "options": {}, "seed": 5,
                       "setup": None, "players": [], "actions": actions, "result": None})


def refused(record: str) -> str:
    """The key of the sentence ``record`` is refused with, read (``Record.from_json``) then replayed under its
    game (``replay``, which checks the game's bounds before a single move), checked in every language."""
    with pytest.raises(RecordError) as err:
        replay(get(json.loads(record)["game"]), Record.from_json(record))
    sentences = {lang: err.value.text(lang) for lang in i18n.LANGS}
    assert len(set(sentences.values())) == len(i18n.LANGS), sentences
    assert all("{" not in s and "record." not in s and "games." not in s for s in sentences.values()), sentences
    return err.value.msg.key


def test_a_tarot_record_of_5000_redeals_is_refused_at_once():
    began = time.perf_counter()
    assert refused(text("french_tarot", PASSES * 5_000)) == "record.too_big"
    assert refused(text("french_tarot", PASSES * 1_000)) == "record.too_long"
    assert time.perf_counter() - began < 0.5


def test_cancelled_deals_are_capped_even_within_the_moves():
    game = get("french_tarot")
    assert 0 < game.max_redeals and len(PASSES) * (game.max_redeals + 1) < game.max_moves
    assert refused(text("french_tarot", PASSES * (game.max_redeals + 1))) == "record.too_many_redeals"
    replay(game, Record.from_json(text("french_tarot", PASSES * game.max_redeals)))  # that many is still a game


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_each_game_caps_its_moves_above_its_longest_games(name):
    game = get(name)
    longest = max(len(arena.play(game, [RandomPlayer(seed * 7 + s) for s in range(game.num_players)], seed)[1].actions)
                  for seed in range(20))
    assert longest * 2 < game.max_moves
    assert refused(text(name, ["play:x"] * (game.max_moves + 1))) == "record.too_long"
    at_most = Record.from_json(text(name, ["answer:no_quiero"] * game.max_moves))  # the longest ids, at the cap
    assert len(at_most.to_json()) * 2 < MAX_BYTES  # and the text cap leaves room for it


def test_a_record_larger_than_any_game_is_refused_before_it_is_parsed():
    assert MAX_BYTES <= 100_000
    assert refused(text("truco", ["x" * MAX_BYTES])) == "record.too_big"


def test_the_page_opening_a_tarot_record_of_1000_redeals_hears_why_at_once():
    settings = Settings()
    table = Table("french_tarot", settings=settings)
    while not table.turn.over:
        custom(table, {"type": "act", "id": table.turn.legal[0].id})
    wire = Wire(table)
    began = time.perf_counter()
    custom(table, {"type": "open_record", "text": text("french_tarot", PASSES * 1_000)})
    assert time.perf_counter() - began < 0.5 and table.tone == "bad" and "real game" in table.notice
    assert leaks(wire.take()) == [] and not table.reviewing.open
