"""The review on the static site, where Python runs in the browser (Pyodide): figures from headless Chromium.

The built site (``_site`` by default, the folder ``site/build.py`` writes) is served on loopback under a
project site's prefix, as ``tests/browser/test_site.py`` serves it, to a Chromium that resolves no other
host. For each game its table is opened, and for each of a few deals (typed deal codes) the human plays to
the deal's end by a simple rule (Truco: an answer, else the first card; Pao De Kuai: pass when it may, else
the engine's first multi-card play; Tarot: pass the bids, then the first playable card), then clicks
*Review*. Timed inside the page, from the click:

- to the replay's first frame (the table's ``data-replay`` turns on);
- to the last judgement (the review's progress says it is done);
- a click on *forward* made right after the first frame, to its answer (the step moves): how long the
  page waits for Python while the judgements are computed (Pyodide has no threads: the review runs in
  steps between the page's messages, ``ui.background.in_steps``).

Also printed: the time from the deal's last click to its summary and to the summary's line of High on the
same cards (played in steps too). p50/p95 per game (nearest rank).

    python benchmarks/site_review.py [--site _site] [--deals 4] [--games truco,pao_de_kuai,french_tarot]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.harness import CHROMIUM, CHROMIUM_ARGS, free_port, new_context, show_tab  # noqa: E402
from tests.browser.pages import SETTLED, TABLE, cards_in, first_play, ids, select  # noqa: E402
from tests.browser.test_site import PREFIX, START_MS, UnderPrefix  # noqa: E402

PAGES = {"truco": "01-truco", "pao_de_kuai": "02-pao-de-kuai", "french_tarot": "03-french-tarot"}
SEEDS = (7, 12, 21, 24, 3, 5, 8, 13, 31, 42)
REVIEW_MS = 900_000  # a Tarot review judged in the browser: minutes, not hours

REVIEW_AND_TIME = """() => new Promise((done) => {
  const root = document.querySelector(".cardavia[data-testid='table']");
  const start = performance.now();
  const out = {};
  const look = () => {
    const now = performance.now() - start;
    if (out.first === undefined && root.dataset.replay === "1") {
      out.first = now;
      const forward = root.querySelector(".cv-review-slot [data-testid='replay-forward']:not([disabled])");
      if (forward) { out.clicked = now; forward.click(); }
    }
    const where = root.querySelector(".cv-review-slot li[aria-current='step']");
    if (out.clicked !== undefined && out.answered === undefined && where && where.dataset.step === "1") out.answered = now - out.clicked;
    if (out.judged === undefined && root.querySelector("[data-testid='review-progress'][data-done='1']")) out.judged = now;
    if (out.judged !== undefined && (out.answered !== undefined || out.clicked === undefined)) { seen.disconnect(); done(out); }
  };
  const seen = new MutationObserver(look);
  seen.observe(root, { attributes: true, subtree: true, childList: true, characterData: true });
  root.querySelector("[data-testid='review']").click();
})"""

WATCH_SUMMARY = """() => {
  const root = document.querySelector(".cardavia[data-testid='table']");
  window.cvTimes = {};
  const seen = new MutationObserver(() => {
    const t = window.cvTimes;
    if (t.summary === undefined && root.querySelector("[data-testid='result']")) t.summary = performance.now();
    const same = root.querySelector("[data-testid='result'] [data-testid='same-cards']");
    if (same && !same.textContent.endsWith("…")) { seen.disconnect(); t.same = performance.now(); }
  });
  seen.observe(root, { attributes: true, subtree: true, childList: true });
}"""

CLICK = """(s) => {
  window.cvTimes.click = performance.now();
  document.querySelector(".cardavia[data-testid='table']").querySelector(s).click();
}"""


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    """The site's files on loopback under PREFIX; the server and the site's base URL."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), functools.partial(UnderPrefix, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"


def next_move(page, game: str) -> str:
    """The human's next move by the simple rule, as a selector inside the table (a Pao De Kuai play is
    selected first, card by card)."""
    table = page.locator(TABLE)
    actions = ids(page, "[data-testid='actions'] [data-action-id]")
    answers = [a for a in actions if a.startswith("answer:")]
    cards = ids(page, "[data-testid='hand'] [data-action-id]")
    if game == "pao_de_kuai" and "pass" not in actions and not cards:
        select(table, first_play(cards_in(table, "hand"), cards_in(table, "played-")))
        return "[data-testid='play-selection']:not([disabled])"
    choice = (answers or (["pass"] if "pass" in actions else []) or cards or actions or [None])[0]
    if choice is None:
        raise AssertionError(f"{game}: nothing to play")
    return f"[data-action-id='{choice}']"


