"""Tables in class, in Chromium: the teacher makes a Truco set on the board, two students join it from its link in
browsers of their own (no level, deal code or New game at their tables; on the phone the class panel and the hand
on its first screen), the teacher seats them in pairs, each student's class panel shows *Open my table*, and
the link opens that student's seat of one room: both hands dealt, neither shown on the other's page, the board
listing the table with both names. Screenshots: tests/artifacts/class-tables-board.png and
class-tables-student-pt-phone.png."""

from __future__ import annotations

from cardavia_nb import i18n
from tests.browser.conftest import PAGE_DEADLINE_MS, TEACHER_KEY, picture, shot
from tests.browser.harness import Watch, new_context
from tests.browser.pages import TABLE, wait
from tests.browser.test_class_board import PANEL as BOARD
from tests.browser.class_pages import CLASS_PANEL, opened, until
from tests.browser.test_rooms import PANEL as ROOM_PANEL, agreed, cards_anywhere, hand

STUDENTS = (("Ana", "en", (1366, 900)), ("Bruno", "pt", (390, 844)))


def test_the_teacher_seats_two_students_in_pairs_and_each_link_opens_their_seat(browser, class_voila):
    base, _ = class_voila
    teacher = new_context(browser)
    students = [new_context(browser) for _ in STUDENTS]  # a browser each: a token each
    try:
        board_page = teacher.new_page()
        board_page.set_default_timeout(PAGE_DEADLINE_MS)
        board_watch = Watch().attach(board_page)
        board_page.goto(f"{base}voila/render/notebooks/05-class.ipynb#key={TEACHER_KEY}", timeout=PAGE_DEADLINE_MS)
        board = board_page.locator(BOARD)
        board.locator("[data-action-id='create']").wait_for()
        board.locator("[data-number-id='deals']").fill("1")
        board.locator("[data-number-id='deals']").dispatch_event("change")
        board.locator("[data-number-id='deals'][value='1']").wait_for()
        board.locator("[data-action-id='create']").click()
        link = board.locator("img.cv-image").get_attribute("alt")
        assert "01-truco.ipynb" in link, link  # Truco: the board's first game

        pages, watches = [], []
        for context, (name, lang, (width, height)) in zip(students, STUDENTS):
            page = context.new_page()
            page.set_viewport_size({"width": width, "height": height})
            watches.append(Watch().attach(page))
            opened(page, f"{link}&lang={lang}")
            page.locator("[data-field-id='name']").fill(name)
            page.locator("[data-action-id='name-go']").click()
            until(page, page.locator(CLASS_PANEL).get_by_text(  # joined: the set's first deal is dealt
                i18n.translate("classplay.playing", lang, n=1, deals=1)))
            page.locator(f"{TABLE} [data-testid='bar']").wait_for(state="hidden")  # no level, deal code or New game
            if width < height:  # a phone: the class panel and the hand both on its first screen
                wait(page)
                page.evaluate("window.scrollTo(0, 0)")
                bottom = page.evaluate(f"""() => Math.max(...[...document.querySelectorAll(
                    "{TABLE} [data-testid='hand'] [data-card]")].map((card) => card.getBoundingClientRect().bottom))""")
                assert 0 < bottom <= height, f"the hand ends {bottom:.0f} px down, below the phone's first screen"
            pages.append(page)

        board.locator("[data-action-id='tables:2']").click()
        until(board_page, board.get_by_text(i18n.translate("board.tables.made", "en", count=1)))
        until(board_page, board.locator("td", has_text="Ana, Bruno"))

        seats = []
        for page, (name, lang, _) in zip(pages, STUDENTS):
            table_link = page.locator("a[data-testid='class-table']")
            until(page, table_link, timeout=20_000)  # the panel looks every few seconds
            line = page.locator(".cv-link-line", has=table_link).inner_text()
            # a link to follow, shown as its words: no address for a student to read
            assert line == i18n.translate("classplay.table_link", lang) and "room=" in table_link.get_attribute("href")
            if lang == "pt":
                shot(page, "class-tables-student-pt-phone")
            table_link.click()
            page.wait_for_url("**room=*", timeout=PAGE_DEADLINE_MS)
            page.wait_for_selector(f"{TABLE}[data-ready='1']", timeout=PAGE_DEADLINE_MS, state="attached")
            # the page deals a game of its own as it opens; the room's seat replaces it once taken (seen: a hand
            # read before that was the page's own game, which may share cards with the room's)
            page.locator(f"{ROOM_PANEL} td", has_text=i18n.translate("ui.you", lang)).wait_for(timeout=30_000)
            seats.append(page)
        for page in seats:
            page.wait_for_function(f"() => document.querySelectorAll(\"{TABLE} [data-testid='hand'] [data-card]\").length === 3",
                                   timeout=30_000)  # the room started with the pair in it: each hand dealt
        agreed(seats)  # both pages show the room's state: the same seat to act
        hands = [hand(page) for page in seats]
        assert not hands[0] & hands[1], "two seats were dealt the same cards"
        shown = [cards_anywhere(page) for page in seats]
        assert not shown[0] & hands[1] and not shown[1] & hands[0], "a page shows the other student's hand"
        board.locator("td", has_text=i18n.translate("board.tables.waiting", "en")).or_(
            board.locator("td", has_text=" move")).first.wait_for(timeout=20_000)
        board_page.wait_for_timeout(3_500)  # the board's next look at the store keeps the table listed
        assert board.locator("td", has_text="Ana, Bruno").count() == 1
        board_page.set_viewport_size({"width": 1366, "height": 900})
        board.locator("td", has_text="Ana, Bruno").evaluate("(cell) => cell.scrollIntoView({block: 'center'})")
        picture(board_page, "class-tables-board")
        board_watch.assert_clean()
        for watch in watches:
            watch.assert_clean()
    finally:
        for context in (teacher, *students):
            context.close()
