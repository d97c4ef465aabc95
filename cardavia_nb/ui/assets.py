"""Where the front-end files (ES modules and CSS) live, installed or in a source checkout."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import anywidget
import traitlets

import cardavia_nb
from cardavia_nb.core.text import Msg

log = logging.getLogger("cardavia_nb.ui")


def asset(name: str) -> Path:
    """The path of ``widgets/<name>`` (``name`` may name a folder: ``"table/felt.js"``): inside the installed
    package first, else at the repo root.

    ``widgets/`` mirrors this UI package: a feature's widget files in its folder (``table/``, ``review/``,
    ``history/``, ``classroom/``), the page's furniture at the top, and in ``shared/`` what the hub carries once
    per page. The wheel ships ``widgets/`` as ``cardavia_nb/widgets``; a source checkout keeps it beside the
    package. A missing file raises FileNotFoundError naming both places looked at.
    """
    package = Path(cardavia_nb.__file__).parent
    roots = (package / "widgets", package.parent / "widgets")
    for root in roots:
        if (root / name).is_file():
            return root / name
    raise FileNotFoundError(f"Front-end file {name!r} not found in {roots[0]} or {roots[1]}.")


# Prepended to every widget's module: finds the page's shared module on the hub.
BOOT = "boot.js"
# The parts of the page's shared module, in the order they are joined (a part uses earlier parts' names).
SHARED_PARTS = ("shared/dom.js", "shared/cards.js", "shared/look.js", "shared/focus.js", "shared/panels.js",
                "shared/stylesheet.js")
# The page's stylesheet, carried by the hub with the shared module.
SHARED_CSS = "shared/cardavia.css"


def shared_module() -> str:
    """The page's shared ES module: ``SHARED_PARTS`` joined into one text (no build step, no CDN)."""
    return "\n".join(asset(name).read_text(encoding="utf-8") for name in SHARED_PARTS)


def module(*names: str) -> str:
    """A widget's ES module: ``BOOT`` then the ``widgets/`` files ``names`` (paths such as ``"table/felt.js"``),
    joined in order into one module; a part may use only the names of the parts before it."""
    return "\n".join(asset(name).read_text(encoding="utf-8") for name in (BOOT, *names))


class Widget(anywidget.AnyWidget):
    """Base of every cardavia widget: its look, its notice, the id of the page's hub (its ``Settings``),
    and the one door for messages from the browser.

    The ES module of a widget cannot import a sibling file (anywidget loads it from memory), and
    sending the shared module and CSS with every widget made a page with 36 widgets carry a
    megabyte of state. So the hub alone carries the shared module (``shared_module()``, the
    ``SHARED_PARTS`` of ``widgets/shared/``) and ``SHARED_CSS`` as text; every other widget's front end finds
    the hub's model by ``_hub`` and imports the module from it (once per page) — see ``widgets/boot.js``
    (``BOOT``), prepended to each widget's module.

    The browser is untrusted: the kernel writes every trait. A trait write from the page (an
    ipywidgets ``update``) is refused and the kernel's values are sent back; intents arrive as
    ``custom`` messages. Nothing the browser sends can raise out of ``_handle_msg``: an error is
    logged on the server and the page only gets a notice in words (never a traceback or a path).
    """

    _hub = traitlets.Unicode("").tag(sync=True)
    look = traitlets.Dict().tag(sync=True)
    notice = traitlets.Unicode("").tag(sync=True)

    @property
    def settings(self) -> Any:
        """The page's Settings this widget follows."""
        return self._settings

    @settings.setter
    def settings(self, hub: Any) -> None:
        self._settings = hub
        self._hub = hub.model_id

    @property
    def lang(self) -> str:
        """The page's language now."""
        return self.settings.lang

    def tell(self, msg: Msg) -> None:
        """Show a message on the widget's notice line, in the page's language."""
        self.notice = msg.text(self.lang)

    def _handle_msg(self, msg: Any) -> None:
        """Every comm message from the browser: intents are handled, trait writes refused, errors told."""
        try:
            data = msg["content"]["data"]
            method = data.get("method") if isinstance(data, dict) else None
            if method == "custom":
                self._handle_custom_msg(data.get("content"), msg.get("buffers") or [])
            elif method == "request_state":
                self.send_state()
            elif method == "update":
                self._refuse_write(data.get("state"))
            else:
                self.tell(Msg.of("ui.notice.bad_message", type=str(method)[:40]))
        except Exception:
            log.exception("A message from the browser failed in %s", type(self).__name__)
            try:
                self.tell(Msg.of("ui.notice.failed"))
            except Exception:
                log.exception("Could not tell the page that a message failed")

    def _handle_custom_msg(self, content: Any, buffers: Any) -> None:
        """An intent goes straight to ``_on_msg``: ipywidgets' callback list would show the page a traceback."""
        self._on_msg(self, content, buffers)

    def _on_msg(self, _widget: Any, content: Any, _buffers: Any) -> None:
        """The widget's intents; a widget that takes none says it did not understand."""
        kind = content.get("type") if isinstance(content, dict) else None
        self.tell(Msg.of("ui.notice.bad_message", type=str(kind)[:40]))

    def _refuse_write(self, state: Any) -> None:
        """A trait write from the page: send the kernel's values back and say that nothing changed.

        The echo answers the front end's pending write (ipywidgets 8 waits for an ``echo_update``
        before it takes kernel updates of that trait again); the plain update covers older front ends.
        """
        names = [name for name in state if isinstance(name, str) and name in self.keys] if isinstance(state, dict) else []
        if names:
            kept = self.get_state(names)
            self._send({"method": "echo_update", "state": kept, "buffer_paths": []})
            self.send_state(names)
        self.tell(Msg.of("ui.notice.read_only"))