def play_to_the_end(page, game: str) -> tuple[float, float]:
    """The human plays the deal to its summary; returns ms from the last click to the summary drawn, and
    to its line of High on the same cards."""
    table = page.locator(TABLE)
    page.evaluate(WATCH_SUMMARY)
    for _ in range(200):
        page.wait_for_function(SETTLED, timeout=START_MS)
        if table.locator("[data-testid='result']").count():
            page.wait_for_function("() => window.cvTimes.same !== undefined", timeout=START_MS)
            return page.evaluate("() => [window.cvTimes.summary - window.cvTimes.click, "
                                 "(window.cvTimes.same ?? NaN) - window.cvTimes.click]")
        selector = next_move(page, game)
        table.locator(selector).first.wait_for()
        page.evaluate(CLICK, selector)
        page.wait_for_timeout(120)
    raise AssertionError(f"{game}: the deal did not end")


def new_deal(page, seed: int) -> None:
    """A new game with the deal code ``seed``."""
    table = page.locator(TABLE)
    table.locator("[data-testid='seed']").fill(str(seed))
    table.locator("[data-testid='seed']").press("Enter")
    table.locator("[data-testid='result']").wait_for(state="detached", timeout=START_MS)  # the old deal's summary gone
    page.wait_for_timeout(300)
    page.wait_for_function(SETTLED, timeout=START_MS)


def measure(browser, base: str, game: str, deals: int) -> dict[str, list[float]]:
    """Open the game's table on the site, review ``deals`` deals; the timings in ms."""
    context = new_context(browser)
    page = context.new_page()
    page.set_default_timeout(START_MS)
    page.emulate_media(reduced_motion="reduce")
    began = time.monotonic()
    page.goto(f"{base}app/voici/render/{PAGES[game]}.html?lang=en", timeout=START_MS)
    page.wait_for_selector(f"{TABLE}[data-ready='1']", timeout=START_MS, state="attached")
    print(f"{game}: table ready in {time.monotonic() - began:.1f} s", flush=True)
    show_tab(page, "table")
    out: dict[str, list[float]] = {"summary": [], "same": [], "first": [], "judged": [], "answered": []}
    for seed in SEEDS[:deals]:
        new_deal(page, seed)
        summary, high = play_to_the_end(page, game)
        out["summary"].append(summary)
        out["same"].append(high)
        page.wait_for_function(SETTLED, timeout=START_MS)
        times = page.evaluate(f"() => Promise.race([({REVIEW_AND_TIME})(), new Promise((done) => setTimeout(() => done(null), {REVIEW_MS}))])")
        if times is None:
            raise AssertionError(f"{game} deal {seed}: the review did not finish within {REVIEW_MS / 1000:.0f} s")
        for key in ("first", "judged", "answered"):
            if key in times:
                out[key].append(times[key])
        print(f"{game} deal {seed}: last click -> summary {summary:.0f} ms, -> High on the same cards {high:.0f} ms; "
              f"Review -> first frame "
              f"{times['first']:.0f} ms, -> last judgement {times['judged']:.0f} ms, forward answered "
              f"{times.get('answered', float('nan')):.0f} ms", flush=True)
        page.locator(f"{TABLE} [data-testid='close-review']").click()
        page.locator(f"{TABLE} [data-testid='review-panel']").wait_for(state="hidden")
    context.close()
    return out


def main() -> None:
    """Serve the site, measure each game, print p50/p95."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=Path("_site"), help="the built site's folder (default _site)")
    parser.add_argument("--deals", type=int, default=4, help=f"deals per game (at most {len(SEEDS)})")
    parser.add_argument("--games", default=",".join(PAGES), help="games to measure, by name, comma-separated")
    args = parser.parse_args()
    if not (args.site / "index.html").exists():
        sys.exit(f"{args.site} holds no built site (index.html): build it with site/build.py first.")
    server, base = serve(args.site.resolve())
    results = {}
    try:
        with sync_playwright() as play:
            browser = play.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            for game in args.games.split(","):
                results[game] = measure(browser, base, game, args.deals)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    print("\nms, p50 / p95 (nearest rank) over the deals of each game:")
    print(f"{'game':<14}{'deals':>6}{'last click->summary':>22}{'->High same cards':>20}{'Review->first frame':>22}"
          f"{'->last judgement':>20}{'forward answered':>20}")
    for game, out in results.items():
        cells = [f"{percentile(v, 50):.0f} / {percentile(v, 95):.0f}" if v else "-"
                 for v in (out["summary"], out["same"], out["first"], out["judged"], out["answered"])]
        print(f"{game:<14}{len(out['first']):>6}{cells[0]:>22}{cells[1]:>20}{cells[2]:>22}{cells[3]:>20}{cells[4]:>20}")


if __name__ == "__main__":
    main()
