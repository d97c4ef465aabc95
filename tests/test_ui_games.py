"""Whole games of each real game driven through the table's message handler (no browser).

For every game whose engine and players exist: complete games at each AI level, asserting the
traits, and after every update a scan of all synced traits for cards the human may not see.
The allowed set is computed from the engine states the table went through (own hand and the cards
the rules made public), never from the View the table itself sends.
"""

from __future__ import annotations

import importlib
from typing import Any, Callable

import pytest

from cardavia_nb.games import get as get_game
from cardavia_nb.ui import Settings, Table
from cardavia_nb.ui.table import exposed_cards


def truco_public(state: Any) -> set[str]:
    """Truco: the human's dealt cards and every card played this deal."""
    return set(state.original[0]) | {c for _, c in state.played}


PUBLIC: dict[str, Callable[[Any], set[str]]] = {"truco": truco_public}


def recording(name: str) -> tuple[Any, list]:
    """The game with ``apply`` recording every state, so the test sees the computer turns too."""
    game = get_game(name)
    states: list = []
    plain_apply, plain_new = game.apply, game.new

    def apply(state, action):
        nxt = plain_apply(state, action)
        states.append(nxt)
        return nxt

    def new(seed, **setup):
        first = plain_new(seed, **setup)
        states.append(first)
        return first

    game.apply, game.new = apply, new
    return game, states


def available(name: str) -> bool:
    """Whether the engine and its players can be imported yet."""
    try:
        importlib.import_module(f"cardavia_nb.players.{name}")
        get_game(name)
    except (ImportError, AttributeError):
        return False
    return True


def human_move(table: Table, seed: int, turn: int) -> dict:
    """A varied legal intent for the human: a card click or a button, chosen from the view."""
    view = table.view
    choices = [c["action"] for c in view["hand"] if c["action"]] + [a["id"] for a in view["actions"]]
    return {"type": "act", "id": choices[(seed * 7 + turn * 3) % len(choices)]}


def play_out(name: str, level: str, seed: int, move: Callable[[Table, int, int], dict], max_turns: int = 400) -> Table:
    """Play one whole game at the table, scanning the synced state after every update."""
    game, states = recording(name)
    table = Table(game, level=level, seed=seed, settings=Settings(), delay=0)
    allowed: set[str] = set()
    public = PUBLIC[name]
    for turn in range(max_turns):
        for state in states:
            allowed |= public(state)
        states.clear()
        leaked = exposed_cards(table) - allowed
        assert not leaked, f"{name} seed {seed}: hidden cards {sorted(leaked)} reached the browser"
        assert not table.notice, table.notice
        view = table.view
        opponents = [s for s in view["seats"] if s["seat"] != 0]
        assert all(isinstance(s["count"], int) for s in opponents)
        if view["over"]:
            return table
        table._handle_custom_msg(move(table, seed, turn), [])
    raise AssertionError(f"{name} seed {seed}: no end after {max_turns} human turns")


@pytest.mark.parametrize("level", ["low", "high"])
def test_truco_whole_matches_hide_every_card(level):
    pytest.importorskip("cardavia_nb.players.truco")
    for seed in range(3 if level == "low" else 2):
        table = play_out("truco", level, seed, human_move)
        result = table.result
        assert result["winners"] in ([0], [1])
        assert "Final score" in result["title"] and result["items"]
        assert table.view["actions"] == [] and table.view["status"] == "The game is over."


def test_truco_buttons_and_next_deal():
    table = Table("truco", seed=4, settings=Settings(), delay=0)
    view = table.view
    assert {a["id"] for a in view["actions"]} <= {"call:envido", "call:real_envido", "call:falta_envido",
                                                   "call:truco", "call:retruco", "call:vale_cuatro",
                                                   "answer:quiero", "answer:no_quiero", "fold", "next_deal"}
    assert "malas" in view["seats"][0]["score"]
    table._handle_custom_msg({"type": "act", "id": "fold"} if view["seats"][0]["turn"] else {"type": "skip"}, [])
    for _ in range(10):
        if any(a["id"] == "next_deal" for a in table.view["actions"]):
            break
        table._handle_custom_msg(human_move(table, 1, 0), [])
    assert [a["id"] for a in table.view["actions"]] == ["next_deal"]
    deal = table.state.deal_no
    table._handle_custom_msg({"type": "act", "id": "next_deal"}, [])
    assert table.state.deal_no == deal + 1 and not table.notice
    table._handle_custom_msg({"type": "act", "id": "play:ZZ"}, [])
    assert "not a move" in table.notice


def test_truco_refusal_keeps_state_and_names_rule():
    table = Table("truco", seed=8, settings=Settings(), delay=0)
    before = (table.state, table.view, list(table.log))
    table._handle_custom_msg({"type": "act", "id": "answer:quiero"}, [])
    assert table.notice and (table.state, table.view, table.log) == before


