"""Class mode: Voila with a pool of preheated kernels per game page, word when the pool is full, and
the teacher's key.

A class arriving at once would otherwise start one kernel per student on a small server at the same
moment. Here each named page keeps ``pool_size`` kernels that have already run its notebook
(Voila's ``preheat_kernel`` with a per-notebook ``kernel_pools_config``); a kernel handed to a student
is replaced only after ``fill_delay`` seconds, so refills do not compete with the arrival.

    python -m cardavia_nb.classroom --students 30 --pages 01-truco      # what `make class` runs
    python -m cardavia_nb.classroom --print-flags --students 30         # the same as Voila flags

The teacher key opens the teacher's page (``notebooks/05-class.ipynb``: class sets and their board). It is
drawn with ``secrets`` at the first start and kept in the data folder (``.cardavia/teacher.key``, mode
0600), so a restart keeps the teacher's sets; ``--teacher-key`` or ``$CARDAVIA_TEACHER_KEY`` gives one.
Only its SHA-256 reaches the kernels (``$CARDAVIA_TEACHER_HASH``); the key travels in the teacher link's
fragment (``#key=``), which browsers never send to a server, so no server log holds it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import math
import re
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

from cardavia_nb.store.location import DATA_DIR, ENV, ROOM_ENV, store_url

DEFAULT_PAGES = ("01-truco",)
FILL_DELAY = 60.0  # seconds between a student taking a pooled kernel and its replacement starting
KEY_ENV = "CARDAVIA_TEACHER_KEY"  # a key the teacher gives (else drawn and kept in the data folder)
HASH_ENV = "CARDAVIA_TEACHER_HASH"  # what the kernels get: the key's SHA-256, never the key
KEY_FILE = "teacher.key"
CLASS_PAGE = "05-class.ipynb"
EVERY_INTERFACE = ("0.0.0.0", "", "::")  # hosts that mean "listen on every interface": no address to give out
LOOPBACK = ("127.0.0.1", "localhost", "::1")
NOTEBOOKS = "voila/render/notebooks/"
KEY_FORM = re.compile(r"[A-Za-z0-9_-]{22,200}")  # 22 URL-safe characters carry 128 bits and more


def pool_config(students: int, pages: tuple[str, ...] | list[str]) -> dict[str, dict[str, int]]:
    """Per-notebook pools: the class shared evenly among the pages (rounded up), none elsewhere."""
    if students < 0 or not pages:
        raise ValueError("Class mode needs a student count of 0 or more and at least one page.")
    size = math.ceil(students / len(pages))
    return {"default": {"pool_size": 0}, **{f"notebooks/{page.removesuffix('.ipynb')}.ipynb": {"pool_size": size}
                                            for page in pages}}


def voila_flags(students: int, pages: tuple[str, ...] | list[str], fill_delay: float = FILL_DELAY) -> list[str]:
    """Voila's command-line flags for a pool sized for ``students`` on ``pages``, kept full (``pool.KeptPool``)."""
    return ["--preheat_kernel=True", "--pool_size=0",
            f"--VoilaKernelManager.kernel_pools_config={json.dumps(pool_config(students, pages))}",
            f"--VoilaKernelManager.fill_delay={fill_delay:g}",
            "--VoilaConfiguration.multi_kernel_manager_class=cardavia_nb.classroom.pool.KeptPool"]


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


def key_hash(key: str) -> str:
    """The SHA-256 of a teacher key, in hex: all the kernels are told."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def teacher_key(given: str | None, folder: Path) -> str:
    """The teacher key: ``given`` (checked), else the one kept in ``folder/teacher.key``, else a new one
    drawn with ``secrets`` (192 bits) and kept there, readable by this user only."""
    if given:
        if not KEY_FORM.fullmatch(given):
            raise SystemExit("A teacher key is 22 to 200 letters, digits, '-' or '_' (128 bits or more); "
                             "leave it out and class mode draws one.")
        return given
    path = folder / KEY_FILE
    if path.is_file():
        kept = path.read_text(encoding="utf-8").strip()
        if not KEY_FORM.fullmatch(kept):
            raise SystemExit(f"{path} does not hold a teacher key: delete it and class mode draws a new one.")
        path.chmod(0o600)
        return kept
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)  # the store's folder too (store/engine.py)
    key = secrets.token_urlsafe(24)
    with os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w", encoding="utf-8") as out:
        out.write(key + "\n")
    return key


def room_address() -> str | None:
    """This machine's address on its network (not a loopback one), or None when it has none.

    Connecting a UDP socket sends nothing: it only asks the system which interface it would use."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.254.254.254", 1))
            address = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def room_url(host: str, port: int, room: str | None = None) -> str:
    """The server's address for the students' devices: on every interface, ``room`` (this machine's address
    on its network) or a placeholder to replace; else the one address it listens on."""
    if host in EVERY_INTERFACE:
        host = room or "ADDRESS"
    return f"http://{host}:{port}/"


