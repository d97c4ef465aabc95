"""Work after the deal that the page need not wait for (the review, High on the same cards): in a thread,
or at once where Python has no threads (Python in the browser, the static site)."""

from __future__ import annotations

import threading
from typing import Any, Callable


def in_background(work: Callable[..., None], *args: Any, in_place: bool = True) -> threading.Thread | None:
    """Run ``work(*args)`` in a daemon thread and return it; where no thread can start, run it here
    before returning None (the page then hears the outcome all at once), or with ``in_place=False``
    not at all (work nobody asked for must not hold up the page's next click)."""
    thread = threading.Thread(target=work, args=args, daemon=True)
    try:
        thread.start()
    except RuntimeError:
        if in_place:
            work(*args)
        return None
    return thread


__all__ = ["in_background"]
