"""What the class tests do on a student's page: open it at its table, and wait for what its class panel says."""

from __future__ import annotations

import time

from tests.browser.conftest import PAGE_DEADLINE_MS, shown
from tests.browser.pages import TABLE, wait

CLASS_PANEL = ".cardavia[data-testid='panel']"  # the student's class panel above the table


def opened(page, url: str) -> None:
    """Load the page at ``url`` and wait until its table is drawn and settled."""
    began = time.perf_counter()
    page.goto(url, timeout=PAGE_DEADLINE_MS, wait_until="domcontentloaded")
    page.wait_for_selector(f"{TABLE}[data-ready='1']", timeout=PAGE_DEADLINE_MS, state="attached")
    wait(page)
    print(f"page ready in {time.perf_counter() - began:.1f} s")


def until(page, locator, timeout: int = 30_000) -> None:
    """Wait for ``locator`` to show; on a timeout, fail saying what the page shows instead."""
    try:
        locator.wait_for(timeout=timeout)
    except Exception as err:
        raise AssertionError(f"{err}\nThe page shows instead: {shown(page, 1200)}") from None
