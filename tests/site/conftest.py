"""Fixtures: the built _site/ served under a sub-path on loopback, and headless Chromium cut off from the world."""

from __future__ import annotations

import functools
import http.server
import os
import threading
from pathlib import Path

import pytest

from tests.browser.harness import CHROMIUM, CHROMIUM_ARGS, ROOT, free_port

SITE = ROOT / "_site"
PREFIX = "/cardavia_nb/"  # a GitHub Pages project site lives at /<repo>/
# Every host but loopback is unresolvable: a request leaving the site cannot even find its server.
OFFLINE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"


def pytest_collection_modifyitems(items):
    """Everything in this folder drives a browser."""
    for item in items:
        if "tests/site/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


class UnderPrefix(http.server.SimpleHTTPRequestHandler):
    """Serves the site's files under PREFIX only, as a project site's host does; anything else is 404."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm"}

    def translate_path(self, path: str) -> str:
        if not path.startswith(PREFIX):
            return str(SITE / "no-such-file")
        return super().translate_path("/" + path[len(PREFIX):])

    def log_message(self, format, *args):  # quiet: the test reports what matters
        pass


@pytest.fixture(scope="session")
def site_url():
    """Base URL of _site/ served on loopback under PREFIX."""
    if not (SITE / "index.html").exists():
        pytest.fail("_site/ is missing: `make test-site` builds it first (or run `make site`).")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()),
                                             functools.partial(UnderPrefix, directory=str(SITE)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser():
    """Headless Debian Chromium that resolves no host but loopback."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("CARDAVIA_REQUIRE_BROWSER"):
            pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium package.")
        pytest.skip(f"{CHROMIUM} is missing (run `make chromium`)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, OFFLINE], headless=True)
        yield chromium
        chromium.close()
