"""Game pages as apps: header, h1 and Learn / Table / Full rules tabs at the top, ?tab= and ?lang= in
the address, titles and <html lang> in the page language, a skip link, settings that survive a reload
and a move to another page, and a "Starting the game…" line while the kernel starts."""

from __future__ import annotations

import pytest

from cardavia_nb import i18n
from cardavia_nb.ui.page import page_words
from tests.browser.conftest import picture, shot
from tests.browser.harness import show_tab
from tests.browser.pages import TABLE, set_look

WORDS = page_words()
SETTLED = "!document.documentElement.dataset.cvSettling"


def settled(page) -> None:
    page.wait_for_function(SETTLED, timeout=30_000)


@pytest.mark.parametrize("notebook, game", [("01-truco.ipynb", "truco")])
def test_game_page_opens_with_header_tabs_and_title(open_page, notebook, game):
    """The skip link first (the first Tab of a page just opened), then the header, the tabs by arrow keys and
    the address. The three game pages share the template: the other two pages' titles and headings in two
    languages are checked under axe (test_a11y.game_page_under_axe)."""
    page, watch = open_page(notebook, query="lang=pt", wait_for=f"{TABLE}[data-ready='1']")
    settled(page)
    words = WORDS["pt"]
    page.keyboard.press("Tab")
    skip = page.locator(".cv-skiplink")
    assert page.evaluate("document.activeElement.className") == "cv-skiplink"
    assert skip.inner_text() == words["skip"] and skip.is_visible()
    page.keyboard.press("Enter")
    assert page.locator("#cv-panel-table").is_visible()
    assert page.evaluate("document.activeElement.id") == "cv-panel-table"
    page.keyboard.press("Tab")  # the next Tab lands inside the table
    assert page.evaluate(f"!!document.activeElement.closest(\"{TABLE}\")")
    show_tab(page, "learn")
    assert page.title() == words["title"][game] and page.evaluate("document.documentElement.lang") == "pt"
    assert page.locator("h1").all_inner_texts() == [words["heading"][game]]
    assert page.locator("main").count() == 1
    tabs = page.get_by_role("tablist")
    assert tabs.get_attribute("aria-label") == words["tabs"]
    assert tabs.get_by_role("tab").all_inner_texts() == [words["tab"][k] for k in ("learn", "table", "rules")]
    # the header (h1, settings bar, tabs) comes before the lesson; the table waits in its own panel
    top = page.evaluate("[...document.querySelectorAll('h1, .cv-page-tabs, #cv-main')].map(e => e.getBoundingClientRect().top)")
    assert top == sorted(top) and top[1] < 900
    assert page.locator("#cv-panel-learn").is_visible() and not page.locator("#cv-panel-table").is_visible()
    # arrow keys move along the tabs; the address keeps the tab and the language
    page.locator("#cv-tab-learn").focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.id") == "cv-tab-table"
    assert page.locator("#cv-panel-table").is_visible() and not page.locator("#cv-panel-learn").is_visible()
    assert "tab=table" in page.url and "lang=pt" in page.url
    page.keyboard.press("ArrowRight")
    rules = i18n.translate(f"{game}.rules.full", "pt").splitlines()[0].lstrip("# ").strip()
    page.locator("#cv-panel-rules").get_by_text(rules).first.wait_for()
    shot(page, f"page-{game}-pt-rules")
    watch.assert_clean()


def test_settings_survive_reload_and_navigation_and_the_address_language_wins(open_page, voila_url):
    page, watch = open_page("01-truco.ipynb", query="lang=nl")
    settled(page)
    bar = page.locator("[data-testid='settings']")
    slider = bar.locator("[data-testid='setting-contrast']").element_handle()
    set_look(page, suits="four", contrast=90)  # each control after the kernel's answer to the one before
    assert slider.evaluate("(el) => el.isConnected"), "an answer replaced the bar's controls under the player"
    page.locator(".cardavia[data-suits='four']").first.wait_for()
    page.reload(wait_until="domcontentloaded")
    settled(page)
    assert bar.locator("[data-testid='setting-contrast']").input_value() == "90"
    assert bar.locator("[data-testid='setting-suits']").input_value() == "four"
    assert page.evaluate("document.documentElement.lang") == "nl"
    page.goto(f"{voila_url}voila/render/notebooks/00-cardavia.ipynb", wait_until="domcontentloaded")
    settled(page)  # no ?lang=: the stored language
    assert page.evaluate("document.documentElement.lang") == "nl" and "lang=nl" in page.url
    assert bar.locator("[data-testid='setting-suits']").input_value() == "four"
    page.goto(f"{voila_url}voila/render/notebooks/02-pao-de-kuai.ipynb?lang=es", wait_until="domcontentloaded")
    settled(page)  # ?lang= wins over storage
    assert page.evaluate("document.documentElement.lang") == "es" and page.title() == WORDS["es"]["title"]["pao_de_kuai"]
    assert bar.locator("[data-testid='setting-contrast']").input_value() == "90"
    shot(page, "page-settings-kept-es-four-colours")
    watch.assert_clean()


