"""Start Voila and headless Debian Chromium the same way for tests and benchmarks."""

from __future__ import annotations

import contextlib
import functools
import os
import secrets
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator
from urllib.parse import urlparse

from cardavia_nb.classroom.server import serving

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = "/usr/bin/chromium"
# No host but this machine's resolves, so a request leaving it fails before it is sent (the tests' Watch
# still sees it and fails the test). Blocked by name, not by a Playwright route: routing stops Chromium's
# HTTP cache, and each page would fetch and compile its 5 MB of scripts again.
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
]
# The tests' browser (benchmarks keep Chromium as users run it): a test's page lives seconds, and V8's optimizing
# compilers (Maglev, TurboFan) compile on other threads code that never runs long enough to pay for it. Without
# them the shared-Voila browser run took 371 CPU-s instead of 420, and every test passed. The static site's Python
# (Pyodide, 10 MB of wasm) runs on V8's baseline compiler only: each page's start recompiled it all with TurboFan
# on other threads; without that the site's three tests took 123-133 CPU-s instead of 149-155, and ran faster.
TEST_CHROMIUM_ARGS = [*CHROMIUM_ARGS, "--js-flags=--no-opt --no-maglev --no-wasm-tier-up"]


# Playwright evaluates a wait_for_function at every animation frame unless told otherwise, which keeps the
# renderer drawing frames for the whole wait (a waiting page costs 7 % of a core, for nothing). Every wait of
# the tests polls every POLL_MS instead: a later answer by at most that much, at a sixtieth of the CPU.
POLL_MS = 50


def _polled(wait):
    """``wait_for_function`` with ``polling`` POLL_MS unless the caller gives one."""
    @functools.wraps(wait)
    def polled(self, expression, *, arg=None, timeout=None, polling=POLL_MS):
        return wait(self, expression, arg=arg, timeout=timeout, polling=polling)
    return polled


def poll_every_wait() -> None:
    """Make every page's and frame's ``wait_for_function`` poll (``_polled``), once per process."""
    from playwright.sync_api import Frame, Page

    for kind in (Page, Frame):
        if not hasattr(kind.wait_for_function, "__wrapped__"):
            kind.wait_for_function = _polled(kind.wait_for_function)


LOWEST_PORT = 10_000


def ephemeral_start() -> int:
    """Where the system's ephemeral ports begin: every kernel's ports and every connection's own port are drawn
    from there on (Linux's ``ip_local_port_range``; 32768 by default)."""
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def free_port() -> int:
    """A loopback port nobody listens on now, drawn below the ephemeral ports: a port the system handed out (bind
    to 0) could be taken by a kernel's socket before the test's server binds it, and once was, so that a Voila's
    readiness probe met a kernel instead. Below that range only a server told its port binds one."""
    top = max(LOWEST_PORT + 1000, ephemeral_start())
    for _ in range(100):
        port = LOWEST_PORT + secrets.randbelow(top - LOWEST_PORT)  # not ``random``, which a test may have seeded
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free loopback port between {LOWEST_PORT} and {top}")


def picture(target, name: str, **options) -> Path:
    """Save a picture of ``target`` (a page or an element) as tests/artifacts/<name>.png, for people to look at."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    target.screenshot(path=str(path), **options)
    return path


def shot(page, name: str) -> Path:
    """Save a picture of the whole page under tests/artifacts/ for people to look at."""
    return picture(page, name, full_page=True)


@dataclass(frozen=True)
class Server:
    """A running Voila: its base URL, process id and log file."""

    url: str
    pid: int
    log: Path

    def log_size(self) -> int:
        """How long the server's log is now (``log_since`` reads what it says after)."""
        try:
            return self.log.stat().st_size
        except OSError:
            return 0

    def log_since(self, size: int) -> str:
        """What the server's log said after it was ``size`` bytes long."""
        try:
            with self.log.open("rb") as f:
                f.seek(size)
                return f.read().decode(errors="replace")
        except OSError:
            return ""

    def log_tail(self, chars: int = 2000) -> str:
        """The end of the server's log, for a failure message (what Voila and its kernels said)."""
        try:
            return self.log.read_text(errors="replace")[-chars:]
        except OSError as err:
            return f"(no log: {err})"


