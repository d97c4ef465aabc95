"""Work that the page need not wait for (the review, High on the same cards, an uploaded results file): in a
thread, or, where Python has no threads (Python in the browser, the static site), between the page's
messages (work written as steps, ``core.steps``) or at once."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any, Callable

from cardavia_nb.core.steps import Steps, drained

SLICE = 0.05  # seconds of steps run between two looks at the page's messages, where there is no thread
_tasks: set[asyncio.Task[None]] = set()  # the steps running on the page's event loop, held until they end


def in_background(work: Callable[..., None], *args: Any) -> threading.Thread | None:
    """Run ``work(*args)`` in a daemon thread and return it; where no thread can start, run it here
    before returning None (the page then hears the outcome all at once)."""
    thread = threading.Thread(target=work, args=args, daemon=True)
    try:
        thread.start()
    except RuntimeError:
        work(*args)
        return None
    return thread


def in_steps(steps: Steps[Any], going: Callable[[], bool] | None = None) -> threading.Thread | None:
    """Run ``steps`` to its end (or until ``going`` says stop) in a daemon thread and return it; where no
    thread can start, on the running event loop SLICE seconds at a time, so the page's clicks are answered
    in between (None is returned), or here and now when no loop runs either."""
    thread = threading.Thread(target=drained, args=(steps, going), daemon=True)
    try:
        thread.start()
        return thread
    except RuntimeError:
        pass
    try:
        loop = asyncio.get_running_loop()  # Pyodide's loop (the browser's) always runs
    except RuntimeError:
        drained(steps, going)
        return None
    task = loop.create_task(_sliced(steps, going))
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)
    return None


async def _sliced(steps: Steps[Any], going: Callable[[], bool] | None) -> None:
    """Run ``steps`` on the event loop, handing it back every SLICE seconds."""
    until = time.monotonic() + SLICE
    for _ in steps:
        if going is not None and not going():
            steps.close()
            return
        if time.monotonic() >= until:
            await asyncio.sleep(0)
            until = time.monotonic() + SLICE


__all__ = ["in_background", "in_steps"]
