"""Work that the page need not wait for (the review, High on the same cards, an uploaded results file): in a
thread, or, where Python has no threads (Python in the browser, the static site), between the page's
messages (work written as steps, ``core.steps``) or at once.

Work that fails, wherever it runs, never dies silently and never writes to ``sys.stderr`` (in a kernel, a
stream to the page): the failure is logged on the server in full, and ``failed``, if given, is called so that
its owner tells the page in words.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from typing import Any, Callable

from cardavia_nb.core.steps import Steps, drained

log = logging.getLogger("cardavia_nb.ui.background")  # the server's log in a kernel (ui.comm_guard)
SLICE = 0.05  # seconds of steps run between two looks at the page's messages, where there is no thread
_tasks: set[asyncio.Task[None]] = set()  # the steps running on the page's event loop, held until they end


def guarded(work: Callable[..., Any], failed: Callable[[], None] | None = None) -> Callable[..., None]:
    """``work`` that, failing, is logged on the server and then calls ``failed`` (itself guarded alike)."""
    def run(*args: Any) -> None:
        try:
            work(*args)
        except Exception:
            _failed(getattr(work, "__qualname__", type(work).__name__), failed)
    return run


def _failed(what: str, failed: Callable[[], None] | None) -> None:
    """Log the failure being handled, in full, on the server; then call ``failed``, guarded alike."""
    log.exception("Work in the background failed: %s", what)
    if failed is not None:
        guarded(failed)()


def in_background(work: Callable[..., None], *args: Any, failed: Callable[[], None] | None = None
                  ) -> threading.Thread | None:
    """Run ``work(*args)`` in a daemon thread and return it; where no thread can start, run it here
    before returning None (the page then hears the outcome all at once). A failure is ``guarded``."""
    run = guarded(work, failed)
    thread = threading.Thread(target=run, args=args, daemon=True)
    try:
        thread.start()
    except RuntimeError:
        run(*args)
        return None
    return thread


def in_steps(steps: Steps[Any], going: Callable[[], bool] | None = None, failed: Callable[[], None] | None = None
             ) -> threading.Thread | None:
    """Run ``steps`` to its end (or until ``going`` says stop) in a daemon thread and return it; where no
    thread can start, on the running event loop SLICE seconds at a time, so the page's clicks are answered
    in between (None is returned), or here and now when no loop runs either. A failure is ``guarded``."""
    thread = threading.Thread(target=guarded(drained, failed), args=(steps, going), daemon=True)
    try:
        thread.start()
        return thread
    except RuntimeError:
        pass
    try:
        loop = asyncio.get_running_loop()  # Pyodide's loop (the browser's) always runs
    except RuntimeError:
        guarded(drained, failed)(steps, going)
        return None
    task = loop.create_task(_sliced(steps, going, failed))
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)
    return None


async def _sliced(steps: Steps[Any], going: Callable[[], bool] | None, failed: Callable[[], None] | None) -> None:
    """Run ``steps`` on the event loop, handing it back every SLICE seconds; a failure is ``guarded``."""
    until = time.monotonic() + SLICE
    try:
        for _ in steps:
            if going is not None and not going():
                steps.close()
                return
            if time.monotonic() >= until:
                await asyncio.sleep(0)
                until = time.monotonic() + SLICE
    except Exception:
        _failed("steps on the event loop", failed)


class Ticker:
    """``tick()`` every ``seconds`` on the kernel's running event loop while ``going()`` holds: a timer, not a
    thread, so nothing waits and the page's intents never run beside it. Outside a kernel (no running loop) it
    never starts: tests call ``tick`` themselves."""

    def __init__(self, seconds: float, tick: Callable[[], Any], going: Callable[[], bool]):
        self.seconds, self.tick, self.going = seconds, tick, going
        self.timer: asyncio.TimerHandle | None = None

    def start(self) -> None:
        """Tick from ``seconds`` from now (already ticking, or no loop: nothing)."""
        if self.timer is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self.timer = loop.call_later(self.seconds, self._run)

    def _run(self) -> None:
        """One tick, then the next one ``seconds`` later, while ``going()``."""
        self.timer = None
        if not self.going():
            return
        self.tick()
        self.timer = asyncio.get_running_loop().call_later(self.seconds, self._run)

    def stop(self) -> None:
        """No more ticks."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None


def kernel_loop() -> Callable[[Callable[[], None]], Any] | None:
    """How to run work on the running event loop (a kernel's, where the page's intents are handled too), from any
    thread; None where none runs."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return None
    return loop.call_soon_threadsafe


__all__ = ["Ticker", "guarded", "in_background", "in_steps", "kernel_loop"]