@contextlib.contextmanager
def server_process(cmd: list[str], log: Path, probe: str, ready_seconds: float, env: dict | None = None,
                   port: int | None = None) -> Iterator[tuple[str, subprocess.Popen]]:
    """A Jupyter server started from the repo root, its log in ``log``: yields its base URL once ``probe``
    answers, and stops it afterwards (killed if it does not stop)."""
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, env=env or os.environ.copy())
    url = f"http://127.0.0.1:{port}/"
    try:
        if not serving(url, proc, ready_seconds, probe):
            state = f"exited with {proc.returncode}" if proc.poll() is not None else f"did not answer within {ready_seconds} s"
            raise RuntimeError(f"{Path(cmd[2]).name} {state}:\n{log.read_text()[-3000:]}")
        yield url, proc
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()


# voila.json culls a kernel idle for 60 s with no page connected. A loaded test machine can take that long
# between a page's notebook run and its browser connecting, and the page then finds no widget ("model not
# found"; seen in a full run). The tests' pages are never left for long, so their kernels wait 10 minutes.
KEEP_KERNELS = "--MappingKernelManager.cull_idle_timeout=600"


@contextlib.contextmanager
def voila_server(log: Path, extra: tuple[str, ...] = (), ready_seconds: float = 60,
                 env: dict | None = None) -> Iterator[Server]:
    """Voila on a free loopback port from the repo root (so it reads voila.json); ``env`` its environment
    (default: this process's)."""
    port = free_port()
    cmd = [sys.executable, "-m", "voila", f"--Voila.port={port}", "--Voila.ip=127.0.0.1",
           "--Voila.port_retries=0", "--no-browser", KEEP_KERNELS, *extra]
    with server_process(cmd, log, "voila/static/voila.js", ready_seconds, env=env, port=port) as (url, proc):
        yield Server(url, proc.pid, log)


def is_local(url: str) -> bool:
    """Whether a request stays on this machine."""
    parsed = urlparse(url)
    return parsed.scheme in ("data", "blob", "about") or parsed.hostname in ("127.0.0.1", "localhost")


SHUTDOWN = "/voila/api/shutdown/"


def _leaving(request) -> bool:
    """Voila's kernel-shutdown call when a page is left: the navigation aborts it (voila#1458)."""
    return SHUTDOWN in request.url and "ERR_ABORTED" in str(request.failure)


def _drive_call(request) -> bool:
    """JupyterLite's kernel file channel (a POST to ``api/drive`` that its service worker answers from the
    page, never the network) cut off as the Lab moves to another notebook: the call is aborted, not missing."""
    return request.url.endswith("/api/drive") and "ERR_ABORTED" in str(request.failure)


def _console_error(message) -> bool:
    """A console error, except the 403 of that shutdown call: the XSRF check refuses it on purpose
    (the call has no token), and the culler frees the kernel instead (docs/classroom.md)."""
    return message.type == "error" and SHUTDOWN not in (message.location or {}).get("url", "")


def _said(message) -> str:
    """A console message with the address it is about, when it names one (a failed resource's does)."""
    url = (message.location or {}).get("url")
    return f"{message.text} ({url})" if url else message.text


LATE = 10.0  # seconds after a navigation in which the left document's "Cannot send" may still arrive


@dataclass
class Watch:
    """What a page did that must not happen: console errors, failed and external requests."""

    console_errors: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    external: list[str] = field(default_factory=list)
    left: bool = False  # a navigation of the page has begun: the document shown is being left
    arrived: float = float("-inf")  # when the page's last navigation put a new document in (time.monotonic)

    def attach(self, page) -> "Watch":
        """Record the page's console errors and requests from now on."""
        page.on("console", lambda m: self._console(m))
        page.on("pageerror", lambda e: self.console_errors.append(str(e)))
        page.on("request", lambda r: self._request(page, r))
        page.on("framenavigated", lambda frame: frame == page.main_frame and self._arrived())
        page.on("requestfailed", lambda r: is_local(r.url) and not _leaving(r) and not _drive_call(r) and self.failed.append(f"{r.url} ({r.failure})"))
        return self

    def _request(self, page, request) -> None:
        if request.is_navigation_request() and request.frame == page.main_frame:
            self.left = True
        if not is_local(request.url):
            self.external.append(request.url)

    def _arrived(self) -> None:
        """A new document is in the page: the old one is left."""
        self.left, self.arrived = False, time.monotonic()

    def _console(self, message) -> None:
        """A console error, except Voila's widget manager saying "Cannot send" from a page being left (a
        reload): the leave closes its kernel connection while a message is on its way (the race of voila#1458).
        The old document's last words can reach the test after the new one is in (a busy machine delivers them
        late): within ``LATE`` seconds of a navigation they are still the old page's."""
        leaving = self.left or time.monotonic() - self.arrived < LATE
        if _console_error(message) and not (leaving and "Cannot send" in message.text):
            self.console_errors.append(_said(message))

    def problems(self) -> list[str]:
        """Every problem seen, one sentence each."""
        return (
            [f"console error: {e}" for e in self.console_errors]
            + [f"failed request: {u}" for u in self.failed]
            + [f"request leaving 127.0.0.1: {u}" for u in self.external]
        )

    def assert_clean(self) -> None:
        """Fail with the list of every problem seen."""
        problems = self.problems()
        assert not problems, "\n".join(problems)