def test_home_offers_learn_and_play_and_play_opens_the_table_then_a_page_says_it_is_starting(open_page, voila_url):
    page, watch = open_page("00-cardavia.ipynb", query="lang=es")
    settled(page)
    assert page.title() == WORDS["es"]["title"]["home"] and page.locator("h1").count() == 1
    page.locator("[data-testid='panel'] a[href='01-truco.ipynb?lang=es&tab=table']").click()
    page.wait_for_selector(f"{TABLE}[data-ready='1']", timeout=60_000)
    settled(page)
    assert page.locator("#cv-panel-table").is_visible() and page.title() == WORDS["es"]["title"]["truco"]
    shot(page, "page-truco-es-from-play")
    # the next page says it is starting, in the language of its address, until it is ready
    page.goto(f"{voila_url}voila/render/notebooks/02-pao-de-kuai.ipynb?lang=pt", wait_until="commit")
    line = page.locator("#cv-starting")
    line.wait_for(state="attached", timeout=30_000)
    assert line.get_attribute("role") == "status" and line.inner_text().strip() == WORDS["pt"]["starting"]
    settled(page)
    assert line.count() == 0 and page.locator("#rendered_cells").is_visible()
    watch.assert_clean()


def in_window(locator, size) -> None:
    """A person sees ``locator`` without scrolling: visible, its top on the first screen, the whole of
    its width inside the window."""
    assert locator.is_visible()
    box = locator.bounding_box()
    assert -2 <= box["y"] < size[1] and box["x"] >= -1 and box["x"] + box["width"] <= size[0] + 1, box


@pytest.mark.parametrize("notebook, lang", [("01-truco.ipynb", "en"), ("03-french-tarot.ipynb", "pt"),
                                            ("00-cardavia.ipynb", "nl")])
def test_screenshots_show_heading_table_and_dark_four_colours(open_page, notebook, lang):
    """The screens people look at (saved in tests/artifacts/), at 1366×900 then 390×844 on one page: the
    first screen shows the page's heading in its language; a game's Table tab starts the table on the first
    screen, no wider than the window, with the hand's cards and a status line; with four suit colours and
    the reader's dark scheme the page and the table turn dark."""
    page, watch = open_page(notebook, query=f"lang={lang}")
    key = {"00-cardavia.ipynb": "home", "01-truco.ipynb": "truco", "03-french-tarot.ipynb": "french_tarot"}[notebook]
    for size in ((1366, 900), (390, 844)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        settled(page)
        name = f"page-{notebook.split('.')[0]}-{lang}-{size[0]}"
        assert page.title() == WORDS[lang]["title"][key]
        heading = page.locator("h1")
        assert heading.all_inner_texts() == [WORDS[lang]["heading"][key]]
        page.evaluate("window.scrollTo(0, 0)")  # the top of the page, as it opens
        in_window(heading, size)
        shot(page, name)
        picture(page, f"{name}-top")  # the first screen
        if key == "home":
            continue
        page.wait_for_selector(f"{TABLE}[data-ready='1']", state="attached")
        show_tab(page, "table")
        table = page.locator(TABLE)
        in_window(table, size)
        assert table.locator("[data-testid='status']").inner_text().strip()
        cards = table.locator("[data-testid='hand'] [data-card]")
        assert cards.count() >= 3 and all(cards.nth(i).is_visible() for i in range(cards.count()))
        shot(page, name + "-table")
        picture(page, f"{name}-table-top")
        light = page.evaluate("getComputedStyle(document.body).backgroundColor")
        suits = page.locator("[data-testid='settings'] [data-testid='setting-suits']")
        suits.select_option("four")
        page.locator(f"{TABLE}[data-suits='four']").wait_for()
        page.emulate_media(color_scheme="dark")
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(22, 25, 29)" != light
        assert table.evaluate("el => getComputedStyle(el).getPropertyValue('--cv-ink').trim()") == "#ece6d8"
        shot(page, name + "-table-dark-four-colours")
        suits.select_option("two")  # the next size starts from the light page with two colours again
        page.locator(f"{TABLE}[data-suits='two']").wait_for()
        page.emulate_media(color_scheme="light")
        show_tab(page, "learn")
    watch.assert_clean()


def test_switching_tabs_keeps_the_game_and_a_phone_opening_the_table_tab_starts_at_the_tab_bar(open_page):
    """A game in progress survives a tour of the tabs; then the Table tab's address, opened on a phone in
    Portuguese, starts at the tab bar with the table on the first screen."""
    page, watch = open_page("01-truco.ipynb", query="tab=table", wait_for=f"{TABLE}[data-ready='1']")
    settled(page)
    assert page.locator("#cv-panel-table").is_visible() and page.locator("#cv-tab-table").get_attribute("aria-selected") == "true"
    table = page.locator(TABLE)
    table.locator("[data-testid='seed']").fill("13")
    table.locator("[data-testid='seed']").press("Enter")
    table.locator("[data-testid='log'] li", has_text="code 13.").wait_for()
    table.locator("[data-testid='hand'] button[data-action-id]").first.click()
    lines = table.locator("[data-testid='log'] li").count()
    show_tab(page, "learn")
    show_tab(page, "rules")
    show_tab(page, "table")
    assert table.locator("[data-testid='log'] li").count() >= lines  # the same game, not a new one
    assert table.locator("[data-testid='log'] li", has_text="code 13.").count() == 1

    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(page.url.replace("tab=table", "lang=pt&tab=table"), wait_until="domcontentloaded")
    settled(page)
    page.locator(f"{TABLE}[data-ready='1']").wait_for()
    page.wait_for_timeout(500)
    top = page.locator(".cv-page-tabs").evaluate("el => el.getBoundingClientRect().top")
    assert -2 <= top < 40, top  # the tab bar at the top of the screen (sub-pixel rounding aside)
    shot_top = page.locator(TABLE).evaluate("el => el.getBoundingClientRect().top")
    assert shot_top < 844  # the table starts on the first screen
    shot(page, "page-01-truco-pt-390-tab-table")
    picture(page, "page-01-truco-pt-390-tab-table-top")
    watch.assert_clean()
