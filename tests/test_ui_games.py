"""The real games at the table through its message handler (no browser): buttons, refusals, selections,
help sentences and hints. Whole games with their hidden-card scans are in tests/test_ui_boundary.py."""

from __future__ import annotations

import importlib

import pytest

from cardavia_nb.ui import Settings, Table
from tests.support import human_move, pdk_move, send, tarot_move


def test_truco_buttons_and_next_deal():
    table = Table("truco", seed=4, settings=Settings(), delay=0)
    view = table.view
    assert {a["id"] for a in view["actions"]} <= {"call:envido", "call:real_envido", "call:falta_envido",
                                                   "call:truco", "call:retruco", "call:vale_cuatro",
                                                   "answer:quiero", "answer:no_quiero", "fold", "next_deal"}
    assert "malas" in view["seats"][0]["score"]
    send(table, {"type": "act", "id": "fold"} if view["seats"][0]["turn"] else {"type": "skip"})
    for _ in range(10):
        if any(a["id"] == "next_deal" for a in table.view["actions"]):
            break
        send(table, human_move(table, 1, 0))
    assert [a["id"] for a in table.view["actions"]] == ["next_deal"]
    deal = table.state.deal_no
    send(table, {"type": "act", "id": "next_deal"})
    assert table.state.deal_no == deal + 1 and not table.notice
    send(table, {"type": "act", "id": "play:ZZ"})
    assert "not a move" in table.notice


def test_truco_refusal_keeps_state_and_names_rule():
    table = Table("truco", seed=8, settings=Settings(), delay=0)
    before = (table.state, table.view, list(table.log))
    send(table, {"type": "act", "id": "answer:quiero"})
    assert table.notice and (table.state, table.view, table.log) == before


def test_pao_de_kuai_selection_is_judged_by_python():
    table = Table("pao_de_kuai", seed=7, settings=Settings(), delay=0)
    assert table.view["select"] and table.view["seats"][0]["turn"]
    hand = [c["id"] for c in table.view["hand"]]
    send(table, {"type": "select", "cards": hand[:2] if hand[0][:-1] != hand[1][:-1] else hand[:3]})
    assert table.selection["ok"] is False and table.selection["text"]
    state = table.state
    send(table, {"type": "act", "id": "pass"})
    assert table.notice and table.state is state


def test_pao_de_kuai_help_names_the_only_answer_and_counts_several():
    """Facing a play, the help sentence names the one play that beats it, or says how many do."""
    from cardavia_nb.i18n import card_name

    seen = {"one": 0, "several": 0}
    for seed in range(12):
        table = Table("pao_de_kuai", seed=seed, settings=Settings(), delay=0)
        for turn in range(40):
            view = table.view
            if view["over"]:
                break
            plays = [a for a in table.game.legal_actions(table.state) if a.kind == "play"]
            facing = table.state.top is not None and table.state.top.seat != 0
            if facing and len(plays) == 1:
                names = [card_name(c, "french", "en") for c in plays[0].cards]
                assert all(name in view["help"] for name in names), view["help"]
                seen["one"] += 1
            elif facing and plays:
                assert f"({len(plays)} of your plays do)" in view["help"], view["help"]
                seen["several"] += 1
            send(table, pdk_move(table, seed, turn))
    assert seen["one"] and seen["several"], seen


def test_french_tarot_bad_discard_is_refused_with_the_reason():
    for seed in range(40):
        table = Table("french_tarot", seed=seed, settings=Settings(), delay=0)
        if any(a["id"] == "bid:garde" for a in table.view["actions"]):
            send(table, {"type": "act", "id": "bid:garde"})
            if table.view["select"]:
                break
    else:
        raise AssertionError("no seed of 40 made the human the taker at Garde")
    kings = [c["id"] for c in table.view["hand"] if c["id"].startswith("K")]
    trumps = [c["id"] for c in table.view["hand"] if c["id"] in ("T1", "T21", "EX")]
    bad = (kings + trumps + [c["id"] for c in table.view["hand"]])[:6]
    send(table, {"type": "select", "cards": bad})
    assert table.selection["ok"] is False and table.selection["text"]
    state = table.state
    send(table, {"type": "act", "id": "discard:" + "+".join(bad)})
    assert table.notice and table.state is state


@pytest.mark.parametrize("name", ["pao_de_kuai", "french_tarot"])
def test_the_first_hint_is_the_move_high_would_play(name):
    """The Hint lists High's ranking best first: its top row is what High itself plays from the human's view."""
    high = importlib.import_module(f"cardavia_nb.players.{name}").HighPlayer
    table = Table(name, seed=5, settings=Settings(), delay=0)
    move = pdk_move if name == "pao_de_kuai" else tarot_move
    checked = 0
    for turn in range(12):
        if table.view["over"]:
            break
        legal = table.game.legal_actions(table.state)
        if len(legal) > 1:
            send(table, {"type": "hint"})
            chosen = high(seed=0).choose(table.game, table.game.observe(table.state, 0), legal)
            assert table.frame["hint"][0]["id"] == chosen.id
            checked += 1
        send(table, move(table, 5, turn))
    assert checked >= 3
