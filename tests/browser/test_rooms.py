"""Two people at one Truco table in Chromium, each in a browser profile of their own: *Play with friends* on the
first page, its invite link opened in the second (in Portuguese, on a phone's screen), the creator's Start, a deal
played to its end by clicks on whichever page holds the turn, a reload that brings the second seat back, and that
page closed on its turn: the first page counts down, a computer plays for the person away, and the page opened
again takes the seat back. Neither page ever shows the other's hand. Screenshots: tests/artifacts/room-*.png."""

from __future__ import annotations

import time

from cardavia_nb import i18n
from tests.browser.conftest import PAGE_DEADLINE_MS, emptied, picture, shot, shown
from tests.browser.harness import Watch, new_context
from tests.browser.pages import SHOWN, SUMMARY_BUTTON, TABLE

PANEL = ".cardavia.cv-friends"


CALM = f"() => document.querySelector(\"{TABLE}\").dataset.animating !== '1'"


def calm(page, since: str | None = None) -> None:
    """Wait until the table has drawn its last frame in full (and, with ``since``, a frame after that ``data-seq``).
    Not ``pages.wait``: that waits for seat 0's turn, and here a page may sit at seat 1 or wait for a person."""
    page.wait_for_timeout(120)
    if since is not None:
        page.wait_for_function(f"(seen) => document.querySelector(\"{TABLE}\").dataset.seq !== seen", arg=since,
                               timeout=30_000)
    page.wait_for_function(CALM, timeout=30_000)


def opened(page, url: str) -> None:
    """Load ``url`` and wait until its table is drawn."""
    page.goto(url, timeout=PAGE_DEADLINE_MS, wait_until="domcontentloaded")
    page.wait_for_selector(f"{TABLE}[data-ready='1']", timeout=PAGE_DEADLINE_MS, state="attached")
    calm(page)


def hand(page) -> set[str]:
    """The cards of the page's own hand."""
    return set(page.locator(f"{TABLE} [data-testid='hand'] [data-card]").evaluate_all("ns => ns.map((n) => n.dataset.card)"))


def cards_anywhere(page) -> set[str]:
    """Every card the page's table draws face up, wherever it lies."""
    return set(page.locator(f"{TABLE} [data-card]").evaluate_all("ns => ns.map((n) => n.dataset.card)"))


def to_act(page) -> str:
    return page.locator(TABLE).get_attribute("data-to-act") or ""


def agreed(pages) -> str:
    """Wait until every page draws the same seat to act (settled), and return it ("" once nobody acts)."""
    deadline = time.monotonic() + 30
    while True:
        for page in pages:
            calm(page)
        seats = {to_act(page) for page in pages}
        if len(seats) == 1:
            return seats.pop()
        if time.monotonic() > deadline:
            raise AssertionError(f"the pages disagree on whose turn it is: {[shown(p, 300) for p in pages]}")
        pages[0].wait_for_timeout(100)


def mover(pages):
    """The page whose person acts now: the seat to act, or at a deal's end (every page offers the next deal) the
    last one."""
    seat = agreed(pages)
    if seat:
        return pages[int(seat)]
    with_go = [page for page in pages if page.locator(f"{TABLE} {SUMMARY_BUTTON}").count()]
    assert with_go, f"no page deals on: {[page.evaluate(SHOWN) for page in pages]}"
    return with_go[-1]  # either person may deal on once the summary is read


def step(page, others=()) -> list[float]:
    """The move of the page whose turn it is: the next deal once the summary offers it, else the first answer to
    a call, else the first card; back once the page has drawn it. The seconds from the click until each of
    ``others`` drew a newer frame (the move heard through the store)."""
    table = page.locator(TABLE)
    go = table.locator(SUMMARY_BUTTON)
    answers = table.locator("[data-testid='actions'] [data-action-id^='answer:']")
    cards = table.locator("[data-testid='hand'] [data-action-id^='play:']")
    button = go if go.count() else answers if answers.count() else cards
    if not button.count():
        raise AssertionError(f"the page to act offers no move: {page.evaluate(SHOWN)}")
    since = table.get_attribute("data-seq")
    seen = [other.locator(TABLE).get_attribute("data-seq") for other in others]
    clicked = time.monotonic()
    button.first.click()
    heard = []
    for other, before in zip(others, seen):
        other.wait_for_function(f"(seen) => document.querySelector(\"{TABLE}\").dataset.seq !== seen", arg=before,
                                timeout=30_000, polling=10)
        heard.append(time.monotonic() - clicked)
    try:
        calm(page, since)
    except Exception:
        raise AssertionError(f"the move was not drawn: {page.evaluate(SHOWN)}") from None
    return heard


