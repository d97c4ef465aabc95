"""The home page through Voila in headless Chromium: drawn, offline, linking to the game pages."""

from tests.browser.conftest import shot


def test_home_page_renders_offline_the_root_url_lands_on_it_and_it_links_to_truco(open_page, voila_url):
    page, watch = open_page("00-cardavia.ipynb")
    page.wait_for_selector("[data-testid='panel'] [data-card='T21']")
    body = page.locator("[data-testid='panel']").first
    for words in ("South American Catalan", "French tarot", "Manaus", "78 cards", "Pao De Kuai"):
        assert words in body.inner_text(), words
    assert page.locator("[data-testid='panel'] [data-card]").count() == 15
    shot(page, "home")

    page.goto(voila_url, wait_until="domcontentloaded")  # the server's root is the home page
    page.wait_for_url("**/voila/render/notebooks/00-cardavia.ipynb", timeout=30_000)
    page.wait_for_selector("[data-testid='panel'] a", timeout=60_000)

    page.locator("[data-testid='panel'] a", has_text="Truco").first.click()
    page.wait_for_url("**/01-truco.ipynb?lang=en", timeout=30_000)
    page.wait_for_selector(".cardavia[data-testid='table'][data-ready='1']", timeout=60_000, state="attached")
    shot(page, "truco-from-home")
    watch.assert_clean()


def test_home_page_in_portuguese_from_the_address(open_page):
    page, watch = open_page("00-cardavia.ipynb", query="lang=pt")
    page.wait_for_selector("[data-testid='panel'] [data-card]")
    assert "Manaus" in page.locator("[data-testid='panel']").first.inner_text()
    assert "01-truco.ipynb?lang=pt" in page.locator("[data-testid='panel'] a", has_text="Truco").first.get_attribute("href")
    watch.assert_clean()