def new_context(browser):
    """A browser context (the browser resolves no host but this machine's: ``CHROMIUM_ARGS``) that asks for
    reduced motion: the computers' moves are drawn at once, the same settled pages with a fraction of the
    frames to paint; a test of the animation asks its page for motion (``page.emulate_media``)."""
    return browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")


def show_tab(page, kind: str) -> None:
    """Open a game page's tab ("learn", "table" or "rules") as a player would, by its tab button."""
    page.locator(f"#cv-tab-{kind}").click()
    page.locator(f"#cv-panel-{kind}").wait_for(state="visible")


AXE = ROOT / ".cache" / "axe-core-4.14.1" / "package" / "axe.min.js"  # `make test` unpacks it from npm


def scroll_through(page) -> None:
    """Scroll the page and every scrolling container (Voila's inner one too) to the end and back,
    so that everything lazily drawn is in the document before a check reads it."""
    # A box that collapses while it is scrolled (clientHeight 0) must not make the steps zero: each step is at
    # least 100 px and a box gets at most 200 of them, so the walk always ends.
    page.evaluate("""async () => {
        const boxes = [document.scrollingElement, ...document.querySelectorAll('*')]
            .filter((el) => el && el.clientHeight > 0 && el.scrollHeight > el.clientHeight + 4
                && getComputedStyle(el).overflowY !== 'visible');
        for (const box of boxes) {
            for (let y = 0, n = 0; y <= box.scrollHeight && n < 200; y += Math.max(100, box.clientHeight), n++) {
                box.scrollTop = y;
                await new Promise((r) => requestAnimationFrame(r));
            }
            box.scrollTop = 0;
        }
    }""")


def axe_violations(page, impacts: tuple[str, ...] = ("critical", "serious"), within: str | None = None) -> list[dict]:
    """axe-core's violations of the given impacts on the page as shown now (only inside the element ``within``
    names, when given): rule id, impact, and the CSS targets of the failing nodes, each with whether it lies
    inside a table widget. A check of what changed in a table passes ``within``: axe then walks the table's
    nodes, not the lessons' thousands as well (2.8 CPU-s a run on the whole Tarot page, 1.2 on its table)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    scroll_through(page)
    # axe judges what the eye can see (contrast, a name matching the visible text) only on screen: the
    # window grows, at the same width, until the longest scrolling container shows all of its content.
    size = page.viewport_size
    page.set_viewport_size({"width": size["width"], "height": min(16000, page.evaluate(TALL))})
    try:
        found = _axe_run(page, within)
    finally:
        page.set_viewport_size(size)
    return [v for v in found if v["impact"] in impacts]


TALL = """() => Math.max(innerHeight, ...[document.scrollingElement, ...document.querySelectorAll('*')]
    .filter((el) => el && el.scrollHeight > el.clientHeight + 4 && getComputedStyle(el).overflowY !== 'visible')
    .map((el) => innerHeight + el.scrollHeight - el.clientHeight))"""


def _axe_run(page, within: str | None = None) -> list[dict]:
    """One axe-core run over the whole document (or the element ``within`` names): every violation with its nodes."""
    return page.evaluate("""async (within) => {
        // label-content-name-mismatch is experimental in axe 4.14 (off by default): a card's name must start with its corner
        const result = await axe.run(within ? document.querySelector(within) : document, { resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } });
        return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map((n) => ({ target: n.target.join(' '),
                table: !!document.querySelector(n.target[0])?.closest("[data-testid='table']") })) }));
    }""", within)
