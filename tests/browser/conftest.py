"""Fixtures: one Voila server and one headless Chromium per session; pages opened with a deadline."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.browser.harness import (  # noqa: F401 - picture and shot: the tests' from here
    CHROMIUM, ROOT, TEST_CHROMIUM_ARGS, Watch, new_context, picture, poll_every_wait, shot, voila_server)
from tests.browser.pages import TABLE

PAGE_DEADLINE_MS = 60_000  # a Voila hang must fail the test, never hang CI
READY = ".cardavia[data-ready='1']"


def pytest_collection_modifyitems(items):
    """Everything in this folder drives a browser."""
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def voila(tmp_path_factory):
    """A Voila server started from the repo root with the project's voila.json (URL, pid and log)."""
    with voila_server(tmp_path_factory.mktemp("voila") / "voila.log") as server:
        yield server


@pytest.fixture(scope="session")
def voila_url(voila):
    """Base URL of the session's Voila server."""
    return voila.url


TEACHER_KEY = "browser-test-teacher-key-0123456789"


@pytest.fixture(scope="session")
def class_voila(tmp_path_factory):
    """A Voila for the teacher's page, as class mode starts it: its kernels get the hash of TEACHER_KEY and a
    store of their own (this tree's page template too); yields (base URL, store URL)."""
    from cardavia_nb.classroom.server import kernel_env

    folder = tmp_path_factory.mktemp("class")
    store = f"sqlite:///{folder / 'games.sqlite'}"
    env = {**kernel_env(store, TEACHER_KEY), "JUPYTER_PATH": str(ROOT / "share" / "jupyter")}
    with voila_server(folder / "voila.log", env=env) as server:
        yield server.url, store


@pytest.fixture(scope="session")
def browser():
    """Headless Debian Chromium; a missing Chromium fails when CARDAVIA_REQUIRE_BROWSER is set."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("CARDAVIA_REQUIRE_BROWSER"):
            pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium package.")
        pytest.skip(f"{CHROMIUM} is missing (run `make chromium`)")
    from playwright.sync_api import sync_playwright

    poll_every_wait()
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=TEST_CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


# A kernel that Voila starts can find one of its ports taken by another process between jupyter_client choosing it
# and the kernel binding it (jupyter_client#487: ports are chosen free, then bound later; the tests run hundreds of
# kernels and connections at once). Voila restarts the kernel on new ports, but the page that asked for it stays
# at "Starting the game…": loaded again, it plays. Only then, and said in the test's output.
PORT_RACE = "zmq.error.ZMQError: Address already in use"


def _load(page, url: str, wait_for: str) -> None:
    """Load ``url`` and wait until ``wait_for`` is in the page."""
    page.goto(url, timeout=PAGE_DEADLINE_MS, wait_until="domcontentloaded")
    page.wait_for_selector(wait_for, timeout=PAGE_DEADLINE_MS, state="attached")


def _opener(context, voila):
    """A function that opens a notebook as a Voila page in ``context`` and waits until its widgets are
    drawn (``wait_for``); it returns (page, watch)."""

    def opener(notebook: str, query: str = "", wait_for: str = READY):
        page = context.new_page()
        watch = Watch().attach(page)
        url = f"{voila.url}voila/render/notebooks/{notebook}{'?' + query if query else ''}"
        page.set_default_timeout(PAGE_DEADLINE_MS)
        try:
            since = voila.log_size()
            try:
                _load(page, url, wait_for)
            except Exception:
                if PORT_RACE not in voila.log_since(since):
                    raise
                print(f"{url}: its kernel lost a port as it started (jupyter_client#487); loaded again")
                _load(page, url, wait_for)  # what a person does with a page stuck at "Starting the game…"
        except Exception as err:  # a Voila hang or a broken page: say which, keep a screenshot
            shot(page, f"FAILED-{notebook}")
            raise AssertionError(
                f"{url} did not become interactive within {PAGE_DEADLINE_MS / 1000:.0f} s: {err}\n"
                f"The page shows: {shown(page)}\nThe end of Voila's log:\n{voila.log_tail()}"
            ) from None
        return page, watch

    return opener


@pytest.fixture(scope="session")
def profile(browser):
    """One browser profile for this test process's ``open_page`` and ``module_page`` tests: Voila's 5 MB of
    scripts are compiled once in it, not at each test's first page (2-3 CPU-s a page). Each test or module
    hands it back emptied (``emptied``), so no setting, player token or game passes to the next one."""
    context = new_context(browser)
    yield context
    context.close()


def emptied(context, url: str) -> None:
    """Close every page of ``context`` after wiping what the Voila site kept in it (its storage, its cookies)."""
    page = next((p for p in context.pages if p.url.startswith(url)), None)
    if page is None:
        page = context.new_page()
        page.goto(f"{url}voila/static/voila.js", timeout=PAGE_DEADLINE_MS)  # any page of the site's origin
    page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
    for opened in list(context.pages):
        opened.close()
    context.clear_cookies()


@pytest.fixture
def open_page(profile, voila):
    """Open a notebook as a Voila page and wait until its widgets are drawn; returns (page, watch)."""
    yield _opener(profile, voila)
    emptied(profile, voila.url)


@pytest.fixture(scope="module")
def module_page(profile, voila):
    """Like ``open_page``, but a notebook is opened once for all the tests of a module that ask for it (with
    its table drawn): opening a page is most of a short test's time. Each test sets up what it needs (its
    tab, its deal); the watch is the page's, so each test's ``assert_clean`` covers the tests before it."""
    opener, opened = _opener(profile, voila), {}

    def once(notebook: str):
        if notebook not in opened:
            opened[notebook] = opener(notebook, wait_for=f"{TABLE}[data-ready='1']")
        return opened[notebook]

    yield once
    emptied(profile, voila.url)


def shown(page, chars: int = 400) -> str:
    """The start of the page's visible text (Voila's "Executing 3 of 9", an error, or the widgets' words)."""
    try:
        return " ".join(page.inner_text("body", timeout=2_000).split())[:chars] or "(nothing)"
    except Exception as err:  # a page that is gone or never loaded: say so
        return f"(unreadable: {err.__class__.__name__})"


def look(page, name: str) -> None:
    """A screenshot of the screen the player sees, the table's top at the top of the window."""
    page.evaluate(f"document.querySelector(\"{TABLE}\").scrollIntoView({{block: 'start'}})")
    page.wait_for_timeout(100)
    picture(page, name)
