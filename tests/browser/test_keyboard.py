"""The table works from the keyboard: Tab reaches the hand, arrows move along it, Enter plays."""

import re

from tests.browser.harness import show_tab
from tests.browser.pages import TABLE, log_lines

SEED = 13  # you are mano in deal 1: your move first


def test_play_a_card_with_arrow_keys_and_enter(module_page):
    page, watch = module_page("01-truco.ipynb")  # one page for both tests
    show_tab(page, "table")
    table = page.locator(TABLE)
    table.locator("[data-testid='seed']").fill(str(SEED))
    table.locator("[data-testid='seed']").press("Enter")
    table.locator("[data-testid='log'] li", has_text=f"code {SEED}.").wait_for()
    hand = table.locator("[data-testid='hand'] button[data-action-id]")
    assert hand.count() == 3
    for i in range(3):  # every card names itself for screen readers, first what its corner shows: "7, Seven of coins"
        card = hand.nth(i).get_attribute("data-card")
        assert re.fullmatch(rf"{card[:-1]}, [A-Z][a-z]+.* of [a-z]+", hand.nth(i).get_attribute("aria-label"))
    hand.first.focus()
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.dataset.actionId")
    assert focused == hand.nth(1).get_attribute("data-action-id")
    before = log_lines(table)
    page.keyboard.press("Enter")
    page.wait_for_function("([root, n]) => root.querySelectorAll(\"[data-testid='log'] li\").length > n",
                           arg=[table.element_handle(), before], timeout=30_000)
    card = focused.split(":", 1)[1]
    assert table.locator("[data-testid='middle'] [data-card]").evaluate_all(
        "nodes => nodes.map(n => n.dataset.card)")[:1] == [card]
    watch.assert_clean()


def test_lesson_picker_is_one_named_tab_stop_and_keeps_focus(module_page):
    page, watch = module_page("01-truco.ipynb")
    show_tab(page, "learn")
    row = page.locator("[data-block='rank'][data-pick='1']").first
    assert row.get_attribute("role") == "group"
    assert row.evaluate("r => document.getElementById(r.getAttribute('aria-labelledby'))?.textContent.trim().length > 0")
    assert row.locator("button[tabindex='0']").count() == 1
    first = row.locator("button").first
    card = first.get_attribute("data-card")
    first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("(c) => document.querySelector(`[data-block='rank'] [data-card='${c}']`)?.getAttribute('aria-pressed') === 'true'", arg=card)
    assert page.evaluate("document.activeElement.dataset.card") == card, "focus stays on the picked card"
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") == row.locator("button").nth(1).get_attribute("data-card")
    watch.assert_clean()
