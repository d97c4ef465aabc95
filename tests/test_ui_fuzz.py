"""Property-based fuzzing of every widget's message handler and of trait writes from the page.

Arbitrary JSON in (as intents, as trait writes, as whole comm messages): a notice or nothing out,
never an exception, never a change of game state unless the intent was a legal one, never a card
the human may not see and never a traceback or path in what is sent back. Raw ``comm_open``,
``comm_msg`` and ``comm_close`` messages to the kernel's comm guard: never a widget made, never a
comm kept but the notebook's and the one control comm. The number of cases run is printed at the
end of the module.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from ipywidgets.widgets import widget as ipywidget

from cardavia_nb.core.game import jsonable
from cardavia_nb.ui import CardFan, Settings, Table
from cardavia_nb.ui.panel import Prose, Quiz
from cardavia_nb.ui.table.card_mentions import card_ids
from tests.scanners import cards_shown, exposed_cards
from tests.junk import CONTROL, WIDGET, Recorded, guarded
from tests.wire import Wire, leaks, payload, raw

CASES: Counter = Counter()
FAILED = "Something went wrong"
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))

scalars = st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False) | st.text(max_size=30)
json = st.recursive(scalars, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
                    max_leaves=20)
REVIEW = ("download", "open_record", "review", "replay", "close_review", "try", "reveal", "take_over", "back_to_review")
TYPES = ("act", "select", "new", "level", "skip", "set", "pick", "press", "number", "", *REVIEW)
KEYS = ("type", "id", "cards", "seed", "level", "key", "value", "card", "block", "step", "faceup", "text")
intent = st.fixed_dictionaries({"type": st.sampled_from(TYPES)},
                               optional={k: json | st.text(max_size=12) for k in KEYS[1:]}) | json


def comm_data(names: list[str]):
    """Whole comm message data: custom intents, trait writes of real trait names, or junk."""
    writes = st.dictionaries(st.sampled_from(names) | st.text(max_size=8), json, max_size=4)
    return (st.fixed_dictionaries({"method": st.just("custom"), "content": intent})
            | st.fixed_dictionaries({"method": st.just("update"), "state": writes | json})
            | st.fixed_dictionaries({"method": st.sampled_from(["request_state", "echo_update", "x", ""])}, optional={"state": json})
            | json)


@pytest.fixture(scope="module", autouse=True)
def report():
    """Print the number of cases run (shown with ``pytest -rA`` or ``-s``)."""
    yield
    print(f"fuzz cases run: {sum(CASES.values())} ({', '.join(f'{k} {v}' for k, v in sorted(CASES.items()))})")


@pytest.fixture(scope="module")
def page():
    """One page per game: a shared Settings bar, the table, a quiz, a text panel and a card fan."""
    hub = Settings()
    return {
        "settings": hub,
        "quiz": Quiz("ui.settings.title", [("a", "ui.lang.en"), ("b", "ui.lang.pt")], "a", "ui.settings.title", settings=hub),
        "prose": Prose("ui.settings.language", settings=hub),
        "fan": CardFan("1E 7O", settings=hub),
    }


def human_may_see(table: Table) -> set[str]:
    """The cards in the human seat's own view of the engine state (the only ones it may be shown)."""
    return card_ids(jsonable(table.game.observe(table.state, table.human)), table._pack_ids)


def deliver(widget, data) -> tuple[list, dict | None]:
    """Send one fuzz case: what went back to the page, and the intent it carried (None if not one).

    Whatever went back holds no traceback or path, and no handler failed on the way.
    """
    wire = Wire(widget)
    raw(widget, data)
    sent = wire.take()
    assert not leaks(sent)
    assert not widget.notice.startswith(FAILED), (data, widget.notice)
    content = data.get("content") if isinstance(data, dict) and data.get("method") == "custom" else None
    return sent, content if isinstance(content, dict) else None


def check_table(table: Table, data) -> None:
    """One fuzz case on a table: state kept unless the intent was legal; no hidden card sent."""
    state, seed, shown = table.state, table.seed, exposed_cards(table)
    legal = {a.id for a in table.game.legal_actions(state)} if state.to_act is not None else set()
    live = not table.game.deal_over(state)
    sent, content = deliver(table, data)
    kind = content.get("type") if content else None
    if kind in REVIEW and live:  # nothing of the review before the deal is over
        assert table.review == table.judge == {} and table.notice and table.state is state, data
        assert not [m for m in payload(sent) if isinstance(m, dict) and m.get("type") == "download"], data
    if table.state is not state:
        assert not table.notice and (kind == "new" or (kind == "act" and content.get("id") in legal)), data
        if kind == "new":
            return  # a new game: the next case checks what it sends
    assert table.seed == seed
    hidden = cards_shown(payload(sent), table) - human_may_see(table) - shown
    assert not hidden, (data, hidden)


@pytest.mark.parametrize("game", ["truco", "pao_de_kuai", "french_tarot"])
def test_fuzz_table_messages(game, page):
    table = Table(game, settings=page["settings"], delay=0)
    names = sorted(table.keys)

    @FUZZ
    @given(data=comm_data(names))
    def case(data):
        CASES[f"table {game}"] += 1
        check_table(table, data)

    case()


