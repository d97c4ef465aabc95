"""Raw protocol junk a browser can send on a kernel websocket, a comm guard to feed it to, and the check
that nothing the page gets back leaks.

The messages are ``(msg_type, content, metadata)``: the guard's tests hand them to its handlers, the
kernel test wraps them in a jupyter_client session, the browser test in the JSON a page writes.
"""

from __future__ import annotations

import json
import re
import uuid
from typing import Any

import comm
from comm.base_comm import CommManager
from ipywidgets.widgets import widget as ipywidget

from cardavia_nb.ui.comm_guard import CommGuard

WIDGET = "jupyter.widget"
CONTROL = "jupyter.widget.control"
CONTROLS = "@jupyter-widgets/controls"
# Traceback text, an exception's name, a server path or a Python file: none may reach the page.
LEAK = re.compile(r"Traceback|\b[A-Z]\w*(?:Error|Exception)\b|site-packages|\w\.py\b"
                  r"|(?<![\w.:@/-])/(?:[\w.+-]+/)+[\w.+-]+")  # a path, not a URL
CODE = frozenset({"_esm", "_css", "_shared_esm", "_shared_css"})  # the widgets' own front-end source, not server text


def button_open() -> tuple[str, dict, dict]:
    """A valid ``comm_open`` of a stock ipywidgets Button, as its front end would send it."""
    state = {"_model_module": CONTROLS, "_model_module_version": "2.0.0", "_model_name": "ButtonModel",
             "_view_module": CONTROLS, "_view_module_version": "2.0.0", "_view_name": "ButtonView",
             "description": "grow"}
    return "comm_open", {"comm_id": uuid.uuid4().hex, "target_name": WIDGET,
                         "data": {"state": state, "buffer_paths": []}}, {"version": "2.1.0"}


def junk() -> list[tuple[str, Any, Any]]:
    """Every kind of message the issue names, and a few more malformed ones."""
    made_up = {"_model_module": "anywidget", "_model_module_version": "*", "_model_name": "MadeUpModel",
               "_view_module": "anywidget", "_view_module_version": "*", "_view_name": "MadeUpView"}
    control = uuid.uuid4().hex
    return [
        ("comm_open", {"comm_id": uuid.uuid4().hex, "target_name": WIDGET, "data": {"state": made_up}}, {}),
        ("comm_open", {"comm_id": uuid.uuid4().hex, "target_name": WIDGET, "data": {"state": made_up}},
         {"version": "2.1.0"}),
        ("comm_open", {"comm_id": uuid.uuid4().hex, "target_name": WIDGET, "data": {"state": {}}},
         {"version": "2.1.0"}),
        ("comm_open", {"comm_id": uuid.uuid4().hex, "target_name": WIDGET, "data": "junk"}, {"version": 2}),
        ("comm_open", {"comm_id": uuid.uuid4().hex, "target_name": "no.such.target", "data": {}}, {}),
        ("comm_open", {"comm_id": uuid.uuid4().hex, "target_name": CONTROL, "data": {}}, {"version": "9.0.0"}),
        ("comm_open", {"target_name": WIDGET}, {}),
        ("comm_open", {"comm_id": 5, "target_name": None}, {}),
        ("comm_open", "not a dict", None),
        ("comm_msg", {"comm_id": uuid.uuid4().hex, "data": {"method": "update", "state": {"value": 1}}}, {}),
        ("comm_msg", {"data": {"method": "custom"}}, {}),
        ("comm_msg", {"comm_id": ["x"], "data": None}, {}),
        ("comm_close", {"comm_id": uuid.uuid4().hex, "data": {}}, {}),
        ("comm_close", {}, {}),
        ("comm_open", {"comm_id": control, "target_name": CONTROL, "data": {}}, {"version": "1.0.0"}),
        ("comm_msg", {"comm_id": control, "data": {"method": "request_states"}}, {}),
        ("comm_msg", {"comm_id": control, "data": {"method": "no_such_method"}}, {}),
        ("comm_msg", {"comm_id": control, "data": "junk"}, {}),
        ("comm_close", {"comm_id": control, "data": {}}, {}),
        ("comm_msg", {"comm_id": control, "data": {"method": "request_states"}}, {}),
    ]


class Recorded(comm.DummyComm):
    """A comm that records what it would publish to the page."""

    published: list = []

    def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
        """Record the message instead of sending it."""
        self.published.append((msg_type, self.comm_id, data))


def guarded(monkeypatch) -> CommGuard:
    """A guard in front of a fresh comm manager serving ipywidgets' two targets; new comms are ``Recorded``
    (their record emptied), and ipywidgets' class-wide control comm is restored after the test."""
    manager = CommManager()
    manager.register_target(WIDGET, ipywidget.Widget.handle_comm_opened)
    manager.register_target(CONTROL, ipywidget.Widget.handle_control_comm_opened)
    monkeypatch.setattr(comm, "create_comm", Recorded)
    monkeypatch.setattr(ipywidget.Widget, "_control_comm", None)
    monkeypatch.setattr(Recorded, "published", [])
    return CommGuard(manager)


def deliver(guard: CommGuard, msg_type: str, content: Any, metadata: Any = None) -> None:
    """Call the guard's handler for ``msg_type`` with a message as ipykernel hands it over."""
    message = {"header": {"msg_type": msg_type}, "content": content, "metadata": metadata or {}, "buffers": []}
    getattr(guard, msg_type)(None, [], message)


def scrub(value: Any) -> Any:
    """``value`` without the widgets' front-end source (it is the project's own code, sent on purpose)."""
    if isinstance(value, dict):
        return {k: scrub(v) for k, v in value.items() if k not in CODE}
    if isinstance(value, list):
        return [scrub(v) for v in value]
    return value


def leaks(message: Any) -> list[str]:
    """What in a decoded message looks like a traceback, an exception name or a server path."""
    return LEAK.findall(json.dumps(scrub(message), ensure_ascii=False))
