"""Voila serving the notebooks and headless Debian Chromium driving them (Playwright).

One Voila server and one browser per test session. Every page is opened with a deadline and
watched: a console error, a failed request or any request that leaves 127.0.0.1 fails the test.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
PAGE_DEADLINE_MS = 60_000  # a Voila hang must fail the test, never hang CI


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_ready(url: str, proc: subprocess.Popen, log: Path, seconds: float = 60) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"Voila exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url + "voila/static/voila.js", timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"Voila did not answer within {seconds} s:\n{log.read_text()[-3000:]}")


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory):
    """Base URL of a Voila server started from the repo root with the project's voila.json."""
    port = _free_port()
    log = tmp_path_factory.mktemp("voila") / "voila.log"
    cmd = [sys.executable, "-m", "voila", f"--Voila.port={port}", "--Voila.ip=127.0.0.1",
           "--Voila.port_retries=0", "--no-browser"]
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT, env=os.environ.copy())
    url = f"http://127.0.0.1:{port}/"
    try:
        _wait_ready(url, proc, log)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="session")
def browser():
    """Headless Debian Chromium; missing Chromium fails when CARDAVIA_REQUIRE_BROWSER is set."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("CARDAVIA_REQUIRE_BROWSER"):
            pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium package.")
        pytest.skip(f"{CHROMIUM} is missing (run `make chromium`)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


@dataclass
class Watch:
    """What a page did that a test must not allow: console errors, failed and external requests."""

    console_errors: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    external: list[str] = field(default_factory=list)

    def assert_clean(self) -> None:
        """Fail with the list of every problem seen."""
        problems = (
            [f"console error: {e}" for e in self.console_errors]
            + [f"failed request: {u}" for u in self.failed]
            + [f"request leaving 127.0.0.1: {u}" for u in self.external]
        )
        assert not problems, "\n".join(problems)


def _local(url: str) -> bool:
    parsed = urlparse(url)
    return parsed.scheme in ("data", "blob", "about") or parsed.hostname in ("127.0.0.1", "localhost")


@pytest.fixture
def open_page(browser, voila_url):
    """Open a notebook as a Voila page and wait for its widgets; returns (page, watch)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})

    def _block_external(route):
        route.abort()

    context.route(lambda url: not _local(url), _block_external)

    def opener(notebook: str, query: str = "", wait_for: str = ".cardavia[data-ready='1']"):
        page = context.new_page()
        watch = Watch()
        page.on("console", lambda m: m.type == "error" and watch.console_errors.append(m.text))
        page.on("pageerror", lambda e: watch.console_errors.append(str(e)))
        page.on("request", lambda r: None if _local(r.url) else watch.external.append(r.url))
        page.on("requestfailed", lambda r: _local(r.url) and watch.failed.append(f"{r.url} ({r.failure})"))
        url = f"{voila_url}voila/render/notebooks/{notebook}{'?' + query if query else ''}"
        page.set_default_timeout(PAGE_DEADLINE_MS)
        try:
            page.goto(url, timeout=PAGE_DEADLINE_MS, wait_until="domcontentloaded")
            page.wait_for_selector(wait_for, timeout=PAGE_DEADLINE_MS, state="attached")
        except Exception as err:  # a Voila hang or a broken page: say which, with a screenshot
            shot(page, f"FAILED-{notebook}")
            raise AssertionError(f"{url} did not become interactive within {PAGE_DEADLINE_MS / 1000:.0f} s: {err}") from None
        return page, watch

    yield opener
    context.close()


def shot(page, name: str) -> Path:
    """Save a full-page screenshot under tests/artifacts/ for people to look at."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
