"""The static site in headless Chromium: the landing page, the home app in Portuguese, a card played in the
Truco app and the game back after a reload (kept in the browser's storage, counted apart in *Your games*), the
deal played out with High's score on the same cards and a record reviewed while the replay's clicks are answered,
and the Pao De Kuai notebook run in JupyterLite's Lab; nothing leaves the site, no cell fails. Each Python start
in the browser (Pyodide) costs 10-20 s of a core, so the tests start it as few times as their checks need: the
home app, the Truco app twice (the second from its storage), the Lab once."""

from __future__ import annotations

import functools
import http.server
import threading
import time

import pytest

from cardavia_nb import games, i18n
from cardavia_nb.review.deals import played_deal
from cardavia_nb.ui.home import PAGES
from tests.browser.conftest import READY, shot
from tests.browser.harness import ROOT, Watch, free_port, new_context, show_tab
from tests.browser.pages import TABLE, high_has_played
from tests.browser.test_resume import back_words
from tests.browser.reviewing import play_to_the_end

SITE = ROOT / "_site"
PREFIX = "/cardavia_nb/"  # a GitHub Pages project site lives at /<repo>/

# Pyodide compiles its wasm and imports every package on each page: 10-20 s on 2 busy cores.
START_MS = 180_000
TABLE_READY = f"{TABLE}[data-ready='1']"
TABLE_SEED = 13  # you are mano in deal 1: your cards are playable at once
KEPT = "Object.keys(localStorage).filter((key) => key.startsWith('cardavia.game.')).length"
FAILED_CELL = "[data-mime-type='application/vnd.jupyter.stderr'], [data-mime-type='application/vnd.jupyter.error']"


