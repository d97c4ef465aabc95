"""The kernel's guard on comm messages from the page: no widget opened by the browser, no traceback sent back.

ipykernel hands every ``comm_open``, ``comm_msg`` and ``comm_close`` from the websocket to its comm
manager. That manager builds any registered ipywidgets model the page names (so a page could grow the
kernel by thousands of Buttons), and on a failure it logs a traceback through loggers with no handler:
Python's last resort prints it to ``sys.stderr``, which the kernel sends to the page as a stream.

The guard takes over the kernel's three comm handlers and sends the comm layer's logs to the kernel's
own log (the server's terminal, never the page), and so do the warnings of any logger without a handler,
which Python's last resort would print to ``sys.stderr``:

- ``jupyter.widget`` opens from the page are refused (a page talks only to the widgets the notebook
  made); the one open ipywidgets' front end needs, its ``jupyter.widget.control`` comm for loading the
  widgets' state, is passed on with its protocol version checked, one such comm at a time;
- messages and closes for an unknown comm, malformed messages and ids already in use are refused;
- every refusal is logged on the server (the first, tenth, hundredth ... of each kind); the page gets
  nothing back (ipykernel's ``comm_close`` for a failed open made every tab on the kernel log an error).

``install()`` runs when ``cardavia_nb.ui`` is imported, the first code of every page, so it works alike
in Voila, JupyterLab and Binder without any kernel configuration; outside a kernel it does nothing.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from typing import Any

import comm
from ipywidgets.widgets.widget import CONTROL_PROTOCOL_VERSION_MAJOR as CONTROL_MAJOR

log = logging.getLogger("cardavia_nb.comm")

WIDGET = "jupyter.widget"
CONTROL = "jupyter.widget.control"
ROUTED = ("cardavia_nb", "Comm", "ipykernel.comm")  # loggers that would print to the page's stderr
MAX_ID = 128  # longer than any front end's comm id (ipywidgets: 32 hex digits, JupyterLab: a 36-character uuid)
ID = re.compile(r"[A-Za-z0-9_.:-]+")  # a comm id's characters: the comm library makes it an ASCII ZMQ topic


def _content(msg: Any) -> dict:
    """The content of a message, or an empty dict when it has none worth the name."""
    content = msg.get("content") if isinstance(msg, dict) else None
    return content if isinstance(content, dict) else {}


def _version_major(msg: Any) -> str:
    """The major protocol version a ``comm_open`` claims in its metadata ('' when it claims none)."""
    metadata = msg.get("metadata") if isinstance(msg, dict) else None
    version = metadata.get("version") if isinstance(metadata, dict) else None
    return version.split(".")[0] if isinstance(version, str) else ""


def _model(content: dict) -> str:
    """The model a ``jupyter.widget`` open names, for the server log (short, whatever the page sent)."""
    data = content.get("data")
    state = data.get("state") if isinstance(data, dict) else None
    names = [state.get(key) for key in ("_model_module", "_model_name")] if isinstance(state, dict) else []
    return "/".join(str(name)[:40] for name in names)


def _asks_states(content: dict) -> bool:
    """Whether a control-comm message is the one request the front end makes: every widget's state."""
    data = content.get("data")
    return isinstance(data, dict) and data.get("method") == "request_states"


