"""`make test`'s runner: three pytest runs side by side, since the browser tests mostly wait for Voila and Chromium.

The unit tests and notebooks start at once (their environment and PostgreSQL are there); meanwhile ``--setup``
installs Chromium and builds the static site, then the browser tests on the shared Voila and the browser tests
that start servers of their own (a Voila they restart, the static site, a pool, JupyterLab, a JupyterHub) start
beside it. The unit run's report comes first, then the other two (also kept in tests/artifacts/). Exit status 0
when all three passed. Usage: ``python tests/suite.py --setup "make chromium site"`` from the checkout.
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "tests" / "artifacts"
OWN_SERVER = [f"tests/browser/{name}" for name in ("test_resume.py", "test_site.py", "test_pool.py", "test_lab_dark.py",
                                                    "test_hub.py")]


def pytest(*args: str, durations: int) -> list[str]:
    """A pytest command line in this interpreter."""
    return [sys.executable, "-m", "pytest", f"--durations={durations}", *args]


def runs(unit_workers: int, workers: int, durations: int) -> dict[str, list[str]]:
    """The three runs by name: unit tests and notebooks, browser tests on the shared Voila, own-server ones."""
    return {
        "unit": pytest("-n", str(unit_workers), "--dist", "loadfile", "--nbval-lax", "--nbval-current-env",
                       "tests", "--ignore=tests/browser", durations=durations),
        "browser": pytest("-n", str(workers), "--dist", "loadfile", "-p", "no:nbval", "-p", "no:cacheprovider",
                          "tests/browser", *[f"--ignore={path}" for path in OWN_SERVER], durations=durations),
        "own-server": pytest("-p", "no:nbval", "-p", "no:cacheprovider", *OWN_SERVER, durations=durations),
    }


def main(argv: list[str] | None = None) -> int:
    """Run the suite; the status is 0 only when every run passed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--setup", default="", help="a command that readies the browser runs (Chromium, the site)")
    parser.add_argument("--unit-workers", type=int, default=2)  # more only fight the browser runs for 2 cores
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--durations", type=int, default=15)
    args = parser.parse_args(argv)
    # PYTHONDONTWRITEBYTECODE also stops pytest from keeping its assertion-rewritten test modules: each pytest
    # process would rewrite them all again (3 CPU-s each). Empty, it counts as unset.
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "", "CARDAVIA_REQUIRE_BROWSER": "1"}
    commands = runs(args.unit_workers, args.workers, args.durations)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    unit = subprocess.Popen(commands.pop("unit"), cwd=ROOT, env=env)
    started: dict[str, tuple[subprocess.Popen, Path]] = {}
    try:
        if args.setup and subprocess.run(shlex.split(args.setup), cwd=ROOT).returncode != 0:
            print("make test: the browser tests' setup failed (above)", flush=True)
            unit.terminate()
            unit.wait()
            return 1
        for name, command in commands.items():
            log = ARTIFACTS / f"{name}-tests.log"
            with log.open("w") as out:
                started[name] = (subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT), log)
        codes = [unit.wait()] + [proc.wait() for proc, _ in started.values()]
    except BaseException:  # Ctrl-C or a kill: no run is left behind
        for proc in [unit] + [proc for proc, _ in started.values()]:
            proc.terminate()
        raise
    for name, (_, log) in started.items():
        print(f"== the {name} tests (also in {log.relative_to(ROOT)})", flush=True)
        print(log.read_text(), flush=True)
    return 0 if not any(codes) else 1


if __name__ == "__main__":
    sys.exit(main())
