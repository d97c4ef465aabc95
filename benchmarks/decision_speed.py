"""Decision times for the speed benchmarks, by the wall clock and in CPU time: on a shared, loaded machine
the wall clock also counts other processes' turns, the CPU time only the decision's own work."""

from __future__ import annotations

import statistics
import time
from typing import Any, Callable


class Stopwatch:
    """Times calls and summarises them as p50/p95/max, wall clock and CPU time."""

    def __init__(self) -> None:
        """No calls timed yet."""
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def time(self, call: Callable[..., Any], *args: Any) -> Any:
        """``call(*args)``, timed; returns its result."""
        wall, cpu = time.perf_counter(), time.process_time()
        out = call(*args)
        self.cpu.append((time.process_time() - cpu) * 1e3)
        self.wall.append((time.perf_counter() - wall) * 1e3)
        return out

    def summary(self) -> str:
        """p50, p95 and max milliseconds by the wall clock and in CPU time."""
        def spread(values: list[float]) -> str:
            v = sorted(values)
            return f"p50 {statistics.median(v):.2f} ms, p95 {v[int(0.95 * (len(v) - 1))]:.2f} ms, max {v[-1]:.2f} ms"
        return f"wall {spread(self.wall)}; CPU {spread(self.cpu)} ({len(self.wall)} decisions)"
