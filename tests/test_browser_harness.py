"""The browser tests' own parts, checked with stand-ins (no browser): the page opener (tests/browser/conftest.py)
loads a page again only when its kernel lost a port as it started (jupyter_client#487), and fails at once on
anything else; a page's watch (tests/browser/harness.py) lets a left page's "Cannot send" pass, and only that."""

from __future__ import annotations

import time
from types import SimpleNamespace

import pytest

from tests.browser.conftest import PORT_RACE, _opener
from tests.browser.harness import LATE, Watch


class Page:
    """A page whose first ``failures`` loads never finish."""

    def __init__(self, failures: int):
        self.failures, self.loads = failures, 0

    def on(self, *args) -> None:
        pass

    def set_default_timeout(self, ms: int) -> None:
        pass

    def goto(self, url: str, **kwargs) -> None:
        self.loads += 1
        if self.loads <= self.failures:
            raise TimeoutError("Page.goto: Timeout 60000ms exceeded.")

    def wait_for_selector(self, selector: str, **kwargs) -> None:
        pass

    def inner_text(self, *args, **kwargs) -> str:
        return "Starting the game…"

    def screenshot(self, **kwargs) -> None:
        pass


class Context:
    def __init__(self, page: Page):
        self.page = page

    def new_page(self) -> Page:
        return self.page


class Voila:
    """A server whose log says ``said`` while a page loads."""

    url = "http://127.0.0.1:1/"

    def __init__(self, said: str):
        self.said = said

    def log_size(self) -> int:
        return 0

    def log_since(self, size: int) -> str:
        return self.said

    def log_tail(self) -> str:
        return self.said


def test_a_page_whose_kernel_lost_a_port_is_loaded_once_more_and_plays():
    page = Page(failures=1)
    opened, _ = _opener(Context(page), Voila(f"{PORT_RACE} (addr='tcp://127.0.0.1:51561')"))("01-truco.ipynb")
    assert opened is page and page.loads == 2


@pytest.mark.parametrize("said, failures", [("Kernel died", 1), (PORT_RACE, 2)])
def test_any_other_hang_or_a_second_one_fails_and_says_what_the_page_showed(said, failures, monkeypatch):
    monkeypatch.setattr("tests.browser.conftest.shot", lambda *args: None)
    page = Page(failures=failures)
    with pytest.raises(AssertionError, match="(?s)did not become interactive.*Starting the game"):
        _opener(Context(page), Voila(said))("01-truco.ipynb")
    assert page.loads == (2 if said == PORT_RACE else 1)


def said(text: str) -> SimpleNamespace:
    """A console error as Playwright reports it."""
    return SimpleNamespace(type="error", text=text, location={"url": "http://127.0.0.1:1/voila/static/x.js"})


def test_a_left_page_s_cannot_send_passes_even_when_it_arrives_late_and_nothing_else_does():
    watch = Watch()
    watch._arrived()  # a reload has just put the new document in
    watch._console(said("Error: Cannot send"))  # the old document's last words, delivered late
    assert watch.console_errors == []
    watch._console(said("TypeError: x is undefined"))
    watch.arrived = time.monotonic() - LATE - 1
    watch._console(said("Error: Cannot send"))  # long after: the page's own
    assert len(watch.console_errors) == 2
