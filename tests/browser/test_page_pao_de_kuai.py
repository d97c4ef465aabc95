"""The Pao De Kuai page through Voila in headless Chromium: every step, a quiz, a demo, and a deal
played at the table by clicking (select cards, Play, Pass) until the settlement shows."""

from __future__ import annotations

from cardavia_nb import i18n
from tests.browser.conftest import shot
from tests.browser.harness import show_tab
from tests.browser.pages import cards_in, first_play, log_lines, panel, select, settled
from tests.browser.page_checks import review_test, story_test

NOTEBOOK = "02-pao-de-kuai.ipynb"
SEED = 24  # a short seeded deal: several multi-card plays, at least one forced pass, the deal ends
MAX_MOVES = 40
HEADINGS = ("1. Objective", "2. Setup", "3. Playing a turn", "4. Supported combinations",
            "5. Scoring and ending", "The computer players", "Play")
REASONS = {i18n.translate(k) for k in i18n.catalog("en") if k.startswith("pao_de_kuai.illegal.")
           and "{" not in i18n.catalog("en")[k]}


def test_page_shows_every_step_quiz_and_demo(module_page):
    page, watch = module_page(NOTEBOOK)  # the page is the next test's too
    show_tab(page, "learn")
    text = " ".join(page.locator("[data-testid='panel']").all_inner_texts())
    for heading in HEADINGS:
        assert heading in text, heading
    assert "Move considered" in text and "High plays:" in text  # the explain view of the High player

    quiz = panel(page, "When does the deal end?")
    quiz.locator("[data-action-id='all']").click()
    quiz.locator("[data-testid='feedback']", has_text="Not quite.").wait_for()
    quiz.locator("[data-action-id='first']").click()
    quiz.locator("[data-testid='feedback']", has_text="Right!").wait_for()

    shapes = panel(page, "the engine says which shape they form")
    shapes.locator("[data-card='5H']").first.click()
    shapes.locator("[data-testid='feedback']", has_text="single 5").wait_for()
    shapes.locator("[data-card='5S']").first.click()
    shapes.locator("[data-testid='feedback']", has_text="A legal play: pair of 5s.").wait_for()
    assert "pair of 6s" in shapes.inner_text()

    must = panel(page, "Try a move (the engine decides)")
    must.locator("[data-action-id='pass']").click()
    must.locator("[data-testid='feedback']", has_text="you must").wait_for()
    shot(page, "pao-de-kuai-lesson")
    watch.assert_clean()


def test_table_deal_played_by_clicking_until_the_settlement(module_page):
    page, watch = module_page(NOTEBOOK)
    show_tab(page, "table")
    table = page.locator(".cardavia[data-testid='table']")
    table.locator("[data-testid='seed']").fill(str(SEED))
    before = log_lines(table)
    table.locator("[data-testid='new-game']").click()
    page.wait_for_function(
        """(seed) => [...document.querySelectorAll(".cardavia[data-testid='table'] [data-testid='log'] li")]
            .some(li => li.textContent.includes(`code ${seed}.`))""", arg=SEED, timeout=30_000)
    settled(page, 0)
    held_still_under_the_pointer(page, table)

    checked_reason = passed = multi = moves = 0
    while table.get_attribute("data-over") != "1" and moves < MAX_MOVES:
        before = log_lines(table)
        pass_button = table.locator("[data-testid='actions'] [data-action-id='pass']")
        if pass_button.count():
            assert not table.locator("[data-testid='selection']").count()  # nothing beats: no play offered
            pass_button.click()
            passed += 1
        else:
            hand, top = cards_in(table, "hand"), cards_in(table, "played-")
            if not checked_reason and len({c[:-1] for c in hand}) >= 2:
                odd = [hand[0], next(c for c in hand if c[:-1] != hand[0][:-1])]
                select(table, odd)
                verdict = table.locator("[data-testid='selection-text']")
                page.wait_for_function(
                    """() => !document.querySelector(".cardavia[data-testid='table'] [data-testid='selection-text']")
                        .textContent.startsWith("Selected")""", timeout=15_000)
                assert verdict.inner_text() in REASONS, verdict.inner_text()
                assert table.locator("[data-testid='play-selection']").is_disabled()
                shot(page, "pao-de-kuai-table-illegal-selection")
                table.locator("[data-testid='clear-selection']").click()
                checked_reason = 1
            play = first_play(hand, top)
            select(table, list(play))
            go = table.locator("[data-testid='play-selection']:not([disabled])")
            go.wait_for(state="visible", timeout=15_000)
            go.click()
            multi += len(play) > 1
        settled(page, before)
        assert not table.locator("[data-testid='notice']").inner_text().strip()
        moves += 1
        if multi == 1 and moves == 1:
            shot(page, "pao-de-kuai-table-multi-card-play")

    assert checked_reason and passed >= 1 and multi >= 1
    assert table.get_attribute("data-over") == "1", f"deal not over after {moves} moves"
    result = table.locator("[data-testid='result']")
    result.wait_for()
    payoffs = [int(x) for x in result.locator("[data-testid='points'] tbody tr").evaluate_all(
        "rows => rows.map(r => [...r.querySelectorAll('td.cv-num')].pop().textContent)")]  # the total, or the one source
    assert len(payoffs) == 3 and sum(payoffs) == 0 and any(payoffs)
    assert result.locator("[data-testid='replay']").inner_text() == f"Replay this deal: {SEED}"
    shot(page, "pao-de-kuai-table-settlement")
    watch.assert_clean()


RISE = """(card) => new Promise((done) => {
  const tops = [];
  const step = () => {
    tops.push(card.querySelector('.cv-svg').getBoundingClientRect().top);
    if (tops.length < 8) requestAnimationFrame(step); else done(tops);
  };
  requestAnimationFrame(step);
})"""


def held_still_under_the_pointer(page, table) -> None:
    """A hand card hovered 3 px above its lower edge rises and stays risen: when the whole button rose, the
    pointer fell outside it, the card dropped, was hovered again, and shook under the pointer for good."""
    card = table.locator("[data-testid='hand'] [data-card]").first
    card.evaluate("(card) => card.scrollIntoView({block: 'center'})")
    box = card.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] - 3)
    page.wait_for_timeout(150)
    tops = card.evaluate(RISE)
    assert len(set(tops)) == 1 and tops[0] < box["y"], f"the hovered card moves: its top goes {tops} (at rest {box['y']})"
    page.mouse.move(0, 0)



# Last, on the page the tests above opened (tests/browser/page_checks.py).
test_the_felt_tells_the_story = story_test(NOTEBOOK, "pao_de_kuai")
test_the_deal_is_reviewed_by_keyboard_after_it_is_over = review_test(NOTEBOOK, "pao_de_kuai")
