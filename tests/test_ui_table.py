"""The generic table, driven through its message handler on the toy game (no browser needed)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from cardavia_nb import i18n

from cardavia_nb.players.base import RandomPlayer
from cardavia_nb.ui import Settings, Table, asset
from cardavia_nb.ui.assets import BOOT, SHARED_CSS, SHARED_PARTS, shared_module
from tests.scanners import exposed_cards
from tests.toy_game import Toy

FORGED = [
    None, 42, "act", [], {}, {"type": 7}, {"type": "nonsense"}, {"type": "act"}, {"type": "act", "id": 5},
    {"type": "act", "id": "play:ZZ"}, {"type": "act", "id": "x" * 1000}, {"type": "act", "id": ["play:1E"]},
    {"type": "select", "cards": "1E"}, {"type": "select", "cards": ["1E", "1E"]}, {"type": "select", "cards": [1]},
    {"type": "select", "cards": ["1E"]}, {"type": "new", "seed": -1}, {"type": "new", "seed": "abc"},
    {"type": "new", "seed": 2.5}, {"type": "new", "seed": True}, {"type": "level", "level": "expert"},
    {"type": "level"},
]


def send(table: Table, content: object) -> None:
    """Deliver one message as the browser would (through the widget's custom-message handler)."""
    table._handle_custom_msg(content, [])


def toy_table(**kwargs) -> Table:
    """A toy-game table with random computer players."""
    return Table(Toy(), opponents=lambda level, seat: RandomPlayer(seat), settings=Settings(), **kwargs)


def synced(table: Table) -> dict:
    """A deep copy of every synced trait."""
    return copy.deepcopy(table.get_state())


def test_assets_are_found_as_paths():
    table = ("table/model.js", "table/felt.js", "review/review.js", "table/table.js")
    for name in (*table, *SHARED_PARTS, SHARED_CSS, "settings.js", "panel_or_fan.js", BOOT):
        assert isinstance(asset(name), Path) and asset(name).is_file()
    assert Table._esm == "\n".join(asset(p).read_text(encoding="utf-8") for p in (BOOT, *table))
    assert Settings()._shared_esm == shared_module() == "\n".join(asset(p).read_text(encoding="utf-8") for p in SHARED_PARTS)
    with pytest.raises(FileNotFoundError, match="nowhere.js"):
        asset("nowhere.js")


def test_whole_toy_game_through_messages():
    table = toy_table(seed=5)
    moves = 0
    while not table.view["over"]:
        playable = [c for c in table.view["hand"] if c["action"]]
        assert playable and table.view["status"] == "Your turn."
        send(table, {"type": "act", "id": playable[-1]["action"]})
        assert table.notice == ""
        moves += 1
    assert moves == 3
    assert table.result["winners"] in ([0], [1])
    assert table.view["actions"] == [] and table.view["hand"] == []
    assert any("plays" in line for line in table.log)
    assert table.seq == 4


def test_forged_messages_change_nothing_and_explain():
    table = toy_table(seed=9)
    for content in FORGED:
        before, state = synced(table), table.state
        send(table, content)
        after = synced(table)
        assert table.notice, f"no notice for {content!r}"
        assert table.state is state, f"{content!r} changed the game"
        assert {k: v for k, v in after.items() if k != "notice"} == {k: v for k, v in before.items() if k != "notice"}
    send(table, {"type": "act", "id": "play:ZZ"})
    assert "not a move" in table.notice


def test_opponent_turn_and_game_over_are_refused():
    table = toy_table(seed=1)
    while not table.view["over"]:
        send(table, {"type": "act", "id": table.view["hand"][0]["action"]})
    send(table, {"type": "act", "id": "play:1E"})
    assert table.notice == "The game is over: no more moves."


def test_new_game_with_seed_repeats_the_deal_and_clears_the_notice():
    table = toy_table(seed=11)
    first = table.view["hand"]
    send(table, {"type": "act", "id": "bad"})
    send(table, {"type": "new", "seed": 11})
    assert table.view["hand"] == first and table.notice == "" and table.seed == 11
    send(table, {"type": "new", "seed": " 11 "})
    assert table.view["hand"] == first and table.notice == ""
    send(table, {"type": "new", "seed": None})
    fresh = table.seed
    send(table, {"type": "new", "seed": ""})
    assert 0 <= fresh < 2**64 and table.seed != fresh  # drawn from the OS: two draws differ


def test_deal_code_is_told_only_when_the_game_is_over():
    table = toy_table()
    code = str(table.seed)
    while not table.view["over"]:
        assert code not in str(synced(table)), "the deal code reached the browser during play"
        send(table, {"type": "act", "id": table.view["hand"][0]["action"]})
    assert table.result["replay"] == f"Replay this deal: {code}"
    assert table.log[-1] == f"Replay this deal: {code}"
    assert "seed" not in table.get_state()
    send(table, {"type": "new", "seed": code})
    assert table.seed == int(code) and table.log[0] == f"New game: the deal with code {code}."


@pytest.mark.parametrize("typed", [-1, 2**64, "2 " * 30, "18446744073709551616", "12a", 1.5, True, [], {}])
def test_bad_deal_codes_are_refused_in_human_words(typed):
    table = toy_table(seed=3)
    send(table, {"type": "new", "seed": typed})
    assert table.seed == 3
    assert table.notice == "A deal code is a whole number from 0 to 18,446,744,073,709,551,615; nothing changed."
    send(table, {"type": "new", "seed": "18446744073709551615"})
    assert table.seed == 2**64 - 1 and table.notice == ""


def test_level_message_switches_opponents():
    made = []
    table = Table(Toy(), opponents=lambda level, seat: made.append(level) or RandomPlayer(seat), settings=Settings())
    send(table, {"type": "level", "level": "high"})
    assert table.level == "high" and made[-1] == "high"
    assert table.view["seats"][1]["level"] == "High"
    assert table.log[-1] == "The computer players now play at level High, from their next move."


def test_computer_moves_come_as_steps_and_skip_clears_them():
    table = toy_table(seed=2)
    if table.view["seats"][0]["turn"] and table.state.leader == 0:
        send(table, {"type": "act", "id": table.view["hand"][0]["action"]})
    steps = table.steps
    assert steps and all(set(s) == {"view", "lines"} for s in steps)
    assert steps[-1]["view"] == table.view
    send(table, {"type": "skip"})
    assert table.steps == [] and table.notice == ""


def test_no_hidden_card_in_synced_state_of_the_toy_game():
    for seed in range(15):
        table = toy_table(seed=seed)
        seen = set(table.state.hands[0])
        while True:
            seen |= set(table.state.hands[0]) | set(table.state.table) | set(table.state.won[0]) | set(table.state.won[1])
            assert exposed_cards(table) <= seen
            if table.view["over"]:
                break
            send(table, {"type": "act", "id": table.view["hand"][0]["action"]})


def test_settings_follow_and_language_from_query_string():
    from cardavia_nb.ui.settings import query_lang

    assert query_lang({"QUERY_STRING": "lang=pt&x=1"}) == "pt"
    assert query_lang({"QUERY_STRING": "?lang=xx"}) == "en"
    assert query_lang({}) == "en"
    settings = Settings(lang="fr")
    table = Table(Toy(), opponents=lambda level, seat: RandomPlayer(seat), settings=settings)
    assert table.look["lang"] == "fr" and table.lang == "fr"
    settings.contrast = 80
    assert table.look["contrast"] == 80
    send(settings, {"type": "set", "key": "contrast", "value": 70})
    assert table.look["contrast"] == 70 and settings.notice == ""
    send(settings, {"type": "set", "key": "lang", "value": "nl"})
    fresh_dutch = Table(Toy(), opponents=lambda level, seat: RandomPlayer(seat), settings=Settings(lang="nl"))
    assert table.lang == "nl" and table.look["lang"] == "nl" and table.texts == fresh_dutch.texts
    settings.lang = "pt-BR"
    assert settings.lang == "pt"


def test_shared_settings_is_one_object(monkeypatch):
    monkeypatch.setattr(Settings, "_shared", None)
    monkeypatch.setenv("QUERY_STRING", "lang=es")
    assert Settings.shared() is Settings.shared()
    assert Settings.shared().lang == "es"
    assert Settings.shared().texts["language"] == i18n.translate("ui.settings.language", "es")


def test_a_table_starts_at_a_given_position_without_playing_to_it():
    game = Toy()
    state = game.new(4)
    for _ in range(2):  # one trick played: the position the table starts at
        state = game.apply(state, game.legal_actions(state)[0])
    assert state.to_act is not None and len(state.hands[0]) == 2
    waiting = state if state.to_act == 0 else game.apply(state, game.legal_actions(state)[0])
    table = Table(game, state=state, opponents=lambda level, seat: RandomPlayer(seat), settings=Settings())
    assert table.state.to_act == 0 and len(table.state.hands[0]) == len(waiting.hands[0])
    assert [c["id"] for c in table.view["hand"]] == list(table.state.hands[0])
    assert table.seed is None and table.log[0] == "New game."
    while not table.view["over"]:
        send(table, {"type": "act", "id": table.view["hand"][0]["action"]})
    assert table.result["replay"] == "" and "Replay" not in " ".join(table.log), "no deal code to tell"
    coded = Table(game, state=waiting, seed=4, opponents=lambda level, seat: RandomPlayer(seat), settings=Settings())
    assert coded.state is waiting and coded.seed == 4
    while not coded.view["over"]:
        send(coded, {"type": "act", "id": coded.view["hand"][0]["action"]})
    assert coded.result["replay"] == "Replay this deal: 4" == coded.log[-1]


def test_a_message_names_its_typed_cards_and_the_cards_of_its_fixed_words():
    from cardavia_nb.core.text import Msg
    from cardavia_nb.ui.table.card_mentions import msg_cards

    protected = Msg.of("french_tarot.illegal.discard_protected", card="KH")
    assert {"KH", "EX"} <= msg_cards(protected, "tarot78"), "the Excuse is a word of the rule sentence"
    assert msg_cards(Msg.of("truco.event.play", seat=i18n.Seat(1), card="7O"), "spanish40") == {"7O"}
    inner = Msg.of("ui.log.level", level=Msg.of("truco.event.play", card="1E"))
    assert msg_cards(inner, "spanish40") == {"1E"}
    assert msg_cards(Msg.of("core.game_over", cards=i18n.Cards(("3H", "4S"), "french")), "pao_de_kuai48") == {"3H", "4S"}
    assert msg_cards(Msg.of("ui.notice.bad_id", card="1E"), "spanish40") == set(), "card* is a card only in a game's keys"
