"""Helpers the page tests share: find a lesson panel, read and drive the table."""

from __future__ import annotations

TABLE = ".cardavia[data-testid='table']"


def panel(page, text: str):
    """The first lesson panel that contains ``text``."""
    return page.locator("[data-testid='panel']").filter(has_text=text).first


def log_lines(table) -> int:
    """How many lines the table's log shows."""
    return table.locator("[data-testid='log'] li").count()


def settled(page, log_before: int) -> None:
    """Wait until the table has answered a click and the human must act again, or the deal is over."""
    page.wait_for_function(
        """(before) => {
            const root = document.querySelector(".cardavia[data-testid='table']");
            const lines = root.querySelectorAll("[data-testid='log'] li").length;
            return lines > before && root.dataset.animating !== "1"
                && (root.dataset.toAct === "0" || root.dataset.over === "1");
        }""", arg=log_before, timeout=30_000)


def cards_in(table, testid_prefix: str) -> list[str]:
    """The card ids inside the table's elements whose test id starts with ``testid_prefix``."""
    return table.locator(f"[data-testid^='{testid_prefix}'] [data-card]").evaluate_all(
        "nodes => nodes.map(n => n.dataset.card)")


def select(table, cards) -> None:
    """Click each card of the hand once."""
    for card in cards:
        table.locator(f"[data-testid='hand'] [data-card='{card}']").click()


def set_look(page, **values) -> None:
    """Move the settings bar's controls as a player would, and wait for the kernel's answer."""
    bar = page.locator("[data-testid='settings']")
    for key, value in values.items():
        control = bar.locator(f"[data-testid='setting-{key}']")
        if key == "suits":
            control.select_option(value)
        else:
            control.fill(str(value))
            control.dispatch_event("change")
        # the kernel's answer, kept in storage by the bar (a redraw before it would lose the next control)
        page.wait_for_function("([k, v]) => String(JSON.parse(localStorage.getItem('cardavia.settings') || '{}')[k]) === v",
                               arg=[key, str(value)])
    page.wait_for_timeout(300)