def page_links(host: str, port: int, pages: list[str], key: str, room: str | None = None) -> tuple[list[str], str]:
    """The students' links to ``pages`` (at ``room_url``) and the teacher's link, its key in the fragment: on
    the loopback address whenever the server listens there, so the key the page sends its kernel never
    crosses the room's network."""
    students = f"{room_url(host, port, room)}{NOTEBOOKS}"
    teacher = f"http://127.0.0.1:{port}/{NOTEBOOKS}" if host in (*EVERY_INTERFACE, *LOOPBACK) else students
    return [f"{students}{page.removesuffix('.ipynb')}.ipynb" for page in pages], f"{teacher}{CLASS_PAGE}#key={key}"


def kernel_env(store: str | None, key: str, room: str | None = None) -> dict[str, str]:
    """The server's (and so its kernels') environment: the store's URL, the key's hash (never the key) and
    the students' address ``room`` (the board builds the student link from it, its page being on loopback)."""
    env = {name: value for name, value in os.environ.items() if name not in (KEY_ENV, ROOM_ENV)}
    return {**env, ENV: store_url(store), HASH_ENV: key_hash(key), **({ROOM_ENV: room} if room else {})}


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
    parser.add_argument("--teacher-key", default=None, help=f"the key of the teacher's page (default ${KEY_ENV}, "
                        f"else the one kept in the data folder, else a new one kept there)")
    parser.add_argument("--data-dir", type=Path, default=Path(DATA_DIR), help="where the teacher key is kept")
    args = parser.parse_args(argv)
    flags = voila_flags(args.students, args.pages, args.fill_delay)
    if args.print_flags:
        print(" ".join(f"'{flag}'" for flag in flags))
        return
    size = sum(pool["pool_size"] for pool in pool_config(args.students, args.pages).values())
    key = teacher_key(args.teacher_key or os.environ.get(KEY_ENV), args.data_dir)
    room = room_address()
    students, teacher = page_links(args.host, args.port, args.pages, key, room)
    reachable = None if args.host in EVERY_INTERFACE and room is None else room_url(args.host, args.port, room)
    proc = subprocess.Popen([sys.executable, "-m", "voila", f"--Voila.ip={args.host}", f"--Voila.port={args.port}",
                             "--Voila.port_retries=0", "--no-browser", *flags],
                            env=kernel_env(args.store, key, reachable))
    try:
        base = f"http://127.0.0.1:{args.port}/"
        if not serving(base, proc, 120):
            raise SystemExit(f"Voila did not start (exit code {proc.poll()}).")
        print(f"Teacher's page (open it on this machine and keep the link to yourself: its key opens your class "
              f"sets): {teacher}", flush=True)
        if args.host in EVERY_INTERFACE and room is None:
            print("This machine has no network address yet: replace ADDRESS in the links with the one students "
                  "can reach.", flush=True)
        print(f"Class mode: preheating {size} kernels for {', '.join(args.pages)} "
              f"(30 took 34 s on a busy 2-core machine); wait for 'Pool full' before handing out the link.", flush=True)
        took = wait_until_full(base, proc.pid, size, timeout=max(300.0, 10.0 * size))
        links = "  ".join(students)
        print(f"Pool full after {took:.0f} s: hand out the link(s) now: {links}" if took is not None
              else f"The pool is not full yet (the machine is busy); pages still open, the first ones slower: {links}",
              flush=True)
        proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        proc.wait(15)

