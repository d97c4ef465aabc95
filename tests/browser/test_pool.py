"""Class mode: a Truco page served from a pool of one preheated kernel opens in its address's language."""

import pytest

from cardavia_nb import i18n
from cardavia_nb.classmode import voila_flags, wait_until_full
from tests.browser.conftest import PAGE_DEADLINE_MS, READY
from tests.browser.harness import Watch, new_context, voila_server
from tests.browser.pages import TABLE


@pytest.fixture(scope="module")
def pooled(tmp_path_factory):
    """A Voila server whose Truco page has one kernel that has already run the notebook; its log."""
    log = tmp_path_factory.mktemp("pool") / "voila.log"
    with voila_server(log, tuple(voila_flags(1, ["01-truco"]))) as server:
        assert wait_until_full(server.url, server.pid, 1, timeout=120) is not None, "the pool never filled"
        yield server.url, log


def test_a_preheated_page_ends_in_the_language_of_its_address(browser, pooled):
    url, log = pooled
    context = new_context(browser)
    page = context.new_page()
    watch = Watch().attach(page)
    page.set_default_timeout(PAGE_DEADLINE_MS)
    page.goto(f"{url}voila/render/notebooks/01-truco.ipynb?lang=fr", wait_until="domcontentloaded")
    page.locator(f"{TABLE}{READY}").wait_for(state="attached")
    button = page.locator(TABLE).locator("[data-testid='new-game']")
    french = i18n.translate("ui.table.new_game", "fr")
    assert french != i18n.translate("ui.table.new_game", "en")
    page.wait_for_function("([el, text]) => el.textContent.trim() === text", arg=[button.element_handle(), french],
                           timeout=15_000)
    assert page.locator("[data-testid='setting-lang']").first.input_value() == "fr"
    assert "Using pre-heated kernel" in log.read_text(), "the page did not come from the pool"
    watch.assert_clean()
    context.close()