class CommGuard:
    """The kernel's ``comm_open``, ``comm_msg`` and ``comm_close`` handlers, in front of its comm manager."""

    def __init__(self, manager: Any):
        self.manager = manager
        self.control: Any = None  # the one open control comm
        self.refused: Counter = Counter()  # refusals per kind (a fixed set of kinds, whatever the page sends)

    def comm_open(self, _stream: Any, _ident: Any, msg: Any) -> None:
        """A comm opened by the page: only a well-formed control comm is let through."""
        content = _content(msg)
        comm_id, target = content.get("comm_id"), content.get("target_name")
        if not (isinstance(comm_id, str) and len(comm_id) <= MAX_ID and ID.fullmatch(comm_id) and isinstance(target, str)):
            self._refuse("malformed comm_open")
        elif comm_id in self.manager.comms:  # closing it would close the notebook's own widget
            self._refuse("comm_open with an id in use", comm_id)
        elif target == CONTROL and CONTROL in self.manager.targets and _version_major(msg) == CONTROL_MAJOR:
            self._open_control(comm_id, msg)
        elif target == WIDGET:  # no answer: ipykernel's comm_close reaches every tab on the kernel ("Comm not found")
            self._refuse("widget opened by the page", _model(content))
        else:
            self._refuse("comm_open for an unserved target", target)

    def comm_msg(self, _stream: Any, _ident: Any, msg: Any) -> None:
        """A message to a comm: passed on to a known comm, whose failure is logged here, not printed."""
        content = _content(msg)
        opened = self._known(content, "comm_msg")
        if opened is None:
            return
        if opened is self.control and not _asks_states(content):
            self._refuse("control message other than request_states")
            return
        try:
            opened.handle_msg(msg)
        except Exception:
            self._refuse("comm_msg that failed in its handler", type(opened).__name__, exc_info=True)

    def comm_close(self, stream: Any, ident: Any, msg: Any) -> None:
        """A close of a known comm goes to the comm manager (it logs its own failures); others are refused."""
        if self._known(_content(msg), "comm_close") is not None:
            self.manager.comm_close(stream, ident, msg)

    def _open_control(self, comm_id: str, msg: Any) -> None:
        """Open the front end's control comm, closing the one before: ipywidgets answers only the newest."""
        if self.control is not None and not self.control._closed:
            self._tell_closed(self.control)
        control = comm.create_comm(comm_id=comm_id, primary=False, target_name=CONTROL)
        self.manager.register_comm(control)
        try:
            self.manager.targets[CONTROL](control, msg)
        except Exception:
            self._refuse("control comm that failed to open", exc_info=True)
            self._tell_closed(control)
            return
        self.control = control

    def _known(self, content: dict, what: str) -> Any:
        """The open comm a message is for, or None (refused and logged) when there is none."""
        comm_id = content.get("comm_id")
        found = self.manager.comms.get(comm_id) if isinstance(comm_id, str) else None
        if found is None:
            self._refuse(f"{what} for an unknown comm")
        return found

    def _tell_closed(self, closing: Any) -> None:
        """Send the page a ``comm_close`` for ``closing`` and forget it here.

        ``deleting=True`` keeps ``close`` from unregistering it from the global comm manager: this
        guard's manager forgets it instead.
        """
        closing.close(deleting=True)
        self.manager.comms.pop(closing.comm_id, None)

    def _refuse(self, kind: str, detail: str = "", exc_info: bool = False) -> None:
        """Count a refusal and log it on the server: its 1st, 10th, 100th ... time, so a page cannot flood the log."""
        self.refused[kind] += 1
        count = self.refused[kind]
        if str(count).rstrip("0") == "1":  # the page's strings escaped and cut: they cannot forge log lines
            shown = ascii(detail)[:80] if detail else "-"
            log.warning("Not served from the page: %s (%s); %d of this kind so far", kind, shown, count,
                        exc_info=exc_info)


class ServerLog(logging.Handler):
    """Passes records to the kernel's own log, which ipykernel writes to the server's stderr, not to the page."""

    def __init__(self, kernel_log: Any, level: int = logging.NOTSET):
        super().__init__(level)
        self.kernel_log = getattr(kernel_log, "logger", kernel_log)  # a LoggerAdapter's logger

    def emit(self, record: logging.LogRecord) -> None:
        """Hand the record to the kernel's log handlers."""
        self.kernel_log.handle(record)


def route_to_server_log(handler: logging.Handler) -> None:
    """Send the comm layer's and cardavia's loggers to ``handler`` only (not to the last resort: the page)."""
    for name in ROUTED:
        logger = logging.getLogger(name)
        logger.handlers = [h for h in logger.handlers if not isinstance(h, ServerLog)] + [handler]
        logger.propagate = False


def install() -> bool:
    """Put the guard in front of the running kernel's comm manager (once); False outside a kernel."""
    from IPython import get_ipython

    kernel = getattr(get_ipython(), "kernel", None)
    handlers = getattr(kernel, "shell_handlers", None)
    if not isinstance(handlers, dict) or getattr(kernel, "comm_manager", None) is None:
        return False
    if not isinstance(getattr(handlers.get("comm_open"), "__self__", None), CommGuard):
        guard = CommGuard(kernel.comm_manager)
        handlers.update(comm_open=guard.comm_open, comm_msg=guard.comm_msg, comm_close=guard.comm_close)
        route_to_server_log(ServerLog(kernel.log))
        kernel_log = getattr(kernel.log, "logger", kernel.log)
        if kernel_log.hasHandlers():  # else the kernel's log would hand its records back to the last resort
            # the records of any logger without a handler (SQLAlchemy's pool, a thread's library): not to the page
            logging.lastResort = ServerLog(kernel_log, logging.WARNING)
    return True
