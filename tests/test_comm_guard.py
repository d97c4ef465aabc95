"""The kernel's comm guard without a browser: its handlers called directly, then a real kernel fed raw junk.

No widget opened by the page, no growth of the comm manager, each refusal logged on the server (and
only its 1st, 10th, 100th ... time), the control comm ipywidgets' front end needs still served, and in
a real kernel nothing but ``status`` and the control comm's answer reaches iopub.
"""

from __future__ import annotations

import logging
import os
import queue
import time
from types import SimpleNamespace

import IPython
import pytest
from comm.base_comm import CommManager
from ipywidgets.widgets import widget as ipywidget

from cardavia_nb.ui import comm_guard
from cardavia_nb.ui.comm_guard import CommGuard, ServerLog, install, route_to_server_log
from tests.junk import CONTROL, WIDGET, Recorded, button_open, deliver, guarded, junk, leaks


@pytest.fixture
def guard(monkeypatch):
    """A guard in front of a fresh comm manager serving ipywidgets' targets, whose comms record what they send."""
    return guarded(monkeypatch)


def test_widgets_opened_by_the_page_are_refused_and_logged_sparingly(guard, caplog):
    widgets, comms = len(ipywidget._instances), len(guard.manager.comms)
    with caplog.at_level(logging.WARNING, logger="cardavia_nb.comm"):
        for _ in range(1000):
            deliver(guard, *button_open())
    assert len(ipywidget._instances) == widgets and len(guard.manager.comms) == comms
    assert Recorded.published == []  # no answer at all, not even a comm_close
    counts = [record.args[-1] for record in caplog.records]
    assert counts == [1, 10, 100, 1000]
    assert "@jupyter-widgets/controls/ButtonModel" in caplog.records[0].getMessage()


def test_an_open_reusing_a_notebook_widget_id_leaves_that_widget_alone(guard):
    mine = Recorded(comm_id="table", target_name=WIDGET, primary=False)
    guard.manager.register_comm(mine)
    _, content, metadata = button_open()
    deliver(guard, "comm_open", {**content, "comm_id": "table"}, metadata)
    deliver(guard, "comm_open", {"comm_id": "table", "target_name": "other"})
    assert guard.manager.comms["table"] is mine and not mine._closed and Recorded.published == []


def test_unserved_targets_get_no_answer(guard):
    deliver(guard, "comm_open", {"comm_id": "probe", "target_name": "no.such.target", "data": {}})
    assert Recorded.published == [] and "probe" not in guard.manager.comms


def test_the_control_comm_is_served_one_at_a_time(guard):
    deliver(guard, "comm_open", {"comm_id": "c1", "target_name": CONTROL, "data": {}}, {"version": "1.0.0"})
    deliver(guard, "comm_msg", {"comm_id": "c1", "data": {"method": "request_states"}})
    assert [m[:2] for m in Recorded.published] == [("comm_msg", "c1")]
    assert Recorded.published[0][2]["method"] == "update_states"
    deliver(guard, "comm_msg", {"comm_id": "c1", "data": {"method": "nope"}})  # would raise in ipywidgets
    for n in range(2, 6):
        deliver(guard, "comm_open", {"comm_id": f"c{n}", "target_name": CONTROL, "data": {}}, {"version": "1.0.0"})
    assert [c for c in guard.manager.comms] == ["c5"] and ipywidget.Widget._control_comm is guard.control
    assert [m[:2] for m in Recorded.published[1:]] == [("comm_close", f"c{n}") for n in range(1, 5)]


def test_a_control_comm_of_another_protocol_version_is_not_served(guard):
    for metadata in ({}, {"version": "9.0"}, {"version": 1}, None):
        deliver(guard, "comm_open", {"comm_id": "c", "target_name": CONTROL, "data": {}}, metadata)
        assert "c" not in guard.manager.comms and ipywidget.Widget._control_comm is None