def pdk_public(state: Any) -> set[str]:
    """Pao De Kuai: the human's hand, every played card, and at the end the settlement's named cards."""
    public = set(state.hands[0]) | {c for p in state.history for c in p.cards}
    if state.winner is not None:
        for item in get_game("pao_de_kuai").result(state).items:
            public |= set(dict(item.params).get("cards", ()))
            public |= {"2S"} if item.key.endswith("two_of_spades") else set()
    return public


PUBLIC["pao_de_kuai"] = pdk_public


def pdk_move(table: Table, seed: int, turn: int) -> dict:
    """Select the cards of a legal play (as a player would), check it, then play it; or pass."""
    if not table.view["select"]:
        return {"type": "act", "id": "pass"}
    legal = [a for a in table.game.legal_actions(table.state) if a.kind == "play"]
    cards = list(legal[(seed + turn) % len(legal)].cards)
    table._handle_custom_msg({"type": "select", "cards": cards}, [])
    assert table.selection["ok"] and table.selection["cards"] == cards, table.selection
    return {"type": "act", "id": table.selection["action"]}


@pytest.mark.parametrize("level", ["low", "high"])
def test_pao_de_kuai_whole_deals_hide_every_card(level):
    pytest.importorskip("cardavia_nb.players.pao_de_kuai")
    for seed in range(2):
        table = play_out("pao_de_kuai", level, seed, pdk_move)
        result = table.result
        assert len(result["payoffs"]) == 3 and result["items"]


def test_pao_de_kuai_selection_is_judged_by_python():
    table = Table("pao_de_kuai", seed=3, settings=Settings(), delay=0)
    assert table.view["select"] and table.view["seats"][0]["turn"]
    hand = [c["id"] for c in table.view["hand"]]
    table._handle_custom_msg({"type": "select", "cards": hand[:2] if hand[0][:-1] != hand[1][:-1] else hand[:3]}, [])
    assert table.selection["ok"] is False and table.selection["text"]
    state = table.state
    table._handle_custom_msg({"type": "act", "id": "pass"}, [])
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
            table._handle_custom_msg(pdk_move(table, seed, turn), [])
    assert seen["one"] and seen["several"], seen


def tarot_public(state: Any) -> set[str]:
    """French Tarot: own hand; the chien once shown (at the end in any contract); the discard (all of
    it for the taker, only its trumps for the others, end of deal included: §12.2); poignées; played cards."""
    from cardavia_nb.games.french_tarot import chien_shown, public_discard

    public = set(state.hands[0]) | set(state.trick) | {c for _, cards, _ in state.history for c in cards}
    public |= {c for _, cards in state.poignees for c in cards} | set(public_discard(state))
    if chien_shown(state.contract) or state.phase == "over":
        public |= set(state.chien)
    if state.taker == 0:
        public |= set(state.discard)
    return public


PUBLIC["french_tarot"] = tarot_public


def tarot_move(table: Table, seed: int, turn: int) -> dict:
    """Bid, discard through a checked selection, sometimes show a ready-made poignée, else play a card."""
    view = table.view
    select = view["select"]
    if select and select["presets"] and (view["hand"][0]["action"] is None or (seed + turn) % 2 == 0):
        cards = select["presets"][0]["cards"]
        table._handle_custom_msg({"type": "select", "cards": cards}, [])
        assert table.selection["ok"], table.selection
        return {"type": "act", "id": table.selection["action"]}
    return human_move(table, seed, turn)


@pytest.mark.parametrize("level", ["low", "high"])
def test_french_tarot_whole_deals_hide_every_card(level):
    pytest.importorskip("cardavia_nb.players.french_tarot")
    for seed in range(2):
        table = play_out("french_tarot", level, seed, tarot_move)
        result = table.result
        assert len(result["payoffs"]) == 4 and result["items"]


def test_french_tarot_bad_discard_is_refused_with_the_reason():
    for seed in range(40):
        table = Table("french_tarot", seed=seed, settings=Settings(), delay=0)
        if any(a["id"] == "bid:garde" for a in table.view["actions"]):
            table._handle_custom_msg({"type": "act", "id": "bid:garde"}, [])
            if table.view["select"]:
                break
    else:
        pytest.skip("no seed made the human the taker")
    kings = [c["id"] for c in table.view["hand"] if c["id"].startswith("K")]
    trumps = [c["id"] for c in table.view["hand"] if c["id"] in ("T1", "T21", "EX")]
    bad = (kings + trumps + [c["id"] for c in table.view["hand"]])[:6]
    table._handle_custom_msg({"type": "select", "cards": bad}, [])
    assert table.selection["ok"] is False and table.selection["text"]
    state = table.state
    table._handle_custom_msg({"type": "act", "id": "discard:" + "+".join(bad)}, [])
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
            table._handle_custom_msg({"type": "hint"}, [])
            chosen = high(seed=0).choose(table.game, table.game.observe(table.state, 0), legal)
            assert table.frame["hint"][0]["id"] == chosen.id
            checked += 1
        table._handle_custom_msg(move(table, 5, turn), [])
    assert checked >= 3
