"""Page time-to-interactive through Voila in headless Chromium, and Voila hangs, per notebook.

Time-to-interactive = from navigation start until the page's last cardavia widget has drawn
(``.cardavia[data-ready='1']`` count reaches the number the page has when complete) and the
settings bar shows the language of the address (``?lang=``, the five in turn). A load that does not
finish within the deadline counts as a hang.

    python benchmarks/voila_pages.py --loads 40            # every notebook
    python benchmarks/voila_pages.py --loads 10 01-truco.ipynb
    python benchmarks/voila_pages.py --loads 10 --pool 1 01-truco.ipynb   # from a pool (class mode)
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from cardavia_nb.classroom.server import voila_flags, wait_until_full  # noqa: E402
from tests.browser.harness import CHROMIUM, CHROMIUM_ARGS, ROOT, Watch, new_context, voila_server  # noqa: E402

DEADLINE_S = 60
LANGS = ("fr", "pt", "nl", "es", "en")
IN_LANG = "(lang) => [...document.querySelectorAll(\"[data-testid='setting-lang']\")].some((s) => s.value === lang)"


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank) of values."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * len(ordered)) - 1))]


def widget_count(page) -> int:
    """How many cardavia widgets a fully drawn page shows."""
    return page.locator(".cardavia[data-ready='1']").count()


def measure(browser, url: str, loads: int, pause: float = 0.0) -> tuple[list[float], int, list[str]]:
    """Load ``url`` ``loads`` times in fresh contexts, ``pause`` seconds apart; return times, hangs and problems seen."""
    times, hangs, problems = [], 0, []
    expected = None
    for index in range(loads):
        context = new_context(browser)
        page = context.new_page()
        watch = Watch().attach(page)
        lang = LANGS[index % len(LANGS)]
        start = time.perf_counter()
        try:
            page.goto(f"{url}?lang={lang}", timeout=DEADLINE_S * 1000, wait_until="domcontentloaded")
            if expected is None:  # the first load learns how many widgets a complete page has
                page.wait_for_selector("body[data-voila='voila'] .cardavia[data-ready='1']", timeout=DEADLINE_S * 1000)
                page.wait_for_function("() => !document.querySelector('#loading') || document.querySelector('#loading').style.display === 'none'", timeout=DEADLINE_S * 1000)
                expected = widget_count(page)
            else:
                page.wait_for_function(
                    f"() => document.querySelectorAll(\".cardavia[data-ready='1']\").length >= {expected}",
                    timeout=DEADLINE_S * 1000)
            page.wait_for_function(IN_LANG, arg=lang, timeout=DEADLINE_S * 1000)
            times.append(time.perf_counter() - start)
        except Exception:
            hangs += 1
        problems += watch.problems()
        context.close()
        time.sleep(pause)
    return times, hangs, problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=40)
    parser.add_argument("--pool", type=int, default=0, help="preheated kernels per measured notebook (class mode)")
    parser.add_argument("--fill-delay", type=float, default=0.0, help="seconds before a used pooled kernel is replaced")
    parser.add_argument("--pause", type=float, default=0.0, help="seconds between two loads (lets the pool refill)")
    parser.add_argument("--voila-arg", action="append", default=[], help="another Voila option, e.g. "
                        "--voila-arg=--VoilaConfiguration.progressive_rendering=True")
    parser.add_argument("notebooks", nargs="*")
    args = parser.parse_args()
    names = args.notebooks or sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    pool = tuple(voila_flags(args.pool * len(names), names, args.fill_delay)) if args.pool else ()
    extra = pool + tuple(args.voila_arg)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, voila_server(Path(tmp) / "voila.log", extra) as server, \
            sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        if args.pool:
            took = wait_until_full(server.url, server.pid, args.pool * len(names), timeout=600)
            print(f"pool of {args.pool} per page full after {took if took is None else round(took)} s")
        print(f"{'page':<24} {'loads':>5} {'p50 s':>7} {'p95 s':>7} {'max s':>7} {'hangs':>5} problems")
        for name in names:
            times, hangs, problems = measure(browser, f"{server.url}voila/render/notebooks/{name}", args.loads, args.pause)
            p50 = statistics.median(times) if times else float("nan")
            p95 = percentile(times, 95) if times else float("nan")
            print(f"{name:<24} {args.loads:>5} {p50:7.2f} {p95:7.2f} {max(times, default=float('nan')):7.2f} "
                  f"{hangs:>5} {len(set(problems))}")
            for problem in sorted(set(problems))[:5]:
                print(f"    {problem}")
        browser.close()


if __name__ == "__main__":
    main()
