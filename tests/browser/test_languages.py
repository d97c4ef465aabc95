"""A page opened in Dutch shows Dutch everywhere; switching to Portuguese changes it live."""

from cardavia_nb import i18n
from tests.browser.conftest import shot
from tests.browser.harness import show_tab
from tests.browser.pages import TABLE, panel


def words(lang: str) -> dict[str, str]:
    """Texts that must appear on the Truco page in ``lang``."""
    return {
        "step": i18n.translate("truco.lesson.step1.title", lang),
        "tab": i18n.translate("ui.table.tab_rules", lang),
        "rules": i18n.translate("truco.rules.full", lang).splitlines()[0].lstrip("# ").strip(),
        "new_game": i18n.translate("ui.table.new_game", lang),
    }


def check(page, lang: str) -> None:
    expected = words(lang)
    assert panel(page, expected["step"]).count() == 1, f"{lang}: step 1 heading {expected['step']!r} missing"
    assert page.locator("#cv-tab-rules").inner_text().strip() == expected["tab"]
    show_tab(page, "rules")
    page.locator("#cv-panel-rules").get_by_text(expected["rules"]).first.wait_for(timeout=10_000)
    show_tab(page, "table")
    new_game = page.locator(TABLE).locator("[data-testid='new-game']")
    page.wait_for_function("([el, text]) => el.textContent.trim() === text",
                           arg=[new_game.element_handle(), expected["new_game"]], timeout=10_000)
    show_tab(page, "learn")


def test_dutch_from_the_address_then_portuguese_live(open_page):
    assert words("nl") != words("pt") != words("en")
    page, watch = open_page("01-truco.ipynb", query="lang=nl")
    page.locator(f"{TABLE}[data-ready='1']").wait_for(state="attached")
    check(page, "nl")
    shot(page, "truco-nl")
    page.locator("[data-testid='setting-lang']").first.select_option("pt")
    panel(page, words("pt")["step"]).wait_for(timeout=15_000)
    check(page, "pt")
    assert panel(page, words("nl")["step"]).count() == 0
    shot(page, "truco-pt")
    watch.assert_clean()
