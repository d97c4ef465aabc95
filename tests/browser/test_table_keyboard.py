"""Keyboard only: a Truco deal with an envido and a Tarot deal with a discard, played with key
presses alone; after every move the focus is inside the table (never on <body>). Prints the keys used."""

from __future__ import annotations

from tests.browser.conftest import shot
from tests.browser.pages import SETTLED, TABLE, ids, wait

FOCUS_IN_TABLE = f"""() => {{
  const root = document.querySelector("{TABLE}");
  const active = document.activeElement;
  return !!active && active !== document.body && root.contains(active);
}}"""


class Keys:
    """Presses keys and counts them."""

    def __init__(self, page):
        self.page, self.count, self.to_table = page, 0, 0

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.count += 1

    def type(self, text: str) -> None:
        for ch in text:
            self.press(ch)

    def reach(self, selector: str, limit: int = 120) -> None:
        """Tab (or arrow inside a roving group) until the focused element matches ``selector``."""
        for _ in range(limit):
            where = self.page.evaluate("""(sel) => {
                const active = document.activeElement, target = document.querySelector(sel);
                if (!target) return "missing";
                if (active === target) return "there";
                const roving = target.parentElement.matches(".cv-hand, .cv-actions, .cv-tabs");
                return roving && active && active.parentElement === target.parentElement ? "group" : "away";
            }""", f"{TABLE} {selector}")
            assert where != "missing", selector
            if where == "there":
                return
            self.press("ArrowRight" if where == "group" else "Tab")
        raise AssertionError(f"{selector} not reached by keyboard")

    def act(self, selector: str) -> None:
        """Reach a control, press Enter, wait for the table, and check where the focus went."""
        self.reach(selector)
        since = self.page.locator(TABLE).get_attribute("data-seq")
        self.press("Enter")
        wait(self.page, since)  # the frame the move brought, not the one before it
        assert self.page.evaluate(FOCUS_IN_TABLE), f"focus left the table after {selector}"


def start(open_page, notebook: str, seed: int):
    """Open a page, take the skip link to the table, Tab to the deal-code box, type the code, press Enter."""
    page, watch = open_page(notebook, wait_for=f"{TABLE}[data-ready='1']")
    keys = Keys(page)
    keys.press("Tab")  # the page's first stop is the skip link "Go to the table"
    assert page.evaluate("() => document.activeElement.classList.contains('cv-skiplink')")
    keys.press("Enter")
    page.locator("#cv-panel-table").wait_for(state="visible")
    keys.reach("[data-testid='seed']", limit=400)
    keys.type(str(seed))
    keys.press("Enter")
    page.locator(f"{TABLE} [data-testid='log'] li", has_text=f"code {seed}.").wait_for()
    page.wait_for_function(SETTLED, timeout=30_000)
    assert page.evaluate(FOCUS_IN_TABLE)
    keys.to_table = keys.count
    return page, watch, keys


def test_truco_deal_by_keyboard_with_envido(open_page):
    page, watch, keys = start(open_page, "01-truco.ipynb", 13)
    called = False
    for _ in range(30):
        if page.locator(f"{TABLE} [data-testid='summary-go']").count():
            break
        actions = ids(page, "[data-testid='actions'] [data-action-id]")
        if "call:envido" in actions and not called:
            keys.act("[data-action-id='call:envido']")
            called = True
        elif "answer:quiero" in actions:
            keys.act("[data-action-id='answer:quiero']")
        else:
            keys.act(f"[data-action-id='{ids(page, '[data-testid=hand] [data-action-id]')[0]}']")
    assert called
    assert "Envido" in page.locator(f"{TABLE} [data-testid='log']").inner_text()
    shot(page, "keyboard-truco-summary")
    keys.act("[data-testid='summary-go']")
    page.locator(f"{TABLE} [data-testid='facts']", has_text="Deal 2").wait_for()
    print(f"\nTruco deal with envido by keyboard: {keys.count} key presses (issue baseline 189), "
          f"{keys.to_table} of them from page load to the started deal")
    watch.assert_clean()


def test_tarot_deal_by_keyboard_with_discard(open_page):
    page, watch, keys = start(open_page, "03-french-tarot.ipynb", 1)
    keys.act("[data-action-id='bid:garde']")
    page.locator(f"{TABLE} [data-testid='preset-0']").wait_for()
    keys.reach("[data-testid='preset-0']")
    keys.press("Enter")
    page.locator(f"{TABLE} [data-testid='play-selection']:not([disabled])").wait_for()
    assert page.evaluate(FOCUS_IN_TABLE)
    keys.act("[data-testid='play-selection']")
    for _ in range(40):
        if page.locator(f"{TABLE}[data-over='1']").count():
            break
        actions = ids(page, "[data-testid='actions'] [data-action-id]")
        if actions:
            keys.act(f"[data-action-id='{actions[-1]}']")
            continue
        keys.act(f"[data-action-id='{ids(page, '[data-testid=hand] [data-action-id]')[0]}']")
    assert page.locator(f"{TABLE}[data-over='1']").count()
    shot(page, "keyboard-tarot-end")
    print(f"\nTarot deal with a discard by keyboard: {keys.count} key presses (issue baseline 351), "
          f"{keys.to_table} of them from page load to the started deal")
    watch.assert_clean()
