"""One commit signal: every table update travels as one ``frame`` value, built by a pure function of
one record per state, and what the page draws from it does not depend on the order of its keys
(node runs the page's own ``framesOf``)."""

from __future__ import annotations

import itertools
import json
import shutil
import subprocess

import pytest

from cardavia_nb.games import get as get_game
from cardavia_nb.ui import Settings, Table
from cardavia_nb.ui.table.adapters import adapter_for
from cardavia_nb.ui.table.snapshot import snapshot
from cardavia_nb.ui.table.turns import read
from cardavia_nb.ui.table.render_context import RenderContext
from tests.test_ui_table import send

FRAME_KEYS = {"seq", "view", "log", "steps", "selection", "hint"}
NODE = shutil.which("node")


def sent_updates(table: Table, content: dict) -> list[dict]:
    """The state updates the table sends to the page while it handles one intent."""
    out: list[dict] = []
    original = table._send
    table._send = lambda msg, buffers=None: out.append(msg) if msg.get("method") == "update" else None
    try:
        send(table, content)
    finally:
        table._send = original
    return [m["state"] for m in out]


def truco_table() -> Table:
    """A Truco table where the computer answers each of the human's cards (deal code 7, no delay)."""
    return Table("truco", seed=7, settings=Settings(), delay=0)


def a_card_play(table: Table) -> tuple[dict, dict]:
    """Play the human's first playable card: (the one update message's state, the frame before)."""
    before = table.frame
    card = next(c["action"] for c in table.view["hand"] if c["action"])
    updates = sent_updates(table, {"type": "act", "id": card})
    assert len(updates) == 1, f"one message per accepted intent, got {len(updates)}"
    return updates[0], before


def test_an_accepted_move_is_one_message_with_one_frame():
    table = truco_table()
    while table.view["hand"] and not any(c["action"] for c in table.view["hand"]):
        send(table, {"type": "act", "id": table.view["actions"][0]["id"]})
    state, before = a_card_play(table)
    assert set(state["frame"]) == FRAME_KEYS
    assert state["frame"]["seq"] == before["seq"] + 1
    assert not {"view", "log", "steps", "seq"} & set(state), "no drawn part travels outside the frame"


def test_a_selection_and_a_hint_keep_the_seq():
    table = Table("pao_de_kuai", seed=7, settings=Settings(), delay=0)
    seq = table.seq
    card = table.view["hand"][0]["id"]
    send(table, {"type": "select", "cards": [card]})
    send(table, {"type": "hint"})
    assert table.seq == seq and table.selection["cards"] == [card] and table.frame["hint"]


def a_human_turn(game, seed: int):
    """The first state of a deal where the human (seat 0) chooses, reached with the engine alone."""
    state = game.new(seed)
    while state.to_act != 0:
        state = game.apply(state, game.legal_actions(state)[0])
    return state


@pytest.mark.parametrize("name", ["truco", "pao_de_kuai", "french_tarot"])
def test_the_felt_is_a_pure_function_of_the_record_without_a_widget(name):
    game = get_game(name)
    adapter = adapter_for(game)
    turn = read(game, adapter, a_human_turn(game, 7), 0)
    words = RenderContext(game, adapter, 0, "en", "low", code="7")
    view = snapshot(turn, words)
    assert json.loads(json.dumps(view)) == view, "plain JSON"
    assert snapshot(turn, words) == view, "the same record and words draw the same felt"
    assert view["mine"] and [c["id"] for c in view["hand"]] == list(adapter.hand(turn.view))
    assert snapshot(turn, RenderContext(game, adapter, 0, "pt", "low", code="7"))["status"] != view["status"]
    table = Table(name, state=turn.state, seed=7, settings=Settings(), delay=0)
    assert table.state is turn.state and table.view == view


class Counting:
    """Wraps a method and counts its calls."""

    def __init__(self, method):
        self.method, self.calls = method, 0

    def __call__(self, *args, **kwargs):
        self.calls += 1
        return self.method(*args, **kwargs)


def test_each_state_asks_the_engine_for_its_moves_once_and_the_adapter_once():
    table = truco_table()
    legal = table.game.legal_actions = Counting(table.game.legal_actions)
    pause = table.adapter.pause = Counting(table.adapter.pause)
    for _ in range(6):  # human moves, each answered by the computer
        before = legal.calls
        playable = [c["action"] for c in table.view["hand"] if c["action"]]
        send(table, {"type": "act", "id": playable[0] if playable else table.view["actions"][0]["id"]})
        states = max(1, len(table.steps))  # the states read: one per step
        assert legal.calls - before == states, (legal.calls - before, states)
    assert pause.calls <= legal.calls


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_every_key_order_draws_the_same_frames(tmp_path):
    table = truco_table()
    frame: dict = {}
    drawn: list = []  # the log the page shows before the update it animates
    for _ in range(20):  # play until the computer answers a move (an update with steps to animate)
        playable = [c["action"] for c in table.view["hand"] if c["action"]]
        drawn = table.log
        frame = sent_updates(table, {"type": "act", "id": playable[0] if playable else table.view["actions"][0]["id"]})[0]["frame"]
        if len(frame["steps"]) > 1:
            break
    assert len(frame["steps"]) > 1
    keys = list(frame)
    orders = [json.dumps({k: frame[k] for k in order}) for order in itertools.permutations(keys)]
    module = tmp_path / "table.mjs"
    module.write_text(Table._esm)
    script = tmp_path / "replay.mjs"
    script.write_text(
        f"import {{ framesOf }} from {json.dumps(module.as_uri())};\n"
        "import { readFileSync } from 'node:fs';\n"
        "const { orders, shown } = JSON.parse(readFileSync(0, 'utf8'));\n"
        "const drawn = orders.map((text) => JSON.stringify(framesOf(JSON.parse(text), true, shown)));\n"
        "console.log(JSON.stringify({ distinct: new Set(drawn).size, frames: JSON.parse(drawn[0]) }));\n")
    done = subprocess.run([NODE, str(script)], input=json.dumps({"orders": orders, "shown": drawn}), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert len(orders) == 720 and result["distinct"] == 1
    frames = result["frames"]
    assert len(frames) == len(frame["steps"]) >= 2
    assert frames[0]["view"] != frame["view"], "the computer's reply must not be drawn before it is animated"
    assert frames[-1] == {"view": frame["view"], "log": frame["log"]}
    assert all(len(a["log"]) <= len(b["log"]) for a, b in zip(frames, frames[1:]))
    lines = [step["lines"] for step in frame["steps"]]
    for i, shown in enumerate(frames[:-1]):  # each step's own lines, appended to the log drawn before
        assert shown["log"] == drawn + [line for step in lines[:i + 1] for line in step]
