"""One commit signal: every table update travels as one ``frame`` value, and what the page draws
from it does not depend on the order of its keys (node runs the page's own ``framesOf``)."""

from __future__ import annotations

import itertools
import json
import shutil
import subprocess

import pytest

from cardavia_nb.ui import Settings, Table, asset
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


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_every_key_order_draws_the_same_frames(tmp_path):
    table = truco_table()
    frame: dict = {}
    for _ in range(20):  # play until the computer answers a move (an update with steps to animate)
        playable = [c["action"] for c in table.view["hand"] if c["action"]]
        frame = sent_updates(table, {"type": "act", "id": playable[0] if playable else table.view["actions"][0]["id"]})[0]["frame"]
        if len(frame["steps"]) > 1:
            break
    assert len(frame["steps"]) > 1
    keys = list(frame)
    orders = [json.dumps({k: frame[k] for k in order}) for order in itertools.permutations(keys)]
    module = tmp_path / "table.mjs"
    module.write_text(asset("boot.js").read_text() + "\n" + asset("table.js").read_text())
    script = tmp_path / "replay.mjs"
    script.write_text(
        f"import {{ framesOf }} from {json.dumps(module.as_uri())};\n"
        "import { readFileSync } from 'node:fs';\n"
        "const orders = JSON.parse(readFileSync(0, 'utf8'));\n"
        "const drawn = orders.map((text) => JSON.stringify(framesOf(JSON.parse(text))));\n"
        "console.log(JSON.stringify({ distinct: new Set(drawn).size, frames: JSON.parse(drawn[0]) }));\n")
    done = subprocess.run([NODE, str(script)], input=json.dumps(orders), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert len(orders) == 720 and result["distinct"] == 1
    frames = result["frames"]
    assert len(frames) == len(frame["steps"]) >= 2
    assert frames[0]["view"] != frame["view"], "the computer's reply must not be drawn before it is animated"
    assert frames[-1] == {"view": frame["view"], "log": frame["log"]}
    assert all(len(a["log"]) <= len(b["log"]) for a, b in zip(frames, frames[1:]))
