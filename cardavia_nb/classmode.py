"""Class mode: Voila with a pool of preheated kernels per game page, and word when the pool is full.

A class arriving at once would otherwise start one kernel per student on a small server at the same
moment. Here each named page keeps ``pool_size`` kernels that have already run its notebook
(Voila's ``preheat_kernel`` with a per-notebook ``kernel_pools_config``); a kernel handed to a student
is replaced only after ``fill_delay`` seconds, so refills do not compete with the arrival.

    python -m cardavia_nb.classmode --students 30 --pages 01-truco      # what `make class` runs
    python -m cardavia_nb.classmode --print-flags --students 30         # the same as Voila flags
"""

from __future__ import annotations

import argparse
import json
import os
import math
import subprocess
import sys
import time
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

from cardavia_nb.store.location import ENV, store_url

DEFAULT_PAGES = ("01-truco",)
FILL_DELAY = 60.0  # seconds between a student taking a pooled kernel and its replacement starting


def pool_config(students: int, pages: tuple[str, ...] | list[str]) -> dict[str, dict[str, int]]:
    """Per-notebook pools: the class shared evenly among the pages (rounded up), none elsewhere."""
    if students < 0 or not pages:
        raise ValueError("Class mode needs a student count of 0 or more and at least one page.")
    size = math.ceil(students / len(pages))
    return {"default": {"pool_size": 0}, **{f"notebooks/{page.removesuffix('.ipynb')}.ipynb": {"pool_size": size}
                                            for page in pages}}


def voila_flags(students: int, pages: tuple[str, ...] | list[str], fill_delay: float = FILL_DELAY) -> list[str]:
    """Voila's command-line flags for a pool sized for ``students`` on ``pages``."""
    return ["--preheat_kernel=True", "--pool_size=0",
            f"--VoilaKernelManager.kernel_pools_config={json.dumps(pool_config(students, pages))}",
            f"--VoilaKernelManager.fill_delay={fill_delay:g}"]


def kernel_ids(server_pid: int) -> list[str]:
    """Ids of the kernels a Voila process started (read from their connection-file argument)."""
    ids = []
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            if f"PPid:\t{server_pid}\n" not in status.read_text():
                continue
            args = Path(status.parent, "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        ids += [Path(arg.decode()).stem.removeprefix("kernel-") for arg in args if arg.endswith(b".json")
                and Path(arg.decode()).name.startswith("kernel-")]
    return ids


def idle_kernels(base: str, server_pid: int, quiet: float = 3.0) -> int:
    """How many of the server's kernels are idle and have been for ``quiet`` seconds (a pooled kernel
    is, once its notebook has run; between two cells it is idle only for an instant)."""
    idle = 0
    for kernel in kernel_ids(server_pid):
        try:
            with urllib.request.urlopen(f"{base}api/kernels/{kernel}", timeout=5) as answer:
                state = json.load(answer)
        except OSError:
            continue
        since = datetime.now(timezone.utc) - datetime.fromisoformat(state["last_activity"].replace("Z", "+00:00"))
        idle += state.get("execution_state") == "idle" and since.total_seconds() >= quiet
    return idle


def wait_until_full(base: str, server_pid: int, size: int, timeout: float, every: float = 2.0) -> float | None:
    """Seconds until ``size`` kernels are idle, or None after ``timeout`` seconds."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if idle_kernels(base, server_pid) >= size:
            return time.monotonic() - start
        time.sleep(every)
    return None


def serving(base: str, proc: subprocess.Popen, timeout: float, probe: str = "voila/static/voila.js") -> bool:
    """Whether the server process answers a cheap request (``probe``) within ``timeout`` seconds (False as
    soon as it exits); Voila's ``GET /`` would start a kernel."""
    end = time.monotonic() + timeout
    while time.monotonic() < end and proc.poll() is None:
        try:
            with urllib.request.urlopen(base + probe, timeout=2):
                return True
        except OSError:
            time.sleep(0.2)
    return False


def main(argv: list[str] | None = None) -> None:
    """Start Voila in class mode, say when the pool is full, then serve until Ctrl-C."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--pages", nargs="+", default=list(DEFAULT_PAGES), help="notebook names, e.g. 01-truco")
    parser.add_argument("--fill-delay", type=float, default=FILL_DELAY)
    parser.add_argument("--host", default="0.0.0.0")
    parser.add_argument("--port", type=int, default=8866)
    parser.add_argument("--print-flags", action="store_true", help="print the Voila flags and stop")
    parser.add_argument("--store", default=None, help="the games' database URL (default $CARDAVIA_STORE, "
                        "else .cardavia/games.sqlite here); see docs/classroom.md")
    args = parser.parse_args(argv)
    flags = voila_flags(args.students, args.pages, args.fill_delay)
    if args.print_flags:
        print(" ".join(f"'{flag}'" for flag in flags))
        return
    size = sum(pool["pool_size"] for pool in pool_config(args.students, args.pages).values())
    proc = subprocess.Popen([sys.executable, "-m", "voila", f"--Voila.ip={args.host}", f"--Voila.port={args.port}",
                             "--Voila.port_retries=0", "--no-browser", *flags],
                            env={**os.environ, ENV: store_url(args.store)})  # the kernels inherit the store
    try:
        base = f"http://127.0.0.1:{args.port}/"
        if not serving(base, proc, 120):
            raise SystemExit(f"Voila did not start (exit code {proc.poll()}).")
        print(f"Class mode: preheating {size} kernels for {', '.join(args.pages)} "
              f"(30 took 34 s on a busy 2-core machine); wait for 'Pool full' before handing out the link.", flush=True)
        took = wait_until_full(base, proc.pid, size, timeout=max(300.0, 10.0 * size))
        links = "  ".join(f"http://{args.host}:{args.port}/voila/render/notebooks/{page}.ipynb" for page in args.pages)
        print(f"Pool full after {took:.0f} s: hand out the link(s) now: {links}" if took is not None
              else f"The pool is not full yet (the machine is busy); pages still open, the first ones slower: {links}",
              flush=True)
        proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        proc.wait(15)


if __name__ == "__main__":
    main()
