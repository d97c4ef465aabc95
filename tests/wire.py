"""The kernel-to-browser boundary in tests: raw comm messages in, every message the kernel sends out."""

from __future__ import annotations

import json
import re
from typing import Any

from tests.scanners import STATIC_TRAITS

LEAKS = ("Traceback", "site-packages", ".py\"", ".py,", "/cardavia_nb/", "File \"")


class Wire:
    """Records what ``widgets`` send to the front end (state updates, echoes), at their comms."""

    def __init__(self, *widgets: Any):
        self.sent: list[dict] = []
        for widget in widgets:
            widget.comm.send = self._recorder()

    def _recorder(self):
        def send(data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
            self.sent.append(data)
        return send

    def take(self) -> list[dict]:
        """The messages sent since the last call."""
        sent, self.sent = self.sent, []
        return sent


def raw(widget: Any, data: Any, buffers: Any = None) -> None:
    """Deliver one comm message to ``widget`` exactly as ipykernel would (``data`` is the message's data)."""
    widget._handle_msg({"content": {"comm_id": widget.model_id, "data": data}, "buffers": buffers or []})


def custom(widget: Any, content: Any) -> None:
    """An intent from the page: an ipywidgets ``custom`` message."""
    raw(widget, {"method": "custom", "content": content})


def payload(messages: list[dict]) -> list[Any]:
    """What the page would read from ``messages``: every sent value except the fixed texts and rules."""
    out: list[Any] = []
    for message in messages:
        state = message.get("state") if isinstance(message, dict) else None
        if isinstance(state, dict):
            out.append({k: v for k, v in state.items() if k not in STATIC_TRAITS})
        elif message is not None:
            out.append(message)
    return out


def leaks(messages: list[dict]) -> list[str]:
    """Strings in ``messages`` that look like a traceback or a server path."""
    found: list[str] = []
    stack: list[Any] = list(messages)
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if any(mark in item for mark in LEAKS):
                found.append(item[:200])
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return found


def seeds_shown(value: Any, seeds: set[int]) -> set[int]:
    """Which of ``seeds`` are written anywhere in ``value`` (JSON-like; texts holding JSON included)."""
    return {int(digits) for digits in re.findall(r"[0-9]+", json.dumps(value, default=str))} & seeds
