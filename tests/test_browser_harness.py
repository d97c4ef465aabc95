"""The browser tests' page opener (tests/browser/conftest.py) loads a page again only when its kernel lost a port
as it started (jupyter_client#487), and fails at once on anything else; checked with stand-ins, no browser."""

from __future__ import annotations

import pytest

from tests.browser.conftest import PORT_RACE, _opener


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
