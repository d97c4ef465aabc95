"""Nothing lost, in Chromium: a game page reloaded, its kernel killed mid-deal, or the whole Voila server
killed (SIGKILL) and started again on the same address comes back at its last move with the same cards,
and says so (as news, not as a refusal); a database made unusable leaves play going and the page says
games are not being kept; a finished deal is reviewed from the home page's *Your games*.
Screenshots: tests/artifacts/resume-truco-<lang>-<size>.png, resume-not-kept.png and history-review.png."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from pathlib import Path

import pytest

from cardavia_nb import i18n
from tests.browser.conftest import PAGE_DEADLINE_MS, shot
from tests.browser.harness import free_port, new_context, server_process
from tests.browser.pages import TABLE, ids, offered, played, wait
from tests.browser.reviewing import PANEL, play_to_the_end
from tests.browser.story import SIZES

PAGE = "voila/render/notebooks/01-truco.ipynb"
READY = f"{TABLE}[data-ready='1']"


@contextlib.contextmanager
def voila(store: str, port: int, log: Path):
    """A Voila server on ``port`` whose kernels keep their games in ``store``; yields its process."""
    cmd = [sys.executable, "-m", "voila", f"--Voila.port={port}", "--Voila.ip=127.0.0.1", "--Voila.port_retries=0",
           "--no-browser"]
    env = {**os.environ, "CARDAVIA_STORE": store}
    with server_process(cmd, log, "voila/static/voila.js", 60, env=env, port=port) as (url, proc):
        yield url, proc


def opened(page, url: str, lang: str = "en") -> None:
    """Load the Truco page at ``url`` and wait until the table is drawn and settled."""
    page.goto(f"{url}{PAGE}?lang={lang}&tab=table", timeout=PAGE_DEADLINE_MS, wait_until="domcontentloaded")
    page.wait_for_selector(READY, timeout=PAGE_DEADLINE_MS, state="attached")
    wait(page)


def move(page) -> None:
    """One Truco move that cannot end the match a few moves in: the first card, else a refusal of the call,
    else the next deal. (The Hint's move may be a falta envido, which can end the match at once.)"""
    offered(page)
    table = page.locator(TABLE)
    cards = ids(page, "[data-testid='hand'] [data-action-id]")
    if cards:
        return played(page, table.locator(f"[data-action-id='{cards[0]}']").first)
    if "answer:no_quiero" in ids(page, "[data-testid='actions'] [data-action-id]"):
        return played(page, table.locator("[data-action-id='answer:no_quiero']"))
    played(page, table.locator("[data-testid='summary-go']"))


def hand(page) -> list[str]:
    """The human's cards as the table draws them."""
    return page.locator(f"{TABLE} [data-testid='hand'] [data-card]").evaluate_all("ns => ns.map(n => n.dataset.card)")


def position(page) -> tuple:
    """What tells the game in play: the hand, the log's length and the status line."""
    table = page.locator(TABLE)
    return hand(page), table.locator("[data-testid='status']").inner_text()


def notice(page) -> str:
    """The table's notice line, once there is one and the table has drawn what came with it."""
    page.wait_for_function(f"() => document.querySelector(\"{TABLE} [data-testid='notice']\").textContent !== ''",
                           timeout=30_000)
    wait(page)
    return page.locator(f"{TABLE} [data-testid='notice']").inner_text()


def settles_at(page, expected, read=position):
    """What ``read`` finds on the table (by default its position) once it is ``expected`` (the resumed frame
    may still be drawing), else the last seen."""
    for _ in range(40):
        seen = read(page)
        if seen == expected:
            break
        page.wait_for_timeout(250)
    return seen


def back_words(lang: str) -> str:
    """The start of the resumed message in ``lang``."""
    return i18n.translate("store.resumed_match", lang, score="", deal="").split(":")[0]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """One Voila with a SQLite store for the tests that need no server of their own (each test has its own
    browser profile, so its own token and games): yields (URL, process, store URL, log path)."""
    folder = tmp_path_factory.mktemp("served")
    store = f"sqlite:///{folder / 'games.sqlite'}"
    with voila(store, free_port(), folder / "voila.log") as (url, proc):
        yield url, proc, store, folder / "voila.log"


@pytest.fixture
def context(browser):
    """A fresh browser profile (its own localStorage) for one test."""
    made = new_context(browser)
    yield made
    made.close()


def says_it_resumed(page, lang: str, expected, read=position) -> None:
    """The page tells, in ``lang`` and as news (not a refusal), that the match came back, and shows what ``read``
    found before; a picture at each size."""
    said = notice(page)
    assert said.startswith(back_words(lang)), said
    assert page.locator(f"{TABLE} [data-testid='notice']").get_attribute("data-tone") == "info"
    assert settles_at(page, expected, read) == expected
    size = page.viewport_size
    for name, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        shot(page, f"resume-truco-{lang}-{name}")
    page.set_viewport_size(size)


def test_a_page_reloaded_or_its_kernel_killed_resumes_its_match_and_says_so(context, served):
    """Reloaded in English; then its kernel killed mid-deal and the page opened again from a Portuguese
    address: the same match each time."""
    url, proc, _, _ = served
    page = context.new_page()
    opened(page, url, "en")
    for _ in range(3):
        move(page)
    before = position(page)
    page.reload()
    page.wait_for_selector(READY, timeout=PAGE_DEADLINE_MS, state="attached")
    wait(page)
    says_it_resumed(page, "en", before)

    kernels = [int(pid) for pid in os.popen(f"pgrep -P {proc.pid}").read().split()]  # (other tests' are idle)
    assert kernels, "the page's kernel runs under the server"
    for pid in kernels:
        os.kill(pid, signal.SIGKILL)
    opened(page, url, "pt")
    says_it_resumed(page, "pt", before[0], read=hand)  # the same hand; the status line is in Portuguese now


def test_a_server_killed_in_the_middle_of_games_brings_every_game_back(browser, tmp_path):
    store, port = f"sqlite:///{tmp_path / 'games.sqlite'}", free_port()
    contexts = [new_context(browser) for _ in range(2)]  # two games, one and two moves in
    try:
        with voila(store, port, tmp_path / "voila-1.log") as (url, proc):
            pages = [context.new_page() for context in contexts]
            for moves, page in enumerate(pages, start=1):
                opened(page, url)
                for _ in range(moves):
                    move(page)
            before = [position(page) for page in pages]
            proc.send_signal(signal.SIGKILL)  # its kernels see their parent gone and stop
            proc.wait(15)
        with voila(store, port, tmp_path / "voila-2.log") as (url, _):
            for page, seen in zip(pages, before):
                opened(page, url)
                assert notice(page).startswith(back_words("en"))
                assert settles_at(page, seen) == seen
    finally:
        for context in contexts:
            context.close()


def test_an_unusable_database_leaves_play_going_and_says_games_are_not_kept(context, tmp_path):
    (tmp_path / "games.sqlite").mkdir()  # a folder where the file should be (root ignores read-only files)
    with voila(f"sqlite:///{tmp_path / 'games.sqlite'}", free_port(), tmp_path / "voila.log") as (url, _):
        page = context.new_page()
        opened(page, url)
        said = notice(page)
        assert said == i18n.translate("store.not_kept", "en") and "sqlite" not in said
        move(page)
        move(page)
        shot(page, "resume-not-kept")


def kept_games(store: str, token: str) -> None:
    """Two finished Truco matches and an unfinished deal under ``token``, written as a kernel would."""
    from cardavia_nb.store import Store

    opened_store = Store(store)
    for outcome, points in (("won", 30.0), ("lost", -30.0)):
        opened_store.save(token, "truco", "{}", level="high", seat=0, moves=40, deals=9, over=True, points=points,
                          outcome=outcome)
    opened_store.save(token, "pao_de_kuai", "{}", level="low", seat=0, moves=3, deals=1)
    opened_store.close()


def test_your_games_on_the_home_page_shows_only_this_browsers_games_and_deletes_them(browser, served):
    """In English, then in French, where the game is deleted."""
    from cardavia_nb.store import new_token

    url, _, store, log = served
    token = new_token()
    kept_games(store, token)
    mine, theirs = new_context(browser), new_context(browser)
    mine.add_init_script(f"localStorage.setItem('cardavia.token', {token!r})")
    try:
        other, page = theirs.new_page(), mine.new_page()
        for lang in ("en", "fr"):
            t = lambda key, **p: i18n.translate(key, lang, **p)  # noqa: E731
            other.goto(f"{url}voila/render/notebooks/00-cardavia.ipynb?lang={lang}", timeout=PAGE_DEADLINE_MS)
            other.get_by_text(t("store.history.empty")).wait_for(timeout=PAGE_DEADLINE_MS)
            page.goto(f"{url}voila/render/notebooks/00-cardavia.ipynb?lang={lang}", timeout=PAGE_DEADLINE_MS)
            panel = page.locator(".cardavia", has=page.get_by_role("heading", name=t("store.history.title")))
            panel.get_by_text(t("store.history.unfinished", count=1)).wait_for(timeout=PAGE_DEADLINE_MS)
            assert panel.locator("ul").first.locator("li").count() == 1  # High's line: Low was not played
            for size, (width, height) in SIZES.items():
                page.set_viewport_size({"width": width, "height": height})
                panel.get_by_role("button", name=t("store.history.delete")).scroll_into_view_if_needed()
                shot(page, f"history-home-{lang}-{size}")
        panel.get_by_role("button", name=t("store.history.delete")).click()
        panel.get_by_role("button", name=t("store.history.confirm_yes")).click()
        panel.get_by_text(t("store.history.empty")).wait_for()
        shot(page, f"history-home-{lang}-deleted")
        assert token not in page.url and token not in log.read_text()
    finally:
        mine.close()
        theirs.close()


def test_a_finished_deal_is_reviewed_from_the_home_page(context, served):
    url = served[0]
    page = context.new_page()
    page.goto(f"{url}voila/render/notebooks/02-pao-de-kuai.ipynb?lang=en&tab=table", timeout=PAGE_DEADLINE_MS,
              wait_until="domcontentloaded")
    page.wait_for_selector(READY, timeout=PAGE_DEADLINE_MS, state="attached")
    wait(page)
    play_to_the_end(page)
    page.goto(f"{url}voila/render/notebooks/00-cardavia.ipynb?lang=en", timeout=PAGE_DEADLINE_MS)
    panel = page.locator(".cardavia", has=page.get_by_role("heading", name=i18n.translate("store.history.title")))
    panel.get_by_role("link", name=i18n.translate("store.history.review_link")).click(timeout=PAGE_DEADLINE_MS)
    page.wait_for_selector(READY, timeout=PAGE_DEADLINE_MS, state="attached")
    page.locator(f"{PANEL}:not([hidden]) [data-testid='replay-where']").wait_for(timeout=PAGE_DEADLINE_MS)
    assert "02-pao-de-kuai.ipynb" in page.url and "review=" not in page.url  # a reload brings back play
    shot(page, "history-review")