def test_two_people_at_one_truco_table_each_in_their_own_browser(browser, profile, voila):
    base = f"{voila.url}voila/render/notebooks/01-truco.ipynb"
    first = profile.new_page()
    first.set_viewport_size({"width": 1366, "height": 900})
    first_watch = Watch().attach(first)
    friend = new_context(browser)  # another person's browser: a profile of its own, so a token of its own
    try:
        opened(first, f"{base}?tab=table")
        first.locator("[data-testid='room-create']").click()
        invite = first.locator("a[data-testid='room-link']")
        invite.wait_for(timeout=30_000)
        link = invite.get_attribute("href")
        assert link.startswith(base + "?") and len(link.split("room=")[1]) >= 22, link  # at least 128 bits
        assert first.locator(f"{PANEL} img.cv-image").count() == 1  # the QR code of the link
        second = friend.new_page()
        second.set_viewport_size({"width": 390, "height": 844})
        second_watch = Watch().attach(second)
        opened(second, f"{link}&lang=pt")
        you = i18n.translate("ui.you", "pt")
        second.locator(f"{PANEL} td", has_text=you).wait_for()
        first.locator(f"{PANEL} td", has_text=i18n.translate("rooms.here", "en")).nth(1).wait_for()  # B is here
        picture(first.locator(PANEL), "room-invite-en-desktop")
        shot(second, "room-joined-pt-phone")
        assert second.locator("[data-testid='room-start']").count() == 0  # the creator starts
        first.locator("[data-testid='room-start']").click()
        pages = [first, second]
        hands = [hand(page) for page in (first, second)]
        deadline = time.monotonic() + 60
        while not all(hands):
            assert time.monotonic() < deadline, "the hands were not dealt"
            first.wait_for_timeout(100)
            hands = [hand(page) for page in (first, second)]
        assert not hands[0] & hands[1] and len(hands[0]) == len(hands[1]) == 3
        shown_before = [cards_anywhere(page) for page in pages]
        assert not shown_before[0] & hands[1] and not shown_before[1] & hands[0], "a page shows the other's hand"

        status = i18n.translate("ui.status.deal_over", "en")
        heard: list[float] = []  # from a click to the other person's page drawing the move
        for _ in range(40):  # the first deal, to its end, by clicks on whichever page holds the turn
            page = mover(pages)
            if first.locator(f"{TABLE} [data-testid='status']").inner_text() == status:
                break
            heard += step(page, [p for p in pages if p is not page])
        else:
            raise AssertionError("the deal did not end")
        heard.sort()
        print(f"\na click -> the other page drew the move: p50 {heard[len(heard) // 2] * 1000:.0f} ms, "
              f"max {heard[-1] * 1000:.0f} ms over {len(heard)} moves")
        shot(first, "room-deal-over-en-desktop")
        shot(second, "room-deal-over-pt-phone")
        step(mover(pages))  # the next deal
        agreed(pages)
        kept = hand(second)
        second_watch.assert_clean()
        second.reload()  # the seat comes back with the same hand (a reload aborts the old page's requests)
        opened(second, f"{link}&lang=pt")
        assert hand(second) == kept and agreed(pages) in ("0", "1")

        while agreed(pages) != "1":  # until the second person is to act
            step(mover(pages))
        moves = first.locator(f"{TABLE} [data-testid='log'] li").count()
        second.close()  # the page is gone on its own turn (closing aborts its requests: no watch of it now)
        countdown = first.locator(f"{PANEL} [data-testid='feedback']", has_text="Player B is away")
        countdown.wait_for(timeout=60_000)
        picture(first.locator(PANEL), "room-away-countdown-en-desktop")
        first.wait_for_function(
            f"(n) => document.querySelectorAll(\"{TABLE} [data-testid='log'] li\").length > n", arg=moves,
            timeout=90_000)  # a computer played for them
        second = friend.new_page()
        second.set_viewport_size({"width": 390, "height": 844})
        opened(second, f"{link}&lang=pt")  # back: the seat is theirs again at their next decision
        second.locator(f"{PANEL} td", has_text=you).wait_for()
        assert agreed([first, second]) in ("0", "1") and len(hand(second)) >= 1
        first_watch.assert_clean()
    finally:
        friend.close()
        emptied(profile, voila.url)
