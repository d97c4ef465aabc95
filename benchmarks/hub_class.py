"""A class arriving on the class hub (deploy/hub) on this machine: PostgreSQL with passwords, the roles job and the hub
started as tests/browser/test_hub.py starts them, then ``--students`` students who log in at the same moment, each
asking the hub for their server and opening the Truco page on it. Prints the hub's start, each student's time from
login to the page rendered by their server (their kernel has run the notebook: the table's widgets are in the page),
p50/p95 over the class, and the memory each student's server holds (the proxy, Voila and the page's kernel).

Usage: CARDAVIA_PROXY=.cache/chp-5.3.0/node_modules/.bin/configurable-http-proxy \\
       python3 benchmarks/hub_class.py [--students 10]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import psutil

from tests.browser.hub import Hub, class_hub, logged_in, own_server_answers

PAGE = "voila/render/notebooks/01-truco.ipynb?tab=table"


def arrive(hub: Hub, name: str) -> float:
    """One student: log in, ask for the server, wait until it answers, open the Truco page; seconds it took."""
    began = time.perf_counter()
    session = logged_in(name, hub)
    session.get(f"{hub.url}/hub/spawn/{name}", timeout=120)  # the hub starts the server (its page then waits)
    while not own_server_answers(session, hub, name):
        time.sleep(0.2)
    page = session.get(f"{hub.url}/user/{name}/{PAGE}", timeout=300)
    assert page.status_code == 200 and "cardavia" in page.text, (page.status_code, page.url, page.text[:300])
    return time.perf_counter() - began


def server_memory(name: str) -> float:
    """MiB held by hub user ``name``'s server: its proxy, its Voila and the kernels Voila started (RSS)."""
    for proc in psutil.process_iter(["cmdline"]):
        if f"--Voila.base_url=/user/{name}/" in " ".join(proc.info["cmdline"] or []):
            tree = [proc.parent(), proc, *proc.children(recursive=True)]
            return sum(p.memory_info().rss for p in tree if p) / 2 ** 20
    return float("nan")


def main() -> None:
    """Start the hub, let the class arrive, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=10)
    args = parser.parse_args()
    began = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder, class_hub(Path(folder)) as hub:
        print(f"PostgreSQL, the roles job and the hub up in {time.perf_counter() - began:.1f} s", flush=True)
        names = [f"student{n:02d}" for n in range(args.students)]
        with ThreadPoolExecutor(len(names)) as pool:
            times = sorted(pool.map(lambda name: arrive(hub, name), names))
        p95 = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))]
        print(f"{len(times)} students logging in together, login to their Truco page rendered by their own server: "
              f"p50 {statistics.median(times):.1f} s, p95 {p95:.1f} s, max {times[-1]:.1f} s", flush=True)
        memory = [server_memory(name) for name in names]
        print(f"memory per student server (proxy, Voila, the page's kernel): mean {statistics.mean(memory):.0f} MiB, "
              f"max {max(memory):.0f} MiB", flush=True)


if __name__ == "__main__":
    main()