def test_malformed_and_unknown_messages_change_nothing(guard, caplog):
    before = dict(guard.manager.comms)
    with caplog.at_level(logging.WARNING, logger="cardavia_nb.comm"):
        for msg_type, content, metadata in junk():
            deliver(guard, msg_type, content, metadata)
        for comm_id in ("\x80", "é" * 8, "a b", "a\nb"):  # the comm library makes an id an ASCII topic
            deliver(guard, "comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control"},
                    {"version": "1.0.0"})
        for bad in (None, "x", {}, {"content": None}, {"content": []}):
            guard.comm_open(None, [], bad)
            guard.comm_msg(None, [], bad)
            guard.comm_close(None, [], bad)
    assert guard.manager.comms == before and guard.control._closed
    assert set(guard.refused) == {"malformed comm_open", "widget opened by the page",
                                  "comm_open for an unserved target",
                                  "comm_msg for an unknown comm", "comm_close for an unknown comm",
                                  "control message other than request_states"}
    assert all(record.name == "cardavia_nb.comm" for record in caplog.records)


def test_a_widget_handler_failure_is_logged_with_its_traceback_on_the_server(guard, caplog):
    broken = Recorded(comm_id="w", target_name=WIDGET, primary=False)
    broken.on_msg(lambda msg: msg["content"]["data"]["missing"])
    guard.manager.register_comm(broken)
    with caplog.at_level(logging.WARNING, logger="cardavia_nb.comm"):
        deliver(guard, "comm_msg", {"comm_id": "w", "data": {}})
    assert caplog.records[0].exc_info[0] is KeyError and "Recorded" in caplog.records[0].getMessage()


@pytest.fixture
def loggers():
    """The routed loggers' handlers and propagation, restored afterwards (caplog needs them)."""
    kept = {name: (logger.handlers[:], logger.propagate)
            for name, logger in ((name, logging.getLogger(name)) for name in comm_guard.ROUTED)}
    yield
    for name, (handlers, propagate) in kept.items():
        logging.getLogger(name).handlers, logging.getLogger(name).propagate = handlers, propagate


def test_the_comm_layer_logs_go_to_the_kernel_log_not_to_stderr(loggers, capsys):
    kernel_log = logging.getLogger("test.kernel")
    seen: list[logging.LogRecord] = []
    kernel_log.addHandler(SimpleNamespace(level=0, handle=seen.append))
    try:
        route_to_server_log(ServerLog(kernel_log))
        route_to_server_log(ServerLog(kernel_log))  # twice: still one handler each
        for name in comm_guard.ROUTED:
            try:
                raise ValueError("/srv/secret/manager.py")
            except ValueError:
                logging.getLogger(name).error("Exception opening comm with target: x", exc_info=True)
            assert len(logging.getLogger(name).handlers) == 1
    finally:
        kernel_log.handlers.clear()
    assert [record.name for record in seen] == list(comm_guard.ROUTED)
    assert capsys.readouterr() == ("", "")


def test_install_takes_the_kernel_comm_handlers_once_and_is_a_no_op_elsewhere(loggers, monkeypatch):
    manager = CommManager()
    kernel = SimpleNamespace(comm_manager=manager, log=logging.getLogger("test.kernel"),
                             shell_handlers={"comm_open": manager.comm_open, "comm_msg": manager.comm_msg,
                                             "comm_close": manager.comm_close, "execute_request": print})
    monkeypatch.setattr(IPython, "get_ipython", lambda: SimpleNamespace(kernel=kernel))
    assert install()
    guard = kernel.shell_handlers["comm_open"].__self__
    assert isinstance(guard, CommGuard) and guard.manager is manager
    assert kernel.shell_handlers["comm_msg"].__self__ is guard and kernel.shell_handlers["comm_close"].__self__ is guard
    assert kernel.shell_handlers["execute_request"] is print
    assert install() and kernel.shell_handlers["comm_open"].__self__ is guard
    monkeypatch.setattr(IPython, "get_ipython", lambda: None)
    assert not install()


