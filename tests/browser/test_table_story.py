"""The felt tells the story, seen as a person sees it: each game at 1366×900 and 390×844 in English
and Portuguese, in the phases start, mid-trick, hint open and deal summary (screenshots in
tests/artifacts/table-<game>-<lang>-<width>-<phase>.png), with the checks of issue 14 on the way."""

from __future__ import annotations

import pytest

from tests.browser.conftest import ARTIFACTS
from tests.browser.harness import show_tab
from tests.browser.pages import TABLE

GAMES = {"truco": ("01-truco.ipynb", 13), "pao_de_kuai": ("02-pao-de-kuai.ipynb", 24),
         "french_tarot": ("03-french-tarot.ipynb", 1)}
SIZES = {"desktop": (1366, 900), "phone": (390, 844)}
SETTLED = f"""() => {{
  const root = document.querySelector("{TABLE}");
  return root.dataset.animating !== "1" && (root.dataset.toAct === "0" || root.dataset.over === "1"
    || !!root.querySelector("[data-testid='summary-go']"));
}}"""


def look(page, name: str) -> None:
    """A screenshot of the screen the player sees with the table's top at the top of the window."""
    page.evaluate(f"document.querySelector(\"{TABLE}\").scrollIntoView({{block: 'start'}})")
    page.wait_for_timeout(100)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def wait(page) -> None:
    page.wait_for_timeout(120)
    page.wait_for_function(SETTLED, timeout=30_000)


def move(page) -> None:
    """One move of the human, the one the Hint ranks first (selections by their cards)."""
    table = page.locator(TABLE)
    go = table.locator("[data-testid='summary-go']")
    if go.count():
        go.click()
        return wait(page)
    table.locator("[data-testid='hint']").click()
    table.locator("[data-testid='hint-panel'] li").first.wait_for()
    best = table.locator("[data-testid='hint-panel'] li").first.get_attribute("data-hint-id")
    button = table.locator(f"[data-action-id='{best}']")
    if button.count():
        button.first.click()
        return wait(page)
    cards = best.split(":", 1)[1].split("+")
    for card in cards:
        table.locator(f"[data-testid='hand'] [data-card='{card}']").click()
    table.locator("[data-testid='play-selection']:not([disabled])").click()
    wait(page)


def positions(page, selector: str) -> list[dict]:
    return page.locator(f"{TABLE} {selector}").evaluate_all(
        "nodes => nodes.map(n => { const r = n.getBoundingClientRect(); return {x: r.x, y: r.y, bottom: r.bottom, seat: n.dataset.seat}; })")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize("game", GAMES)
def test_the_felt_tells_the_story(open_page, game, lang, size):
    notebook, seed = GAMES[game]
    page, watch = open_page(notebook, f"lang={lang}", wait_for=f"{TABLE}[data-ready='1']")
    show_tab(page, "table")
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    page.emulate_media(reduced_motion="reduce")  # the computer's moves are drawn at once (still logged)
    table = page.locator(TABLE)
    table.locator("[data-testid='seed']").fill(str(seed))
    table.locator("[data-testid='new-game']").click()
    table.locator("[data-testid='log'] li", has_text=f"{seed}.").first.wait_for()
    wait(page)
    name = f"table-{game}-{lang}-{size}"
    look(page, f"{name}-start")

    seats = positions(page, ".cv-opponents .cv-seat")
    assert [s["seat"] for s in sorted(seats, key=lambda s: s["x"])][-1] == "1", "the next player sits on your right"
    if size == "phone":
        assert len({round(s["y"]) for s in seats}) == 1, "the opponents share one row"
    skip = table.locator("[data-testid='skip']")
    assert skip.evaluate("b => b.getBoundingClientRect().width > 0 && getComputedStyle(b).visibility === 'hidden'")

    moves = 0
    if game == "french_tarot":
        table.locator("[data-action-id='bid:garde']").click()
        wait(page)
        impossible = table.locator("[data-testid='hand'] .cv-impossible")
        assert impossible.count() >= 1, "Kings and oudlers are marked"
        king = impossible.first
        king.click()  # picking a King (or an oudler) says why it cannot be discarded, not the count
        table.locator("[data-testid='selection-text']", has_text=king.get_attribute("title")).wait_for()
        look(page, f"{name}-discard")
        king.click()
        table.locator("[data-testid='preset-0']").click()
        table.locator("[data-testid='play-selection']:not([disabled])").click()
        wait(page)
        assert not table.locator("[data-testid^='extra-']", has_text="chien").count()
    for _ in range(2):
        move(page)
        moves += 1
    look(page, f"{name}-mid")
    if game == "french_tarot":
        box = table.bounding_box()
        hand = positions(page, "[data-testid='hand']")[0]
        top = page.evaluate(f"document.querySelector(\"{TABLE}\").getBoundingClientRect().top")
        if size == "desktop":
            assert box["height"] <= height, f"the Tarot table is {box['height']:.0f} px tall"
        assert hand["bottom"] - top <= height, "your hand is on the first screen"
        assert "· won by you" not in table.inner_text() and "You · won by" not in table.inner_text()
    table.locator("[data-testid='hint']").click()
    table.locator("[data-testid='hint-panel'] li").first.wait_for()
    look(page, f"{name}-hint")

    for _ in range(80):
        if table.locator("[data-testid='summary-go'], [data-testid='summary-new']").count():
            break
        move(page)
    summary = table.locator("[data-testid='result']")
    summary.wait_for()
    assert table.locator(".cv-now").count() == 0, "nobody is 'to play' once the deal is over"
    assert table.locator("[data-testid='actions'] button").count() == 0
    assert summary.locator("[data-testid='hints-used']").inner_text().strip()[-1].isdigit()
    if lang == "en":
        assert "Payoff" not in summary.inner_text()
    look(page, f"{name}-summary")
    log = table.locator("[data-testid='log']")
    assert log.evaluate("ol => parseFloat(getComputedStyle(ol).paddingLeft) >= 2.8 * parseFloat(getComputedStyle(ol).fontSize)")
    assert log.get_attribute("aria-label")
    watch.assert_clean()
