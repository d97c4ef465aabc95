"""A student's class page in Chromium: a set made in the server's store, the Truco page opened with
``?class=CODE&tab=table``, a name typed, the set's first deal played to its end with the table's bar
hidden, the class's results shown, and a reload that comes back to them and goes on to the next deal
(no deal code on the page); on a phone in Portuguese, the class panel and the hand on the first screen.
Screenshots: tests/artifacts/class-play-results.png, class-play-panel.png and class-play-phone-pt.png; the page
and deal times printed."""

from __future__ import annotations

import time

from cardavia_nb.store import Store
from cardavia_nb.classroom import Classes
from tests.browser.conftest import PAGE_DEADLINE_MS, picture, shot, shown
from tests.browser.harness import Watch, new_context
from tests.browser.pages import TABLE, wait
from tests.browser.reviewing import play_to_the_end


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


def test_a_student_joins_plays_a_set_deal_sees_the_class_results_and_resumes(browser, class_voila):
    base, store_url = class_voila
    store = Store(store_url)
    cls = Classes(store).create("teacher-key-" + "d" * 20, "truco", "low", 2)
    context = new_context(browser)
    try:
        page = context.new_page()
        watch = Watch().attach(page)
        url = f"{base}voila/render/notebooks/01-truco.ipynb?class={cls.code}&tab=table"
        opened(page, url)
        name = page.locator("[data-field-id='name']")
        name.wait_for(timeout=30_000)
        bar = page.locator(f"{TABLE} [data-testid='bar']")
        assert bar.is_visible()  # no class deal at the table yet
        name.fill("Ana Lúcia")
        page.locator("[data-action-id='name-go']").click()
        panel = page.locator(".cardavia[data-testid='panel']", has_text="You play as")
        until(page, panel.get_by_text("Deal 1 of 2: play it"))
        bar.wait_for(state="hidden")  # no level switch, deal code or New game while in class
        wait(page)
        began = time.perf_counter()
        play_to_the_end(page)
        print(f"deal played in {time.perf_counter() - began:.1f} s")
        until(page, panel.get_by_text("Deal 1 of 2: you scored"))
        assert panel.locator("td", has_text="Ana Lúcia (you)").count() == 1
        assert page.locator(f"{TABLE} [data-testid='replay']").count() == 0  # no deal code in class
        shot(page, "class-play-results")
        picture(panel, "class-play-panel")
        watch.assert_clean()
        page.reload()  # (the reload aborts the old page's pending requests: not a problem of the page)
        opened(page, url)
        until(page, panel.get_by_text("Deal 1 of 2: you scored"))
        panel.locator("[data-action-id='next']").click()
        until(page, panel.get_by_text("Deal 2 of 2: play it"))
        token = page.evaluate("localStorage.getItem('cardavia.token')")
        assert Classes(store).student(cls, token) == {"name": "Ana Lúcia", "done": [0], "playing": 1}
        assert not watch.console_errors
    finally:
        context.close()
        store.close()


def test_a_student_s_phone_shows_the_class_and_the_table_in_portuguese(browser, class_voila):
    base, store_url = class_voila
    store = Store(store_url)
    cls = Classes(store).create("teacher-key-" + "e" * 20, "truco", "low", 2)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                                  reduced_motion="reduce")
    try:
        page = context.new_page()
        opened(page, f"{base}voila/render/notebooks/01-truco.ipynb?class={cls.code}&tab=table&lang=pt")
        page.locator("[data-field-id='name']").fill("Ana Lúcia")
        page.locator("[data-action-id='name-go']").click()
        page.locator(".cardavia[data-testid='panel']").get_by_text("Mão 1 de 2").wait_for(timeout=30_000)
        wait(page)
        page.evaluate("window.scrollTo(0, 0)")
        shot(page, "class-play-phone-pt")
        hand = page.evaluate(f"""() => Math.max(...[...document.querySelectorAll("{TABLE} [data-testid='hand'] [data-card]")]
                                    .map((card) => card.getBoundingClientRect().bottom))""")
        assert 0 < hand <= 844, f"the hand ends {hand:.0f} px down, below the phone's first screen"
        assert page.get_by_text("Clique numa carta para jogá-la").count() == 0 or \
            page.get_by_text("Clique numa carta para jogá-la").is_hidden()  # no level or deal code in a class
    finally:
        context.close()
        store.close()
