"""Click → table updated, in headless Chromium through Voila, over played Truco deals.

Each click is made inside the page and timed there: from the click until the table's DOM first
changes (Python received the intent, checked it with the engine, and the new state was drawn).
The computer opponents play at Low level (their thinking is microseconds), so the figure is the
table's own round trip. Also printed: bytes the page received over the kernel websocket per click,
and click -> hint shown: from a click on Hint until the High player's ranking is drawn (asked before
every decision of the human).

The page keeps its game in the store after every move (``--store sqlite``, a file in a temporary
folder; ``postgresql``, a server started for the run); ``--store off`` gives the table an unusable
database, so it keeps nothing: the difference is what the store costs a click.

    python benchmarks/table_clicks.py --deals 6 --store off|sqlite|postgresql
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.browser.harness import CHROMIUM, CHROMIUM_ARGS, new_context, voila_server  # noqa: E402
from tests.databases import postgresql_server  # noqa: E402

TABLE = ".cardavia[data-testid='table']"
CLICK_AND_TIME = """(selector) => new Promise((done) => {
  const root = document.querySelector(".cardavia[data-testid='table']");
  const button = root.querySelector(selector);
  const start = performance.now();
  const watch = new MutationObserver(() => { watch.disconnect(); done(performance.now() - start); });
  watch.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  button.click();
})"""


HINT_AND_TIME = """() => new Promise((done) => {
  const root = document.querySelector(".cardavia[data-testid='table']");
  const start = performance.now();
  const check = () => root.querySelector("[data-testid='hint-panel']:not([hidden]) li")
    ? done(performance.now() - start) : requestAnimationFrame(check);
  root.querySelector("[data-testid='hint']").click();
  check();
})"""


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


def next_click(page) -> str | None:
    """A selector for the human's next click: a playable card, else an answer/call, else next deal."""
    for selector in (f"{TABLE} [data-testid='hand'] button[data-action-id]:not([disabled])",
                     f"{TABLE} [data-testid='actions'] button[data-action-id^='answer:']",
                     f"{TABLE} [data-testid='summary-go'][data-action-id='next_deal']"):
        found = page.locator(selector)
        if found.count():
            return f"[data-action-id='{found.first.get_attribute('data-action-id')}']"
    return None


@contextlib.contextmanager
def store_url(kind: str, folder: Path):
    """The database URL the kernels are given for ``kind`` ("off": a folder where the file should be)."""
    if kind == "postgresql":
        with postgresql_server() as url:
            yield url
        return
    if kind == "off":
        (folder / "off.sqlite").mkdir()
    yield f"sqlite:///{folder / (kind + '.sqlite')}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=6)
    parser.add_argument("--store", choices=("off", "sqlite", "postgresql"), default="sqlite")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    times: list[float] = []
    hints: list[float] = []
    with tempfile.TemporaryDirectory() as tmp, store_url(args.store, Path(tmp)) as url:
        os.environ["CARDAVIA_STORE"] = url  # the server's kernels inherit it
        with voila_server(Path(tmp) / "voila.log") as server, sync_playwright() as pw:
            deals, byte_counts = clicks(server, pw, args.deals, times, hints)
    print(f"Truco, Low opponents, store {args.store}, {len(times)} clicks over {deals} deals in Chromium through Voila:")
    print(f"  click -> table updated: p50 {statistics.median(times):.0f} ms, p95 {percentile(times, 95):.0f} ms, "
          f"max {max(times):.0f} ms")
    print(f"  click -> hint shown ({len(hints)} hints, High player): p50 {statistics.median(hints):.0f} ms, "
          f"p95 {percentile(hints, 95):.0f} ms, max {max(hints):.0f} ms")
    print(f"  bytes received per click: median {statistics.median(byte_counts):.0f}, max {max(byte_counts)}")


def clicks(server, pw, wanted: int, times: list[float], hints: list[float]) -> tuple[int, list[int]]:
    """Play ``wanted`` deals on the Truco page, timing each click into ``times`` and each hint into ``hints``;
    returns the deals played and the bytes received per click."""
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    page = new_context(browser).new_page()
    received: list[int] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: received.append(
        len(frame) if isinstance(frame, (str, bytes)) else 0)))
    page.goto(f"{server.url}voila/render/notebooks/01-truco.ipynb?tab=table", timeout=90_000)
    page.locator(f"{TABLE}[data-ready='1']").wait_for(timeout=90_000)
    page.locator(f"{TABLE} [data-testid='seed']").fill("7")
    page.locator(f"{TABLE} [data-testid='new-game']").click()
    page.wait_for_timeout(1500)
    deals, byte_counts = 0, []
    while deals < wanted:
        page.wait_for_function(f"() => document.querySelector(\"{TABLE}\").dataset.animating !== '1'", timeout=30_000)
        selector = next_click(page)
        for _ in range(20):  # the table may still be drawing the last answer
            if selector is not None:
                break
            page.wait_for_timeout(250)
            selector = next_click(page)
        if selector is None:
            break
        deals += "next_deal" in selector
        if "next_deal" not in selector:
            hints.append(page.evaluate(HINT_AND_TIME))
        before = sum(received)
        times.append(page.evaluate(CLICK_AND_TIME, selector))
        page.wait_for_timeout(250)
        byte_counts.append(sum(received) - before)
    browser.close()
    return deals, byte_counts


if __name__ == "__main__":
    main()
