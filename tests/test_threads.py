"""No thread of ours dies silently, and none writes to the page: in a kernel ``sys.stderr`` is a stream to the
page, so a failure in work run in the background (a thread, the page's event loop, or here and now where
neither exists) is logged on the server, its owner tells the page in words, and ``sys.stderr`` hears nothing."""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import os
import sys
import threading
from typing import Iterator

import pytest

from cardavia_nb.ui import background
from tests import test_background

no_threads = test_background.no_threads  # the fixture: Python as in the browser, no thread starts


def boom(*_args) -> None:
    """Work that fails as a bug would, deep in the package."""
    raise RuntimeError("a bug in /srv/cardavia_nb/secret_path.py")


def steps_then_boom():
    """Steps that fail after one piece of work."""
    yield
    boom()


@contextlib.contextmanager
def page() -> Iterator[io.StringIO]:
    """``sys.stderr`` as a kernel has it: what is written there reaches the page, and so does a thread's uncaught
    exception, through Python's own hook (set here, in the test: pytest sets its own around each phase)."""
    stream, hook, stderr = io.StringIO(), threading.excepthook, sys.stderr
    sys.stderr, threading.excepthook = stream, threading.__excepthook__
    try:
        yield stream
    finally:
        sys.stderr, threading.excepthook = stderr, hook


def failing_runs():
    """Each way the background runs work, failing; each returns what to wait for."""
    return {
        "thread": lambda told: background.in_background(boom, 1, failed=told),
        "steps in a thread": lambda told: background.in_steps(steps_then_boom(), failed=told),
    }


def test_a_thread_that_raises_writes_nothing_to_the_page_and_the_server_log_has_it(caplog):
    with caplog.at_level(logging.ERROR, logger="cardavia_nb"), page() as shown:
        background.in_background(boom).join(10)
        background.in_steps(steps_then_boom()).join(10)
    assert shown.getvalue() == "" and caplog.text.count("RuntimeError: a bug in") == 2


@pytest.mark.parametrize("how", sorted(failing_runs()))
def test_a_failing_thread_is_logged_on_the_server_and_told_never_printed(how, caplog):
    told: list[str] = []
    with caplog.at_level(logging.ERROR, logger="cardavia_nb"), page() as shown:
        thread = failing_runs()[how](lambda: told.append("failed"))
        thread.join(10)
    assert shown.getvalue() == "" and told == ["failed"]
    assert "secret_path" in caplog.text and "Traceback" in caplog.text


def test_without_threads_the_failure_is_logged_and_told_here_or_on_the_event_loop(no_threads, caplog):
    told: list[str] = []
    with caplog.at_level(logging.ERROR, logger="cardavia_nb"), page() as shown:
        assert background.in_background(boom, failed=lambda: told.append("here")) is None
        assert background.in_steps(steps_then_boom(), failed=lambda: told.append("steps here")) is None

        async def on_the_loop() -> None:
            background.in_steps(steps_then_boom(), failed=lambda: told.append("loop"))
            while background._tasks:
                await asyncio.sleep(0.01)

        asyncio.run(on_the_loop())
    assert told == ["here", "steps here", "loop"] and shown.getvalue() == ""
    assert caplog.text.count("RuntimeError: a bug in") == 3


def test_a_failure_told_by_a_failing_owner_is_still_only_logged(caplog):
    with caplog.at_level(logging.ERROR, logger="cardavia_nb"), page() as shown:
        background.in_background(boom, failed=boom).join(10)
    assert shown.getvalue() == "" and [r.exc_info[0] for r in caplog.records] == [RuntimeError, RuntimeError]


IN_A_KERNEL = """
import logging, threading
import cardavia_nb.ui
from cardavia_nb.ui.background import in_background

def boom():
    raise RuntimeError("/srv/cardavia_nb/secret_path.py")

def library():
    logging.getLogger("sqlalchemy.pool").error("reset failed", exc_info=ValueError("/srv/venv/pool.py"))

in_background(boom).join()
helper = threading.Thread(target=library)
helper.start()
helper.join()
"""


def test_in_a_real_kernel_a_failing_thread_and_a_library_log_reach_the_server_log_not_the_page(tmp_path):
    """A kernel as Voila starts it (file descriptors captured): its stderr is the server's log."""
    from jupyter_client.manager import start_new_kernel

    from tests.wire import leaks

    env = {k: v for k, v in os.environ.items() if k != "PYTEST_CURRENT_TEST"}
    with open(tmp_path / "server.log", "w") as server:
        km, kc = start_new_kernel(kernel_name="python3", env=env, startup_timeout=120, stderr=server)
        try:
            sent: list[dict] = []
            reply = kc.execute_interactive(IN_A_KERNEL, timeout=120, output_hook=sent.append)
        finally:
            kc.stop_channels()
            km.shutdown_kernel(now=True)
    assert reply["content"]["status"] == "ok"
    out = [m for m in sent if m["msg_type"] != "execute_input"]  # the code itself, echoed
    assert [m["content"] for m in out if m["msg_type"] == "stream"] == [] and leaks([m["content"] for m in out]) == []
    logged = (tmp_path / "server.log").read_text()
    assert "secret_path.py" in logged and "reset failed" in logged and "/srv/venv/pool.py" in logged
