"""Long work written as steps: a generator that yields None between small pieces of work and returns
its result. Where Python has threads, a thread runs it to the end at once; where it has none (Python in
the browser, the static site) the page runs a few steps at a time and answers clicks in between.
"""

from __future__ import annotations

from typing import Callable, Generator, TypeVar

T = TypeVar("T")
Steps = Generator[None, None, T]  # pieces of work, then the result


def drained(steps: Steps[T], going: Callable[[], bool] | None = None) -> T | None:
    """Run ``steps`` to its end and return its result; None as soon as ``going`` (asked after each
    step) says that nobody wants it any more."""
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return end.value
        if going is not None and not going():
            steps.close()
            return None


__all__ = ["Steps", "drained"]
