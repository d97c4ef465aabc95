"""The Truco page through Voila in headless Chromium: every step drawn, quizzes, a demo, a deal played."""

from __future__ import annotations

from tests.browser.conftest import shot
from tests.browser.harness import show_tab
from tests.browser.pages import panel
from tests.browser.page_checks import contrast_test, review_test, story_test

PAGE = "01-truco.ipynb"
TABLE_SEED = 13  # you are mano in deal 1 (tests/test_lessons_truco.py plays the same deal without a browser)
STEPS = ["1. Objective", "2. Setup", "3. Playing a turn", "4. Tricks and ties", "5. Envido bets",
         "6. Answering envido", "7. Truco bets and folding", "8. Scoring and ending", "9. AI difficulty"]


def test_page_shows_every_step_a_quiz_and_demos_offline(module_page):
    """Every step drawn, a quiz answered wrong then right, two demos (the page is the next test's too)."""
    page, watch = module_page(PAGE)
    show_tab(page, "learn")
    headings = page.locator("[data-testid='panel'] h3").all_inner_texts()
    for title in STEPS:
        assert title in headings, title
    assert headings.index(STEPS[0]) < headings.index(STEPS[-1])
    assert panel(page, "Words you will meet").locator("[data-card]").count() == 5
    assert panel(page, "Suit of swords").locator("[data-card]").count() == 50  # 40 used, 10 removed
    shot(page, "truco-page")

    quiz = panel(page, "A player has 21 points")
    quiz.locator("[data-action-id='malas']").click()
    feedback = quiz.locator("[data-testid='feedback']")
    feedback.filter(has_text="Not quite.").wait_for()
    quiz.locator("[data-action-id='six']").click()
    feedback.filter(has_text="Right!").wait_for()
    assert "6 points into the buenas" in feedback.inner_text()

    ranking = panel(page, "All 40 cards from the strongest")
    ranking.locator("[data-block='rank'] [data-card='1E']").click()
    ranking.locator("[data-testid='feedback']", has_text="still to pick: 1").wait_for()
    ranking.locator("[data-block='rank'] [data-card='1B']").click()
    ranking.locator("[data-testid='feedback']", has_text="Ace of swords beats Ace of clubs.").wait_for()
    chain = panel(page, "Set the two scores")
    box = chain.locator("[data-number-id='score_b']")
    box.fill("27")
    box.dispatch_event("change")
    chain.locator("p", has_text="worth 3 (30 minus").wait_for()
    chain.locator("[data-action-id='call:falta_envido']").click()
    chain.locator("li", has_text="That ends the match.").first.wait_for()
    shot(page, "truco-demos")
    watch.assert_clean()


def act(page, table, action_id: str) -> None:
    """Click the move with this id and wait until the table has answered and stopped animating."""
    lines = table.locator("[data-testid='log'] li").count()
    table.locator(f"[data-action-id='{action_id}']").first.click()
    page.wait_for_function(
        "([root, n]) => root.querySelectorAll(\"[data-testid='log'] li\").length > n"
        " && root.dataset.animating !== '1'",
        arg=[table.element_handle(), lines], timeout=30_000)


def test_table_plays_a_deal_with_envido_and_truco(module_page):
    page, watch = module_page(PAGE)
    show_tab(page, "table")
    table = page.locator("[data-testid='table']")
    table.locator("[data-testid='seed']").fill(str(TABLE_SEED))
    table.locator("[data-testid='new-game']").click()
    table.locator("[data-testid='log'] li", has_text=f"code {TABLE_SEED}.").wait_for()
    clicked: list[str] = []
    for _ in range(20):
        actions = table.locator("[data-testid='actions'] [data-action-id], [data-testid='summary-go']").evaluate_all(
            "nodes => nodes.map(n => n.dataset.actionId)")
        if "next_deal" in actions:
            break
        cards = table.locator("[data-testid='hand'] [data-action-id]").evaluate_all(
            "nodes => nodes.map(n => n.dataset.actionId)")
        choice = next((c for c in ("call:envido", "call:truco") if c in actions and c not in clicked), None)
        choice = choice or ("answer:quiero" if "answer:quiero" in actions else cards[0])
        act(page, table, choice)
        assert table.locator("[data-testid='notice']").inner_text() == ""
        clicked.append(choice)
    assert {"call:envido", "call:truco"} <= set(clicked)
    assert sum(c.startswith("play:") for c in clicked) == 3
    log = table.locator("[data-testid='log']").inner_text()
    for words in ("You call Envido.", "You call Truco.", "the deal and score"):
        assert words in log, words
    shot(page, "truco-table-deal")
    act(page, table, "next_deal")
    table.locator("[data-testid='facts']", has_text="Deal 2").wait_for()
    watch.assert_clean()



# Last, on the page the tests above opened (tests/browser/page_checks.py).
test_the_felt_tells_the_story = story_test(PAGE, "truco")
test_the_deal_is_reviewed_by_keyboard_after_it_is_over = review_test(PAGE, "truco")
test_text_suits_and_focus_rings_keep_their_contrast_at_the_slider_extremes = contrast_test(PAGE)
