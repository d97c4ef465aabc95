"""Work after the deal that the page need not wait for (the review, High on the same cards): in a thread,
or at once where Python has no threads (Python in the browser, the static site)."""

from __future__ import annotations

import threading
from typing import Any, Callable


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


__all__ = ["in_background"]
