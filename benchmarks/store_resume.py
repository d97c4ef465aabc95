"""Page load → resumed table, against a fresh page, in headless Chromium through Voila (store: SQLite).

A fresh page is timed from the navigation until its table is drawn and the player is to act; a
resumed one (a browser whose token has a match in progress, a few moves in) until the table says the
match is back. The difference is what resuming costs: the token's round trip, the store's read and
the replay of the record with its computer players.

    python benchmarks/store_resume.py --loads 8
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.table_clicks import percentile  # noqa: E402
from tests.browser.harness import CHROMIUM, CHROMIUM_ARGS, new_context, voila_server  # noqa: E402
from tests.browser.pages import SETTLED, TABLE, move  # noqa: E402

PAGE = "voila/render/notebooks/01-truco.ipynb?tab=table"
BACK = f"() => document.querySelector(\"{TABLE} [data-testid='notice']\")?.textContent.startsWith('Your match is back')"


def timed(page, url: str, ready: str) -> float:
    """Seconds from navigating to ``url`` until ``ready`` (a JS predicate) holds."""
    began = time.perf_counter()
    page.goto(url, timeout=90_000, wait_until="domcontentloaded")
    page.wait_for_selector(f"{TABLE}[data-ready='1']", timeout=90_000, state="attached")
    page.wait_for_function(ready, timeout=90_000)
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=8)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    fresh, resumed = [], []
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["CARDAVIA_STORE"] = f"sqlite:///{Path(tmp) / 'games.sqlite'}"
        with voila_server(Path(tmp) / "voila.log") as server, sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            url = f"{server.url}{PAGE}"
            for _ in range(args.loads):
                context = new_context(browser)  # a new browser profile: no token yet
                page = context.new_page()
                fresh.append(timed(page, url, SETTLED))
                for _ in range(3):
                    move(page)
                resumed.append(timed(page, url, BACK))
                context.close()
            browser.close()
    for name, values in (("fresh page", fresh), ("resumed match", resumed)):
        print(f"  {name}: page load -> table p50 {statistics.median(values):.2f} s, "
              f"p95 {percentile(values, 95):.2f} s ({len(values)} loads)")


if __name__ == "__main__":
    main()
