"""A Truco match to its end in the browser: tests/notebooks/truco-match-end.ipynb brings a match to 24
points through the table's own intents, then the page plays the last deals by clicks (the first answer to a
call, else the first card: no Hint, a High search in the kernel at each move). At every deal end and at the
match end the status, the chips and the buttons agree that nobody is to play; the match-end summary says who won and by how much (screenshots in
tests/artifacts/table-truco-<lang>-<size>-match-end.png)."""

from __future__ import annotations

from cardavia_nb import i18n
from tests.browser.pages import TABLE, plain_move, played, set_look, wait
from tests.browser.conftest import look
from tests.browser.story import SIZES

NOTEBOOK = "../tests/notebooks/truco-match-end.ipynb"  # served from the repository root


def nobody_to_play(table) -> None:
    """No seat has the 'to play' chip, no move button is offered, the Hint is hidden."""
    assert table.locator(".cv-now").count() == 0
    assert table.locator("[data-testid='actions'] button").count() == 0
    assert table.locator("[data-testid='hint']").is_hidden()
    assert table.get_attribute("data-to-act") == ""


WON = {"en": ("You won the match, 30 to 21", "Computer 1 won the match"),
       "pt": ("Você ganhou a partida por 30 a 21", "Computador 1 ganhou a partida")}


def test_a_truco_match_ends_with_a_summary_that_says_who_won(open_page):
    """Played in Portuguese; the ended match then follows the settings bar into English."""
    lang = "pt"
    page, watch = open_page(NOTEBOOK, f"lang={lang}", wait_for=f"{TABLE}[data-ready='1']")
    page.set_viewport_size({"width": SIZES["desktop"][0], "height": SIZES["desktop"][1]})
    table = page.locator(TABLE)
    wait(page)
    deal_ends = 0
    for _ in range(60):
        if table.locator("[data-testid='summary-new']").count():
            break
        if table.locator("[data-testid='summary-go']").count():
            deal_ends += 1
            assert table.locator("[data-testid='status']").inner_text() == i18n.translate("ui.status.deal_over", lang)
            nobody_to_play(table)
        go = table.locator("[data-testid='summary-go']")
        if go.count():
            played(page, go)
        else:
            plain_move(page)
    assert deal_ends >= 1, "the last deals were played in the page"
    summary = table.locator("[data-testid='result']")
    summary.wait_for()
    assert table.get_attribute("data-over") == "1"
    assert table.locator("[data-testid='status']").inner_text() == i18n.translate("ui.status.over", lang)
    nobody_to_play(table)
    title = summary.locator("[data-testid='summary-title']").inner_text()
    assert title.startswith(WON[lang]), title
    assert summary.locator("[data-testid='points'] tbody tr").count() == 2
    assert summary.locator("[data-testid='notes'] tr").count() >= 2, "the match's points by source"
    look(page, f"table-truco-{lang}-desktop-match-end")
    box = table.bounding_box()
    assert box["height"] <= SIZES["desktop"][1], f"the match end is {box['height']:.0f} px tall"
    page.set_viewport_size({"width": SIZES["phone"][0], "height": SIZES["phone"][1]})
    look(page, f"table-truco-{lang}-phone-match-end")
    new = summary.locator("[data-testid='summary-new']")
    new.scroll_into_view_if_needed()
    assert new.evaluate("b => { const r = b.getBoundingClientRect(); return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2) === b; }")
    set_look(page, lang="en")
    page.set_viewport_size({"width": SIZES["desktop"][0], "height": SIZES["desktop"][1]})
    title = summary.locator("[data-testid='summary-title']").inner_text()
    assert title.startswith(WON["en"]), title
    assert table.locator("[data-testid='status']").inner_text() == i18n.translate("ui.status.over", "en")
    look(page, "table-truco-en-desktop-match-end")
    watch.assert_clean()