class UnderPrefix(http.server.SimpleHTTPRequestHandler):
    """Serves the site's files under PREFIX only, as a project site's host does; anything else is 404."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm"}

    def translate_path(self, path: str) -> str:
        if not path.startswith(PREFIX):
            return str(SITE / "no-such-file")
        return super().translate_path("/" + path[len(PREFIX):])

    def log_message(self, format, *args):  # quiet: the test reports what matters
        pass


@pytest.fixture(scope="module")
def site_url():
    """Base URL of _site/ served on loopback under PREFIX."""
    if not (SITE / "index.html").exists():
        pytest.fail("_site/ is missing: `make test` and `make test-site` build it first (or run `make site`).")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()),
                                             functools.partial(UnderPrefix, directory=str(SITE)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"
    server.shutdown()
    server.server_close()


def seed_hand() -> list[str]:
    """Your cards in the first deal of a Truco game with TABLE_SEED, from the engine."""
    truco = games.get("truco")
    return sorted(truco.observe(truco.new(TABLE_SEED), 0).hand)


def wait_ready(page, selector: str, what: str) -> float:
    """Seconds until ``selector`` is drawn (at most START_MS); a failed cell or a timeout fails the test."""
    start = time.monotonic()
    try:
        page.wait_for_selector(f"{selector}, {FAILED_CELL}", timeout=START_MS, state="attached")
    except Exception as err:
        shot(page, f"FAILED-site-{what}")
        raise AssertionError(f"{what} did not become interactive within {START_MS / 1000:.0f} s: {err}") from None
    failed = page.locator(FAILED_CELL)
    assert failed.count() == 0, f"{what}: a cell failed: {failed.first.inner_text()[:2000]}"
    return time.monotonic() - start


def test_site_plays_truco_offline_under_a_subpath(browser, site_url):
    context = new_context(browser)
    received: list[int] = []
    context.on("requestfinished", lambda r: received.append(r.sizes()["responseBodySize"]))
    page = context.new_page()
    page.set_default_timeout(60_000)
    watch = Watch().attach(page)
    page.goto(f"{site_url}?lang=pt", timeout=60_000)
    landing = page.locator("section[lang='pt']")
    assert landing.is_visible() and page.locator("section[lang='en']").is_hidden()
    assert "JupyterLab" in landing.inner_text()

    landing.locator("h1 a").click()  # the home page as a voici app, in Portuguese from ?lang=pt
    page.wait_for_url("**/app/voici/render/00-cardavia.html?lang=pt", timeout=60_000)
    home_s = wait_ready(page, READY, "home")
    first_visit = sum(received)
    page.wait_for_selector(".cv-settings[lang='pt']", timeout=60_000)
    assert page.locator("[data-testid='setting-lang']").input_value() == "pt"
    shot(page, "site-home-pt")

    page.locator("a[href='01-truco.ipynb?lang=pt']").first.click()  # Voila's link, rewritten for voici
    page.wait_for_url("**/app/voici/render/01-truco.html?lang=pt", timeout=60_000)
    truco_s = wait_ready(page, TABLE_READY, "Truco")
    show_tab(page, "table")
    table = page.locator(TABLE)
    table.locator("[data-testid='seed']").fill(str(TABLE_SEED))
    table.locator("[data-testid='new-game']").click()
    page.wait_for_function(
        """(want) => {
            const root = document.querySelector(".cardavia[data-testid='table']");
            const hand = [...root.querySelectorAll("[data-testid='hand'] [data-card]")].map((n) => n.dataset.card);
            return JSON.stringify(hand.sort()) === JSON.stringify(want) && root.dataset.toAct === "0"
                && root.dataset.animating !== "1";
        }""", arg=seed_hand(), timeout=60_000)
    card = table.locator("[data-testid='hand'] [data-action-id^='play:']").first
    played = card.get_attribute("data-action-id")
    card.click()
    # the answer is the card gone from the hand, drawn and settled (a log line alone may be another one:
    # the notice that no game is kept under the page's key yet arrives when the page connects)
    page.wait_for_function(
        """(card) => {
            const root = document.querySelector(".cardavia[data-testid='table']");
            const hand = [...root.querySelectorAll("[data-testid='hand'] [data-card]")].map((n) => n.dataset.card);
            return !hand.includes(card) && root.dataset.animating !== "1"
                && (root.dataset.toAct === "0" || root.dataset.over === "1");
        }""", arg=played.removeprefix("play:"), timeout=60_000)
    shot(page, "site-truco-played")
    kept_hand = sorted(set(seed_hand()) - {played.removeprefix("play:")})
    page.reload()  # warm: everything is in the browser's cache now; the game comes back from its storage
    warm_s = wait_ready(page, TABLE_READY, "Truco (reloaded)")
    try:  # the kept game resumed and drawn: the same hand, and the notice that says so in the page's language
        page.wait_for_function(
            """([want, back]) => {
                const root = document.querySelector(".cardavia[data-testid='table']");
                const hand = [...root.querySelectorAll("[data-testid='hand'] [data-card]")].map((n) => n.dataset.card);
                const notice = root.querySelector("[data-testid='notice']").textContent;
                return JSON.stringify(hand.sort()) === JSON.stringify(want) && notice.startsWith(back);
            }""", arg=[kept_hand, back_words("pt")], timeout=60_000)
    except Exception:
        shot(page, "FAILED-site-resume")
        raise AssertionError(f"not resumed: notice {table.locator('[data-testid=notice]').text_content()!r}, "
                             f"kept games {page.evaluate(KEPT)}") from None
    history = page.locator("[data-testid='panel']", has_text=i18n.translate("store.history.title", "pt"))
    assert i18n.translate("store.history.unfinished", "pt", count=2) in history.text_content()
    shot(page, "site-truco-resumed")
    print(f"\nfirst visit (landing and home) downloaded {first_visit / 1e6:.1f} MB; time to interactive: "
          f"home {home_s:.1f} s, Truco {truco_s:.1f} s cold, {warm_s:.1f} s warm")
    play_to_the_end(page)  # records open only once the deal in play is over
    high_has_played(page, "pt", START_MS)  # High's deal on the same cards, played between the page's messages too
    reviewed_while_clicked(page)
    watch.assert_clean()
    context.close()


def test_lab_runs_the_pao_de_kuai_notebook_and_follows_its_links(browser, site_url):
    """The Pao De Kuai notebook runs to a playable table in JupyterLite's Lab and opens another notebook from
    its links. Truco runs as a voici app in the test above; every game's table and review in the browser's Python
    is measured by benchmarks/site_review.py. (The French Tarot notebook here cost 45 CPU-s against 26: its
    lesson's review, 7 CPU-s natively, is judged again in the browser's slower Python.)"""
    context = new_context(browser)
    page = context.new_page()
    page.set_default_timeout(60_000)
    watch = Watch().attach(page)
    page.goto(f"{site_url}lab/lab/index.html?path={PAGES['pao_de_kuai']}&lang=pt", timeout=60_000)
    # the kernel is idle once its indicator says so; the Lab may fold the indicator into the toolbar's overflow
    # (hidden) when the toolbar is narrow, as in fc13, so it is waited for attached, not visible
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=START_MS, state="attached")
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
    wait_ready(page, TABLE_READY, "Pao De Kuai in the Lab")
    page.wait_for_selector(".cv-settings[lang='pt']", timeout=60_000, state="attached")
    page.locator(f"a[href='{PAGES['french_tarot']}?lang=pt']").first.dispatch_event("click")  # → French Tarot
    page.locator(".lm-TabBar-tab", has_text=PAGES["french_tarot"]).wait_for(timeout=60_000)
    assert page.locator(FAILED_CELL).count() == 0
    shot(page, "site-lab")
    watch.assert_clean()
    context.close()


# A recorded Truco deal with five decisions of its first seat (the most of seeds 1-59): about two seconds of a
# core to judge natively, more in the browser's Python, while the replay's nine steps are clicked through.
REVIEWED = ("truco", 4, ["low"] * 2)
REPLAY_AT = "(n) => document.querySelector(\"[data-testid='replay-lines'] li[aria-current='step']\")?.dataset.step === String(n)"
JUDGED = "[data-testid='review-progress'][data-done='1']"


def reviewed_while_clicked(page) -> None:
    """Python in the browser has no threads: the review runs between the page's messages, so the replay's
    clicks are answered while it judges (their times and the review's are printed)."""
    table = page.locator(TABLE)
    record = played_deal(*REVIEWED)
    table.locator("[data-testid='open-record-box'] summary").click()
    table.locator("[data-testid='record-text']").fill(record.to_json())
    start = time.monotonic()
    table.locator("[data-testid='open-record']").click()
    page.wait_for_function(REPLAY_AT, arg=0)
    answers: list[float] = []  # each forward click answered before the review was done, in ms
    for step in range(1, len(record.actions)):
        if page.locator(JUDGED).count():
            break
        clicked = time.monotonic()
        page.locator("[data-testid='replay-forward']").click()
        page.wait_for_function(REPLAY_AT, arg=step)
        if not page.locator(JUDGED).count():
            answers.append((time.monotonic() - clicked) * 1000)
    page.locator(JUDGED).wait_for(timeout=START_MS)
    judged_s = time.monotonic() - start
    shot(page, "site-truco-review")
    answers.sort()
    print(f"site review of {len(record.actions)} moves: {judged_s:.1f} s; {len(answers)} clicks answered while judging, "
          f"p50 {answers[len(answers) // 2] if answers else 0:.0f} ms, max {max(answers, default=0):.0f} ms")
    assert len(answers) >= 2, f"only {len(answers)} clicks were answered before the review ended ({judged_s:.1f} s)"
