"""The teacher's page in Voila and Chromium: without the key only the request; with the teacher link's
#key= a set is made, its link and QR code shown, a result written to the store appears on the board, and
its mistake opens in the replay below the board."""

from __future__ import annotations

from cardavia_nb import i18n
from tests.browser.conftest import PAGE_DEADLINE_MS, TEACHER_KEY, shot
from tests.browser.harness import Watch, new_context

PANEL = "[data-testid='panel'].cv-board"


def test_the_board_asks_for_the_key_then_makes_a_set_and_shows_a_result_live(browser, class_voila):
    from cardavia_nb.store import Store
    from cardavia_nb.classroom import Classes
    from tests.test_board import a_mistake, played

    base, store_url = class_voila
    t = lambda key, **p: i18n.translate(key, "en", **p)  # noqa: E731
    context = new_context(browser)
    try:
        keyless, page = context.new_page(), context.new_page()  # both pages load at once: their kernels start together
        watch = Watch().attach(page)
        for tab, fragment in ((keyless, ""), (page, f"#key={TEACHER_KEY}")):
            tab.set_default_timeout(PAGE_DEADLINE_MS)
            tab.goto(f"{base}voila/render/notebooks/05-class.ipynb{fragment}", timeout=PAGE_DEADLINE_MS, wait_until="commit")

        asking = keyless.locator(PANEL)
        asking.get_by_text(t("board.ask_key").split(". ")[0]).wait_for()  # its `make class` is drawn as code
        assert asking.locator("[data-field-id='key']").is_visible()
        assert asking.locator("[data-action-id='create']").count() == 0 and asking.locator("img").count() == 0

        panel = page.locator(PANEL)
        panel.locator("[data-action-id='create']").wait_for()
        assert "key=" not in page.url  # taken out of the address bar
        panel.locator("[data-action-id='game:pao_de_kuai']").click()
        # each answer redraws the panel: type into the form it drew, and create once it has the number
        panel.locator("[data-action-id='game:pao_de_kuai'][aria-pressed='true']").wait_for()
        panel.locator("[data-number-id='deals']").fill("1")
        panel.locator("[data-number-id='deals']").dispatch_event("change")
        panel.locator("[data-number-id='deals'][value='1']").wait_for()
        panel.locator("[data-action-id='create']").click()
        qr = panel.locator("img.cv-image")
        qr.wait_for()
        link = qr.get_attribute("alt")
        assert link.startswith(f"{base}voila/render/notebooks/02-pao-de-kuai.ipynb?tab=table&class=")
        assert panel.get_by_role("link", name=link).is_visible()
        assert qr.get_attribute("src").startswith("data:image/svg+xml;base64,")

        store = Store(store_url)
        try:
            classes = Classes(store)
            (cls,) = classes.sets(TEACHER_KEY)
            assert link.endswith(cls.code) and cls.deals == 1
            record = played(cls, 0)
            classes.join(cls, "s" * 43, "<b>Zoé</b>")
            classes.finish(cls, "s" * 43, 0, record)
            panel.locator("td", has_text="<b>Zoé</b>").first.wait_for(timeout=10_000)  # polled once a second
            assert panel.locator("b", has_text="Zoé").count() == 0  # the name as text, never as HTML
            panel.get_by_text(t("board.high", score="").split(":")[0]).first.wait_for(timeout=30_000)
            classes.reviewed(cls, "s" * 43, 0, [a_mistake(cls, record, 4.0)])
        finally:
            store.close()
        panel.locator("[data-action-id='replay:0:0']").click()  # the review's mistake, opened in the replay below
        page.locator("[data-testid='table'] [data-testid='replay-where']").wait_for(timeout=30_000)
        assert TEACHER_KEY not in page.content() and "key=" not in page.url
        shot(page, "class-board")
        watch.assert_clean()
    finally:
        context.close()