@pytest.mark.parametrize("name", ["settings", "quiz", "prose", "fan"])
def test_fuzz_other_widgets(name, page):
    widget = page[name]
    names = sorted(widget.keys)

    @FUZZ
    @given(data=comm_data(names))
    def case(data):
        CASES[name] += 1
        before = widget.get_state()
        _, content = deliver(widget, data)
        after = widget.get_state()
        changed = {k for k in after if after[k] != before[k]} - {"notice"}
        if changed:  # only an accepted intent changes anything, and never a fixed trait
            assert content is not None and not widget.notice, (data, changed)
            assert not changed & {"_hub", "_esm", "_css", "_shared_esm", "_shared_css", "langs", "_renderer"}
        for other in page.values():  # a settings change reaches every widget: restore the page
            other.settings.lang, other.settings.contrast = "en", 50

    case()


comm_ids = st.sampled_from(["", "table", "c1", "c2"]) | st.text(max_size=8) | json
comm_content = st.fixed_dictionaries({}, optional={
    "comm_id": comm_ids, "target_name": st.sampled_from([WIDGET, CONTROL, "x", ""]) | json,
    "data": st.fixed_dictionaries({"method": st.sampled_from(["request_states", "update", "custom", "x"])},
                                  optional={"state": json}) | json})
versions = st.fixed_dictionaries({"version": st.sampled_from(["1.0.0", "2.1.0", "1", ""]) | json}) | json
comm_message = st.fixed_dictionaries({"content": comm_content | json}, optional={"metadata": versions}) | json
control_open = st.builds(lambda comm_id, data: {"content": {"comm_id": comm_id, "target_name": CONTROL, "data": data},
                                                "metadata": {"version": "1.0.0"}}, st.sampled_from(["c1", "c2"]), json)


def test_fuzz_raw_comm_messages_to_the_kernel(monkeypatch):
    guard = guarded(monkeypatch)
    notebook = Recorded(comm_id="table", target_name=WIDGET, primary=False)  # a widget the notebook made
    widgets = len(ipywidget._instances)

    @FUZZ
    @given(msg_type=st.sampled_from(["comm_open", "comm_msg", "comm_close"]), msg=comm_message | control_open)
    def case(msg_type, msg):
        CASES["raw comm"] += 1
        notebook._closed = False
        guard.manager.comms["table"] = notebook  # the page may close it: the next case has it back
        Recorded.published.clear()
        getattr(guard, msg_type)(None, [], msg)
        assert len(ipywidget._instances) == widgets
        assert set(guard.manager.comms) <= {"table", getattr(guard.control, "comm_id", None)}
        # the page hears only of control comms: one closed, or its answer (the notebook widgets' own state)
        for kind, comm_id, data in Recorded.published:
            assert comm_id in ("c1", "c2")
            assert (kind, data.get("method")) in {("comm_close", None), ("comm_msg", "update_states")}

    case()
    assert guard.control is not None  # the control comm was opened, and so fuzzed, at least once


def reviewed(table: Table) -> tuple[dict, dict]:
    """What the page has of the review: the replay and the judgements."""
    return dict(table.review), dict(table.judge)


def finished(name: str, page) -> Table:
    """A table whose deal is over with its review open (few worlds: the judging is not under test)."""
    table = Table(name, seed=5, settings=page["settings"], delay=0)
    table.reviewing.worlds = 2
    for _ in range(400):
        if table.game.deal_over(table.state):
            break
        table.send_intent({"type": "act", "id": table.turn.legal[0].id})
    table.send_intent({"type": "review"})
    table.reviewing.wait()
    return table


forged = st.fixed_dictionaries({"type": st.sampled_from(REVIEW)},
                               optional={"step": json | st.integers(-5, 10**6), "faceup": json, "id": json,
                                         "text": json | st.text(max_size=200) | st.just('{"format": "cardavia-record/2"}')})


@pytest.mark.parametrize("name", ["truco", "pao_de_kuai"])
def test_fuzz_review_intents_after_the_deal(name, page):
    """Forged review intents on a finished deal: a step in range moves the replay, anything else is
    refused in words and changes nothing; the game's own state never moves."""
    table = finished(name, page)
    state, last = table.state, table.reviewing.replay.last

    @FUZZ
    @given(content=forged)
    def case(content):
        CASES[f"review {name}"] += 1
        before = reviewed(table)
        sent, _ = deliver(table, {"method": "custom", "content": content})
        if table.reviewing.practising:  # a good take-over: practice, then back to the review as it was
            assert content["type"] == "take_over" and not table.notice
            table.send_intent({"type": "back_to_review"})
            assert reviewed(table) == before, content
        assert table.state is state and not leaks(sent)
        step = content.get("step", before[0].get("replay", {}).get("step"))
        faceup = content.get("faceup", False)
        kind = content["type"]
        fine = (kind == "replay" and type(step) is int and 0 <= step <= last and type(faceup) is bool) \
            or kind in ("download", "close_review", "review")
        judged = kind in ("open_record", "try", "reveal", "take_over")  # fine or not: the kernel's checks decide
        if not fine and not judged:
            assert table.notice and reviewed(table) == before, content
        if judged and table.notice:
            assert reviewed(table) == before, content
        if kind == "review":
            table.reviewing.wait()

    case()
