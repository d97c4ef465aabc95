"""Helpers the page tests share: find a lesson panel, read and drive the table."""

from __future__ import annotations

from cardavia_nb import i18n
from cardavia_nb.games.pao_de_kuai import classify, plays
from tests.browser.harness import shot

TABLE = ".cardavia[data-testid='table']"
SETTLED = f"""() => {{
  const root = document.querySelector("{TABLE}");
  return root.dataset.animating !== "1" && (root.dataset.toAct === "0" || root.dataset.over === "1"
    || !!root.querySelector("[data-testid='summary-go']"));
}}"""
"""True once the table has drawn its answer and the human must act, or the deal or game is over."""


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
    """Click each card of the hand once, each after the kernel's verdict on the cards before it is drawn: a
    verdict drawn under the pointer could move the hand and send the next click to another card."""
    for i, card in enumerate(cards):
        table.locator(f"[data-testid='hand'] [data-card='{card}']").click()
        table.locator(f"[data-testid='selection'][data-answered='{' '.join(cards[:i + 1])}']").wait_for(state="attached")


def set_look(page, **values) -> None:
    """Move the settings bar's controls as a player would, and wait for the kernel's answer."""
    bar = page.locator("[data-testid='settings']")
    for key, value in values.items():
        control = bar.locator(f"[data-testid='setting-{key}']")
        if key in ("suits", "lang"):  # the two menus
            control.select_option(value)
        else:
            control.fill(str(value))
            control.dispatch_event("change")
        # the kernel's answer, kept in storage by the bar (a redraw before it would lose the next control)
        page.wait_for_function("([k, v]) => String(JSON.parse(localStorage.getItem('cardavia.settings') || '{}')[k]) === v",
                               arg=[key, str(value)])
        if key == "lang":  # and the page's own language, which the bar sets once the kernel has answered
            page.wait_for_function("(lang) => document.documentElement.lang === lang", arg=value, timeout=30_000)
    page.wait_for_timeout(300)


def in_language(page, lang: str) -> None:
    """The page in ``lang``, chosen in the settings bar when it is in another (a module's page, which its earlier
    tests may have left in any language)."""
    if page.evaluate("document.documentElement.lang") != lang:
        set_look(page, lang=lang)


def ids(page, selector: str) -> list[str]:
    """The action ids of the table's elements that match ``selector``."""
    return page.locator(f"{TABLE} {selector}").evaluate_all("nodes => nodes.map(n => n.dataset.actionId)")


def wait(page, since: str | None = None) -> None:
    """Let the last intent reach the kernel, then wait until the table has settled (``SETTLED``); with
    ``since`` (the ``data-seq`` before a move), also until the felt shows a later frame in full."""
    page.wait_for_timeout(120)
    if since is not None:
        page.wait_for_function(f"(seen) => document.querySelector(\"{TABLE}\").dataset.seq !== seen",
                               arg=since, timeout=30_000)
    page.wait_for_function(SETTLED, timeout=30_000)


def played(page, button) -> None:
    """Click ``button``, a move, and return once the table has drawn the frame it brought in full:
    until then the felt still shows the state before it, and a Hint asked then would be about that."""
    since = page.locator(TABLE).get_attribute("data-seq")
    button.click()
    wait(page, since)


# The human can go on: the Hint is offered (the human's move) or the summary's button is (the deal's end).
CAN_MOVE = f"""() => {{
  const root = document.querySelector("{TABLE}");
  return !root.querySelector("[data-testid='hint']").hidden || !!root.querySelector("[data-testid='summary-go']");
}}"""
# What the table shows, for a test that found it unable to go on.
SHOWN = f"""() => {{
  const root = document.querySelector("{TABLE}");
  const texts = (sel) => [...root.querySelectorAll(sel)].map((n) => n.textContent.trim());
  return JSON.stringify({{data: {{...root.dataset}}, status: texts("[data-testid='status']"),
    notice: texts("[data-testid='notice']"), buttons: [...root.querySelectorAll("[data-action-id]")].map((n) => n.dataset.actionId),
    log: texts("[data-testid='log'] li").slice(-6)}});
}}"""


def offered(page) -> None:
    """Wait until the table offers the human a move: one that offers neither the Hint nor the summary's button
    within 30 s fails with what it shows (and a picture of it)."""
    try:
        page.wait_for_function(CAN_MOVE, timeout=30_000)
    except Exception:
        shot(page, "FAILED-move")
        raise AssertionError(f"the table offers no move: {page.evaluate(SHOWN)}") from None


def move(page) -> None:
    """One move of the human, the one the Hint ranks first (selections by their cards), once the table offers
    one (``offered``)."""
    offered(page)
    table = page.locator(TABLE)
    go = table.locator("[data-testid='summary-go']")
    if go.count():
        return played(page, go)
    table.locator("[data-testid='hint']").click()
    table.locator("[data-testid='hint-panel'] li").first.wait_for()
    best = table.locator("[data-testid='hint-panel'] li").first.get_attribute("data-hint-id")
    button = table.locator(f"[data-action-id='{best}']")
    if button.count():
        return played(page, button.first)
    select(table, best.split(":", 1)[1].split("+"))
    played(page, table.locator("[data-testid='play-selection']:not([disabled])"))


def first_play(hand: list[str], top: list[str]) -> tuple[str, ...]:
    """Pao De Kuai's simple strategy: the engine's first legal multi-card play, else its first play."""
    found = plays(hand, classify(top) if top else None, opening="3H" in hand and not top)
    multi = [p for p in found if len(p) > 1]
    return (multi or found)[0]


SUMMARY_BUTTON = "[data-testid='summary-go'], [data-testid='summary-new']"  # the deal's summary is up


def high_has_played(page, lang: str, timeout: float = 60_000) -> None:
    """Wait until the summary's line of High on the same cards is there and no longer says High is playing."""
    page.wait_for_function(
        """(playing) => {
            const line = document.querySelector("[data-testid='result'] [data-testid='same-cards']")?.textContent;
            return line && line !== playing;
        }""", arg=i18n.translate("review.same.playing", lang), timeout=timeout)


def plain_move(page) -> None:
    """One move of the human chosen without the Hint (each hint is a search in the kernel and a redraw):
    in Truco the first answer to a call, else the first card; in Pao De Kuai a pass when it may, else the
    engine's first multi-card play; in Tarot the first card it may play, else the last action offered.
    Nothing once the summary is up: the deal may have ended since the caller looked, and its button would
    deal the next one (a class's next deal, for one)."""
    table = page.locator(TABLE)
    if table.locator(SUMMARY_BUTTON).count():
        return
    game = table.get_attribute("data-game")
    actions = ids(page, "[data-testid='actions'] [data-action-id]")
    cards = ids(page, "[data-testid='hand'] [data-action-id]")
    if game == "pao_de_kuai":
        if "pass" in actions:
            return played(page, table.locator("[data-testid='actions'] [data-action-id='pass']"))
        select(table, first_play(cards_in(table, "hand"), cards_in(table, "played-")))
        return played(page, table.locator("[data-testid='play-selection']:not([disabled])"))
    if game == "truco":
        answers = [a for a in actions if a.startswith("answer:")]
        target = (answers or cards)[0]
    else:
        target = cards[0] if cards else actions[-1]
    played(page, table.locator(f"[data-action-id='{target}']").first)