BROKEN_QUIZ = """from cardavia_nb.ui import Settings
from cardavia_nb.ui.panel import Quiz

class Broken(Quiz):
    def handle(self, intent, content):
        raise KeyError("/srv/secret/module.py")

quiz = Broken("ui.settings.title", [("a", "ui.lang.en")], "a", "ui.settings.title", settings=Settings())
"""


def test_a_real_kernel_sends_the_page_no_traceback_and_grows_no_widget():
    """A kernel as Voila starts it (output of file descriptors captured: no pytest variable in its
    environment) runs a page's first import and makes a quiz whose handler fails, then gets the junk,
    a press on that quiz and 300 Button opens on its shell."""
    from jupyter_client.manager import start_new_kernel

    env = {k: v for k, v in os.environ.items() if k != "PYTEST_CURRENT_TEST"}
    km, kc = start_new_kernel(kernel_name="python3", env=env, startup_timeout=120)
    try:
        kc.execute_interactive(BROKEN_QUIZ, timeout=120)
        count = {"widgets": "len(__import__('ipywidgets').widgets.widget._instances)",
                 "comms": "len(__import__('comm').get_comm_manager().comms)", "quiz": "quiz.model_id"}
        before = kc.execute("", silent=True, user_expressions=count, reply=True, timeout=60)["content"]
        quiz = before["user_expressions"]["quiz"]["data"]["text/plain"].strip("'")
        press = ("comm_msg", {"comm_id": quiz, "data": {"method": "custom", "content": {"type": "press", "id": "a"}}},
                 {})
        for msg_type, content, metadata in [*junk(), press, *(button_open() for _ in range(300))]:
            kc.shell_channel.send(kc.session.msg(msg_type, content, metadata=metadata))
        last = kc.comm_info(target_name=WIDGET)
        reply = kc.get_shell_msg(timeout=120)
        assert reply["parent_header"]["msg_id"] == last
        after = kc.execute("", silent=True, user_expressions=count, reply=True, timeout=60)["content"]
        seen = []
        end = time.monotonic() + 300  # a deadline for a busy machine, not a time asserted
        while not any(m["msg_type"] == "status" and m["parent_header"].get("msg_id") == last for m in seen):
            assert time.monotonic() < end, "the kernel did not finish the junk"
            try:
                seen.append(kc.get_iopub_msg(timeout=1))
            except queue.Empty:
                pass
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    kinds = {m["msg_type"] for m in seen}
    assert kinds == {"status", "comm_msg"}, kinds  # the comm_msg: the control comm's answer to request_states
    assert not [found for m in seen for found in leaks(m["content"])]
    notices = [m["content"]["data"]["state"]["notice"] for m in seen if m["msg_type"] == "comm_msg"
               and m["content"]["comm_id"] == quiz and "notice" in m["content"]["data"].get("state", {})]
    assert notices and notices[0].startswith("Something went wrong")  # told in words, the traceback not sent
    values = {name: [int(c["user_expressions"][name]["data"]["text/plain"]) for c in (before, after)]
              for name in ("widgets", "comms")}
    assert values["widgets"][1] == values["widgets"][0] > 0 and values["comms"][1] == values["comms"][0]
    assert len(reply["content"]["comms"]) == values["widgets"][0]  # every widget comm is one the notebook made


def test_the_leak_check_knows_a_traceback_from_a_link():
    for text in ("Traceback (most recent call last):", "ValueError: bad", "KeyError", "/srv/venv/lib/x", "widget.py",
                 'File "/work/main/.venv/lib/python3.11/site-packages/ipykernel/comm/manager.py", line 49'):
        assert leaks({"content": {"text": text}}), text
    assert not leaks({"help_links": [{"url": "https://docs.python.org/3.11"}], "model": "@jupyter-widgets/controls",
                      "state": {"_esm": "throw new TypeError('/a/b.py')", "text": "Error: try again"}})
